"""``pmn split``: one file per N games, or one file per value of a tag."""

from __future__ import annotations

import hashlib
import os
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import IO

import click

from notation.archive.games import ArchiveGame, write_game
from notation.archive.tools import safe_stem, variant_of_tags
from notation.files.outputs import OutputFolder
from notation.files.sources import shown_path
from notation.formats.collection import FORMATS
from notation.formats.registry import RecordSink

from .archive_io import Reading, finish, input_options, iter_games, shared
from .common import FORMAT_CHOICE
from .paths import WriteDir
from .terminal import SafeClickException, plural

#: At most this many output files are open at once; others are reopened to append.
OPEN_FILES = 64


class _Part:
    """One output file being written: a temporary file in the folder, renamed at the end."""

    def __init__(self, name: str) -> None:
        self.temp: str | None = None  # made once the part is known, so it is always removed
        self.name = name
        self.sink: RecordSink | None = None  # made on the first write


class _Parts:
    """The output files, with at most :data:`OPEN_FILES` open at once, written into the
    folder by :class:`notation.files.outputs.OutputFolder` (never through a link)."""

    def __init__(self, folder: OutputFolder, fmt: str) -> None:
        self.folder, self.fmt = folder, fmt
        self.parts: dict[str, _Part] = {}
        self.open: OrderedDict[str, IO[str]] = OrderedDict()

    def write(self, name: str, game: ArchiveGame) -> None:
        part = self.parts.get(name)
        if part is None:
            part = self.parts[name] = _Part(name)
        if part.temp is None:
            part.temp = self.folder.create_temporary(name)
        stream = self.open.pop(name, None)
        if stream is None:
            if len(self.open) >= OPEN_FILES:
                closed, oldest = self.open.popitem(last=False)
                with self._naming(closed):
                    oldest.close()
            stream = self.folder.append(part.temp)  # (a part's first game made it)
        self.open[name] = stream
        if part.sink is None:
            part.sink = RecordSink(stream, self.fmt)
        part.sink.out = stream
        with self._naming(name):
            write_game(part.sink, game)  # (a PMN game's text as it was read)

    @contextmanager
    def _naming(self, name: str) -> Iterator[None]:
        """An ``OSError`` in the block (a full disk) given the path of the part ``name``
        it was writing, when it names none."""
        try:
            yield
        except OSError as exc:
            if exc.filename is not None:
                raise
            where = os.path.join(self.folder.path, name)
            raise OSError(exc.errno, exc.strerror or str(exc), where) from exc

    def finish(self, force: bool) -> int:
        """Close every part and move them into place; returns how many files."""
        for name, part in self.parts.items():
            if part.sink is not None and part.sink.fmt == "json":
                assert part.temp is not None  # (made with its first game)
                stream = self.open.pop(name, None) or self.folder.append(part.temp)
                with self._naming(name):
                    part.sink.out = stream
                    part.sink.close()
                    stream.close()
        while self.open:
            name, stream = self.open.popitem(last=False)
            with self._naming(name):  # closing writes what was buffered: the disk may be full
                stream.close()
        names = [part.name for part in self.parts.values()]
        existing = [
            os.path.join(self.folder.path, name) for name in names if self.folder.exists(name)
        ]
        if existing and not force:
            self.discard()
            shown = ", ".join(existing[:5]) + (" ..." if len(existing) > 5 else "")
            raise click.ClickException(
                f"would overwrite {plural(len(existing), 'file')}: {shown}; pass --force to replace them"
            )
        for part in self.parts.values():
            assert part.temp is not None  # (made with its first game)
            self.folder.commit(part.temp, part.name)
        return len(self.parts)

    def discard(self) -> None:
        """Remove the temporary files (their streams closed, whatever closing says: the
        error that stopped the work has been said)."""
        for stream in self.open.values():
            with suppress(OSError, ValueError):
                stream.close()
        self.open.clear()
        for part in self.parts.values():
            if part.temp is not None:
                self.folder.discard(part.temp)


