"""JSON text read and written at any depth, and JSON Schema patterns read the ECMA-262 way.

Nothing here is PMN: it is the general JSON machinery the JSON form
(:mod:`notation.formats.jsonform`) stands on, kept apart so that module holds PMN
code only. It exists because Python's own tools fall short in three places:

- depth: :mod:`json` recurses once per level of nesting, and PMN variations
  nest to any depth, so :func:`loads` and :func:`dumps` fall back to an
  explicit stack when ``json`` runs out of recursion (only then: ``json`` is
  much faster);
- numbers too long for Python: an integer of more than 4,300 digits makes
  ``json.loads`` raise a bare ``ValueError``; :func:`loads` turns it into a
  ``json.JSONDecodeError`` like any other text that cannot be read;
- patterns: JSON Schema patterns are ECMA-262 regular expressions, where
  ``$`` matches only at the very end; :func:`ecma_pattern` compiles them so
  that they mean that in Python's ``re``, and :func:`schema_validator_class` checks
  draft 2020-12 schemas with them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from typing import Any


@cache
def ecma_pattern(pattern: str) -> re.Pattern[str]:
    r"""A schema ``pattern`` compiled to mean what JSON Schema says it means.

    JSON Schema patterns are ECMA-262 regular expressions, where ``$`` (no
    multiline flag) matches only at the very end. In Python's ``re`` it also
    matches before a final line break, so ``^[^\r\n]*$`` would let a tag
    value ending in ``\n`` through. Each ``$`` outside a character class
    becomes ``\Z``.
    """
    out: list[str] = []
    in_class = False
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            out.append(pattern[index : index + 2])
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "$":
            char = r"\Z"
        out.append(char)
        index += 1
    return re.compile("".join(out))


@cache
def schema_validator_class() -> Any:
    """Draft 2020-12 with ``pattern`` read the ECMA-262 way (see :func:`ecma_pattern`).

    A validator class, built on first use: :mod:`jsonschema` is imported only
    when a JSON value is checked against a schema, not by every command that
    imports this module.
    """
    import jsonschema

    def pattern_keyword(
        validator: Any, pattern: str, instance: Any, schema: dict[str, Any]
    ) -> Iterator[jsonschema.ValidationError]:
        if validator.is_type(instance, "string") and not ecma_pattern(pattern).search(instance):
            yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")

    return jsonschema.validators.extend(  # type: ignore[no-untyped-call]
        jsonschema.Draft202012Validator, {"pattern": pattern_keyword}
    )


# -- JSON text without recursion -------------------------------------------------

#: Variations nest to any depth, and so does their JSON. ``json`` recurses once per
#: level, so values nested deeper than it can go are read and written here with an
#: explicit stack instead (only then: the ``json`` module is much faster).
_SPACE_RE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


def dumps(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False)``, at any depth of nesting."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except RecursionError:
        pass
    out: list[str] = []
    stack: list[Iterator[Any] | str] = [iter((value,))]
    while stack:
        top = stack[-1]
        if isinstance(top, str):  # a closing bracket
            out.append(stack.pop())  # type: ignore[arg-type]
            continue
        item = next(top, stack)
        if item is stack:
            stack.pop()
            continue
        first = not out or out[-1] in ("[", "{", ": ")
        if not first:
            out.append(", ")
        if isinstance(item, tuple):  # a key and its value
            out.append(json.dumps(item[0], ensure_ascii=False))
            out.append(": ")
            item = item[1]
        if isinstance(item, dict):
            out.append("{")
            stack.append("}")
            stack.append(iter(item.items()))
        elif isinstance(item, list | tuple):
            out.append("[")
            stack.append("]")
            stack.append(iter(item))
        else:
            out.append(json.dumps(item, ensure_ascii=False))
    return "".join(out)


def loads(text: str, *, surrogates: bool = False) -> Any:
    """``json.loads(text)``, at any depth of nesting. Raises json.JSONDecodeError.

    Numbers too long to convert (Python's integer digit limit) are a
    JSONDecodeError here too, not a bare ValueError; so is a string with a
    lone surrogate (``"\\ud800"``), which is no Unicode text: no file,
    terminal or page could hold it (unless ``surrogates``: the caller checks
    each value with :func:`has_lone_surrogate`).
    """
    try:
        value = json.loads(text)
    except RecursionError:
        value = _loads_deep(text)
    except json.JSONDecodeError:
        raise
    except ValueError as exc:  # e.g. an integer with more than 4300 digits
        raise json.JSONDecodeError(str(exc).split(":")[0], text, 0) from None
    if not surrogates and SURROGATE_ESCAPE_RE.search(text) and has_lone_surrogate(value):
        escape = _LONE_ESCAPE_RE.search(text)
        at = escape.start() if escape is not None else 0
        raise json.JSONDecodeError(
            "a string holds a lone surrogate (a \\uD800-\\uDFFF escape that is not half of a "
            "pair), which is not Unicode text",
            text,
            at,
        )
    return value


#: A \\u escape of a surrogate; only text that holds one is searched for lone ones.
SURROGATE_ESCAPE_RE = re.compile(r"\\u[dD][89a-fA-F]")
_LONE_ESCAPE_RE = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])"
    r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}"
)
_SURROGATE_RE = re.compile("[\ud800-\udfff]")


def has_lone_surrogate(value: Any) -> bool:
    """Whether a string anywhere in a JSON value (keys too) holds a lone surrogate."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE_RE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def raw_loads(text: str, start: int = 0) -> tuple[Any, int]:
    """The JSON value that starts at ``start`` (white space skipped), and where it ends.

    Text after the value is left alone (``json.JSONDecoder.raw_decode``), so a
    stream can be read one value at a time. Any depth of nesting; a number too
    long for Python is a JSONDecodeError, as in :func:`loads`. Lone surrogates
    are the caller's to look for (:func:`has_lone_surrogate`).
    """
    start = _SPACE_RE.match(text, start).end()  # type: ignore[union-attr]
    try:
        return _DECODER.raw_decode(text, start)
    except RecursionError:
        return _raw_deep(text, start)
    except json.JSONDecodeError:
        raise
    except ValueError as exc:  # e.g. an integer with more than 4300 digits
        raise json.JSONDecodeError(str(exc).split(":")[0], text, start) from None


def _loads_deep(text: str) -> Any:
    """A JSON parser with an explicit stack (see :func:`loads`)."""
    value, index = _raw_deep(text, _SPACE_RE.match(text, 0).end())  # type: ignore[union-attr]
    if index != len(text):
        raise json.JSONDecodeError("Extra data", text, index)
    return value


def _raw_deep(text: str, index: int) -> tuple[Any, int]:
    """The value at ``index`` (no white space before it) read with an explicit stack, and
    the end of the white space after it."""
    # each open container: [the container, the key awaiting its value (objects)]
    stack: list[list[Any]] = []

    def fail(message: str, at: int) -> json.JSONDecodeError:
        return json.JSONDecodeError(message, text, at)

    def read_key(at: int) -> tuple[Any, int]:
        """An object's property name and the colon after it; the key and where its value starts."""
        if text[at : at + 1] != '"':
            raise fail("Expecting property name enclosed in double quotes", at)
        key, at = _DECODER.raw_decode(text, at)
        at = _SPACE_RE.match(text, at).end()  # type: ignore[union-attr]
        if text[at : at + 1] != ":":
            raise fail("Expecting ':' delimiter", at)
        return key, _SPACE_RE.match(text, at + 1).end()  # type: ignore[union-attr]

    while True:
        char = text[index : index + 1]
        # a value starts here
        if char == "[" or char == "{":
            container: Any = [] if char == "[" else {}
            index = _SPACE_RE.match(text, index + 1).end()  # type: ignore[union-attr]
            closing = "]" if char == "[" else "}"
            if text[index : index + 1] == closing:
                value: Any = container
                index += 1
            else:
                stack.append([container, None])
                if char == "{":
                    stack[-1][1], index = read_key(index)
                continue
        else:
            try:
                value, index = _DECODER.raw_decode(text, index) if char else (None, -1)
            except json.JSONDecodeError:
                raise
            except ValueError as exc:
                raise fail(str(exc).split(":")[0], index) from None
            if index < 0:
                raise fail("Expecting value", len(text))
        # a value is complete: put it in its container, then close what ends here
        while True:
            index = _SPACE_RE.match(text, index).end()  # type: ignore[union-attr]
            if not stack:
                return value, index
            container, key = stack[-1]
            if isinstance(container, list):
                container.append(value)
            else:
                container[key] = value
            char = text[index : index + 1]
            if char == ",":
                index = _SPACE_RE.match(text, index + 1).end()  # type: ignore[union-attr]
                if isinstance(container, dict):
                    stack[-1][1], index = read_key(index)
                break
            if char == ("]" if isinstance(container, list) else "}"):
                stack.pop()
                value = container
                index += 1
                continue
            raise fail("Expecting ',' delimiter", index)


__all__ = [
    "SURROGATE_ESCAPE_RE",
    "dumps",
    "ecma_pattern",
    "has_lone_surrogate",
    "loads",
    "raw_loads",
    "schema_validator_class",
]
