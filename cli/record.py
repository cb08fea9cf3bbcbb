"""``pmn record``: record a game move by move as it is played.

The recorder checks each move at once against the rules, and rewrites the
record file (safely: see :mod:`notation.files.outputs`) after every change, so the
file on disk is always a valid PMN record and a crash loses nothing. A save
that fails (a full disk, no permission) is reported and the game goes on:
it is saved again after the next change, or with ``save``; when input ends
with the game still not saved, it is printed in PMN on stderr and the exit
code is 1, so nothing since the last save is lost. ``--resume``
carries on a game of a file (the last, or ``--game N``) and keeps every
other byte of the file as it was.
"""

from __future__ import annotations

import codecs
import datetime
import difflib
import io
import os
import re
import shutil
import time
from collections.abc import Callable
from typing import Any

import click

from notation.core.movelist import describe_count
from notation.core.pits import PitsError
from notation.core.record import Record
from notation.core.replay import (
    EARLY_TERMINATIONS,
    expected_number,
)
from notation.core.tokens import TOKEN_RE
from notation.desk.event import date_problem
from notation.desk.recorder import (
    PAGE,
    Clock,
    Recorder,
    RecordFileChanged,
    append_game,
    nearest,
    read_template,
    start_pit,
)
from notation.files.sources import open_input
from notation.formats.pmn import iter_chunks, read_chunk, write_record
from notation.formats.registry import sniff_file
from notation.games import find_game, find_variant, game_names
from notation.games.base import (
    AmbiguousMoveError,
    MoveCount,
    MoveError,
    PositionError,
    RulesError,
)

from .paths import RewritePath
from .recorder_input import LineReader, Words, make_reader
from .terminal import echo, plural


def _say(text: object = "") -> None:
    # the recorder's terminal: a record's names and comments, a file's name, escaped
    echo(str(text), lines=True)


HELP = """Type moves as they are played, several on a line if you like:
  C b                 two moves, played in order (the first refused one stops the line)
  C! {good} $1 b      annotations (! ? !! ?? !? ?!, with no space) and $n, and {comments},
                      are kept on the move before them
Commands:
  moves [PIT]         the legal moves (a count per pit first when there are many; PIT: from one pit)
  more                the next page of the list of moves
  show                the board
  comment TEXT        a comment after the last move (before the first move if none yet)
  undo                take back the last move (and the comments after it)
  tag NAME VALUE      correct a tag, or add one: tag Date 2026.11.24, tag North Kofi Boateng
  end REASON RESULT   stop the game early: REASON is resignation (resign), agreement
                      (agreed, draw), time (flag) or adjudication; RESULT like 1-0, 0-1,
                      1/2-1/2 (Tricala: 1-0-0 ...)
  resign RESULT       the same as end resignation RESULT
  save                save and stop recording (the game stays unfinished: *); also quit, exit
  help                this list"""

#: The session's commands (the first word of a line); any other line is moves.
COMMANDS = (
    "moves",
    "more",
    "show",
    "comment",
    "undo",
    "tag",
    "end",
    "resign",
    "save",
    "quit",
    "exit",
    "help",
)
#: Words for a command that players use (``quit``: save and stop).
COMMAND_WORDS = {"quit": "save", "exit": "save"}
#: Words players use for the reasons of ``end`` (ruling N5's Termination values).
REASON_WORDS = {
    "resign": "resignation",
    "resigns": "resignation",
    "resigned": "resignation",
    "agreed": "agreement",
    "draw": "agreement",
    "flag": "time",
    "timeout": "time",
    "adjudicated": "adjudication",
}


#: The clock the recorder reads for ``--clock`` (seconds; tests replace it).
CLOCK: Callable[[], float] = time.monotonic

_RESULT_RE = re.compile(r"\*|[0-9]+(?:/[0-9]+)?(?:-[0-9]+(?:/[0-9]+)?)+")
#: What a game may add to its refusal about the short list of legal moves it carries
_LISTED_RE = re.compile(r" \(the first [0-9]+ legal moves are listed; there are more\)$")


