"""The recorder: a game entered move by move at the board, its clock, and its saving.

:class:`Recorder` holds a game being recorded (its tags, the moves so far, the
position), plays the moves typed through the rules, offers hints for a move refused
(:meth:`Recorder.hints`, within bounds) and saves the game into its file without
touching the file's other games (:func:`notation.files.outputs.update_record_file`:
two recorders saving into one file lock it, and a game someone else changed is not
written over: :class:`RecordFileChanged`). :class:`Clock` keeps each seat's clock for
``[%clk]`` comments. ``pmn record`` (``cli/record.py``) is the terminal session around it.
"""

from __future__ import annotations

import difflib
import errno
import io
import re
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta
from typing import Any

from notation.core.movelist import COUNT_LIMIT, first_moves
from notation.core.pits import DEFAULT as DEFAULT_PITS
from notation.core.pits import translate_record
from notation.core.record import Line, MoveNode, Record, canonical_tags
from notation.core.replay import (
    MainlinePositions,
    expected_number,
    next_step,
    open_game,
    replay,
    validate_record,
)
from notation.desk.event import date_problem
from notation.errors import Code
from notation.files.outputs import update_record_file
from notation.files.sources import open_input
from notation.formats.pmn import iter_chunks, read_chunk, write_record
from notation.formats.registry import sniff_file
from notation.games import AnyVariant
from notation.games.base import MoveCount, MoveError

#: The tags that decide what the moves mean: the recorder does not change them under the moves.
FIXED_TAGS = ("Game", "Rules", "Players", "Position", "Pits")
#: How many moves ``moves`` and ``more`` list at a time, and the most a refusal lists.
PAGE = 40
#: How many moves from the pit typed are written to find the tokens nearest a refused one.
#: The recorder looks at no more than notation.core.movelist.COUNT_LIMIT legal moves of a
#: position (a crowded Tricala position has millions): past it, it says "more than".
NEAR_SAMPLE = 100
#: How many legal moves Tab may complete (the first ones, in the rules' order).
COMPLETIONS = 200
_PIT_RE = re.compile(r"[0-9]*[A-Za-z]")


def start_pit(token: str) -> str:
    """The pit a move token starts from: ``C`` of ``C+2``, ``4b`` of ``4b-4d-3c``, ``1e``."""
    match = _PIT_RE.match(token)
    return match.group() if match else token


class RecordFileChanged(OSError):
    """The game a recorder carries on was changed in its file by someone else since the
    recorder read it: saving would write over that change, so nothing is written."""

    def __init__(self, path: str) -> None:
        super().__init__(
            errno.EBUSY,
            "the game was changed in the file by another program or recorder since it "
            "was read; it was not written over",
            path,
        )


