"""The rulings are the project's own: every ruling id the code, its messages and the
documentation cite (``# ruling T6``, ``(N4)``, ``rulings Q1-Q11``) is defined in docs/,
once, in the chapter of its game (the record-level N ids in docs/pmn.md), and no file of
the project sends its reader to a rule text outside the repository.

A definition is a line of docs/ that starts with the id: a table row ``| T6 | ...`` or
a list item ``- **T6** ...``. A citation is an id of a ruling family (the letter of
its game, then its number) standing as a word, in these places:

- in prose (Markdown outside code, Python source: comments, docstrings, messages),
  every such id; a range (``Q1-Q11``, ``K1``–``K9``, ``T1``…``T12``) stands for each id
  in it, and a clause (``Q6a``, ``T8(b)``) for its ruling;
- in inline code only a span in single backticks that is an id or a comment citing
  one (`` `# ruling W3` ``): other code is moves, positions, holes and file names,
  where ``W1`` is a pit holding one White stone;
- in a fenced block (transcripts, records, tables of numbers) only an id after
  ``ruling``/``rule``/``abapa`` or in brackets (``no game in it (ruling N4)``,
  ``(Q10)``), as messages cite them;
- never glued to a comma (``-,W1,B1,-``, a Tricala position's cells), nor after ``!``
  (``'=cmd|' /C calc'!A1``, a spreadsheet formula's cell).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

#: Where each family of rulings is defined: its game's chapter.
HOMES = {
    "T": "tricala.md",  # Tricala
    "R": "trias.md",  # Trias
    "W": "pmn.md",  # Trysse and Wari, the specification's own game
    "Q": "togyz-kumalak.md",  # Togyz Kumalak
    "K": "kalah.md",  # Kalah
    "A": "oware.md",  # Oware Abapa
    "N": "pmn.md",  # records, whatever the game
}
_LETTER = "[" + "".join(HOMES) + "]"
#: A ruling id standing as a word, a clause letter allowed (Q6a), not glued to a comma
#: (a position's cells: ``-,W1,B1,-``) nor after ``!`` (a spreadsheet's cell, ``Sheet!A1``);
#: group 1 is the id.
ID_RE = re.compile(rf"(?<![,!\w])({_LETTER}[0-9]{{1,2}})[a-d]?\b(?!,\S)")
#: A range of one family: Q1-Q11, K1–K9, T1…T12, R1 to R9.
RANGE_RE = re.compile(
    rf"(?<![,!\w])({_LETTER})([0-9]{{1,2}})\s*(?:-|–|…|\.\.\.?|to)\s*\1([0-9]{{1,2}})\b(?!,\S)"
)
#: An id cited the way messages cite one: after "ruling", "rule" or "abapa", or first in
#: brackets, with the ids listed after it (ruling N1/N2, (T2, T3, T9), (abapa A6, A7)).
_LIST = rf"{_LETTER}[0-9]{{1,2}}[a-d]?(?:\s*(?:,|/|;|and|or|-|–)\s*(?:abapa\s+)?{_LETTER}[0-9]{{1,2}}[a-d]?)*"
EXPLICIT_RE = re.compile(rf"(?:\b(?i:rulings?|rules?|abapa)\s+|\(\s*)({_LIST})\b")
#: Inline code that cites: an id, or a comment naming one (`# ruling W3`). A reST literal
#: (double backticks) never does: the docstrings' ``W1`` is a hole, ``Q7`` a bad token.
CODE_CITE_RE = re.compile(rf"(?:#\s*(?:rulings?|rules?|abapa)\s+)?{_LETTER}[0-9]{{1,2}}")
CODE_SPAN_RE = re.compile(r"``([^`\n]+)``|`([^`\n]+)`")
FENCE_RE = re.compile(r"^\s*(```|~~~)")
#: A definition: a table row or a bold list item that starts with the id.
DEFINITION_RE = re.compile(r"^(?:\|\s*([A-Z][0-9]{1,2})\s*\||\s*- \*\*([A-Z][0-9]{1,2})\*\*)")


def ids_in(text: str) -> list[str]:
    """The ruling ids a piece of prose names, each range expanded."""
    found: list[str] = []
    for match in RANGE_RE.finditer(text):
        letter, low, high = match.group(1), int(match.group(2)), int(match.group(3))
        found.extend(f"{letter}{n}" for n in range(low, high + 1) if low < high)
    rest = RANGE_RE.sub(" ", text)
    found.extend(match.group(1) for match in ID_RE.finditer(rest))
    return found


def _code_span(match: re.Match[str]) -> str:
    """Keep a code span that cites a ruling (as its plain text), drop any other."""
    code = match.group(2)
    return f" {code} " if code and CODE_CITE_RE.fullmatch(code.strip()) else " "


def cited_in_line(line: str, *, fenced: bool = False) -> list[str]:
    """The ruling ids a line of text cites (see the module's docstring)."""
    if fenced:
        return [cited for match in EXPLICIT_RE.finditer(line) for cited in ids_in(match.group(1))]
    return ids_in(CODE_SPAN_RE.sub(_code_span, line))


def cited_in_text(text: str, markdown: bool) -> Iterator[tuple[int, str]]:
    """(line number, id) for every citation in a file's text."""
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if markdown and FENCE_RE.match(line):
            fenced = not fenced
            continue
        for cited in cited_in_line(line, fenced=fenced):
            yield number, cited


def cited_files() -> list[Path]:
    """The files whose citations must be defined: the library, the commands, the
    documentation, the README and the schemas."""
    return sorted(
        [
            *(ROOT / "notation").rglob("*.py"),
            *(ROOT / "cli").rglob("*.py"),
            *DOCS.glob("*.md"),
            ROOT / "README.md",
            *(ROOT / "schemas").rglob("*.json"),
        ]
    )


def citations() -> dict[str, list[str]]:
    """Every cited id, with the places (``path:line``) that cite it."""
    places: dict[str, list[str]] = {}
    for path in cited_files():
        text = path.read_text(encoding="utf-8")
        for number, cited in cited_in_text(text, markdown=path.suffix == ".md"):
            places.setdefault(cited, []).append(f"{path.relative_to(ROOT)}:{number}")
    return places


def definitions_in(text: str) -> list[str]:
    """The ids a document defines, once for each definition."""
    found = []
    for line in text.splitlines():
        match = DEFINITION_RE.match(line)
        if match:
            found.append(match.group(1) or match.group(2))
    return found


def definitions() -> dict[str, list[str]]:
    """Every id defined in docs/, with the documents that define it."""
    where: dict[str, list[str]] = {}
    for path in sorted(DOCS.glob("*.md")):
        for defined in definitions_in(path.read_text(encoding="utf-8")):
            where.setdefault(defined, []).append(path.name)
    return where


def undefined(cited: dict[str, list[str]], defined: dict[str, list[str]]) -> list[str]:
    """The cited ids no document defines, each with where it is cited."""
    return [
        f"{name}: {', '.join(places[:5])}" for name, places in cited.items() if name not in defined
    ]


# -- the collector itself --------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "fenced", "expected"),
    [
        ("if outcome is not None:  # ruling N2", False, ["N2"]),
        ('f"{argument}: no game in it: ... (ruling N4)"', False, ["N4"]),
        ("Rulings Q1-Q11 define it", False, [f"Q{n}" for n in range(1, 12)]),
        ("ids `K1`–`K9`, cited as `# ruling K4`", False, [f"K{n}" for n in range(1, 10)] + ["K4"]),
        ("(T4-T6, T11)", False, ["T4", "T5", "T6", "T11"]),
        ("the only one (Q6a); corners (T8(b))", False, ["Q6", "T8"]),
        ("abapa A6/A7", False, ["A6", "A7"]),
        ("| `game-over` | a move after the end | N2 |", False, ["N2"]),
        (
            "Example (T12): ``B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 W``",
            False,
            ["T12"],
        ),
        ('EXAMPLE = "B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 W"', False, []),
        (""">>> csv_cell("=cmd|' /C calc'!A1")""", False, []),
        ("named ``W1``-``W9``, pit `2b`, tokens ``Q7``, `87(10)`", False, []),
        ("empty.pmn: error [no-games]: no game in it (ruling N4)", True, ["N4"]),
        ("... captures 12, Black has 22 (Q10)", True, ["Q10"]),
        ("2  Kofi Boateng   3½   N0   x  N1  S½  S1", True, []),
    ],
)
def test_the_collector_finds_citations_and_nothing_else(line, fenced, expected):
    assert cited_in_line(line, fenced=fenced) == expected


