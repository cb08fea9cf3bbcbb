"""The report of ``pmn validate --format json``, built in one place.

The command and the Dask paths (:mod:`notation.archive.distributed`) give the same
object for the same files: every game's report in order, the summary, and,
when some files were not read, ``unread_files``: each with its path, the
reason, and ``error`` (true when the file could not be read, false when a
folder walk skipped it: a link out of the folder or to nothing, a FIFO...).
A file that cannot be read is one entry of the report, never an exception:
the other files are still checked.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from notation.archive.parallel import validate_guarded
from notation.formats.collection import read_games


def unread_entry(path: str, reason: str, *, error: bool) -> dict[str, object]:
    """One entry of ``unread_files``: a file skipped by a walk (``error`` false) or unreadable."""
    return {"path": path, "reason": reason, "error": error}


def validation_json(
    games: Iterable[dict[str, Any]], unread: Iterable[dict[str, object]] = ()
) -> dict[str, Any]:
    """The ``pmn validate --format json`` object of game reports (JSON-ready) and unread files."""
    reports = list(games)
    valid = sum(1 for game in reports if game["valid"])
    body: dict[str, Any] = {
        "games": reports,
        "summary": {"games": len(reports), "valid": valid, "invalid": len(reports) - valid},
    }
    listed = list(unread)
    if listed:
        body["unread_files"] = listed
    return body


def validate_file(
    path: str, fmt: str | None = None, *, encoding: str | None = None
) -> Iterator[tuple[str, dict[str, Any]]]:
    """One file's reports in order, each as ``("game", report)``; a file that cannot be
    read (or stops being readable part way) ends with ``("unread", entry)``, never raises."""
    try:
        for index, game in enumerate(read_games(path, fmt, encoding=encoding), start=1):
            yield "game", validate_guarded(game, index).to_json()
    except OSError as exc:  # one problem; the caller goes on with the other files
        yield "unread", unread_entry(path, exc.strerror or str(exc), error=True)


__all__ = ["unread_entry", "validate_file", "validation_json"]
