"""Fuzz the PMN reader (and through it the writer, JSON form, validator, formatter).

    python fuzz/fuzz_pmn.py fuzz/corpus/pmn -max_total_time=600

Needs atheris (``pip install atheris``); see fuzz/README.md.
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    from checks import check_pmn_bytes


def main() -> None:
    atheris.Setup(sys.argv, check_pmn_bytes)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
