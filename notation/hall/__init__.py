"""The live hall (``pmn serve``): one round of an event served to the boards' recorders,
the arbiter and the spectators, over HTTP.

A layer above :mod:`notation.desk` and :mod:`notation.archive` and below :mod:`notation`
(rank 6.5 in ``tests/house/test_layers.py``): it may import the desk, render, formats,
core, games and files layers; nothing below it imports it.

- :mod:`notation.hall.hall`: :class:`~notation.hall.hall.Hall`, the round being served (its
  boards, their players and tokens, each board's game), every move played through the
  desk's :class:`~notation.desk.recorder.Recorder` and made durable in the event folder
  (``EVENT_DIR/round-N/board-B.pmn``) before it is acknowledged;
- :mod:`notation.hall.pairings`: a round's pairings read from a CSV or a TRF file;
- :mod:`notation.hall.app`: the ASGI application (Starlette) with the API and the pages;
- :mod:`notation.hall.pages`: the recorder's, arbiter's and spectators' pages and the
  table cards.
"""