class Recorder:
    """A game being recorded: its tags, the moves so far and the position.

    ``before`` and ``after`` are the bytes of the file around the game (the
    other games of the file, when a game is resumed): saving keeps them.
    """

    def __init__(
        self,
        path: str,
        record: Record,
        before: bytes = b"",
        after: bytes = b"",
        on_disk: bytes | None = None,
        number: int = 1,
    ) -> None:
        self.path = path
        #: which game of its file this is (1: the first)
        self.number = number
        self.before = before
        self.after = after
        self.saved = False
        #: the file as this recorder last read or wrote it (None: not made yet), and how
        #: many saves found it changed by another recorder and merged this game in
        self.on_disk: bytes | None = on_disk
        self.merges = 0
        #: the comments the last undo took away with its move
        self.dropped: tuple[str, ...] = ()
        #: the seats the rules skipped after the last move played (:func:`skipped_seats`)
        self.skipped: tuple[int, ...] = ()
        # the current position's first legal moves (not written) and how many there are
        self._scan: tuple[Any, list[Any], MoveCount] | None = None
        game = open_game(record)  # a numbered record is kept in the game's own names...
        # ...and written back in its own numbering
        self.numbering = game.translation.source if game.translation is not None else DEFAULT_PITS
        record = game.record
        self.tags = list(record.tags)
        self.variant: AnyVariant = game.variant
        self.start: Any = game.start
        # the main line's closing comments: before the first move while there is none,
        # else after the last move and its variations; the next move played comes after them
        self.trailing: list[str] = list(record.mainline.comments)
        self.result = record.result
        moves = record.mainline.moves
        walked = MainlinePositions(self.start)
        replayed = replay(self.variant, record.mainline, self.start, walked, variations=False)
        self.positions: list[Any] = walked.positions
        self.nodes: list[MoveNode] = list(moves[: replayed.plies])
        if replayed.plies < len(moves):  # the move the rules refuse, with their reason
            node = moves[replayed.plies]
            self.variant.parse_move(node.token, self.position)
            raise MoveError(
                f"move number {node.number} before {node.token}; this move is "
                f"{expected_number(self.variant, self.position)}",
                code=Code.WRONG_MOVE_NUMBER,
            )

    @property
    def position(self) -> Any:
        """The current position."""
        return self.positions[-1]

    def record(self) -> Record:
        """The record as it stands, with the result by the rules when the game is over.

        Its tags are in the canonical order (:func:`notation.core.record.canonical_tags`:
        ``Result`` before ``Termination``), so what the recorder writes is what
        ``pmn fmt`` writes."""
        tags = [(n, v) for n, v in self.tags if n != "Result"] + [("Result", self.result)]
        record = Record(
            canonical_tags(tuple(tags)),
            Line(tuple(self.nodes), tuple(self.trailing)),
            self.result,
        )
        if self.numbering != DEFAULT_PITS:
            record = translate_record(record, self.numbering).record
        return record

    def save(self) -> None:
        """Write the record file safely, keeping the bytes around the game; raises OSError.

        Two recorders may save into one file (``--game 1`` and ``--game 2``, or two new
        games): each save takes the folder's lock and reads the file again
        (:func:`notation.files.outputs.update_record_file`). When another recorder changed it
        since this one read or wrote it, this game goes into the file as it is now: in
        its place, found by the text this recorder last left there, or, for a new game,
        after the games now in the file. When this game itself was changed by someone
        else, nothing is written (:class:`RecordFileChanged`).
        """
        text = write_record(self.record()).encode("utf-8")
        self.saved = False

        def merged(current: bytes | None) -> bytes:
            if current == self.on_disk:
                return self.before + text + self.after
            mine = (
                self.on_disk[len(self.before) : len(self.on_disk) - len(self.after)]
                if self.on_disk is not None
                else b""
            )
            now = current or b""
            if not mine.strip():  # a new game: after the games another recorder saved
                self.before = now if not now.strip() else now.rstrip(b"\r\n") + b"\n\n"
                self.after = b""
            else:
                at = now.find(mine)
                if at < 0 or now.find(mine, at + 1) >= 0:
                    raise RecordFileChanged(self.path)
                self.before, self.after = now[:at], now[at + len(mine) :]
            self.merges += 1
            return self.before + text + self.after

        self.on_disk = update_record_file(self.path, merged)
        self.saved = True

    def prompt(self) -> str:
        """``12... North>``: the move number and who is to move."""
        number = expected_number(self.variant, self.position)
        seat = self.variant.seats[self.variant.to_move(self.position)]
        return f"{number} {seat}> "

    def play(self, token: str, glyph: str = "") -> str:
        """Check and add a move (with its suffix annotation); the message to show. Raises MoveError."""
        if self.result != "*" and self.variant.outcome(self.position) is None:
            raise MoveError(  # ruling N2: no move after the game is over (here: by end)
                f"the game has ended ({self.result}, "
                f"{dict(self.tags).get('Termination', 'ended')}): undo takes the ending back",
                code=Code.GAME_OVER,
            )
        step = next_step(self.variant, self.position, token)
        move = step.move
        canonical = self.variant.format_move(move, self.position)
        effect = self.variant.describe_move(move, self.position)
        seats = len(self.variant.seats)
        first_seat = self.variant.turn(self.position) % seats == 0
        after_comment = bool(self.trailing or (self.nodes and self.nodes[-1].comments))
        number = (
            expected_number(self.variant, self.position)
            if first_seat or not self.nodes or after_comment
            else None
        )
        self.nodes.append(
            MoveNode(canonical, number, glyph=glyph, comments_before=tuple(self.trailing))
        )
        self.trailing = []
        self.positions.append(step.after)
        self.skipped = skipped_seats(self.variant, self.positions[-2], step.after)
        outcome = self.variant.outcome(self.position)
        if outcome is not None:
            self.result = outcome.result
            self._set_tag("Termination", None)
        return f"{canonical}{glyph}" + (f": {effect}" if effect else "")

    def last_move(self) -> str | None:
        """The last move with its number (``1... b``), or None before the first move."""
        if not self.nodes:
            return None
        return f"{expected_number(self.variant, self.positions[-2])} {self.nodes[-1].token}"

    def annotate(self, nag: int) -> bool:
        """Add a numeric annotation glyph ($n) to the last move; False when there is no move."""
        if not self.nodes:
            return False
        last = self.nodes[-1]
        self.nodes[-1] = replace(last, nags=(*last.nags, nag))
        return True

    def scan(self) -> tuple[list[Any], MoveCount]:
        """The first COUNT_LIMIT legal moves of the current position, none written, and how
        many there are (exactly, or "more than"): bounded work in any position."""
        key = self.position
        if self._scan is None or self._scan[0] is not key:
            moves, counted = first_moves(self.variant, key, most=COUNT_LIMIT)
            self._scan = (key, moves, counted)
        return self._scan[1], self._scan[2]

    def token(self, move: Any) -> str:
        """A legal move of the current position as its token."""
        return self.variant.format_move(move, self.position)

    def pit_of(self, move: Any) -> str:
        """The pit a legal move of the current position starts from (as its token names it)."""
        origin = self.variant.origin_of(move, self.position)
        return origin if origin is not None else start_pit(self.token(move))

    def from_pit(self, pit: str, most: int = COUNT_LIMIT) -> tuple[list[Any], MoveCount]:
        """The first legal moves that start from ``pit`` (none written, at most ``most``
        looked for when not every legal move was looked at), and how many there are."""
        moves, counted = self.scan()
        if counted.exact:
            chosen = [move for move in moves if self.pit_of(move) == pit]
            return chosen, MoveCount(len(chosen), True)
        return first_moves(self.variant, self.position, pit=pit, most=most)

    def completions(self, prefix: str) -> list[str]:
        """The first COMPLETIONS legal tokens that start with ``prefix`` (from the pit it
        names, when it names one: a crowded position has millions of moves)."""
        pit = _PIT_RE.match(prefix)
        if pit is None:
            return [token for token in self.legal() if token.startswith(prefix)]
        moves, _ = self.from_pit(pit.group(), COMPLETIONS)
        return [token for token in map(self.token, moves[:COMPLETIONS]) if token.startswith(prefix)]

    def legal(self, limit: int = COMPLETIONS) -> list[str]:
        """The first ``limit`` legal moves as tokens, in the rules' order (grouped by pit)."""
        moves, _ = self.scan()
        return [self.token(move) for move in moves[:limit]]

    def hints(self, typed: str) -> tuple[list[str], MoveCount, int | None]:
        """What a refusal of ``typed`` may name: every legal token when there are few, else
        some from the pit typed and the first others; how many moves there are; from how
        many pits (None when not every move was looked at). Bounded work in any position."""
        moves, counted = self.scan()
        if counted.exact and counted.count <= PAGE:
            return [self.token(move) for move in moves], counted, None
        same, _ = self.from_pit(start_pit(typed), NEAR_SAMPLE)
        tokens = dict.fromkeys(self.token(move) for move in [*same[:NEAR_SAMPLE], *moves[:PAGE]])
        pits = len({self.pit_of(move) for move in moves}) if counted.exact else None
        return list(tokens), counted, pits

    def undo(self) -> str | None:
        """Take back the last move; the token taken back, or None.

        A game stopped with :meth:`end` has its ending taken back first (what was
        taken back is then ``the end (resignation 1-0)``), its moves kept. The comments written after the move go with it (:attr:`dropped` holds them,
        for the recorder to be told); the comments before it stay."""
        self.dropped = ()
        if self.result != "*" and (not self.nodes or self.variant.outcome(self.position) is None):
            ended = f"the end ({dict(self.tags).get('Termination', 'ended')} {self.result})"
            self.result = "*"  # an ending given with end: taken back alone, the moves stay
            self._set_tag("Termination", None)
            return ended
        if not self.nodes:
            return None
        node = self.nodes.pop()
        self.positions.pop()
        self.trailing = list(node.comments_before)  # the comments before it stay
        self.dropped = node.comments
        self.result = "*"
        self._set_tag("Termination", None)
        return node.token

    def set_tag(self, name: str, value: str) -> str | None:
        """Correct (or add) a tag after the questions; why not, or None when done.

        A tag that decides what the moves mean (``Game``, ``Rules``, ``Players``,
        ``Position``, ``Pits``) cannot change under the moves, and ``Result`` and
        ``Termination`` are set by the rules or by ``end``; a ``Date`` must be a PGN
        date (:func:`notation.desk.event.date_problem`); a seat's name may not be empty.
        """
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name):
            return f"{name} is not a tag name (a letter, then letters, digits or _)"
        if name in FIXED_TAGS:
            return (
                f"{name} decides what the moves mean: it cannot change under them "
                "(start a new record instead)"
            )
        if name in ("Result", "Termination"):
            return f"{name} is set by the rules, or with end REASON RESULT"
        if not value:
            return f"give the value: tag {name} VALUE"
        if "\n" in value or "\r" in value:
            return "a tag's value is one line"
        if name == "Date" and (problem := date_problem(value)) is not None:
            return problem
        self._replace_tag(name, value)
        return None

    def _replace_tag(self, name: str, value: str) -> None:
        """Set a tag's value in its place (or at the end when it is new)."""
        if any(n == name for n, _ in self.tags):
            self.tags = [(n, value if n == name else v) for n, v in self.tags]
        else:
            self.tags.append((name, value))

    def comment(self, text: str) -> None:
        """Attach a comment after the last move (or before the first)."""
        if self.nodes and not self.trailing:
            last = self.nodes[-1]
            self.nodes[-1] = replace(last, comments=(*last.comments, text))
        else:
            self.trailing.append(text)

    def end(self, reason: str, result: str) -> list[str]:
        """Stop early with a termination reason and result; the problems, if any (then unchanged)."""
        old = (self.result, list(self.tags))
        self.result = result
        self._set_tag("Termination", reason)
        problems = [p.message for p in validate_record(self.record()).problems]
        if problems:
            self.result, self.tags = old
        return problems

    def _set_tag(self, name: str, value: str | None) -> None:
        tags = [(n, v) for n, v in self.tags if n != name]
        if value is not None:
            tags.append((name, value))
        self.tags = tags


