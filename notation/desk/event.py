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
import functools
import io
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from notation.core.identity import game_identity, name_key
from notation.core.record import Record
from notation.core.replay import record_variant
from notation.desk.pairings import BYE, free_rounds, missing, system_reason, tally
from notation.errors import PMNError
from notation.files.sources import SourceError, open_source
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
            "the same game (same players, result and moves) submitted twice; the fuller "
            "record is kept",
        ),
        Check("pairing-twice", "error", "the same players paired twice in one round"),
        Check("player-twice", "error", "a player in two games of one round"),
        Check(
            "missing-pairing",
            "warning",
            "a round robin's pairing with no game submitted, with the round it belongs to",
        ),
        Check("similar-names", "warning", "names that are probably one person written two ways"),
        Check("unknown-player", "error", "a player not on the roster given with --players"),
    )
}

#: What ``no-games`` says of an input with no game in it.
NO_GAME_MESSAGE = "no game in it: an input must hold at least one game (ruling N4)"
#: The tags an event record must carry (N4 adds the seats).
EVENT_TAGS = ("Event", "Date", "Round")

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
        # a record whose seats are not known (no game PMN knows, or damaged): its players
        # cannot be told from its tags, so every tag is compared (other pairings stay apart)
        players = self.players if self.seats else tuple(f"{k}={v}" for k, v in sorted(self.tags))
        return game_identity(moves.encode(), players, self.result)

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
    return _distance(a, b, limit)


def _distance(a: str, b: str, limit: int) -> int:
    """:func:`edit_distance`, measured by rapidfuzz (compiled code, stopping past ``limit``):
    every comparison of two names goes through here."""
    return int(OSA.distance(a, b, score_cutoff=limit))


def _allowed(key: str) -> int:
    """How many letters two spellings of one name may differ by: none below 5 letters
    (``Ada``/``Ama`` are two people), one up to 11, two from 12."""
    letters = len(key.replace(" ", ""))
    return 0 if letters < 5 else 1 if letters < 12 else 2


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
    not games, and only the pairs :func:`_near_pairs` finds near: 10,000 players take a
    fraction of a second.
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


@functools.lru_cache(maxsize=1024)
def _pieces(length: int, count: int) -> tuple[tuple[int, int], ...]:
    """Where ``count`` pieces of a string ``length`` long start and end, as near equal in
    length as can be (empty ones when it is shorter than ``count``)."""
    base, extra = divmod(length, count)
    spans, start = [], 0
    for piece in range(count):
        end = start + base + (piece >= count - extra)
        spans.append((start, end))
        start = end
    return tuple(spans)


def _filed(form: str, count: int) -> set[tuple[int, str]]:
    """The pieces a form is filed under (:func:`_candidates`): its ``count`` pieces, each
    also with the letters across the cut before it, after it, or either swapped (a
    piece of one letter: that letter, or either neighbour)."""
    filed: set[tuple[int, str]] = set()
    size = len(form)
    for piece, (start, end) in enumerate(_pieces(size, count)):
        text = form[start:end]
        filed.add((piece, text))
        before, after = start > 0, end < size  # a cut on that side
        if len(text) == 1:
            filed.update(
                (piece, form[at]) for at, cut in ((start - 1, before), (end, after)) if cut
            )
        elif text:
            firsts = {text[0], form[start - 1]} if before else {text[0]}
            lasts = {text[-1], form[end]} if after else {text[-1]}
            middle = text[1:-1]
            filed.update((piece, first + middle + last) for first in firsts for last in lasts)
    return filed


@functools.lru_cache(maxsize=4096)
def _places(size: int, limit: int, length: int, count: int) -> tuple[tuple[int, int, int], ...]:
    """Where in a form ``size`` long the pieces of a form ``length`` long cut in ``count``
    may be found at most ``limit`` edits away: (piece, start, end). A piece moved by
    ``shift`` letters has at least as many edits before it, and the rest of the length
    difference as many after."""
    return tuple(
        (piece, start + shift, end + shift)
        for piece, (start, end) in enumerate(_pieces(length, count))
        for shift in range(-limit, limit + 1)
        if abs(shift) + abs(size - length - shift) <= limit
        and start + shift >= 0
        and end + shift <= size
    )


