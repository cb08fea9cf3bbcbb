"""PlayOK's exports read as they are (no Game tag, ``87(10)`` tokens, movetext wrapped
anywhere, ``{zero}``), ruling N5's ``Termination "unknown"``, the sniff of ``.txt`` files,
and the writer that gives PlayOK's layout back. The game here is Wari, named with
``--variant`` (any registered game reads this way), in an export written by hand in
PlayOK's layout (invented tags); Togyz Kumalak's exports, made by the rules engine
(tests/playok_exports.py), are tested in tests/archive/test_playok_games.py, and real
ones in tests/formats/test_real_records.py."""

from __future__ import annotations

import io
import random
from dataclasses import replace

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.core.generate import random_record
from notation.core.replay import validate_record
from notation.formats.collection import read_path
from notation.formats.playok import format_playok, read_playok
from notation.formats.registry import format_for_path, sniff, sniff_file
from notation.games import find_variant
from tests.playok_exports import SITE, make_export

#: The Site tag pair of PlayOK's exports (its value built from parts, see
#: tests/playok_exports.py): the sniff of ``.txt`` files looks for it.
SITE_TAG = f'[Site "{SITE}"]'

#: A Wari game in PlayOK's layout that the rules had not ended (a resignation, PlayOK
#: does not say), then one the rules ended, wrapped at 59 columns as PlayOK wraps.
EXPORT = f"""[Event "5123456"]
{SITE_TAG}
[Date "2023.05.14"]
[Round "1"]
[South "tasbori41"]
[North "kumjel77"]
[Result "1-0"]
[TimeControl "600"]
[WhiteElo "1200"]

1. C b 2. E f 3. A a 4. E a 1-0

[Event "5123456"]
{SITE_TAG}
[Round "2"]
[Result "0-1"]

1. A a 2. B c 3. B d 4. C e 5. B f 6. A b+3 7. E f+5 8. D
f+2 9. F c+5 10. E e+3 11. C a 12. A d+10 0-1 {{zero}}
"""


def test_an_export_reads_with_its_tags_and_the_game_named():
    first, second = read_playok(EXPORT, "x.txt", game="wari")
    assert not first.damaged and not second.damaged
    assert first.tags[0] == ("Game", "Wari")
    names = [name for name, _ in first.tags]
    # every tag kept in its place; N5's Termination right after the Result tag
    assert names == [
        "Game", "Event", "Site", "Date", "Round", "South", "North", "Result",
        "Termination", "TimeControl", "WhiteElo",
    ]  # fmt: skip
    assert first.tag("Termination") == "unknown"
    assert (first.line, second.line) == (1, 13)
    # "8." at the end of a line numbers the move on the next one
    assert [(n.number, n.token) for n in second.mainline.moves][14:16] == [
        ("8.", "D"),
        (None, "f+2"),
    ]


def test_n5_unknown_termination_keeps_a_result_the_rules_had_not_decided():
    first, second = read_playok(EXPORT, "x.txt", game="wari")
    assert first.tag("Termination") == second.tag("Termination") == "unknown"
    report = validate_record(first)
    assert report.valid and report.outcome is None  # 1-0 after 8 moves: kept, under N5
    report = validate_record(second)
    assert report.valid and report.outcome is not None  # ended by the rules: checked


def test_without_the_n5_tag_the_early_result_is_refused():
    first, _ = read_playok(EXPORT, "x.txt", game="wari")
    bare = first.__class__(
        tuple(t for t in first.tags if t[0] != "Termination"), first.mainline, first.result
    )
    assert [p.code for p in validate_record(bare).problems] == ["unfinished"]


def test_unknown_termination_does_not_hide_a_result_the_rules_contradict():
    _, second = read_playok(EXPORT, "x.txt", game="wari")
    wrong = replace(second, result="1-0").with_tag("Result", "1-0")
    assert [p.code for p in validate_record(wrong).problems] == ["wrong-result"]


def test_a_game_still_going_declares_no_termination():
    (record,) = read_playok(SITE_TAG + '\n[Result "*"]\n\n1. C b *\n', "x.txt", game="wari")
    assert record.tag("Termination") is None


def test_zero_is_kept_and_a_round_trip_gives_the_same_text():
    records = read_playok(EXPORT, "x.txt", game="wari")
    assert records[1].mainline.moves[-1].comments == ("zero",)
    # the tags the reader put in (Game "Wari" is not PlayOK's default game: kept) aside
    written = "\n".join(format_playok(r) for r in records)
    assert written.replace('[Game "Wari"]\n', "") == EXPORT


def test_a_capture_total_in_parentheses_is_part_of_the_token():
    # Togyz Kumalak's tokens, from a game the rules engine played: read as one token each,
    # not a move followed by a variation, whatever the game named
    tokens = next(
        game.tokens
        for game in make_export("tokens", events=2).games
        if any("(" in t for t in game.tokens) and any(t.endswith("X") for t in game.tokens)
    )
    moves = " ".join(
        (f"{i // 2 + 1}. " if i % 2 == 0 else "") + token for i, token in enumerate(tokens)
    )
    text = f'{SITE_TAG}\n[Result "0-1"]\n\n{moves} 0-1 {{zero}}\n'
    (record,) = read_playok(text, "t.txt", game="wari")
    assert tuple(n.token for n in record.mainline.moves) == tokens
    assert not any(n.variations for n in record.mainline.moves)


