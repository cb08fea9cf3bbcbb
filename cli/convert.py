"""``pmn convert``: PMN text, JSON, JSON Lines, Aualé's OGN and OpenSpiel action sequences."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import click

from cli.common import check_game_option, encoding_option, location, openspiel_game_option
from cli.terminal import SafeClickException, echo
from notation.canonical import rewrite_moves
from notation.collection import FORMATS, comment_losses, detect_format, read_path, write_path
from notation.files import first_non_utf8, same_file
from notation.ogn import OGNWriteError
from notation.openspiel import ActionsWriteError
from notation.pits import CONVENTIONS, DEFAULT, PITS_TAG, PitsError, translate_record
from notation.pmn import DEFAULT_WIDTH
from notation.record import Record
from notation.sources import SourceError, strip_compression

ALL_FORMATS = click.Choice(list(FORMATS))
PITS_CHOICE = click.Choice(list(CONVENTIONS), case_sensitive=False)
#: Formats that name the 2x6 board's holes their own way (letters, or OpenSpiel's 0-5).
FIXED_NAMING = ("ogn", "openspiel-actions")


@click.command()
@click.argument("source", type=click.Path(allow_dash=True, exists=True, dir_okay=False))
@click.option("-o", "--output", default="-", show_default=True, help="Output file; '-' is stdout.")
@click.option(
    "--from",
    "input_format",
    type=ALL_FORMATS,
    help="Input format (default: by extension; .ogn is OGN; openspiel-actions must be named).",
)
@openspiel_game_option
@encoding_option
@click.option(
    "--to",
    "output_format",
    type=ALL_FORMATS,
    help="Output format (default: by extension, else pmn).",
)
@click.option(
    "--width", default=DEFAULT_WIDTH, show_default=True, help="Line width of PMN movetext."
)
@click.option("--in-place", is_flag=True, help="Allow OUTPUT to be the SOURCE file itself.")
@click.option(
    "--pits",
    "pits",
    type=PITS_CHOICE,
    help="Write Trysse/Wari/Oware moves with this hole numbering (letters, numbers, own) "
    "and a Pits tag naming it. Default: as written.",
)
@click.option(
    "--from-pits",
    "from_pits",
    type=PITS_CHOICE,
    help="Read Trysse/Wari/Oware moves of records without a Pits tag with this hole numbering "
    "(and write letters unless --pits says otherwise).",
)
@click.option(
    "--long/--short",
    "long",
    default=None,
    help="Rewrite every move as its canonical token: the full long form (Tricala: every "
    "waypoint and order) or the shortest. Default: moves as written.",
)
def convert(
    source: str,
    output: str,
    input_format: str | None,
    openspiel_game: str | None,
    encoding: str | None,
    output_format: str | None,
    width: int,
    in_place: bool,
    pits: str | None,
    from_pits: str | None,
    long: bool | None,
) -> None:
    """Convert the records in SOURCE to another format, losing nothing.

    Converting a file to another format and back gives the same records:
    tags in their order, moves as written, comments, annotations and
    variations. A record that cannot be read is carried through as its raw
    text with its errors, reported on stderr, and the exit code is 1.

    OGN (Aualé's Oware Game Notation, .ogn) holds what PMN holds for the
    Trysse/Wari/Oware board. openspiel-actions holds one game per line of
    OpenSpiel actions (--game says which game; by default OpenSpiel's oware,
    replayed under the abapa rules); writing keeps only the main line's
    moves. Records whose holes are numbered (a Pits tag, or --from-pits) are
    reported on stderr.
    """
    check_game_option(openspiel_game, input_format)
    overwriting = same_file(source, output)
    if overwriting and not in_place:
        raise click.UsageError(f"{output} is the input file; pass --in-place to overwrite it")
    fmt = output_format or (detect_format(strip_compression(output)) if output != "-" else "pmn")
    if pits is not None and pits.lower() != DEFAULT and fmt in FIXED_NAMING:
        raise click.UsageError(f"--pits {pits}: {fmt} names the holes its own way")
    target = pits.lower() if pits is not None else DEFAULT if from_pits is not None else None
    if overwriting and in_place:
        # the records read hold U+FFFD for such bytes: writing them back would destroy the bytes
        # (with --encoding the text is decoded whole, and rewriting it as UTF-8 loses nothing)
        bad = first_non_utf8(source) if encoding is None else None
        if bad is not None:
            with open(source, "rb") as stream:
                head = stream.read(bad + 1)
            line = head.count(b"\n", 0, bad) + 1
            column = bad - (head.rfind(b"\n", 0, bad) + 1) + 1
            raise click.ClickException(
                f"{source}:{line}:{column}: not rewritten: byte {head[bad]:#04x} is not UTF-8 "
                "and would be lost; name the file's encoding with --encoding (e.g. "
                "--encoding latin-1), or write the result to another file"
            )
    damaged = 0
    current = [0, ""]  # the game being converted: its number and source, for write errors

    def records() -> Iterator[Record]:
        nonlocal damaged
        for index, record in enumerate(
            read_path(source, input_format, game=openspiel_game, encoding=encoding), start=1
        ):
            current[:] = [index, record.source]
            if record.damaged:
                damaged += 1
                for error in record.errors:
                    where = location(record.source, error.line, error.column)
                    path = f" at {error.path}" if error.path else ""
                    echo(f"{where}: game {index}{path}: {error.message}", err=True)
                yield record
                continue
            named = record.tag(PITS_TAG)
            if named is not None:
                echo(
                    f"{location(record.source, record.line, 0)}: game {index}: "
                    f'holes named by the "{named}" convention (Pits tag)',
                    err=True,
                )
            if target is not None:
                record = translate_record(record, target, from_pits).record
            if long is not None:
                record, issues = rewrite_moves(record, long=long)
                for issue in issues:
                    where = location(record.source, issue.line, issue.column)
                    echo(f"{where}: game {index}: {issue.message}", err=True)
            for loss in comment_losses(record, fmt):
                where = location(record.source, record.line, 0)
                echo(f"{where}: game {index}: changed for {fmt}: {loss}", err=True)
            yield record

    # Reading the whole source first keeps an in-place conversion from reading what it writes.
    try:
        collected = list(records()) if in_place else records()
        write_path(collected, output, fmt, width=width)
    except SourceError as exc:  # the source cannot be read as text: the message names it
        raise SafeClickException(str(exc)) from exc
    except OSError as exc:  # reading the source, or writing the output
        raise click.FileError(exc.filename or output, exc.strerror) from exc
    except (OGNWriteError, ActionsWriteError) as exc:
        where = location(exc.record.source, exc.line, exc.column)
        echo(f"{where}: game {current[0]}: cannot write as {fmt}: {exc}", err=True)
        sys.exit(1)
    except PitsError as exc:
        echo(f"{current[1] or source}: game {current[0]}: {exc}", err=True)
        sys.exit(1)
    if damaged:
        click.echo(f"{damaged} record(s) could not be read; carried through as raw text", err=True)
    sys.exit(1 if damaged else 0)
