"""Checks on a tournament's submissions: each record as an event record (ruling N4), and the set.

A single game is checked by :func:`notation.core.replay.validate_record`. An event
asks more: every seat named, ``Event``, ``Date`` and ``Round`` present, dates
in PGN's ``YYYY.MM.DD`` form, no tag given twice (:func:`check_entry`); and,
across the set (:func:`check_event`), no game submitted twice, no pairing
twice in a round, no player in two games of a round, and no player written
two ways. Each check has a name, a default severity and a description
(:data:`CHECKS`); :func:`parse_levels` reads a user's overrides.

The checks work on :class:`Entry` values (what a record says, without its
comments and variations), so a large event is held in little memory.
"""

from __future__ import annotations

import datetime
import os
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from notation.core.record import Record
from notation.core.replay import record_variant
from notation.errors import PMNError
from notation.formats.collection import WALKED_EXTENSIONS, expand_paths

#: Severities a check can be given; ``off`` turns it off.
SEVERITIES = ("error", "warning", "off")


@dataclass(frozen=True, slots=True)
class Check:
    """One check of the desk: its name, its default severity and what it finds."""

    name: str
    severity: str
    description: str


#: Every check ``pmn validate --strict`` makes, by name, with its default severity.
CHECKS: Mapping[str, Check] = {
    check.name: check
    for check in (
        Check("no-games", "error", "an input (file, folder or the whole set) holds no game (N4)"),
        Check(
            "unread-file", "warning", "a file in a folder that is not read (not a record format)"
        ),
        Check("duplicate-tag", "error", "a tag given twice in one record (N4)"),
        Check("unnamed-seat", "error", "a seat with no player named (N4)"),
        Check("missing-tag", "error", "no Event, Date or Round tag (or only '?')"),
        Check("bad-date", "error", "a Date not in YYYY.MM.DD form (?? for unknown parts)"),
        Check("bad-round", "error", "a Round that is not a number such as 3 or 3.1"),
        Check("duplicate-game", "error", "the same game (same moves) submitted twice"),
        Check("pairing-twice", "error", "the same players paired twice in one round"),
        Check("player-twice", "error", "a player in two games of one round"),
        Check("similar-names", "warning", "names that are probably one person written two ways"),
    )
}

#: The tags an event record must carry (N4 adds the seats).
EVENT_TAGS = ("Event", "Date", "Round")
#: The value a seat tag holds in a bye record (docs/desk.md, "Byes and forfeits").
BYE = "BYE"

_DATE_RE = re.compile(r"(?P<y>[0-9]{4}|\?{4})\.(?P<m>[0-9]{2}|\?\?)\.(?P<d>[0-9]{2}|\?\?)")
_ROUND_RE = re.compile(r"[0-9]+(?:\.[0-9]+)*")


class LevelError(PMNError):
    """A check level given by the user that names no check or no severity."""

    code = "bad-option"


def parse_levels(specs: Iterable[str]) -> dict[str, str]:
    """Severities by check name: the defaults, overridden by ``CHECK=SEVERITY`` specs.

    >>> parse_levels(["similar-names=error"])["similar-names"]
    'error'
    """
    levels = {name: check.severity for name, check in CHECKS.items()}
    for spec in specs:
        name, sep, severity = spec.partition("=")
        name, severity = name.strip(), severity.strip()
        if not sep or name not in CHECKS or severity not in SEVERITIES:
            raise LevelError(
                f'"{spec}" is not CHECK=SEVERITY (checks: {", ".join(CHECKS)}; '
                f"severities: {', '.join(SEVERITIES)})"
            )
        levels[name] = severity
    return levels


@dataclass(frozen=True, slots=True)
class Finding:
    """Something a desk check found: which check, where, and words a person can act on.

    ``game`` is the game's number in its source (0 for a finding about a
    file or the set); ``others`` names the other games involved
    (``file:line``), for the checks across the set.
    """

    check: str
    message: str
    source: str = ""
    game: int = 0
    line: int = 0
    others: tuple[str, ...] = ()

    def to_json(self, severity: str) -> dict[str, object]:
        """The finding as a JSON object (``schemas/report.schema.json``, ``findings``)."""
        obj: dict[str, object] = {"check": self.check, "severity": severity}
        obj["message"] = self.message
        if self.source:
            obj["source"] = self.source
        if self.game:
            obj["game"] = self.game
        if self.line:
            obj["line"] = self.line
        if self.others:
            obj["others"] = list(self.others)
        return obj


