"""Repairing records: what the rules settle, set right; what they do not, left alone.

:func:`repair_record` replays a record's main line through its game's rules and
makes only the changes the replay proves, each reported as a :class:`Change`:

- ``cut-moves``: moves written after the rules ended the game (ruling N2) are cut;
  comments written after the last move (a PlayOK ``{zero}``, ruling Q11) move to the
  last move kept;
- ``fix-claim``: a move whose claims the replay contradicts (Wari's and Kalah's
  ``+n``, Togyz Kumalak's landing hole, ``(n)`` and ``X``, ruling Q10) is written as
  the variant writes the move played (:meth:`~notation.games.base.Variant.format_played`).
  Only claims are corrected: the move kept is the one the token names once its claim
  characters (digits, ``+``, ``(``, ``)``, ``X``) are taken off its end, never another;
- ``set-result``: a missing or ``*`` result, or one the rules contradict, becomes the
  rules' result when the rules ended the game (ruling N1), in the movetext and the
  ``Result`` tag; a ``Termination`` that says the game stopped early is then dropped;
- ``fix-score``: a ``Score`` tag the replay contradicts gets the replay's counts.

It never guesses a move: a record with a move the rules refuse (even with its
claims taken off), or that cannot be read, or whose game is unknown, is given back
unchanged, with the problem in :attr:`Repair.problems`. Unchanged entirely: a fix
before the illegal move would be a repair of a record whose end nobody can know.
Variations are not touched. What remains wrong after the repair (a result the rules
do not decide, with no reason given) is in :attr:`Repair.problems` too: the
validator's verdict on the repaired record.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import IO, Any

from notation.core.pits import PitsError
from notation.core.record import MoveNode, Record
from notation.core.replay import (
    EARLY_TERMINATIONS,
    UNKNOWN_TERMINATION,
    Problem,
    expected_number,
    next_step,
    open_game,
    validate_record,
)
from notation.errors import Code
from notation.games import AnyVariant
from notation.games.base import MoveError, PositionError, RulesError
from notation.render.sinks import json_text, plural, terminal_text, write_csv

#: The characters a claim is written with, which :func:`repair_record` may take off a
#: token's end to find the move it names.
_CLAIM_CHARACTERS = frozenset("0123456789()+X")
#: The columns of the CSV report: a row per change and per problem left.
CSV_COLUMNS = (
    "source",
    "game",
    "line",
    "column",
    "move",
    "kind",
    "code",
    "before",
    "after",
    "message",
)


@dataclass(frozen=True, slots=True)
class Change:
    """One change :func:`repair_record` made: a stable code, what was written, what is now."""

    code: str
    message: str
    before: str
    after: str
    line: int = 0
    column: int = 0
    move_number: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The change as a JSON object (keys with no value left out)."""
        obj: dict[str, Any] = {"code": self.code, "message": self.message}
        obj["before"], obj["after"] = self.before, self.after
        if self.line:
            obj["line"], obj["column"] = self.line, self.column
        if self.move_number is not None:
            obj["move_number"] = self.move_number
        return obj


@dataclass(frozen=True, slots=True)
class Repair:
    """A record after :func:`repair_record`: the record to write, the changes made,
    and the problems that remain (the validator's, on the record written)."""

    record: Record
    source: str
    index: int
    line: int
    changes: tuple[Change, ...] = ()
    problems: tuple[Problem, ...] = ()

    @property
    def valid(self) -> bool:
        """Whether the record written is valid."""
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        """The game's entry in the JSON report."""
        return {
            "source": self.source,
            "game": self.index,
            "line": self.line,
            "valid": self.valid,
            "changes": [change.to_json() for change in self.changes],
            "problems": [problem.to_json() for problem in self.problems],
        }