def resume_game(path: str, game_number: int | None) -> Recorder:
    """A recorder for game ``game_number`` of ``path`` (None: the last), keeping the rest.

    The file's other bytes (the games before and after, the blank lines
    between them) are kept exactly, to be written back around the game.
    """
    try:
        found = sniff_file(path)  # as every command sniffs (a PlayOK export named .txt)
        with open_input(path) as stream:
            data = stream.read()
    except OSError as exc:
        raise click.ClickException(f"{path}: cannot read: {exc.strerror or exc}") from exc
    if found.name != "pmn":
        raise click.ClickException(
            f"{path} is in the {found.name} format, not PMN text: the recorder carries on PMN "
            f"records only; convert it first (pmn convert {path} -o game.pmn) and resume that"
        )
    chunks = list(iter_chunks(io.BytesIO(data), path))
    if not chunks:
        raise click.ClickException(f"{path}: no record to resume")
    number = len(chunks) if game_number is None else game_number
    if number > len(chunks):
        raise click.UsageError(f"{path} has {plural(len(chunks), 'game')}, not {number}")
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
        recorder = Recorder(
            path, record, before, b"".join(lines[last:]), on_disk=data, number=number
        )
    except (PitsError, RulesError, PositionError, MoveError) as exc:
        raise click.ClickException(f"{path}: game {number}: cannot resume: {exc}") from exc
    return recorder


def ask(reader: LineReader, question: str, default: str = "", words: Words | None = None) -> str:
    """Ask one question; a blank answer is ``default`` (shown in brackets when there is one)."""
    shown = f"{question} [{default}]: " if default else f"{question}: "
    return reader.read(shown, words).strip() or default


def unknown_game(name: str, names: tuple[str, ...]) -> str:
    """Why a game name is refused, with the nearest known names (difflib over
    :func:`notation.games.game_names`, case-insensitive)."""
    lower = {known.lower(): known for known in names}
    near = [lower[k] for k in difflib.get_close_matches(name.lower(), list(lower), 3, 0.6)]
    hint = f"; did you mean {' or '.join(near)}?" if near else ""
    return f'unknown game "{name}"{hint} (known: {", ".join(names)})'


#: The tags ``pmn record`` asks for after the game, in this order (Date: today by default).
ASKED = ("Event", "Site", "Date", "Round")
_TAG_NAME_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


def _template_tags(path: str) -> list[tuple[str, str]]:
    """The tag pairs of a template file (a PMN tag section); raises click.UsageError."""
    try:
        return read_template(path)
    except OSError as exc:
        raise click.UsageError(f"--tags {path}: cannot read: {exc.strerror or exc}") from exc
    except ValueError as exc:
        raise click.UsageError(f"--tags {exc}") from exc


def tournament_tags(template: str | None, options: tuple[str, ...]) -> list[tuple[str, str]]:
    """The tags every game of a tournament shares: a template file's (``--tags``), then each
    ``--tag NAME=VALUE`` (replacing the template's value). An empty value means "ask it".

    Checked before any question (raises click.UsageError): a known game and its rules, a
    PGN date, tag names, no tag given twice in the template (ruling N4), and no
    ``Result`` or ``Termination`` (set by the rules or by ``end``).
    """
    tags = _template_tags(template) if template is not None else []
    names = [name for name, _ in tags]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise click.UsageError(f"--tags {template}: {twice[0]} is given twice (ruling N4)")
    for option in options:
        name, equals, value = option.partition("=")
        name = name.strip()
        if not equals or not _TAG_NAME_RE.fullmatch(name):
            raise click.UsageError(f"--tag {option}: give NAME=VALUE (--tag Round=3)")
        if name in names:
            tags = [(n, value if n == name else v) for n, v in tags]
        else:
            tags.append((name, value))
            names.append(name)
    given = dict(tags)
    for name in ("Result", "Termination"):
        if given.get(name, "*") != "*" or (name == "Termination" and name in given):
            raise click.UsageError(f"{name} is set by the rules, or with end REASON RESULT")
    if given.get("Date") and (problem := date_problem(given["Date"])) is not None:
        raise click.UsageError(f"Date: {problem}")
    if given.get("Game"):
        try:
            counts = find_game(given["Game"]).seat_counts
        except RulesError:
            raise click.UsageError(unknown_game(given["Game"], game_names())) from None
        players = given.get("Players", "")
        if players and players not in [str(count) for count in counts]:
            raise click.UsageError(f"Players {players!r} is not one of: {counts}")
        try:
            find_variant(given["Game"], given.get("Rules") or None, {"Players": players})
        except RulesError as exc:
            raise click.UsageError(str(exc)) from None
    return [(name, value) for name, value in tags if name != "Result"]


