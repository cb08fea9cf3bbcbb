"""The one base class of every error PMN raises.

Each narrow error below :class:`PMNError` keeps a stable, machine-readable
``code`` (documented in ``docs/pmn.md``), so a program can catch everything
PMN raises with one ``except PMNError`` and still tell the cases apart::

    PMNError
    ├── RulesError            unknown-rules      (notation.games.base)
    ├── PositionError         bad-position
    ├── MoveError             illegal-move
    │   ├── MoveSyntaxError   bad-move-syntax
    │   ├── IllegalMoveError  illegal-move
    │   ├── AmbiguousMoveError ambiguous-move
    │   └── LapLimitError     lap-limit          (notation.games.tricala.rules)
    ├── PitsError             unknown-pits       (notation.core.pits)
    ├── NoSuchMoveError       no-such-move       (notation.core.replay)
    ├── ReplayStoppedError    illegal-move       (notation.core.replay)
    ├── JsonRecordError       bad-record         (notation.formats.jsonform)
    ├── UnknownFormatError    unknown-format     (notation.formats.registry)
    ├── WriteError            cannot-write       (a record a writer cannot write)
    │   ├── OGNWriteError     cannot-write       (notation.formats.ogn)
    │   ├── ActionsWriteError cannot-write       (notation.formats.openspiel)
    │   └── PlayOKWriteError  cannot-write       (notation.formats.playok)
    ├── OutputIsInputError    output-is-input    (notation.files.guard)
    │   └── OutputCollisionError output-is-output
    ├── UnwritableOutputError unwritable-output  (notation.files.outputs)
    ├── GameTooLongError      too-large          (notation.archive.formatting)
    ├── RenderError           cannot-render      (notation.render.html)
    ├── FilterError           bad-filter         (notation.archive.tools)
    ├── ArchiveIndexError     bad-index          (notation.archive.index)
    │   └── StaleIndexError   stale-index
    ├── NoGamesError          no-games           (notation.archive.events)
    ├── LevelError            bad-option         (notation.desk.event)
    ├── RosterError           bad-option         (notation.desk.event)
    ├── StandingsError        bad-option         (notation.desk.standings)
    ├── ReconcileError        cannot-reconcile   (notation.desk.reconcile)
    └── PairingsError         bad-option         (notation.hall.pairings)

They also derive from ``ValueError`` (as they always have), so older code
that catches ``ValueError`` keeps working. An input that cannot be read at
all (``notation.files.sources.SourceError``: damaged compressed data, a byte that
does not decode in the given encoding) is an ``OSError`` instead, like a file
that cannot be opened, with the code ``unreadable-input``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol


class Code(StrEnum):
    """Every error code PMN gives, in one table: of a :class:`PMNError`, of a problem
    found reading a record (``notation.core.record.ReadError``) and of one found
    replaying it (``notation.core.replay.Problem``). A code is its value, as JSON
    reports write it; being a ``str``, it equals its text (``Code.SYNTAX == "syntax"``).
    ``docs/pmn.md`` (and the game chapters it points to) explains each. Its ``repr`` is
    its text's too, so whatever showed a code's text (a message, a digest of an answer)
    shows the same."""

    def __repr__(self) -> str:
        return str.__repr__(self)

    # -- reading a record
    #: text that is not PMN (a stray character, an unmatched ``)``, a lone move number)
    SYNTAX = "syntax"
    #: a tag pair that cannot be read (unclosed quote, line break in a value)
    BAD_TAG = "bad-tag"
    #: movetext that does not end with a result
    MISSING_RESULT = "missing-result"
    #: a ``{`` comment never closed
    UNCLOSED_COMMENT = "unclosed-comment"
    #: a ``(`` variation never closed
    UNCLOSED_VARIATION = "unclosed-variation"
    #: moves after the result token
    TEXT_AFTER_RESULT = "text-after-result"
    #: bytes that are not UTF-8 (or not the encoding given)
    ENCODING = "encoding"
    #: content plainly in another format than the one reading it
    WRONG_FORMAT = "wrong-format"
    #: a JSON value that is not JSON
    BAD_JSON = "bad-json"
    #: a JSON value that is not a PMN record (or a record a JSON writer refuses)
    BAD_RECORD = "bad-record"
    #: a game longer than the size cap (not read, carried through as raw text)
    TOO_LARGE = "too-large"
    #: an export that names no game PMN knows (a PlayOK file, without ``--variant``)
    UNKNOWN_GAME = "unknown-game"
    #: an input that cannot be opened or decoded at all (an ``OSError``)
    UNREADABLE_INPUT = "unreadable-input"
    # -- the game and its set-up
    #: no ``Game`` tag, or an unknown game, ruleset or option
    UNKNOWN_RULES = "unknown-rules"
    #: a ``Position`` tag the game cannot read
    BAD_POSITION = "bad-position"
    #: a ``Pits`` tag naming no known hole numbering
    BAD_PITS = "bad-pits"
    #: a hole numbering PMN does not know, given to the library or an option
    UNKNOWN_PITS = "unknown-pits"
    # -- moves (every game)
    #: a token that is not a move of this game at all
    BAD_MOVE_SYNTAX = "bad-move-syntax"
    #: a move the rules do not allow (the games give more precise codes below); also
    #: ``ReplayStoppedError``'s, a main-line move refused before the point asked for
    #: (the move's own code is on its ``problem``)
    ILLEGAL_MOVE = "illegal-move"
    #: a short move that fits moves leading to different positions
    AMBIGUOUS_MOVE = "ambiguous-move"
    #: a move after the game ended by the rules (N2)
    GAME_OVER = "game-over"
    #: a move number that does not match the move it stands before
    WRONG_MOVE_NUMBER = "wrong-move-number"
    #: a sowing that goes on past the lap cap (Tricala T11, Trias R9)
    LAP_LIMIT = "lap-limit"
    # -- moves: Trysse, Wari, Kalah, Togyz Kumalak
    #: the hole is empty
    EMPTY_HOLE = "empty-hole"
    #: the hole is the opponent's
    NOT_YOUR_HOLE = "not-your-hole"
    #: the opponent must be fed (W4)
    MUST_FEED = "must-feed"
    #: the ``+n`` (Togyz Kumalak: ``(n)``) capture count written is wrong
    WRONG_CAPTURE_COUNT = "wrong-capture-count"
    # -- moves: Togyz Kumalak
    #: the last stone falls elsewhere than the token says
    WRONG_LANDING = "wrong-landing"
    #: an ``X`` on a move that makes no tuzdyk, or missing on one that makes it
    WRONG_TUZDYK = "wrong-tuzdyk"
    # -- moves: Trias
    #: a token that looks like a hole but names none
    NO_SUCH_HOLE = "no-such-hole"
    #: a hole in the opponent's row or the central row (R3)
    NOT_YOUR_ROW = "not-your-row"
    #: a move that would end after its first lap (R5)
    ONE_LAP = "one-lap"
    #: a sowing that returns to an earlier state and never ends (R7)
    ENDLESS_MOVE = "endless-move"
    #: a ``/laps`` or ``+removed`` suffix that does not match the move
    WRONG_SUFFIX = "wrong-suffix"
    # -- moves: Tricala
    #: a pit not on the board
    NO_SUCH_PIT = "no-such-pit"
    #: the origin pit is empty
    EMPTY_PIT = "empty-pit"
    #: the origin holds none of the mover's stones (T4)
    NOT_YOUR_STONES = "not-your-stones"
    #: an order that does not list the stones of its pickup
    ORDER_MISMATCH = "order-mismatch"
    #: listed pits that make the sowing turn straight back (T5)
    REVERSAL = "reversal"
    #: listed pits that make the sowing turn away from an edge (T5)
    TURN_NOT_AT_EDGE = "turn-not-at-edge"
    #: a capture written with ``-`` before the final pit
    CAPTURE_NOT_MARKED = "capture-not-marked"
    #: an ``x`` written for a move that captures nothing
    NOT_A_CAPTURE = "not-a-capture"
    #: no legal sowing passes through the listed pits
    NO_SUCH_SOWING = "no-such-sowing"
    #: a set-up stone placed on a corner (T3)
    CORNER_IN_SETUP = "corner-in-setup"
    #: a sowing written while stones are still being set up (T3)
    SETUP_MOVE_EXPECTED = "setup-move-expected"
    #: a set-up placement written after the set-up ended (T3)
    SOWING_MOVE_EXPECTED = "sowing-move-expected"
    # -- the result and the tags that state it
    #: the ``Result`` tag and the result token disagree
    RESULT_MISMATCH = "result-mismatch"
    #: a result that is not points per seat adding up to 1
    BAD_RESULT = "bad-result"
    #: the game is over by the rules with another outcome
    WRONG_RESULT = "wrong-result"
    #: a decided result for a game not over, with no ``Termination`` reason
    UNFINISHED = "unfinished"
    #: an unknown ``Termination``, or one that contradicts the game
    BAD_TERMINATION = "bad-termination"
    #: a ``Score`` tag that cannot be read
    BAD_SCORE = "bad-score"
    #: a ``Score`` tag that is wrong
    SCORE_MISMATCH = "score-mismatch"
    #: PMN itself failed on a game (a bug); the other games are checked
    INTERNAL_ERROR = "internal-error"
    # -- the library's errors
    #: any PMN error (the base class's code; every narrower error has its own)
    ERROR = "error"
    #: a record a format cannot hold (every writer's refusal alike: what is refused is
    #: the record, whichever format refuses it)
    CANNOT_WRITE = "cannot-write"
    #: a record that cannot be drawn
    CANNOT_RENDER = "cannot-render"
    #: an output that is one of the command's inputs
    OUTPUT_IS_INPUT = "output-is-input"
    #: two outputs of one command that are one file
    OUTPUT_IS_OUTPUT = "output-is-output"
    #: an output named for a compression or archive PMN does not write (``.zst``, ``.zip``)
    UNWRITABLE_OUTPUT = "unwritable-output"
    #: a format name the registry does not know
    UNKNOWN_FORMAT = "unknown-format"
    #: a move number past the end of a game's main line
    NO_SUCH_MOVE = "no-such-move"
    #: a filter (``--tag``, ``--plies``, a date) that cannot be read
    BAD_FILTER = "bad-filter"
    #: an index database PMN cannot use
    BAD_INDEX = "bad-index"
    #: an index whose indexed file changed or is gone
    STALE_INDEX = "stale-index"
    #: an option value of the desk that cannot be used: a check level (``LevelError``),
    #: a roster with no name (``RosterError``), a point scheme or tie-break
    #: (``StandingsError``); one code, as each is the same usage error (exit 2) and the
    #: class and message say which option
    BAD_OPTION = "bad-option"
    #: games that cannot be compared by reconcile
    CANNOT_RECONCILE = "cannot-reconcile"
    #: inputs with no game in them at all (ruling N4): an event with none has no standings
    NO_GAMES = "no-games"


class Placed(Protocol):
    """What an error needs of the record it is about: where it came from (a
    :class:`notation.core.record.Record` is one). The bottom layer names no type of a
    layer above it."""

    @property
    def source(self) -> str:
        """The file (or ``-``) the record was read from."""
        ...

    @property
    def line(self) -> int:
        """The number of the record's first line in its source."""
        ...


class PMNError(ValueError):
    """Something PMN cannot read, play, write or draw; ``code`` says which kind."""

    code: str = Code.ERROR


class WriteError(PMNError):
    """A record a format cannot hold: another game, a record that could not be read,
    or a game cut off as it was read (:func:`notation.core.limits.is_cut_off`, whose text
    was not kept). ``record`` is the record (a :class:`notation.core.record.Record`); ``line`` and
    ``column`` the place."""

    code = Code.CANNOT_WRITE

    def __init__(self, message: str, record: Placed, line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.record = record
        self.line = line or record.line
        self.column = column


__all__ = ["Code", "PMNError", "Placed", "WriteError"]
