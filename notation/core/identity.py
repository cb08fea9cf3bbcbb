"""Who played a game, and which games are one game: the one definition the archive's
``dedupe`` (and ``merge --dedupe``, ``dedupe --index``) and the desk's checks share.

A copy of a game is the same game: the same players (names compared by
:func:`name_key`, as the desk compares them), the same result and the same moves from
the same start. How "the same moves" is told is the caller's: the archive replays and
compares positions (its duplicate key), the desk compares the tokens as written. It
lives in the centre because the archive and the desk may not import each other.
"""

from __future__ import annotations

import functools
import hashlib
import re
import unicodedata
from collections.abc import Sequence


@functools.lru_cache(maxsize=8192)  # (a collection has few names, each in many games)
def name_key(name: str) -> str:
    """A name reduced to what stays the same however it is written.

    Accents dropped, case folded, punctuation and repeated spaces removed,
    ``Last, First`` turned round, and the words sorted (so ``Ada Mensah``,
    ``Mensah, Ada``, ``ada  mensah`` and ``Adá Mensah`` give one key).

    >>> name_key("Mensah, Adá") == name_key("ada  mensah")
    True
    """
    if "," in name:
        last, _, first = name.partition(",")
        name = f"{first} {last}"
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    words = re.findall(r"\w+", plain)
    return " ".join(sorted(words))


def game_identity(moves: bytes, players: Sequence[str], result: str) -> bytes:
    """A 16-byte key equal for two games that are one game: ``moves`` (a key equal for
    the same moves from the same start), the players in seat order, each by its
    :func:`name_key`, and the result token.

    >>> game_identity(b"m", ["Mensah, Ada", "Kofi"], "1-0") == game_identity(
    ...     b"m", ["ada  mensah", "KOFI"], "1-0")
    True
    """
    names = "\x00".join(name_key(player) for player in players)
    text = f"{len(players)}\x00{names}\x00{result.strip()}\x00".encode()
    return hashlib.blake2b(text + moves, digest_size=16).digest()


__all__ = ["game_identity", "name_key"]
