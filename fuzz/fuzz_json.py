"""Fuzz the JSON reader (and through it the schema check, writers and validator).

    python fuzz/fuzz_json.py fuzz/corpus/json -max_total_time=600

Needs atheris (``pip install atheris``); see fuzz/README.md.
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    from checks import check_json_bytes


def main() -> None:
    atheris.Setup(sys.argv, check_json_bytes)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
