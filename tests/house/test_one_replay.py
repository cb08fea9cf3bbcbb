"""The rules are played in one place: outside the games, a variant's ``play`` is called
only by the one replay loop (``notation/core/replay.py``), and by the random-game
generator (``notation/core/generate.py``), which chooses its moves instead of replaying
a record."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Where ``.play(`` may be written: the games, the one replay loop, the generator.
ALLOWED = ("notation/games/", "notation/core/replay.py", "notation/core/generate.py")
#: A call of a ``play`` method (a variant's, or one held in a name: ``variant.play(``).
PLAY_CALL = re.compile(r"\.play\(")


def play_calls() -> list[str]:
    """Every ``.play(`` in notation/ and cli/ outside the allowed places, as ``path:line``."""
    found = []
    for folder in ("notation", "cli"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if relative.startswith(ALLOWED):
                continue
            for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if PLAY_CALL.search(text):
                    found.append(f"{relative}:{number}: {text.strip()}")
    return found


def test_the_rules_are_played_only_by_the_one_replay_loop():
    # the recorder's own ``play`` (cli/record.py calls ``recorder.play``) plays through the
    # loop too (next_step): it is the one call of that name allowed outside
    assert [call for call in play_calls() if "recorder.play(" not in call] == []


def test_the_guard_sees_a_play_call():
    assert PLAY_CALL.search("        position = variant.play(position, move)")
    assert not PLAY_CALL.search("        replay(variant, line, position)")
