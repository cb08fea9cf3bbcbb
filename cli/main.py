"""The root ``pmn`` group; each command lives in its own module."""

from __future__ import annotations

import importlib
import signal

import click

from notation import __version__

#: Each command's module and function, imported only when the command runs (or for --help):
#: a one-game ``pmn validate`` loads the modules it needs, not those of every command.
COMMANDS = {
    "validate": "cli.validate:validate",
    "convert": "cli.convert:convert",
    "show": "cli.show:show",
    "moves": "cli.moves:moves",
    "fmt": "cli.fmt:fmt",
    "stats": "cli.stats:stats",
    "record": "cli.record:record_command",
    "render": "cli.render:render",
    "standings": "cli.standings:standings",
    "reconcile": "cli.reconcile:reconcile_command",
    "publish": "cli.publish:publish",
    "select": "cli.select:select",
    "dedupe": "cli.dedupe:dedupe",
    "split": "cli.split:split",
    "merge": "cli.merge:merge",
    "sort": "cli.sort:sort",
    "openings": "cli.openings:openings",
    "index": "cli.index:index",
}


class _Root(click.Group):
    """The root group: commands loaded on demand; its help names the registry's games."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*COMMANDS, *(name for name in super().list_commands(ctx) if name not in COMMANDS)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        reference = COMMANDS.get(cmd_name)
        if reference is None:
            return super().get_command(ctx, cmd_name)
        module_name, _, attribute = reference.partition(":")
        command: click.Command = getattr(importlib.import_module(module_name), attribute)
        return command

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from cli.common import help_text

        template = self.help or ""
        self.help = help_text(template)
        try:
            super().format_help_text(ctx, formatter)
        finally:
            self.help = template


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
    pmn(prog_name="pmn")