def _candidates(forms: Sequence[tuple[str, str, int]]) -> set[tuple[str, str]]:
    """The pairs of keys whose forms may be at most k edits apart, of (key, form, k)
    (k: the key's :func:`_allowed`, 0, 1 or 2), found without comparing every pair
    (blocking by pieces, as PassJoin does).

    Each form is cut into k+1 pieces. An edit spoils one piece, so two forms at most k
    edits apart share a whole piece, at most k letters from where it was (a swap of two
    letters across a cut spoils two, so a form is also filed under the pieces it has
    with the letters across its cuts swapped: :func:`_filed`). Each form is filed under
    its pieces, by length and piece number; each form looks up, for every length within
    k of its own, the text where each piece may be (:func:`_places`). The work is a few
    look-ups of a name's length per name: a 2 KB name costs what its length costs, and
    pieces of four letters and more keep the pairs looked at few."""
    # filed by the hash of (length, count, piece, text): a hash shared by chance only adds
    # a pair to measure; a form's first key is kept as an int, a list only when shared
    index: dict[int, int | list[int]] = {}
    counts: dict[int, set[int]] = defaultdict(set)  # the piece counts filed, by length
    for number, (_, form, limit) in enumerate(forms):
        if limit:  # (names under 5 letters are not compared by letters)
            counts[len(form)].add(limit + 1)
            for piece, text in _filed(form, limit + 1):
                filed = hash((len(form), limit + 1, piece, text))
                held = index.setdefault(filed, number)
                if held != number:
                    index[filed] = [*held, number] if isinstance(held, list) else [held, number]
    pairs: set[tuple[str, str]] = set()
    for key, form, limit in forms:
        size = len(form)  # (two forms of one key are filed: the key is not its own pair)
        for length in range(max(size - limit, 0), size + limit + 1) if limit else ():
            for count in counts.get(length, ()):
                for piece, start, end in _places(size, limit, length, count):
                    found = index.get(hash((length, count, piece, form[start:end])))
                    for number in () if found is None else _numbers(found):
                        other = forms[number][0]
                        if other != key:
                            pairs.add((key, other) if key < other else (other, key))
    return pairs


def _numbers(held: int | list[int]) -> list[int]:
    return held if isinstance(held, list) else [held]


def _near_pairs(keys: Iterable[str]) -> list[tuple[str, str, tuple[int, int]]]:
    """The pairs of name keys close enough to be one name (:func:`_allowed` letters apart,
    as written or folded), each with how close: (the nearer distance, as written).

    Names whose numbers differ are never one name (``Player 5`` and ``Player 6``), so
    the keys are compared only within a block of the same numbers, and there only the
    candidates :func:`_candidates` finds, as written and folded: the work grows with
    the names, not with their pairs."""
    blocks: dict[str, list[str]] = defaultdict(list)
    for key in keys:
        blocks[re.sub(r"[^0-9]", "", key)].append(key)
    near = []
    for block in blocks.values():
        if len(block) < 2:
            continue
        allowed = {key: _allowed(key) for key in block}
        folded = {key: _folded(key) for key in block}
        # both forms in one index (a form folded as written filed once): pairs of a
        # written and a folded form are looked at too, a few more than needed
        forms = [(key, key, allowed[key]) for key in block]
        forms += [(key, folded[key], allowed[key]) for key in block if folded[key] != key]
        candidates = _candidates(forms)
        for a, b in sorted(candidates):
            limit = min(allowed[a], allowed[b])
            as_written = _distance(a, b, limit)
            score = (min(as_written, _distance(folded[a], folded[b], limit)), as_written)
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


def _given(value: str) -> bool:
    """Whether a tag's value says something (not empty, ``?``, ``-`` or ``????.??.??``)."""
    return bool(value.strip()) and bool(re.sub(r"[?.\s-]", "", value))


def given_tags(entry: Entry) -> frozenset[str]:
    """The tags a record gives a value (:func:`_given`): how complete it is."""
    return frozenset(name for name, value in entry.tags if _given(value))


def keeping_order(entries: Sequence[Entry]) -> list[int]:
    """The indexes of ``entries`` in the order their copies are kept: of a game
    submitted twice, the first in this order counts and the others are its copies.

    The order is told by what a copy of the folder keeps, never by file times (a
    ``cp -r`` or a download gives new ones): the fuller record first (more tags given a
    value, :func:`given_tags`), then the record whose tags, sorted, come first (a
    stable order of the content), then the order the games are read in (arguments in
    order, a folder's files by name, a file's games in file order)."""

    def key(index: int) -> tuple[int, tuple[tuple[str, str], ...], int]:
        entry = entries[index]
        return (-len(given_tags(entry)), tuple(sorted(entry.tags)), index)

    return sorted(range(len(entries)), key=key)


