"""PlayOK exports of Togyz Kumalak made by the project's own rules engine, for the tests.

The tests read no real export (real ones are read by tests/formats/test_real_records.py,
where ``../shared/real-records`` is present): :func:`make_export` plays seeded random
games move by move through the rules (:func:`notation.games.find_variant`,
``legal_moves``, ``format_move``, ``play``) and writes them in PlayOK's export layout,
with the quirks real exports have:

- PlayOK's tags in PlayOK's order, with no ``Game`` tag: ``Event`` (the tournament's
  number), ``Site``, ``Date`` (``YYYY.MM.DD``), ``Round``, ``White``, ``Black`` (invented
  nicknames), ``Result``, ``Time``, ``TimeControl``, and ``WhiteElo`` and ``BlackElo``
  where the player has a rating (an unrated player has none); a few casual games with
  ``Event "?"`` and ``Round "-"``;
- PlayOK's full tokens, ``87``, ``87(10)``, ``68X`` (ruling Q10);
- movetext filled to 59 columns and wrapped anywhere, even between a move number and its
  move (``15.`` ending a line, ``92(22)`` opening the next), the result too;
- ``{zero}`` after the result of the games the rules ended by an empty row (ruling Q8),
  on the result's line whatever its length;
- results of games the rules had not ended (resigned, lost on time, left: stopped
  early, some before any move), with no reason given;
- repeated games: the same game exported twice (the same text, in a second export
  appended to the first), and the same moves played again in another game;
- sometimes two blank lines between games; and, as each file chooses, CRLF line ends,
  a final blank line, or no line end after the last result.

Every game comes with what its maker knows of it (:class:`ExportedGame`): its moves, the
declared result, the rules' outcome where they ended it, whether it repeats another, so
that the tests compute what they assert from what was made.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from notation.games import find_variant
from notation.games.base import Outcome

#: The ``Site`` of a PlayOK export, which tells the reader's sniff an export from PMN text.
#: Built from its parts: no file of the project holds a real export's tag pair.
SITE = "Play" + "OK"
#: The column PlayOK fills movetext to.
WIDTH = 59
#: PlayOK's time controls, in seconds.
TIME_CONTROLS = ("60", "120", "180", "300", "420", "600", "900")
#: The game the exports hold.
TOGYZ = find_variant("Togyz Kumalak")

#: Pieces of the invented nicknames (two of them and two digits: ``tasbori41``).
_SYLLABLES = (
    "ak", "alma", "bori", "dala", "jel", "kok", "kum", "nar", "oz", "qar",
    "sary", "tas", "tau", "ush", "zher", "shyn", "bulak", "kiik", "suyk", "tor",
)  # fmt: skip
#: Results declared for games the rules had not ended (resignations, time, left games).
_EARLY_RESULTS = ("1-0", "0-1", "1/2-1/2")
_EARLY_WEIGHTS = (45, 45, 10)


@dataclass(frozen=True)
class ExportedGame:
    """One game of an export, and what its maker knows of it.

    ``ending`` is how the rules left the game after its moves: ``"82"`` (a player has 82
    stones or more, Q7), ``"empty row"`` (Q8: ``{zero}`` follows the result) or
    ``"early"`` (the rules had not ended it: the result is the site's, N5). ``outcome`` is
    the rules' outcome where they ended it. ``repeats`` is the index (in
    :attr:`Export.games`) of the game whose moves this one repeats: ``exact`` when it is
    that game exported again, text and all.
    """

    tags: tuple[tuple[str, str], ...]
    tokens: tuple[str, ...]
    result: str
    outcome: Outcome | None
    ending: str
    text: str  # the game as exported: tags, a blank line, movetext; "\n" line ends
    repeats: int | None = None
    exact: bool = False

    def tag(self, name: str) -> str | None:
        """A tag's value, or None."""
        return next((value for key, value in self.tags if key == name), None)

    @property
    def zero(self) -> bool:
        """Whether PlayOK marks the game ``{zero}`` (ended by an empty row, Q8)."""
        return self.ending == "empty row"


@dataclass(frozen=True)
class Export:
    """A PlayOK export file: its games, and its text as the file holds it."""

    games: tuple[ExportedGame, ...]
    text: str
    crlf: bool
    last: str  # how the file ends: "newline", "blank" (a blank line) or "none"

    @property
    def events(self) -> list[str]:
        """The tournaments' numbers, in the file's order (casual games' ``?`` left out)."""
        seen: dict[str, None] = {}
        for game in self.games:
            event = game.tag("Event") or "?"
            if event != "?":
                seen.setdefault(event)
        return list(seen)

    def write(self, path: Path) -> Path:
        """The file written at ``path`` (bytes as they are: CRLF kept), and its path."""
        path.write_bytes(self.text.encode("utf-8"))
        return path