def ask_tags(
    reader: LineReader, given: list[tuple[str, str]] | None = None
) -> list[tuple[str, str]]:
    """Ask for the game and the facts about it; blank answers leave a tag out.

    The questions come in one order for every game: Game, Players (only for a game
    played by a choice of numbers), Rules, Event, Site, Date, Round, then each seat.
    A refused answer is asked again at once, alone: an unknown game before any
    other question (with the nearest names), rules the game does not have, a date
    not in YYYY.MM.DD form.

    ``given`` (:func:`tournament_tags`, checked) answers questions before they are asked:
    only the others are asked, and a tag given empty (``[Board ""]``) is asked too,
    after Round, so that a board's recorder types only what differs. With the game
    given, its rules are its default unless ``Rules`` is given too.
    """
    fixed = dict(given or [])
    names = game_names()
    game = fixed.get("Game", "")
    while not game:
        game = ask(reader, f"Game ({', '.join(names)})", names[0], lambda _: names)
        try:
            find_game(game)
        except RulesError:
            _say(f"  {unknown_game(game, names)}")
            game = ""
    counts = find_game(game).seat_counts
    players = fixed.get("Players", "")
    if len(counts) > 1 and not players:
        choices = [str(count) for count in counts]
        while (
            players := ask(reader, f"Players ({', '.join(choices)})", choices[0])
        ) not in choices:
            _say(f"  {players!r} is not one of: {', '.join(choices)}")
    # the tournament's rules, or with its game given the game's default; else asked
    preset: str | None = fixed.get("Rules") or (
        "" if "Game" in fixed and "Rules" not in fixed else None
    )
    while True:
        rules = ask(reader, "Rules (blank: the game's default)") if preset is None else preset
        preset = None  # (rules refused for the players answered: asked)
        try:
            variant = find_variant(game, rules or None, {"Players": players} if players else {})
            break
        except RulesError as exc:
            _say(f"  {exc}")
    # the game's name as the registry writes it ("oware": Oware), and for another name it
    # takes ("togyz") the game's own name (Togyz Kumalak)
    written = next((name for name in names if name.casefold() == game.casefold()), variant.game)
    tags: list[tuple[str, str]] = [("Game", written)]
    if rules:
        tags.append(("Rules", rules))
    today = datetime.date.today().strftime("%Y.%m.%d")
    for name, default in zip(ASKED, ("", "", today, ""), strict=True):
        value = fixed.get(name) or ask(reader, name, default)
        while name == "Date" and value and (problem := date_problem(value)) is not None:
            _say(f"  {problem}")
            value = ask(reader, name, default)
        if value:
            tags.append((name, value))
    done = {"Game", "Rules", *ASKED, *variant.seats}
    for name, value in fixed.items():  # the template's other tags (Board, TimeControl...)
        if name not in done and (value := value or ask(reader, name)):
            tags.append((name, value))
    for seat in variant.seats:
        tags.append((seat, fixed.get(seat) or ask(reader, seat, "?")))
    return tags


def appended(path: str, tags: list[tuple[str, str]]) -> Recorder:
    """A recorder of a new game after the games of the record file ``path`` (``--append``),
    which are kept byte for byte (:func:`notation.desk.recorder.append_game`)."""
    try:
        return append_game(path, Record(tuple(tags)))
    except OSError as exc:
        raise click.ClickException(f"{path}: cannot read: {exc.strerror or exc}") from exc
    except ValueError as exc:
        raise click.ClickException(str(exc)) from exc


