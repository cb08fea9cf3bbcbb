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
from notation.replay import GameReport, Problem, final_position, record_variant, validate_record

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
