"""The PMN grammar, written with pyparsing; nothing here knows any game.

This module is the specification of PMN text in code: the BNF of
``docs/pmn.md`` section 5, production by production, in two forms that share
one set of token definitions.

- The **token classes** (:data:`TAG_PAIR`, :data:`BRACE_COMMENT`,
  :data:`MOVE`, :data:`RESULT`, ...) are each one ``pp.Regex`` with named
  groups, made from the patterns of :mod:`notation.core.tokens` (defined there
  once, so reading records needs no pyparsing). The fast reader
  (:mod:`notation.formats.pmn`) does not run pyparsing per token: it drives
  :data:`notation.core.tokens.TOKEN_RE`, the alternation of all token classes,
  with ``finditer`` (measured on 20,000 Wari games: 5.4x faster than
  ``scan_string`` over the same element), and builds the tree with a small
  explicit stack, so nesting depth costs no recursion.
- The **record grammar** (:data:`PMN_FILE`, :data:`RECORD`, :data:`MOVETEXT`,
  ...) combines those same token classes into the productions of the BNF.
  :func:`parse_file_reference` and :func:`parse_record_reference` build the
  same :class:`~notation.core.record.Record` values the fast reader builds. They
  are the reference a differential test holds the fast reader to (it accepts
  exactly the texts the grammar accepts, with the same structure); they
  recurse once per level of variation, so the reader stays the production
  path.

Digits are ASCII ``0``-``9`` only (``\\d`` would take ``²`` and other Unicode
digits), and a number has at most :data:`MAX_DIGITS` digits (a NAG at most
three), so no number in PMN text can be too long for ``int()``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pyparsing as pp

from notation.core import tokens
from notation.core.record import Line, MoveNode, Record
from notation.core.tokens import WHITE_SPACE, unescape_tag_value


def _element(token: tokens.Token) -> pp.Regex:
    """A token class as a pyparsing element: the same pattern, white space before it skipped."""
    element = pp.Regex(token.pattern)
    element.set_name(token.name)
    element.set_whitespace_chars(WHITE_SPACE)
    return element


#: Every token class of notation.core.tokens as an element of the grammar, in the order
#: the fast reader tries them (keyed by pattern).
_ELEMENTS = {token.pattern: _element(token) for token in tokens.TOKEN_CLASSES}
TOKEN_CLASSES: tuple[pp.Regex, ...] = tuple(_ELEMENTS.values())

# The token classes by name, for the productions below.
TAG_PAIR = _ELEMENTS[tokens.TAG_PAIR.pattern]
BRACE_COMMENT = _ELEMENTS[tokens.BRACE_COMMENT.pattern]
LINE_COMMENT = _ELEMENTS[tokens.LINE_COMMENT.pattern]
NAG = _ELEMENTS[tokens.NAG.pattern]
MOVE_NUMBER = _ELEMENTS[tokens.MOVE_NUMBER.pattern]
RESULT = _ELEMENTS[tokens.RESULT.pattern]
MOVE = _ELEMENTS[tokens.MOVE.pattern]
OPEN_VARIATION = _ELEMENTS[tokens.OPEN_VARIATION.pattern]
CLOSE_VARIATION = _ELEMENTS[tokens.CLOSE_VARIATION.pattern]
TAG_START = _ELEMENTS[tokens.TAG_START.pattern]
SPACE = _ELEMENTS[tokens.SPACE.pattern]
STRAY = _ELEMENTS[tokens.STRAY.pattern]

#: One element matching any token: the alternation of all token classes.
MOVETEXT_TOKEN = pp.Regex(tokens.TOKEN_PATTERN)
MOVETEXT_TOKEN.set_name("PMN token")


# -- the record grammar ------------------------------------------------------------
#
# Each production of docs/pmn.md section 5, in the same order and under the same
# name. Parse actions turn tokens into small values (_Comment, _Number, ...) and
# lines into Line values, so a parse gives Records directly.


@dataclass(frozen=True, slots=True)
class _Comment:
    text: str


@dataclass(frozen=True, slots=True)
class _Number:
    text: str


@dataclass(frozen=True, slots=True)
class _Move:
    token: str
    glyph: str
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class _Nag:
    value: int


_Item = _Comment | _Number | _Move | _Nag | Line


def build_line(items: list[_Item]) -> Line:
    """The line that a sequence of elements (a ``line`` of the grammar) stands for.

    Where each comment belongs (docs/pmn.md section 2): a comment after a move,
    before any of its variations, is that move's; any other comment stands
    before the next move, or at the end of the line. NAGs and variations belong
    to the move before them; a move number to the move after it.
    """
    nodes: list[MoveNode] = []
    pending: list[str] = []  # comments before the next move
    number: str | None = None
    current: dict[str, Any] | None = None

    def close() -> None:
        if current is not None:
            nodes.append(
                MoveNode(
                    current["token"],
                    current["number"],
                    current["glyph"],
                    tuple(current["nags"]),
                    current["before"],
                    tuple(current["comments"]),
                    tuple(current["variations"]),
                    current["line"],
                    current["column"],
                )
            )

    for item in items:
        if isinstance(item, _Move):
            close()
            current = {
                "token": item.token,
                "number": number,
                "glyph": item.glyph,
                "nags": [],
                "before": tuple(pending),
                "comments": [],
                "variations": [],
                "line": item.line,
                "column": item.column,
            }
            pending, number = [], None
        elif isinstance(item, _Number):
            number = item.text
        elif isinstance(item, _Comment):
            if current is not None and not current["variations"]:
                current["comments"].append(item.text)
            else:
                pending.append(item.text)
        elif isinstance(item, _Nag):
            assert current is not None  # the grammar puts a NAG after a move only
            current["nags"].append(item.value)
        else:
            assert current is not None  # a variation follows a move
            current["variations"].append(item)
    close()
    return Line(tuple(nodes), tuple(pending))


# comment ::= "{" { any character but "}" } "}" | ";" { any character but a line break }
COMMENT = (BRACE_COMMENT.copy() | LINE_COMMENT.copy()).set_name("comment")
COMMENT.add_parse_action(
    lambda t: _Comment(t["comment"] if t.get("comment") is not None else t["line_comment"])
)

# move-number ::= digits "." | digits "..."
_MOVE_NUMBER = MOVE_NUMBER.copy().add_parse_action(lambda t: _Number(t["number"]))

# move ::= move-token [ glyph ]  (move-token: tokens.MOVE, the Cyrillic tuzdyk marks
# "Х" and "х" included after its first character, ruling Q10)
_MOVE = MOVE.copy().add_parse_action(
    lambda s, loc, t: _Move(t["move"], t["glyph"] or "", pp.lineno(loc, s), pp.col(loc, s))
)

# nag ::= "$" digit [ digit [ digit ] ]
_NAG = NAG.copy().add_parse_action(lambda t: _Nag(int(t["nag"])))

# variation ::= "(" line ")"
VARIATION = pp.Forward()
VARIATION.set_name("variation")

# move-group ::= [ move-number { comment } ] move { nag | comment | variation }
MOVE_GROUP = (
    pp.Opt(_MOVE_NUMBER + pp.ZeroOrMore(COMMENT))
    + _MOVE
    + pp.ZeroOrMore(_NAG | COMMENT | VARIATION)
).set_name("move")

# line ::= { comment } { move-group }
LINE = (pp.ZeroOrMore(COMMENT) + pp.ZeroOrMore(MOVE_GROUP)).set_name("moves")

VARIATION <<= (
    pp.Suppress(OPEN_VARIATION.copy())
    + pp.Group(LINE)("line").add_parse_action(lambda t: build_line(list(t[0])))
    + pp.Suppress(CLOSE_VARIATION.copy())
)

# result ::= "*" | points "-" points { "-" points }
_RESULT = RESULT.copy()("result")

# movetext ::= line result { comment }
MOVETEXT = (pp.Group(LINE)("line") + _RESULT + pp.Group(pp.ZeroOrMore(COMMENT))("after")).set_name(
    "movetext"
)

# tag-pair ::= "[" tag-name string "]"
_TAG = TAG_PAIR.copy().add_parse_action(
    lambda t: (t["tag_name"], unescape_tag_value(t["tag_value"]))
)
#: White space between two tag pairs: no blank line (a blank line ends the tag pairs).
_TAG_GAP = pp.Regex(r"[ \t\r]*(?:\n[ \t\r]*)?").leave_whitespace().set_name("line break")
_NEXT_TAG = pp.Suppress(_TAG_GAP) + _TAG.copy().leave_whitespace()

# tag-pairs ::= tag-pair { tag-pair }     (no blank line between them)
TAG_PAIRS = (_TAG + pp.ZeroOrMore(_NEXT_TAG)).set_name("tag pairs")


def _record(text: str, location: int, tokens: pp.ParseResults) -> Record:
    tags = tuple(tokens["tags"]) if "tags" in tokens else ()
    line = build_line([*tokens["line"], *tokens["after"]])
    return Record(tags, line, tokens["result"], line=pp.lineno(location, text))


# record ::= [ tag-pairs ] movetext
RECORD = (pp.Opt(pp.Group(TAG_PAIRS)("tags")) + MOVETEXT).set_name("record")
RECORD.add_parse_action(_record)
#: A record after another: it begins with a tag pair at the start of a line.
_NEXT_RECORD = (pp.Group(TAG_PAIRS)("tags") + MOVETEXT).set_name("record")
_NEXT_RECORD.add_parse_action(_record)
_RECORD_BREAK = pp.Regex(r"[ \t\r]*\n[ \t\n\r]*").leave_whitespace().set_name("line break")

# file ::= [ record { line-break tag-pairs movetext } ]
PMN_FILE = (
    pp.Opt(RECORD) + pp.ZeroOrMore(pp.Suppress(_RECORD_BREAK) + _NEXT_RECORD) + pp.StringEnd()
).set_name("PMN file")
PMN_FILE.parse_with_tabs()  # a tab in a tag value or comment is kept, not expanded
_ONE_RECORD = (RECORD + pp.StringEnd()).set_name("PMN record")
_ONE_RECORD.parse_with_tabs()


def _normalized(text: str) -> str:
    """The text as the reader sees it: line breaks ``\\n``, no byte-order mark."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text[1:] if text.startswith("\ufeff") else text


