"""``pmn record``: record a game move by move as it is played.

The recorder checks each move at once against the rules, and rewrites the
record file (atomically: a temporary file renamed over it) after every
change, so the file on disk is always a valid PMN record and a crash loses
nothing. ``--resume`` carries on an unfinished record.
"""

from __future__ import annotations

import datetime
import os
from dataclasses import replace
from typing import Any

import click

from notation.collection import atomic_output, read_path
from notation.games import AnyVariant, find_game, find_variant, game_names
from notation.games.base import AmbiguousMoveError, MoveError, PositionError, RulesError
from notation.pmn import write_record
from notation.record import Line, MoveNode, Record
from notation.replay import (
    EARLY_TERMINATIONS,
    expected_number,
    record_variant,
    start_position,
    validate_record,
)

HELP = """Commands (anything else is read as a move):
  moves               the legal moves
  show                the board
  comment TEXT        a comment after the last move (before the first move if none yet)
  undo                take back the last move
  end REASON RESULT   stop the game early: REASON is resignation, agreement, time or
                      adjudication; RESULT like 1-0, 0-1, 1/2-1/2 (Tricala: 1-0-0 ...)
  save                save and stop recording (the game stays unfinished: *)
  help                this list"""


class Recorder:
    """A game being recorded: its tags, the moves so far and the position."""

    def __init__(self, path: str, record: Record) -> None:
        self.path = path
        self.tags = list(record.tags)
        self.variant: AnyVariant = record_variant(record)
        self.start: Any = start_position(record, self.variant)
        self.nodes: list[MoveNode] = []
        self.opening_comments: list[str] = list(record.mainline.comments)
        self.result = record.result
        self.positions: list[Any] = [self.start]
        for node in record.mainline.moves:
            move = self.variant.parse_move(node.token, self.position)
            self.nodes.append(node)
            self.positions.append(self.variant.play(self.position, move))

    @property
    def position(self) -> Any:
        """The current position."""
        return self.positions[-1]

    def record(self) -> Record:
        """The record as it stands, with the result by the rules when the game is over."""
        nodes = list(self.nodes)
        trailing: tuple[str, ...] = ()
        if self.opening_comments:
            if nodes:
                first = nodes[0]
                nodes[0] = replace(first, comments_before=tuple(self.opening_comments))
            else:
                trailing = tuple(self.opening_comments)
        tags = [(n, v) for n, v in self.tags if n != "Result"] + [("Result", self.result)]
        return Record(tuple(tags), Line(tuple(nodes), trailing), self.result)

    def save(self) -> None:
        """Write the record file atomically."""
        text = write_record(self.record())
        with atomic_output(self.path) as out:
            out.write(text)

    def prompt(self) -> str:
        """``12... North>``: the move number and who is to move."""
        number = expected_number(self.variant, self.position)
        seat = self.variant.seats[self.variant.to_move(self.position)]
        return f"{number} {seat}> "

    def play(self, token: str) -> str:
        """Check and add a move; the message to show. Raises MoveError."""
        move = self.variant.parse_move(token, self.position)
        canonical = self.variant.format_move(move, self.position)
        effect = self.variant.describe_move(move, self.position)
        seats = len(self.variant.seats)
        first_seat = self.variant.turn(self.position) % seats == 0
        after_comment = bool(self.nodes and self.nodes[-1].comments)
        number = (
            expected_number(self.variant, self.position)
            if first_seat or not self.nodes or after_comment
            else None
        )
        self.nodes.append(MoveNode(canonical, number))
        self.positions.append(self.variant.play(self.position, move))
        outcome = self.variant.outcome(self.position)
        if outcome is not None:
            self.result = outcome.result
            self._set_tag("Termination", None)
        return f"{canonical}" + (f": {effect}" if effect else "")

    def undo(self) -> str | None:
        """Take back the last move; the token taken back, or None."""
        if not self.nodes:
            return None
        node = self.nodes.pop()
        self.positions.pop()
        self.result = "*"
        self._set_tag("Termination", None)
        return node.token

    def comment(self, text: str) -> None:
        """Attach a comment after the last move (or before the first)."""
        if self.nodes:
            last = self.nodes[-1]
            self.nodes[-1] = replace(last, comments=(*last.comments, text))
        else:
            self.opening_comments.append(text)

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


