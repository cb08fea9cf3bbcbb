"""``pmn fmt``: rewrite records in canonical form, like a code formatter."""

from __future__ import annotations

import os
import sys

import click

from notation.archive.formatting import FormattedFile, GameTooLongError, format_file
from notation.archive.parallel import default_jobs
from notation.files.guard import allow_rewrite
from notation.files.sources import SourceDecodeError, UnreadPath, strip_compression
from notation.formats.collection import FORMATS, WALKED_EXTENSIONS, atomic_output, detect_format
from notation.formats.pmn import DEFAULT_WIDTH

from .common import location
from .inputs import GameCounts, input_options, output_file_option, report_empty
from .terminal import SafeClickException, echo

#: The names a folder walk reads as PMN (``.txt`` only when named, as everywhere).
PMN_WALKED = tuple(ext for ext in FORMATS["pmn"] if ext in WALKED_EXTENSIONS)


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
    --check finds files to change, a record could not be fully formatted
    (an illegal move, a damaged record: those parts are kept as written), or an
    input (a file, a folder, stdin) holds no game.
    """
    _check_arguments(files, check=check, in_place=in_place, output=output)
    changed: list[str] = []
    printed: list[str] = []
    trouble = False
    counts = GameCounts()
    for path in counts.paths(files, extensions=PMN_WALKED):
        try:
            result = format_file(
                path, check=check, width=width, long=long, encoding=encoding, jobs=default_jobs()
            )
        except (SourceDecodeError, GameTooLongError) as exc:  # this file is left as it is
            echo(str(exc), err=True)
            counts.add()  # (not empty: what it holds could not be read, said here)
            trouble = True
            continue
        except OSError as exc:  # cannot be opened, cut short, not text: the rest is read
            counts.unreadable(UnreadPath.of(path, exc))
            continue
        counts.add(result.games)
        for index, issue in result.issues:
            where = location(result.source, issue.line, issue.column)
            echo(f"{where}: game {index}: {issue.message}", err=True)
        trouble = trouble or bool(result.issues)
        if not (check or in_place):
            printed.append(result.text or "")
        elif result.changed:
            done = _changed(path, result, check=check)
            if done is None:
                trouble = True
            elif done:
                changed.append(done)
    if not (check or in_place):
        _write_all(output, printed)
    for path in changed:
        echo(f"would reformat {path}" if check else f"reformatted {path}", err=check)
    trouble = report_empty(counts) or trouble  # an input with no game: ruling N4
    if check and changed:
        sys.exit(1)
    sys.exit(1 if trouble else 0)


def _check_arguments(files: tuple[str, ...], *, check: bool, in_place: bool, output: str) -> None:
    """Usage errors: --check with --in-place, -o with either, a file of another format."""
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


def _changed(path: str, result: FormattedFile, *, check: bool) -> str | None:
    """What fmt does with a file formatting changes: with --check, names it (and why);
    otherwise rewrites it (standard input: prints it). The name to list ("" for none),
    or None when the file could not be rewritten."""
    if check:
        return result.source + (f" ({', '.join(result.why)})" if result.why else "")
    if path == "-":
        sys.stdout.write(result.text or "")  # standard input cannot be rewritten: printed
        return ""
    return path if _rewrite(path, result.text or "") else None


def _write_all(output: str, printed: list[str]) -> None:
    """Every file's canonical text, a blank line between files, to -o (or stdout)."""
    try:
        with atomic_output(output) as out:
            out.write("\n".join(text for text in printed if text))
    except OSError as exc:
        raise SafeClickException(f"cannot write {output}: {exc.strerror or exc}") from exc


def _rewrite(path: str, text: str) -> bool:
    """Write a file's canonical text over it (--in-place rewrites its inputs, by design);
    False, said on stderr, when it cannot be (read-only, disk full): it is unchanged."""
    try:
        allow_rewrite(path)
        with atomic_output(path) as out:
            out.write(text)
    except OSError as exc:
        echo(f"{path}: not rewritten: {exc.strerror or exc}", err=True)
        return False
    return True
