"""Rendering: what a record looks like on a page and in a terminal.

:mod:`notation.render.svg` draws the boards, :mod:`notation.render.html` the
self-contained page of a game, and :mod:`notation.render.sinks` is the one text layer
of each sink (terminal, CSV, HTML, JSON text) every command writes through.

What it may import: :mod:`notation.errors`, :mod:`notation.core`, :mod:`notation.games`,
:mod:`notation.formats` and :mod:`notation.files`; nothing of the archive or the desk.
"""
