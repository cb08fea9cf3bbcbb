"""Formats: each one module that reads and writes records in it.

PMN text (:mod:`notation.formats.pmn`: the cutter and the writer; the one reader
:mod:`~notation.formats.reader` and its visitors :mod:`~notation.formats.visitor`; the
grammar :mod:`~notation.formats.grammar`, the specification the reader is tested
against; the canonical form :mod:`~notation.formats.canonical`; and the validation of a
game as cut, :mod:`~notation.formats.validate`), JSON and JSON Lines
(:mod:`~notation.formats.jsonform` over the streaming :mod:`~notation.formats.jsontext`),
OGN (:mod:`~notation.formats.ogn`) and OpenSpiel action logs
(:mod:`~notation.formats.openspiel`); :mod:`~notation.formats.registry` names each format (its
extensions, reader and writer), and :mod:`~notation.formats.collection` reads and writes a
file in any of them through it.

What it may import: :mod:`notation.errors`, :mod:`notation.core`, :mod:`notation.games`
and :mod:`notation.files`; nothing of rendering, the archive or the desk.
"""
