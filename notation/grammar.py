"""The PMN lexical grammar, written with pyparsing; nothing here knows any game.

The grammar (``docs/pmn.md`` has it in BNF)::

    record      ::= tag-pair* movetext
    tag-pair    ::= "[" NAME STRING "]"
    movetext    ::= element* result
    element     ::= move-number | move | comment | nag | "(" element* ")"
    move        ::= MOVE-TOKEN GLYPH?

Each token class is one ``pp.Regex`` with named groups, as pyparsing is
fastest with few, large elements. The reader does not run pyparsing's
``scan_string`` machinery per token: it drives the compiled regular
expression of :data:`MOVETEXT_TOKEN`, the alternation of all token classes,
with ``finditer`` (measured on 20,000 Wari games: 5.4x faster than
``scan_string`` over the same element), and builds the tree with a small
explicit stack, so nesting depth costs no recursion.
"""

from __future__ import annotations

import re

import pyparsing as pp

#: ``[Name "value"]``: a value may hold ``\"`` and ``\\``, never a line break.
#: The value's repetitions are possessive (``*+``, ``++``): the regular expression
#: engine keeps no backtracking state per character, which on a value of 50 MB took
#: ten gigabytes and most of a minute (no match needs to backtrack into it: a
#: repetition never ends just before a ``"``).
TAG_PAIR = pp.Regex(
    r'\[[ \t]*(?P<tag_name>[A-Za-z0-9_]+)[ \t]+"(?P<tag_value>(?:[^"\\\r\n]++|\\.)*+)"[ \t]*\]'
)
TAG_PAIR.set_name("tag pair")

#: ``{ ... }``: any text but ``}``, line breaks included.
BRACE_COMMENT = pp.Regex(r"\{(?P<comment>[^}]*)\}")
BRACE_COMMENT.set_name("comment")

#: ``; ...`` to the end of the line.
LINE_COMMENT = pp.Regex(r";(?P<line_comment>[^\r\n]*)")
LINE_COMMENT.set_name("line comment")

#: ``$n``: a numeric annotation glyph.
NAG = pp.Regex(r"\$(?P<nag>[0-9]{1,3})")
NAG.set_name("NAG")

#: ``12.`` before a move of the first seat, ``12...`` before any other seat's.
MOVE_NUMBER = pp.Regex(r"(?P<number>[0-9]+\.(?:\.\.)?)")
MOVE_NUMBER.set_name("move number")

#: ``1-0``, ``0-1``, ``1/2-1/2``, ``1-0-0``, ``0-1/2-1/2``, ``*``: points per seat in
#: seat order. A digit followed by ``-`` or ``/`` never begins a move on any board.
RESULT = pp.Regex(r"(?P<result>\*|[0-9]+(?:/[0-9]+)?(?:-[0-9]+(?:/[0-9]+)?)+)(?=[\s(){};\[]|$)")
RESULT.set_name("result")

#: A move token, game-specific inside (``C``, ``A+2``, ``4b-4d-3c``, ``2a[WB]-6a``,
#: ``2b+3b+3b``, ``1e``), followed by an optional suffix annotation.
MOVE = pp.Regex(r"(?P<move>[A-Za-z0-9][A-Za-z0-9+\-\[\]/:=_]*)(?P<glyph>!!|\?\?|!\?|\?!|!|\?)?")
MOVE.set_name("move")

OPEN_VARIATION = pp.Regex(r"(?P<open>\()")
OPEN_VARIATION.set_name('"("')
CLOSE_VARIATION = pp.Regex(r"(?P<close>\))")
CLOSE_VARIATION.set_name('")"')
TAG_START = pp.Regex(r"(?P<tag_start>\[)")
TAG_START.set_name("tag pair")
SPACE = pp.Regex(r"(?P<space>\s+)")
SPACE.set_name("white space")
#: Anything else, up to white space or a bracket, brace or ";". (Written greedily:
#: the lazy ``[^\s]+?(?=[\s(){};\[]|$)`` it replaces matches the same text, but
#: tries the lookahead after every character.)
STRAY = pp.Regex(r"(?P<stray>[^\s][^\s(){};\[]*+)")
STRAY.set_name("unreadable text")

#: Every token class, in the order they are tried.
TOKEN_CLASSES: tuple[pp.Regex, ...] = (
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

#: One element matching any token: the alternation of all token classes.
MOVETEXT_TOKEN = pp.Regex("|".join(f"(?:{element.re.pattern})" for element in TOKEN_CLASSES))
MOVETEXT_TOKEN.set_name("PMN token")

#: The compiled form the reader drives; ``match.lastgroup`` names the token class.
TOKEN_RE: re.Pattern[str] = MOVETEXT_TOKEN.re

_UNESCAPE_RE = re.compile(r"\\(.)")


def unescape_tag_value(text: str) -> str:
    r"""Undo the tag-value escapes: ``\"`` is ``"`` and ``\\`` is ``\``."""
    if "\\" not in text:
        return text
    return _UNESCAPE_RE.sub(lambda m: m.group(1), text)


def escape_tag_value(text: str) -> str:
    r"""Escape ``\`` and ``"`` for a tag value."""
    return text.replace("\\", "\\\\").replace('"', '\\"')
