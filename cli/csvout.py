"""CSV that spreadsheets open as data: the text layer's CSV sink, under its old names.

See :mod:`notation.render.sinks` (:func:`~notation.render.sinks.csv_cell`,
:func:`~notation.render.sinks.write_csv`).
"""

from __future__ import annotations

from notation.render.sinks import FORMULA_STARTS, write_csv
from notation.render.sinks import csv_cell as safe_cell

__all__ = ["FORMULA_STARTS", "safe_cell", "write_csv"]
