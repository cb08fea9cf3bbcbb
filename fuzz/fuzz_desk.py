"""Fuzz the desk readers: see ``archive_checks.py`` for what is checked.

    python fuzz/fuzz_desk.py fuzz/corpus/desk -max_total_time=600

Needs atheris (``pip install atheris``); see fuzz/README.md.
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    from archive_checks import check_desk_bytes


def main() -> None:
    atheris.Setup(sys.argv, check_desk_bytes)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
