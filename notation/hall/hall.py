"""The round a hall serves: its boards, who plays at each, their tokens and their games.

:class:`Hall` is the one round being served (``pmn serve``): the event folder, the game,
the round's number and its boards (:class:`Board`), each with its players by seat, its
token and its game, held by a :class:`~notation.desk.recorder.Recorder` (the same that
``pmn record`` drives on a terminal: moves are played through the rules' one replay).

Durability: a board's game is written whole, as PMN, into its own file
(``EVENT_DIR/round-N/board-B.pmn``) by :func:`notation.files.outputs.write_bytes` (a
temporary file flushed to disk, renamed over the old one, the folder flushed) after every
change, and the change is acknowledged (the methods return) only then; a write that fails
takes the change back and raises :class:`HallRefusal` (503). One file a board: the boards
never wait for each other. A hall started again over the same folder reads each board's
game back from its file (:meth:`Hall.load`).

The server's own files are in ``EVENT_DIR/.hall/`` (which folder walks skip):
``tokens.json`` (mode 0600: ``{"arbiter": TOKEN, "boards": {"ROUND/BOARD": TOKEN}}``,
tokens of 192 random bits, kept from one start to the next), ``round-N.log`` (one JSON
line for each accepted change and each refused attempt) and ``round-N.json`` (whether the
round is closed).

The read API (what the pages and the API answer from):

- :attr:`Hall.boards`: the round's boards in board order; each :class:`Board` has
  :attr:`~Board.number`, :attr:`~Board.players` (seat tag -> name, in seat order),
  :attr:`~Board.token`, :attr:`~Board.url_path` (its spectators' page),
  :attr:`~Board.record_path` (its recorder's page, to which ``#token=TOKEN`` is added);
- :meth:`Hall.board` (a board by number), :meth:`Board.state` (its state as the API's JSON,
  :data:`STATE_KEYS`), :meth:`Board.pmn` (its game as PMN text, as last made durable);
- :attr:`Hall.arbiter_token`, :meth:`Hall.round_state` (every board, the API's
  ``GET /api/rounds/R``), :meth:`Hall.round_pmn` (the round's games as PMN);
- :meth:`Hall.subscribe`: a callable told of each accepted change (the event stream).

The write API (each checks the token first: :class:`HallRefusal` 401/403):
:meth:`Hall.enter_move`, :meth:`Hall.takeback`, :meth:`Hall.set_result`, :meth:`Hall.close`.
"""

from __future__ import annotations

import datetime
import json
import os
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn

from notation.core.movelist import first_moves
from notation.core.record import Record
from notation.core.replay import EARLY_TERMINATIONS, next_step
from notation.desk.recorder import Recorder
from notation.errors import PMNError
from notation.files.guard import allow_rewrite
from notation.files.outputs import (
    append_line,
    make_folder,
    remove_leftovers,
    write_bytes,
    write_private,
)
from notation.files.sources import open_input
from notation.formats.pmn import read_text, write_record
from notation.games import AnyVariant, find_variant, game_names
from notation.games.base import MoveError
from notation.hall.pairings import Pairing

#: The folder of the server's own files, inside the event folder (folder walks skip it).
HALL_FOLDER = ".hall"
#: Random bytes in a token (192 bits), written URL-safe.
TOKEN_BYTES = 24
#: The most legal moves a board's state lists (the count says how many there are).
LEGAL_LIMIT = 200
#: The refused attempts a board keeps to show (the count is of all of them).
REFUSED_KEPT = 20
#: The keys of a board's state (:meth:`Board.state`).
STATE_KEYS = (
    "round",
    "board",
    "game",
    "seats",
    "players",
    "moves",
    "ply",
    "to_move",
    "result",
    "termination",
    "position",
    "legal",
    "legal_count",
    "legal_exact",
    "last_activity",
    "refused",
    "refused_count",
    "url",
)


class HallRefusal(Exception):
    """A request the hall refuses: the HTTP status, a code and a message for people."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message

    def body(self) -> dict[str, Any]:
        """The API's error body: ``{"error": {"code", "message"}}``."""
        return {"error": {"code": self.code, "message": self.message}}


class HallStartError(Exception):
    """The event folder cannot be served as asked (a board's file that does not read, its
    players not those of the pairings): nothing is served."""


def _now() -> float:
    return time.time()


def _stamp(seconds: float | None) -> str | None:
    if seconds is None:
        return None
    return datetime.datetime.fromtimestamp(seconds, datetime.UTC).isoformat(timespec="seconds")


