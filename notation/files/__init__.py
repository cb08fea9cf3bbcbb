"""The one input layer and the one output layer: every byte read from or written to a file.

:mod:`notation.files.sources` opens what a command reads (files, standard input,
compressed files, other text encodings); :mod:`notation.files.outputs` is where every
byte written to a named path or a folder goes (an output that is an input refused,
folders written without following links, record files locked while a recorder saves).
``tests/test_no_stray_writes.py`` fails on a write made anywhere else.

What it may import: :mod:`notation.errors` and the standard library only: every other
layer stands on it.
"""
