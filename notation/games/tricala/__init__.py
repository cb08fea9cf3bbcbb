"""Tricala: a triangle of 21 pits, 2 or 3 players, multi-lap sowing in straight lines.

Seeds 000/003 give Myles Wallace's rules (2011); rulings T1-T12, defined in
``docs/tricala.md``, and N3, defined with the record-level rulings in ``docs/pmn.md``,
settle the open points. ``docs/tricala.md`` is the chapter of the notation
specification that goes with this package:

- :mod:`.geometry`: the board, pit names, directions, lines, lap paths (T1, T5);
- :mod:`.position`: the position value and the position string (T2, T3, T9);
- :mod:`.rules`: sowing, edges, captures, winning, passing, the move search (T2-T11);
- :mod:`.notation`: the token matcher and the short and long forms (N3);
- :mod:`.memo`: every memo of the above, one bounded type, its sizes in one table;
- :mod:`.reference`: the sowing written plainly from T4-T6, that the tests hold the
  fast paths of :mod:`.rules` to.

Moves are :class:`Placement` (set-up, T3) and :class:`Sowing` (T4-T7). Two
sowings are *the same move* when they start from the same pit, drop their
stones into the same pits in the same sequence (the same *path*) and leave
the same board and the same capture: the stone orders chosen on the way are
then a matter of notation, not of play.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice

from notation.games.base import (
    AmbiguousMoveError,
    IllegalMoveError,
    MoveCount,
    MoveError,
    MoveSyntaxError,
    Outcome,
    PositionError,
    RulesError,
    Variant,
)
from notation.games.tricala.geometry import (
    COORDS,
    CORNERS,
    DIRECTIONS,
    PIT_INDEX,
    PIT_NAMES,
    PITS,
    ROWS,
    did_you_mean,
    neighbour,
    pit_at,
)
from notation.games.tricala.memo import Memo, shared
from notation.games.tricala.notation import (
    SETUP_RE,
    SOWING_RE,
    Fits,
    Guide,
    Rejected,
    compile_token,
    find_fits,
    long_form,
    render,
    shortenings,
)
from notation.games.tricala.position import (
    COLOURS,
    OWN,
    SEATS,
    STONES_EACH,
    TricalaPosition,
    format_pit,
    pack,
    read_position,
    unpack,
    write_position,
)
from notation.games.tricala.rules import (
    LAP_LIMIT,
    TIE_RULES,
    Budget,
    LapLimitError,
    OverBudget,
    Placement,
    Sowing,
    SowingSearch,
    TricalaMove,
    _may_win,
    outcome,
    placements,
    play,
    sole_fit,
    tie_sensitive,
)
from notation.games.tricala.symmetry import triangle_symmetries

#: Set-up tokens read already, each with its move: three pits, no corner (T3).
_PLACEMENTS: Memo[str, Placement] = shared("placements")

NAMES = ("tricala",)

#: How many legal moves an error lists (as short forms) at most.
LEGAL_LIST_LIMIT = 24
#: How many telling-apart tokens an AmbiguousMoveError carries at most.
CANDIDATE_LIMIT = 12
#: How many lap ends writing one move may judge while proving shortened tokens
#: unambiguous; past it the writer keeps the shortest form proven so far.
FORMAT_BUDGET = 8_000
#: The same, shared by all the tokens one error message lists.
ERROR_BUDGET = 6_000
#: How many lap ends counting the legal moves (:meth:`TricalaVariant.count_moves`,
#: ``pmn moves --count``) may judge; past it the count stops and says "at least".
COUNT_BUDGET = 20_000


@dataclass(frozen=True, slots=True)
class TricalaVariant(Variant[TricalaPosition, TricalaMove]):
    """Tricala for ``players`` (2 or 3, T2); options ``tie`` (T9) and ``capturer-stays`` (T6)."""

    players: int = 2
    tie: str = "default"
    capturer_stays: bool = False
    lap_limit: int = LAP_LIMIT

    game = "Tricala"

    names = ("Tricala",)
    board = "triangle"
    seat_counts = (2, 3)
    pass_reason = "no stones on the board (ruling T10)"  # ruling T10: a player with none is skipped

    @classmethod
    def from_tags(cls, game: str, rules: str | None, tags: dict[str, str]) -> TricalaVariant:
        return variant_from_tags(game, rules, tags)

    def symmetries(self, position: str) -> tuple[str, ...]:
        """The position string under each symmetry of the triangle (rotations, reflections)."""
        return triangle_symmetries(position)

    @property
    def seats(self) -> tuple[str, ...]:  # type: ignore[override]
        return SEATS[: self.players]

    @property
    def rules(self) -> str:  # type: ignore[override]
        words = ["tricala"]
        if self.tie != "default":
            words.append(f"tie={self.tie}")
        if self.capturer_stays:
            words.append("capturer-stays")
        return " ".join(words)

    # -- positions -------------------------------------------------------
    def initial_position(self) -> TricalaPosition:
        # ruling T2: 9 stones each, in hand; ruling T3: the set-up starts, White first
        n = self.players
        return TricalaPosition((0,) * PITS, (0,) * n, (STONES_EACH,) * n, 0, 0)

    def parse_position(self, text: str) -> TricalaPosition:
        """Read ``<pits> <captured> <hand> <to move> [<mover>]`` (see ``docs/tricala.md``)."""
        position = read_position(text, self.players)
        seat = position.to_move
        shown = text if len(text) <= 120 else text[:117] + "..."
        if (
            self.tie == "opponent"
            and position.mover is None
            and tie_sensitive(position, self.players)
        ):
            # ruling T9: the mover decides, and a tool that cannot know it says so
            raise PositionError(
                f'bad Tricala position "{shown}": several players meet a winning condition '
                "and under tie=opponent the result depends on who made the last move, which "
                "this position string does not record: add it as a fifth field (W, B or R, T9)"
            )
        if (
            not position.in_setup
            and not unpack(sum(position.board))[seat]
            and self.outcome(position) is None
        ):
            raise PositionError(
                f'bad Tricala position "{shown}": {SEATS[seat]} has no stones on the board '
                "and would be skipped (T10)"
            )
        return position

    def format_position(self, position: TricalaPosition) -> str:
        # ruling T9: the mover is written where several players win at once
        return write_position(position, with_mover=tie_sensitive(position, self.players))

    def to_move(self, position: TricalaPosition) -> int:
        return position.to_move

    def turn(self, position: TricalaPosition) -> int:
        return position.turn

    def scores(self, position: TricalaPosition) -> tuple[int, ...]:
        return position.captured  # ruling T7: stones of every colour count

    def diagram(self, position: TricalaPosition) -> str:
        width = 7
        lines = []
        for row in range(1, ROWS + 1):
            indent = " " * ((ROWS - row) * width // 2)
            first = pit_at(row, 1)
            pits = range(first, first + row)
            lines.append(indent + "".join(PIT_NAMES[p].center(width) for p in pits).rstrip())
            contents = "".join(format_pit(position.board[p]).center(width) for p in pits)
            lines.append(indent + contents.rstrip())
        seats = self.seats
        lines.append(
            "Captured: "
            + ", ".join(f"{s} {c}" for s, c in zip(seats, position.captured, strict=True))
        )
        if position.in_setup:
            lines.append(
                "In hand: "
                + ", ".join(f"{s} {h}" for s, h in zip(seats, position.hand, strict=True))
            )
        lines.append(self.status(position))
        return "\n".join(lines)

    # -- rules -----------------------------------------------------------
    def outcome(self, position: TricalaPosition) -> Outcome | None:
        return outcome(position, self.players, self.tie)

    def play(self, position: TricalaPosition, move: TricalaMove) -> TricalaPosition:
        return play(position, move, self.players)

    def legal_moves(self, position: TricalaPosition) -> Iterator[TricalaMove]:
        """Every legal move, each once, lazily (pits in index order, then directions E..SE).

        Branches that repeat a state are cut and branches past the lap limit
        dropped (T11); neither stops the listing.
        """
        if self.outcome(position) is not None:
            return  # ruling N2
        if position.in_setup:
            yield from placements()
            return
        search = SowingSearch(position.to_move, self.capturer_stays, self.lap_limit)
        yield from self._sowings(position, range(PITS), search)

    def _sowings(
        self, position: TricalaPosition, origins: Iterable[int], search: SowingSearch
    ) -> Iterator[Sowing]:
        """The sowings from ``origins`` that hold one of the mover's stones, each once (T4)."""
        mask = OWN[position.to_move]
        seen: set[object] = set()
        for origin in origins:
            if position.board[origin] & mask:  # ruling T4: a pit with one of its stones
                for fit in search.sowings(position.board, origin):
                    key = (origin, fit.path, fit.board, fit.gain)
                    if key not in seen:
                        seen.add(key)
                        yield Sowing(origin, fit.path, fit.board, fit.gain, fit.pickups)

    def origin_of(self, move: TricalaMove, position: TricalaPosition) -> str | None:
        """The pit a sowing starts from; None for a set-up move (it names three pits)."""
        return PIT_NAMES[move.origin] if isinstance(move, Sowing) else None

    def moves_from(self, position: TricalaPosition, pit: str) -> Iterator[TricalaMove]:
        """The legal sowings from ``pit``, lazily: only that pit is searched."""
        origin = PIT_INDEX.get(pit)
        if origin is None or position.in_setup or self.outcome(position) is not None:
            return iter(())
        search = SowingSearch(position.to_move, self.capturer_stays, self.lap_limit)
        return self._sowings(position, (origin,), search)

    def count_moves(
        self, position: TricalaPosition, most: int, pit: str | None = None
    ) -> MoveCount:
        """How many legal moves, counting at most ``most`` and judging at most
        COUNT_BUDGET lap ends (past either, the count stops: see :class:`MoveCount`)."""
        if position.in_setup or self.outcome(position) is not None:
            return super().count_moves(position, most, pit)
        if pit is None:
            origins: Sequence[int] = range(PITS)
        elif pit in PIT_INDEX:
            origins = (PIT_INDEX[pit],)
        else:
            return MoveCount(0, True)
        search = SowingSearch(
            position.to_move, self.capturer_stays, self.lap_limit, None, COUNT_BUDGET
        )
        count = 0
        try:
            for _ in self._sowings(position, origins, search):
                if count >= most:
                    return MoveCount(count, False, True)
                count += 1
        except OverBudget:
            return MoveCount(count, False)
        return MoveCount(count, True)

    def _legal_sample(
        self, position: TricalaPosition, budget: Budget | None = None
    ) -> tuple[list[str], bool]:
        """Up to LEGAL_LIST_LIMIT legal moves as tokens, and whether more exist."""
        moves = list(islice(self.legal_moves(position), LEGAL_LIST_LIMIT + 1))
        more = len(moves) > LEGAL_LIST_LIMIT
        budget = budget or Budget(ERROR_BUDGET)
        return [self._format(m, position, budget) for m in moves[:LEGAL_LIST_LIMIT]], more

    def _refusal(
        self,
        reason: str,
        position: TricalaPosition,
        code: str | None = None,
        budget: Budget | None = None,
    ) -> IllegalMoveError:
        legal, more = self._legal_sample(position, budget)
        if more:
            reason += f" (the first {LEGAL_LIST_LIMIT} legal moves are listed; there are more)"
        return IllegalMoveError(reason, legal=legal, code=code)

    def parse_move(self, token: str, position: TricalaPosition) -> TricalaMove:
        in_setup = any(position.hand)  # ruling T3: stones in hand
        # outcome() is None in the set-up and when _may_win says nobody can have won (T8)
        if not in_setup and _may_win(position.board, position.captured):
            outcome = self.outcome(position)
            if outcome is not None:  # ruling N2
                raise IllegalMoveError(
                    f"the game is already over ({outcome.result}: {outcome.reason})",
                    code="game-over",
                )
        if "+" in token:  # set-up: pits joined by +
            placement = _PLACEMENTS.get(token)
            if placement is not None and in_setup:  # read before: three non-corner pits (T3)
                return placement
            match = SETUP_RE.fullmatch(token)
            if match is not None:
                return self._parse_placement(match.groups(), position)
        if in_setup and SOWING_RE.fullmatch(token):
            raise self._refusal(
                f"the set-up is not over; {SEATS[position.to_move]} places three stones "
                "(T3), e.g. 2b+3b+3b",
                position,
                "setup-move-expected",
            )
        try:
            guide = compile_token(token, position, self.players)
        except Rejected as rejected:
            raise self._refusal(rejected.reason, position, rejected.code) from None
        if guide is None:
            refusal = self._refusal(
                f'"{token[:40]}{"..." * (len(token) > 40)}" is not a Tricala move: a set-up '
                "move is three pits joined by + (2b+3b+3b); a sowing is a pit, then -pit for "
                "each waypoint, x before the last when it captures, orders in brackets "
                "(4b-4d-3c, 2a[WB]x6a)",
                position,
            )
            raise MoveSyntaxError(refusal.reason, legal=refusal.legal)
        sole = sole_fit(
            position.board,
            guide.origin,
            position.to_move,
            guide,
            self.capturer_stays,
            self.lap_limit,
        )
        if sole is not None:  # exactly one move fits: what the full search would find first
            return sole
        fits = self._fits(position, guide, CANDIDATE_LIMIT)
        found = fits.found
        if len(found) == 1:
            fit = next(iter(found.values()))
            return Sowing(guide.origin, fit.path, fit.board, fit.gain, fit.pickups)
        if found:
            moves = [
                Sowing(guide.origin, f.path, f.board, f.gain, f.pickups) for f in found.values()
            ]
            budget = Budget(ERROR_BUDGET)
            candidates = [self._format(m, position, budget) for m in moves]
            legal, _ = self._legal_sample(position, budget)
            raise AmbiguousMoveError(
                f"the token fits {len(moves)}{'+' * (len(moves) >= CANDIDATE_LIMIT)} moves that "
                f"end differently: {', '.join(candidates)}",
                candidates=candidates,
                legal=legal,
            )
        if fits.endless and not fits.capped:  # ruling T11: a sowing that never ends
            raise self._refusal(
                f"no sowing from {PIT_NAMES[guide.origin]} fits {token}: the only ones that "
                "could go that way return to an earlier state (same board, pit, direction "
                "and stones in hand) and never end, which is not a legal move (T11)",
                position,
                "illegal-move",
            )
        if fits.capped:  # ruling T11: only branches cut by the lap cap fit
            refusal = self._refusal(
                f"the only sowings from {PIT_NAMES[guide.origin]} that could fit {token} go on "
                f"for more than {self.lap_limit} laps (T11 lap limit); not followed further",
                position,
            )
            raise LapLimitError(refusal.reason, legal=refusal.legal, code="lap-limit")
        raise self._diagnose(token, guide, position, Budget(ERROR_BUDGET))

    def _fits(
        self,
        position: TricalaPosition,
        guide: Guide,
        stop_after: int,
        budget: Budget | None = None,
    ) -> Fits:
        return find_fits(
            position,
            guide,
            stop_after,
            capturer_stays=self.capturer_stays,
            lap_limit=self.lap_limit,
            budget=budget,
        )

    def _parse_placement(self, names: Sequence[str], position: TricalaPosition) -> Placement:
        pits = []
        for name in names:
            if name not in PIT_INDEX:
                raise self._refusal(did_you_mean(name), position, "no-such-pit")
            pits.append(PIT_INDEX[name])
        if not position.in_setup:
            raise self._refusal(
                "the set-up is over; moves now sow a pit (T3, T4)",
                position,
                "sowing-move-expected",
            )
        corners = [PIT_NAMES[p] for p in pits if p in CORNERS]
        if corners:  # ruling T3
            raise self._refusal(
                f"corner pits ({', '.join(dict.fromkeys(corners))}) stay empty during "
                "the set-up (T3)",
                position,
                "corner-in-setup",
            )
        placement = Placement(tuple(sorted(pits)))
        _PLACEMENTS.keep("+".join(names), placement)  # at most 18**3 tokens
        return placement

    def _diagnose(
        self, token: str, guide: Guide, position: TricalaPosition, budget: Budget
    ) -> MoveError:
        """Why no legal move fits a well-formed token: try it with parts relaxed.

        The relaxed searches and the legal list share ``budget``; a relaxed
        search that runs out of it tells nothing, and the plain reason is given.
        """

        def fits_relaxed(relaxed: Guide) -> bool:
            try:
                return bool(self._fits(position, relaxed, 1, budget).found)
            except OverBudget:
                return False

        relaxed = Guide(
            guide.origin, guide.origin_order, guide.pits, guide.orders, guide.lines, None
        )
        if fits_relaxed(relaxed):
            # the final pit has no order, so its separator is the token's third-last character
            fixed = token[:-3] + ("-" if guide.capture else "x") + token[-2:]
            if guide.capture:
                why, code = "captures nothing (write - instead of x", "not-a-capture"
            else:
                why, code = "captures (write x before the final pit", "capture-not-marked"
            return self._refusal(
                f"this sowing {why}: did you mean {fixed}?)", position, code, budget
            )
        unordered = (None,) * len(guide.orders)
        relaxed = Guide(guide.origin, guide.origin_order, guide.pits, unordered, guide.lines, None)
        if any(o is not None for o in guide.orders) and fits_relaxed(relaxed):
            return self._refusal(
                "a given order does not match the stones picked up at its pit, or the "
                "pit is not a relay pit there (orders list every stone of a pickup, T6)",
                position,
                "order-mismatch",
                budget,
            )
        names = [PIT_NAMES[p] for p in guide.pits]
        through = f" through {', '.join(names[:-1])}" if len(names) > 1 else ""
        return self._refusal(
            f"no legal sowing from {PIT_NAMES[guide.origin]} goes{through} and ends at {names[-1]}",
            position,
            "no-such-sowing",
            budget,
        )

    # -- writing moves -----------------------------------------------------
    def format_move(
        self, move: TricalaMove, position: TricalaPosition, *, long: bool = False
    ) -> str:
        """The shortest accepted token, or the long form with ``long=True``.

        Short: among the forms that leave out parts of the long form
        (waypoints, orders), the shortest that parses back to this move's
        result; among equally short ones the first in ASCII order. With more
        than SHORTENING_LIMIT shortenings, parts are dropped one at a time.
        Proving forms unambiguous may judge FORMAT_BUDGET lap ends at most;
        past that the shortest form proven so far is written (at worst the
        long form, which is always unambiguous).
        """
        if isinstance(move, Placement):
            return "+".join(PIT_NAMES[p] for p in move.pits)  # index order = row, then letter
        if long:
            origin_order, waypoints = long_form(move)
            return render(move, origin_order, waypoints)
        return self._format(move, position, Budget(FORMAT_BUDGET))

    def _format(self, move: TricalaMove, position: TricalaPosition, budget: Budget) -> str:
        """The short form of :meth:`format_move`, spending ``budget``."""
        if isinstance(move, Placement):
            return self.format_move(move, position)
        origin_order, waypoints = long_form(move)
        target = (move.board, move.gain)
        tried = False
        for token in shortenings(move):
            tried = True
            if self._accepts(token, position, target, budget):
                return token
            if budget.left == 0:
                break
        if tried:
            return render(move, origin_order, waypoints)
        # greedy: drop orders, then waypoints, left to right, while still accepted
        current_origin, current = origin_order, list(waypoints)
        if current_origin is not None and self._accepts(
            render(move, None, current), position, target, budget
        ):
            current_origin = None
        index = 0
        while index < len(current) - 1 and budget.left:
            pit, order = current[index]
            trial = [*current[:index], *current[index + 1 :]]
            if self._accepts(render(move, current_origin, trial), position, target, budget):
                current = trial
                continue
            if order:
                trial = [*current[:index], (pit, ()), *current[index + 1 :]]
                if self._accepts(render(move, current_origin, trial), position, target, budget):
                    current = trial
            index += 1
        return render(move, current_origin, current)

    def _accepts(
        self,
        token: str,
        position: TricalaPosition,
        target: tuple[tuple[int, ...], int],
        budget: Budget,
    ) -> bool:
        """Whether ``token`` is proven to fit only moves leading to ``target``."""
        try:
            guide = compile_token(token, position, self.players)
        except Rejected:
            return False
        if guide is None:
            return False
        try:
            fits = self._fits(position, guide, 2, budget)
        except OverBudget:
            return False
        return list(fits.found) == [target]