def describe_error(
    error: MoveError,
    typed: str,
    legal: list[str],
    counted: MoveCount | None = None,
    pits: int | None = None,
) -> str:
    """Why a move was refused, and what would have been accepted (all, or the nearest).

    ``legal`` holds every legal token, or, when ``counted`` says there are more, the
    tokens to look for the nearest in (:meth:`Recorder.hints`); ``pits`` is how many
    pits the moves start from, when known.
    """
    counted = counted if counted is not None else MoveCount(len(legal), True)
    every = counted.exact and len(legal) == counted.count
    text = f"  not accepted: {_LISTED_RE.sub('', error.reason)}"
    if isinstance(error, AmbiguousMoveError) and error.candidates:
        text += "\n  say which: " + ", ".join(error.candidates[:PAGE])
    elif legal and every and len(legal) <= PAGE:
        text += "\n  legal: " + ", ".join(legal)
    elif legal:
        near = nearest(typed, legal)
        if near:
            text += "\n  did you mean: " + ", ".join(near)
        if pits is None and every:
            pits = len({start_pit(token) for token in legal})
        if counted.exact and pits is not None:
            text += (
                f"\n  ({counted.count} legal moves from {pits} pits: "
                "'moves' counts them per pit, 'moves PIT' lists a pit's)"
            )
        else:
            text += (
                f"\n  ({describe_count(counted)} legal moves: 'moves PIT' lists a pit's, "
                "'moves' the first)"
            )
    return text


