"""Variations nested to any depth: converted, formatted and rendered, in time linear in the depth.

A record's tree is walked with explicit stacks everywhere (no recursion), so a
9 KB file of 1,000 nested variations converts to every format and back; and
the work per move does not grow with the depth of its variation, so ``fmt``
and ``render`` take time linear in the nesting. Linearity is checked by
comparing two depths in one run, with a generous ratio, never by a fixed time.
"""

from __future__ import annotations

import gc
import pickle
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

import notation.archive.parallel
import notation.render.html
from notation import read_text
from notation.archive.distributed import convert_bag
from notation.core.record import iter_lines
from notation.formats.canonical import format_chunk
from notation.formats.pmn import iter_chunks, read_chunk
from notation.render.html import record_html


def nested(depth: int) -> str:
    """A Wari game whose one move carries a variation, which carries one, ``depth`` deep."""
    body = "1. C " + "(1. D " * depth + ")" * depth + " *"
    return f'[Game "Wari"]\n[South "a"]\n[North "b"]\n[Result "*"]\n\n{body}\n'


def depth_of(text: str) -> int:
    (record,) = read_text(text)
    return sum(1 for _ in iter_lines(record.mainline)) - 1


@pytest.mark.parametrize("target", ["pmn", "ogn", "json", "jsonl"])
def test_a_thousand_nested_variations_convert_and_come_back(tmp_path: Path, target: str) -> None:
    source = tmp_path / "deep.pmn"
    source.write_text(nested(1000))
    assert source.stat().st_size < 10_000
    out = tmp_path / f"out.{target}"
    converted = CliRunner().invoke(pmn, ["convert", str(source), "-o", str(out)])
    assert converted.exit_code == 0, converted.output
    back = tmp_path / "back.pmn"
    returned = CliRunner().invoke(pmn, ["convert", str(out), "--to", "pmn", "-o", str(back)])
    assert returned.exit_code == 0, returned.output
    assert read_text(back.read_text()) == read_text(source.read_text())
    assert depth_of(back.read_text()) == 1000


@pytest.mark.parametrize("target", ["jsonl", "pmn"])
def test_the_dask_converter_takes_a_thousand_nested_variations(tmp_path: Path, target: str) -> None:
    source = tmp_path / "deep.pmn"
    source.write_text(nested(1000))
    # the converter's own work, on the synchronous scheduler (what a worker runs)
    (text,) = convert_bag([str(source)], to=target).compute(scheduler="sync")
    if target == "jsonl":
        out = tmp_path / "deep.jsonl"
        out.write_text(text)
        back = tmp_path / "back.pmn"
        result = CliRunner().invoke(pmn, ["convert", str(out), "--to", "pmn", "-o", str(back)])
        assert result.exit_code == 0, result.output
        text = back.read_text()
    assert read_text(text) == read_text(source.read_text())


def best_of(action: Callable[[], object], runs: int = 3) -> float:
    """The least CPU time of a few runs (the least is the least disturbed by other work),
    the cyclic garbage collector held off while each runs: its passes cost what the rest
    of the process holds alive (a test worker that ran other tests first holds more), not
    what the action does, and made this measure flaky under ``pytest -n``."""
    spent = []
    for _ in range(runs):
        gc.collect()
        gc.disable()
        try:
            began = time.process_time()
            action()
            spent.append(time.process_time() - began)
        finally:
            gc.enable()
    return min(spent)


def assert_linear(cost: Callable[[int], float], small: int, factor: int = 4) -> None:
    """``factor`` times the depth costs well under ``factor`` squared times as much."""
    cost(small)  # warm: imports, caches
    little, big = cost(small), cost(small * factor)
    # linear: about factor; quadratic: about factor squared. Halfway between, generously
    assert big < little * (factor + factor * factor) / 2, f"{little:.3f} s, then {big:.3f} s"


def test_fmt_is_linear_in_the_nesting_depth() -> None:
    def cost(depth: int) -> float:
        (chunk,) = iter_chunks(nested(depth).splitlines(keepends=True), "deep.pmn")
        text = ""

        def run() -> None:
            nonlocal text
            text, _ = format_chunk(chunk)

        spent = best_of(run)
        assert depth_of(text) == depth
        return spent

    assert_linear(cost, 5_000)


def test_render_is_linear_in_the_nesting_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    # each position's drawing costs the same at any depth: drawn as nothing here, so
    # that what is measured is the page's walk of the tree
    monkeypatch.setattr(notation.render.html, "position_svg", lambda *args, **kwargs: "<svg></svg>")

    def cost(depth: int) -> float:
        record = read_chunk(next(iter_chunks(nested(depth).splitlines(True), "deep.pmn")))
        page = ""

        def run() -> None:
            nonlocal page
            page = record_html(record)

        spent = best_of(run, 2)
        assert page.count('class="variation"') == depth
        return spent

    assert_linear(cost, 2_000)


def test_the_fmt_command_takes_twenty_thousand_levels(tmp_path: Path) -> None:
    source = tmp_path / "deep.pmn"
    source.write_text(nested(20_000))
    formatted = CliRunner().invoke(pmn, ["fmt", str(source)])
    assert formatted.exit_code == 0, formatted.output
    assert depth_of(formatted.stdout) == 20_000


def test_deep_records_cross_to_worker_processes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # records read from OGN or JSON are sent to the workers of `validate -j` as they are:
    # pickling one recursed once per level (RecursionError, a traceback)
    record = read_text(nested(20_000))[0]
    assert pickle.loads(pickle.dumps(record)) == record
    node = record.mainline.moves[0]
    assert pickle.loads(pickle.dumps(node)) == node
    monkeypatch.setattr(notation.archive.parallel, "MIN_POOL_GAMES", 2)
    source = tmp_path / "deep.pmn"
    source.write_text(nested(2_000) * 4)
    games = tmp_path / "deep.ogn"
    assert CliRunner().invoke(pmn, ["convert", str(source), "-o", str(games)]).exit_code == 0
    result = CliRunner().invoke(pmn, ["validate", "-j", "2", "-q", str(games)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "4 games: 4 valid, 0 invalid"
