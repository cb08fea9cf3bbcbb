"""``pmn publish``: an event's games as a static web site."""

from __future__ import annotations

import click

from notation.desk.publish import event_site
from notation.desk.standings import (
    SYSTEMS,
)
from notation.files.outputs import ForeignFilesError, write_folder_whole

from .inputs import input_options
from .paths import WriteDir
from .roster import players_option
from .standings import event_standings, read_event, report_invalid, report_names
from .terminal import plural


@click.command()
@input_options()
@click.option(
    "-d",
    "--output-dir",
    "output",
    type=WriteDir(file_okay=False),
    help="The folder to write the site to (made if missing), whole or not at all: the "
    "pages publish wrote there before and no longer writes are removed; other files are "
    "kept, and not replaced without --force.",
)
@click.option("--points", "scheme", default="result", show_default=True, metavar="W-D-L",
              help="Point scheme of the standings (as pmn standings).")  # fmt: skip
@click.option("--tie-break", "tie_breaks", metavar="LIST", help="Tie-breaks (as pmn standings).")
@click.option("--system", type=click.Choice(SYSTEMS), default="auto", show_default=True)
@click.option("--event", help="Publish only the games whose Event tag is this.")
@players_option()
@click.option(
    "--force",
    is_flag=True,
    help="Publish even when names are probably one player written two ways, or not on "
    "the roster (--players): they are still listed on stderr; and replace files in the "
    "folder that publish did not write (an index.html of your own).",
)
@click.option("-j", "--jobs", type=click.IntRange(min=1), help="Processes to validate with.")
def publish(
    files: tuple[str, ...],
    input_format: str | None,
    encoding: str | None,
    output: str | None,
    scheme: str,
    tie_breaks: str | None,
    system: str,
    event: str | None,
    roster: list[str] | None,
    force: bool,
    jobs: int | None,
) -> None:
    """Write a static web site for the event in FILES (files or folders) to a folder.

    The site works offline and from any web server: index.html (standings
    and crosstable, the rounds), a page per round, and a page per game with
    a viewer (step through the moves; comments and variations in the move
    list; a game with an illegal move is shown up to it, with the problem).
    Pages share site.css and viewer.js; a game's boards are compact data.
    Names are checked as pmn validate --strict checks them: names that are
    probably one player written two ways (similar-names), and with --players
    every name not on the roster, are listed on stderr, and the site is not
    written unless --force is given.
    The site is written whole or not at all: built beside the folder and
    swapped in, so a failure partway leaves the old site as it was. A
    file .pmn-site in the site lists the files publish wrote; a republish
    removes those no longer in the event (a withdrawn round's pages), keeps
    every other file, and refuses to replace a file it did not write (an
    index.html of your own) unless --force is given.
    Exit code 0, or 1 when a game is invalid (it is shown, and listed on stderr),
    a name is not on the roster, or nothing was published.

    \b
    Examples:
      pmn publish examples/events/swiss -d site/
      pmn publish --points 3-1-0 submissions/ -d /var/www/club-night/
    """
    if output is None:
        raise click.UsageError("give the folder to write the site to: -d/--output-dir DIR")
    games, table, excluded, found = event_standings(
        lambda: read_event(files, input_format, jobs, encoding=encoding),
        event,
        scheme,
        tie_breaks,
        system,
        roster,
    )
    names = report_names(found)
    if found and not force:  # the site would show one player twice, or a stranger
        raise click.ClickException(
            f"not published: {plural(len(found), 'name')} above are probably one player written "
            "two ways, or not on the roster; write each name one way in the records "
            "(or publish anyway with --force)"
        )
    site = event_site(games, table)
    try:  # built beside and swapped in; never through a link, a FIFO or a hard link
        removed = write_folder_whole(output, site, replace_foreign=force)
    except ForeignFilesError as exc:
        raise click.ClickException(
            f"not published: {exc.strerror}; publish writes a site whole, and replaces no "
            "file it did not write: move them away, or pass --force to replace them"
        ) from exc
    except OSError as exc:
        raise click.FileError(exc.filename or output, exc.strerror) from exc
    if removed:
        click.echo(
            f"removed {plural(len(removed), 'file')} of the last publish no longer in the "
            f"event: {', '.join(removed[:5])}" + (" ..." if len(removed) > 5 else ""),
            err=True,
        )
    pages = sum(name.startswith("game-") and name.endswith(".html") for name in site)
    click.echo(
        f"{plural(len(site), 'file')} in {output}: index.html, "
        f"{plural(len(table.rounds), 'round page')}, {plural(pages, 'game page')}",
        err=True,
    )
    raise SystemExit(max(report_invalid(excluded), names))