def repair_record(record: Record, index: int = 1) -> Repair:
    """Replay a record and make the changes the rules prove (see the module's docstring)."""
    where = {"source": record.source, "index": index, "line": record.line}
    given = record
    changes: list[Change] = []
    if record.errors and all(e.code == Code.MISSING_RESULT for e in record.errors):
        record = replace(record, errors=(), raw=None)  # no result token: set from the rules
        missing = True
    else:
        missing = False
    if record.damaged:
        return Repair(record, problems=validate_record(record, index).problems, **where)  # type: ignore[arg-type]
    try:
        game = open_game(record)
    except (PitsError, RulesError, PositionError):
        return Repair(record, problems=validate_record(record, index).problems, **where)  # type: ignore[arg-type]
    if game.translation is not None:  # holes numbered another way: the claims are the record's
        return Repair(record, problems=validate_record(record, index).problems, **where)  # type: ignore[arg-type]
    variant, position = game.variant, game.start
    moves = list(record.mainline.moves)
    for at, node in enumerate(moves):
        if variant.outcome(position) is not None:
            _cut(moves, at, variant, position, changes)
            break
        played = _play(variant, node, position)
        if played is None:  # a move the rules refuse: never guessed
            return Repair(given, problems=validate_record(given, index).problems, **where)  # type: ignore[arg-type]
        token, after = played
        if token != node.token:
            changes.append(
                Change(
                    "fix-claim",
                    f"{node.token}: the move played is {token}",
                    node.token,
                    token,
                    node.line,
                    node.column,
                    expected_number(variant, position),
                )
            )
            moves[at] = replace(node, token=token)
        position = after
    repaired = replace(record, mainline=replace(record.mainline, moves=tuple(moves)))
    repaired = _settle_result(repaired, variant, position, changes, missing)
    if not changes:
        repaired = record
    return Repair(
        repaired,
        changes=tuple(changes),
        problems=validate_record(repaired, index).problems,
        **where,  # type: ignore[arg-type]
    )


def _play(variant: AnyVariant, node: MoveNode, position: Any) -> tuple[str, Any] | None:
    """The token to write for a node's move and the position after it; None when no move
    is named (the token with its claim characters taken off its end, one at a time)."""
    token = node.token
    while True:
        try:
            step = next_step(variant, position, token)
        except MoveError:
            if len(token) < 2 or token[-1] not in _CLAIM_CHARACTERS:
                return None
            token = token[:-1]
            continue
        if token == node.token:
            return token, step.after
        return variant.format_played(step.move, position, step.after), step.after


def _cut(
    moves: list[MoveNode], at: int, variant: AnyVariant, position: Any, changes: list[Change]
) -> None:
    """Cut the moves from ``at`` on (the game ended before them, ruling N2); the comments
    after the last move written go to the last move kept."""
    cut = moves[at:]
    outcome = variant.outcome(position)
    assert outcome is not None
    first = cut[0]
    written = " ".join(node.token for node in cut)
    changes.append(
        Change(
            "cut-moves",
            f"{plural(len(cut), 'move')} after the game ended ({outcome.result}, {outcome.reason}) cut: "
            "no move may follow the end of the game (ruling N2)",
            written,
            "",
            first.line,
            first.column,
            expected_number(variant, position),
        )
    )
    del moves[at:]
    trailing = cut[-1].comments
    if trailing and moves:
        last = moves[-1]
        moves[-1] = replace(last, comments=(*last.comments, *trailing))


def _settle_result(
    record: Record, variant: AnyVariant, position: Any, changes: list[Change], missing: bool
) -> Record:
    """The rules' result where they ended the game (N1), and a ``Score`` that agrees."""
    outcome = variant.outcome(position)
    where = (record.mainline.moves[-1].line, 0) if record.mainline.moves else (record.line, 0)
    if outcome is not None and (record.result != outcome.result or missing):
        before = "no result" if missing else record.result
        changes.append(
            Change(
                "set-result",
                f"the game ended by the rules ({outcome.reason}): the result is {outcome.result}, "
                f"not {before}, as a record declares the outcome the rules reach (ruling N1)",
                before,
                outcome.result,
                *where,
            )
        )
        record = replace(record, result=outcome.result)
        if record.tag("Result") is not None:
            record = record.with_tag("Result", outcome.result)
    if outcome is not None:
        termination = record.tag("Termination")
        stated = (*EARLY_TERMINATIONS, UNKNOWN_TERMINATION)
        if termination is not None and termination.strip().lower() in stated:
            changes.append(
                Change(
                    "drop-termination",
                    f'Termination "{termination}" dropped: the game ended by the rules '
                    f"({outcome.reason})",
                    termination,
                    "",
                    record.line,
                    1,
                )
            )
            record = replace(record, tags=tuple(t for t in record.tags if t[0] != "Termination"))
    score = record.tag("Score")
    counted = "-".join(map(str, variant.scores(position)))
    if score is not None and score.strip() != counted:
        changes.append(
            Change(
                "fix-score",
                f"Score {score}: the stones captured are {counted}",
                score,
                counted,
                record.line,
                1,
            )
        )
        record = record.with_tag("Score", counted)
    return record


