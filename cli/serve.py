"""``pmn serve``: the live hall, one round of an event served to its boards over HTTP.

The server is :mod:`notation.hall` (its API and pages, in ``docs/hall.md``) under uvicorn.
"""

from __future__ import annotations

import os

import click

from notation.files.outputs import write_bytes
from notation.games import find_variant
from notation.games.base import RulesError

from .paths import ReadPath, WritePath
from .terminal import echo


@click.command("serve")
# EVENT_DIR is read (its games, on a restart) and written into, never replaced: an input
@click.argument("event_dir", type=ReadPath(), metavar="EVENT_DIR")
@click.option("--variant", "variant_name", metavar="NAME",
              help="The game played (a Game tag value: Togyz Kumalak, Oware...).")  # fmt: skip
@click.option("--rules", help="The game's rules, when not its default.")
@click.option("--round", "round_number", type=click.IntRange(min=1), metavar="N",
              help="The round served (its games go to EVENT_DIR/round-N/).")  # fmt: skip
@click.option("--pairings", type=ReadPath(dir_okay=False),
              help="The round's pairings: a CSV (board, then a column per seat: "
              "board,White,Black) or a TRF file (FIDE's format: Swiss-Manager, Vega).")  # fmt: skip
@click.option("--event", help="The Event tag of the games (default: EVENT_DIR's name).")
@click.option("--site", default="", help="The Site tag of the games.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on: 0.0.0.0 serves every network of the machine.")  # fmt: skip
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="The port to listen on.")  # fmt: skip
@click.option("--certfile", type=ReadPath(dir_okay=False),
              help="Serve HTTPS with this certificate (PEM), with --keyfile.")  # fmt: skip
@click.option(
    "--keyfile", type=ReadPath(dir_okay=False), help="The certificate's private key (PEM)."
)
@click.option("--cards", type=WritePath(dir_okay=False),
              help="Write the table cards (a page to print: each board's address and token as a "
              "QR code) to this file, then serve.")  # fmt: skip
@click.option("--base-url", metavar="URL", help="The address the phones reach the hall at, for the table "
              "cards (default: from --host and --port).")  # fmt: skip
def serve(
    event_dir: str,
    variant_name: str | None,
    rules: str | None,
    round_number: int | None,
    pairings: str | None,
    event: str | None,
    site: str,
    host: str,
    port: int,
    certfile: str | None,
    keyfile: str | None,
    cards: str | None,
    base_url: str | None,
) -> None:
    """Serve a round of the event in EVENT_DIR live to its boards, arbiter and spectators.

    Recorders enter moves from phones (a table card's QR code opens the board's page),
    the arbiter watches every board and corrects, spectators follow the round live.

    Every move is checked by the rules and written into EVENT_DIR/round-N/board-B.pmn
    before it is acknowledged; started again with the same command, the hall carries on
    from those files. The tokens are in EVENT_DIR/.hall/tokens.json (its owner's only).
    See docs/hall.md.
    """
    from notation.hall.hall import Hall, HallStartError
    from notation.hall.pairings import PairingsError, header_seats, pairings_text, read_pairings

    if os.path.exists(event_dir) and not os.path.isdir(event_dir):
        raise click.UsageError(f"{event_dir} is a file: EVENT_DIR is the event's folder")
    game = variant_name
    if game is None:
        raise click.UsageError("give the game played: --variant NAME (Togyz Kumalak, Oware...)")
    if round_number is None:
        raise click.UsageError("give the round served: --round N")
    if pairings is None:
        raise click.UsageError("give the round's pairings: --pairings FILE (CSV or TRF)")
    if (certfile is None) != (keyfile is None):
        raise click.UsageError("--certfile and --keyfile go together")
    try:
        text = pairings_text(pairings)
    except OSError as error:
        raise click.UsageError(
            f"{pairings}: cannot read the pairings: {error.strerror or error}"
        ) from None
    try:  # a game of two or three players (Tricala) is told its seats by the header
        variant = find_variant(game, rules, dict.fromkeys(header_seats(text), "?"))
    except RulesError as error:
        raise click.UsageError(str(error)) from None
    try:
        paired = read_pairings(text, variant.seats, round_number)
    except PairingsError as error:
        raise click.UsageError(f"{pairings}: {error}") from None
    try:
        hall = Hall.load(event_dir, game, round_number, paired, rules=rules, event=event, site=site)
    except HallStartError as error:
        raise click.ClickException(str(error)) from None
    except OSError as error:
        raise click.ClickException(
            f"{error.filename or event_dir}: {error.strerror or error}"
        ) from None
    scheme = "https" if certfile else "http"
    shown_host = f"[{host}]" if ":" in host else host
    base = (base_url or f"{scheme}://{shown_host}:{port}").rstrip("/")
    if cards is not None:
        _write_cards(hall, base, cards)
    from notation.hall.app import MOST_CONNECTIONS, create_app

    echo(f"Round {round_number}: {len(hall.boards)} boards, games in "
         f"{os.path.join(event_dir, f'round-{round_number}')}")  # fmt: skip
    echo(f"Spectators: {base}/   Arbiter: {base}/arbiter#token={hall.arbiter_token}")
    echo(f"Tokens: {os.path.join(event_dir, '.hall', 'tokens.json')}")
    import uvicorn

    uvicorn.run(
        create_app(hall),
        host=host,
        port=port,
        ssl_certfile=certfile,
        ssl_keyfile=keyfile,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=2,
        limit_concurrency=MOST_CONNECTIONS,
    )


def _write_cards(hall: object, base: str, path: str) -> None:
    from notation.hall import pages

    make = getattr(pages, "table_cards_html", None)
    if make is None:
        raise click.UsageError("--cards: this version of the hall makes no table cards yet")
    write_bytes(path, make(hall, base).encode("utf-8"))
    echo(f"Table cards: {path}")
