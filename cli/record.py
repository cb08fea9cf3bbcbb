"""``pmn record``: record a game move by move as it is played.

The recorder checks each move at once against the rules, and rewrites the
record file (safely: see :mod:`notation.files`) after every change, so the
file on disk is always a valid PMN record and a crash loses nothing. A save
that fails (a full disk, no permission) is reported and the game goes on:
it is saved again after the next change, or with ``save``. ``--resume``
carries on a game of a file (the last, or ``--game N``) and keeps every
other byte of the file as it was.
"""

from __future__ import annotations

import codecs
import datetime
import io
import os
from dataclasses import replace
from typing import Any

import click

from notation.files import open_input, write_bytes
from notation.games import AnyVariant, find_game, find_variant, game_names
from notation.games.base import AmbiguousMoveError, MoveError, PositionError, RulesError
from notation.pits import DEFAULT as DEFAULT_PITS
from notation.pits import PitsError, translate_record
from notation.pmn import iter_chunks, read_chunk, write_record
from notation.record import Line, MoveNode, Record
from notation.replay import (
    EARLY_TERMINATIONS,
    expected_number,
    open_game,
    replay,
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
    """A game being recorded: its tags, the moves so far and the position.

    ``before`` and ``after`` are the bytes of the file around the game (the
    other games of the file, when a game is resumed): saving keeps them.
    """

    def __init__(self, path: str, record: Record, before: bytes = b"", after: bytes = b"") -> None:
        self.path = path
        self.before = before
        self.after = after
        self.saved = False
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
        self.positions: list[Any] = [self.start]
        moves = record.mainline.moves
        replayed = replay(
            self.variant,
            record.mainline,
            self.start,
            on_step=lambda step: self.positions.append(step.after),
            variations=False,
        )
        self.nodes: list[MoveNode] = list(moves[: replayed.plies])
        if replayed.plies < len(moves):  # the move the rules refuse, with their reason
            node = moves[replayed.plies]
            self.variant.parse_move(node.token, self.position)
            raise MoveError(
                f"move number {node.number} before {node.token}; this move is "
                f"{expected_number(self.variant, self.position)}",
                code="wrong-move-number",
            )

    @property
    def position(self) -> Any:
        """The current position."""
        return self.positions[-1]

    def record(self) -> Record:
        """The record as it stands, with the result by the rules when the game is over."""
        tags = [(n, v) for n, v in self.tags if n != "Result"] + [("Result", self.result)]
        record = Record(tuple(tags), Line(tuple(self.nodes), tuple(self.trailing)), self.result)
        if self.numbering != DEFAULT_PITS:
            record = translate_record(record, self.numbering).record
        return record

    def save(self) -> None:
        """Write the record file safely, keeping the bytes around the game; raises OSError."""
        text = write_record(self.record()).encode("utf-8")
        self.saved = False
        write_bytes(self.path, self.before + text + self.after)
        self.saved = True

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
        after_comment = bool(self.trailing or (self.nodes and self.nodes[-1].comments))
        number = (
            expected_number(self.variant, self.position)
            if first_seat or not self.nodes or after_comment
            else None
        )
        self.nodes.append(MoveNode(canonical, number, comments_before=tuple(self.trailing)))
        self.trailing = []
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
        self.trailing = list(node.comments_before)  # the comments before it stay
        self.result = "*"
        self._set_tag("Termination", None)
        return node.token

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


def resume_game(path: str, game_number: int | None) -> Recorder:
    """A recorder for game ``game_number`` of ``path`` (None: the last), keeping the rest.

    The file's other bytes (the games before and after, the blank lines
    between them) are kept exactly, to be written back around the game.
    """
    try:
        with open_input(path) as stream:
            data = stream.read()
    except OSError as exc:
        raise click.ClickException(f"{path}: cannot read: {exc.strerror or exc}") from exc
    chunks = list(iter_chunks(io.BytesIO(data), path))
    if not chunks:
        raise click.ClickException(f"{path}: no record to resume")
    number = len(chunks) if game_number is None else game_number
    if number > len(chunks):
        raise click.UsageError(f"{path} has {len(chunks)} game(s), not {number}")
    chunk = chunks[number - 1]
    record = read_chunk(chunk)
    if record.damaged:
        error = record.errors[0]
        raise click.ClickException(
            f"{path}:{error.line}:{error.column}: game {number}: cannot resume: {error.message}"
        )
    lines = io.BytesIO(data).readlines()
    first = chunk.line - 1
    last = chunks[number].line - 1 if number < len(chunks) else len(lines)
    while last > first and not lines[last - 1].strip():  # blank lines after it are kept
        last -= 1
    before = b"".join(lines[:first])
    if first == 0 and data.startswith(codecs.BOM_UTF8):
        before = codecs.BOM_UTF8
    try:
        recorder = Recorder(path, record, before, b"".join(lines[last:]))
    except (PitsError, RulesError, PositionError, MoveError) as exc:
        raise click.ClickException(f"{path}: game {number}: cannot resume: {exc}") from exc
    click.echo(f"Resuming {path}, game {number}: {len(recorder.nodes)} move(s) so far.")
    return recorder


def save(recorder: Recorder) -> bool:
    """Save the record; on failure say so and keep the game (True when saved)."""
    try:
        recorder.save()
    except OSError as exc:
        click.echo(
            f"  NOT SAVED: cannot write {recorder.path}: {exc.strerror or exc}. "
            "The game is kept: type save to try again.",
            err=True,
        )
        return False
    return True


@click.command("record")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--resume", is_flag=True, help="Carry on a game of the record file FILE.")
@click.option(
    "--game",
    "game_number",
    type=click.IntRange(min=1),
    help="With --resume: which game of FILE to carry on (1 is the first; default: the last).",
)
def record_command(file: str, resume: bool, game_number: int | None) -> None:
    """Record a game in FILE as it is played, one move at a time.

    Asks for the game and its tags, then reads moves, checking each at once.
    Type 'help' for the commands (moves, show, comment, undo, end, save).
    FILE is a valid PMN record after every accepted move. With --resume,
    carries on the last game of FILE (or --game N), keeping the rest of the
    file byte for byte.
    """
    if game_number is not None and not resume:
        raise click.UsageError("--game chooses the game to resume: it needs --resume")
    if resume:
        if not os.path.exists(file):
            raise click.UsageError(f"{file} does not exist: nothing to resume")
        recorder = resume_game(file, game_number)
    else:
        if os.path.lexists(file):
            raise click.UsageError(f"{file} exists: use --resume to carry it on, or another name")
        recorder = Recorder(file, Record(tuple(ask_tags())))
    save(recorder)
    click.echo("Type moves as they are played; 'help' lists the commands.")
    while True:
        outcome = recorder.variant.outcome(recorder.position)
        finished = (outcome is not None and recorder.nodes) or recorder.result != "*"
        if finished and recorder.saved:
            if outcome is not None and recorder.nodes:
                click.echo(f"Game over: {outcome.result} ({outcome.reason}). Saved to {file}.")
            else:
                click.echo(f"Game ended: {recorder.result}. Saved to {file}.")
            return
        if finished:
            click.echo("  The game is over but not saved: type save to try again.")
        try:
            line = click.prompt(recorder.prompt(), prompt_suffix="", default="", show_default=False)
        except click.Abort:
            if recorder.saved or save(recorder):
                click.echo(f"\nSaved to {file} (unfinished).")
                return
            raise click.ClickException(f"the game could not be saved to {file}") from None
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
            save(recorder)
        elif command == "comment":
            if not rest:
                click.echo("  comment what? (comment TEXT)")
                continue
            if "}" in rest:
                click.echo("  a comment cannot contain }")
                continue
            recorder.comment(rest)
            save(recorder)
        elif command == "end":
            reason, _, result = rest.partition(" ")
            if reason.lower() not in EARLY_TERMINATIONS or not result.strip():
                click.echo(f"  end REASON RESULT, REASON one of: {', '.join(EARLY_TERMINATIONS)}")
                continue
            problems = recorder.end(reason.lower(), result.strip())
            if problems:
                click.echo("  not accepted: " + "; ".join(problems))
                continue
            save(recorder)
        elif command == "save":
            if not save(recorder):
                continue
            if finished:
                continue  # the loop's top says how the game ended
            click.echo(f"Saved to {file} (unfinished).")
            return
        else:
            try:
                message = recorder.play(command)
            except MoveError as exc:
                click.echo(describe_error(exc))
                continue
            click.echo(f"  {message}")
            save(recorder)
