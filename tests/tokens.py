"""Move tokens and move numbers for the property tests, drawn from their finite languages.

``st.from_regex`` drew each token in about 0.7 ms, most of the time of the properties
that write and read whole records (tests/formats/test_pmn_format.py,
tests/formats/test_grammar_differential.py; issue 28). A token's regular expression
has a finite language, so it is listed here once, and a token is drawn as
``from_regex`` draws it: an alternative of the expression first (``st.one_of``),
then a string of it, an optional part present as often as absent; in about a tenth
of the time. Each test module checks that what it draws is its expression's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hypothesis import strategies as st

__all__ = ["digits", "language", "optional_tail", "squares", "strings"]


def digits(low: int, high: int) -> list[str]:
    """Every string of ``low`` to ``high`` ASCII digits (``[0-9]{low,high}``)."""
    found: list[str] = []
    for size in range(low, high + 1):
        found.extend(str(n).zfill(size) for n in range(10**size))
    return found


def squares(rows: str, columns: str) -> list[str]:
    """``[rows][columns]``: a row then a column, every pair."""
    return [row + column for row in rows for column in columns]


def optional_tail(heads: Iterable[str], tails: Sequence[str]) -> list[str]:
    """``head(tail)?``: each head alone as often as followed by one of its tails."""
    found: list[str] = []
    for head in heads:
        found.extend([head] * len(tails))
        found.extend(head + tail for tail in tails)
    return found


def language(*alternatives: Sequence[str]) -> st.SearchStrategy[str]:
    """One of the alternatives (each the list of its strings), then one of its strings."""
    return st.one_of(*(st.sampled_from(list(strings)) for strings in alternatives))


def strings(*alternatives: Sequence[str]) -> set[str]:
    """Every string the alternatives give (to check them against their expression)."""
    return {text for strings in alternatives for text in strings}