@dataclass(frozen=True, slots=True)
class Entry:
    """What the set checks need of one record: where it is, its tags, seats and moves.

    ``seats`` are the seat tag names of its game (``South``, ``North``),
    empty when the record names no game PMN knows; ``moves`` are the main
    line's move tokens.
    """

    source: str
    game: int
    line: int
    tags: tuple[tuple[str, str], ...]
    seats: tuple[str, ...]
    moves: tuple[str, ...]
    result: str

    @classmethod
    def of(cls, record: Record, game: int) -> Entry:
        """The entry for a record, the ``game``-th of its source."""
        try:
            seats = record_variant(record).seats if not record.damaged else ()
        except PMNError:  # no known game: no seats to check
            seats = ()
        return cls(
            record.source,
            game,
            record.line,
            record.tags,
            tuple(seats),
            tuple(node.token for node in record.mainline.moves),
            record.result,
        )

    def tag(self, name: str) -> str | None:
        """The first value of tag ``name``, or None."""
        return next((value for key, value in self.tags if key == name), None)

    @property
    def where(self) -> str:
        """``file:line`` of the game (``file``, game N when the line is unknown)."""
        return f"{self.source}:{self.line}" if self.line else f"{self.source} game {self.game}"

    @property
    def players(self) -> tuple[str, ...]:
        """The players in seat order, as written (``""`` for an unnamed seat)."""
        return tuple((self.tag(seat) or "").strip() for seat in self.seats)

    @property
    def round_key(self) -> tuple[str, str] | None:
        """(event, round) when both are given, else None."""
        event, round_ = self.tag("Event"), self.tag("Round")
        if not event or not round_ or round_.strip() in ("?", "-"):
            return None
        return event.strip(), round_.strip()


def _finding(entry: Entry, check: str, message: str, others: Sequence[str] = ()) -> Finding:
    return Finding(check, message, entry.source, entry.game, entry.line, tuple(others))


def date_problem(value: str) -> str | None:
    """Why a ``Date`` value is not a PGN date (``YYYY.MM.DD``, ``??`` parts unknown), or None.

    >>> date_problem("2026.03.10") is None
    True
    >>> date_problem("03/10/2026")
    'Date "03/10/2026" is not in YYYY.MM.DD form (use ?? for an unknown part: 2026.03.??)'
    """
    match = _DATE_RE.fullmatch(value)
    if match is None:
        return f'Date "{value}" is not in YYYY.MM.DD form (use ?? for an unknown part: 2026.03.??)'
    year, month, day = match["y"], match["m"], match["d"]
    if month != "??" and not 1 <= int(month) <= 12:
        return f'Date "{value}" has no month {month}'
    if day != "??":
        if not 1 <= int(day) <= 31:
            return f'Date "{value}" has no day {day}'
        if month != "??":
            try:
                datetime.date(int(year) if year != "????" else 2000, int(month), int(day))
            except ValueError:
                return f'Date "{value}": month {month} has no day {day}'
    return None


def check_entry(entry: Entry) -> list[Finding]:
    """The checks of one record as an event record: tags once, seats named, Event/Date/Round."""
    found: list[Finding] = []
    counts = Counter(name for name, _ in entry.tags)
    for name, count in counts.items():
        if count > 1:
            values = [value for key, value in entry.tags if key == name]
            agree = "the same value" if len(set(values)) == 1 else "values that disagree"
            shown = ", ".join(f'"{value}"' for value in values)
            found.append(
                _finding(
                    entry, "duplicate-tag", f"tag {name} given {count} times, {agree}: {shown}"
                )
            )
    for seat in entry.seats:
        value = (entry.tag(seat) or "").strip()
        if value in ("", "?", "-"):
            found.append(_finding(entry, "unnamed-seat", f"no player named for seat {seat}"))
    for name in EVENT_TAGS:
        value = (entry.tag(name) or "").strip()
        if value in ("", "?"):
            found.append(_finding(entry, "missing-tag", f"no {name} tag"))
        elif name == "Date" and (problem := date_problem(value)) is not None:
            found.append(_finding(entry, "bad-date", problem))
        elif name == "Round" and value != "-" and not _ROUND_RE.fullmatch(value):
            found.append(
                _finding(entry, "bad-round", f'Round "{value}" is not a number such as 3 or 3.1')
            )
    return found


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


def preferred_spelling(spellings: Counter[str]) -> str:
    """The spelling to suggest among several of one name: the most used one, then the one
    with the most letters that carry accents (they were dropped elsewhere), then in
    ``First Last`` order, then the first in alphabetical order."""

    def rank(name: str) -> tuple[int, int, int, str]:
        accents = sum(1 for c in unicodedata.normalize("NFKD", name) if unicodedata.combining(c))
        return (-spellings[name], -accents, int("," in name), name)

    return min(spellings, key=rank)