def test_the_check_fails_on_an_id_no_document_defines():
    text = "    if laps > cap:  # ruling T99: a made-up ruling\n"
    cited: dict[str, list[str]] = {}
    for number, name in cited_in_text(text, markdown=False):
        cited.setdefault(name, []).append(f"made-up.py:{number}")
    assert cited == {"T99": ["made-up.py:1"]}
    assert undefined(cited, definitions()) == ["T99: made-up.py:1"]
    assert undefined({"T6": ["x.py:1"]}, definitions()) == []


def test_definitions_are_read_from_rows_and_list_items():
    text = (
        "| id | rule |\n|---|---|\n| T6 | lap end |\n- **N4** Seats.\n| `T6` | code |\nT7 alone\n"
    )
    assert definitions_in(text) == ["T6", "N4"]


# -- the project -----------------------------------------------------------------------


def test_every_cited_ruling_is_defined():
    cited = citations()
    # not vacuous: the code and the docs cite every ruling, several hundred times
    assert sum(len(places) for places in cited.values()) > 500
    assert len(cited) >= 60
    assert not undefined(cited, definitions()), "cited but defined nowhere in docs/"


def test_each_ruling_is_defined_once_in_its_games_chapter():
    defined = definitions()
    assert len(defined) >= 60
    twice = {name: docs for name, docs in defined.items() if len(docs) > 1}
    assert not twice, "defined more than once"
    astray = {
        name: docs[0]
        for name, docs in defined.items()
        if name[0] in HOMES and docs[0] != HOMES[name[0]]
    }
    assert not astray, "defined outside its game's chapter"


