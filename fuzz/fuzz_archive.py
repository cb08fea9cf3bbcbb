"""Fuzz the archive readers: see ``archive_checks.py`` for what is checked.

    python fuzz/fuzz_archive.py fuzz/corpus/archive -max_total_time=600

Needs atheris (``pip install atheris``); see fuzz/README.md.
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    from archive_checks import check_archive_bytes


def main() -> None:
    atheris.Setup(sys.argv, check_archive_bytes)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
