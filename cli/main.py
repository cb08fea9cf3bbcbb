"""The root ``pmn`` group; each command lives in its own module."""

from __future__ import annotations

import click

from cli.convert import convert
from cli.dedupe import dedupe
from cli.fmt import fmt
from cli.index import index
from cli.merge import merge
from cli.moves import moves
from cli.openings import openings
from cli.publish import publish
from cli.reconcile import reconcile_command
from cli.record import record_command
from cli.render import render
from cli.select import select
from cli.show import show
from cli.sort import sort
from cli.split import split
from cli.standings import standings
from cli.stats import stats
from cli.validate import validate
from notation import __version__


class _Root(click.Group):
    """The root group: its help names the games the registry holds (plugins included)."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from notation.games import game_names

        template = self.help or ""
        self.help = template.replace("{games}", ", ".join(game_names()))
        try:
            super().format_help_text(ctx, formatter)
        finally:
            self.help = template


@click.group(cls=_Root, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pmn")
def pmn() -> None:
    """PMN, the Portable Mancala Notation: check, convert and show mancala game records.

    Games: {games}. Files are PMN text (.pmn), JSON
    (.json, an array of records) or JSON Lines (.jsonl); '-' is standard
    input or output. Exit codes: 0 all good, 1 a record is invalid or
    unreadable, 2 a usage error.
    """


pmn.add_command(validate)
pmn.add_command(convert)
pmn.add_command(show)
pmn.add_command(moves)
pmn.add_command(fmt)
pmn.add_command(stats)
pmn.add_command(record_command)
pmn.add_command(render)
pmn.add_command(standings)
pmn.add_command(reconcile_command)
pmn.add_command(publish)
pmn.add_command(select)
pmn.add_command(dedupe)
pmn.add_command(split)
pmn.add_command(merge)
pmn.add_command(sort)
pmn.add_command(openings)
pmn.add_command(index)


def main() -> None:
    """Entry point of the ``pmn`` console script."""
    pmn()