def play_game(
    rng: random.Random, cut: int | None = None
) -> tuple[tuple[str, ...], Outcome | None, str]:
    """A random game through the rules: its full tokens, the rules' outcome, and how the
    rules left it (see :class:`ExportedGame`). With ``cut``, the game stops after that many
    moves if the rules have not ended it by then."""
    position = TOGYZ.initial_position()
    tokens: list[str] = []
    while TOGYZ.outcome(position) is None and (cut is None or len(tokens) < cut):
        move = rng.choice(list(TOGYZ.legal_moves(position)))
        tokens.append(TOGYZ.format_move(move, position))
        position = TOGYZ.play(position, move)
    outcome = TOGYZ.outcome(position)
    if outcome is None:
        return tuple(tokens), None, "early"
    return tuple(tokens), outcome, "82" if max(position.kazans) >= 82 else "empty row"


def movetext(tokens: tuple[str, ...], result: str, zero: bool = False) -> str:
    """PlayOK's movetext: numbers, moves and the result filled to :data:`WIDTH` columns,
    wrapped wherever the next word does not fit; ``{zero}`` on the result's line."""
    words: list[str] = []
    for ply, token in enumerate(tokens):
        if ply % 2 == 0:
            words.append(f"{ply // 2 + 1}.")
        words.append(token)
    words.append(result)
    lines: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + 1 + len(word) > WIDTH:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if zero:
        line += " {zero}"
    return "\n".join([*lines, line]) + "\n"


def game_text(
    tags: tuple[tuple[str, str], ...], tokens: tuple[str, ...], result: str, zero: bool
) -> str:
    """One game as PlayOK exports it: tag pairs, a blank line, the movetext."""
    head = "".join(f'[{name} "{value}"]\n' for name, value in tags)
    return head + "\n" + movetext(tokens, result, zero)


def nickname(rng: random.Random, taken: set[str]) -> str:
    """An invented nickname, not one of ``taken`` (which it joins)."""
    while True:
        name = f"{rng.choice(_SYLLABLES)}{rng.choice(_SYLLABLES)}{rng.randint(10, 99)}"
        if name not in taken:
            taken.add(name)
            return name


