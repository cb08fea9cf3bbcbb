"""The reader's regular expressions mean the same on every CPython PMN supports.

CPython 3.11.0 to 3.11.4 (Debian 12's python3 is 3.11.2) get a possessive repetition of a
group wrong (``(?:X)*+``, ``(?:X)++``, ``(?:X){m,n}+``): when a try of the group fails after
a part of it that cannot backtrack (``[ \\t]*+``, an alternation), the position is not put
back, and the match ends inside the failed try. 3.11.5 fixed the engine. So the library
writes such a repetition as an atomic group around a greedy one, ``(?>(?:X)*)``, which every
version evaluates alike (and which 3.11.5 and later run as fast). A possessive repetition of
one character or class (``[ \\t]*+``) is a different, correct, instruction and stays.

The first three tests are the cases seen on 3.11.2 (they failed there before the rewrite);
the last holds every pattern of the library to the rule.
"""

from __future__ import annotations

import importlib
import io
import pkgutil
import re
from collections.abc import Iterator
from re import _compiler, _parser  # type: ignore[attr-defined]

import pyparsing as pp
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import notation
from notation.core.tokens import TAG_PAIR, Token
from notation.formats import pmn
from notation.formats.grammar import parse_file_reference
from notation.formats.pmn import _iter_chunks_by_line, _iter_chunks_in_blocks, read_text


def test_a_game_ends_before_the_next_line_that_begins_with_a_bracket() -> None:
    data = b'[Game "Tricala"] 1. 5a[WB]-6b *\n  [Event "a] b"]'
    # the first line is the whole game; the second begins the next (3.11.2 said 34: it
    # took the spaces of the second line into the first game)
    assert pmn._game_end(data, 0) == data.index(b"\n") + 1
    assert pmn._GAME_HEAD_RE.match(data, 0).end() == data.index(b"\n") + 1  # type: ignore[union-attr]


def test_both_cutters_leave_the_next_games_indent_to_it() -> None:
    data = b'[Game "Wari"]\n\n  [Event "x"]\n'
    by_line = list(_iter_chunks_by_line(io.BytesIO(data).readlines(), "s"))
    in_blocks = list(_iter_chunks_in_blocks(io.BytesIO(data), "s", 1))
    assert in_blocks == by_line
    assert [chunk.text for chunk in by_line] == ['[Game "Wari"]\n\n', '  [Event "x"]\n']


def test_a_comment_does_not_run_across_a_new_games_tag_pair() -> None:
    text = '[Game "Wari"]\n\n1. C * {a\n\n[Game "Wari"]\n}\n'
    first = read_text(text)[0]
    assert first.errors[0].code == "unclosed-comment"
    with pytest.raises(pp.ParseBaseException):  # 3.11.2: the grammar read the comment on
        parse_file_reference(text)


def _library_patterns() -> Iterator[tuple[str, re.Pattern[str] | re.Pattern[bytes]]]:
    for module_info in pkgutil.walk_packages(notation.__path__, "notation."):
        module = importlib.import_module(module_info.name)
        for name, value in vars(module).items():
            if isinstance(value, Token):
                yield f"{module_info.name}.{name}", value.re
            elif isinstance(value, re.Pattern):
                yield f"{module_info.name}.{name}", value


#: What a possessively repeated group may hold and still match alike on 3.11.0-3.11.4:
#: single characters, none of which moves the engine's saved position when it fails.
_ONE_CHARACTER = {_parser.LITERAL, _parser.NOT_LITERAL, _parser.IN, _parser.ANY}


def _safe_body(item: _parser.SubPattern) -> bool:
    """A group whose failed try leaves the position where the try began on every CPython:
    single characters, then at most one repetition of a single character, last (a
    failure can only come before it)."""
    ops = list(item)
    *first, last = ops or [(_parser.LITERAL, 0)]
    if not all(op in _ONE_CHARACTER for op, _ in first):
        return False
    op, av = last
    return op in _ONE_CHARACTER or (
        op in (_parser.POSSESSIVE_REPEAT, _parser.MAX_REPEAT) and _compiler._simple(av[2])
    )


def _possessive_groups(parsed: _parser.SubPattern) -> Iterator[str]:
    for op, av in parsed:
        if (
            op is _parser.POSSESSIVE_REPEAT
            and not _compiler._simple(av[2])
            and not _safe_body(av[2])
        ):
            yield str(av[2])[:60]
        for arg in av if isinstance(av, (tuple, list)) else ():
            if isinstance(arg, _parser.SubPattern):
                yield from _possessive_groups(arg)
            elif isinstance(arg, (tuple, list)):
                for item in arg:
                    if isinstance(item, _parser.SubPattern):
                        yield from _possessive_groups(item)


def test_no_pattern_of_the_library_repeats_a_group_possessively() -> None:
    patterns = dict(_library_patterns())
    assert len(patterns) > 20  # the walk found the library's patterns
    offenders = {
        name: found
        for name, pattern in patterns.items()
        if (found := list(_possessive_groups(_parser.parse(pattern.pattern, pattern.flags))))
    }
    assert offenders == {}


def test_the_check_sees_a_possessive_group() -> None:
    parsed = _parser.parse(r"x(?:[ \t]*+(?:\n|\Z))*+", 0)
    assert list(_possessive_groups(parsed))
    assert not list(_possessive_groups(_parser.parse(r"x(?>(?:[ \t]*+(?:\n|\Z))*)[ab]*+", 0)))
    assert not list(_possessive_groups(_parser.parse(r'[^"\\]*+(?:\\["\\][^"\\]*+)*+', 0)))
    assert list(_possessive_groups(_parser.parse(r"(?:[ab]*+c)*+", 0)))  # a repeat, then more


@settings(max_examples=2000, deadline=None)
@given(st.text(alphabet='ab\\"\n', max_size=12))
def test_a_tag_value_with_escapes_matches_as_its_atomic_spelling(value):
    # the spelling that keeps no state per escape matches what the atomic one does
    atomic = re.compile(r'\[[ \t]*([A-Za-z0-9_]+)[ \t]+"((?>(?:[^"\\\r\n]++|\\["\\])*))"[ \t]*\]')
    text = f'[Event "{value}"] x'
    mine = TAG_PAIR.re.match(text)
    theirs = atomic.match(text)
    assert (mine and mine.span()) == (theirs and theirs.span())
