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

import csv
import datetime
import difflib
import io
import os
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from notation.core.identity import game_identity, name_key
from notation.core.record import Record
from notation.core.replay import record_variant
from notation.errors import PMNError
from notation.formats.collection import WALKED_EXTENSIONS
from notation.render.sinks import plural

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
        Check(
            "no-games",
            "error",
            "an input (file, folder or the whole set) with no game in it: each must hold "
            "at least one (N4)",
        ),
        Check(
            "unread-file", "warning", "a file in a folder that is not read (not a record format)"
        ),
        Check(
            "duplicate-tag",
            "error",
            "a tag given twice in one record: a record gives each once (N4)",
        ),
        Check(
            "unnamed-seat",
            "error",
            "a seat with no player named: an event record names the player of every seat (N4)",
        ),
        Check("missing-tag", "error", "no Event, Date or Round tag (or only '?')"),
        Check("bad-date", "error", "a Date not in YYYY.MM.DD form (?? for unknown parts)"),
        Check("bad-round", "error", "a Round that is not a number such as 3 or 3.1"),
        Check(
            "duplicate-game",
            "error",
            "the same game (same players, result and moves) submitted twice",
        ),
        Check("pairing-twice", "error", "the same players paired twice in one round"),
        Check("player-twice", "error", "a player in two games of one round"),
        Check("similar-names", "warning", "names that are probably one person written two ways"),
        Check("unknown-player", "error", "a player not on the roster given with --players"),
    )
}

#: What ``no-games`` says of an input with no game in it.
NO_GAME_MESSAGE = "no game in it: an input must hold at least one game (ruling N4)"
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
    def identity(self) -> bytes:
        """The game as one game (:func:`~notation.core.identity.game_identity`, the
        archive's ``dedupe`` definition): its players, result, and moves as written from
        its start; two entries with one identity are one game submitted twice."""
        moves = "\x00".join(
            [(self.tag("Game") or "").lower(), self.tag("Position") or "", *self.moves]
        )
        return game_identity(moves.encode(), self.players, self.result)

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


def preferred_spelling(spellings: Counter[str]) -> str:
    """The spelling to suggest among several of one name: the most used one, then the one
    with the most letters that carry accents (they were dropped elsewhere), then in
    ``First Last`` order, then the first in alphabetical order."""

    def rank(name: str) -> tuple[int, int, int, str]:
        accents = sum(1 for c in unicodedata.normalize("NFKD", name) if unicodedata.combining(c))
        return (-spellings[name], -accents, int("," in name), name)

    return min(spellings, key=rank)


#: Spellings that transliterations of one name differ by (``ou``/``u``, ``ph``/``f``,
#: ``y``/``i``, ``c``/``k``, a doubled letter, a final ``h``): a name is compared in this
#: folded form too, so ``Serwaa`` and ``Serwah`` or ``Owusu`` and ``Ousu`` are one letter apart.
_FOLDS = (("ph", "f"), ("ou", "u"), ("oo", "u"), ("ck", "k"), ("c", "k"), ("q", "k"), ("y", "i"))


def _folded(key: str) -> str:
    """A name key (:func:`name_key`) with the letters transliterations differ by folded."""
    words = []
    for word in key.split():
        for old, new in _FOLDS:
            word = word.replace(old, new)
        word = re.sub(r"(.)\1+", r"\1", word)  # doubled letters
        if len(word) > 3 and word.endswith("h"):  # Serwah / Serwaa -> serwa
            word = word[:-1]
        words.append(word)
    return " ".join(words)


def edit_distance(a: str, b: str, limit: int = 2) -> int:
    """The number of letters inserted, deleted, changed or swapped with a neighbour that
    turn ``a`` into ``b`` (optimal string alignment), or ``limit + 1`` when it is more
    than ``limit`` (work stops there).

    >>> edit_distance("serwaa", "serwah"), edit_distance("mensah", "mesnah")
    (1, 1)
    """
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    before: list[int] | None = None
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            cost = 0 if ca == cb else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if before is not None and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        before, previous = previous, current
    return min(previous[-1], limit + 1)


