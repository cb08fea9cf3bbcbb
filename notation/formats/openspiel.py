"""OpenSpiel action sequences, read into PMN records and written from them, for any game
that has them.

The format (``openspiel-actions``), for self-play logs: one game per line,
the actions separated by commas, exactly as OpenSpiel's ``state.history_str()``
gives them (``", ".join`` in ``State::HistoryString``, open_spiel/spiel.h); a
line of actions separated by spaces alone, or in the brackets of
``str(state.history())``, reads too::

    # lines starting with # and blank lines are ignored
    2, 5, 2, 1, 1, 2, 2, 3, 5, 4

A game holds OpenSpiel actions when its ``formats`` has
``"openspiel-actions"``: it names OpenSpiel's game (``openspiel_name``), the
variant OpenSpiel plays (``openspiel_variant()``), and translates actions
(``move_of_action`` / ``action_of_move``). OpenSpiel's ``oware`` actions are
0-5, a hole counted from the mover's own left, and it plays the tournament
Oware Abapa rules (``[Game "Wari"] [Rules "abapa"]``); its ``mancala``
(Kalah) actions are the pit indices 1-6 and 8-13 (``docs/kalah.md``). Who
moves is never written: the rules say it. A log holds one game; reading
without naming one reads the first registered game that has OpenSpiel
actions (Oware).

Reading replays every game through the rules (an action log carries no
result, so the record's ``Result``, ``Score`` and ``+n`` capture counts come
from the rules). A line with an action that cannot be played is its own
damaged record, with the line and column of that action, and the next line
is still read; its raw text is a PMN game (the moves read, then the rest of
the line as written, from the bad action on), so that written as PMN it
reads back as a game of its own that fails at the same action. Writing keeps
only what the format holds, the main line's moves: tags, comments and
variations have no place in it.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator
from typing import IO, Any, cast

from notation.core.limits import bounded_lines, cut_off
from notation.core.pits import DEFAULT, PITS_TAG, translate_record
from notation.core.record import Line, MoveNode, ReadError, Record
from notation.core.replay import expected_number, record_variant
from notation.errors import Code, WriteError
from notation.games import AnyVariant, MoveError, RulesError, find_game, games

FORMAT = "openspiel-actions"
#: An action: what lies between commas, spaces and the brackets of a Python list.
_ACTION_RE = re.compile(r"[^\s,\[\]]+")
#: What OpenSpiel's ``state.history_str()`` puts between two actions.
SEPARATOR = ", "
_ACTION_NUMBER_RE = re.compile(r"[0-9]{1,9}")


class ActionsWriteError(WriteError):
    """A record the action format cannot hold (another game or ruleset, a set-up position)."""


def openspiel_games() -> tuple[str, ...]:
    """The ``Game`` tag values of the games whose records OpenSpiel actions can hold."""
    return tuple(
        cls.names[0] for cls in games() if FORMAT in cls.formats and cls.openspiel_name is not None
    )


def openspiel_variant(game: str | None = None) -> AnyVariant:
    """The variant OpenSpiel plays for a ``Game`` tag value or an OpenSpiel game name
    (``"Kalah"``, ``"Oware"``, ``"mancala"``); None gives the first such game registered.

    Raises RulesError for a game that has no OpenSpiel actions.
    """
    classes = [cls for cls in games() if FORMAT in cls.formats and cls.openspiel_name]
    if game is None:
        found = classes[:1]
    else:
        key = game.strip().lower()
        found = [cls for cls in classes if cls.openspiel_name == key]
        if not found:
            cls = find_game(game)
            found = [cls] if cls in classes else []
    variant = found[0].openspiel_variant() if found else None
    if variant is None:
        raise RulesError(
            f"{game or 'no game'} has no OpenSpiel actions "
            f"(games that have: {', '.join(openspiel_games()) or 'none'})"
        )
    return variant


# -- reading ----------------------------------------------------------------


def read_actions(text: str, source: str = "<string>", game: str | None = None) -> list[Record]:
    """Every game in an action-sequence text (``game``: see :func:`openspiel_variant`)."""
    return list(iter_action_records(text.splitlines(keepends=True), source, game))


def iter_action_records(
    lines: Iterable[str | bytes] | IO[bytes], source: str = "<string>", game: str | None = None
) -> Iterator[Record]:
    """Yield one record per game line, replayed through the rules OpenSpiel plays.
    From a binary stream no line is held past :data:`notation.core.limits.MAX_KEPT_BYTES`."""
    variant = openspiel_variant(game)
    read: Iterable[str | bytes | int] = lines
    if isinstance(lines, io.BufferedIOBase | io.RawIOBase):  # no line held past the cap
        read = bounded_lines(cast(IO[bytes], lines))
    for number, raw in enumerate(read, start=1):
        if isinstance(raw, int):  # a line longer than is held: cut off as it streamed
            yield cut_off(raw, source, number)
            continue
        text = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw
        stripped = text.strip().lstrip("\ufeff")
        if not stripped or stripped.startswith("#"):
            continue
        yield record_from_actions(text.rstrip("\r\n").lstrip("\ufeff"), source, number, variant)


def record_from_actions(
    line: str, source: str = "<string>", line_number: int = 1, variant: AnyVariant | None = None
) -> Record:
    """The record of one game line (damaged, with the reason, if an action cannot be played)."""
    variant = variant or openspiel_variant()
    game_tags = (("Game", variant.game), ("Rules", variant.rules))
    seats = len(variant.seats)
    position = variant.initial_position()
    nodes: list[MoveNode] = []
    for match in _ACTION_RE.finditer(line):
        text, column = match.group(), match.start() + 1
        try:
            # ASCII digits, short enough for int() ("²".isdigit() is true; int() refuses 4,300 digits)
            if not _ACTION_NUMBER_RE.fullmatch(text):
                raise MoveError("an action is a whole number", code=Code.BAD_MOVE_SYNTAX)
            move = variant.move_of_action(position, int(text))
        except MoveError as exc:
            message = f"action {text}: {exc.reason}"
            if "\ufffd" in text:  # U+FFFD from a byte that is not UTF-8: never shown as such
                message = (
                    f"action {text.replace(chr(0xFFFD), '?')}: a byte here is not UTF-8; "
                    "name the file's encoding with --encoding (e.g. --encoding latin-1)"
                )
            error = ReadError(exc.code, message, line_number, column)
            raw = _damaged_text(game_tags, nodes, variant, position, line[match.start() :])
            return Record(game_tags, Line(tuple(nodes)), "*", (error,), raw, source, line_number)
        # a number before the first seat's moves, as the canonical form writes them
        number = expected_number(variant, position) if variant.turn(position) % seats == 0 else None
        nodes.append(
            MoveNode(variant.format_move(move, position), number, line=line_number, column=column)
        )
        position = variant.play(position, move)
    outcome = variant.outcome(position)
    result = outcome.result if outcome is not None else "*"
    tags: list[tuple[str, str]] = [*game_tags, ("Result", result)]
    if outcome is not None:
        tags.append(("Score", "-".join(map(str, variant.scores(position)))))
    return Record(tuple(tags), Line(tuple(nodes)), result, (), None, source, line_number)


def _damaged_text(
    tags: tuple[tuple[str, str], ...],
    nodes: list[MoveNode],
    variant: AnyVariant,
    position: Any,
    rest: str,
) -> str:
    """A damaged line as a PMN game of its own: its tags, the moves read, then the rest
    of the line as written (from the action that cannot be played), unfinished."""
    head = "".join(f'[{name} "{value}"]\n' for name, value in tags)
    moves = [f"{node.number} {node.token}" if node.number else node.token for node in nodes]
    # the number keeps the rest from starting a line (a "[" there would start a tag pair)
    moves.append(f"{expected_number(variant, position)} {rest.strip()}")
    return head + "\n" + " ".join(moves) + " *\n"


# -- writing ----------------------------------------------------------------


def write_actions(records: Iterable[Record], out: IO[str]) -> None:
    """Write each record's main line as a line of actions. Raises ActionsWriteError
    (also for a game of no moves: a blank line reads back as no game)."""
    writer = ActionsWriter(out)
    for record in records:
        writer.write(record)
    writer.close()


class ActionsWriter:
    """Records written as lines of OpenSpiel actions, one at a time (the format registry's
    writer). Raises ActionsWriteError for a record the format cannot hold: another game
    than the file's first (a line does not say its game), a game of no moves (a blank
    line is no game), another ruleset or a set-up position."""

    def __init__(self, out: IO[str], width: int = 0) -> None:
        self.out = out  # (a line of actions is not wrapped: no width)
        self.game: str | None = None

    def write(self, record: Record) -> None:
        actions = actions_of(record)
        game = type(record_variant(record)).openspiel_name  # actions_of read it: it reads
        if self.game is not None and game != self.game:
            raise ActionsWriteError(
                f"a file of OpenSpiel actions holds games of one kind (--variant names it when "
                f"read): this game is {game}, the file's first is {self.game}",
                record,
            )
        self.game = game
        if not actions:
            raise ActionsWriteError(
                "a game of no moves has no line of OpenSpiel actions (a blank line is no game)",
                record,
            )
        self.out.write(SEPARATOR.join(map(str, actions)) + "\n")

    def close(self) -> None:
        """Nothing to finish."""


def read_stream(stream: IO[bytes], source: str, game: str | None = None) -> Iterator[Record]:
    """The records of a binary stream of action lines, replayed as ``game`` (the format
    registry's reader; see :func:`iter_action_records`)."""
    return iter_action_records(stream, source, game)


def actions_of(record: Record) -> list[int]:
    """The OpenSpiel actions of a record's main line. Raises ActionsWriteError."""
    if record.damaged:
        raise ActionsWriteError(
            "a game that could not be read cannot be written as actions", record
        )
    try:
        variant = record_variant(record)
    except RulesError as exc:
        raise ActionsWriteError(str(exc), record) from exc
    cls = type(variant)
    wanted = cls.openspiel_variant() if FORMAT in cls.formats else None
    if wanted is None:
        raise ActionsWriteError(
            f"OpenSpiel actions hold {', '.join(openspiel_games())} games, not "
            f'"{record.tag("Game") or "?"}"',
            record,
        )
    if variant != wanted:
        raise ActionsWriteError(
            f"OpenSpiel's {cls.openspiel_name} plays the {wanted.rules} rules; this record is "
            f'{record.tag("Game")} under "{record.tag("Rules") or "its default rules"}" '
            f'(only [Rules "{wanted.rules}"] records can be written as OpenSpiel actions)',
            record,
        )
    if record.tag("Position") is not None:
        raise ActionsWriteError(
            "OpenSpiel action sequences start from the standard position; this record has a "
            "Position tag",
            record,
        )
    if record.tag(PITS_TAG, DEFAULT) != DEFAULT:
        record = translate_record(record, DEFAULT).record
    actions: list[int] = []
    position = variant.initial_position()
    for node in record.mainline.moves:
        try:
            move = variant.parse_move(node.token, position)
        except MoveError as exc:
            raise ActionsWriteError(
                f"move {node.token}: {exc.reason}", record, node.line, node.column
            ) from exc
        actions.append(variant.action_of_move(position, move))
        position = variant.play(position, move)
    return actions


__all__ = [
    "FORMAT",
    "SEPARATOR",
    "ActionsWriteError",
    "ActionsWriter",
    "actions_of",
    "iter_action_records",
    "openspiel_games",
    "openspiel_variant",
    "read_actions",
    "read_stream",
    "record_from_actions",
    "write_actions",
]
