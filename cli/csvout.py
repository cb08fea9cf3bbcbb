"""CSV that spreadsheets open as data: the text layer's CSV sink, under its old names.

See :mod:`notation.sinks` (:func:`~notation.sinks.csv_cell`,
:func:`~notation.sinks.write_csv`).
"""

from __future__ import annotations

from notation.sinks import FORMULA_STARTS, write_csv
from notation.sinks import csv_cell as safe_cell

__all__ = ["FORMULA_STARTS", "safe_cell", "write_csv"]