def variant_from_tags(game: str, rules: str | None, tags: Mapping[str, str]) -> TricalaVariant:
    """``[Game "Tricala"]``; players from the seat tags or ``Players``; ``Rules`` options.

    ``Rules`` holds ``tricala`` (optional) then options: ``tie=draw``,
    ``tie=opponent`` (T9), ``capturer-stays`` (T6). A ``Red`` tag means three
    players, ``White`` and ``Black`` alone two; ``Players`` ("2" or "3") must
    agree with the seat tags.
    """
    from_seats: int | None = None
    if "Red" in tags:
        from_seats = 3
    elif "White" in tags and "Black" in tags:
        from_seats = 2
    players = from_seats or 2  # ruling T2: 2 or 3 players, 2 by default
    stated = tags.get("Players")
    if stated is not None:
        if stated.strip() not in ("2", "3"):
            raise RulesError(
                f'Tricala is played by 2 or 3 players, not Players "{stated[:20]}" (T2)'
            )
        players = int(stated)
        if from_seats is not None and from_seats != players:
            raise RulesError(
                f'Players "{stated}" disagrees with the seat tags, which name {from_seats} '
                f"players ({', '.join(SEATS[:from_seats])})"
            )
    tie = "default"
    capturer_stays = False
    for word in (rules or "").split():
        lowered = word.lower()
        if lowered == "tricala":
            continue
        if lowered.startswith("tie=") and lowered[4:] in TIE_RULES:
            tie = lowered[4:]
        elif lowered == "capturer-stays":
            capturer_stays = True
        else:
            raise RulesError(
                f'unknown Tricala ruleset or option "{word}" (ruleset: tricala; options: '
                "tie=draw, tie=opponent, capturer-stays)"
            )
    return TricalaVariant(players, tie, capturer_stays)


__all__ = [
    "COLOURS",
    "COORDS",
    "CORNERS",
    "DIRECTIONS",
    "LAP_LIMIT",
    "LEGAL_LIST_LIMIT",
    "NAMES",
    "PIT_NAMES",
    "ROWS",
    "SEATS",
    "LapLimitError",
    "Placement",
    "Sowing",
    "TricalaMove",
    "TricalaPosition",
    "TricalaVariant",
    "neighbour",
    "pack",
    "unpack",
    "variant_from_tags",
]