def _allowed(key: str) -> int:
    """How many letters two spellings of one name may differ by: none below 5 letters
    (``Ada``/``Ama`` are two people), one up to 11, two from 12."""
    letters = len(key.replace(" ", ""))
    return 0 if letters < 5 else 1 if letters < 12 else 2


def _deletions(key: str, depth: int) -> set[str]:
    """``key`` and every string made from it by deleting up to ``depth`` letters: two keys
    within ``depth`` edits of each other share one (the candidates are found without
    comparing every pair of names)."""
    found = {key}
    frontier = {key}
    for _ in range(depth):
        frontier = {w[:i] + w[i + 1 :] for w in frontier for i in range(len(w))}
        found |= frontier
    return found


@dataclass(frozen=True, slots=True)
class NameMatch:
    """Two spellings that are probably one player: the rarer (``suspect``), the one to keep
    (``likely``), how many games use each, and how they differ (words a person reads)."""

    suspect: str
    likely: str
    suspect_games: int
    likely_games: int
    how: str

    @property
    def message(self) -> str:
        """The warning as every command prints it."""
        return (
            f'"{self.suspect}" ({plural(self.suspect_games, "game")}) is probably "{self.likely}" '
            f"({plural(self.likely_games, 'game')}), {self.how}: write it one way"
        )


def _how(a: str, b: str) -> str:
    """How two spellings of one name differ, in words."""

    def plain(name: str) -> str:
        decomposed = unicodedata.normalize("NFKD", name)
        return "".join(c for c in decomposed if not unicodedata.combining(c))

    key_a, key_b = name_key(a), name_key(b)
    if key_a == key_b:
        if plain(a) == plain(b):
            return "accents differ"
        words_a, words_b = re.findall(r"\w+", a.casefold()), re.findall(r"\w+", b.casefold())
        if ("," in a) != ("," in b) or words_a != words_b:
            return "words in another order"
        return "case, spacing or punctuation differ"
    distance = edit_distance(key_a, key_b, 2)
    if distance == 1:
        return "a letter apart"
    if edit_distance(_folded(key_a), _folded(key_b), 1) < distance:
        return "spelt as another transliteration"
    return "two letters apart"


def similar_names(
    uses: Mapping[str, int], rounds: Mapping[str, frozenset[str]] | None = None
) -> list[NameMatch]:
    """The spellings in an event that are probably another spelling of one player.

    ``uses`` counts the games each spelling is written in; ``rounds`` gives the rounds
    each spelling plays in, when known. Two spellings are one player when they are equal
    after dropping accents, case, punctuation and word order (:func:`name_key`); or when
    they are a letter apart (two for names of 12 letters or more; none under 5), as
    written or with transliterations folded (``Serwaa``/``Serwah``), never play in the
    same round (two players of one round are two people) and, when the rounds are not
    known, one spelling is used in at most half as many games as the other (two names
    both common in the event are as likely two people). The rarer spelling is the
    suspect one (:func:`preferred_spelling` breaks ties). Compared over distinct names,
    not games: an event of 500 players takes milliseconds.
    """
    groups: dict[str, Counter[str]] = defaultdict(Counter)
    for name, count in uses.items():
        key = name_key(name)
        if key:
            groups[key][name] += count
    found: list[NameMatch] = []
    for counter in groups.values():  # one name written several ways
        if len(counter) > 1:
            kept = preferred_spelling(counter)
            found += [
                NameMatch(name, kept, counter[name], counter[kept], _how(name, kept))
                for name in sorted(counter)
                if name != kept
            ]
    played: dict[str, frozenset[str]] = {}
    if rounds is not None:
        for key, counter in groups.items():
            played[key] = frozenset().union(*(rounds.get(name, frozenset()) for name in counter))
    found += _near_spellings(groups, played)
    found.sort(key=lambda m: (m.suspect, m.likely))
    return found


