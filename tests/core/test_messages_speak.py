"""Messages speak to people: a rule id is a reference at the end (``... (ruling N4)``),
never the explanation (issue 28). Every message the library and the command line
write (a string handed to a call: an error, ``echo``, a warning, an outcome's reason,
a problem) is read from the source, and none may start with a rule id or consist of one.

Tricala's engine (notation/games/tricala/) and the desk (notation/desk/) are swept by
their own owners."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: The modules swept (issue 28): the core, the formats, the games but Tricala, the commands.
SWEPT = sorted(
    [
        *ROOT.glob("notation/core/*.py"),
        *ROOT.glob("notation/formats/*.py"),
        *(ROOT / "notation" / "games" / name for name in ("wari.py", "kalah.py", "trias.py")),
        ROOT / "notation" / "games" / "base.py",
        ROOT / "notation" / "games" / "__init__.py",
        *ROOT.glob("cli/*.py"),
    ]
)

#: A rule id: a ruling's (T6, R4, W3, N4, Q10, K9) or a ruleset's (abapa A7), maybe
#: introduced by "ruling"/"rule" and bracketed.
RULE_ID = r"[\(\[]?(?:(?:rulings?|rules?|abapa)\s+)?[TRWNQAK][0-9]{1,2}[a-z]?\b"
STARTS = re.compile(rf"^\s*{RULE_ID}")
ONLY = re.compile(rf"^\s*{RULE_ID}(?:\s*[,/]\s*{RULE_ID})*[\)\]]?[.:]?\s*$")


def literal_text(node: ast.expr) -> str | None:
    """A string literal's text; an f-string's, each replacement field as ``{}``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            part.value if isinstance(part, ast.Constant) else "{}" for part in node.values
        )
    return None


def messages(path: Path) -> list[tuple[int, str]]:
    """The string literals handed to calls in a module (positional or keyword), with
    their lines: messages, reasons, problems."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        for argument in [*node.args, *(keyword.value for keyword in node.keywords)]:
            text = literal_text(argument)
            if text is not None:
                found.append((argument.lineno, text))
    return found


#: A bracketed reference to a ruling with more of the message after it.
INSIDE = re.compile(r"\((?:rulings?\s+)?[TRWNQAK][0-9]{1,2}[a-z]?\b[^)]*\)\s*[^\s.;:)]")


def explained_by_a_rule_id(text: str) -> bool:
    """Whether a message starts with a rule id, consists of one, or has a bracketed
    one before the rest of its words (where the id should close the message)."""
    return bool(STARTS.match(text) or ONLY.match(text) or INSIDE.search(text))


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("ruling T4: pit {} does not neighbour pit {}", True),
        ("N4", True),
        ("(ruling N4)", True),
        ("W4: must feed", True),
        ("abapa A7: the position repeats", True),
        ("{}: no game in it (ruling N4)", False),
        ("{} has no stones to move: drawn (W5)", False),
        ("North's pits are empty (K6)", False),
        ("Ada has no legal move and loses (R6)", False),
        ("Around the board", False),
        ("{} empties a hole of its own row {} (R3) (did you mean {}?)", True),
        ("it is refused as endless (R7, lap limit)", False),
    ],
)
def test_the_check_itself(text, bad):
    assert explained_by_a_rule_id(text) is bad


@pytest.mark.parametrize("path", SWEPT, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_message_starts_with_a_rule_id(path):
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for line, text in messages(path)
        if explained_by_a_rule_id(text)
    ]
    assert not offenders, "\n".join(offenders)
