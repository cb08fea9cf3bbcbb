"""PMN, the Portable Mancala Notation: records, formats and rules for mancala games.

The public API::

    from notation import read_text, write_record, validate_record

    for record in read_text(open("games.pmn").read()):
        report = validate_record(record)
        print(report.valid, report.computed)

Layers, each using only those above it in this list:

- :mod:`notation.record`: the record model (tags, moves, comments, variations);
- :mod:`notation.grammar`, :mod:`notation.pmn`: PMN text, read and written;
- :mod:`notation.jsonform`: the JSON form and its schema;
- :mod:`notation.games`: the rules, one module per game;
- :mod:`notation.replay`: records replayed through the rules (the validator);
- :mod:`notation.collection`: reading and writing files of any format.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names below, for type checkers; at run time __getattr__ imports them
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
    from notation.jsonform import iter_json_records, record_from_json, record_to_json, write_json
    from notation.pmn import iter_records, read_text, write_record, write_records
    from notation.record import Line, MoveNode, ReadError, Record
    from notation.replay import (
        GameReport,
        Problem,
        final_position,
        record_variant,
        validate_record,
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
    "PositionError",
    "Problem",
    "ReadError",
    "Record",
    "RulesError",
    "Variant",
    "final_position",
    "find_variant",
    "iter_json_records",
    "iter_records",
    "read_text",
    "record_from_json",
    "record_to_json",
    "record_variant",
    "validate_record",
    "write_json",
    "write_record",
    "write_records",
]

#: Where each public name lives: ``import notation`` loads none of these modules,
#: a name loads its module when first used (``notation.read_text``, or ``from
#: notation import read_text``). A command that needs PMN text only does not pay
#: for the JSON schema validator, nor a one-game check for every game's rules.
_HOMES = {
    "AmbiguousMoveError": "notation.games",
    "IllegalMoveError": "notation.games",
    "MoveError": "notation.games",
    "MoveSyntaxError": "notation.games",
    "Outcome": "notation.games",
    "PositionError": "notation.games",
    "RulesError": "notation.games",
    "Variant": "notation.games",
    "find_variant": "notation.games",
    "iter_json_records": "notation.jsonform",
    "record_from_json": "notation.jsonform",
    "record_to_json": "notation.jsonform",
    "write_json": "notation.jsonform",
    "iter_records": "notation.pmn",
    "read_text": "notation.pmn",
    "write_record": "notation.pmn",
    "write_records": "notation.pmn",
    "Line": "notation.record",
    "MoveNode": "notation.record",
    "ReadError": "notation.record",
    "Record": "notation.record",
    "GameReport": "notation.replay",
    "Problem": "notation.replay",
    "final_position": "notation.replay",
    "record_variant": "notation.replay",
    "validate_record": "notation.replay",
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
