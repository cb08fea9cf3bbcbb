"""notation.render.svg: the pictures of positions, checked against hand-worked positions."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from notation import find_variant
from notation.core.replay import iter_mainline, record_variant
from notation.formats.collection import read_path
from notation.games.tricala import PIT_NAMES
from notation.render.svg import position_svg

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

SVG = "{http://www.w3.org/2000/svg}"


def parse(picture: str) -> ET.Element:
    """The drawing as XML (fails the test when it is not well-formed)."""
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    return root


def pits(root: ET.Element) -> dict[str, ET.Element]:
    """Each pit's group, by pit name."""
    return {
        g.get("data-pit", ""): g
        for g in root.iter(f"{SVG}g")
        if g.get("class", "").startswith("pit")
    }


def texts(element: ET.Element, css: str) -> list[str]:
    """The visible texts of a class inside an element."""
    return [t.text or "" for t in element.iter(f"{SVG}text") if t.get("class") == css]


def counts(root: ET.Element) -> dict[str, str]:
    """What each pit shows (Trysse, Wari, Trias): name -> the count written in it."""
    found = {}
    for name, group in pits(root).items():
        assert texts(group, "name") == [name]
        (shown,) = texts(group, "count")
        assert shown == group.get("data-stones")
        found[name] = shown
    return found


def tricala_stones(group: ET.Element) -> dict[str, int]:
    """A Tricala pit's discs: colour letter -> the count written on the disc."""
    found = {}
    for disc in group.iter(f"{SVG}g"):
        if disc.get("class") == "stones":
            (shown,) = texts(disc, "count")
            assert shown == disc.get("data-count")
            found[disc.get("data-colour", "")] = int(shown)
    return found


def scores(root: ET.Element) -> dict[str, int]:
    return {
        g.get("data-seat", ""): int(g.get("data-count", "-1"))
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "score"
    }


def captions(root: ET.Element) -> str:
    """The caption lines under the board, joined (long lines are wrapped)."""
    return " ".join(t.text or "" for t in root.iter(f"{SVG}text") if t.get("class") == "caption")


def marked(root: ET.Element) -> list[str]:
    return [name for name, g in pits(root).items() if "last-move" in g.get("class", "").split()]


# -- Trysse and Wari ------------------------------------------------------------


def test_wari_start_names_every_hole_and_counts_four():
    wari = find_variant("Wari")
    root = parse(position_svg(wari, wari.initial_position()))
    assert counts(root) == {name: "4" for name in "ABCDEFabcdef"}
    assert scores(root) == {"South": 0, "North": 0}
    assert captions(root).endswith("South to move")
    assert marked(root) == []


def test_wari_capture_hand_worked():
    # South's F holds 2: they fall in a (1 -> 2) and b (2 -> 3); b's 3 and a's 2
    # are captured (W3): South 3 + 5 = 8; F, a and b are left empty.
    wari = find_variant("Wari")
    before = wari.parse_position("4-4-4-4-4-2-1-2-4-4-4-4-3-4-S")
    move = wari.parse_move("F", before)
    after = wari.play(before, move)
    root = parse(position_svg(wari, after, last_move=move, before=before, token="F+5"))
    assert counts(root) == {
        "A": "4", "B": "4", "C": "4", "D": "4", "E": "4", "F": "0",
        "a": "0", "b": "0", "c": "4", "d": "4", "e": "4", "f": "4",
    }  # fmt: skip
    assert scores(root) == {"South": 8, "North": 4}
    assert marked(root) == ["F"]
    assert "Last move: South F+5" in captions(root)
    assert captions(root).endswith("North to move")


def test_wari_game_over_shows_the_result():
    wari = find_variant("Wari")
    position = wari.parse_position("1-0-0-0-0-0-0-0-0-0-0-1-25-21-S")
    root = parse(position_svg(wari, position))
    assert captions(root).endswith("Game over: 1-0 (South captured 25 stones)")


def test_trysse_draws_under_its_own_name():
    trysse = find_variant("Trysse")
    root = parse(position_svg(trysse, trysse.initial_position()))
    assert "Trysse (trysse)" in captions(root)


# -- Tricala --------------------------------------------------------------------

TRICALA_NAMES = [f"{row}{'abcdef'[col]}" for row in range(1, 7) for col in range(row)]


