"""PMN's tokens: the token classes of the grammar as regular expressions, without pyparsing.

Each token class of ``docs/pmn.md`` section 5 (:data:`TAG_PAIR`,
:data:`BRACE_COMMENT`, :data:`MOVE`, :data:`RESULT`, ...) is defined here
once, as a regular expression with named groups. The fast reader
(:mod:`notation.formats.pmn`) drives :data:`TOKEN_RE`, their alternation; the record
grammar (:mod:`notation.formats.grammar`) wraps the same patterns in pyparsing
elements and combines them into the productions of the BNF. Reading and
checking records needs only this module, so a command that does not use the
grammar itself does not import pyparsing.

Digits are ASCII ``0``-``9`` only (``\\d`` would take ``²`` and other Unicode
digits), and a number has at most :data:`MAX_DIGITS` digits (a NAG at most
three), so no number in PMN text can be too long for ``int()``.
"""

from __future__ import annotations

import re
from functools import cached_property

#: White space between elements: spaces, tabs and line breaks (a carriage
#: return is read as part of a line break). Nothing else: a no-break space is
#: not white space in PMN.
WHITE_SPACE = " \t\n\r"
_SPACE_CLASS = r"[ \t\n\r]"

#: The most digits a number may have in a move number, a result, or a move
#: token; a NAG has at most three.
MAX_DIGITS = 9
#: A run of at most MAX_DIGITS ASCII digits, not followed by another digit.
_DIGITS = rf"[0-9]{{1,{MAX_DIGITS}}}+(?![0-9])"
#: A run of digits too long for any number of PMN.
LONG_NUMBER_RE = re.compile(rf"[0-9]{{{MAX_DIGITS + 1},}}")


class Token:
    """One token class: a regular expression with named groups, and its name in messages.

    ``re`` is compiled on first use, so a program pays only for the classes it matches.
    """

    __slots__ = ("__dict__", "name", "pattern")

    def __init__(self, pattern: str, name: str) -> None:
        self.pattern = pattern
        self.name = name

    @cached_property
    def re(self) -> re.Pattern[str]:
        """The compiled pattern."""
        return re.compile(self.pattern)

    def __repr__(self) -> str:
        return f"Token({self.name!r})"


#: ``[Name "value"]`` on one line: a value may hold ``\"`` and ``\\``, no other
#: backslash and no line break. The value's repetitions are possessive (``*+``): the
#: regular expression engine keeps no backtracking state per character or per escape,
#: which on a value of 50 MB took ten gigabytes and most of a minute (no match needs to
#: backtrack into it: a repetition never ends just before a ``"``). The escapes' group is
#: one of single characters ending in a repetition of one class, the one kind of
#: possessively repeated group every supported CPython matches alike
#: (``tests/formats/test_regex_portability.py``).
_TAG_PAIR = (
    r'\[[ \t]*({name}[A-Za-z0-9_]+)[ \t]+"({value}[^"\\\r\n]*+(?:\\["\\][^"\\\r\n]*+)*+)"[ \t]*\]'
)
TAG_PAIR = Token(_TAG_PAIR.format(name="?P<tag_name>", value="?P<tag_value>"), "tag pair")

#: A line that holds only a tag pair, after a blank line: inside a ``{`` comment
#: it starts a new game (section 4), so a comment cannot run across it.
_NEW_GAME_AHEAD = (
    r"[ \t]*\n[ \t]*" + _TAG_PAIR.format(name="?:", value="?:") + r"[ \t\x0b\x0c]*(?:\n|\Z)"
)

#: ``{ ... }``: any text but ``}``, line breaks included, except a blank line
#: followed by a line holding only a tag pair (there a new game starts).
BRACE_COMMENT = Token(
    r"\{(?P<comment>(?>(?:[^}\n]++|\n(?!" + _NEW_GAME_AHEAD + r"))*))\}", "comment"
)

#: ``; ...`` to the end of the line.
LINE_COMMENT = Token(r";(?P<line_comment>[^\r\n]*)", "line comment")

#: ``$n``: a numeric annotation glyph, one to three digits.
NAG = Token(r"\$(?P<nag>[0-9]{1,3}+)(?![0-9])", "NAG")

#: ``12.`` before a move of the first seat, ``12...`` before any other seat's.
MOVE_NUMBER = Token(rf"(?P<number>{_DIGITS}\.(?:\.\.)?)", "move number")