def _round_robin(players: list[str]) -> list[list[tuple[str, str]]]:
    """The rounds of a round robin (the circle method; a bye where the count is odd)."""
    seats: list[str | None] = [*players, None] if len(players) % 2 else list(players)
    rounds = []
    for number in range(len(seats) - 1):
        pairs = []
        for i in range(len(seats) // 2):
            one, other = seats[i], seats[-1 - i]
            if one is not None and other is not None:
                pairs.append((one, other) if (number + i) % 2 else (other, one))
        rounds.append(pairs)
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds


class _Header(NamedTuple):
    """What a game's tags say besides its players' ratings and its result."""

    event: str
    round: str
    white: str
    black: str
    clock: datetime.datetime  # the date and time the game began
    control: str


class _Maker:
    """The games of one export, made in the file's order."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.games: list[ExportedGame] = []
        self.names: set[str] = set()
        self.ratings: dict[str, int | None] = {}

    def player(self) -> str:
        name = nickname(self.rng, self.names)
        # about one player in eight has no rating: PlayOK then writes no Elo tag
        self.ratings[name] = None if self.rng.random() < 0.12 else self.rng.randint(1100, 1900)
        return name

    def tags(self, header: _Header, result: str) -> tuple[tuple[str, str], ...]:
        tags = [
            ("Event", header.event),
            ("Site", SITE),
            ("Date", header.clock.strftime("%Y.%m.%d")),
            ("Round", header.round),
            ("White", header.white),
            ("Black", header.black),
            ("Result", result),
            ("Time", header.clock.strftime("%H:%M:%S")),
            ("TimeControl", header.control),
        ]
        for seat, name in (("White", header.white), ("Black", header.black)):
            rating = self.ratings[name]
            if rating is not None:
                tags.append((seat + "Elo", str(rating)))
        return tuple(tags)

    def game(self, header: _Header) -> ExportedGame:
        """A new game: played to the rules' end, stopped early, or with no move at all."""
        rng = self.rng
        draw = rng.random()
        if draw < 0.06:  # a game left before its first move (a forfeit, never begun)
            tokens, outcome, ending = (), None, "early"
        elif draw < 0.5:  # resigned, lost on time or left: stopped before the rules' end
            tokens, outcome, ending = play_game(rng, cut=rng.randint(6, 120))
        else:
            tokens, outcome, ending = play_game(rng)
        if outcome is not None:
            result = outcome.result
        else:
            result = rng.choices(_EARLY_RESULTS, _EARLY_WEIGHTS)[0]
        return self.add(header, tokens, result, outcome, ending)

    def add(
        self,
        header: _Header,
        tokens: tuple[str, ...],
        result: str,
        outcome: Outcome | None,
        ending: str,
        repeats: int | None = None,
    ) -> ExportedGame:
        tags = self.tags(header, result)
        text = game_text(tags, tokens, result, ending == "empty row")
        game = ExportedGame(tags, tokens, result, outcome, ending, text, repeats)
        self.games.append(game)
        return game


def make_export(
    seed: object,
    *,
    events: int = 20,
    casual: int = 6,
    exact_repeats: int = 8,
    move_repeats: int = 4,
    crlf: bool = False,
    last: str = "newline",
) -> Export:
    """A PlayOK export of seeded random Togyz Kumalak games (the same seed, the same file).

    ``events`` round-robin tournaments of 4 to 6 invented players, each with its number,
    date, time control and rounds; then ``casual`` games (``Event "?"``, ``Round "-"``),
    ``move_repeats`` of them repeating the moves and result of an earlier game under their
    own header; then a second export appended, ``exact_repeats`` earlier games again, text
    and all (none of the first tournament's, so that its standings are its own).
    ``crlf`` writes CRLF line ends; ``last`` is how the file ends: ``"newline"``,
    ``"blank"`` (a blank line after the last game) or ``"none"`` (no line end after the
    last result).
    """
    if last not in ("newline", "blank", "none"):
        raise ValueError(f"last: {last!r}")
    rng = random.Random(str(seed))
    maker = _Maker(rng)
    number = rng.randint(5_100_000, 5_900_000)
    day = datetime.date(2023, 3, 1) + datetime.timedelta(days=rng.randint(0, 200))
    for _ in range(events):
        number += rng.randint(40, 900)
        day += datetime.timedelta(days=rng.randint(0, 3))
        control = rng.choice(TIME_CONTROLS)
        clock = datetime.datetime.combine(
            day, datetime.time(rng.randint(6, 20), rng.randint(0, 59))
        )
        players = [maker.player() for _ in range(rng.randint(4, 6))]
        for index, pairs in enumerate(_round_robin(players), 1):
            for white, black in pairs:
                started = clock + datetime.timedelta(seconds=rng.randint(0, 3))
                maker.game(_Header(str(number), str(index), white, black, started, control))
            clock += datetime.timedelta(seconds=2 * int(control) + rng.randint(20, 90))
    first_event = maker.games[0].tag("Event")
    played = [i for i, g in enumerate(maker.games) if g.tokens]
    again = rng.sample(played, min(move_repeats, len(played)))
    move_repeats = len(again)
    for index in range(casual + move_repeats):
        white, black = maker.player(), maker.player()
        clock = datetime.datetime.combine(day, datetime.time(21, 0)) + datetime.timedelta(
            minutes=7 * index
        )
        header = _Header("?", "-", white, black, clock, rng.choice(TIME_CONTROLS))
        if index < move_repeats:  # the same moves again, in a game of its own
            original = maker.games[again[index]]
            maker.add(
                header,
                original.tokens,
                original.result,
                original.outcome,
                original.ending,
                repeats=again[index],
            )
        else:
            maker.game(header)
    copied = [i for i, g in enumerate(maker.games) if g.tag("Event") not in (first_event, "?")]
    for index in sorted(rng.sample(copied, min(exact_repeats, len(copied)))):
        original = maker.games[index]
        maker.games.append(
            ExportedGame(
                original.tags,
                original.tokens,
                original.result,
                original.outcome,
                original.ending,
                original.text,
                repeats=index,
                exact=True,
            )
        )
    parts = []
    for game in maker.games:
        if parts:
            parts.append("\n\n" if rng.random() < 0.06 else "\n")  # now and then two blank lines
        parts.append(game.text)
    text = "".join(parts)
    if last == "blank":
        text += "\n"
    elif last == "none":
        text = text.removesuffix("\n")
    if crlf:
        text = text.replace("\n", "\r\n")
    return Export(tuple(maker.games), text, crlf, last)


def written_back(export: Export) -> str:
    """What PMN's PlayOK writer gives for the export's games: each game's text, one blank
    line between them, ``\\n`` line ends."""
    return "\n".join(game.text for game in export.games)


__all__ = [
    "SITE",
    "TOGYZ",
    "WIDTH",
    "Export",
    "ExportedGame",
    "game_text",
    "make_export",
    "movetext",
    "nickname",
    "play_game",
    "written_back",
]
