"""The root ``pmn`` group; each command lives in its own module."""

from __future__ import annotations

import atexit
import contextlib
import errno
import gc
import importlib
import os
import signal
import sys
from collections.abc import Iterator
from typing import NamedTuple, NoReturn

import click

from notation import __version__

from .paths import guarded


class Command(NamedTuple):
    """A command of ``pmn``: where it lives, and its summary for ``pmn --help``."""

    #: ``module:function``, imported only when the command runs (or shows its own help)
    reference: str
    #: the first sentence of its help, kept here so that the root help imports no
    #: command's module (a test holds each to its command's help)
    summary: str


#: The commands, in the order ``pmn --help`` lists them: a one-game ``pmn validate``
#: loads the modules it needs, not those of every command.
COMMANDS = {
    "validate": Command(
        "notation.cli.validate:validate",
        "Replay every game in FILES through the rules and check its declared result.",
    ),
    "repair": Command(
        "notation.cli.repair:repair",
        "Set right what the rules prove wrong in the games of FILES, and report every change.",
    ),
    "convert": Command(
        "notation.cli.convert:convert",
        "Convert the records in FILES to another format, losing nothing.",
    ),
    "show": Command(
        "notation.cli.show:show",
        "Draw the board of a game in FILES at a point of its main line.",
    ),
    "moves": Command(
        "notation.cli.moves:moves",
        "List the legal moves in a game at a point, or in a position.",
    ),
    "fmt": Command(
        "notation.cli.fmt:fmt",
        "Write the PMN records in FILES in canonical form.",
    ),
    "stats": Command(
        "notation.cli.stats:stats",
        "Count the games in FILES by result, length, ruleset and termination.",
    ),
    "record": Command(
        "notation.cli.record:record_command",
        "Record a game in FILE as it is played, one move at a time.",
    ),
    "render": Command(
        "notation.cli.render:render",
        "Write a game in FILES as one HTML page that steps through it.",
    ),
    "standings": Command(
        "notation.cli.standings:standings",
        "Standings and a crosstable from the games of an event in FILES (files or folders).",
    ),
    "reconcile": Command(
        "notation.cli.reconcile:reconcile_command",
        "Compare two scoresheets of one game, or pair and compare the sheets of an event.",
    ),
    "publish": Command(
        "notation.cli.publish:publish",
        "Write a static web site for the event in FILES (files or folders) to a folder.",
    ),
    "serve": Command(
        "notation.cli.serve:serve",
        "Serve a round of the event in EVENT_DIR live to its boards, arbiter and spectators.",
    ),
    "select": Command(
        "notation.cli.select:select",
        "Keep the games in FILES that match every filter given.",
    ),
    "dedupe": Command(
        "notation.cli.dedupe:dedupe",
        "Drop copies of a game: the same players, result and moves.",
    ),
    "split": Command(
        "notation.cli.split:split",
        "Split the games of FILES into files of N games, or a file per value of a tag.",
    ),
    "merge": Command(
        "notation.cli.merge:merge",
        "Merge the games of FILES, in order, into one file.",
    ),
    "sort": Command(
        "notation.cli.sort:sort",
        "Sort the games of FILES by tag values; games with equal values keep their order.",
    ),
    "openings": Command(
        "notation.cli.openings:openings",
        "The opening tree of FILES: for each sequence of first moves, the games and results.",
    ),
    "index": Command(
        "notation.cli.index:index",
        "Index the games of FILES in an SQLite database for fast questions.",
    ),
}