def skipped_seats(variant: AnyVariant, before: Any, after: Any) -> tuple[int, ...]:
    """The seats whose turn passed after the move from ``before`` to ``after``, in turn
    order, in a game whose rules pass over a seat (:attr:`~notation.games.base.Variant.pass_reason`:
    in Tricala, a player with no stones on the board, ruling T10), the turn count moving on
    by every seat passed. None once the game is over, and none in the other games."""
    if variant.pass_reason is None or variant.outcome(after) is not None:
        return ()
    seats = len(variant.seats)
    mover = variant.to_move(before)
    passed = variant.turn(after) - variant.turn(before) - 1  # ruling T10: each pass a turn
    return tuple((mover + step) % seats for step in range(1, passed + 1))


def read_template(path: str) -> list[tuple[str, str]]:
    """The tag pairs of a tournament's template file (``pmn record --tags``): a PMN tag
    section, with no moves. Raises OSError, or ValueError saying what is wrong with it."""
    with open_input(path) as stream:
        chunks = list(iter_chunks(stream, path))
    if len(chunks) != 1:
        raise ValueError(
            f'{path}: a template is one tag section ([Event "..."] lines), not {len(chunks)} games'
        )
    record = read_chunk(chunks[0])
    errors = [e for e in record.errors if e.code != "missing-result"]  # a tag section alone
    if errors:
        raise ValueError(f"{path}:{errors[0].line}:{errors[0].column}: {errors[0].message}")
    if record.mainline.moves or record.mainline.comments:
        raise ValueError(f"{path}: a template holds tags only, no moves or comments")
    return list(record.tags)