def _extension(fmt: str) -> str:
    return FORMATS[fmt][0] if FORMATS.get(fmt) else ".txt"


@click.command("split")
@input_options
@click.option(
    "-d",
    "--output-dir",
    required=True,
    type=WriteDir(file_okay=False),
    help="The folder to write the files to (made if missing).",
)
@click.option("--every", type=click.IntRange(min=1), help="N games per file: part-0001 and on.")
@click.option("--by", "by", metavar="TAG", help="One file per value of TAG (e.g. Round, South).")
@click.option(
    "--by-player",
    is_flag=True,
    help="One file per player: each game goes to the file of every player in its seats.",
)
@click.option(
    "--to",
    "to",
    type=FORMAT_CHOICE,
    default="pmn",
    show_default=True,
    help="Format of the files written.",
)
@click.option("--force", is_flag=True, help="Replace files of the same names in the folder.")
@shared
def split(
    files: tuple[str, ...],
    input_format: str | None,
    encoding: str | None,
    output_dir: str,
    every: int | None,
    by: str | None,
    by_player: bool,
    to: str,
    force: bool,
) -> None:
    """Split the games of FILES into files of N games, or a file per value of a tag.

    With --by, a value that is a safe file name (letters, digits, '.', '_',
    '-') names its file as it is; any other value is made safe and gets a
    short hash of itself, so two values never share a file; games without
    the tag go to _untagged. Files are written to temporary names and
    renamed at the end, and existing files are not replaced without
    --force. Games keep their order in each file, so merging the parts of
    --every gives the input back. With --by-player a game goes to the file
    of each of its players (by the seat tags of its game), so a two-player
    game is in two files; games whose tags name no game go to _untagged.
    Examples:

    \b
      pmn split archive.pmn.gz --every 1000 -d parts/
      pmn split season.pmn --by Round -d rounds/
      pmn split club.pmn --by-player --to jsonl -d by-player/
    """
    if [every is not None, by is not None, by_player].count(True) != 1:
        raise click.UsageError("give one of --every N, --by TAG or --by-player")
    try:
        folder = OutputFolder(output_dir)
    except OSError as exc:
        raise click.FileError(output_dir, exc.strerror) from exc
    counts = Reading()
    parts = _Parts(folder, to)
    extension = _extension(to)
    folded: dict[str, str | None] = {}  # file name, case folded -> the value it holds
    names: dict[str | None, str] = {}
    try:
        for ordinal, game in enumerate(iter_games(files, input_format, encoding, counts)):
            if every is not None:
                parts.write(f"part-{ordinal // every + 1:04d}{extension}", game)
                continue
            if by_player:
                variant = variant_of_tags(game.tags)
                seats = variant.seats if variant is not None else ()
                values = list(dict.fromkeys(game.tag(seat) for seat in seats)) or [None]
            else:
                values = [game.tag(by or "")]
            for value in values:
                name = names.get(value, "")
                if not name:
                    stem = safe_stem(value)
                    if folded.get(stem.casefold(), value) != value:
                        # another value's file on a case-insensitive file system
                        digest = hashlib.sha1((value or "").encode("utf-8")).hexdigest()[:8]
                        stem = f"{stem}-{digest}"
                    folded[stem.casefold()] = value
                    name = names[value] = stem + extension
                parts.write(name, game)
        written = parts.finish(force)
    except OSError as exc:  # a full disk; a link, a FIFO or another kind where a part goes
        parts.discard()
        where = shown_path(os.fsdecode(exc.filename)) if exc.filename else output_dir
        raise SafeClickException(f"cannot write {where}: {exc.strerror or exc}") from exc
    except BaseException:
        parts.discard()
        raise
    finally:
        folder.close()
    click.echo(
        f"read {plural(counts.games, 'game')}, wrote {plural(written, 'file')} in {output_dir}",
        err=True,
    )
    finish(counts)