def ask_tags() -> list[tuple[str, str]]:
    """Ask for the game and the facts about it; blank answers leave a tag out."""
    while True:
        names = game_names()
        game = click.prompt(f"Game ({', '.join(names)})", default=names[0]).strip()
        rules = click.prompt(
            "Rules (blank: the game's default)", default="", show_default=False
        ).strip()
        players = ""
        try:
            counts = find_game(game).seat_counts
        except RulesError as exc:
            click.echo(f"  {exc}")
            continue
        if len(counts) > 1:
            choices = [str(count) for count in counts]
            players = click.prompt("Players", type=click.Choice(choices), default=choices[0])
        try:
            variant = find_variant(game, rules or None, {"Players": players} if players else {})
            break
        except RulesError as exc:
            click.echo(f"  {exc}")
    tags: list[tuple[str, str]] = [("Game", game)]
    if rules:
        tags.append(("Rules", rules))
    today = datetime.date.today().strftime("%Y.%m.%d")
    for name, default in (("Event", ""), ("Site", ""), ("Date", today), ("Round", "")):
        value = click.prompt(name, default=default, show_default=bool(default)).strip()
        if value:
            tags.append((name, value))
    for seat in variant.seats:
        tags.append((seat, click.prompt(seat, default="?").strip() or "?"))
    return tags


def describe_error(error: MoveError, limit: int = 40) -> str:
    """Why a move was refused, and what would have been accepted."""
    text = f"  not accepted: {error.reason}"
    if isinstance(error, AmbiguousMoveError) and error.candidates:
        text += "\n  say which: " + ", ".join(error.candidates[:limit])
    if error.legal:
        more = f" ... ({len(error.legal)} in all)" if len(error.legal) > limit else ""
        text += "\n  legal: " + ", ".join(error.legal[:limit]) + more
    return text


@click.command("record")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--resume", is_flag=True, help="Carry on the unfinished record in FILE.")
def record_command(file: str, resume: bool) -> None:
    """Record a game in FILE as it is played, one move at a time.

    Asks for the game and its tags, then reads moves, checking each at once.
    Type 'help' for the commands (moves, show, comment, undo, end, save).
    FILE is a valid PMN record after every accepted move. With --resume,
    carries on the record already in FILE.
    """
    if resume:
        if not os.path.exists(file):
            raise click.UsageError(f"{file} does not exist: nothing to resume")
        existing = next(iter(read_path(file, "pmn")), None)
        if existing is None or existing.damaged:
            raise click.ClickException(f"{file}: no readable record to resume")
        try:
            recorder = Recorder(file, existing)
        except (RulesError, PositionError, MoveError) as exc:
            raise click.ClickException(f"{file}: cannot resume: {exc}") from exc
        click.echo(f"Resuming {file}: {len(recorder.nodes)} move(s) so far.")
    else:
        if os.path.exists(file):
            raise click.UsageError(f"{file} exists: use --resume to carry it on, or another name")
        recorder = Recorder(file, Record(tuple(ask_tags())))
    recorder.save()
    click.echo("Type moves as they are played; 'help' lists the commands.")
    while True:
        outcome = recorder.variant.outcome(recorder.position)
        if outcome is not None and recorder.nodes:
            click.echo(f"Game over: {outcome.result} ({outcome.reason}). Saved to {file}.")
            return
        if recorder.result != "*":
            click.echo(f"Game ended: {recorder.result}. Saved to {file}.")
            return
        try:
            line = click.prompt(recorder.prompt(), prompt_suffix="", default="", show_default=False)
        except click.Abort:
            click.echo(f"\nSaved to {file} (unfinished).")
            return
        command, _, rest = line.strip().partition(" ")
        rest = rest.strip()
        if not command:
            continue
        if command == "help":
            click.echo(HELP)
        elif command == "show":
            click.echo(recorder.variant.diagram(recorder.position))
        elif command == "moves":
            legal = [
                recorder.variant.format_move(m, recorder.position)
                for m in recorder.variant.legal_moves(recorder.position)
            ]
            click.echo("  " + (", ".join(legal) if legal else "none"))
        elif command == "undo":
            taken = recorder.undo()
            click.echo(f"  took back {taken}" if taken else "  nothing to take back")
            recorder.save()
        elif command == "comment":
            if not rest:
                click.echo("  comment what? (comment TEXT)")
                continue
            if "}" in rest:
                click.echo("  a comment cannot contain }")
                continue
            recorder.comment(rest)
            recorder.save()
        elif command == "end":
            reason, _, result = rest.partition(" ")
            if reason.lower() not in EARLY_TERMINATIONS or not result.strip():
                click.echo(f"  end REASON RESULT, REASON one of: {', '.join(EARLY_TERMINATIONS)}")
                continue
            problems = recorder.end(reason.lower(), result.strip())
            if problems:
                click.echo("  not accepted: " + "; ".join(problems))
                continue
            recorder.save()
        elif command == "save":
            recorder.save()
            click.echo(f"Saved to {file} (unfinished).")
            return
        else:
            try:
                message = recorder.play(command)
            except MoveError as exc:
                click.echo(describe_error(exc))
                continue
            recorder.save()
            click.echo(f"  {message}")
