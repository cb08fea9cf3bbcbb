"""PMN's JSON form: records as JSON objects, checked against ``schemas/record.schema.json``.

A record is ``{"tags": [[name, value], ...], "moves": [...], "result": "1-0"}``
(see the schema for moves, comments, annotations and variations); a damaged
record is ``{"raw": "...", "errors": [...]}``. A collection is a JSON array
of records or JSON Lines (one record per line). Keys that hold nothing are
left out, so the JSON of a record is unique and round-trips exactly.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from notation.core.limits import MAX_JSON_LINE_CHARS, MAX_KEPT_BYTES, cut_off, too_large
from notation.core.record import Line, MoveNode, ReadError, Record, comment_as_written
from notation.errors import Code, PMNError, WriteError
from notation.formats.jsontext import (
    SURROGATE_ESCAPE_RE,
    dumps,
    ecma_pattern,
    has_lone_surrogate,
    loads,
    raw_loads,
    schema_validator_class,
)

if TYPE_CHECKING:  # imported when a value is checked (_validator), not with this module
    import jsonschema

SCHEMA_FILE = "record.schema.json"


def load_schema(name: str = SCHEMA_FILE) -> dict[str, Any]:
    """A JSON Schema shipped with PMN (``schemas/`` in the source tree)."""
    from importlib import resources

    try:
        text = resources.files("notation.schemas").joinpath(name).read_text("utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        # running from a source checkout: schemas/ sits beside notation/
        text = (Path(__file__).resolve().parents[2] / "schemas" / name).read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator(name: str = SCHEMA_FILE) -> jsonschema.protocols.Validator:
    schema = load_schema(name)
    validator: jsonschema.protocols.Validator = schema_validator_class()(schema)
    return validator


# -- record -> JSON -------------------------------------------------------------


def record_to_json(record: Record) -> dict[str, Any]:
    """The JSON object of a record (a damaged record gives its raw text and errors)."""
    if record.raw is not None:
        return {"raw": record.raw, "errors": [_error_to_json(e) for e in record.errors]}
    if record.errors:  # cut off as it was read: no text to carry (notation.core.limits.is_cut_off)
        raise WriteError(record.errors[0].message, record)
    obj: dict[str, Any] = {
        "tags": [[name, value] for name, value in record.tags],
        "moves": _moves_to_json(record.mainline),
    }
    if record.mainline.comments:
        obj["comments"] = _comments(record.mainline.comments)
    obj["result"] = record.result
    return obj


def _comments(comments: tuple[str, ...]) -> list[str]:
    # as PMN writes them: what the JSON reader's schema takes (notation.core.record.comment_as_written)
    return [comment_as_written(text) for text in comments]


def _error_to_json(error: ReadError) -> dict[str, Any]:
    obj: dict[str, Any] = {"code": error.code, "message": error.message}
    if error.line:
        obj["line"] = error.line
        obj["column"] = error.column
    if error.path:
        obj["path"] = error.path
    return obj


def _moves_to_json(line: Line) -> list[dict[str, Any]]:
    # Variations nest; an explicit stack keeps deep nesting off the call stack.
    root: list[dict[str, Any]] = []
    stack: list[tuple[Line, list[dict[str, Any]]]] = [(line, root)]
    while stack:
        current, out = stack.pop()
        for node in current.moves:
            obj: dict[str, Any] = {"move": node.token}
            if node.number is not None:
                obj["number"] = node.number
            if node.glyph:
                obj["glyph"] = node.glyph
            if node.nags:
                obj["nags"] = list(node.nags)
            if node.comments_before:
                obj["before"] = _comments(node.comments_before)
            if node.comments:
                obj["comments"] = _comments(node.comments)
            if node.variations:
                variations = []
                for variation in node.variations:
                    var_obj: dict[str, Any] = {"moves": []}
                    if variation.comments:
                        var_obj["comments"] = _comments(variation.comments)
                    variations.append(var_obj)
                    stack.append((variation, var_obj["moves"]))
                obj["variations"] = variations
            out.append(obj)
    return root


def write_json(records: Iterable[Record], out: IO[str], *, lines: bool = False) -> None:
    """Write records as a JSON array (indented) or as JSON Lines (``lines=True``)."""
    writer = JSONLinesWriter(out) if lines else JSONWriter(out)
    for record in records:
        writer.write(record)
    writer.close()


class JSONWriter:
    """Records written as a JSON array, one at a time, a record a line (the format
    registry's writer): ``[``, each record, ``]`` when closed."""

    def __init__(self, out: IO[str], width: int = 0) -> None:
        self.out = out  # (JSON is not wrapped: no width)
        self.first = True

    def write(self, record: Record) -> None:
        self.out.write(("[\n  " if self.first else ",\n  ") + dumps(record_to_json(record)))
        self.first = False

    def close(self) -> None:
        self.out.write("[]\n" if self.first else "\n]\n")


class JSONLinesWriter:
    """Records written as JSON Lines, a record a line (the format registry's writer)."""

    def __init__(self, out: IO[str], width: int = 0) -> None:
        self.out = out

    def write(self, record: Record) -> None:
        self.out.write(dumps(record_to_json(record)) + "\n")

    def close(self) -> None:
        """Nothing to finish."""


def read_stream(stream: IO[bytes], source: str, game: str | None = None) -> Iterator[Record]:
    """The records of a binary stream of JSON or JSON Lines, decoded as UTF-8 a block at
    a time (the format registry's reader; a record names its own game)."""
    from notation.formats.collection import decoded_blocks  # (the one UTF-8 block decoder)

    return iter_json_records(decoded_blocks(stream, source), source)


# -- JSON -> record ------------------------------------------------------------


class JsonRecordError(PMNError):
    """A JSON value is not a PMN record; ``path`` names where (``$[2].moves[0].move``)."""

    code = Code.BAD_RECORD

    def __init__(self, message: str, path: str) -> None:
        super().__init__(f"{path}: {message}")
        self.message = message
        self.path = path


def json_path(base: str, parts: Iterable[str | int]) -> str:
    """A JSONPath-like location: ``$[3].moves[5].move``."""
    out = base
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


class _Shape:
    """A quick structural check of a record against the schema, for the common case.

    It is sound, not complete: whatever it accepts, the schema accepts (a test
    checks this on generated values); what it doubts goes to jsonschema, which
    decides and says why. Its patterns are read from the schema itself.
    """

    def __init__(self, schema: dict[str, Any]) -> None:
        defs = schema["$defs"]
        move = defs["move"]["properties"]
        tag_items = defs["record"]["properties"]["tags"]["items"]["prefixItems"]
        self.tag_name = ecma_pattern(tag_items[0]["pattern"])
        self.tag_value = ecma_pattern(tag_items[1]["pattern"])
        self.result = ecma_pattern(defs["result"]["pattern"])
        self.token = ecma_pattern(move["move"]["pattern"])
        self.number = ecma_pattern(move["number"]["pattern"])
        self.glyphs = frozenset(move["glyph"]["enum"])
        self.comment = ecma_pattern(defs["comments"]["items"]["pattern"])
        self.record_keys = frozenset(defs["record"]["properties"])
        self.move_keys = frozenset(move)
        self.variation_keys = frozenset(move["variations"]["items"]["properties"])

    def comments(self, value: Any) -> bool:
        return type(value) is list and all(
            type(c) is str and self.comment.search(c) and not ("}" in c and "\n" in c)
            for c in value
        )

    def moves(self, value: Any) -> bool:
        if type(value) is not list:
            return False
        stack = [value]
        while stack:
            for move in stack.pop():
                if type(move) is not dict or not move.keys() <= self.move_keys:
                    return False
                token = move.get("move")
                if type(token) is not str or not self.token.search(token):
                    return False
                if len(move) == 1:
                    continue
                lines = self._annotated(move)
                if lines is None:
                    return False
                stack.extend(lines)
        return True

    def _annotated(self, move: dict[str, Any]) -> list[list[Any]] | None:
        """A move's number, glyph, NAGs, comments and variations checked (a move with more
        than its token); the variations' lists of moves, or None when one is wrong."""
        if "number" in move:
            number = move["number"]
            if type(number) is not str or not self.number.search(number):
                return None
        if "glyph" in move:
            glyph = move["glyph"]
            if type(glyph) is not str or glyph not in self.glyphs:
                return None
        nags = move.get("nags", [])
        if type(nags) is not list or not all(type(n) is int and 0 <= n <= 999 for n in nags):
            return None
        if not self.comments(move.get("before", [])) or not self.comments(move.get("comments", [])):
            return None
        variations = move.get("variations", [])
        if type(variations) is not list:
            return None
        lines = []
        for variation in variations:
            if type(variation) is not dict or not variation.keys() <= self.variation_keys:
                return None
            if "moves" not in variation or type(variation["moves"]) is not list:
                return None
            if not self.comments(variation.get("comments", [])):
                return None
            lines.append(variation["moves"])
        return lines

    def record(self, obj: Any) -> bool:
        """Whether ``obj`` is surely a (not damaged) record the schema accepts."""
        if type(obj) is not dict or not obj.keys() <= self.record_keys:
            return False
        tags, result = obj.get("tags"), obj.get("result")
        if type(tags) is not list or type(result) is not str or not self.result.search(result):
            return False
        for tag in tags:
            if type(tag) is not list or len(tag) != 2:
                return False
            name, value = tag
            if type(name) is not str or type(value) is not str:
                return False
            if not self.tag_name.search(name) or not self.tag_value.search(value):
                return False
        return self.moves(obj.get("moves")) and self.comments(obj.get("comments", []))


@cache
def _shape() -> _Shape:
    return _Shape(load_schema())


def record_from_json(obj: Any, path: str = "$", source: str = "") -> Record:
    """The record a JSON value holds; raises JsonRecordError naming the path of the first problem."""
    if _shape().record(obj):
        return _record(obj, path, source)
    try:
        errors = sorted(
            _validator().iter_errors(obj), key=lambda e: (len(e.absolute_path), e.message)
        )
    except RecursionError:
        # jsonschema recurses per level; the quick check does not, and doubted this value
        return _raise(
            "not a PMN record: nested too deeply for the full schema check, and the quick "
            "check finds a key, type or pattern the schema forbids",
            path,
        )
    if errors:
        # report the most specific problem: the deepest path
        worst = max(errors, key=lambda e: len(e.absolute_path))
        best = worst
        if worst.context:
            best = max(worst.context, key=lambda e: len(e.absolute_path))
        return _raise(best.message, json_path(path, best.absolute_path))
    if "raw" in obj:
        return Record(
            raw=obj["raw"], errors=tuple(map(_carried_error, obj["errors"])), source=source
        )
    return _record(obj, path, source)


#: The codes a damaged record read from JSON may carry: those PMN's readers give
#: (docs/pmn.md, "Error codes"). A damaged record is a stranger's text like any
#: other, and reports (schemas/report.schema.json) hold documented codes only.
CARRIED_CODES = frozenset(
    {
        "syntax",
        "bad-tag",
        "unclosed-comment",
        "unclosed-variation",
        "text-after-result",
        "encoding",
        "bad-json",
        "bad-record",
        "bad-move-syntax",
        "illegal-move",
        "game-over",
    }
)


def _carried_error(error: dict[str, Any]) -> ReadError:
    """A damaged JSON record's error; an unknown code becomes ``bad-record``, the code
    given kept in the message (so nothing is lost, and no foreign code reaches a report)."""
    code, message = error["code"], error["message"]
    if code not in CARRIED_CODES:
        message = f"{message} (the input gave this error the code {json.dumps(code)})"
        code = "bad-record"
    return ReadError(
        code, message, error.get("line", 0), error.get("column", 0), error.get("path", "")
    )


def _record(obj: dict[str, Any], path: str, source: str) -> Record:
    """The record of a JSON object that the schema accepts."""
    try:
        mainline = _line_from_json(obj["moves"], obj.get("comments", ()))
    except _ResultLikeMove as exc:
        raise JsonRecordError(
            f'move "{exc}" would read as a result in PMN text (no move starts with digits '
            'and "-" or "/")',
            path,
        ) from None
    tags = tuple((name, value) for name, value in obj["tags"])
    return Record(tags, mainline, obj["result"], source=source)


def _raise(message: str, path: str) -> Record:
    raise JsonRecordError(message, path)


#: No move on any board starts with digits then "-" or "/": PMN text would read it
#: as a result (the schema's move pattern does not say so).
_RESULT_LIKE_RE = re.compile(r"[0-9]+[-/]")


class _ResultLikeMove(ValueError):
    """A move token that PMN text would read as a result."""


def _line_from_json(moves: list[dict[str, Any]], comments: Iterable[str]) -> Line:
    """The line a (schema-checked) list of moves holds, variations built bottom up
    with an explicit stack, as they nest to any depth."""
    # each entry: the moves of a line, its comments, its nodes so far, the
    # variations built for the move being worked on
    Entry = tuple[list[dict[str, Any]], tuple[str, ...], list[MoveNode], list[Line]]
    stack: list[Entry] = [(moves, tuple(comments), [], [])]
    while True:
        line_moves, line_comments, nodes, variations = stack[-1]
        if len(nodes) == len(line_moves):
            line = Line(tuple(nodes), line_comments)
            stack.pop()
            if not stack:
                return line
            stack[-1][3].append(line)
            continue
        m = line_moves[len(nodes)]
        wanted = m.get("variations", ())
        if len(variations) < len(wanted):
            v = wanted[len(variations)]
            stack.append((v["moves"], tuple(v.get("comments", ())), [], []))
            continue
        if _RESULT_LIKE_RE.match(m["move"]):
            raise _ResultLikeMove(m["move"])
        before = tuple(m.get("before", ()))
        if before and nodes and not nodes[-1].variations:
            # Text has one place between two moves: a comment there follows the first
            # (as the PMN reader reads it), unless variations stand between them.
            nodes[-1] = replace(nodes[-1], comments=nodes[-1].comments + before)
            before = ()
        nodes.append(
            MoveNode(
                token=m["move"],
                number=m.get("number"),
                glyph=m.get("glyph", ""),
                nags=tuple(int(n) for n in m.get("nags", ())),  # the schema allows 3.0
                comments_before=before,
                comments=tuple(m.get("comments", ())),
                variations=tuple(variations),
            )
        )
        variations.clear()


def iter_json_records(
    text_or_lines: str | Iterable[str], source: str = "<json>"
) -> Iterator[Record]:
    """Records from a JSON array, a single JSON object, or JSON Lines.

    ``text_or_lines`` is the text, or its pieces in order (lines, or blocks
    of any size: :func:`notation.formats.collection.read_path` gives a file's text a
    block at a time). Reading streams: an array is read one value at a time
    and JSON Lines a line at a time, so memory holds about one record, and
    each record is yielded as soon as its text has been read.

    A value that is not a record is yielded as a damaged record whose error
    names the JSON path, and reading goes on with the next value. An array
    that is not JSON from some value on, but is laid out one record per line
    as :func:`write_json` writes it, is read on line by line, so that one
    damaged record does not take the others with it; otherwise the text from
    that value on is one damaged record.
    """
    pieces = _Pieces(iter((text_or_lines,) if isinstance(text_or_lines, str) else text_or_lines))
    try:
        if not pieces.skip_leading_space():
            return
        if pieces.text.startswith("[", pieces.at):
            yield from _iter_array(pieces, source)
        else:
            yield from _iter_lines(pieces, source)
    except _TooLong as exc:  # a value (or the rest of the text) longer than is held
        yield cut_off(exc.size, source, exc.line, MAX_JSON_LINE_CHARS, unit="characters")


class _TooLong(Exception):
    """The unread text outgrew :data:`notation.core.limits.MAX_KEPT_BYTES` characters before a
    value (or the line, or the text) ended: reading stops, the rest is cut off."""

    def __init__(self, size: int, line: int) -> None:
        super().__init__(size)
        self.size = size
        self.line = line


class _LongLine(int):
    """A JSON Lines line longer than :data:`notation.core.limits.MAX_KEPT_BYTES` characters,
    skipped to its line break without being held: its length."""


class _Pieces:
    """Text that arrives in pieces: the unread part in ``text`` from ``at``, read on
    when more is needed. ``lines`` counts the line breaks in text already dropped.
    No more than :data:`notation.core.limits.MAX_KEPT_BYTES` characters are held unread
    (:class:`_TooLong`), so that one endless value cannot take the run's memory."""

    def __init__(self, pieces: Iterator[str]) -> None:
        self.pieces = pieces
        self.text = ""
        self.at = 0
        self.lines = 0
        self.ended = False

    def more(self) -> bool:
        """Read another piece (the text before ``at`` is dropped); False at the end."""
        for piece in self.pieces:
            if piece:
                self.lines += self.text.count("\n", 0, self.at)
                if len(self.text) - self.at + len(piece) > MAX_KEPT_BYTES:
                    raise _TooLong(self._drain(len(self.text) - self.at), self.lines + 1)
                self.text = self.text[self.at :] + piece
                self.at = 0
                return True
        self.ended = True
        return False

    def _drain(self, size: int) -> int:
        """Read to the end without holding the text: ``size`` and every piece's length."""
        for piece in self.pieces:
            size += len(piece)
        self.text, self.at, self.ended = "", 0, True
        return size

    def grow(self) -> bool:
        """Read on until the unread text is about twice as long (or the end)."""
        target = 2 * (len(self.text) - self.at) + 1
        grown = False
        while len(self.text) - self.at < target and self.more():
            grown = True
        return grown

    def skip_leading_space(self) -> bool:
        """Skip a byte-order mark and white space; False when nothing else is left."""
        while True:
            stripped = len(self.text) - len(self.text[self.at :].lstrip("\ufeff \t\r\n"))
            self.at = stripped
            if self.at < len(self.text):
                return True
            if not self.more():
                return False

    def next_line(self) -> str | _LongLine | None:
        """The next line with its line break ("\\n"), or None at the end of the text.
        A line longer than :data:`notation.core.limits.MAX_KEPT_BYTES` is read to its line
        break without being held, and given as its length (:class:`_LongLine`)."""
        end = self.text.find("\n", self.at)
        if end < 0:
            found = self._gather_line()
            if isinstance(found, _LongLine):
                return found
            end = found
        if end < 0:
            if self.at == len(self.text):
                return None
            line, self.at = self.text[self.at :], len(self.text)
            return line
        line, self.at = self.text[self.at : end + 1], end + 1
        return line

    def _gather_line(self) -> int | _LongLine:
        """Read on to the next line break, gathering the pieces and joining them once:
        where the break is in ``text`` (-1 at the end), or the length of a line too
        long to hold, read past."""
        self.lines += self.text.count("\n", 0, self.at)
        parts = [self.text[self.at :]]
        size = len(parts[0])
        self.text, self.at = "", 0
        for piece in self.pieces:
            newline = piece.find("\n")
            if size + (len(piece) if newline < 0 else newline + 1) > MAX_KEPT_BYTES:
                while newline < 0:  # read to the line's end, holding nothing
                    size += len(piece)
                    following = next(self.pieces, None)
                    if following is None:
                        self.ended = True
                        return _LongLine(size)
                    piece = following
                    newline = piece.find("\n")
                self.text, self.at = piece, newline + 1  # more() counts this line break
                return _LongLine(size + newline + 1)
            parts.append(piece)
            if newline >= 0:
                self.text = "".join(parts)
                return size + newline
            size += len(piece)
        self.ended = True
        self.text = "".join(parts)
        return -1

    def has_more(self) -> bool:
        """Whether any text is left."""
        return self.at < len(self.text) or self.more()

    def line_at(self, offset: int) -> int:
        """The line number (1 is the first) of ``text[offset]``."""
        return self.lines + self.text.count("\n", 0, offset) + 1

    def rest(self) -> str:
        """All the text from ``at`` to the end."""
        while self.more():
            pass
        return self.text[self.at :]


_SPACE_RE = re.compile(r"[ \t\n\r]*")


def _iter_array(pieces: _Pieces, source: str) -> Iterator[Record]:
    """The records of a JSON array, one value at a time (``pieces.at`` is on its "[").

    The text before ``pieces.at`` is dropped as reading goes on; the "[" is kept
    until the first value is read, so that an array damaged there is kept whole."""
    index = 0
    skip = 1  # where reading goes on, from pieces.at
    while True:
        # between values: white space, then a value (or "]" at the start: "[]")
        while True:
            at = _SPACE_RE.match(pieces.text, pieces.at + skip).end()  # type: ignore[union-attr]
            skip = at - pieces.at
            if at < len(pieces.text) or not pieces.more():
                break
        if index == 0 and pieces.text.startswith("]", at):
            pieces.at = at + 1
            yield from _after_array(pieces, source)
            return
        while True:
            value_start = pieces.at + skip
            try:
                value, end = raw_loads(pieces.text, value_start)
                # a number may go on in the next piece; any other value ends with its text
                if end == len(pieces.text) and not pieces.ended and pieces.grow():
                    continue
            except json.JSONDecodeError as exc:
                if not pieces.ended and pieces.grow():
                    continue  # the value may go on in the next piece
                start = pieces.at if index == 0 else value_start
                yield from _recover_rest(pieces, start, index, exc, source)
                return
            break
        if SURROGATE_ESCAPE_RE.search(pieces.text, value_start, end) and has_lone_surrogate(value):
            # a lone surrogate damages its own record only, not the whole array
            yield _not_text(value, f"$[{index}]", source)
        else:
            yield _record_or_damaged(value, f"$[{index}]", source, None)
        index += 1
        # after a value: "," or "]"
        pieces.at, skip = end, 0
        while True:
            pieces.at = _SPACE_RE.match(pieces.text, pieces.at).end()  # type: ignore[union-attr]
            if pieces.at < len(pieces.text) or not pieces.more():
                break
        at = pieces.at
        char = pieces.text[at : at + 1]
        if char == ",":
            pieces.at += 1
            continue
        if char == "]":
            pieces.at += 1
            yield from _after_array(pieces, source)
            return
        message = "the array is not closed with ]" if not char else "Expecting ',' delimiter"
        yield from _recover_rest(
            pieces, at, index, json.JSONDecodeError(message, pieces.text, at), source
        )
        return


def _after_array(pieces: _Pieces, source: str) -> Iterator[Record]:
    """Only white space may follow the array: anything else is a damaged record."""
    if pieces.skip_leading_space():
        at = pieces.at
        line = pieces.line_at(at)
        rest = pieces.rest()
        error = ReadError(Code.BAD_JSON, "not JSON: Extra data after the array", line, 1)
        yield Record(raw=rest, errors=(error,), source=source, line=line)


def _recover_rest(
    pieces: _Pieces, start: int, index: int, exc: json.JSONDecodeError, source: str
) -> Iterator[Record]:
    """The records from the array's value ``index`` on (its text at ``start``), which is not
    JSON: read line by line when laid out one record per line (as :func:`write_json`
    writes), a damaged record of all that text otherwise."""
    line_start = pieces.text.rfind("\n", 0, start) + 1
    first_line = pieces.line_at(start)
    error_line = pieces.line_at(exc.pos)
    error_column = exc.pos - (pieces.text.rfind("\n", 0, exc.pos) + 1) + 1
    pieces.at = line_start if not pieces.text[line_start:start].strip() else start
    rest = pieces.rest()
    lines = rest.splitlines()
    opened = True
    if index == 0:  # the text from the "[" on: laid out, it is alone on its line
        opened = bool(lines) and lines[0].strip() == "["
        lines, first_line = lines[1:], first_line + 1
    body = [line.strip() for line in lines[:-1]]
    if not (
        opened and lines and lines[-1].strip() == "]" and all(line.startswith("{") for line in body)
    ):
        first_line -= index == 0
        error = ReadError(Code.BAD_JSON, f"not JSON: {exc.msg}", error_line, error_column)
        yield Record(raw=rest, errors=(error,), source=source, line=first_line)
        return
    for offset, line in enumerate(body):
        number = first_line + offset
        item = line[:-1] if line.endswith(",") and offset < len(body) - 1 else line
        try:
            value = loads(item)
        except json.JSONDecodeError as item_exc:
            yield _bad_json(item, item_exc, source, number)
            continue
        yield _record_or_damaged(value, f"$[{index + offset}]", source, number)


def _iter_lines(pieces: _Pieces, source: str) -> Iterator[Record]:
    """JSON Lines (one value per line), or one value spread over several lines.

    Lines are numbered from the first one that is not blank, and a record's path
    is ``$[n]`` unless the text is one line (then ``$``)."""
    number = 0
    single = False
    while True:
        line = pieces.next_line()
        if line is None:
            return
        number += 1
        if isinstance(line, _LongLine):  # never held: cut off as it streamed
            yield cut_off(int(line), source, number, MAX_JSON_LINE_CHARS, unit="characters")
            continue
        if number == 1:
            single = not pieces.has_more()
        line = line.removesuffix("\n").removesuffix("\r")
        if not line.strip():
            continue
        if len(line) > MAX_JSON_LINE_CHARS:  # one huge game must not take the run's memory
            yield too_large(line, source, number, MAX_JSON_LINE_CHARS)
            continue
        try:
            value = loads(line)
        except json.JSONDecodeError as exc:
            if number == 1 and not single:
                # maybe one record spread over several lines
                try:
                    value = loads(line + "\n" + pieces.rest())
                except json.JSONDecodeError:
                    yield _bad_json(line, exc, source, number)
                    continue
                yield _record_or_damaged(value, "$", source, None)
                return
            yield _bad_json(line, exc, source, number)
            continue
        yield _record_or_damaged(value, "$" if single else f"$[{number - 1}]", source, number)


def _bad_json(text: str, exc: json.JSONDecodeError, source: str, line: int) -> Record:
    """A damaged record for text that is not JSON; ``exc`` was raised for text starting at ``line``."""
    where = line + exc.lineno - 1
    error = ReadError(Code.BAD_JSON, f"not JSON: {exc.msg}", where, exc.colno)
    return Record(raw=text, errors=(error,), source=source, line=line)


def _not_text(value: Any, path: str, source: str) -> Record:
    """The damaged record of a JSON value holding a lone surrogate (its raw text escaped)."""
    message = (
        "not JSON text: a string holds a lone surrogate (a \\uD800-\\uDFFF escape that is "
        "not half of a pair), which is not Unicode text"
    )
    return Record(
        raw=json.dumps(value, ensure_ascii=True),
        errors=(ReadError(Code.BAD_JSON, message, 0, 0, path),),
        source=source,
    )


def _record_or_damaged(value: Any, path: str, source: str, line: int | None) -> Record:
    try:
        return record_from_json(value, path, source)
    except JsonRecordError as exc:
        return Record(
            raw=dumps(value),
            errors=(ReadError(Code.BAD_RECORD, exc.message, line or 0, 0, exc.path),),
            source=source,
            line=line or 0,
        )


__all__ = [
    "CARRIED_CODES",
    "SCHEMA_FILE",
    "JSONLinesWriter",
    "JSONWriter",
    "JsonRecordError",
    "iter_json_records",
    "json_path",
    "load_schema",
    "read_stream",
    "record_from_json",
    "record_to_json",
    "write_json",
]
