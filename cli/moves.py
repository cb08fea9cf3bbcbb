"""``pmn moves``: the legal moves at a point of a game, or in a position."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from notation.core.movelist import (
    COUNT_LIMIT,
    LIST_LIMIT,
    count_legal,
    describe_count,
    legal_moves,
    move_row,
)
from notation.games import AnyVariant, find_variant
from notation.games.base import PositionError, RulesError

from .common import RegistryCommand, games_help
from .inputs import input_options, output_option, replay_to
from .terminal import echo, plural, terminal_text


@click.command(cls=RegistryCommand)
@input_options(required=False)
@click.option(
    "--game",
    "game",
    type=click.IntRange(min=1),
    metavar="N",
    help="With FILES: which game (1 is the first, counted across FILES).",
)
@click.option(
    "--variant",
    "variant_name",
    metavar="NAME",
    help="With --position: the game's name ({games}).",
)
@click.option(
    "--move",
    "move_count",
    type=click.IntRange(min=0),
    help="With FILES: after this many main-line moves (default: the end).",
)
@click.option(
    "--position", "position_text", help="A position string (the game's Position tag form)."
)
@click.option("--rules", help='With --position: the Rules tag value, e.g. "wari skip-origin".')
@click.option(
    "--players",
    type=click.Choice(["2", "3"]),
    help="With --position, for a game played by 2 or 3: the number of players.",
)
@click.option("--pit", help="Only the moves sown from this pit (its name, e.g. C or 3a).")
@click.option(
    "--limit",
    type=click.IntRange(min=0),
    help=f"List at most this many moves, then stop (default: {LIST_LIMIT:,}, and how many more).",
)
@click.option(
    "--count",
    "count_only",
    is_flag=True,
    help="Print only the number of legal moves: exact, or, where counting them all would "
    "take long, 'more than N' or 'at least N' (JSON: count and exact, false then).",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
)
@output_option
def moves(
    files: tuple[str, ...],
    input_format: str | None,
    encoding: str | None,
    game: int | None,
    variant_name: str | None,
    move_count: int | None,
    position_text: str | None,
    rules: str | None,
    players: str | None,
    pit: str | None,
    limit: int | None,
    count_only: bool,
    output_format: str,
) -> None:
    """List the legal moves in a game at a point, or in a position.

    \b
      pmn moves games.pmn --game 2 --move 30
      pmn moves --position 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S --variant Wari

    Each move is given in its short form (what the writer writes) and its
    long form, with what it does (captures, laps), as soon as it is found.
    --pit lists only the moves sown from one pit, --limit stops after so
    many (without it, after the first 2,000, saying how many more),
    --count prints only how many there are.

    Answers come within seconds on any position: a crowded Tricala position
    has millions of moves, so counting stops after 10,000 of them (or
    when the search would take long) and says "more than N" or "at least N";
    with --format json, {"count": N, "exact": false}, as after the moves of a
    listing cut at the first 2,000.
    """
    if bool(files) == (position_text is not None):
        raise click.UsageError("give either FILES or --position (with --variant NAME)")
    if files:
        if variant_name is not None:
            raise click.UsageError("--variant goes with --position; FILES name their game")
        number = game if game is not None else 1
        point = replay_to(files, number, move_count, input_format=input_format, encoding=encoding)
        variant, position = point.variant, point.position
    else:
        variant, position = _given_position(game, variant_name, rules, players, position_text)
    shown = limit if limit is not None else LIST_LIMIT
    if output_format == "json":
        _json_listing(variant, position, pit=pit, shown=shown, cut=limit is None, count=count_only)
    elif count_only:
        click.echo(describe_count(count_legal(variant, position, pit=pit)))
    else:
        _text_listing(variant, position, pit=pit, shown=shown, limit=limit)


def _given_position(
    game: int | None,
    variant_name: str | None,
    rules: str | None,
    players: str | None,
    position_text: str | None,
) -> tuple[AnyVariant, Any]:
    """The variant and position of --position, --variant, --rules and --players."""
    if game is not None:
        raise click.UsageError("--game N chooses a game of FILES; with --position use --variant")
    if variant_name is None:
        raise click.UsageError(f"--position needs --variant NAME ({games_help()})")
    tags = {"Players": players} if players else {}
    try:
        variant = find_variant(variant_name, rules, tags)
        return variant, variant.parse_position(position_text or "")
    except (RulesError, PositionError) as exc:
        raise click.UsageError(terminal_text(str(exc))) from exc


def _json_listing(
    variant: AnyVariant, position: Any, *, pit: str | None, shown: int, cut: bool, count: bool
) -> None:
    """The position, whose move it is, the result, and the moves (or their count) as JSON:
    json.dumps of {**head, "moves": [...]}, written a move at a time."""
    outcome = variant.outcome(position)
    head = {
        "position": variant.format_position(position),
        "to_move": variant.seats[variant.to_move(position)],
        "result": outcome.result if outcome else None,
    }
    if count:
        counted = count_legal(variant, position, pit=pit)
        body = {**head, "count": counted.count, "exact": counted.exact}
        click.echo(json.dumps(body, ensure_ascii=False))
        return
    out = sys.stdout
    out.write(json.dumps(head, ensure_ascii=False)[:-1] + ', "moves": [')
    listed = 0
    for move in legal_moves(variant, position, pit=pit, limit=shown):
        line = json.dumps(move_row(variant, move, position), ensure_ascii=False)
        out.write(line if listed == 0 else ", " + line)
        out.flush()
        listed += 1
    out.write("]")
    if cut and listed == shown:  # cut by the default limit: say how many in all
        counted = count_legal(variant, position, pit=pit, most=max(COUNT_LIMIT, shown))
        if not counted.exact or counted.count > shown:
            out.write(f', "count": {counted.count}, "exact": {json.dumps(counted.exact)}')
    out.write("}\n")


def _text_listing(
    variant: AnyVariant, position: Any, *, pit: str | None, shown: int, limit: int | None
) -> None:
    """One line per move as it is found (a position may have very many moves), then how
    many there are."""
    outcome = variant.outcome(position)
    if outcome is not None:
        echo(f"The game is over: {outcome.result} ({outcome.reason}); no moves.")
        return
    echo(f"{variant.seats[variant.to_move(position)]} to move; legal moves:")
    out = sys.stdout
    out.flush()
    count = 0
    more = False
    for move in legal_moves(variant, position, pit=pit):
        if count == shown:  # one more move exists: say so
            more = True
            break
        row = move_row(variant, move, position)
        long = row["long"] if row["long"] != row["move"] else ""
        echo(f"  {row['move']:<10}  {long:<16}  {row['effect']}".rstrip())
        out.flush()
        count += 1
    if not more:
        echo(f"{plural(count, 'legal move')}.")
    elif limit is not None:
        echo(f"{plural(count, 'legal move')} listed; there are more (--limit {limit}).")
    else:
        counted = count_legal(variant, position, pit=pit, most=max(COUNT_LIMIT, shown))
        echo(
            f"{plural(count, 'legal move')} listed, of {describe_count(counted)} "
            "(--limit N lists more, --count counts them)."
        )
