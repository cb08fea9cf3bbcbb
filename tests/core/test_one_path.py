"""One registry, one walk, one replay: every command treats every game and numbering alike.

Each test here failed on the code before the consolidation (issue 11; issue 12
item 14): hole numbering honoured by validate only, ``[Pits "bogus"]`` valid on
the fast path, Oware refused by OGN, fmt renumbering a wrong move number.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation import read_text, validate_record
from notation.core.record import MAINLINE, Line, MoveNode, path_steps, path_text, walk
from notation.formats.canonical import canonical_record
from notation.formats.pmn import iter_chunks
from notation.formats.validate import validate_chunk
from notation.games import find_game, find_variant, game_names, games, games_with_format

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

NUMBERED = """[Game "Wari"]
[Pits "numbers"]
[South "Ada"]
[North "Kofi"]
[Result "1-0"]
[Termination "resignation"]

1. 3 8 2. 5 12 3. 1 7 4. 5 7 5. 3 12+2 6. 2 11+3 7. 2 7 8. 1 12 9. 4 7 10. 2 8
11. 5 12+2 12. 1 11 13. 1 9 14. 6 12 15. 5+4 9 1-0
"""

BOGUS = """[Game "Wari"]
[Pits "bogus"]
[South "Ada"]
[North "Kofi"]
[Result "*"]

1. C b *
"""

OWARE = """[Game "Oware"]
[South "Ada"]
[North "Kofi"]
[Result "*"]

