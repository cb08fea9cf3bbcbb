"""Write the example events of docs/desk.md, and generated Swiss events for trying the desk.

    python3 examples/events/make_events.py                  # round-robin/ and swiss/ here
    python3 examples/events/make_events.py --swiss 40 7 DIR # a 40-player, 7-round Swiss in DIR

The results of the worked examples are chosen by hand (docs/desk.md gives the
tables); the moves before each resignation or agreement are random legal
moves from a fixed seed, so the files are the same every time. A generated
Swiss event is paired by score (no rematches, the bye to the lowest player
who has not had one) and has a few submission faults put in on purpose, as an
organiser would meet them: a game submitted twice, a name written another
way, a date in the wrong form, an unfinished game and a game with an
illegal move.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Sequence
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from notation.core.generate import random_record
from notation.core.record import Line, MoveNode, Record
from notation.formats.pmn import write_record
from notation.games import find_variant, games

HERE = os.path.dirname(os.path.abspath(__file__))
DATE = "2026.03.14"
NAMES = (
    "Ada Mensah",
    "Kofi Boateng",
    "Yaw Owusu",
    "Ama Serwaa",
    "Kwame Asante",
    "Efua Darko",
    "Kojo Mensah",
)
#: The 6-player round robin: (round, South, North, result), players by number in NAMES.
ROUND_ROBIN = (
    (1, 1, 6, "1-0"), (1, 2, 5, "1/2-1/2"), (1, 3, 4, "0-1"),
    (2, 6, 4, "0-1"), (2, 5, 3, "1-0"), (2, 1, 2, "0-1"),
    (3, 2, 6, "1-0"), (3, 3, 1, "0-1"), (3, 4, 5, "1/2-1/2"),
    (4, 6, 5, "1/2-1/2"), (4, 1, 4, "1/2-1/2"), (4, 2, 3, "1-0"),
    (5, 3, 6, "1-0"), (5, 4, 2, "1-0"), (5, 5, 1, "0-1"),
)  # fmt: skip
#: The 7-player, 5-round Swiss: North 0 is the bye; "forfeit" marks a game not played.
SWISS = (
    (1, 1, 2, "1-0", ""), (1, 3, 4, "1/2-1/2", ""), (1, 5, 6, "0-1", ""), (1, 7, 0, "1-0", ""),
    (2, 6, 1, "0-1", ""), (2, 7, 3, "1-0", ""), (2, 4, 2, "1/2-1/2", ""), (2, 5, 0, "1-0", ""),
    (3, 1, 7, "1/2-1/2", ""), (3, 4, 6, "1-0", ""), (3, 5, 3, "0-1", ""), (3, 2, 0, "1-0", ""),
    (4, 7, 4, "0-1", ""), (4, 3, 1, "0-1", ""), (4, 2, 5, "1-0", "forfeit"), (4, 6, 0, "1-0", ""),
    (5, 1, 4, "1/2-1/2", ""), (5, 5, 7, "0-1", ""), (5, 2, 6, "1-0", ""), (5, 3, 0, "1-0", ""),
)  # fmt: skip


def two_seat_game() -> str:
    """The first registered game played by two seats (the examples need no particular game)."""
    for cls in games(plugins=False):
        if 2 in cls.seat_counts:
            return cls.names[0]
    raise SystemExit("no two-seat game registered")


def game_record(
    game: str, event: str, round_: int, south: str, north: str, result: str, how: str, seed: int
) -> Record:
    """A record of one game: random moves, then the result by resignation or agreement;
    a bye or a forfeit (``how``) has no moves and ``Termination "adjudication"``."""
    variant = find_variant(game, None, {})
    seats = variant.seats
    tags = [
        ("Game", game),
        ("Event", event),
        ("Site", "PMN examples"),
        ("Date", DATE),
        ("Round", str(round_)),
        (seats[0], south),
        (seats[1], north),
    ]
    if how in ("bye", "forfeit"):
        tags += [("Result", result), ("Termination", "adjudication")]
        return Record(tuple(tags), Line(), result)
    rng = random.Random(seed)
    while True:
        played = random_record(variant, rng, tags=tags, max_moves=rng.randrange(16, 60))
        if played.result == "*":
            break
    termination = "agreement" if "1/2" in result else "resignation"
    tags = [*tags, ("Result", result), ("Termination", termination)]
    return Record(tuple(tags), played.mainline, result)


def write_event(folder: str, records: Sequence[tuple[str, Record]]) -> None:
    """Write records into ``folder``, each to the file named with it (appending)."""
    os.makedirs(folder, exist_ok=True)
    texts: dict[str, list[str]] = {}
    for name, record in records:
        texts.setdefault(name, []).append(write_record(record))
    for name, parts in texts.items():
        with open(os.path.join(folder, name), "w", encoding="utf-8", newline="\n") as out:
            out.write("\n".join(parts))


def worked_examples(game: str) -> None:
    """The round robin and the Swiss of docs/desk.md, one file per round."""
    event = "Accra Club Round Robin"
    write_event(
        os.path.join(HERE, "round-robin"),
        [
            (
                f"round-{r}.pmn",
                game_record(
                    game, event, r, NAMES[s - 1], NAMES[n - 1], result, "", 1000 + 100 * r + s
                ),
            )
            for r, s, n, result in ROUND_ROBIN
        ],
    )
    event = "Kumasi Spring Swiss"
    write_event(
        os.path.join(HERE, "swiss"),
        [
            (
                f"round-{r}.pmn",
                game_record(
                    game,
                    event,
                    r,
                    NAMES[s - 1],
                    NAMES[n - 1] if n else "BYE",
                    result,
                    how if n else "bye",
                    5000 + 100 * r + s,
                ),
            )
            for r, s, n, result, how in SWISS
        ],
    )


def broken_submissions(game: str) -> None:
    """A club night's submissions with every fault ``pmn validate --strict`` looks for,
    each in a file named after it (docs/desk.md, "Checking submissions")."""
    folder = os.path.join(HERE, "broken-submissions")
    event = "Tema Club Night"

    def sheet(round_: int, south: str, north: str, result: str, seed: int) -> Record:
        return game_record(game, event, round_, south, north, result, "", 9000 + seed)

    ada, kofi, yaw, ama, kwame, efua = NAMES[:6]
    first = sheet(1, ada, kofi, "1-0", 1)
    files: list[tuple[str, Record]] = [
        ("round-1.pmn", first),
        ("round-1.pmn", sheet(1, yaw, ama, "0-1", 2)),
        ("round-1.pmn", sheet(1, kwame, efua, "1/2-1/2", 3)),
        ("duplicate-game.pmn", first.with_tag("Date", "2026.03.15")),
        ("pairing-twice.pmn", sheet(2, ada, yaw, "1-0", 4)),
        ("pairing-twice.pmn", sheet(2, yaw, ada, "0-1", 5)),
        ("player-twice.pmn", sheet(2, kofi, ama, "1-0", 6)),
        ("player-twice.pmn", sheet(2, kofi, efua, "0-1", 7)),
        ("similar-names.pmn", sheet(3, "Mensah, Ada", "kwame  asante", "1-0", 8)),
        ("similar-names.pmn", sheet(3, "Kofi Boateng", "Éfua Darko", "1-0", 9)),
    ]
    seats = find_variant(game, None, {}).seats
    missing = sheet(3, yaw, ama, "1-0", 10)
    files.append(
        (
            "missing-tags.pmn",
            Record(
                tuple(t for t in missing.tags if t[0] not in ("Event", "Round", seats[1])),
                missing.mainline,
                missing.result,
            ),
        )
    )
    files.append(("bad-date.pmn", sheet(4, ada, kwame, "0-1", 11).with_tag("Date", "03/10/2026")))
    files.append(("bad-date.pmn", sheet(4, kofi, yaw, "0-1", 12).with_tag("Date", "Bob")))
    twice = sheet(4, ama, efua, "1-0", 13)
    files.append(
        (
            "duplicate-tags.pmn",
            Record((twice.tags[0], *twice.tags, ("Result", "0-1")), twice.mainline, twice.result),
        )
    )
    write_event(folder, files)
    open(os.path.join(folder, "empty.pmn"), "w").close()
    with open(os.path.join(folder, "notes.txt"), "w", encoding="utf-8") as out:
        out.write("Round 4 started late; Efua's sheet is in the other folder.\n")


def two_sheets() -> None:
    """Both players' sheets of Ada v Kofi (the Swiss, round 1): Ada's in PMN, Kofi's in JSON
    with move 5 written wrongly (docs/desk.md, "Two scoresheets")."""
    from notation.formats.collection import read_path, write_path

    folder = os.path.join(HERE, "sheets")
    os.makedirs(folder, exist_ok=True)
    ada = next(read_path(os.path.join(HERE, "swiss", "round-1.pmn")))
    moves = list(ada.mainline.moves)
    moves[8] = MoveNode("D", moves[8].number)
    kofi = Record(ada.tags, Line(tuple(moves)), ada.result)
    write_path([ada], os.path.join(folder, "ada-mensah.pmn"))
    write_path([kofi.with_tag("Site", "Kumasi")], os.path.join(folder, "kofi-boateng.json"))


def generated_swiss(game: str, players: int, rounds: int, folder: str, seed: int = 1) -> None:
    """A Swiss event of random games, one file per submitted game, with a few faults put in."""
    rng = random.Random(seed)
    variant = find_variant(game, None, {})
    names = [f"Player {i:02d} {rng.choice(NAMES).split()[1]}" for i in range(1, players + 1)]
    points = dict.fromkeys(names, Fraction(0))
    met: set[frozenset[str]] = set()
    had_bye: set[str] = set()
    submitted: list[tuple[str, Record]] = []
    for round_ in range(1, rounds + 1):
        order = sorted(names, key=lambda n: (-points[n], n))
        bye = None
        if len(order) % 2:
            bye = next(n for n in reversed(order) if n not in had_bye)
            order.remove(bye)
            had_bye.add(bye)
            points[bye] += 1
            submitted.append(
                (f"r{round_}-bye.pmn", game_record(game, "Generated Swiss", round_, bye, "BYE",
                                                   "1-0", "bye", 0))
            )  # fmt: skip
        while order:
            first = order.pop(0)
            partner = next((n for n in order if frozenset((first, n)) not in met), order[0])
            order.remove(partner)
            met.add(frozenset((first, partner)))
            south, north = (first, partner) if rng.random() < 0.5 else (partner, first)
            tags = [
                ("Game", game),
                ("Event", "Generated Swiss"),
                ("Date", f"2026.04.{round_:02d}"),
                ("Round", str(round_)),
                (variant.seats[0], south),
                (variant.seats[1], north),
            ]
            record = random_record(variant, rng, tags=tags)
            if record.result != "*":
                shares = [Fraction(part) for part in record.result.split("-")]
                points[south] += shares[0]
                points[north] += shares[1]
            submitted.append((f"r{round_}-{len(submitted):03d}.pmn", record))
    # the faults an organiser meets, spread over the games played (any size of event)
    played = [i for i, (name, _) in enumerate(submitted) if not name.endswith("-bye.pmn")]
    if len(played) < 6:
        raise SystemExit(f"a Swiss of {players} players and {rounds} rounds has too few games")
    twice, reversed_name, us_date, unfinished, illegal = (
        played[len(played) * k // 6] for k in range(1, 6)
    )
    name, record = submitted[twice]
    submitted.append(("resubmitted.pmn", record.with_tag("Date", "2026.04.02")))  # a game twice
    name, record = submitted[reversed_name]
    seats = variant.seats
    player = record.tag(seats[0]) or ""
    parts = player.split()
    submitted[reversed_name] = (
        name,
        record.with_tag(seats[0], f"{parts[-1]}, {' '.join(parts[:-1])}"),
    )
    name, record = submitted[us_date]
    submitted[us_date] = (name, record.with_tag("Date", "01/04/2026"))
    name, record = submitted[unfinished]
    moves = record.mainline.moves[:10]
    submitted[unfinished] = (name, Record((*record.tags[:-1], ("Result", "*")), Line(moves), "*"))
    name, record = submitted[illegal]
    moves = (*record.mainline.moves[:6], MoveNode("Z"))
    submitted[illegal] = (name, Record(record.tags, Line(moves), record.result))
    for name, record in submitted:
        write_event(folder, [(name, record)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--swiss", nargs=3, metavar=("PLAYERS", "ROUNDS", "DIR"))
    parser.add_argument("--game", default=None, help="the game (default: the first two-seat one)")
    args = parser.parse_args()
    game = args.game or two_seat_game()
    if args.swiss:
        players, rounds, folder = args.swiss
        generated_swiss(game, int(players), int(rounds), folder)
    else:
        worked_examples(game)
        broken_submissions(game)
        two_sheets()


if __name__ == "__main__":
    main()
