"""Golden playthroughs: one random game of every registered variant, every state written out.

Run from the repository root to (re)write ``tests/golden/<variant>.txt``::

    PYTHONPATH=. python3 tests/golden/make_golden.py            # every variant
    PYTHONPATH=. python3 tests/golden/make_golden.py kalah      # only these ids

Each file holds, for the state before the first move and after each move:
the move (its short and long tokens, its number and who made it), the
diagram, the position string, the scores and the legal moves (short
tokens, in the order of their long tokens; the first ``LEGAL_SHOWN`` when
there are more); at the end
the outcome and the whole game as a PMN record. Long games are written up
to ``PLIES_WRITTEN`` moves, then the final state.

The moves are chosen by a random generator seeded with the variant's id,
among the legal moves sorted by long token, so a file changes only when the rules
or the notation do (a different order of ``legal_moves`` changes nothing).
``tests/games/test_golden.py`` plays every game again and compares it with its
file: a rule that changes makes it fail with a diff. Check a new or changed
file by reading it against the rules before committing it.
"""

from __future__ import annotations

import random
import sys
import textwrap
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # tests/, for the registered variants

from registered import CASES, VariantCase  # noqa: E402

from notation.core.record import Line, MoveNode, Record  # noqa: E402
from notation.core.replay import expected_number  # noqa: E402
from notation.formats.pmn import write_record  # noqa: E402

#: Seed prefix of every playthrough (the variant's id is added).
SEED = "golden-2026"
#: Moves after which a game is stopped if the rules have not ended it.
MAX_PLIES = 600
#: States written before the final one.
PLIES_WRITTEN = 40
#: Legal moves listed per state.
LEGAL_SHOWN = 40
WIDTH = 100


def _plies(first: int, last: int) -> str:
    return f"ply {first}" if first == last else f"plies {first}-{last}"


def golden_path(case: VariantCase) -> Path:
    """The golden file of a variant."""
    return HERE / f"{case.id}.txt"


def _legal_moves(variant: Any, position: Any) -> list[tuple[str, Any]]:
    """The legal moves as (long token, move), sorted by the long token (full and unique)."""
    return sorted(
        ((variant.format_move(m, position, long=True), m) for m in variant.legal_moves(position)),
        key=lambda row: row[0],
    )


def _state(variant: Any, position: Any) -> list[str]:
    """A state's diagram, position string, scores and legal moves (short tokens)."""
    legal = _legal_moves(variant, position)
    shown = " ".join(variant.format_move(m, position) for _, m in legal[:LEGAL_SHOWN])
    if len(legal) > LEGAL_SHOWN:
        shown += f" ... and {len(legal) - LEGAL_SHOWN} more"
    lines = variant.diagram(position).splitlines()
    lines.append(f"Position: {variant.format_position(position)}")
    lines.append("Scores: " + ", ".join(
        f"{seat} {score}" for seat, score in zip(variant.seats, variant.scores(position), strict=True)
    ))  # fmt: skip
    lines += textwrap.wrap(
        f"Legal moves ({len(legal)}): {shown}" if legal else "Legal moves (0): none",
        WIDTH,
        subsequent_indent="    ",
        break_on_hyphens=False,
    )
    return lines


def playthrough(case: VariantCase) -> str:
    """The golden text of a variant: one seeded random game, state by state."""
    variant = case.variant
    rng = random.Random(f"{SEED}-{case.id}")
    position = variant.initial_position()
    states: list[list[str]] = [["== start", *_state(variant, position)]]
    nodes: list[MoveNode] = []
    while len(nodes) < MAX_PLIES and variant.outcome(position) is None:
        legal = _legal_moves(variant, position)
        if not legal:
            break
        long, move = rng.choice(legal)
        short = variant.format_move(move, position)
        seat = variant.seats[variant.to_move(position)]
        number = expected_number(variant, position)
        # the move must read back from both its tokens, as the one chosen
        assert variant.parse_move(short, position) == variant.parse_move(long, position)
        after = variant.play(position, variant.parse_move(short, position))
        assert after == variant.play(position, move)
        written = number if not nodes or not number.endswith("...") else None
        nodes.append(MoveNode(short, written))
        position = after
        head = f"== ply {len(nodes)}: {number} {short}" + (
            f" (long {long})" if long != short else ""
        )
        states.append([f"{head} by {seat}", *_state(variant, position)])
    outcome = variant.outcome(position)
    result = outcome.result if outcome is not None else "*"
    plies = len(nodes)
    record = Record((*case.tags, ("Result", result)), Line(tuple(nodes)), result)
    tags = "; ".join(f'{name} "{value}"' for name, value in case.tags)
    out = [
        f"# Golden playthrough: {variant.game} ({tags}; Rules \"{variant.rules}\"),"
        f" seed {SEED}-{case.id}",
        "# Regenerate: PYTHONPATH=. python3 tests/golden/make_golden.py",
        f"# {plies} plies"
        + (f"; states after ply {PLIES_WRITTEN} are left out but the last" if plies > PLIES_WRITTEN + 1 else ""),
        "",
    ]  # fmt: skip
    kept = states
    if plies > PLIES_WRITTEN + 1:
        gap = [f"(... {_plies(PLIES_WRITTEN + 1, plies - 1)} left out ...)"]
        kept = [*states[: PLIES_WRITTEN + 1], gap, states[-1]]
    for block in kept:
        out += [*block, ""]
    if outcome is not None:
        out.append(f"Outcome: {outcome.result} ({outcome.reason})")
    else:
        out.append(f"Outcome: none (stopped after {plies} plies)")
    out += ["", "Record:", write_record(record).rstrip("\n")]
    return "\n".join(out) + "\n"


def main(ids: list[str]) -> None:
    """Write the golden file of every registered variant (or of the ids given)."""
    known = {case.id: case for case in CASES}
    unknown = [i for i in ids if i not in known]
    if unknown:
        sys.exit(f"unknown variant ids {unknown}; registered: {', '.join(known)}")
    for case in CASES:
        if ids and case.id not in ids:
            continue
        text = playthrough(case)
        path = golden_path(case)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        path.write_text(text, encoding="utf-8")
        what = "new" if old is None else "unchanged" if old == text else "changed"
        print(f"{path.relative_to(HERE.parent.parent)}: {what} ({len(text.splitlines())} lines)")


if __name__ == "__main__":
    main(sys.argv[1:])