class Board:
    """One board of the round: its players, its token, its file and its game.

    Its state is read from :meth:`state` and :meth:`pmn`, both as last made durable; its
    game changes only through the :class:`Hall`'s methods, under the board's lock."""

    def __init__(
        self, round_number: int, pairing: Pairing, token: str, path: str, recorder: Recorder
    ) -> None:
        #: the round's number and the board's
        self.round = round_number
        self.number = pairing.board
        #: seat tag -> player's name, in the game's seat order
        self.players: dict[str, str] = dict(pairing.players)
        #: the token that writes this board (and no other)
        self.token = token
        #: the board's file in the event folder
        self.path = path
        self.recorder = recorder
        self.lock = threading.Lock()
        #: when the last change was made or attempted (seconds since the epoch), or None
        self.last_activity: float | None = None
        #: the last refused attempts (newest last) and how many there were
        self.refused: deque[dict[str, Any]] = deque(maxlen=REFUSED_KEPT)
        self.refused_count = 0
        self._state: dict[str, Any] = {}
        self._pmn = ""
        self.refresh()

    @property
    def url_path(self) -> str:
        """The spectators' page of the board: ``/rounds/R/boards/B``."""
        return f"/rounds/{self.round}/boards/{self.number}"

    @property
    def record_path(self) -> str:
        """The recorder's page of the board: ``/record/R/B`` (the token follows in the
        fragment, ``#token=...``, which browsers never send to a server)."""
        return f"/record/{self.round}/{self.number}"

    @property
    def api_path(self) -> str:
        """The board's state in the API: ``/api/rounds/R/boards/B``."""
        return f"/api/rounds/{self.round}/boards/{self.number}"

    @property
    def key(self) -> str:
        """The board's key in ``tokens.json``: ``ROUND/BOARD``."""
        return f"{self.round}/{self.number}"

    def state(self) -> dict[str, Any]:
        """The board's state, as ``GET /api/rounds/R/boards/B`` answers it (a new dict).

        ``moves`` (the tokens as PMN writes them), ``ply`` (how many moves are made),
        ``to_move`` (the seat tag to move, None once the game has a result), ``result``,
        ``termination`` (or None), ``position`` (the game's position text, as
        ``pmn show`` reads positions), ``legal`` (the first :data:`LEGAL_LIMIT` legal
        moves of the position, none once the game has a result), ``legal_count`` and
        ``legal_exact`` (how many legal moves there are: exactly, or "more than" the
        :data:`LEGAL_LIMIT` listed),
        ``players`` (seat tag -> name), ``seats`` (in order), ``last_activity`` (ISO 8601
        UTC or None), ``refused`` (the last refused attempts: ply, move, code, message,
        time) and ``refused_count``, ``url`` (the board's spectators' page), ``round``,
        ``board`` and ``game``."""
        state = dict(self._state)
        state["last_activity"] = _stamp(self.last_activity)
        state["refused"] = list(self.refused)
        state["refused_count"] = self.refused_count
        return state

    def pmn(self) -> str:
        """The board's game as PMN text, as last made durable."""
        return self._pmn

    def refresh(self, text: str | None = None) -> None:
        """Compute the state and the text again from the game (after a durable change;
        ``text``: the game's PMN as just written, when it was)."""
        recorder = self.recorder
        variant = recorder.variant
        position = recorder.position
        over = recorder.result != "*"
        if over:
            legal: list[str] = []
            count, exact = 0, True
        else:
            # bounded work in any position: a crowded Tricala position has millions of moves,
            # and counting its first 10,000 took half a second of every move's answer
            moves, counted = first_moves(variant, position, most=LEGAL_LIMIT)
            legal = [variant.format_move(move, position) for move in moves[:LEGAL_LIMIT]]
            count, exact = counted.count, counted.exact
        tags = dict(recorder.tags)
        self._state = {
            "round": self.round,
            "board": self.number,
            "game": tags.get("Game", variant.game),  # (Oware, as the record names it)
            "seats": list(variant.seats),
            "players": dict(self.players),
            "moves": [node.token for node in recorder.nodes],
            "ply": len(recorder.nodes),
            "to_move": None if over else variant.seats[variant.to_move(position)],
            "result": recorder.result,
            "termination": tags.get("Termination"),
            "position": variant.format_position(position),
            "legal": legal,
            "legal_count": count,
            "legal_exact": exact,
            "url": self.url_path,
        }
        self._pmn = text if text is not None else write_record(recorder.record())


