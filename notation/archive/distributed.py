"""Validating and converting collections past one machine, on Dask.

Needs the ``dask`` extra (``pip install 'mancala-pmn[dask]'``). A collection
is a list of files; each file is one partition of a :class:`dask.bag.Bag`,
read and validated where the partition runs, so nothing but file names and
reports crosses the network. Run it on any Dask scheduler: a
``distributed.Client`` connected to a cluster, or a local one::

    from distributed import Client, LocalCluster
    from notation.archive.distributed import validation_report

    with LocalCluster(n_workers=4) as cluster, Client(cluster):
        report = validation_report(["season-2025/", "season-2026/"])
    print(report["summary"])

The report is the same object ``pmn validate --format json`` prints for the
same files, in the same order.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import dask.bag as db

from notation.archive.report import unread_entry, validate_file, validation_json
from notation.files.sources import SkippedPath, UnreadPath, walk_inputs
from notation.formats.collection import WALKED_EXTENSIONS, expand_paths, read_path
from notation.formats.jsonform import record_to_json
from notation.formats.jsontext import dumps
from notation.formats.pmn import write_record

#: One file's part of a report: ``("game", report)`` items, ``("unread", entry)`` last
_Items = list[tuple[str, dict[str, Any]]]


def _walk(paths: Iterable[str]) -> list[str | SkippedPath | UnreadPath]:
    """The files to read and what the walk skipped, in order (as ``pmn validate`` walks)."""
    walked = list(walk_inputs(paths, WALKED_EXTENSIONS))
    if "-" in walked:
        raise ValueError("standard input cannot be split across a cluster: name files")
    return walked


def _files(paths: Iterable[str]) -> list[str]:
    """The files to read; what a folder walk skips is a SkippedFileWarning (as expand_paths)."""
    files = list(expand_paths(paths))
    if "-" in files:
        raise ValueError("standard input cannot be split across a cluster: name files")
    return files


def _file_bag(files: Sequence[str], fmt: str | None) -> db.Bag:
    """A bag of one item per file, each file a partition: the file's :data:`_Items`."""
    bag = db.from_sequence(files, npartitions=len(files))
    return bag.map_partitions(lambda part: [list(validate_file(path, fmt)) for path in part])


def validate_bag(paths: Sequence[str], fmt: str | None = None) -> db.Bag:
    """A bag of validation reports (JSON-ready dicts, as in ``pmn validate --format json``).

    ``paths`` are files or folders (walked for .pmn, .json, .jsonl); each file
    is a partition, and the bag keeps the files' order and each file's games'
    order. A file that cannot be read gives no report (:func:`validation_report`
    lists it under ``unread_files``).
    """
    files = _files(paths)
    if not files:
        return db.from_sequence([], npartitions=1)
    return _file_bag(files, fmt).map_partitions(
        lambda part: [report for items in part for kind, report in items if kind == "game"]
    )


def validation_report(paths: Sequence[str], fmt: str | None = None) -> dict[str, Any]:
    """Validate on the current Dask scheduler; the report ``pmn validate --format json`` gives.

    Files that cannot be read (missing, unreadable) and entries a folder walk
    skipped are listed under ``unread_files``, in the order met, as the command
    lists them; they never raise.
    """
    walked = _walk(paths)
    files = [item for item in walked if isinstance(item, str)]
    per_file: list[_Items] = _file_bag(files, fmt).compute() if files else []
    games: list[dict[str, Any]] = []
    unread: list[dict[str, object]] = []
    results = iter(per_file)
    for item in walked:
        if isinstance(item, (SkippedPath, UnreadPath)):  # a folder not listed: an error
            unread.append(unread_entry(item.path, item.reason, error=isinstance(item, UnreadPath)))
            continue
        for kind, value in next(results):
            (games if kind == "game" else unread).append(value)
    return validation_json(games, unread)


def _convert_files(files: Iterable[str], fmt: str | None, to: str) -> Iterator[str]:
    for path in files:
        for record in read_path(path, fmt):
            if to == "pmn":
                yield write_record(record)
            else:
                yield dumps(record_to_json(record)) + "\n"  # any depth of nesting


def convert_bag(paths: Sequence[str], to: str = "jsonl", fmt: str | None = None) -> db.Bag:
    """A bag of converted records as text: ``to`` is ``jsonl`` (one JSON line each) or ``pmn``.

    Write it out with ``bag.to_textfiles("out/*.jsonl")``, one file per
    partition; damaged records are carried through as their raw text, as
    ``pmn convert`` does.
    """
    if to not in ("jsonl", "pmn"):
        raise ValueError(f"convert_bag writes jsonl or pmn, not {to}")
    files = _files(paths)
    bag = db.from_sequence(files or [""], npartitions=max(1, len(files)))
    if not files:
        return bag.filter(lambda _: False)
    return bag.map_partitions(lambda part: list(_convert_files(part, fmt, to)))


__all__ = [
    "convert_bag",
    "validate_bag",
    "validation_report",
]
