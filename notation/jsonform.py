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
from functools import cache
from importlib import resources
from pathlib import Path
from typing import IO, Any

import jsonschema

from notation.record import Line, MoveNode, ReadError, Record

SCHEMA_FILE = "record.schema.json"


def load_schema(name: str = SCHEMA_FILE) -> dict[str, Any]:
    """A JSON Schema shipped with PMN (``schemas/`` in the source tree)."""
    try:
        text = resources.files("notation.schemas").joinpath(name).read_text("utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        # running from a source checkout: schemas/ sits beside notation/
        text = (Path(__file__).resolve().parent.parent / "schemas" / name).read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator(name: str = SCHEMA_FILE) -> jsonschema.protocols.Validator:
    schema = load_schema(name)
    validator: jsonschema.protocols.Validator = jsonschema.Draft202012Validator(schema)
    return validator


# -- record -> JSON -------------------------------------------------------------


def record_to_json(record: Record) -> dict[str, Any]:
    """The JSON object of a record (a damaged record gives its raw text and errors)."""
    if record.raw is not None:
        return {"raw": record.raw, "errors": [_error_to_json(e) for e in record.errors]}
    obj: dict[str, Any] = {
        "tags": [[name, value] for name, value in record.tags],
        "moves": _moves_to_json(record.mainline),
    }
    if record.mainline.comments:
        obj["comments"] = list(record.mainline.comments)
    obj["result"] = record.result
    return obj


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
                obj["before"] = list(node.comments_before)
            if node.comments:
                obj["comments"] = list(node.comments)
            if node.variations:
                variations = []
                for variation in node.variations:
                    var_obj: dict[str, Any] = {"moves": []}
                    if variation.comments:
                        var_obj["comments"] = list(variation.comments)
                    variations.append(var_obj)
                    stack.append((variation, var_obj["moves"]))
                obj["variations"] = variations
            out.append(obj)
    return root


def write_json(records: Iterable[Record], out: IO[str], *, lines: bool = False) -> None:
    """Write records as a JSON array (indented) or as JSON Lines (``lines=True``)."""
    if lines:
        for record in records:
            out.write(json.dumps(record_to_json(record), ensure_ascii=False))
            out.write("\n")
        return
    out.write("[")
    first = True
    for record in records:
        out.write("\n  " if first else ",\n  ")
        out.write(json.dumps(record_to_json(record), ensure_ascii=False))
        first = False
    out.write("\n]\n" if not first else "]\n")


# -- JSON -> record ------------------------------------------------------------


class JsonRecordError(ValueError):
    """A JSON value is not a PMN record; ``path`` names where (``$[2].moves[0].move``)."""

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
        self.tag_name = re.compile(tag_items[0]["pattern"])
        self.tag_value = re.compile(tag_items[1]["pattern"])
        self.result = re.compile(defs["result"]["pattern"])
        self.token = re.compile(move["move"]["pattern"])
        self.number = re.compile(move["number"]["pattern"])
        self.glyphs = frozenset(move["glyph"]["enum"])
        self.comment = re.compile(defs["comments"]["items"]["pattern"])
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
                if "number" in move:
                    number = move["number"]
                    if type(number) is not str or not self.number.search(number):
                        return False
                if "glyph" in move:
                    glyph = move["glyph"]
                    if type(glyph) is not str or glyph not in self.glyphs:
                        return False
                nags = move.get("nags", [])
                if type(nags) is not list or not all(
                    type(n) is int and 0 <= n <= 999 for n in nags
                ):
                    return False
                if not self.comments(move.get("before", [])) or not self.comments(
                    move.get("comments", [])
                ):
                    return False
                variations = move.get("variations", [])
                if type(variations) is not list:
                    return False
                for variation in variations:
                    if type(variation) is not dict or not variation.keys() <= self.variation_keys:
                        return False
                    if "moves" not in variation or type(variation["moves"]) is not list:
                        return False
                    if not self.comments(variation.get("comments", [])):
                        return False
                    stack.append(variation["moves"])
        return True

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
        return Record(
            tuple((name, value) for name, value in obj["tags"]),
            _line_from_json(obj["moves"], obj.get("comments", ())),
            obj["result"],
            source=source,
        )
    errors = sorted(_validator().iter_errors(obj), key=lambda e: (len(e.absolute_path), e.message))
    if errors:
        # report the most specific problem: the deepest path
        worst = max(errors, key=lambda e: len(e.absolute_path))
        best = worst
        if worst.context:
            best = max(worst.context, key=lambda e: len(e.absolute_path))
        return _raise(best.message, json_path(path, best.absolute_path))
    if "raw" in obj:
        return Record(
            raw=obj["raw"],
            errors=tuple(
                ReadError(
                    e["code"], e["message"], e.get("line", 0), e.get("column", 0), e.get("path", "")
                )
                for e in obj["errors"]
            ),
            source=source,
        )
    return Record(
        tuple((name, value) for name, value in obj["tags"]),
        _line_from_json(obj["moves"], obj.get("comments", ())),
        obj["result"],
        source=source,
    )


def _raise(message: str, path: str) -> Record:
    raise JsonRecordError(message, path)


def _line_from_json(moves: list[dict[str, Any]], comments: Iterable[str]) -> Line:
    return Line(
        tuple(
            MoveNode(
                token=m["move"],
                number=m.get("number"),
                glyph=m.get("glyph", ""),
                nags=tuple(m.get("nags", ())),
                comments_before=tuple(m.get("before", ())),
                comments=tuple(m.get("comments", ())),
                variations=tuple(
                    _line_from_json(v["moves"], v.get("comments", ()))
                    for v in m.get("variations", ())
                ),
            )
            for m in moves
        ),
        tuple(comments),
    )


def iter_json_records(
    text_or_lines: str | Iterable[str], source: str = "<json>"
) -> Iterator[Record]:
    """Records from a JSON array, a single JSON object, or JSON Lines.

    A value that is not a record is yielded as a damaged record whose error
    names the JSON path, and reading goes on with the next value.
    """
    text = text_or_lines if isinstance(text_or_lines, str) else "".join(text_or_lines)
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped.startswith("["):
        try:
            values = json.loads(stripped)
        except (json.JSONDecodeError, RecursionError) as exc:
            yield _bad_json(text, exc, source)
            return
        for index, value in enumerate(values):
            yield _record_or_damaged(value, f"$[{index}]", source, None)
        return
    lines = stripped.splitlines()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as exc:
            if number == 1:
                # maybe one record spread over several lines
                try:
                    value = json.loads(stripped)
                except (json.JSONDecodeError, RecursionError):
                    yield _bad_json(line, exc, source, number)
                    continue
                yield _record_or_damaged(value, "$", source, None)
                return
            yield _bad_json(line, exc, source, number)
            continue
        except RecursionError:
            yield Record(
                raw=line,
                errors=(ReadError("bad-json", "JSON nested too deeply", number, 1),),
                source=source,
            )
            continue
        yield _record_or_damaged(
            value, f"$[{number - 1}]" if len(lines) > 1 else "$", source, number
        )


def _bad_json(text: str, exc: Exception, source: str, line: int = 0) -> Record:
    if isinstance(exc, json.JSONDecodeError):
        error = ReadError("bad-json", f"not JSON: {exc.msg}", line or exc.lineno, exc.colno)
    else:
        error = ReadError("bad-json", "JSON nested too deeply", line, 1)
    return Record(raw=text, errors=(error,), source=source, line=line)


def _record_or_damaged(value: Any, path: str, source: str, line: int | None) -> Record:
    try:
        return record_from_json(value, path, source)
    except JsonRecordError as exc:
        raw = json.dumps(value, ensure_ascii=False)
        return Record(
            raw=raw,
            errors=(ReadError("bad-record", exc.message, line or 0, 0, exc.path),),
            source=source,
            line=line or 0,
        )
    except RecursionError:
        return Record(
            raw="",
            errors=(ReadError("bad-record", "JSON nested too deeply", line or 0, 0, path),),
            source=source,
        )