def _token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def _same(given: str | None, token: str) -> bool:
    return given is not None and secrets.compare_digest(given.encode(), token.encode())


def _written_game(name: str, variant: AnyVariant) -> str:
    """The game's name as the registry writes it (as ``pmn record`` writes it)."""
    names = game_names()
    return next((n for n in names if n.casefold() == name.casefold()), variant.game)


def new_record_tags(
    game: str,
    variant: AnyVariant,
    *,
    event: str,
    date: str,
    round_number: int,
    pairing: Pairing,
    site: str = "",
) -> tuple[tuple[str, str], ...]:
    """The tags of a board's new game: Game, Event, Site (when given), Date, Round, Board,
    then each seat's player (the order ``pmn record`` asks them in)."""
    tags: list[tuple[str, str]] = [("Game", _written_game(game, variant))]
    tags.append(("Event", event))
    if site:
        tags.append(("Site", site))
    tags += [("Date", date), ("Round", str(round_number)), ("Board", str(pairing.board))]
    tags += list(pairing.players)
    return tuple(tags)


class Hall:
    """The one round of an event a hall serves (see the module's docstring).

    Made by :meth:`load`; its methods may be called from many threads at once (each
    board has its lock; the boards never wait for each other)."""

    def __init__(
        self,
        event_dir: str,
        game: str,
        variant: AnyVariant,
        round_number: int,
        boards: Sequence[Board],
        arbiter_token: str,
        *,
        closed: bool = False,
        now: Callable[[], float] = _now,
    ) -> None:
        self.event_dir = event_dir
        #: the game's name as given, and its rules
        self.game = game
        self.variant = variant
        #: the round's number
        self.round = round_number
        #: the round's boards, in board order
        self.boards: tuple[Board, ...] = tuple(boards)
        self._by_number = {board.number: board for board in self.boards}
        #: the arbiter's token (writes every board, sets results, closes the round)
        self.arbiter_token = arbiter_token
        #: whether the arbiter closed the round (the boards' tokens write no more)
        self.closed = closed
        self.now = now
        self._listeners: list[Callable[[dict[str, Any]], None]] = []
        self._log_lock = threading.Lock()
        #: the descriptor of the hall's folder, locked while this hall serves it
        self._held: int | None = None

    # -- opening -------------------------------------------------------------------------

    @classmethod
    def load(
        cls,
        event_dir: str,
        game: str,
        round_number: int,
        pairings: Sequence[Pairing],
        *,
        rules: str | None = None,
        event: str | None = None,
        site: str = "",
        date: str | None = None,
        now: Callable[[], float] = _now,
    ) -> Hall:
        """Serve round ``round_number`` of the event in ``event_dir``: each board's game is
        read back from its file when there is one, else started (and written) anew; the
        tokens are read from ``.hall/tokens.json``, those missing made and written.
        Raises :class:`HallStartError` (a board's file that does not read or names other
        players) and ``OSError``."""
        variant = find_variant(game, rules, dict(pairings[0].players) if pairings else {})
        event = event if event is not None else os.path.basename(os.path.abspath(event_dir))
        date = date or datetime.date.today().strftime("%Y.%m.%d")
        hall_dir = os.path.join(event_dir, HALL_FOLDER)
        round_dir = os.path.join(event_dir, f"round-{round_number}")
        make_folder(hall_dir, private=True)
        held = _hold(hall_dir)
        make_folder(round_dir)
        remove_leftovers(round_dir)  # a write cut short by a crash: its board's file is whole
        tokens = _tokens(os.path.join(hall_dir, "tokens.json"), round_number, pairings)
        boards = []
        for pairing in pairings:
            path = os.path.join(round_dir, f"board-{pairing.board}.pmn")
            if os.path.exists(path):
                recorder = _resumed(path, pairing)
                fresh = False
            else:
                tags = new_record_tags(
                    game,
                    variant,
                    event=event,
                    date=date,
                    round_number=round_number,
                    pairing=pairing,
                    site=site,
                )
                recorder = Recorder(path, Record(tags))
                fresh = True
            board = Board(
                round_number,
                pairing,
                tokens["boards"][f"{round_number}/{pairing.board}"],
                path,
                recorder,
            )
            if fresh:
                write_bytes(path, board.pmn().encode("utf-8"))
            boards.append(board)
        state_path = os.path.join(hall_dir, f"round-{round_number}.json")
        closed = False
        if os.path.exists(state_path):
            with open_input(state_path) as stream:
                closed = bool(json.loads(stream.read().decode("utf-8")).get("closed"))
        hall = cls(
            event_dir,
            game,
            variant,
            round_number,
            boards,
            tokens["arbiter"],
            closed=closed,
            now=now,
        )
        hall._held = held
        hall._read_log()
        return hall

    def release(self) -> None:
        """Let another hall serve the event folder (the lock :meth:`load` took on it; a
        process that ends releases it too)."""
        if self._held is not None:
            os.close(self._held)  # closing releases the lock
            self._held = None

    @property
    def hall_dir(self) -> str:
        """The server's own folder, ``EVENT_DIR/.hall``."""
        return os.path.join(self.event_dir, HALL_FOLDER)

    @property
    def log_path(self) -> str:
        """The round's log: a JSON line for each accepted change and refused attempt."""
        return os.path.join(self.hall_dir, f"round-{self.round}.log")

    def _read_log(self) -> None:
        """Take each board's last activity and refused attempts back from the round's log."""
        if not os.path.exists(self.log_path):
            return
        with open_input(self.log_path) as stream:
            lines = stream.read().decode("utf-8", "replace").splitlines()
        for line in lines:
            try:
                entry = json.loads(line)
                board = self._by_number.get(int(entry["board"]))
            except (ValueError, KeyError, TypeError):
                continue  # a line cut short by a crash, or not a board's
            if board is None:
                continue
            board.last_activity = float(entry.get("time", 0)) or board.last_activity
            if entry.get("what") == "refused":
                board.refused_count += 1
                board.refused.append(_refusal_shown(entry))

    # -- reading -------------------------------------------------------------------------

    def board(self, number: int) -> Board:
        """The board numbered ``number``; :class:`HallRefusal` 404 when the round has none."""
        board = self._by_number.get(number)
        if board is None:
            raise HallRefusal(404, "no-such-board", f"round {self.round} has no board {number}")
        return board

    def check_round(self, round_number: int) -> None:
        """:class:`HallRefusal` 404 unless ``round_number`` is the round served."""
        if round_number != self.round:
            raise HallRefusal(
                404, "no-such-round", f"this hall serves round {self.round}, not {round_number}"
            )

    def round_state(self) -> dict[str, Any]:
        """Every board of the round (``GET /api/rounds/R``): the round, the game, whether
        it is closed, and each board's state without its legal moves."""
        boards = []
        for board in self.boards:
            state = board.state()
            for key in ("legal", "position"):
                state.pop(key, None)
            boards.append(state)
        return {
            "round": self.round,
            "game": _written_game(self.game, self.variant),
            "seats": list(self.variant.seats),
            "closed": self.closed,
            "boards": boards,
        }

    def round_pmn(self) -> str:
        """The round's games as PMN text (``GET /api/rounds/R.pmn``), in board order."""
        return "\n".join(board.pmn() for board in self.boards)

    def subscribe(self, listener: Callable[[dict[str, Any]], None]) -> Callable[[], None]:
        """Call ``listener`` with an event (a JSON-ready dict) after each accepted change;
        returns the call that stops it. It is called on the thread that made the change:
        it must not block."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    # -- tokens --------------------------------------------------------------------------

    def authorize(self, board: Board | None, token: str | None) -> bool:
        """Whether ``token`` may write ``board`` (None: the round itself); True for the
        arbiter's. :class:`HallRefusal` 401 without a token, 403 with another."""
        if not token:
            raise HallRefusal(
                401, "no-token", "give the board's token: Authorization: Bearer TOKEN"
            )
        if _same(token, self.arbiter_token):
            return True
        if board is not None and _same(token, board.token):
            return False
        raise HallRefusal(
            403,
            "wrong-token",
            "this token does not write this board"
            if board is not None
            else "only the arbiter's token may do this",
        )

    # -- writing -------------------------------------------------------------------------

    def enter_move(self, number: int, ply: int, move: str, token: str | None) -> dict[str, Any]:
        """Play ``move`` as the move at ``ply`` (0: the first) of board ``number``; the
        board's state once the move is durable.

        The same move already at ``ply`` changes nothing (a resend); another move there,
        or a ``ply`` past the board's end, is :class:`HallRefusal` 409; a move the rules
        refuse is 422 with the validator's code and words; a write that fails, 503."""
        board = self.board(number)
        arbiter = self.authorize(board, token)
        if self.closed and not arbiter:
            raise HallRefusal(409, "round-closed", f"round {self.round} is closed")
        with board.lock:
            recorder = board.recorder
            made = len(recorder.nodes)
            if ply < 0 or ply > made:
                self._refuse(board, ply, move, "stale-ply", f"ply {ply} is past the board's end: "
                             f"{made} moves are made, the next is ply {made}", 409)  # fmt: skip
            if ply < made:
                if self._resent(recorder, ply, move):
                    return board.state()
                self._refuse(board, ply, move, "ply-taken", f"ply {ply} holds another move: "
                             f"{recorder.nodes[ply].token}; the next is ply {made}", 409)  # fmt: skip
            if recorder.result != "*":
                self._refuse(
                    board, ply, move, "game-over", f"the game has ended: {recorder.result}", 409
                )
            try:
                recorder.play(move)
            except MoveError as error:
                self._refuse(board, ply, move, str(error.code), error.reason, 422)
            try:
                text = self._save(board)
            except OSError:
                recorder.undo()
                raise
            played = board.recorder.nodes[-1].token
            return self._accepted(board, text, {"type": "move", "ply": ply, "move": played})

    @staticmethod
    def _resent(recorder: Recorder, ply: int, move: str) -> bool:
        position = recorder.positions[ply]
        try:
            step = next_step(recorder.variant, position, move)
        except MoveError:
            return False
        return recorder.variant.format_move(step.move, position) == recorder.nodes[ply].token

    def takeback(self, number: int, ply: int, token: str | None) -> dict[str, Any]:
        """The arbiter's correction: keep the first ``ply`` moves of board ``number`` (and
        clear its result); the board's state once durable. 409 past the board's end."""
        board = self.board(number)
        self.authorize(None, token)
        with board.lock:
            recorder = board.recorder
            made = len(recorder.nodes)
            if ply < 0 or ply > made:
                raise HallRefusal(
                    409, "stale-ply", f"ply {ply} is past the board's end ({made} moves)"
                )
            kept = (list(recorder.nodes), list(recorder.positions), recorder.result,
                    list(recorder.tags), list(recorder.trailing))  # fmt: skip
            while len(recorder.nodes) > ply:
                recorder.undo()
            recorder.result = "*"
            recorder.tags = [(n, v) for n, v in recorder.tags if n != "Termination"]
            try:
                text = self._save(board)
            except OSError:
                (recorder.nodes, recorder.positions, recorder.result, recorder.tags,
                 recorder.trailing) = kept  # fmt: skip
                raise
            return self._accepted(board, text, {"type": "takeback", "ply": ply})

    def set_result(
        self, number: int, result: str, termination: str, token: str | None
    ) -> dict[str, Any]:
        """The arbiter sets board ``number``'s result and termination (``resignation``,
        ``agreement``, ``time``, ``adjudication``; ``*`` clears a result); the board's
        state once durable. A result the validator refuses is 422 with its words."""
        board = self.board(number)
        self.authorize(None, token)
        with board.lock:
            recorder = board.recorder
            kept = (recorder.result, list(recorder.tags))
            if result == "*":
                recorder.result = "*"
                recorder.tags = [(n, v) for n, v in recorder.tags if n != "Termination"]
            else:
                if termination not in EARLY_TERMINATIONS and termination != "normal":
                    raise HallRefusal(
                        422,
                        "bad-termination",
                        f"termination {termination!r}: give one of "
                        + ", ".join((*EARLY_TERMINATIONS, "normal")),
                    )
                problems = recorder.end(termination, result)
                if problems:
                    raise HallRefusal(422, "bad-result", problems[0])
            try:
                text = self._save(board)
            except OSError:
                recorder.result, recorder.tags = kept
                raise
            event = {"type": "result", "result": recorder.result, "termination": termination}
            return self._accepted(board, text, event)

    def close(self, token: str | None) -> dict[str, Any]:
        """The arbiter closes the round: the boards' tokens write no more (the arbiter's
        still does). The round's state once durable."""
        self.authorize(None, token)
        path = os.path.join(self.hall_dir, f"round-{self.round}.json")
        write_private(path, json.dumps({"closed": True}).encode("utf-8"))
        self.closed = True
        self._log({"what": "close", "board": 0, "time": self.now()})
        self._tell({"type": "close", "round": self.round})
        return self.round_state()

    # -- the rest ------------------------------------------------------------------------

    def _save(self, board: Board) -> str:
        """Write the board's game into its file, durably (raises OSError: 503); its text."""
        text = write_record(board.recorder.record())
        write_bytes(board.path, text.encode("utf-8"))
        return text

    def _accepted(self, board: Board, text: str, event: dict[str, Any]) -> dict[str, Any]:
        board.refresh(text)
        board.last_activity = self.now()
        state = board.state()
        event = {"round": self.round, "board": board.number, **event,
                 "ply_now": state["ply"], "result": state["result"],
                 "to_move": state["to_move"]}  # fmt: skip
        self._log({"what": event["type"], "time": board.last_activity, **event})
        self._tell(event)
        return state

    def _refuse(
        self, board: Board, ply: int, move: str, code: str, message: str, status: int
    ) -> NoReturn:
        board.last_activity = self.now()
        entry = {"what": "refused", "round": self.round, "board": board.number, "ply": ply,
                 "move": move[:40], "code": code, "message": message, "time": board.last_activity}  # fmt: skip
        board.refused_count += 1
        board.refused.append(_refusal_shown(entry))
        self._log(entry)
        raise HallRefusal(status, code, message)

    def _log(self, entry: dict[str, Any]) -> None:
        try:
            with self._log_lock:
                append_line(self.log_path, json.dumps(entry, ensure_ascii=False))
        except OSError:
            pass  # the log is a help to the arbiter: the games are in their files

    def _tell(self, event: dict[str, Any]) -> None:
        for listener in list(self._listeners):
            listener(event)