def check_event(entries: Sequence[Entry]) -> list[Finding]:
    """The checks across a set of records: games submitted twice, pairings twice in a round,
    a player in two games of a round, names written two ways."""
    found: list[Finding] = []
    copies: set[int] = set()  # indexes of games that repeat an earlier one
    first_seen: dict[tuple[str, str, tuple[str, ...]], int] = {}
    for index, entry in enumerate(entries):
        if not entry.moves:  # byes and forfeits have no moves: nothing to compare
            continue
        key = ((entry.tag("Game") or "").lower(), entry.tag("Position") or "", entry.moves)
        if key not in first_seen:
            first_seen[key] = index
            continue
        earlier = entries[first_seen[key]]
        copies.add(index)
        differ = sorted({name for name, _ in set(entry.tags) ^ set(earlier.tags)})
        headers = (
            "with the same headers"
            if not differ
            else "with headers that differ in " + ", ".join(differ)
        )
        found.append(
            _finding(
                entry,
                "duplicate-game",
                f"the same game as {earlier.where} ({len(entry.moves)} moves), {headers}",
                [earlier.where],
            )
        )
    rounds: dict[tuple[str, str], list[Entry]] = defaultdict(list)
    for index, entry in enumerate(entries):
        round_key = entry.round_key
        if round_key is not None and index not in copies and entry.seats:
            rounds[round_key].append(entry)
    for (event, round_), games in rounds.items():
        found.extend(_check_round(event, round_, games))
    found.extend(_check_names(entries))
    return found


def _check_round(event: str, round_: str, games: Sequence[Entry]) -> list[Finding]:
    found: list[Finding] = []
    pairings: dict[frozenset[str], Entry] = {}
    seen: dict[str, Entry] = {}
    for entry in games:
        players = [p for p in entry.players if p and p.upper() != BYE and p not in ("?", "-")]
        pairing = frozenset(players)
        if len(pairing) > 1 and pairing in pairings:
            earlier = pairings[pairing]
            found.append(
                _finding(
                    entry,
                    "pairing-twice",
                    f"{' v '.join(players)} paired twice in round {round_} of {event} "
                    f"(also {earlier.where})",
                    [earlier.where],
                )
            )
            continue
        pairings.setdefault(pairing, entry)
        for player in players:
            if player in seen:
                earlier = seen[player]
                found.append(
                    _finding(
                        entry,
                        "player-twice",
                        f"{player} plays two games in round {round_} of {event} "
                        f"(also {earlier.where})",
                        [earlier.where],
                    )
                )
            else:
                seen[player] = entry
    return found


def _check_names(entries: Sequence[Entry]) -> list[Finding]:
    spellings: dict[str, Counter[str]] = defaultdict(Counter)
    where: dict[str, Entry] = {}
    for entry in entries:
        for player in entry.players:
            if player and player.upper() != BYE and player not in ("?", "-"):
                spellings[name_key(player)][player] += 1
                where.setdefault(player, entry)
    found: list[Finding] = []
    for key, counter in spellings.items():
        if len(counter) < 2 or not key:
            continue
        suggested = preferred_spelling(counter)
        for spelling in sorted(counter):
            if spelling == suggested:
                continue
            entry = where[spelling]
            found.append(
                _finding(
                    entry,
                    "similar-names",
                    f'"{spelling}" ({counter[spelling]} game(s)) is probably "{suggested}" '
                    f"({counter[suggested]} game(s)): write it one way",
                    [where[suggested].where],
                )
            )
    return found


def unread_files(folder: str) -> list[str]:
    """The files under ``folder`` that :func:`notation.formats.collection.expand_paths` does not read
    (other extensions), sorted; files and folders whose names start with ``.`` are left out."""
    read = set(expand_paths([folder]))
    unread: list[str] = []
    for current, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            path = os.path.join(current, name)
            if not name.startswith(".") and path not in read:
                unread.append(path)
    return unread


#: The finding for a file a folder holds that is not read (other extensions).
UNREAD_MESSAGE = (
    "not read: folders are read for "
    + ", ".join(ext for ext in WALKED_EXTENSIONS if ext != ".txt")
    + " files"
)


def submission_findings(
    files: Sequence[str], counted: Mapping[str, int], entries: Sequence[Entry], *, strict: bool
) -> list[Finding]:
    """What the event checks find in a set of submissions, in file order: an input with
    no game (ruling N4; under ``strict`` every file of a folder too), and under
    ``strict`` the files a folder holds that are not read, each game's own checks
    (:func:`check_entry`) and the checks across the set (:func:`check_event`).
    ``counted`` holds the games read from each input and each file of a folder."""
    findings = [
        Finding("no-games", "no game in it (ruling N4)", argument)
        for argument in files
        if not counted.get(argument)
    ]
    if strict:
        findings.extend(
            Finding("no-games", "no game in it (ruling N4)", path)
            for path, count in counted.items()
            if not count and path not in files
        )
        for argument in files:
            if argument != "-" and os.path.isdir(argument):
                findings.extend(
                    Finding("unread-file", UNREAD_MESSAGE, path) for path in unread_files(argument)
                )
        for entry in entries:
            findings.extend(check_entry(entry))
        findings.extend(check_event(entries))
    findings.sort(key=lambda f: (f.source, f.line, f.game))
    return findings


__all__ = [
    "BYE",
    "CHECKS",
    "EVENT_TAGS",
    "SEVERITIES",
    "UNREAD_MESSAGE",
    "Check",
    "Entry",
    "Finding",
    "LevelError",
    "check_entry",
    "check_event",
    "date_problem",
    "name_key",
    "parse_levels",
    "preferred_spelling",
    "submission_findings",
    "unread_files",
]
