"""The archive tools: collections of records, validated, indexed, searched and split.

:mod:`notation.archive.tools` (filters, duplicate keys, sort keys, opening trees, one
record at a time), :mod:`~notation.archive.index` (the SQLite index),
:mod:`~notation.archive.parallel` (validating on every core, in order, in bounded
memory), :mod:`~notation.archive.events` (an event's games, validated, from files or an
index), :mod:`~notation.archive.report` (the validation report, built once) and
:mod:`~notation.archive.distributed` (the same on a Dask cluster).

What it may import: every layer below it (errors, core, games, files, formats,
render); not the desk.
"""