def copy_words(copy: Entry, kept: Entry) -> str:
    """Why ``copy``, and not ``kept``, is named the copy (:func:`keeping_order`), in words."""
    more = sorted(given_tags(kept) - given_tags(copy))
    if len(given_tags(kept)) > len(given_tags(copy)):
        return f"{kept.where} is kept: it gives more headers ({', '.join(more)}): this is the copy"
    if sorted(copy.tags) != sorted(kept.tags):
        name, mine, theirs = next(
            (k, dict(copy.tags).get(k, ""), v)
            for k, v in sorted(kept.tags)
            if dict(copy.tags).get(k) != v
        )
        return (
            f'{kept.where} is kept: as full a record, its headers come first ({name} "{theirs}" '
            f'before "{mine}"): this is the copy'
        )
    if copy.source == kept.source:
        return "later in the same file: this is the copy"
    return "the same record, read later (files by name): this is the copy"


def check_event(entries: Sequence[Entry]) -> list[Finding]:
    """The checks across a set of records: games submitted twice, pairings twice in a round,
    a player in two games of a round, names written two ways.

    Of a game submitted twice, the copy is the one :func:`keeping_order` puts later
    (the fuller record is kept); the finding says why."""
    found: list[Finding] = []
    copies: set[int] = set()  # indexes of games that repeat an earlier one
    first_seen: dict[bytes, int] = {}
    for index in keeping_order(entries):
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
                + copy_words(entry, earlier),
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
    kept = [entry for index, entry in enumerate(entries) if index not in copies]
    found.extend(check_round_robins(kept))
    found.extend(check_names(entries))
    return found


def check_round_robins(entries: Sequence[Entry]) -> list[Finding]:
    """A ``missing-pairing`` finding for each pairing of a round robin with no game
    among ``entries`` (copies left out), naming its players and the round it belongs to.

    The event is told from its pairings as ``pmn standings`` tells it
    (:func:`notation.desk.pairings.system_reason`: the games submitted, invalid and
    unfinished ones too); a missing game belongs to the rounds in which neither of its
    players played. The finding is at the first game of the event."""
    events: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        event = (entry.tag("Event") or "").strip()
        if entry.seats and event and all(entry.players):
            events[event].append(entry)
    found: list[Finding] = []
    for event, games in events.items():
        seen = tally((_round_of(entry), entry.players) for entry in games)
        system, _ = system_reason(
            len(seen.players), seen.cycles, set(seen.rounds), seen.pairings, seen.bye
        )
        if system != "round-robin":
            continue
        every = len(seen.players) * (len(seen.players) - 1) // 2 * seen.cycles
        for a, b in missing(seen):
            rounds = free_rounds(seen, (a, b))
            if len(rounds) == 1:
                where = f"round {rounds[0]} of {event}"
            elif rounds:
                where = f"one of rounds {', '.join(rounds)} of {event}"
            else:
                where = f"{event} (no round leaves both free)"
            message = (
                f"{a} v {b}: no game submitted, in {where}: a round robin of "
                f"{len(seen.players)} players has {every} games"
            )
            at = next((g for g in games if rounds and _round_of(g) == rounds[0]), games[0])
            found.append(_finding(at, "missing-pairing", message))
    return found


def _round_of(entry: Entry) -> str:
    """A game's round as the standings read it (``?`` when not given)."""
    round_ = (entry.tag("Round") or "").strip()
    return round_ if round_ not in ("", "?", "-") else "?"


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
    """A roster file that cannot be used (no name in it, too large, not CSV text)."""

    code = "bad-option"  # a --players value that cannot be used


#: The most bytes a roster file may hold: 8 MiB, 200,000 players with a club and a
#: rating each. A longer file is refused, not read to its end (a roster read from a pipe
#: that never ends, or from a device, ends with a message).
MAX_ROSTER_BYTES = 8 << 20
#: The longest field of a roster (Python's csv reader's own limit, said, not raised).
MAX_ROSTER_FIELD = 131_072