class Session:
    """What the recorder types, line by line: commands, and moves with their annotations.

    The session does not know how lines are read (see :mod:`notation.cli.recorder_input`);
    each line's effect is told with click.echo, and nothing typed is ignored.
    """

    def __init__(self, recorder: Recorder, clock: Clock | None = None) -> None:
        self.recorder = recorder
        self.clock = clock
        self.listing: list[Any] = []  # the moves 'more' pages through (written when shown)
        self.listing_count = MoveCount(0, True)  # how many moves the list is of
        self.listed = 0
        self.listing_at: Any = None
        self.stop = False

    def words(self, prefix: str = "") -> list[str]:
        """What Tab may complete ``prefix`` with: the first legal moves (from the pit the
        prefix names, when it names one), and the commands. Bounded work in any position."""
        return [*self.recorder.completions(prefix), *COMMANDS]

    def handle(self, line: str) -> None:
        """Carry out one line; ``self.stop`` is set when recording should stop."""
        command, _, rest = line.strip().partition(" ")
        rest = rest.strip()
        if not command:
            return
        command = COMMAND_WORDS.get(command.lower(), command)
        if command.lower() == "resign":
            command, rest = "end", f"resignation {rest}".strip()
        recorder = self.recorder
        if command in ("help", "show", "more", "undo", "save") and rest:
            _say(f"  not accepted: {command} takes nothing after it")
            _say(f"  not played: {line.strip()}")
        elif command == "help":
            _say(HELP)
        elif command == "show":
            _say(recorder.variant.diagram(recorder.position))
        elif command == "moves":
            self.moves(rest.split()[0] if rest else None, rest.split()[1:])
        elif command == "more":
            self.more()
        elif command == "undo":
            taken = recorder.undo()
            if not taken:
                _say("  nothing to take back")
            else:
                dropped = " ".join(f"{{{c}}}" for c in recorder.dropped)
                _say(
                    f"  took back {taken}"
                    + (f", and the comment after it, dropped: {dropped}" if dropped else "")
                )
                save(recorder)
        elif command == "tag":
            self.tag(rest)
        elif command == "comment":
            if not rest:
                _say("  comment what? (comment TEXT)")
            elif "}" in rest:
                _say("  not accepted: a comment cannot contain }")
            else:
                recorder.comment(rest)
                _say(f"  comment kept: {{{rest}}}")
                save(recorder)
        elif command == "end":
            self.end(rest)
        elif command == "save":
            if recorder.saved or save(recorder):  # (a game resumed and left as it was)
                self.stop = True
        else:
            self.movetext(line)

    def tag(self, rest: str) -> None:
        """``tag NAME VALUE``: correct or add a tag; say what was done or why not."""
        name, _, value = rest.partition(" ")
        if not name:
            _say("  tag what? (tag NAME VALUE: tag Date 2026.11.24)")
            return
        old = dict(self.recorder.tags).get(name)
        problem = self.recorder.set_tag(name, value.strip())
        if problem is not None:
            _say(f"  not accepted: {problem}")
            return
        was = f' (was "{old}")' if old is not None else " (new)"
        _say(f'  tag {name} is now "{value.strip()}"{was}')
        save(self.recorder)

    def moves(self, pit: str | None, extra: list[str]) -> None:
        """``moves``: a count per pit and the first page; ``moves PIT``: the moves from a pit.

        Bounded work in any position: no more than COUNT_LIMIT moves are looked
        at, and only the moves shown are written.
        """
        recorder = self.recorder
        if extra:
            _say(f"  not understood: {' '.join(extra)} (moves, or moves PIT)")
            return
        legal, counted = recorder.scan()
        if not legal:
            _say("  none: the game is over")
            return
        if pit is not None:
            chosen, listed = recorder.from_pit(pit)
            if not chosen:
                if counted.exact:
                    _say(f"  no legal move starts from {pit}; pits with moves:")
                    _wrapped(list(dict.fromkeys(recorder.pit_of(move) for move in legal)))
                else:
                    _say(f"  no legal move starts from {pit}")
                return
            _say(f"  {describe_count(listed)} legal move(s) from {pit}:")
        else:
            chosen, listed = legal, counted
            if not counted.exact:
                _say(
                    f"  {describe_count(counted)} legal moves; 'moves PIT' lists a pit's. The first:"
                )
            elif len(legal) > PAGE:
                counts: dict[str, int] = {}
                for move in legal:
                    counts[recorder.pit_of(move)] = counts.get(recorder.pit_of(move), 0) + 1
                _say(f"  {len(legal)} legal moves; from each pit:")
                _wrapped([f"{p} {n}" for p, n in counts.items()])
        self.listing, self.listed, self.listing_at = chosen, 0, recorder.position
        self.listing_count = listed
        self.more()

    def more(self) -> None:
        """The next page of the last list of moves (only the moves shown are written)."""
        if self.listing_at is None:
            _say("  nothing to continue: type moves")
            return
        if self.listing_at is not self.recorder.position:
            _say("  the position has changed: type moves")
            return
        if self.listed >= len(self.listing):
            if self.listing_count.exact:
                _say("  that was the whole list")
            else:
                _say(f"  that is as far as the list goes, of {describe_count(self.listing_count)}")
            return
        page = [
            self.recorder.token(move) for move in self.listing[self.listed : self.listed + PAGE]
        ]
        self.listed += len(page)
        groups: dict[str, list[str]] = {}
        for token in page:
            groups.setdefault(start_pit(token), []).append(token)
        if all(len(group) == 1 for group in groups.values()):
            _wrapped(page)
        else:
            for pit, group in groups.items():
                _wrapped(group, f"{pit}:")
        left = len(self.listing) - self.listed
        if left and self.listing_count.exact:
            _say(f"  ... {left} more: type more, or moves PIT for the moves from one pit")
        elif left or not self.listing_count.exact:
            _say("  ... more: type more, or moves PIT for the moves from one pit")

    def end(self, rest: str) -> None:
        """``end REASON RESULT``: check both, and say what was done or why not."""
        recorder = self.recorder
        words = rest.split()
        examples = (
            "1-0-0 or 0-1/2-1/2" if len(recorder.variant.seats) == 3 else "1-0, 0-1 or 1/2-1/2"
        )
        usage = (
            f"  end REASON RESULT: REASON one of {', '.join(EARLY_TERMINATIONS)}; "
            f"RESULT each seat's points ({', '.join(recorder.variant.seats)}), like {examples}"
        )
        if len(words) != 2:
            given = " ".join(words) if words else "nothing"
            _say(f"  not accepted: {given} is not a reason and a result")
            _say(usage)
            return
        reason, result = REASON_WORDS.get(words[0].lower(), words[0].lower()), words[1]
        if reason not in EARLY_TERMINATIONS:
            _say(f"  not accepted: {words[0]} is not a reason to stop early")
            _say(usage)
            return
        if result == "*":
            _say(
                "  not accepted: * means the game goes on, so it cannot end with *; "
                "give the result, or type save to stop recording an unfinished game"
            )
            return
        if not _RESULT_RE.fullmatch(result):
            _say(f"  not accepted: {result} is not a result")
            _say(usage)
            return
        problems = recorder.end(reason, result)
        if problems:
            _say("  not accepted: " + "; ".join(problems))
            return
        _say(f"  ended by {reason}: {result}")
        save(recorder)

    def movetext(self, line: str) -> None:
        """Moves, annotations and comments, in order; stop at the first refused token."""
        recorder = self.recorder
        tokens = [m for m in TOKEN_RE.finditer(line) if m.lastgroup != "space"]
        changed = False
        for index, match in enumerate(tokens):
            kind, text = match.lastgroup, match.group()
            problem = ""
            if kind in ("move", "glyph"):
                token = match.group("move")
                seat = recorder.variant.to_move(recorder.position)
                try:
                    message = recorder.play(token, match.group("glyph") or "")
                except MoveError as exc:
                    problem = describe_error(exc, token, *recorder.hints(token))
                else:
                    changed = True
                    _say(f"  {message}")
                    for skipped in recorder.skipped:  # ruling T10: said, as players say it
                        named = _seat_named(recorder, skipped)
                        _say(f"  {named} is skipped: {recorder.variant.pass_reason}")
                    if self.clock is not None:
                        recorder.comment(self.clock.stamp(seat))
            elif kind == "nag":
                if not 1 <= int(match.group("nag")) <= 255:
                    problem = f"  not accepted: {text}: numeric annotations go from $1 to $255"
                elif recorder.annotate(int(match.group("nag"))):
                    changed = True
                    _say(f"  {text} kept on {recorder.nodes[-1].token}")
                else:
                    problem = f"  not accepted: {text} annotates a move, and there is none yet"
            elif kind in ("comment", "line_comment"):
                comment = (match.group("comment") or match.group("line_comment") or "").strip()
                if not comment:
                    problem = f"  not accepted: {text} is an empty comment"
                elif "}" in comment:  # it is written in braces
                    problem = "  not accepted: a comment cannot contain }"
                else:
                    recorder.comment(comment)
                    changed = True
                    _say(f"  comment kept: {{{comment}}}")
            elif kind == "number":
                expected = expected_number(recorder.variant, recorder.position)
                if text != expected:
                    problem = f"  not accepted: move number {text}; this move is {expected}"
            elif kind == "result":
                problem = (
                    f"  not accepted: a result ({text}) is given with end REASON RESULT "
                    "(end resignation 1-0); when the rules end the game, its result is filled in"
                )
            else:
                why = _WHY.get(
                    text[:1],
                    "is neither a move, an annotation, a comment nor a command ('help' lists them)",
                )
                problem = f"  not accepted: {text!r} {why}"
            if problem:
                _say(problem)
                _say(f"  not played: {' '.join(t.group() for t in tokens[index:])}")
                break
        if changed:
            save(recorder)


