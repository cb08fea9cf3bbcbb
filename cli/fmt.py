"""``pmn fmt``: rewrite records in canonical form, like a code formatter."""

from __future__ import annotations

import sys

import click

from cli.common import location
from cli.terminal import echo
from notation.canonical import canonical_record, check_file
from notation.collection import atomic_output, detect_format, read_path
from notation.parallel import default_jobs
from notation.pmn import DEFAULT_WIDTH, write_record
from notation.sources import strip_compression


def format_file(path: str, width: int, long: bool) -> tuple[str, str, list[str], bool]:
    """The file's text as it is, its canonical text, what could not be formatted, and
    whether the text is the file's exactly (False when some bytes are not UTF-8)."""
    source = "<stdin>" if path == "-" else path
    original_parts: list[str] = []
    formatted_parts: list[str] = []
    messages: list[str] = []
    faithful = True
    for index, record in enumerate(read_path(path, "pmn"), start=1):
        faithful = faithful and not any(e.code == "encoding" for e in record.errors)
        original_parts.append(write_record(record, width=width))
        canonical, issues = canonical_record(record, long=long)
        formatted_parts.append(write_record(canonical, width=width))
        messages.extend(
            f"{location(source, issue.line, issue.column)}: game {index}: {issue.message}"
            for issue in issues
        )
    return "\n".join(original_parts), "\n".join(formatted_parts), messages, faithful


@click.command()
@click.argument(
    "files", nargs=-1, required=True, type=click.Path(allow_dash=True, exists=True, dir_okay=False)
)
@click.option(
    "--check",
    is_flag=True,
    help="Change nothing; list the files that would change and exit 1 if any.",
)
@click.option(
    "--width",
    default=DEFAULT_WIDTH,
    show_default=True,
    type=click.IntRange(min=20),
    help="Line width of the movetext.",
)
@click.option("--long", is_flag=True, help="Write Tricala moves in the full long form.")
@click.option(
    "-i",
    "--in-place",
    is_flag=True,
    help="Rewrite FILES themselves (safely: a temporary file renamed over each) instead of "
    "printing the canonical text.",
)
def fmt(files: tuple[str, ...], check: bool, width: int, long: bool, in_place: bool) -> None:
    """Write the PMN records in FILES in canonical form.

    Canonical form: the standard tags first in a fixed order, canonical move
    tokens, move numbers where PMN writes them, movetext wrapped at --width.
    Comments, annotations and variations are kept, and every game replays to
    the same positions.

    Like gofmt: the canonical text goes to stdout; --in-place rewrites the
    files instead (never otherwise); --check lists the files that would
    change. '-' reads stdin.

    Exit code: 0 when done (or, with --check, nothing would change); 1 when
    --check finds files to change, or a record could not be fully formatted
    (an illegal move, a damaged record: those parts are kept as written).
    """
    if check and in_place:
        raise click.UsageError("--check changes nothing; it cannot go with --in-place")
    changed: list[str] = []
    trouble = False
    for path in files:
        if path != "-" and detect_format(path) != "pmn":
            raise click.UsageError(f"{path}: pmn fmt formats PMN text, not {detect_format(path)}")
        try:
            checked = (
                check_file(path, width=width, long=long, jobs=default_jobs())
                if check and path != "-" and strip_compression(path) == path
                else None
            )
            if checked is not None:  # read a game at a time, compared as it is read
                messages = [
                    f"{location(path, issue.line, issue.column)}: game {index}: {issue.message}"
                    for index, issue in checked.issues
                ]
                for message in messages:
                    echo(message, err=True)
                trouble = trouble or bool(messages)
                if checked.changed and not checked.faithful:
                    click.echo(
                        f"{path}: not rewritten: it holds bytes that are not UTF-8", err=True
                    )
                    trouble = True
                elif checked.changed:
                    changed.append(path)
                continue
            original, formatted, messages, faithful = format_file(path, width, long)
        except OSError as exc:
            raise click.FileError(path, exc.strerror) from exc
        for message in messages:
            echo(message, err=True)
        trouble = trouble or bool(messages)
        if path == "-" or not (check or in_place):
            if not check:
                sys.stdout.write(formatted)
            elif formatted != original:
                changed.append("<stdin>")
            continue
        with open(path, encoding="utf-8-sig", errors="replace") as handle:
            on_disk = handle.read()
        if formatted == on_disk:
            continue
        if not faithful:
            # the text read has U+FFFD for the bad bytes: writing it would destroy them
            click.echo(f"{path}: not rewritten: it holds bytes that are not UTF-8", err=True)
            trouble = True
            continue
        if in_place:
            try:
                with atomic_output(path) as out:
                    out.write(formatted)
            except OSError as exc:  # read-only, disk full, no permission: this file is unchanged
                click.echo(f"{path}: not rewritten: {exc.strerror or exc}", err=True)
                trouble = True
                continue
        changed.append(path)
    for path in changed:
        click.echo(f"would reformat {path}" if check else f"reformatted {path}", err=check)
    if check and changed:
        sys.exit(1)
    sys.exit(1 if trouble else 0)
