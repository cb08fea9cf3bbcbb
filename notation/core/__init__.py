"""The centre: a record, its moves and tokens, its replay through the rules.

What lives here: the record values (:mod:`notation.core.record`), move tokens
(:mod:`~notation.core.tokens`), the size caps (:mod:`~notation.core.limits`), comment
commands such as ``[%clk]`` (:mod:`~notation.core.commands`), pit names
(:mod:`~notation.core.pits`), who played a game and which games are one
(:mod:`~notation.core.identity`), the one replay and validation
(:mod:`~notation.core.replay`), move listing (:mod:`~notation.core.movelist`) and random
legal games (:mod:`~notation.core.generate`).

What it may import: :mod:`notation.errors`, :mod:`notation.files` (only for reading a
file's bytes) and the game registry (:mod:`notation.games`); nothing of formats,
rendering, the archive or the desk (``tests/test_layers.py`` holds this, and names the
few imports that still run the other way).
"""