def test_tricala_setup_counts_per_colour_hand_worked():
    tricala = find_variant("Tricala", None, {"White": "A", "Black": "B", "Red": "C"})
    position = tricala.initial_position()
    before = position
    for token in ("2b+2b+3b", "2b+3b+4b", "2b+4b+4b"):
        move = tricala.parse_move(token, position)
        before, position = position, tricala.play(position, move)
    root = parse(position_svg(tricala, position, last_move=move, before=before))
    groups = pits(root)
    assert sorted(groups) == sorted(TRICALA_NAMES)
    for name, group in groups.items():
        assert texts(group, "name") == [name]
    assert tricala_stones(groups["2b"]) == {"W": 2, "B": 1, "R": 1}
    assert tricala_stones(groups["3b"]) == {"W": 1, "B": 1}
    assert tricala_stones(groups["4b"]) == {"B": 1, "R": 2}
    assert tricala_stones(groups["1a"]) == {}
    assert groups["2b"].get("data-stones") == "W2B1R1"
    # the colours are told apart by their fill: white, black, red discs
    fills = {
        disc.get("data-colour"): disc.find(f"{SVG}circle").get("fill")  # type: ignore[union-attr]
        for disc in groups["2b"].iter(f"{SVG}g")
        if disc.get("class") == "stones"
    }
    assert len(set(fills.values())) == 3
    assert sorted(marked(root)) == ["2b", "4b"]  # Red's placement
    assert "Last move: Red 2b+4b+4b" in captions(root)
    assert captions(root).endswith("White to move")
    assert scores(root) == {"White": 0, "Black": 0, "Red": 0}


def test_tricala_capture_marks_origin_and_path():
    # The seed's tie example (T12): White's 4b sows its stone into 4c (B1) and
    # captures both: 8 captured each, and each holds one corner: drawn (T9).
    tricala = find_variant("Tricala")
    before = tricala.parse_position("B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 W")
    move = tricala.parse_move("4bx4c", before)
    after = tricala.play(before, move)
    root = parse(position_svg(tricala, after, last_move=move, before=before, token="4bx4c"))
    groups = pits(root)
    assert tricala_stones(groups["1a"]) == {"B": 1}
    assert tricala_stones(groups["6a"]) == {"W": 1}
    assert tricala_stones(groups["4b"]) == {} and tricala_stones(groups["4c"]) == {}
    assert scores(root) == {"White": 8, "Black": 8}
    assert marked(root) == ["4b"]
    (path,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "path"]
    line = path.find(f"{SVG}polyline")
    assert line is not None and len(line.get("points", "").split()) == 2  # 4b, then 4c
    assert "Game over: 1/2-1/2 (White controls 1 corner" in captions(root)


def test_tricala_multi_lap_path_follows_the_engine():
    # 4. ... 4c[WWBBBW]-3c-6fx6d in the two-player example: six stones from 4c
    # up to 3c, turning at the edge down through 4d and 5e to the corner 6f,
    # turning again along the bottom row to 6e and 6d, where they capture
    record = next(read_path(str(EXAMPLES / "tricala-two-players.pmn")))
    tricala = record_variant(record)
    node, before, move = next(
        item for item in iter_mainline(record, tricala) if item[0].token.startswith("4c[")
    )
    after = tricala.play(before, move)
    root = parse(position_svg(tricala, after, last_move=move, before=before, token=node.token))
    (path,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "path"]
    points = path.find(f"{SVG}polyline").get("points", "").split()  # type: ignore[union-attr]
    assert [PIT_NAMES[p] for p in move.path] == ["3c", "4d", "5e", "6f", "6e", "6d"]
    assert len(points) == 7  # the origin, then every pit sown
    assert marked(root) == ["4c"]


# -- Trias ----------------------------------------------------------------------


def test_trias_names_every_hole():
    trias = find_variant("Trias")
    root = parse(position_svg(trias, trias.initial_position()))
    names = {f"{rank}{file}" for rank in "123" for file in "abcdefghijkl"}
    assert counts(root) == {name: "4" for name in names}
    assert scores(root) == {"South": 0, "North": 0}


