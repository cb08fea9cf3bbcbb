"""PMN, the Portable Mancala Notation: records, formats and rules for mancala games.

The public API::

    from notation import read_text, write_record, validate_record

    for record in read_text(open("games.pmn").read()):
        report = validate_record(record)
        print(report.valid, report.computed)

A file of games in any format, one record at a time (a path, or ``-``: standard
input; the format from the extension or the first bytes), as ``chess.pgn.read_game``
reads a handle::

    from notation import read_path, write_path
    for record in read_path("archive.pmn.gz"):
        ...
    write_path(records, "archive.jsonl", "jsonl")

    from notation import iter_records          # or from an open binary handle
    with open("games.pmn", "rb") as handle:
        for record in iter_records(handle, "games.pmn"):
            ...

The library is built in layers, each a folder that says what it may import (from the
bottom): :mod:`notation.errors`; :mod:`notation.files` (the input and output layers);
the centre, :mod:`notation.core` (the record, its replay) and :mod:`notation.games` (the
rules); :mod:`notation.formats`; :mod:`notation.render`; :mod:`notation.archive` and
:mod:`notation.desk`. ``tests/test_layers.py`` holds the import graph to it.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names below, for type checkers; at run time __getattr__ imports them
    from notation.core.record import Line, MoveNode, ReadError, Record
    from notation.core.replay import (
        GameReport,
        Problem,
        final_position,
        record_variant,
        validate_record,
    )
    from notation.errors import PMNError, WriteError
    from notation.formats.collection import read_path, write_path
    from notation.formats.jsonform import (
        iter_json_records,
        record_from_json,
        record_to_json,
        write_json,
    )
    from notation.formats.pmn import iter_records, read_text, write_record, write_records
    from notation.games import (
        AmbiguousMoveError,
        IllegalMoveError,
        MoveError,
        MoveSyntaxError,
        Outcome,
        PositionError,
        RulesError,
        Variant,
        find_variant,
    )

__version__ = "0.1.0"

__all__ = [
    "AmbiguousMoveError",
    "GameReport",
    "IllegalMoveError",
    "Line",
    "MoveError",
    "MoveNode",
    "MoveSyntaxError",
    "Outcome",
    "PMNError",
    "PositionError",
    "Problem",
    "ReadError",
    "Record",
    "RulesError",
    "Variant",
    "WriteError",
    "final_position",
    "find_variant",
    "iter_json_records",
    "iter_records",
    "read_path",
    "read_text",
    "record_from_json",
    "record_to_json",
    "record_variant",
    "validate_record",
    "write_json",
    "write_path",
    "write_record",
    "write_records",
]

#: Where each public name lives: ``import notation`` loads none of these modules,
#: a name loads its module when first used (``notation.read_text``, or ``from
#: notation import read_text``). A command that needs PMN text only does not pay
#: for the JSON schema validator, nor a one-game check for every game's rules.
_HOMES = {
    "PMNError": "notation.errors",
    "WriteError": "notation.errors",
    "read_path": "notation.formats.collection",
    "write_path": "notation.formats.collection",
    "AmbiguousMoveError": "notation.games",
    "IllegalMoveError": "notation.games",
    "MoveError": "notation.games",
    "MoveSyntaxError": "notation.games",
    "Outcome": "notation.games",
    "PositionError": "notation.games",
    "RulesError": "notation.games",
    "Variant": "notation.games",
    "find_variant": "notation.games",
    "iter_json_records": "notation.formats.jsonform",
    "record_from_json": "notation.formats.jsonform",
    "record_to_json": "notation.formats.jsonform",
    "write_json": "notation.formats.jsonform",
    "iter_records": "notation.formats.pmn",
    "read_text": "notation.formats.pmn",
    "write_record": "notation.formats.pmn",
    "write_records": "notation.formats.pmn",
    "Line": "notation.core.record",
    "MoveNode": "notation.core.record",
    "ReadError": "notation.core.record",
    "Record": "notation.core.record",
    "GameReport": "notation.core.replay",
    "Problem": "notation.core.replay",
    "final_position": "notation.core.replay",
    "record_variant": "notation.core.replay",
    "validate_record": "notation.core.replay",
}


def __getattr__(name: str) -> Any:
    """Import a public name's module on first use (PEP 562)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'notation' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})