def append_game(path: str, record: Record) -> Recorder:
    """A recorder of a new game (``record``: its tags) after the games of the PMN record
    file ``path``: every byte of the file is kept, then a blank line when it ends without
    one. Raises OSError, or ValueError when the file is not PMN text."""
    found = sniff_file(path)  # as every command sniffs
    with open_input(path) as stream:
        data = stream.read()
    if found.name != "pmn":
        raise ValueError(
            f"{path} is in the {found.name} format, not PMN text: a game is appended to a "
            "PMN record file only"
        )
    games = sum(1 for _ in iter_chunks(io.BytesIO(data), path))
    ends = data[len(data.rstrip(b"\r\n")) :].count(b"\n")  # line ends after the last text
    before = data + b"\n" * max(0, 2 - ends) if data.strip() else data
    return Recorder(path, record, before, b"", on_disk=data, number=games + 1)


def nearest(typed: str, legal: list[str], count: int = 8) -> list[str]:
    """The legal tokens nearest to ``typed``: those from the same pit first, then the closest others."""
    pit = start_pit(typed)

    def closeness(token: str) -> float:
        return difflib.SequenceMatcher(None, typed, token).ratio()

    same = sorted((t for t in legal if start_pit(t) == pit), key=closeness, reverse=True)
    others = difflib.get_close_matches(
        typed, [t for t in legal if start_pit(t) != pit], count, cutoff=0.5
    )
    return (same + others)[:count]