def test_trias_relay_move_hand_worked():
    # South empties 1a (4 stones): 1b-1e, 1e held 4: relay 5 to 1f-1j; 1j: relay
    # 5 to 1k, 1l, 2l, 2k, 2j; 2j: relay 5 to 2i-2e; 2e: relay 5 to 2d, 2c, 2b,
    # 2a and 1a, which is empty and in South's row: that stone is removed (R4).
    trias = find_variant("Trias")
    before = trias.initial_position()
    move = trias.parse_move("1a", before)
    after = trias.play(before, move)
    root = parse(position_svg(trias, after, last_move=move, before=before))
    shown = counts(root)
    empty = {"1a", "1e", "1j", "2j", "2e"}
    for name, count in shown.items():
        expected = "4" if name[0] == "3" else "0" if name in empty else "5"
        assert count == expected, name
    assert scores(root) == {"South": 1, "North": 0}
    assert marked(root) == ["1a"]
    assert "Last move: South 1a" in captions(root)
    assert captions(root).endswith("North to move")


# -- Kalah ----------------------------------------------------------------------


def test_kalah_start_names_every_pit_and_both_stores():
    kalah = find_variant("Kalah")
    root = parse(position_svg(kalah, kalah.initial_position()))
    assert counts(root) == {name: "4" for name in "ABCDEFabcdef"}
    assert scores(root) == {"South": 0, "North": 0}
    assert captions(root).endswith("South to move")


def test_kalah_capture_hand_worked():
    # South's B (1 seed) falls in its empty C; d opposite holds 4: 4 + 1 go to South's
    # store (K4), leaving B, C and d empty; North moves next
    kalah = find_variant("Kalah")
    before = kalah.parse_position("4-1-0-4-4-4-0-4-4-4-4-4-4-7-S")
    move = kalah.parse_move("B", before)
    root = parse(position_svg(kalah, kalah.play(before, move), last_move=move, before=before))
    assert counts(root) == {
        "A": "4", "B": "0", "C": "0", "D": "4", "E": "4", "F": "4",
        "a": "4", "b": "4", "c": "4", "d": "0", "e": "4", "f": "4",
    }  # fmt: skip
    assert scores(root) == {"South": 5, "North": 7}
    assert marked(root) == ["B"]
    assert "Last move: South B+5" in captions(root)
    assert captions(root).endswith("North to move")


# -- any board ------------------------------------------------------------------


def test_a_game_without_a_drawing_is_drawn_as_its_diagram():
    """A game that declares no drawing (a plugin, a new module) still gets a picture."""

    class Plain:
        game = "Plain"
        seats = ("South", "North")
        board = "plain"

        def diagram(self, position):
            return "a <b> c\n1 2 3"

        def outcome(self, position):
            return None

        def to_move(self, position):
            return 1

    picture = position_svg(Plain(), None)  # type: ignore[arg-type]
    parse(picture)
    assert "a &lt;b&gt; c" in picture and "1 2 3" in picture
    assert "North to move" in picture


def test_each_board_family_is_drawn_by_the_drawing_render_registers_for_it():
    """The renderer keeps the drawings, by board family; no game names a renderer."""
    from notation.games import games
    from notation.render import svg

    for game in games(plugins=False):
        assert game.board in svg.DRAWINGS, game.names
        assert not hasattr(game, "drawing"), game.names
    wari = find_variant("Wari")
    assert position_svg(wari, wari.initial_position()) == svg.wari_svg(
        wari, wari.initial_position()
    )


def test_a_plugin_registers_the_drawing_of_its_board_family(monkeypatch):
    from notation.render import svg

    monkeypatch.setattr(svg, "DRAWINGS", dict(svg.DRAWINGS))

    class Hex:
        board = "hex"

    def hex_svg(variant, position, **given):
        return f"<svg>{type(variant).__name__} {position} {sorted(given)}</svg>"

    svg.register_drawing("hex", hex_svg)
    assert position_svg(Hex(), 7) == "<svg>Hex 7 ['before', 'last_move', 'token']</svg>"  # type: ignore[arg-type]


def test_record_text_in_a_token_is_escaped():
    wari = find_variant("Wari")
    before = wari.initial_position()
    move = wari.parse_move("C", before)
    picture = position_svg(wari, wari.play(before, move), last_move=move, token="<C&>")
    parse(picture)
    assert "&lt;C&amp;&gt;" in picture


def test_library_does_not_import_the_pictures():
    code = (
        "import sys, notation, notation.core.replay, notation.formats.collection;"
        "print(any(m in sys.modules for m in ('notation.render.svg', 'notation.render.html')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
