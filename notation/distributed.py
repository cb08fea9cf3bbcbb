"""Validating and converting collections past one machine, on Dask.

Needs the ``dask`` extra (``pip install 'mancala-pmn[dask]'``). A collection
is a list of files; each file is one partition of a :class:`dask.bag.Bag`,
read and validated where the partition runs, so nothing but file names and
reports crosses the network. Run it on any Dask scheduler: a
``distributed.Client`` connected to a cluster, or a local one::

    from distributed import Client, LocalCluster
    from notation.distributed import validation_report

    with LocalCluster(n_workers=4) as cluster, Client(cluster):
        report = validation_report(["season-2025/", "season-2026/"])
    print(report["summary"])

The report is the same object ``pmn validate --format json`` prints for the
same files, in the same order.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import dask.bag as db

from notation.collection import expand_paths, read_games, read_path
from notation.jsonform import record_to_json
from notation.parallel import validate_guarded
from notation.pmn import write_record


def _files(paths: Iterable[str]) -> list[str]:
    files = list(expand_paths(paths))
    if "-" in files:
        raise ValueError("standard input cannot be split across a cluster: name files")
    return files


def _validate_files(files: Iterable[str], fmt: str | None) -> Iterator[dict[str, Any]]:
    for path in files:
        for index, game in enumerate(read_games(path, fmt), start=1):
            yield validate_guarded(game, index).to_json()


def validate_bag(paths: Sequence[str], fmt: str | None = None) -> db.Bag:
    """A bag of validation reports (JSON-ready dicts, as in ``pmn validate --format json``).

    ``paths`` are files or folders (walked for .pmn, .json, .jsonl); each file
    is a partition, and the bag keeps the files' order and each file's games'
    order.
    """
    files = _files(paths)
    if not files:
        return db.from_sequence([], npartitions=1)
    bag = db.from_sequence(files, npartitions=len(files))
    return bag.map_partitions(lambda part: list(_validate_files(part, fmt)))


def validation_report(paths: Sequence[str], fmt: str | None = None) -> dict[str, Any]:
    """Validate on the current Dask scheduler; the report ``pmn validate --format json`` gives."""
    games: list[dict[str, Any]] = validate_bag(paths, fmt).compute()
    valid = sum(1 for game in games if game["valid"])
    return {
        "games": games,
        "summary": {"games": len(games), "valid": valid, "invalid": len(games) - valid},
    }


def _convert_files(files: Iterable[str], fmt: str | None, to: str) -> Iterator[str]:
    for path in files:
        for record in read_path(path, fmt):
            if to == "pmn":
                yield write_record(record)
            else:
                yield json.dumps(record_to_json(record), ensure_ascii=False) + "\n"


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