def _near_pairs(keys: Iterable[str]) -> list[tuple[str, str, tuple[int, int]]]:
    """The pairs of name keys close enough to be one name (:func:`_allowed` letters apart,
    as written or folded), each with how close: (the nearer distance, as written).
    Candidates share a deletion variant (:func:`_deletions`), so not every pair is measured."""
    index: dict[str, set[str]] = defaultdict(set)
    for key in keys:
        for form in {key, _folded(key)}:
            for variant in _deletions(form, _allowed(key)):
                index[variant].add(key)
    near = []
    for a, b in sorted({(a, b) for ks in index.values() for a in ks for b in ks if a < b}):
        if re.sub(r"[^0-9]", "", a) != re.sub(r"[^0-9]", "", b):
            continue  # Player 5 and Player 6, Round 1 and Round 2: numbers are no typo
        limit = min(_allowed(a), _allowed(b))
        written = edit_distance(a, b, limit)
        score = (min(written, edit_distance(_folded(a), _folded(b), limit)), written)
        if score[0] <= limit:
            near.append((a, b, score))
    return near


def _near_spellings(
    groups: Mapping[str, Counter[str]], played: Mapping[str, frozenset[str]]
) -> list[NameMatch]:
    """Names a few letters apart that are probably one player (:func:`similar_names`):
    each suspect beside its nearest likely spelling only."""
    heads = {key: preferred_spelling(counter) for key, counter in groups.items()}
    totals = {key: sum(counter.values()) for key, counter in groups.items()}
    nearest: dict[str, list[tuple[tuple[int, int], NameMatch]]] = defaultdict(list)
    for a, b, score in _near_pairs(groups):
        if played.get(a, frozenset()) & played.get(b, frozenset()):
            continue  # both play in one round: two people
        known = bool(played.get(a) and played.get(b))
        if not known and 2 * min(totals[a], totals[b]) > max(totals[a], totals[b]):
            continue  # both common, rounds unknown: as likely two people
        if totals[a] != totals[b]:
            rare, common = (a, b) if totals[a] < totals[b] else (b, a)
        else:  # as often: keep the spelling preferred_spelling prefers
            kept = preferred_spelling(Counter({heads[a]: 1, heads[b]: 1}))
            rare, common = (b, a) if heads[a] == kept else (a, b)
        how = _how(heads[rare], heads[common])
        match = NameMatch(heads[rare], heads[common], totals[rare], totals[common], how)
        nearest[rare].append((score, match))
    found: list[NameMatch] = []
    for matches in nearest.values():
        best = min(score for score, _ in matches)
        found += [match for score, match in matches if score == best]
    return found


def submission_times(entries: Sequence[Entry]) -> dict[str, int | None]:
    """Each source's modification time (nanoseconds; None for standard input or a file
    that cannot be looked at): when it was submitted, as far as the desk can tell."""
    times: dict[str, int | None] = {}
    for entry in entries:
        if entry.source not in times:
            try:
                times[entry.source] = (
                    os.stat(entry.source).st_mtime_ns if entry.source != "-" else None
                )
            except OSError:
                times[entry.source] = None
    return times


def submission_order(entries: Sequence[Entry]) -> list[int]:
    """The indexes of ``entries`` in the order they were submitted: by their file's
    modification time (:func:`submission_times`), then in file order; games whose time
    is unknown keep their place after those whose time is known."""
    times = submission_times(entries)

    def key(index: int) -> tuple[int, int, int]:
        time = times[entries[index].source]
        return (time is None, time or 0, index)

    return sorted(range(len(entries)), key=key)


