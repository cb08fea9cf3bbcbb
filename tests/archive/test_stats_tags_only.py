"""``pmn stats --tags-only``: the counts of the tags, from the header scan (issue 15)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from notation.cli.main import pmn

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GOOD = sorted(str(path) for path in EXAMPLES.glob("*.pmn"))


def stats(*args: str) -> tuple[int, dict]:
    result = CliRunner().invoke(pmn, ["stats", "--format", "json", *args])
    return result.exit_code, json.loads(result.stdout)


def test_tags_only_gives_the_full_counts_of_well_formed_games():
    code, full = stats(*GOOD)
    assert code == 0
    code, tags = stats("--tags-only", *GOOD)
    assert code == 0
    assert tags["summary"] == {"games": full["summary"]["games"], "unreadable": 0}
    for table in ("game", "ruleset", "result", "termination"):
        assert tags[table] == full[table], table
    assert "length" not in tags and "length" in full


def test_tags_only_reads_the_result_tag_and_not_the_moves(tmp_path):
    # a movetext the reader cannot read is not read: the tags are still counted
    path = tmp_path / "two.pmn"
    path.write_text(
        '[Game "Wari"]\n[Result "1-0"]\n[Termination "time forfeit"]\n\n1. C {never closed 1-0\n\n'
        '[Game "Trysse"]\n[Rules "trysse skip-origin"]\n[Result "*"]\n\n1. C *\n',
        encoding="utf-8",
    )
    code, full = stats(str(path))
    assert code == 1 and full["summary"]["unreadable"] == 1
    code, tags = stats("--tags-only", str(path))
    assert code == 0
    assert tags["summary"] == {"games": 2, "unreadable": 0}
    assert tags["result"] == {"*": 1, "1-0": 1}
    assert tags["termination"] == {"(none)": 1, "time forfeit": 1}
    assert tags["ruleset"] == {"Trysse trysse skip-origin": 1, "Wari (default)": 1}


def test_tags_only_reads_json_records_too(tmp_path):
    converted = tmp_path / "games.json"
    result = CliRunner().invoke(pmn, ["convert", *GOOD, "-o", str(converted)])
    assert result.exit_code == 0, result.output
    _, from_pmn = stats("--tags-only", *GOOD)
    _, from_json = stats("--tags-only", str(converted))
    assert from_json == from_pmn


def test_tags_only_text_output_has_no_length_table():
    result = CliRunner().invoke(pmn, ["stats", "--tags-only", GOOD[0]])
    assert result.exit_code == 0, result.output
    assert "counted by their tags" in result.stdout
    assert "by length" not in result.stdout and "by result" in result.stdout