def _hold(hall_dir: str) -> int:
    """Lock the event folder's hall folder (``flock``, not waited for) for as long as the
    descriptor returned stays open: one server an event folder (two would write over each
    other's boards and tokens). :class:`HallStartError` when another holds it."""
    import fcntl

    descriptor = os.open(hall_dir, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(descriptor)
        raise HallStartError(
            f"{os.path.dirname(hall_dir) or '.'} is being served by another pmn serve: "
            "one server an event folder (stop the other first)"
        ) from None
    return descriptor


def _refusal_shown(entry: dict[str, Any]) -> dict[str, Any]:
    return {
        "ply": entry.get("ply"),
        "move": entry.get("move"),
        "code": entry.get("code"),
        "message": entry.get("message"),
        "time": _stamp(entry.get("time")),
    }


def _tokens(path: str, round_number: int, pairings: Iterable[Pairing]) -> dict[str, Any]:
    """The tokens of ``tokens.json``, with those of this round's boards that were missing
    made and written (mode 0600)."""
    tokens: dict[str, Any] = {"arbiter": "", "boards": {}}
    if os.path.exists(path):
        with open_input(path) as stream:
            try:
                read = json.loads(stream.read().decode("utf-8"))
                tokens = {"arbiter": str(read["arbiter"]), "boards": dict(read["boards"])}
            except (ValueError, KeyError, TypeError) as error:
                raise HallStartError(f"{path}: not the hall's tokens ({error}); move it away to "
                                     "make new tokens") from None  # fmt: skip
    changed = not tokens["arbiter"]
    if changed:
        tokens["arbiter"] = _token()
    for pairing in pairings:
        key = f"{round_number}/{pairing.board}"
        if key not in tokens["boards"]:
            tokens["boards"][key] = _token()
            changed = True
    if changed:
        write_private(path, (json.dumps(tokens, indent=2) + "\n").encode("utf-8"))
    return tokens


def _resumed(path: str, pairing: Pairing) -> Recorder:
    """The recorder of a board's game read back from its file."""
    with open_input(path) as stream:
        data = stream.read()
    allow_rewrite(path)  # the hall rewrites the file it read, by design
    try:
        records = read_text(data.decode("utf-8"), path)
    except UnicodeDecodeError as error:
        raise HallStartError(f"{path}: not UTF-8 text ({error})") from None
    if len(records) != 1 or records[0].damaged:
        raise HallStartError(
            f"{path}: a board's file holds one game; it holds {len(records)}"
            if len(records) != 1
            else f"{path}: cannot read the board's game: {records[0].errors[0].message}"
        )
    record = records[0]
    tags = dict(record.tags)
    for seat, name in pairing.players:
        if tags.get(seat) != name:
            raise HallStartError(
                f"{path}: {seat} is {tags.get(seat)!r} in the board's file, {name!r} in the "
                "pairings: correct one of them"
            )
    try:
        return Recorder(path, record)
    except PMNError as error:
        raise HallStartError(f"{path}: cannot carry on the board's game: {error}") from None


__all__ = [
    "HALL_FOLDER",
    "LEGAL_LIMIT",
    "STATE_KEYS",
    "Board",
    "Hall",
    "HallRefusal",
    "HallStartError",
    "new_record_tags",
]