def _copy_words(copy: Entry, first: Entry, times: Mapping[str, int | None]) -> str:
    """Why ``copy`` is named the copy of ``first``: submitted later, or that nobody can tell."""
    if copy.source == first.source:
        return "later in the same file: this is the copy"
    mine, theirs = times.get(copy.source), times.get(first.source)
    if mine is None or theirs is None or mine == theirs:
        return (
            "which one is the copy cannot be told (the files do not say which came first): "
            "keep one of the two"
        )
    shown = datetime.datetime.fromtimestamp(theirs / 1e9, tz=datetime.UTC)
    shown_text = shown.strftime("%Y-%m-%d %H:%M:%S UTC")
    return f"submitted after it ({first.source} was modified {shown_text}): this is the copy"


def check_event(entries: Sequence[Entry]) -> list[Finding]:
    """The checks across a set of records: games submitted twice, pairings twice in a round,
    a player in two games of a round, names written two ways.

    Of a game submitted twice, the copy is the one submitted later
    (:func:`submission_order`); when the files do not tell, the finding says so."""
    found: list[Finding] = []
    copies: set[int] = set()  # indexes of games that repeat an earlier one
    first_seen: dict[bytes, int] = {}
    times = submission_times(entries)
    for index in submission_order(entries):
        entry = entries[index]
        if not entry.moves:  # byes and forfeits have no moves: nothing to compare
            continue
        key = entry.identity
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
                f"the same game as {earlier.where} ({len(entry.moves)} moves), {headers}; "
                + _copy_words(entry, earlier, times),
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
    found.extend(check_names(entries))
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


def _name_uses(entries: Sequence[Entry]) -> tuple[Counter[str], dict[str, frozenset[str]]]:
    """How many games each spelling is written in, and the rounds it plays in."""
    uses: Counter[str] = Counter()
    rounds: dict[str, set[str]] = defaultdict(set)
    for entry in entries:
        for player in entry.players:
            if player and player.upper() != BYE and player not in ("?", "-"):
                uses[player] += 1
                if entry.round_key is not None:
                    rounds[player].add("\0".join(entry.round_key))
    return uses, {name: frozenset(r) for name, r in rounds.items()}


def name_aliases(entries: Sequence[Entry]) -> dict[str, str]:
    """Each suspect spelling and the spelling it probably stands for (:func:`similar_names`)."""
    return {match.suspect: match.likely for match in similar_names(*_name_uses(entries))}


def check_names(entries: Sequence[Entry]) -> list[Finding]:
    """The ``similar-names`` findings of a set of records (:func:`similar_names`): one per
    suspect spelling, at its first game, naming the first game of the spelling to keep.
    ``pmn validate --strict``, ``pmn standings`` and ``pmn publish`` all warn with these."""
    uses: Counter[str] = Counter()
    rounds: dict[str, set[str]] = defaultdict(set)
    where: dict[str, Entry] = {}
    for entry in entries:
        for player in entry.players:
            if player and player.upper() != BYE and player not in ("?", "-"):
                uses[player] += 1
                where.setdefault(player, entry)
                if entry.round_key is not None:
                    rounds[player].add("\0".join(entry.round_key))
    return [
        _finding(where[match.suspect], "similar-names", match.message, [where[match.likely].where])
        for match in similar_names(uses, {name: frozenset(r) for name, r in rounds.items()})
    ]


class RosterError(PMNError):
    """A roster file that cannot be used (no name in it)."""

    code = "bad-option"  # a --players value that cannot be used


def read_roster(text: str, source: str = "roster") -> list[str]:
    """The registered players of a roster (``--players``), in file order.

    A roster is CSV (UTF-8): a line per player, the name in the first column, or in
    the column headed ``name`` (any case) when the first line is a header with one;
    other columns (club, rating) are ignored, as are blank lines and lines starting
    with ``#``. A plain list of names, one a line, is a roster too.

    >>> read_roster("name,club\nAma Serwaa,Tema\n# late entry\nKofi Boateng\n")
    ['Ama Serwaa', 'Kofi Boateng']
    """
    rows = [
        row
        for row in csv.reader(io.StringIO(text.lstrip("\ufeff")))
        if row and row[0].strip() and not row[0].lstrip().startswith("#")
    ]
    column = 0
    if rows and any(cell.strip().lower() == "name" for cell in rows[0]):
        column = [cell.strip().lower() for cell in rows[0]].index("name")
        rows = rows[1:]
    names = [row[column].strip() for row in rows if len(row) > column and row[column].strip()]
    if not names:
        raise RosterError(
            f"{source}: no player's name in it (a name a line, or a CSV column 'name')"
        )
    return list(dict.fromkeys(names))