def parse_file_reference(text: str) -> list[Record]:
    """Every record of a PMN text, by the grammar; raises ``pp.ParseException`` if it is not PMN.

    The reference for the fast reader: ``read_text(text)`` reads the same
    records, and finds no errors, exactly when this accepts the text.
    """
    return list(PMN_FILE.parse_string(_normalized(text), parse_all=True))


def parse_record_reference(text: str) -> Record:
    """The one record of a PMN text, by the grammar; raises ``pp.ParseException`` if it is not one."""
    record: Record = _ONE_RECORD.parse_string(_normalized(text), parse_all=True)[0]
    return record


__all__ = [
    "BRACE_COMMENT",
    "CLOSE_VARIATION",
    "COMMENT",
    "LINE",
    "LINE_COMMENT",
    "MOVE",
    "MOVETEXT",
    "MOVETEXT_TOKEN",
    "MOVE_GROUP",
    "MOVE_NUMBER",
    "NAG",
    "OPEN_VARIATION",
    "PMN_FILE",
    "RECORD",
    "RESULT",
    "SPACE",
    "STRAY",
    "TAG_PAIR",
    "TAG_PAIRS",
    "TAG_START",
    "TOKEN_CLASSES",
    "VARIATION",
    "build_line",
    "parse_file_reference",
    "parse_record_reference",
]
