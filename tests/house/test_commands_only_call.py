"""Commands only parse, call and report: the work of reading games lives in the library.

``pmn validate``'s ``GameSource`` (now :mod:`notation.desk.submissions`),
``games_worth_comparing`` (:mod:`notation.archive.dedupe`) and ``pmn standings``'
``read_event`` (:mod:`notation.archive.events`) were library work written in ``cli/``.
This test finds every use in ``cli/`` (a call, or the function handed on) of a function that walks folders or opens and
reads game files, and allows it only in the few places listed below, each with the
reason it stays in the command line. A new command that reads games itself, or one of
the moved pieces coming back, fails here: call the library instead.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: The library's functions that walk folders or open and read files of games.
READERS = frozenset(
    {
        "walk_inputs",
        "walk_entries",
        "expand_paths",
        "open_input",
        "open_source",
        "sniff_file",
        "read_path",
        "read_games",
        "read_tagged",
        "read_tags",
        "read_declared",
        "read_archive",
        "iter_chunks",
    }
)

#: (module, top-level function or class) -> why it calls a reader itself.
ALLOWED = {
    ("inputs", "input_paths"): "the commands' one walk, saying what it skips through the "
    "command's report of unread files (click's context)",
    ("inputs", "WalkedInputs"): "the same walk, kept for a command that reads its inputs "
    "more than once (dedupe), so that each folder is walked once",
    ("inputs", "_walks"): "the same walk, argument by argument (GameCounts)",
    ("inputs", "read_inputs"): "the commands' one reading loop, counting games per input "
    "for the N4 error every command gives",
    ("archive_io", "iter_games"): "the archive commands' reading loop over read_archive, "
    "saying each damaged record as it is read",
    ("common", "_playok_input"): "tells whether --variant may apply to an input by its "
    "head alone (an option check before reading)",
    ("excerpt", "_Cursor"): "shows a problem's lines from its source text (no game is read)",
    ("record", "resume_game"): "the recorder's --resume reads back its own file whole, "
    "to write the other games around the one it carries on",
    ("reconcile", "_sheets_of"): "each argument's sheets, kept apart argument by argument",
    ("stats", "stats"): "counts tags or declared records file by file (not yet moved: "
    "a library counting loop is the next step)",
}


def _calls(path: Path) -> list[tuple[str, str, int]]:
    """Each use of a reader in a module, called or handed on (``reader = read_path if
    ... else read_games``): (the top-level def or class it is in, the reader, the line)."""
    found: list[tuple[str, str, int]] = []
    for top in ast.parse(path.read_text(encoding="utf-8")).body:
        owner = getattr(top, "name", "<module>")
        for node in ast.walk(top):
            name = (
                node.id
                if isinstance(node, ast.Name)
                else node.attr
                if isinstance(node, ast.Attribute)
                else ""
            )
            if name in READERS:
                found.append((owner, name, node.lineno))
    return found


def test_commands_read_games_only_through_the_library():
    strays = [
        f"cli/{path.name}:{line}: {owner} calls {reader}"
        for path in sorted((ROOT / "cli").glob("*.py"))
        for owner, reader, line in _calls(path)
        if (path.stem, owner) not in ALLOWED
    ]
    assert strays == []


def test_every_allowance_is_still_needed():
    used = {
        (path.stem, owner)
        for path in sorted((ROOT / "cli").glob("*.py"))
        for owner, _, _ in _calls(path)
    }
    assert sorted(set(ALLOWED) - used) == []


def test_the_moved_pieces_are_library_code():
    from notation.archive.dedupe import games_worth_comparing
    from notation.archive.events import read_event
    from notation.desk.submissions import GameSource

    for piece in (GameSource, games_worth_comparing, read_event):
        assert piece.__module__.startswith("notation.") and piece.__doc__
        assert not piece.__module__.startswith("notation.cli")
    defined = {
        node.name
        for path in (ROOT / "cli").glob("*.py")
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.ClassDef | ast.FunctionDef)
    }
    assert "GameSource" not in defined
