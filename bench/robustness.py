"""How reading time grows with the size of hostile input: 1x against 10x.

    python bench/robustness.py [--scale 1]

For each hostile kind it reads an input of size n and of size 10n and prints the
two times and their ratio: about 10 means linear, about 100 quadratic. Not a
test: timings depend on the machine (issue 7).
"""

from __future__ import annotations

import argparse
import io
import json
import time
from collections.abc import Callable

from notation.core.replay import validate_record
from notation.formats.canonical import canonical_record
from notation.formats.jsonform import dumps, iter_json_records, record_to_json
from notation.formats.pmn import iter_records, read_text

GOOD = b'[Game "Wari"]\n\n1. C b *\n'


def pmn(data: bytes) -> None:
    for record in iter_records(io.BytesIO(data), "bench"):
        validate_record(record)


def deep_pmn(depth: int) -> bytes:
    return b'[Game "Wari"]\n\n1. C ' + b"(1. D " * depth + b")" * depth + b" b *\n"


def deep_all(data: bytes) -> None:
    (record,) = read_text(data.decode())
    validate_record(record)
    canonical_record(record)
    list(iter_json_records(dumps(record_to_json(record))))


KINDS: dict[str, tuple[Callable[[int], bytes], Callable[[bytes], None]]] = {
    "long line of moves": (lambda n: b'[Game "Wari"]\n\n' + b"C b " * (n // 4) + b"*\n", pmn),
    "long comment line": (lambda n: GOOD + b'[Game "Wari"]\n\n1. C {' + b"x" * n + b"} *\n", pmn),
    "long unreadable line": (lambda n: b'[Game "Wari"]\n\n1. C ' + b"@" * n + b" *\n" + GOOD, pmn),
    "unclosed comment": (lambda n: b'[Game "Wari"]\n\n1. C {' + b"x y\n" * (n // 4) + GOOD, pmn),
    "long tag value": (lambda n: b'[Game "Wari"]\n[E "' + b"y" * n + b'"]\n\n1. C *\n', pmn),
    "many comments on a move": (
        lambda n: b'[Game "Wari"]\n\n1. C ' + b"{c} " * (n // 4) + b"*\n",
        pmn,
    ),
    "many NAGs": (lambda n: b'[Game "Wari"]\n\n1. C ' + b"$1 " * (n // 3) + b"*\n", pmn),
    "deep variations": (lambda n: deep_pmn(n // 6), deep_all),
    "many damaged games": (lambda n: (b'[Game "Wari"]\n\n1. C {x\n\n' * (n // 25)) + GOOD, pmn),
    "invalid UTF-8": (lambda n: b'[Game "Wari"]\n\n1. C {\xff} b *\n\n' * (n // 30), pmn),
    "deep JSON": (
        lambda n: ("[" * (n // 2) + "]" * (n // 2)).encode(),
        lambda data: list(iter_json_records(data.decode())),
    ),
    "JSON Lines": (
        lambda n: (
            (
                json.dumps({"tags": [["Game", "Wari"]], "moves": [{"move": "C"}], "result": "*"})
                + "\n"
            ).encode()
            * (n // 70)
        ),
        lambda data: list(iter_json_records(data.decode())),
    ),
}


def timed(work: Callable[[bytes], None], data: bytes) -> float:
    best = float("inf")
    for _ in range(2):
        start = time.perf_counter()
        work(data)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="n = scale x 200 KB")
    args = parser.parse_args()
    n = int(200_000 * args.scale)
    print(f"{'input':26} {'1x (s)':>8} {'10x (s)':>8} {'ratio':>6}   (n = {n:,} bytes)")
    for name, (make, work) in KINDS.items():
        small, large = timed(work, make(n)), timed(work, make(10 * n))
        print(f"{name:26} {small:8.3f} {large:8.3f} {large / small:6.1f}")


if __name__ == "__main__":
    main()