1. C b 2. E f *
"""


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(pmn, list(args), input=input, catch_exceptions=False)
    return result.exit_code, result.output


# -- the registry ----------------------------------------------------------------


def test_every_list_of_games_comes_from_the_registry():
    names = game_names()
    for cls in games():
        for name in cls.names:
            assert name in names
            assert find_game(name.upper()) is cls  # case-insensitive
    # Oware is a name of the 2x6 board, with its numberings and formats
    oware = find_game("Oware")
    assert oware.numberings and "ogn" in oware.formats
    assert "Oware" in games_with_format("ogn")


def test_an_unknown_game_names_the_known_ones():
    with pytest.raises(ValueError, match=r"the games: .*Oware"):
        find_variant("Bao")


def test_help_names_every_registered_game():
    code, out = run("--help")
    assert code == 0
    for name in game_names():
        assert name in out


# -- hole numbering in every command ------------------------------------------------


def test_a_bogus_pits_tag_is_invalid_by_every_route(tmp_path):
    assert not validate_record(read_text(BOGUS)[0]).valid
    assert not validate_chunk(next(iter_chunks([BOGUS]))).valid
    path = tmp_path / "bogus.pmn"
    path.write_text(BOGUS, encoding="utf-8")
    code, out = run("validate", str(path))
    assert code == 1 and "INVALID" in out


@pytest.mark.parametrize(
    "args",
    [
        ("validate",),
        ("show",),
        ("show", "--move", "5"),
        ("moves",),
        ("render", "-o", "{out}.html"),
        ("show", "-o", "{out}.svg"),
    ],
)
def test_a_numbered_record_is_read_by_every_command(tmp_path, args):
    path = tmp_path / "numbered.pmn"
    path.write_text(NUMBERED, encoding="utf-8")
    out = str(tmp_path / "out")
    code, text = run(args[0], str(path), *(a.format(out=out) for a in args[1:]))
    assert code == 0, text


def test_show_names_the_last_move_as_the_record_wrote_it(tmp_path):
    path = tmp_path / "numbered.pmn"
    path.write_text(NUMBERED, encoding="utf-8")
    code, text = run("show", str(path), "--move", "10")  # 5. 3 12+2: the 10th move is 12+2
    assert code == 0, text
    assert "12+2" in text


def test_fmt_keeps_a_numbered_record_in_its_own_numbering(tmp_path):
    record = read_text(NUMBERED)[0]
    canonical, issues = canonical_record(record)
    assert not issues
    assert canonical.tag("Pits") == "numbers"
    assert [node.token for node in canonical.mainline.moves][:4] == ["3", "8", "5", "12"]
    assert validate_record(canonical).valid


def test_an_oware_record_converts_to_ogn_and_back(tmp_path):
    """[Game "Oware"] plays abapa: OGN names it "Oware Abapa", and it reads back as the same game."""
    path = tmp_path / "oware.pmn"
    path.write_text(OWARE, encoding="utf-8")
    ogn = tmp_path / "oware.ogn"
    code, text = run("convert", str(path), "-o", str(ogn))
    assert code == 0, text
    assert ogn.read_text(encoding="utf-8").startswith('[Variant "Oware Abapa"]')
    back = read_text(run("convert", str(ogn), "--to", "pmn")[1])[0]
    assert find_variant(back.tag("Game"), back.tag("Rules")).rules == "abapa"
    assert back.mainline == read_text(OWARE)[0].mainline
    assert validate_record(back).valid


# -- one replay: fmt never changes a verdict ---------------------------------------


def test_fmt_leaves_a_wrong_move_number_as_written():
    """``1. C b 3. A a``: a wrong number is often the only sign of a move left out (issue 12 item 14)."""
    text = '[Game "Wari"]\n[Result "*"]\n\n1. C b 3. A a *\n'
    record = read_text(text)[0]
    assert not validate_record(record).valid
    canonical, issues = canonical_record(record)
    assert issues and "move number" in issues[0].message
    assert [node.number for node in canonical.mainline.moves] == ["1.", None, "3.", None]
    assert not validate_record(canonical).valid


def test_json_report_of_validate_and_the_library_agree_on_every_example():
    for path in sorted(EXAMPLES.glob("*.pmn")):
        code, out = run("validate", "--format", "json", "-j", "1", str(path))
        assert code in (0, 1)
        reports = json.loads(out)["games"]
        records = read_text(path.read_text(encoding="utf-8"), source=str(path))
        assert [r["valid"] for r in reports] == [validate_record(r).valid for r in records]


# -- the one walk --------------------------------------------------------------------


def test_walk_visits_in_text_order_and_carries_the_state_into_variations():
    # 1. A (1. B b) a 2. C: the variation replaces A, so it starts from A's state
    line = Line(
        (
            MoveNode("A", "1.", variations=(Line((MoveNode("B", "1."), MoveNode("b"))),)),
            MoveNode("a"),
            MoveNode("C", "2."),
        )
    )
    seen: list[tuple[str, int]] = []

    def visit(node, state, path, index):
        seen.append((node.token, state))
        return node, state + 1

    walked = walk(line, 0, visit)
    assert seen == [("A", 0), ("B", 0), ("b", 1), ("a", 1), ("C", 2)]
    assert walked.line is line  # nothing changed: no copy
    assert walked.state == 3 and walked.completed


def test_walk_keeps_the_rest_of_a_stopped_line_as_written():
    line = Line((MoveNode("A"), MoveNode("x"), MoveNode("B")))

    def visit(node, state, path, index):
        if node.token == "x":
            return None
        return MoveNode(node.token.lower()), state

    walked = walk(line, None, visit)
    assert [n.token for n in walked.line.moves] == ["a", "x", "B"]
    assert walked.played == 1 and not walked.completed


def test_walk_needs_no_recursion_for_deep_variations():
    line = Line((MoveNode("A"),))
    for _ in range(20_000):
        line = Line((MoveNode("A", variations=(line,)),))
    count = 0

    def visit(node, state, path, index):
        nonlocal count
        count += 1
        return node, state

    assert walk(line, None, visit).line is line
    assert count == 20_001
    assert path_text(MAINLINE) == "moves" and path_steps(MAINLINE) == ()


def test_tree_paths_are_numbers_and_their_text_is_for_display():
    """A walk gives each line's place as numbers, ``(parent, move, variation)``: read by
    :func:`path_steps`, written out by :func:`path_text` for display only."""
    inner = Line((MoveNode("c"),))
    variation = Line((MoveNode("b", variations=(inner,)),))
    line = Line((MoveNode("A"), MoveNode("B", variations=(variation,))))
    seen = {}

    def visit(node, state, path, index):
        seen[node.token] = (path, index)
        return node, state

    walk(line, None, visit)
    assert seen["A"] == (MAINLINE, 0) and seen["B"] == (MAINLINE, 1)
    path, index = seen["c"]
    assert path == ((MAINLINE, 1, 0), 0, 0) and index == 0
    assert path_steps(path) == ((1, 0), (0, 0))
    assert path_text(path, index) == "moves[1].variations[0][0].variations[0][0]"


def test_the_recorder_resumes_a_numbered_record_and_keeps_its_numbering(tmp_path):
    path = tmp_path / "numbered.pmn"
    text = NUMBERED.replace('[Result "1-0"]\n[Termination "resignation"]\n', '[Result "*"]\n')
    text = text.replace(" 1-0\n", " *\n")
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(pmn, ["record", "--resume", str(path)], input="A\nsave\n")
    assert result.exit_code == 0, result.output
    saved = read_text(path.read_text(encoding="utf-8"))[0]
    assert saved.tag("Pits") == "numbers"
    tokens = [node.token for node in saved.mainline.moves]
    assert tokens[:4] == ["3", "8", "5", "12"] and tokens[-1] == "1"  # South's A is hole 1
    assert validate_record(saved).valid


def test_a_move_after_the_end_is_game_over_whatever_its_number():
    """Issue 12 item 6: with a seat skipped (T10) the number a recorder writes after the
    end need not be the one the replay expects; the rules' verdict is game-over (N2)."""
    import random

    from notation.core.generate import random_record

    wari = find_variant("Wari")
    record = random_record(wari, random.Random(7))
    assert validate_record(record).outcome is not None  # played to the end
    for number in ("99.", None, "1..."):
        late = Line((*record.mainline.moves, MoveNode("A", number)))
        report = validate_record(type(record)(record.tags, late, record.result), index=1)
        assert [p.code for p in report.problems] == ["game-over"], number