def test_each_family_is_numbered_without_gaps():
    numbers: dict[str, list[int]] = {}
    for name in definitions():
        numbers.setdefault(name[0], []).append(int(name[1:]))
    for letter, found in numbers.items():
        assert sorted(found) == list(range(1, max(found) + 1)), letter


#: Folders that are not the project's text: version control, caches, installs.
_NOT_THE_PROJECT = {"__pycache__", "build", "dist", "node_modules"}


def project_files() -> Iterator[Path]:
    """Every file of the project (hidden folders but .ci, caches and installs left out)."""
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = [
            name
            for name in subfolders
            if (not name.startswith(".") or name == ".ci")
            and name not in _NOT_THE_PROJECT
            and not name.endswith(".egg-info")
        ]
        for name in files:
            yield Path(folder, name)


#: A rule text outside the repository: a file of rulings, or rules in a shared folder
#: (tests/optional.py's folder of real records beside the checkout is data, not rules).
OUTSIDE_RE = re.compile(r"RULINGS\.md", re.I)
SHARED_RULES_RE = re.compile(r"shared/.*\brul(?:es?|ings?)\b|\brul(?:es?|ings?)\b.*shared/", re.I)


def test_no_file_sends_the_reader_to_rulings_outside_the_project():
    offenders = []
    for path in project_files():
        if path == Path(__file__).resolve():  # this file names what it looks for
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        offenders.extend(
            f"{path.relative_to(ROOT)}:{number}"
            for number, line in enumerate(text.splitlines(), 1)
            if OUTSIDE_RE.search(line) or SHARED_RULES_RE.search(line)
        )
    assert not offenders
