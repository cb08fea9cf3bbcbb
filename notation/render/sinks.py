"""The text layer: a record's text made safe for each place it is shown, and counts
worded as they agree with their nouns (:func:`plural`).

Records come from strangers, and so do the names of their files. A tag value,
a comment, a file name or an error message quoting them may hold terminal
escapes (``ESC ] 0 ; title BEL``, ``ESC [ 2 J``), carriage returns and line
breaks (to forge a ``valid`` line), bidirectional controls (a right-to-left
override that reverses the rest of the line, the other player's name
included), spreadsheet formulas (``=cmd|' /C calc'!A1``) or markup
(``<script>``). Each sink has one family of functions here, and every command
that writes a record's text to a sink goes through it:

* **terminal** (:func:`terminal_text`): controls (C0, C1, DEL), the bidi
  embeddings, overrides, isolates and marks, and the line and paragraph
  separators are shown escaped, as Python writes them (``\\x1b``, ``\\n``,
  ``\\u202e``). Bidi controls are escaped rather than isolated with FSI/PDI:
  most terminals ignore isolates, and an escaped control acts on nothing.
  Text written for a person, to a terminal or to a text report file, is
  terminal text.
* **CSV** (:func:`csv_cell`, :func:`write_csv`, :func:`csv_text`): a text
  cell a spreadsheet would run as a formula (it begins with ``=``, ``+``,
  ``-``, ``@``, a tab or a carriage return) is written with a ``'`` in
  front, as OWASP recommends ("CSV Injection"); numbers are written as they
  are (a writer passes a number as a number, not as its text).
* **HTML** (:func:`html_text`, :func:`html_name`, :func:`html_isolated`):
  text is escaped (quotes too, so it may stand in an attribute), and every
  name or value taken from a record is isolated: in markup it goes in
  ``<bdi>`` (:func:`html_name`), in plain text such as a ``<title>`` between
  FSI and PDI (:func:`html_isolated`), so that a right-to-left override in
  one name cannot reverse the text around it.

JSON is read by programs and shown on terminals: :func:`json_text` writes
it with every character a terminal would obey as a ``\\u`` escape (JSON
escapes C0 itself; C1, DEL, the bidi controls and the separators too), the
same value for a program. Records are written by their writers.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable
from html import escape
from typing import IO, Any

# -- terminal ------------------------------------------------------------------

#: C0 and C1 controls and DEL; the bidi embeddings, overrides, isolates and
#: marks (U+061C, U+200E/F, U+202A-E, U+2066-9); line and paragraph separators.
_UNSAFE_RE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
)
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def terminal_text(text: str, *, lines: bool = False) -> str:
    """``text`` with every control and bidi character shown escaped, for a terminal.

    With ``lines``, line breaks are kept (for a diagram of several lines);
    otherwise they are escaped too, so the text stays one line.

    >>> terminal_text("Ada\\x1b[2J\\nvalid")
    'Ada\\\\x1b[2J\\\\nvalid'
    >>> terminal_text("a\\nb\\u202e", lines=True)
    'a\\nb\\\\u202e'
    """
    if lines:
        return "\n".join(_UNSAFE_RE.sub(_escape, line) for line in text.split("\n"))
    return _UNSAFE_RE.sub(_escape, text)


# -- JSON ----------------------------------------------------------------------

#: What a terminal would obey that JSON writes as it is: DEL, C1, the bidi controls and
#: the line and paragraph separators (C0 is escaped by JSON itself). Each can only stand
#: inside a string, so its escape is the same JSON value.
_JSON_UNSAFE_RE = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def json_text(value: Any, *, indent: int | None = None) -> str:
    """``value`` as JSON (UTF-8 text kept), with every character a terminal would obey
    written as a ``\\u`` escape: the same value for a program, inert on a terminal.

    >>> json_text({"name": "Ada\x1b[2J\u202e"})
    '{"name": "Ada\\\\u001b[2J\\\\u202e"}'
    """
    return _JSON_UNSAFE_RE.sub(_json_escape, json.dumps(value, ensure_ascii=False, indent=indent))


# -- CSV -----------------------------------------------------------------------

#: The first characters that make a spreadsheet read a cell as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A cell value a spreadsheet shows as text: ``'`` before a formula-like string.

    >>> csv_cell("=cmd|' /C calc'!A1"), csv_cell("-4"), csv_cell(-4), csv_cell("Ada")
    ("'=cmd|' /C calc'!A1", "'-4", -4, 'Ada')
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def write_csv(rows: Iterable[Iterable[object]], out: IO[str]) -> None:
    """Write rows as CSV (``\\n`` line ends), every text cell through :func:`csv_cell`."""
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow([csv_cell(value) for value in row])


def csv_text(rows: Iterable[Iterable[object]]) -> str:
    """The CSV :func:`write_csv` writes, as a string."""
    out = io.StringIO()
    write_csv(rows, out)
    return out.getvalue()


# -- HTML ----------------------------------------------------------------------


#: The controls HTML cannot carry (a parse error as text and as a character reference):
#: C0 but tab, line feed and carriage return, DEL and C1.
_HTML_CONTROL_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def html_text(text: str) -> str:
    """``text`` escaped for HTML: ``&``, ``<``, ``>`` and both quotes; a control character
    (``ESC``, ``BEL``: HTML cannot carry them) shown escaped, as :func:`terminal_text` does.

    >>> html_text('<b>"\x1b[2J')
    '&lt;b&gt;&quot;\\\\x1b[2J'
    """
    return escape(_HTML_CONTROL_RE.sub(_escape, text), quote=True)


def html_page(page: str) -> str:
    """A whole page with every control character HTML cannot carry shown escaped: the
    guard for a page written by a writer that escapes markup only."""
    return _HTML_CONTROL_RE.sub(_escape, page)


def html_name(text: str) -> str:
    """A name or value from a record, for markup: escaped and isolated in ``<bdi>``.

    >>> html_name("\\u202eAda <b>")
    '<bdi>\\u202eAda &lt;b&gt;</bdi>'
    """
    return f"<bdi>{html_text(text)}</bdi>"


def html_isolated(text: str) -> str:
    """A name or value from a record, for plain text (a ``<title>``, before it is escaped):
    between FSI and PDI (U+2068, U+2069), where a right-to-left override ends."""
    return f"\u2068{text}\u2069"


#: Nouns whose plural is not the noun and an ``s``.
_PLURALS = {"ply": "plies", "match": "matches", "bye": "byes", "copy": "copies"}


def plural(count: int, noun: str, many: str | None = None) -> str:
    """A count and its noun, agreeing: ``plural(1, "move")`` is ``"1 move"``,
    ``plural(2, "move")`` ``"2 moves"``, ``plural(0, "game")`` ``"0 games"``; ``many``
    names a plural that is not the noun and an ``s`` (``plural(3, "ply")``: ``"3 plies"``)."""
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {many or _PLURALS.get(noun, noun + 's')}"


__all__ = [
    "FORMULA_STARTS",
    "csv_cell",
    "csv_text",
    "html_isolated",
    "html_name",
    "html_page",
    "html_text",
    "json_text",
    "plural",
    "terminal_text",
    "write_csv",
]