def test_a_damaged_game_is_reported_in_place_and_the_next_is_read():
    text = EXPORT.replace("4. E a 1-0", "4. E a#\n 1-0")
    first, second = read_playok(text, "x.txt", game="wari")
    assert first.damaged and (first.errors[0].line, first.errors[0].column) == (11, 28)
    assert 'cannot read "#"' in first.errors[0].message
    assert first.raw is not None and "a#" in first.raw
    assert not second.damaged


def test_a_missing_result_is_an_error():
    (record,) = read_playok(SITE_TAG + "\n\n1. C b\n", "x.txt", game="wari")
    assert [e.code for e in record.errors] == ["missing-result"]


def test_random_games_round_trip_through_the_writer():
    variant = find_variant("Wari")
    for seed in range(20):
        record = random_record(variant, random.Random(seed), tags=[("Site", SITE)], max_moves=30)
        text = format_playok(record)
        assert all(len(line) <= 59 for line in text.splitlines()[:-1])
        (back,) = read_playok(text, "r.txt", game="wari")
        assert back.mainline == record.mainline and back.result == record.result


# -- which reader: the sniff of .txt ----------------------------------------------------


def test_txt_is_shared_and_sniffed():
    assert format_for_path("games.txt") is None  # PMN or PlayOK: the first bytes say
    assert sniff(EXPORT.encode()).name == "playok"
    site = SITE_TAG.encode()
    assert sniff(b'[Game "Wari"]\n' + site + b"\n\n1. C *\n").name == "pmn"  # converted
    assert sniff(b'[Event "x"]\n[Site "Club"]\n\n1. C *\n').name == "pmn"
    assert sniff(b'\xef\xbb\xbf[Event "1"]\r\n' + site + b"\r\n\r\n1. C b 1-0\r\n").name == "playok"


def test_a_txt_file_is_read_by_what_it_holds(tmp_path):
    export = tmp_path / "playok.txt"
    export.write_text(EXPORT)
    plain = tmp_path / "games.txt"
    plain.write_text('[Game "Wari"]\n\n1. C b *\n')
    assert sniff_file(str(export)).name == "playok"
    assert [r.tag("Game") for r in read_path(str(export), game="Oware")] == ["Wari", "Wari"]
    assert [r.tag("Rules") for r in read_path(str(export), game="Oware")] == ["abapa", "abapa"]
    assert [r.tag("Game") for r in read_path(str(plain))] == ["Wari"]


def test_validate_and_convert_take_variant_for_an_export(tmp_path):
    export = tmp_path / "playok.txt"
    export.write_text(EXPORT)
    runner = CliRunner()
    result = runner.invoke(pmn, ["validate", "--variant", "wari", str(export)])
    assert result.exit_code == 0, result.output
    assert "2 games: 2 valid, 0 invalid" in result.output
    result = runner.invoke(
        pmn, ["convert", "--variant", "wari", str(export), "-o", str(tmp_path / "out.pmn")]
    )
    assert result.exit_code == 0, result.output
    converted = (tmp_path / "out.pmn").read_text()
    # ruling N5: only on the first game; the rules ended the second (its result is theirs)
    assert converted.count('[Termination "unknown"]') == 1 and "{zero}" in converted
    result = runner.invoke(pmn, ["validate", str(tmp_path / "out.pmn")])
    assert result.exit_code == 0, result.output  # the PMN file holds what N5 needs
    back = runner.invoke(pmn, ["convert", str(tmp_path / "out.pmn"), "--to", "playok"])
    assert back.exit_code == 0, back.output
    assert back.stdout.replace('[Game "Wari"]\n', "") == EXPORT


def test_variant_is_refused_for_a_record_file_that_names_its_game(tmp_path):
    plain = tmp_path / "games.pmn"
    plain.write_text('[Game "Wari"]\n\n1. C b *\n')
    result = CliRunner().invoke(pmn, ["validate", "--variant", "wari", str(plain)])
    assert result.exit_code == 2
    assert "--variant applies to" in result.output and "PlayOK" in result.output


def test_variant_names_a_known_game(tmp_path):
    export = tmp_path / "playok.txt"
    export.write_text(EXPORT)
    result = CliRunner().invoke(pmn, ["validate", "--variant", "chess", str(export)])
    assert result.exit_code == 2 and 'unknown game "chess"' in result.output


def test_an_export_from_standard_input(tmp_path):
    result = CliRunner().invoke(pmn, ["validate", "--variant", "wari", "-"], input=EXPORT)
    assert result.exit_code == 0, result.output


def test_writer_refuses_what_playok_cannot_hold():
    from notation.formats.playok import PlayOKWriteError
    from notation.formats.pmn import read_text

    (record,) = read_text('[Game "Wari"]\n\n1. C (1. D) b *\n')
    with pytest.raises(PlayOKWriteError, match="variation"):
        format_playok(record)


def test_streamed_bytes_read_the_same():
    from notation.formats.playok import read_stream

    streamed = list(read_stream(io.BytesIO(EXPORT.encode()), "s.txt", "wari"))
    assert streamed == read_playok(EXPORT, "s.txt", game="wari")