def time_control(value: str | None) -> tuple[float, float] | None:
    """A ``TimeControl`` tag of seconds: ``"300"`` or ``"300+5"`` as (base, increment); else None.

    Other forms (moves per period, sandglass) are not counted down: the
    clock then counts up the time used (docs/pmn.md, comment commands).
    """
    match = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)(?:\+([0-9]+(?:\.[0-9]+)?))?\s*", value or "")
    if match is None:
        return None
    return float(match.group(1)), float(match.group(2) or 0)


class Clock:
    """Each seat's clock, for ``--clock``: ``[%clk H:MM:SS] [%emt H:MM:SS]`` after each move.

    A seat's clock runs while it is to move, from the start of the session
    to the moment its move is entered (``%emt``: that stretch). With a time
    control (the ``TimeControl`` tag, :func:`time_control`) ``%clk`` is the
    time left, as python-chess reads it: the base, plus the increment of each
    move made, less the time used. Without one there is no time left to give,
    and ``%clk`` is the time used so far, counting up. A resumed session
    carries on from each seat's last ``%clk``. ``now`` gives seconds (any origin).
    """

    def __init__(
        self,
        seats: int,
        now: Callable[[], float],
        used: list[float] | None = None,
        control: tuple[float, float] | None = None,
        moves: list[int] | None = None,
    ) -> None:
        self.now = now
        self.control = control
        self.used = used if used is not None else [0.0] * seats
        self.moves = moves if moves is not None else [0] * seats  # moves made by each seat
        self.mark = now()

    @classmethod
    def resumed(cls, recorder: Recorder, now: Callable[[], float]) -> Clock:
        """A clock that carries on from each seat's last ``%clk`` in the moves so far."""
        from notation.core.commands import parse_comment  # the one reader of comment commands

        seats = len(recorder.variant.seats)
        control = time_control(dict(recorder.tags).get("TimeControl"))
        read: list[float | None] = [None] * seats
        moves = [0] * seats
        for node, position in zip(recorder.nodes, recorder.positions, strict=False):
            seat = recorder.variant.to_move(position)
            moves[seat] += 1
            for comment in node.comments:
                clock = parse_comment(comment).clock
                if clock is not None:
                    read[seat] = clock.total_seconds()
        used = [0.0] * seats
        for seat, value in enumerate(read):
            if value is not None:
                used[seat] = (
                    value if control is None else control[0] + control[1] * moves[seat] - value
                )
        return cls(seats, now, used, control, moves)

    def stamp(self, seat: int) -> str:
        """The comment for a move of ``seat`` entered now; the time since the last move is the seat's."""
        from notation.core.commands import CLOCK as CLK
        from notation.core.commands import ELAPSED, format_clock

        now = self.now()
        took = max(0.0, now - self.mark)
        self.used[seat] += took
        self.moves[seat] += 1
        self.mark = now
        if self.control is None:
            clock = self.used[seat]
        else:
            base, increment = self.control
            clock = max(0.0, base + increment * self.moves[seat] - self.used[seat])
        # written as the help says, H:MM:SS in whole seconds (rounded down, as a clock
        # shows them); the seconds kept here stay exact, so no rounding adds up
        return (
            f"{format_clock(timedelta(seconds=int(clock)), CLK)} "
            f"{format_clock(timedelta(seconds=int(took)), ELAPSED)}"
        )


__all__ = [
    "COMPLETIONS",
    "FIXED_TAGS",
    "NEAR_SAMPLE",
    "PAGE",
    "Clock",
    "RecordFileChanged",
    "Recorder",
    "append_game",
    "nearest",
    "read_template",
    "skipped_seats",
    "start_pit",
    "time_control",
]