#: ``1-0``, ``0-1``, ``1/2-1/2``, ``1-0-0``, ``0-1/2-1/2``, ``*``: points per seat in
#: seat order, followed by white space, a bracket, a brace, ``;`` or the end.
_POINTS = rf"{_DIGITS}(?:/{_DIGITS})?"
RESULT = Token(rf"(?P<result>\*|{_POINTS}(?:-{_POINTS})+)(?=[ \t\n\r(){{}};\[]|$)", "result")

#: A move token, game-specific inside (``C``, ``A+2``, ``4b-4d-3c``, ``2a[WB]-6a``,
#: ``2b+3b+3b``, ``1e``, Togyz Kumalak's ``87(10)``), followed directly by an optional
#: suffix annotation. It never begins with digits followed by ``-`` or ``/`` (that is
#: how a result begins), and its digit runs are numbers of at most MAX_DIGITS digits.
#: A number in parentheses written against the token (``87(10)``, ruling Q10) is part
#: of it; ``87 (10)``, with a space, is a move and a variation. After its first character
#: a token may hold the Cyrillic ``Х`` and ``х`` (U+0425, U+0445), Togyz Kumalak's tuzdyk
#: mark on sheets written in Kazakh (``36х``, ruling Q10); no other letter beyond ASCII.
MOVE = Token(
    rf"(?P<move>(?![0-9]++[-/])(?:[A-Za-z]|{_DIGITS})"
    rf"(?>(?:[A-Za-z+\-\[\]/:=_\u0425\u0445]++|{_DIGITS}|\({_DIGITS}\))*))"
    r"(?P<glyph>!!|\?\?|!\?|\?!|!|\?)?",
    "move",
)

OPEN_VARIATION = Token(r"(?P<open>\()", '"("')
CLOSE_VARIATION = Token(r"(?P<close>\))", '")"')
#: A "[" that does not begin a readable tag pair.
TAG_START = Token(r"(?P<tag_start>\[)", "tag pair")
SPACE = Token(rf"(?P<space>{_SPACE_CLASS}+)", "white space")
#: Anything else, up to white space or a bracket, brace or ";". (Written greedily:
#: the lazy ``[^\s]+?(?=[\s(){};\[]|$)`` it replaces matches the same text, but
#: tries the lookahead after every character.)
STRAY = Token(r"(?P<stray>[^ \t\n\r][^ \t\n\r(){};\[]*+)", "unreadable text")

#: Every token class, in the order the fast reader tries them.
TOKEN_CLASSES: tuple[Token, ...] = (
    SPACE,
    TAG_PAIR,
    BRACE_COMMENT,
    LINE_COMMENT,
    NAG,
    RESULT,
    MOVE_NUMBER,
    MOVE,
    OPEN_VARIATION,
    CLOSE_VARIATION,
    TAG_START,
    STRAY,
)

#: The alternation of all token classes: one pattern matching any token.
TOKEN_PATTERN = "|".join(f"(?:{token.pattern})" for token in TOKEN_CLASSES)

#: The compiled form the reader drives; ``match.lastgroup`` names the token class.
TOKEN_RE: re.Pattern[str] = re.compile(TOKEN_PATTERN)

_UNESCAPE_RE = re.compile(r"\\(.)")


def unescape_tag_value(text: str) -> str:
    r"""Undo the tag-value escapes: ``\"`` is ``"`` and ``\\`` is ``\``."""
    if "\\" not in text:
        return text
    return _UNESCAPE_RE.sub(lambda m: m.group(1), text)


def escape_tag_value(text: str) -> str:
    r"""Escape ``\`` and ``"`` for a tag value."""
    return text.replace("\\", "\\\\").replace('"', '\\"')


__all__ = [
    "BRACE_COMMENT",
    "CLOSE_VARIATION",
    "LINE_COMMENT",
    "LONG_NUMBER_RE",
    "MAX_DIGITS",
    "MOVE",
    "MOVE_NUMBER",
    "NAG",
    "OPEN_VARIATION",
    "RESULT",
    "SPACE",
    "STRAY",
    "TAG_PAIR",
    "TAG_START",
    "TOKEN_CLASSES",
    "TOKEN_PATTERN",
    "TOKEN_RE",
    "WHITE_SPACE",
    "Token",
    "escape_tag_value",
    "unescape_tag_value",
]