def nearest_names(name: str, roster: Sequence[str], count: int = 3) -> list[str]:
    """The roster names nearest to ``name``: the same name written another way
    (:func:`name_key`) first, then the closest spellings."""
    key = name_key(name)
    same = [r for r in roster if name_key(r) == key]
    keys = {name_key(r): r for r in roster}
    close = difflib.get_close_matches(key, list(keys), count, cutoff=0.75)
    return list(dict.fromkeys([*same, *(keys[k] for k in close)]))[:count]


def check_roster(entries: Sequence[Entry], roster: Sequence[str]) -> list[Finding]:
    """An ``unknown-player`` finding for each name not on the roster (exactly as
    written there), at its first game, with the nearest roster names."""
    listed = set(roster)
    found: list[Finding] = []
    reported: set[str] = set()
    for entry in entries:
        for player in entry.players:
            if player in listed or player in reported or player.upper() == BYE:
                continue
            if player in ("", "?", "-"):
                continue
            reported.add(player)
            near = nearest_names(player, roster)
            hint = (
                "; nearest on the roster: " + ", ".join(f'"{n}"' for n in near)
                if near
                else "; no name on the roster is near it"
            )
            found.append(
                _finding(entry, "unknown-player", f'"{player}" is not on the roster{hint}')
            )
    return found


#: The finding for a file a folder holds that is not read (other extensions).
UNREAD_MESSAGE = (
    "not read: folders are read for "
    + ", ".join(ext for ext in WALKED_EXTENSIONS if ext != ".txt")
    + " files"
)


def submission_findings(
    files: Sequence[str],
    counted: Mapping[str, int],
    entries: Sequence[Entry],
    *,
    strict: bool,
    roster: Sequence[str] | None = None,
    not_read: Sequence[str] = (),
) -> list[Finding]:
    """What the event checks find in a set of submissions, in file order: an input with
    no game (ruling N4; under ``strict`` every file of a folder too), and under
    ``strict`` the files the folders hold that are not read (``not_read``, as the walk
    that read them listed them: :attr:`notation.desk.submissions.GameSource.left_unread`),
    each game's own checks (:func:`check_entry`) and the checks across the set
    (:func:`check_event`). ``counted`` holds the games read from each input and each file
    of a folder; with a ``roster`` (:func:`read_roster`), every name not on it
    (:func:`check_roster`). Nothing is read or walked here."""
    findings = [
        Finding("no-games", NO_GAME_MESSAGE, argument)
        for argument in files
        if not counted.get(argument)
    ]
    if strict:
        findings.extend(
            Finding("no-games", NO_GAME_MESSAGE, path)
            for path, count in counted.items()
            if not count and path not in files
        )
        findings.extend(Finding("unread-file", UNREAD_MESSAGE, path) for path in not_read)
        for entry in entries:
            findings.extend(check_entry(entry))
        findings.extend(check_event(entries))
        if roster is not None:
            findings.extend(check_roster(entries, roster))
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
    "NameMatch",
    "RosterError",
    "check_entry",
    "check_event",
    "check_names",
    "check_roster",
    "date_problem",
    "edit_distance",
    "name_aliases",
    "name_key",
    "nearest_names",
    "parse_levels",
    "preferred_spelling",
    "read_roster",
    "similar_names",
    "submission_findings",
    "submission_order",
    "submission_times",
]
