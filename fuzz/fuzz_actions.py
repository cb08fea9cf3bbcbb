"""Fuzz the OpenSpiel action-sequence reader (see checks.py for what is checked).

    python fuzz/fuzz_actions.py fuzz/corpus/actions -max_total_time=600

Needs atheris (``pip install atheris``); see fuzz/README.md.
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    from checks import check_actions_bytes


def main() -> None:
    atheris.Setup(sys.argv, check_actions_bytes)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
