"""``pmn fmt``: rewrite records in canonical form, like a code formatter."""

from __future__ import annotations

import io
import os
import sys

import click

from cli.common import location
from cli.inputs import input_options, input_paths, output_file_option
from cli.terminal import SafeClickException, echo
from notation.archive.formatting import GameTooLongError, check_file, read_whole_text
from notation.archive.parallel import default_jobs
from notation.files.outputs import allow_rewrite
from notation.files.sources import SourceError, strip_compression
from notation.formats.canonical import canonical_record
from notation.formats.collection import FORMATS, WALKED_EXTENSIONS, atomic_output, detect_format
from notation.formats.pmn import DEFAULT_WIDTH, iter_records, write_record

#: The names a folder walk reads as PMN (``.txt`` only when named, as everywhere).
PMN_WALKED = tuple(ext for ext in FORMATS["pmn"] if ext in WALKED_EXTENSIONS)

#: What the canonical form has no room for (reported by ``--check``, dropped when written).
BYTE_ORDER_MARK = "\ufeff"


def format_text(text: str, source: str, width: int, long: bool) -> tuple[str, list[str]]:
    """The canonical text of a PMN text, and what could not be formatted."""
    formatted_parts: list[str] = []
    messages: list[str] = []
    for index, record in enumerate(iter_records(io.BytesIO(text.encode("utf-8")), source), start=1):
        canonical, issues = canonical_record(record, long=long)
        formatted_parts.append(write_record(canonical, width=width))
        messages.extend(
            f"{location(source, issue.line, issue.column)}: game {index}: {issue.message}"
            for issue in issues
        )
    return "\n".join(formatted_parts), messages


def differences(text: str) -> list[str]:
    """What in ``text`` canonical form never has, whatever the records: a byte order mark,
    CRLF line ends."""
    found = []
    if text.startswith(BYTE_ORDER_MARK):
        found.append("a byte order mark")
    if "\r\n" in text:
        found.append("CRLF line ends")
    return found


@click.command()
@input_options(formats=False)
@click.option(
    "--check",
    is_flag=True,
    help="Change nothing; list the files that would change (and why: a byte order mark, CRLF "
    "line ends, the records) and exit 1 if any.",
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
@output_file_option("Write the canonical text to this file; '-' is standard output.")
def fmt(
    files: tuple[str, ...],
    encoding: str | None,
    check: bool,
    width: int,
    long: bool,
    in_place: bool,
    output: str,
) -> None:
    """Write the PMN records in FILES in canonical form.

    Canonical form: the standard tags first in a fixed order, canonical move
    tokens, move numbers where PMN writes them, movetext wrapped at --width,
    UTF-8 with plain line ends and no byte order mark. Comments, annotations
    and variations are kept, and every game replays to the same positions.

    Like gofmt: the canonical text goes to stdout (or -o); --in-place rewrites the
    files instead (never otherwise); --check lists the files that would
    change. FILES are files, folders (walked for .pmn files) and '-' (stdin).

    Exit code: 0 when done (or, with --check, nothing would change); 1 when
    --check finds files to change, or a record could not be fully formatted
    (an illegal move, a damaged record: those parts are kept as written).
    """
    if check and in_place:
        raise click.UsageError("--check changes nothing; it cannot go with --in-place")
    if output != "-" and (check or in_place):
        raise click.UsageError(
            "-o/--output writes the canonical text: not with --check or --in-place"
        )
    for path in files:
        kind = detect_format(strip_compression(path))
        if path != "-" and kind != "pmn" and not os.path.isdir(path):
            raise click.UsageError(f"{path}: pmn fmt formats PMN text, not {kind}")
    changed: list[str] = []
    printed: list[str] = []
    trouble = False
    for path in input_paths(files, extensions=PMN_WALKED):
        source = "<stdin>" if path == "-" else path
        try:
            checked = (
                check_file(path, width=width, long=long, jobs=default_jobs())
                if check and path != "-" and encoding is None and strip_compression(path) == path
                else None
            )
            if checked is not None:  # read once, a game at a time, compared as it is read
                for index, issue in checked.issues:
                    echo(
                        f"{location(source, issue.line, issue.column)}: game {index}: "
                        f"{issue.message}",
                        err=True,
                    )
                trouble = trouble or bool(checked.issues)
                if checked.changed:
                    changed.append(source)
                continue
            original = read_whole_text(path, encoding)
        except (SourceError, GameTooLongError) as exc:  # this file is left as it is
            echo(str(exc), err=True)
            trouble = True
            continue
        except OSError as exc:
            raise click.FileError(path, exc.strerror) from exc
        formatted, messages = format_text(original, source, width, long)
        for message in messages:
            echo(message, err=True)
        trouble = trouble or bool(messages)
        if not (check or in_place):
            printed.append(formatted)
            continue
        if formatted == original:
            continue
        if check:
            why = differences(original)
            changed.append(f"{source} ({', '.join(why)})" if why else source)
            continue
        if path == "-":
            sys.stdout.write(formatted)  # standard input cannot be rewritten: printed
            continue
        try:
            allow_rewrite(path)  # --in-place rewrites its inputs, by design
            with atomic_output(path) as out:
                out.write(formatted)
        except OSError as exc:  # read-only, disk full, no permission: this file is unchanged
            echo(f"{path}: not rewritten: {exc.strerror or exc}", err=True)
            trouble = True
            continue
        changed.append(path)
    if not (check or in_place):
        try:
            with atomic_output(output) as out:
                out.write("\n".join(text for text in printed if text))
        except OSError as exc:
            raise SafeClickException(f"cannot write {output}: {exc.strerror or exc}") from exc
    for path in changed:
        echo(f"would reformat {path}" if check else f"reformatted {path}", err=check)
    if check and changed:
        sys.exit(1)
    sys.exit(1 if trouble else 0)