def repair_records(records: Iterable[Record]) -> Iterable[Repair]:
    """:func:`repair_record` on each record, numbered from 1 in each source."""
    numbers: dict[str, int] = {}
    for record in records:
        numbers[record.source] = numbers.get(record.source, 0) + 1
        yield repair_record(record, numbers[record.source])


# -- the report ------------------------------------------------------------------------


def _place(source: str, line: int, column: int) -> str:
    return ":".join([source, *(str(n) for n in (line, column) if n)])


def repair_text(repair: Repair) -> list[str]:
    """A game's lines in the text report: what was changed, then what is left wrong."""
    head = f"{_place(repair.source, repair.line, 0)}: game {repair.index}"
    verdict = "repaired" if repair.changes else "unchanged"
    lines = [f"{head}: {verdict}{'' if repair.valid else ', still INVALID'}"]
    # (file names and tokens come from the input: shown safely, as every text report)
    for change in repair.changes:
        number = f"move {change.move_number} " if change.move_number else ""
        lines.append(
            f"  {_place(repair.source, change.line, change.column)}: {number}{change.code}: {change.message}"
        )
    for problem in repair.problems:
        number = f"move {problem.move_number} " if problem.move_number else ""
        lines.append(
            f"  {_place(repair.source, problem.line, problem.column)}: {number}left: {problem.message}"
        )
    return [terminal_text(line) for line in lines]


def summary(repairs: Sequence[Repair]) -> dict[str, int]:
    """Games read, games changed, changes made, and games still invalid."""
    return {
        "games": len(repairs),
        "repaired": sum(1 for r in repairs if r.changes),
        "changes": sum(len(r.changes) for r in repairs),
        "invalid": sum(1 for r in repairs if not r.valid),
    }


def summary_line(repairs: Sequence[Repair]) -> str:
    """The text report's last line."""
    counts = summary(repairs)
    return (
        f"{plural(counts['games'], 'game')}: {counts['repaired']} repaired "
        f"({plural(counts['changes'], 'change')}), {counts['invalid']} still invalid"
    )


def write_report(repairs: Sequence[Repair], out: IO[str], fmt: str) -> None:
    """The whole report in ``fmt``: ``text`` (a block per game, then the summary), ``json``
    (one object: the summary and a game per entry) or ``csv`` (a row per change and per
    problem left, every text cell guarded against formulas)."""
    if fmt == "json":
        body = {**summary(repairs), "reports": [r.to_json() for r in repairs]}
        out.write(json_text(body, indent=1) + "\n")
    elif fmt == "csv":
        write_csv([CSV_COLUMNS, *_csv_rows(repairs)], out)
    else:
        for repair in repairs:
            out.write("\n".join(repair_text(repair)) + "\n")
        out.write(summary_line(repairs) + "\n")


def _csv_rows(repairs: Sequence[Repair]) -> Iterable[tuple[object, ...]]:
    for r in repairs:
        for c in r.changes:
            yield (
                r.source,
                r.index,
                c.line,
                c.column,
                c.move_number or "",
                "change",
                c.code,
                c.before,
                c.after,
                c.message,
            )
        for p in r.problems:
            yield (
                r.source,
                r.index,
                p.line,
                p.column,
                p.move_number or "",
                "problem",
                p.code,
                p.token or "",
                "",
                p.message,
            )


__all__ = [
    "CSV_COLUMNS",
    "Change",
    "Repair",
    "repair_record",
    "repair_records",
    "repair_text",
    "summary",
    "summary_line",
    "write_report",
]