def _seat_named(recorder: Recorder, seat: int) -> str:
    """A seat with its player's name when the record gives one: ``Red (Cy)``."""
    colour = recorder.variant.seats[seat]
    name = dict(recorder.tags).get(colour, "?")
    return f"{colour} ({name})" if name not in ("", "?") else colour


_WHY = {
    "{": "is a comment without its closing }",
    "(": "opens a variation: only the moves played are recorded",
    ")": "closes a variation: only the moves played are recorded",
    "[": "is a tag pair: tags are asked for at the start",
    "!": "annotates a move: write it right after the move, with no space (C!)",
    "?": "annotates a move: write it right after the move, with no space (C?)",
    "$": "is not an annotation: $ and one to three digits ($1)",
}


def _wrapped(items: list[str], label: str = "") -> None:
    """Echo ``items`` joined by commas, indented and wrapped to the screen's width between
    items (never inside one), ``label`` before the first line."""
    width = max(40, min(shutil.get_terminal_size().columns, 100))
    first = "  " + (label + " " if label else "")
    line = first
    for index, item in enumerate(items):
        piece = item + ("," if index < len(items) - 1 else "")
        if line.strip() and line.strip() != label and len(line) + 1 + len(piece) > width:
            _say(line.rstrip())
            line = " " * len(first)
        line += piece if line.endswith(" ") else " " + piece
    _say(line.rstrip())


