"""Togyz Kumalak's hot path: plies per second of ``parse_move`` + ``play`` over random games.

Random legal games (seeded) are played once to collect their canonical tokens
(the full form, ``87(10)``, whose claims ``parse_move`` checks), then replayed
from the tokens, as the validator does, and timed::

    python bench/togyz_plies.py                 # 2,000 games, best of 5
    python bench/togyz_plies.py --games 500 --rounds 3 --short

``--short`` replays the hole-only tokens (``8``) instead: no claim to check.
"""

from __future__ import annotations

import argparse
import random
import time

from notation.games.togyz import TogyzVariant


def games(count: int, seed: int, *, short: bool) -> list[list[str]]:
    """Random legal games as token lists (full tokens, or the hole alone)."""
    variant = TogyzVariant()
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        position = variant.initial_position()
        tokens = []
        while True:
            moves = list(variant.legal_moves(position))
            if not moves:
                break
            move = rng.choice(moves)
            token = variant.format_move(move, position)
            tokens.append(token[0] if short else token)
            position = variant.play(position, move)
        found.append(tokens)
    return found


def replay(variant: TogyzVariant, tokens_of_games: list[list[str]]) -> int:
    """Replay every game from its tokens; the plies played."""
    parse_move, play, start = variant.parse_move, variant.play, variant.initial_position()
    plies = 0
    for tokens in tokens_of_games:
        position = start
        for token in tokens:
            position = play(position, parse_move(token, position))
        plies += len(tokens)
    return plies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--short", action="store_true", help="hole-only tokens (8)")
    args = parser.parse_args()
    corpus = games(args.games, args.seed, short=args.short)
    variant = TogyzVariant()
    best = float("inf")
    plies = 0
    for _ in range(args.rounds):
        began = time.perf_counter()
        plies = replay(variant, corpus)
        best = min(best, time.perf_counter() - began)
    print(
        f"{args.games} games, {plies} plies ({'short' if args.short else 'full'} tokens): "
        f"best of {args.rounds} {best:.3f} s, {plies / best:,.0f} plies/s, "
        f"{best / plies * 1e6:.2f} us/ply"
    )


if __name__ == "__main__":
    main()
