"""CSV that spreadsheets open as data: no cell is run as a formula.

A spreadsheet runs a cell that begins with ``=``, ``+``, ``-`` or ``@`` (and,
in some, a tab or a carriage return) as a formula, so a player named
``=HYPERLINK(...)`` would run code on the organiser's machine. As OWASP
recommends ("CSV Injection"), such a text cell is written with a ``'`` in
front, which spreadsheets show as text; numbers are written as they are.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import IO

#: The first characters that make a spreadsheet read a cell as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: object) -> object:
    """A cell value a spreadsheet shows as text: ``'`` before a formula-like string."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def write_csv(rows: Iterable[Iterable[object]], out: IO[str]) -> None:
    """Write rows as CSV, every text cell through :func:`safe_cell`."""
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow([safe_cell(value) for value in row])