def print_unsaved(recorder: Recorder) -> None:
    """Print the game as it stands, in PMN, on stderr: a game that could not be saved."""
    echo("  The game as recorded here, to keep (copy it into a file):", err=True)
    echo(write_record(recorder.record()), err=True, lines=True)


def save(recorder: Recorder) -> bool:
    """Save the record; on failure say so and keep the game (True when saved)."""
    merges = recorder.merges
    try:
        recorder.save()
    except RecordFileChanged as exc:
        echo(f"  NOT SAVED: {recorder.path}: {exc.strerror}.", err=True)
        print_unsaved(recorder)
        return False
    except OSError as exc:
        echo(
            f"  NOT SAVED: cannot write {recorder.path}: {exc.strerror or exc}. "
            "The game is kept: type save to try again.",
            err=True,
        )
        return False
    if recorder.merges > merges:
        echo(
            f"  {recorder.path} was changed by another recorder meanwhile: this game was "
            "saved into it as it is now, the other changes kept.",
            err=True,
        )
    return True


def _stopped(file: str, recorder: Recorder, reopened: str) -> str:
    """What is said when recording stops with the game saved (``reopened``: a finished
    game resumed and left as it was)."""
    if reopened:
        return f"{file} left as it was ({reopened})."
    return f"Saved to {file} ({game_over(recorder) or 'unfinished'})."


def game_over(recorder: Recorder) -> str:
    """How a game is over (its result and why), or ``""`` while it goes on."""
    outcome = recorder.variant.outcome(recorder.position)
    if outcome is not None and recorder.nodes:
        return f"the game is over: {outcome.result} ({outcome.reason})"
    if recorder.result != "*":
        reason = dict(recorder.tags).get("Termination", "")
        return f"the game ended: {recorder.result}" + (f" ({reason})" if reason else "")
    return ""


