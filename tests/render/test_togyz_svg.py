"""The Togyz Kumalak drawing: 2x9 holes named as players name them, both kazans, tuzdyks marked."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from click.testing import CliRunner
from notation.cli.main import pmn

from notation import find_variant
from notation.render.svg import position_svg, togyz_svg

TOGYZ = find_variant("Togyz Kumalak")
# White owns Black's 4 (X in Black's row), Black owns White's 2; kazans 14 and 15; Black to move
POSITION = "3-X-15-7-14-1-14-3-3/14-14-2-X-12-12-4-13-2/14-15/B"


def groups(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {e.get("data-pit"): e for e in root.iter() if e.get("data-pit")}


def test_every_hole_is_drawn_with_its_count():
    position = TOGYZ.parse_position(POSITION)
    pits = groups(togyz_svg(TOGYZ, position))
    assert sorted(pits) == sorted([f"W{n}" for n in range(1, 10)] + [f"B{n}" for n in range(1, 10)])
    assert pits["W3"].get("data-stones") == "15"
    assert pits["B9"].get("data-stones") == "2"
    assert pits["B1"].get("data-stones") == "14"


def test_tuzdyks_are_marked_with_their_owner():
    position = TOGYZ.parse_position(POSITION)
    svg = togyz_svg(TOGYZ, position)
    pits = groups(svg)
    tuzdyks = {name: e.get("data-owner") for name, e in pits.items() if "tuzdyk" in e.get("class")}
    assert tuzdyks == {"B4": "White", "W2": "Black"}
    assert "White's tuzdyk: on Black's 4; Black's tuzdyk: on White's 2" in svg


def test_both_kazans_and_the_player_to_move():
    position = TOGYZ.parse_position(POSITION)
    root = ET.fromstring(togyz_svg(TOGYZ, position))
    scores = {e.get("data-seat"): e.get("data-count") for e in root.iter() if e.get("data-seat")}
    assert scores == {"White": "14", "Black": "15"}
    assert "Black to move" in ET.tostring(root, encoding="unicode")


def test_the_last_move_is_ringed_and_named():
    position = TOGYZ.initial_position()
    move = TOGYZ.parse_move("8", position)
    after = TOGYZ.play(position, move)
    svg = position_svg(TOGYZ, after, last_move=move, before=position)
    pits = groups(svg)
    assert "last-move" in pits["W8"].get("class")
    assert "Last move: White 87(10)" in svg


def test_show_draws_it(tmp_path):
    path = tmp_path / "game.pmn"
    path.write_text('[Game "Togyz Kumalak"]\n\n1. 87(10) 87(10) 2. 22 99(22) *\n', encoding="utf-8")
    result = CliRunner().invoke(pmn, ["show", str(path), "--to", "svg", "-o", "-"])
    assert result.exit_code == 0, result.output
    # 2... 99(22): Black's 9 sows B9 and White's 1 to 9 (W1: 10 + 1), and captures W9
    pits = groups(result.stdout)
    assert pits["W1"].get("data-stones") == "11"
    assert pits["W9"].get("data-stones") == "0"


def test_the_narrow_drawing_keeps_everything_a_phone_wide():
    """position_svg(narrow=True), the hall recorder's: the same holes, tuzdyks and kazans,
    the kazans above and below the board, 582 units wide (738 beside): 36 px a hole at 360."""
    position = TOGYZ.parse_position(POSITION)
    wide = togyz_svg(TOGYZ, position)
    svg = position_svg(TOGYZ, position, narrow=True)
    root = ET.fromstring(svg)
    assert root.get("viewBox", "").split()[2] == "582"
    assert ET.fromstring(wide).get("viewBox", "").split()[2] == "738"
    pits, before = groups(svg), groups(wide)
    assert {k: e.get("data-stones") for k, e in pits.items()} == {
        k: e.get("data-stones") for k, e in before.items()
    }
    tuzdyks = {name: e.get("data-owner") for name, e in pits.items() if "tuzdyk" in e.get("class")}
    assert tuzdyks == {"B4": "White", "W2": "Black"}
    scores = {e.get("data-seat"): e.get("data-count") for e in root.iter() if e.get("data-seat")}
    assert scores == {"White": "14", "Black": "15"}
    captions = " ".join(e.text or "" for e in root.iter() if e.get("class") == "caption")
    assert "White's tuzdyk: on Black's 4; Black's tuzdyk: on White's 2" in captions
    sizes = [int(e.get("font-size", "0")) for e in root.iter("{http://www.w3.org/2000/svg}text")]
    assert min(sizes) >= 18  # 10.5 px at 360 px
    # a board with no narrow drawing is drawn as on a desk
    wari = find_variant("Wari")
    start = wari.initial_position()
    assert position_svg(wari, start, narrow=True) == position_svg(wari, start)