class _Root(click.Group):
    """The root group: commands loaded on demand; its help names the registry's games."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*COMMANDS, *(name for name in super().list_commands(ctx) if name not in COMMANDS)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return super().get_command(ctx, cmd_name)
        module_name, _, attribute = entry.reference.partition(":")
        command: click.Command = getattr(importlib.import_module(module_name), attribute)
        return guarded(command)  # each path it is given checked by its declared role

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """click's resolution, with the commands closest to a misspelt one suggested
        (``pmn vaildate``: "Did you mean validate?")."""
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand as exc:
            import difflib

            from .terminal import SafeUsageError

            typed = str(args[0]) if args else ""
            close = difflib.get_close_matches(typed, self.list_commands(ctx), n=3, cutoff=0.6)
            if not close:
                raise
            meant = " or ".join(close)
            raise SafeUsageError(
                f"No such command {typed!r}. Did you mean {meant}?", ctx=exc.ctx
            ) from None

    def invoke(self, ctx: click.Context) -> object:
        """Run the command inside the one guard and the one error handler every command shares.

        The guard (:func:`notation.files.guard.guarded_command`) keeps the command's outputs off
        its inputs. What escapes a command is one line on stderr, never a traceback: an
        output that is one of the inputs, or named for a compression PMN does not write, is a
        usage error (exit 2); anything else PMN or
        the system refuses (:class:`notation.errors.PMNError`, :class:`OSError`) exit 1.
        """
        from notation.errors import PMNError
        from notation.files.guard import OutputIsInputError, guarded_command
        from notation.files.outputs import UnwritableOutputError
        from notation.render.sinks import terminal_text

        from .inputs import reading_warnings, unread_paths

        with guarded_command(), reading_warnings(), _escaped_messages():
            try:
                result = super().invoke(ctx)
            except (SystemExit, click.exceptions.Exit) as exc:
                code = exc.code if isinstance(exc, SystemExit) else exc.exit_code
                if code in (0, None) and unread_paths():
                    _said_unread(len(unread_paths()))
                    ctx.exit(1)
                raise
            except (OutputIsInputError, UnwritableOutputError) as exc:
                click.echo(f"pmn: error: {terminal_text(str(exc))}", err=True)
                ctx.exit(2)
            except (PMNError, OSError) as exc:
                if isinstance(exc, OSError) and exc.errno == errno.EPIPE:
                    raise  # a reader that closed the pipe: click and main end quietly
                message = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                where = f"{exc.filename}: " if isinstance(exc, OSError) and exc.filename else ""
                click.echo(f"pmn: error: {terminal_text(where + message)}", err=True)
                ctx.exit(1)
            if unread_paths():  # every unreadable file or folder was reported as it came
                _said_unread(len(unread_paths()))
                ctx.exit(1)
            return result

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list, as click writes it, from :data:`COMMANDS`' summaries: no command is imported."""
        extra = [name for name in super().list_commands(ctx) if name not in COMMANDS]
        if extra:  # commands added to the group in code: click's own way
            super().format_commands(ctx, formatter)
            return
        limit = formatter.width - 6 - max(len(name) for name in COMMANDS)
        # a light Command per summary shortens it as click does (no private helper)
        rows = [
            (name, click.Command(name, help=COMMANDS[name].summary).get_short_help_str(limit))
            for name in COMMANDS
        ]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from .common import help_text

        template = self.help or ""
        self.help = help_text(template)
        try:
            super().format_help_text(ctx, formatter)
        finally:
            self.help = template


@contextlib.contextmanager
def _escaped_messages() -> Iterator[None]:
    """Every click error a command raises (a usage error quoting an option's value:
    ``--variant``, ``--tie-break``, ``--points``, ``--level``) shown with its controls
    escaped, as file names are (:func:`notation.render.sinks.terminal_text`); the
    errors that escape their own message already are left as they are."""
    from .terminal import SafeClickException, SafeUsageError

    try:
        yield
    except (SafeClickException, SafeUsageError):
        raise
    except click.UsageError as exc:
        raise SafeUsageError(exc.format_message(), ctx=exc.ctx) from exc
    except click.ClickException as exc:
        if exc.exit_code != SafeClickException.exit_code:
            raise
        raise SafeClickException(exc.format_message()) from exc


