"""pmn record, driven through standard input as a recorder at the board would type."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from notation.cli.main import pmn

from notation import read_text, validate_record

TAGS = "Wari\n\nClub night\nHain\n2026.11.22\n1\nAda\nKofi\n"


def run(path: Path, lines: str, *extra: str):
    return CliRunner().invoke(pmn, ["record", *extra, str(path)], input=lines)


def test_record_a_game_with_errors_comments_undo_and_resignation(tmp_path):
    path = tmp_path / "live.pmn"
    typed = TAGS + "C\nG\nb\ncomment solid\nA\nundo\nF\nend resignation 1-0\n"
    result = run(path, typed)
    assert result.exit_code == 0, result.output
    # an illegal token is refused with the reason and the legal moves, and nothing is lost
    assert '"G" is not a move in Wari' in result.output
    assert "legal: a, b, c, d, e, f" in result.output
    assert "took back A" in result.output
    record = read_text(path.read_text())[0]
    assert record.tag("Event") == "Club night" and record.tag("South") == "Ada"
    assert [m.token for m in record.mainline.moves] == ["C", "b", "F"]
    assert record.mainline.moves[1].comments == ("solid",)
    assert record.tag("Termination") == "resignation"
    assert validate_record(record).valid


def test_the_file_is_valid_after_every_move_and_resume_carries_on(tmp_path):
    path = tmp_path / "live.pmn"
    result = run(path, TAGS + "C\nb\n")  # input ends: the recorder saves and stops
    assert result.exit_code == 0
    record = read_text(path.read_text())[0]
    assert [m.token for m in record.mainline.moves] == ["C", "b"]
    assert record.result == "*" and validate_record(record).valid
    result = run(path, "A\nsave\n", "--resume")
    assert result.exit_code == 0
    assert "2 moves so far" in result.output
    assert [m.token for m in read_text(path.read_text())[0].mainline.moves] == ["C", "b", "A"]


def test_result_is_filled_in_when_the_rules_end_the_game(tmp_path):
    path = tmp_path / "end.pmn"
    path.write_text('[Game "Trysse"]\n[Position "5-5-5-5-5-1-1-1-1-0-0-0-19-0-S"]\n\n*\n')
    result = run(path, "F\n", "--resume")
    assert "Game over: 1-0" in result.output
    record = read_text(path.read_text())[0]
    assert record.result == "1-0" and record.tag("Result") == "1-0"
    assert [m.token for m in record.mainline.moves] == ["F+2"]
    assert validate_record(record).valid


def test_end_with_a_contradictory_result_is_refused(tmp_path):
    path = tmp_path / "live.pmn"
    result = run(path, TAGS + "C\nend resignation 1/2-1/2\nend boredom 1-0\nsave\n")
    assert "a game ended by resignation has a winner" in result.output
    assert "end REASON RESULT" in result.output
    assert read_text(path.read_text())[0].result == "*"


def test_refuses_to_overwrite_and_to_resume_nothing(tmp_path):
    path = tmp_path / "live.pmn"
    path.write_text('[Game "Wari"]\n\n*\n')
    assert run(path, "").exit_code == 2
    assert run(tmp_path / "none.pmn", "", "--resume").exit_code == 2


def test_tricala_asks_for_players(tmp_path):
    path = tmp_path / "tri.pmn"
    typed = "Tricala\n3\n\n\n\n\n\nAnn\nBob\nCy\nshow\nsave\n"  # Game, Players, Rules, ...
    result = run(path, typed)
    assert result.exit_code == 0, result.output
    record = read_text(path.read_text())[0]
    assert [record.tag(s) for s in ("White", "Black", "Red")] == ["Ann", "Bob", "Cy"]


def test_resume_sniffs_the_file_as_every_command_does(tmp_path):
    # a PlayOK export named .txt (no Game tag; 87(10) tokens): before, read as PMN text and
    # refused for a missing Game tag; now named for what it is, with the way on
    from tests.playok_exports import make_export

    path = tmp_path / "export.txt"
    path.write_text(make_export(1, events=1, casual=1).text, encoding="utf-8")
    before = path.read_bytes()
    result = run(path, "", "--resume")
    assert result.exit_code == 1
    assert "in the playok format, not PMN text" in result.output
    assert f"pmn convert {path} -o game.pmn" in result.output
    assert path.read_bytes() == before


def test_a_game_typed_by_another_name_is_written_by_its_own(tmp_path):
    """The alias togyz was written as [Game "togyz"]: the game's name is written."""
    for typed, written in (("togyz", "Togyz Kumalak"), ("oware", "Oware"), ("WARI", "Wari")):
        path = tmp_path / f"{typed}.pmn"
        tags = f"{typed}\n\nClub night\nHain\n2026.11.22\n1\nAda\nKofi\n"
        result = run(path, tags)
        assert result.exit_code == 0, result.output
        (record,) = read_text(path.read_text(encoding="utf-8"))
        assert record.tag("Game") == written, (typed, record.tags)


def test_the_words_players_use_end_and_stop_a_game(tmp_path):
    """resign, quit and exit were read as moves, and end resign 1-0 was refused (only
    resignation was a reason)."""
    for typed, termination, result in (
        ("end resign 1-0", "resignation", "1-0"),
        ("resign 0-1", "resignation", "0-1"),
        ("end draw 1/2-1/2", "agreement", "1/2-1/2"),
        ("end flag 1-0", "time", "1-0"),
    ):
        path = tmp_path / f"{termination}-{result.replace('/', '')}.pmn"
        done = run(path, TAGS + f"C\nb\n{typed}\n")
        assert done.exit_code == 0, done.output
        assert "not a move" not in done.output and "not accepted" not in done.output, typed
        (record,) = read_text(path.read_text())
        assert (record.tag("Termination"), record.result) == (termination, result), typed
        assert validate_record(record).valid
    for word in ("quit", "exit", "QUIT"):
        path = tmp_path / f"{word}.pmn"
        done = run(path, TAGS + f"C\n{word}\nb\n")
        assert done.exit_code == 0, done.output
        assert "not a move" not in done.output, word
        (record,) = read_text(path.read_text())
        assert [m.token for m in record.mainline.moves] == ["C"], word  # stopped at quit
        assert record.result == "*"
