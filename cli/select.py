"""``pmn select``: keep the games that pass every filter given."""

from __future__ import annotations

from contextlib import ExitStack

import click

from notation.archive.games import write_game
from notation.archive.index import ArchiveIndex, read_back_games
from notation.archive.tools import Selection
from notation.core.replay import validate_record
from notation.formats.collection import atomic_output
from notation.formats.registry import RecordSink

from .archive_io import (
    Reading,
    check_inputs,
    finish,
    indexed_input_options,
    iter_games,
    output_format,
    shared,
)
from .common import FORMAT_CHOICE, RegistryCommand
from .inputs import output_file_option
from .paths import WritePath


@click.command("select", cls=RegistryCommand)
@indexed_input_options
@output_file_option("Output file; '-' is stdout.")
@click.option(
    "--to", "to", type=FORMAT_CHOICE, help="Output format ({formats}; default: by extension)."
)
@click.option(
    "--tag",
    "tags",
    multiple=True,
    metavar="NAME=VALUE|NAME~REGEX|NAME>=N",
    help="The tag has exactly this value (=), another value (!=), a value the regular "
    "expression finds (~), or one that compares so (<, <=, >, >=): numerically when the "
    "value is a number (WhiteElo>=1800; a tag that is not a number, like '?', never "
    "passes), as text otherwise. Repeatable (--tag 'WhiteElo>=1800' --tag 'WhiteElo<2000' "
    "is a range); a game without the tag never matches.",
)
@click.option(
    "--time-control",
    "time_control",
    metavar="VALUE",
    help="The TimeControl tag is VALUE (PlayOK: seconds a player, 600); a range with "
    "--tag 'TimeControl>=300'.",
)
@click.option(
    "--player",
    "players",
    multiple=True,
    metavar="NAME",
    help="A player in any seat, the whole name (case and white space aside); '*' stands "
    "for any run of characters, to match part of a name ('Mensah*'). Repeatable: a "
    "repeated --player means both (each plays in the game).",
)
@click.option("--result", help="The result written at the end of the game (1-0, 1/2-1/2, *).")
@click.option(
    "--variant",
    "game",
    metavar="NAME",
    help="The game, as a Game tag names it ({games}).",
)
@click.option(
    "--rules", help="The ruleset, as a Rules tag names it (one that some game has: abapa, wari)."
)
@click.option("--date-from", help="Dated on or after (2024.05.31, 2024.05 or 2024).")
@click.option("--date-to", help="Dated on or before (not before --date-from).")
@click.option(
    "--plies", metavar="MIN-MAX", help="Main-line moves: MIN-MAX (MIN <= MAX), MIN-, -MAX or N."
)
@click.option(
    "--valid/--invalid", default=None, help="Only games the validator passes, or only the others."
)
@click.option(
    "--split-invalid",
    metavar="BAD",
    type=WritePath(dir_okay=False),
    help="Write the matching valid games to OUTPUT and the matching invalid ones to BAD.",
)
@click.option(
    "--position",
    help="A position string met at some point of the main line; '?' matches any one "
    "character and '*' any run of them.",
)
@click.option("--count", is_flag=True, help="Print only how many games match.")
@shared
def select(
    files: tuple[str, ...],
    input_format: str | None,
    encoding: str | None,
    index_path: str | None,
    output: str,
    to: str | None,
    tags: tuple[str, ...],
    players: tuple[str, ...],
    result: str | None,
    game: str | None,
    rules: str | None,
    date_from: str | None,
    date_to: str | None,
    plies: str | None,
    valid: bool | None,
    split_invalid: str | None,
    position: str | None,
    count: bool,
    time_control: str | None,
) -> None:
    """Keep the games in FILES that match every filter given.

    Reads any format (compressed too) and writes the games as they are, one
    at a time: to PMN, a PMN game's text as it was read. A filter on tags
    (--player, --variant, --tag, dates) reads only each game's tags; --result
    and --plies read its moves as written; --position and --valid replay it.
    A game is read whole when it is written, and a damaged one is reported
    then. Examples:

    \b
      pmn select club.pmn --player "Ada Mensah" -o ada.pmn
      pmn select archive.pmn.gz --variant Wari --date-from 2024 --result 1-0 --count
      pmn select games/ --tag "Event~Championship" --plies 40- -o long.jsonl
      pmn select playok.txt --tag "WhiteElo>=1800" --tag "BlackElo>=1800" --time-control 600
      pmn select games.pmn --split-invalid bad.pmn -o good.pmn
      pmn select games.pmn --position "*-0-0-S"
      pmn select --index archive.sqlite --player "Ada Mensah" -o ada.pmn
    """
    check_inputs(files, index_path)
    if split_invalid is not None and valid is not None:
        raise click.UsageError("--split-invalid writes both valid and invalid games: drop --valid")
    if split_invalid is not None and count:
        raise click.UsageError("--count and --split-invalid do not go together")
    if time_control is not None:
        tags = (*tags, f"TimeControl={time_control}")
    selection = Selection.build(
        tags=tags,
        players=players,
        result=result,
        game=game,
        rules=rules,
        date_from=date_from,
        date_to=date_to,
        plies=plies,
        valid=valid,
        position=position,
    )
    counts = Reading()
    if index_path is not None:
        _select_indexed(index_path, selection, count, output, to, split_invalid)
        return
    games = iter_games(files, input_format, encoding, counts)
    if count:
        click.echo(sum(1 for game in games if selection.matches_game(game)))
        finish(counts)
        return
    fmt = output_format(output, to)
    with ExitStack() as stack:
        good = RecordSink(stack.enter_context(atomic_output(output)), fmt)
        bad = None
        if split_invalid is not None:
            bad = RecordSink(
                stack.enter_context(atomic_output(split_invalid)), output_format(split_invalid, to)
            )
        for archived in games:
            if not selection.matches_game(archived):
                continue
            valid = bad is None or validate_record(archived.record).valid
            write_game(good if valid or bad is None else bad, archived)
        good.close()
        if bad is not None:
            bad.close()
    finish(counts)


def _select_indexed(
    index_path: str,
    selection: Selection,
    count: bool,
    output: str,
    to: str | None,
    split_invalid: str | None,
) -> None:
    """select answered from an index: the same games, read back from their files."""
    database = ArchiveIndex(index_path)
    try:
        if count:
            click.echo(database.count(selection))
            return
        games = list(database.select(selection))
        fmt = output_format(output, to)
        with ExitStack() as stack:
            good = RecordSink(stack.enter_context(atomic_output(output)), fmt)
            bad = None
            if split_invalid is not None:
                bad = RecordSink(
                    stack.enter_context(atomic_output(split_invalid)),
                    output_format(split_invalid, to),
                )
            for indexed, game in read_back_games(games):
                write_game(bad if bad is not None and not indexed.valid else good, game)
            good.close()
            if bad is not None:
                bad.close()
    finally:
        database.close()