def _said_unread(count: int) -> None:
    """The line that ends a command that could not read some of its inputs (exit 1)."""
    from .terminal import plural

    said = plural(count, "file or folder", "files or folders")
    click.echo(f"pmn: {said} could not be read (reported above)", err=True)


@click.group(cls=_Root, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pmn")
def pmn() -> None:
    """PMN, the Portable Mancala Notation: check, convert and show mancala game records.

    Games: {games}. Formats (--from, --to; by default by the file's
    extension): {formats:ext}. Every command that reads games takes files,
    folders and '-' (standard input); -o/--output names the file written
    ('-': standard output). Exit codes: 0 all good, 1 a record is invalid or
    unreadable, 2 a usage error.
    """


def main() -> None:
    """Entry point of the ``pmn`` console script.

    A reader that stops reading (``pmn convert big.pmn | head``) ends the
    command quietly, as it ends ``cat``: SIGPIPE has its default action, so
    no "Broken pipe" message is printed. Files are written by the safe file
    layer, never through a pipe, so no file is left half-written by it.
    """
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    end_on_signals()
    tune_collector()
    try:
        pmn(prog_name="pmn")
    except SystemExit as done:  # click ends every command so, its exit status in it
        leave(done.code)


#: Signals that ask a program to end politely (a ``kill``, a closed terminal).
ENDING_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)


def end_on_signals() -> None:
    """Make SIGTERM and SIGHUP end ``pmn`` as an exception does (``SystemExit``, status
    128 + the signal's number), so that every ``finally`` and cleanup runs: a command
    stopped so leaves no temporary file (``split``'s parts, a file being replaced) and
    no half-written output. Installed once, for the whole command (the file layer's own
    handler, around each write, then leaves it in place). A process forked from this
    one (a pool's worker) ends at once, as the signal's default does: its parent cleans.
    """
    parent = os.getpid()

    def end(number: int, frame: object) -> None:
        if os.getpid() != parent:
            signal.signal(number, signal.SIG_DFL)
            os.kill(os.getpid(), number)
            return
        raise SystemExit(128 + number)

    for number in ENDING_SIGNALS:
        if signal.getsignal(number) in (signal.SIG_DFL, None):  # a handler set by the caller stays
            signal.signal(number, end)


def leave(code: object) -> NoReturn:
    """End the process as ``sys.exit(code)`` does, but without the interpreter's teardown.

    A command that replayed many Tricala games holds the engine's memos: a few
    hundred thousand small objects that a normal exit frees one by one, 0.2-0.3 s
    after ``pmn validate -j 1`` of 2,000 three-player games (a sixth of the run).
    By the time a command returns there is nothing left to do: the file layer has
    written, synced and closed every file, and the pool's workers are gone. So the
    ``atexit`` handlers run, standard output and error are flushed, and the process
    ends at once (``os._exit``) with the status ``sys.exit`` would give: 0 for None,
    the number, or 1 after printing anything else. Should flushing fail, the normal
    exit takes over and reports it as it always did.
    """
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:  # as sys.exit("message") does
        print(code, file=sys.stderr)
        status = 1
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        raise SystemExit(status) from None
    os._exit(status)


def tune_collector() -> None:
    """Set the garbage collector for a command that reads many games (the pool's
    workers, forked, inherit it).

    Reading and replaying games leaves no reference cycles (a test holds every
    game to that), so reference counting frees what a game made; what stays is
    long-lived: the modules loaded so far (frozen out of every collection) and
    the engines' memos, which grow as a file is read. With CPython's default
    thresholds the collector walked those memos again and again, a full pass
    each time they grew by a quarter (about 0.14 s of a 1.15 s pass over 2,000
    Tricala games); here young collections run every 10,000 allocations and a
    full one after 100 middle ones. Memory is unchanged (peak RSS of ``pmn
    validate`` on the bench corpora, with and without).
    """
    gc.freeze()
    gc.set_threshold(10_000, 10, 100)