def load_roster(path: str) -> list[str]:
    """The registered players of the roster file ``path`` (:func:`read_roster`), read
    as every input is read (:func:`notation.files.sources.open_source`: a device or a
    folder refused, compressed files and byte order marks understood), at most
    :data:`MAX_ROSTER_BYTES`. Raises RosterError, or OSError when it cannot be read."""
    try:
        with open_source(path) as stream:
            data = stream.read(MAX_ROSTER_BYTES + 1)
    except SourceError as exc:
        raise RosterError(f"{path}: {exc}") from exc
    if len(data) > MAX_ROSTER_BYTES:
        raise RosterError(
            f"{path}: more than {MAX_ROSTER_BYTES:,} bytes: a roster is a name a line "
            "(is it the right file?)"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RosterError(
            f"{path}: byte {exc.start} is not UTF-8 (a roster is UTF-8 text)"
        ) from exc
    return read_roster(text, path)


def read_roster(text: str, source: str = "roster") -> list[str]:
    """The registered players of a roster (``--players``), in file order.

    A roster is CSV (UTF-8): a line per player, the name in the first column, or in
    the column headed ``name`` (any case) when the first line is a header with one;
    other columns (club, rating) are ignored, as are blank lines and lines starting
    with ``#``. A plain list of names, one a line, is a roster too. A field longer than
    :data:`MAX_ROSTER_FIELD` characters is a RosterError.

    >>> read_roster("name,club\nAma Serwaa,Tema\n# late entry\nKofi Boateng\n")
    ['Ama Serwaa', 'Kofi Boateng']
    """
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    rows: list[list[str]] = []
    try:
        for row in reader:
            if any(len(cell) > MAX_ROSTER_FIELD for cell in row):  # (whatever csv's own
                # limit is: it is the process's, and a caller may have raised it)
                raise csv.Error("field larger than field limit")
            if row and row[0].strip() and not row[0].lstrip().startswith("#"):
                rows.append(row)
    except csv.Error as exc:
        raise RosterError(
            f"{source}: line {reader.line_num}: {_csv_problem(exc)} (a roster is a name a line)"
        ) from exc
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


def _csv_problem(exc: csv.Error) -> str:
    """What Python's csv reader found, in words."""
    if "field larger than field limit" in str(exc):
        return f"a field longer than {MAX_ROSTER_FIELD:,} characters"
    return f"not CSV: {exc}"


def nearest_names(name: str, roster: Sequence[str], count: int = 3) -> list[str]:
    """The roster names nearest to ``name``: the same name written another way
    (:func:`name_key`) first, then the closest spellings (rapidfuzz's ratio, at least
    75 in 100, the best first)."""
    keys = _roster_keys(roster)
    return _nearest(name, keys, list(keys), count)


def _roster_keys(roster: Sequence[str]) -> dict[str, list[str]]:
    """The roster's names by their :func:`name_key`, each key's names in roster order."""
    keys: dict[str, list[str]] = defaultdict(list)
    for listed in roster:
        keys[name_key(listed)].append(listed)
    return keys


def _nearest(name: str, keys: Mapping[str, list[str]], choices: list[str], count: int) -> list[str]:
    """:func:`nearest_names`, the roster's keys made once (:func:`_roster_keys`; ``choices``:
    the keys as a list, which rapidfuzz reads fastest): each name is compared by compiled
    code, 1,000 names against 20,000 in about a second."""
    key = name_key(name)
    close = process.extract(key, choices, scorer=fuzz.ratio, limit=count, score_cutoff=75)
    found = [*keys.get(key, ()), *(keys[other][0] for other, _, _ in close)]
    return list(dict.fromkeys(found))[:count]


def check_roster(entries: Sequence[Entry], roster: Sequence[str]) -> list[Finding]:
    """An ``unknown-player`` finding for each name not on the roster (exactly as
    written there), at its first game, with the nearest roster names."""
    listed = set(roster)
    keys = _roster_keys(roster)
    choices = list(keys)
    found: list[Finding] = []
    reported: set[str] = set()
    for entry in entries:
        for player in entry.players:
            if player in listed or player in reported or player.upper() == BYE:
                continue
            if player in ("", "?", "-"):
                continue
            reported.add(player)
            near = _nearest(player, keys, choices, 3)
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
    "MAX_ROSTER_BYTES",
    "MAX_ROSTER_FIELD",
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
    "check_round_robins",
    "copy_words",
    "date_problem",
    "edit_distance",
    "given_tags",
    "keeping_order",
    "load_roster",
    "name_aliases",
    "name_key",
    "nearest_names",
    "parse_levels",
    "preferred_spelling",
    "read_roster",
    "similar_names",
    "submission_findings",
]