@click.command("record")
@click.argument("file", type=RewritePath(dir_okay=False))
@click.option(
    "--resume",
    is_flag=True,
    help="Carry on a game of the record file FILE, shown with its board and last move "
    "(a finished game too: undo takes back its final move or its end).",
)
@click.option(
    "--game",
    "game_number",
    type=click.IntRange(min=1),
    help="With --resume: which game of FILE to carry on (1 is the first; default: the last).",
)
@click.option(
    "--clock",
    is_flag=True,
    help="Stamp each move with its player's clock and the time the move took, as a "
    "{[%clk H:MM:SS] [%emt H:MM:SS]} comment; a seat's clock runs while it is to move. "
    "With a TimeControl tag of seconds (300, or 300+5 with an increment) %clk is the time "
    "left, as python-chess reads it; without one, the time used so far. A resumed game "
    "carries on from each seat's last %clk.",
)
@click.option(
    "--tags",
    "template",
    metavar="FILE",
    help="The tags every game of the tournament shares, from a PMN tag section "
    '([Event "Accra Open"] [Site "Accra"] [Date "2026.11.28"] [Round "3"] [Game "Oware"]): '
    'they are not asked. A tag given empty ([Board ""]) is asked.',
)
@click.option(
    "--tag",
    "tag_options",
    multiple=True,
    metavar="NAME=VALUE",
    help="A tag every game shares, not asked (--tag Round=3; over --tags; repeatable). "
    "NAME= (empty) asks it.",
)
@click.option(
    "--append",
    is_flag=True,
    help="Record a new game after the games of FILE (a round's file), keeping them byte for byte.",
)
def record_command(
    file: str,
    resume: bool,
    game_number: int | None,
    clock: bool,
    template: str | None,
    tag_options: tuple[str, ...],
    append: bool,
) -> None:
    """Record a game in FILE as it is played, one move at a time.

    Asks for the game and its tags, then reads moves, checking each at once;
    a line may hold several moves, with annotations (C! $1) and {comments}.
    Type 'help' for the commands (moves, more, show, comment, undo, end, save).
    FILE is a valid PMN record after every accepted move. With --resume,
    carries on the last game of FILE (or --game N), keeping the rest of the
    file byte for byte. With --append, a new game goes after the games of
    FILE (a round's file), which are kept byte for byte.

    Set up once for a tournament: --tags FILE (a PMN tag section) and
    --tag NAME=VALUE give the tags every board shares (Event, Site, Date,
    Round, Game...), which are not asked; a tag given empty ([Board ""],
    --tag Board=) is asked, so a board's recorder types only what differs.

    On a terminal, lines can be edited, the up arrow recalls earlier lines and
    Tab completes legal moves and commands. Otherwise (a pipe) each prompt is
    printed on a line of its own.
    """
    if game_number is not None and not resume:
        raise click.UsageError("--game chooses the game to resume: it needs --resume")
    if resume and (append or template is not None or tag_options):
        raise click.UsageError(
            "--resume carries on a game of FILE with its own tags: --append, --tags and --tag "
            "are for a new game (correct a tag with the tag command)"
        )
    given = tournament_tags(template, tag_options)
    reader = make_reader()
    if resume:
        if not os.path.exists(file):
            raise click.UsageError(f"{file} does not exist: nothing to resume")
        recorder = resume_game(file, game_number)
        last = recorder.last_move()
        _say(
            f"Resuming {file}, game {recorder.number}: {plural(len(recorder.nodes), 'move')} "
            "so far" + (f"; the last: {last}." if last else ".")
        )
        _say(recorder.variant.diagram(recorder.position))
        reopened = game_over(recorder)
        if reopened:  # its final move may be wrong: it can be taken back
            taken = "the last move" if recorder.variant.outcome(recorder.position) else "the ending"
            _say(
                f"  {reopened}: type undo to take back {taken}, or save (quit) to leave it as it is."
            )
            recorder.saved = True  # the file holds it: nothing is written unless it changes
    else:
        if os.path.lexists(file) and not append:
            raise click.UsageError(
                f"{file} exists: use --resume to carry on its game, --append to record a new "
                "game after its games, or another name"
            )
        try:
            tags = ask_tags(reader, given)
        except (EOFError, KeyboardInterrupt):
            raise click.ClickException(
                "input ended before the game's tags were given: nothing recorded"
            ) from None
        if append and os.path.lexists(file):
            recorder = appended(file, tags)
            _say(f"Game {recorder.number} of {file}, after its other games (kept as they are).")
        else:
            recorder = Recorder(file, Record(tuple(tags)))
        reopened = ""
    if not reopened:
        save(recorder)
    session = Session(recorder, Clock.resumed(recorder, CLOCK) if clock else None)
    _say("Type moves as they are played; 'help' lists the commands.")
    while True:
        outcome = recorder.variant.outcome(recorder.position)
        finished = (outcome is not None and recorder.nodes) or recorder.result != "*"
        reopened = reopened if finished else ""  # a resumed finished game, taken back
        if finished and recorder.saved and not reopened:
            if outcome is not None and recorder.nodes:
                _say(f"Game over: {outcome.result} ({outcome.reason}). Saved to {file}.")
            else:
                reason = dict(recorder.tags).get("Termination", "")
                _say(f"Game ended: {recorder.result} ({reason}). Saved to {file}.")
            return
        if session.stop:
            _say(_stopped(file, recorder, reopened))
            return
        if finished and not recorder.saved:
            _say("  The game is over but not saved: type save to try again.")
        try:
            line = reader.read(recorder.prompt(), session.words)
        except (EOFError, KeyboardInterrupt):
            if recorder.saved or save(recorder):
                _say(_stopped(file, recorder, reopened))
                return
            print_unsaved(recorder)  # nothing since the last save is lost
            raise click.ClickException(
                f"the game could not be saved to {file}: it is printed above, to keep"
            ) from None
        session.handle(line)
