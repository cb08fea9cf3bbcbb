"""OpenSpiel ``oware`` action sequences, read into PMN records and written from them.

The format (``openspiel-actions``), for self-play logs: one game per line,
the actions separated by spaces, exactly as OpenSpiel's
``state.history_str()`` gives them::

    # lines starting with # and blank lines are ignored
    2 5 2 1 1 2 2 3 5 4

An action is 0-5: the hole of the player to move, counted from that player's
own left (South's ``A``-``F``, North's ``a``-``f``). Players alternate, South
(OpenSpiel's player 0) first, from the standard start: Oware has no passes,
so who moves is never written. OpenSpiel's ``oware`` plays the tournament
Oware Abapa rules, so the records are ``[Game "Wari"] [Rules "abapa"]``.

Reading replays every game through the abapa rules (an action log carries no
result, so the record's ``Result``, ``Score`` and ``+n`` capture counts come
from the rules); an action that is not legal makes the game damaged, with
its line and column, and the next line is still read. Writing keeps only
what the format holds, the main line's moves: tags, comments and variations
have no place in it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import IO

from notation.errors import PMNError
from notation.games.base import Variant
from notation.games.wari import HOLE_NAMES, WariPosition, WariVariant
from notation.pits import DEFAULT, PITS_TAG, first_mover, is_board_record, translate_record
from notation.record import Line, MoveNode, ReadError, Record

#: The variant OpenSpiel's ``oware`` plays.
ABAPA = WariVariant("abapa")
_ACTION_RE = re.compile(r"\S+")
_ACTIONS = frozenset("012345")
_LETTER_RE = re.compile(r"([A-Fa-f])(?:\+\d+)?")


class ActionsWriteError(PMNError):
    """A record the action format cannot hold (another game or ruleset, a set-up position)."""

    code = "cannot-write"

    def __init__(self, message: str, record: Record, line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.record = record
        self.line = line or record.line
        self.column = column


def hole_of_action(action: int, player: int) -> int:
    """The hole (0-11, sowing order) an action of ``player`` (0 South, 1 North) empties."""
    return 6 * player + action


def action_of_hole(hole: int) -> int:
    """The action (0-5) that empties a hole, for the hole's owner."""
    return hole % 6


# -- reading ----------------------------------------------------------------


def read_actions(text: str, source: str = "<string>") -> list[Record]:
    """Every game in an action-sequence text."""
    return list(iter_action_records(text.splitlines(keepends=True), source))


def iter_action_records(lines: Iterable[str | bytes], source: str = "<string>") -> Iterator[Record]:
    """Yield one record per game line, replayed through the abapa rules."""
    for number, raw in enumerate(lines, start=1):
        text = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw
        stripped = text.strip().lstrip("\ufeff")
        if not stripped or stripped.startswith("#"):
            continue
        yield record_from_actions(text.rstrip("\r\n").lstrip("\ufeff"), source, number)


def record_from_actions(line: str, source: str = "<string>", line_number: int = 1) -> Record:
    """The record of one game line (damaged, with the reason, if an action is not legal)."""
    variant: Variant[WariPosition, int] = ABAPA
    position = variant.initial_position()
    nodes: list[MoveNode] = []
    for match in _ACTION_RE.finditer(line):
        text, column = match.group(), match.start() + 1
        error = _check_action(variant, position, text)
        if error is not None:
            return Record(
                (("Game", "Wari"), ("Rules", "abapa")),
                Line(tuple(nodes)),
                "*",
                (ReadError(error[0], f"action {text}: {error[1]}", line_number, column),),
                line + "\n",
                source,
                line_number,
            )
        move = hole_of_action(int(text), position.to_move)
        number = f"{position.turn // 2 + 1}." if position.to_move == 0 else None
        token = variant.format_move(move, position)
        nodes.append(MoveNode(token, number, line=line_number, column=column))
        position = variant.play(position, move)
    outcome = variant.outcome(position)
    result = outcome.result if outcome is not None else "*"
    tags: list[tuple[str, str]] = [("Game", "Wari"), ("Rules", "abapa"), ("Result", result)]
    if outcome is not None:
        tags.append(("Score", "-".join(map(str, variant.scores(position)))))
    return Record(tuple(tags), Line(tuple(nodes)), result, (), None, source, line_number)


def _check_action(
    variant: Variant[WariPosition, int], position: WariPosition, text: str
) -> tuple[str, str] | None:
    """Why an action cannot be played here, as (code, reason); None if it can."""
    if text not in _ACTIONS:  # ASCII 0-5 ("²".isdigit() is true; int() refuses 4,300 digits)
        return "bad-move-syntax", "an action is a number 0-5 (a hole from the mover's left)"
    outcome = variant.outcome(position)
    if outcome is not None:
        return "game-over", f"the game is already over ({outcome.result}: {outcome.reason})"
    legal = list(variant.legal_moves(position))
    move = hole_of_action(int(text), position.to_move)
    if move not in legal:
        allowed = " ".join(str(action_of_hole(m)) for m in legal)
        why = "is empty" if not position.pits[move] else "does not give the opponent stones (A5)"
        return "illegal-move", f"hole {HOLE_NAMES[move]} {why} (legal actions: {allowed})"
    return None


# -- writing ----------------------------------------------------------------


def write_actions(records: Iterable[Record], out: IO[str]) -> None:
    """Write each record's main line as a line of actions. Raises ActionsWriteError."""
    for record in records:
        out.write(" ".join(map(str, actions_of(record))) + "\n")


def actions_of(record: Record) -> list[int]:
    """The OpenSpiel actions of a record's main line. Raises ActionsWriteError."""
    if record.damaged:
        raise ActionsWriteError("a game that could not be read cannot be written as actions", record)
    if not is_board_record(record):
        raise ActionsWriteError(
            f'OpenSpiel\'s oware is played on the Wari board, not "{record.tag("Game") or "?"}"',
            record,
        )
    rules = (record.tag("Rules") or "").split()
    if rules[:1] != ["abapa"]:
        raise ActionsWriteError(
            "OpenSpiel's oware plays the abapa rules; this record is "
            f'{record.tag("Game")} under "{record.tag("Rules") or "its default rules"}" '
            '(only [Rules "abapa"] records can be written as OpenSpiel actions)',
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
    mover = first_mover(record)
    for index, node in enumerate(record.mainline.moves):
        match = _LETTER_RE.fullmatch(node.token)
        seat = mover ^ (index % 2)
        hole = HOLE_NAMES.index(match.group(1)) if match is not None else -1
        if hole // 6 != seat:
            raise ActionsWriteError(
                f"move {node.token} is not a hole of {('South', 'North')[seat]}, who moves here",
                record,
                node.line,
                node.column,
            )
        actions.append(action_of_hole(hole))
    return actions


__all__ = [
    "ABAPA",
    "ActionsWriteError",
    "action_of_hole",
    "actions_of",
    "hole_of_action",
    "iter_action_records",
    "read_actions",
    "record_from_actions",
    "write_actions",
]
