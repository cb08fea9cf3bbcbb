"""The hall's ASGI application (Starlette, served by uvicorn): the API and the pages.

URL plan (``R``: the round's number, ``B``: a board's number; every answer carries a
content security policy and ``Server-Timing: app;dur=MS``; JSON bodies are at most
:data:`MOST_BODY` bytes):

The API (JSON; errors are ``{"error": {"code", "message"}}``):

- ``GET /api/health``: 200 ``{"status": "ok", "round", "boards"}`` when ready;
- ``GET /api/rounds/R``: every board of the round (``moves``, ``ply``, ``to_move``,
  ``result``, ``termination``, ``players``, ``last_activity``, ``refused`` and
  ``refused_count``), and whether the round is ``closed``;
- ``GET /api/rounds/R.pmn``: the round's games as PMN text, now;
- ``GET /api/rounds/R/boards/B``: a board's state
  (:meth:`notation.hall.hall.Board.state`: ``moves``, ``ply``, ``to_move``, ``result``,
  ``players``, ``legal`` (the first 200 legal moves), ``legal_count``, ``position``...);
- ``GET /api/rounds/R/boards/B.pmn``: a board's game as PMN text;
- ``POST /api/rounds/R/boards/B/moves`` ``{"ply": n, "move": "C"}`` with
  ``Authorization: Bearer TOKEN`` (the board's or the arbiter's): 200 and the board's state
  once the move is durable, also when that very move is already at ply ``n`` (a resend);
  409 when ply ``n`` holds another move or is past the board's end; 422 with the
  validator's code and words for an illegal move; 401 without a token, 403 with another
  board's; 429 when a token or an address sends too fast;
- ``POST /api/rounds/R/boards/B/result`` ``{"result": "1-0", "termination":
  "resignation"}`` (the arbiter's token only; a board's: 403); ``"result": "*"`` clears it;
- ``POST /api/rounds/R/boards/B/takeback`` ``{"ply": n}`` (the arbiter's): keep the first
  ``n`` moves;
- ``POST /api/rounds/R/close`` (the arbiter's): the boards' tokens write no more;
- ``GET /api/stream``: Server-Sent Events: ``event: move``, ``result``, ``takeback``,
  ``close``, each ``data`` a JSON object with ``round``, ``board``, ``ply``, ``move``,
  ``ply_now``, ``result``, ``to_move``; a comment line every 15 seconds keeps it open.
  Events go out every :data:`FLUSH_SECONDS` at most, those waiting in one write.
  A client that does not read its events fast enough is dropped (it reconnects, as
  ``EventSource`` does, and reads the round again).

The pages (:func:`notation.hall.pages.page_routes`), the tokens in the URL's fragment
(``#token=...``: read by the page's script and sent as ``Authorization: Bearer``, never
sent to the server in a URL, never in a log):

- ``/``: the spectators' page of the round; ``/rounds/R/boards/B``: a board;
- ``/record/R/B#token=TOKEN``: the recorder's page of a board;
- ``/arbiter#token=TOKEN``: the arbiter's page;
- ``/static/...``: the pages' CSS, scripts and images (``notation/hall/static``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from notation.hall import pages
from notation.hall.hall import Hall, HallRefusal

#: The most bytes a request's body may hold.
MOST_BODY = 4096
#: The content security policy of every answer: nothing but the hall's own scripts,
#: styles and images (and images as data: URLs, as QR codes are drawn).
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
    "form-action 'self'"
)
_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]
#: A token's writes: so many a second, and a burst of so many (a recorder's page sending
#: the moves it kept while offline sends them one after the other, as fast as answered).
WRITES_PER_SECOND = 50.0
WRITE_BURST = 200
#: An address's refused tokens (401, 403): so many a minute, then 429 for a while.
BAD_TOKENS_PER_MINUTE = 30
#: The most connections the server holds at once (uvicorn answers 503 past it).
MOST_CONNECTIONS = 4000
#: The event stream: the most clients, and the most writes a client may have waiting.
MOST_LISTENERS = 3000
QUEUE_SIZE = 256
#: The event stream's events wait at most this long to go out with the next ones.
FLUSH_SECONDS = 0.1
KEEPALIVE_SECONDS = 15.0
_STATIC = os.path.join(os.path.dirname(__file__), "static")


class SecurityHeaders:
    """ASGI middleware: the content security policy and its companions on every answer,
    and ``Server-Timing: app;dur=MS``, the time the server took from the request to its
    answer (a move's includes its write to disk)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        began = time.perf_counter()

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                took = f"app;dur={(time.perf_counter() - began) * 1000:.1f}".encode()
                message["headers"] = [
                    *message.get("headers", []),
                    *_HEADERS,
                    (b"server-timing", took),
                ]
            await send(message)

        await self.app(scope, receive, with_headers)


class Buckets:
    """Token buckets by key (a token, an address): ``rate`` a second, ``burst`` at once.

    At most ``most`` keys are kept (the oldest forgotten first): bounded memory."""

    def __init__(self, rate: float, burst: float, most: int = 10000) -> None:
        self.rate, self.burst, self.most = rate, burst, most
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, key: str, now: float | None = None) -> bool:
        """Take one from ``key``'s bucket; False when it is empty."""
        now = time.monotonic() if now is None else now
        level, then = self._buckets.pop(key, (self.burst, now))
        level = min(self.burst, level + (now - then) * self.rate)
        allowed = level >= 1
        self._buckets[key] = (level - 1 if allowed else level, now)
        while len(self._buckets) > self.most:
            del self._buckets[next(iter(self._buckets))]
        return allowed

    def empty(self, key: str, now: float | None = None) -> bool:
        """Whether ``key``'s bucket is empty now (without taking from it)."""
        now = time.monotonic() if now is None else now
        level, then = self._buckets.get(key, (self.burst, now))
        return min(self.burst, level + (now - then) * self.rate) < 1


class Broadcast:
    """The event stream's clients, each with a bounded queue; one too slow is dropped.

    :meth:`publish` may be called from any thread (the hall's changes are made on worker
    threads): it hands the event to the event loop."""

    def __init__(self) -> None:
        self.queues: set[asyncio.Queue[str | None]] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.sequence = 0
        self.dropped = 0
        self.pending: list[str] = []

    def publish(self, event: dict[str, Any]) -> None:
        """Send ``event`` to every client (from any thread)."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._fan_out, event)

    def _fan_out(self, event: dict[str, Any]) -> None:
        """Keep the event for the next flush (a flush every FLUSH_SECONDS at most: a
        busy hall's events go to each client a few at a time, in one write)."""
        self.sequence += 1
        self.pending.append(
            f"id: {self.sequence}\nevent: {event.get('type', 'message')}\n"
            f"data: {json.dumps(event, ensure_ascii=False)}\n\n"
        )
        if len(self.pending) == 1 and self.loop is not None:
            self.loop.call_later(FLUSH_SECONDS, self._flush)

    def _flush(self) -> None:
        text = "".join(self.pending)
        self.pending.clear()
        for queue in list(self.queues):
            try:
                queue.put_nowait(text)
            except asyncio.QueueFull:  # a slow client: dropped, not waited for
                self.queues.discard(queue)
                self.dropped += 1
                while not queue.empty():
                    queue.get_nowait()
                queue.put_nowait(None)

    async def events(self, queue: asyncio.Queue[str | None]) -> AsyncIterator[str]:
        """A client's stream: its events as they come, a comment when there are none."""
        try:
            yield "retry: 2000\n: the hall's events\n\n"
            while True:
                try:
                    text = await asyncio.wait_for(queue.get(), KEEPALIVE_SECONDS)
                except TimeoutError:
                    yield ": still here\n\n"
                    continue
                if text is None:
                    return
                waiting = [text]  # a client behind gets what waits in one write
                while not queue.empty() and len(waiting) < 64:
                    more = queue.get_nowait()
                    if more is None:
                        yield "".join(waiting)
                        return
                    waiting.append(more)
                yield "".join(waiting)
        finally:
            self.queues.discard(queue)


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def _who(request: Request) -> str:
    return request.client.host if request.client is not None else "?"


def _key(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()[:32]


def _json(data: Any) -> JSONResponse:
    return JSONResponse(data, headers={"cache-control": "no-store"})


_Handler = Callable[[Any, Request], Awaitable[Response]]


def _refusals(handler: _Handler) -> _Handler:
    """A handler whose :class:`HallRefusal` is answered as the API's error."""

    @functools.wraps(handler)
    async def answered(self: Any, request: Request) -> Response:
        try:
            return await handler(self, request)
        except HallRefusal as refusal:
            return JSONResponse(refusal.body(), status_code=refusal.status)

    return answered


def _error_answer(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse(HallRefusal(status, code, message).body(), status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, at most MOST_BODY bytes (HallRefusal 413, 400)."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MOST_BODY):
        raise HallRefusal(413, "too-large", f"a request's body is at most {MOST_BODY} bytes")
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MOST_BODY:
            raise HallRefusal(413, "too-large", f"a request's body is at most {MOST_BODY} bytes")
    try:
        body = json.loads(data or b"{}")
    except ValueError:
        raise HallRefusal(400, "bad-request", "the body is not JSON") from None
    if not isinstance(body, dict):
        raise HallRefusal(400, "bad-request", "the body is a JSON object")
    return body


def _ply(body: dict[str, Any]) -> int:
    ply = body.get("ply")
    if not isinstance(ply, int) or isinstance(ply, bool) or ply < 0:
        raise HallRefusal(400, "bad-request", '"ply" is the number of moves before it (0, 1, ...)')
    return ply


def _text(body: dict[str, Any], name: str, most: int = 64) -> str:
    value = body.get(name)
    if not isinstance(value, str) or not value.strip() or len(value) > most:
        raise HallRefusal(400, "bad-request", f'"{name}" is a text of 1 to {most} characters')
    return value.strip()


class HallApi:
    """The API's handlers over one :class:`~notation.hall.hall.Hall`: reads answered at
    once, writes run on worker threads (each waits for its board's file to be on disk)."""

    def __init__(self, hall: Hall) -> None:
        self.hall = hall
        self.broadcast = Broadcast()
        hall.subscribe(self.broadcast.publish)
        self.writes = Buckets(WRITES_PER_SECOND, WRITE_BURST)
        self.bad_tokens = Buckets(BAD_TOKENS_PER_MINUTE / 60.0, BAD_TOKENS_PER_MINUTE)

    def routes(self) -> list[BaseRoute]:
        """The API's routes (see the module's docstring)."""
        board = "/api/rounds/{round:int}/boards/{board:int}"
        return [
            Route("/api/health", self.health),
            Route("/api/stream", self.stream),
            Route("/api/rounds/{round:int}.pmn", self.round_pmn),
            Route("/api/rounds/{round:int}", self.round_state),
            Route("/api/rounds/{round:int}/close", self.close, methods=["POST"]),
            Route(f"{board}.pmn", self.board_pmn),
            Route(board, self.board_state),
            Route(f"{board}/moves", self.move, methods=["POST"]),
            Route(f"{board}/result", self.result, methods=["POST"]),
            Route(f"{board}/takeback", self.takeback, methods=["POST"]),
        ]

    async def write(
        self, request: Request, act: Callable[[str | None], dict[str, Any]]
    ) -> Response:
        """Run a write of the hall (on a worker thread: it waits for the disk) for the
        request's token, bounded in rate by token and by address."""
        who = _who(request)
        if self.bad_tokens.empty(who):
            return _error_answer(429, "too-many", "too many refused tokens from this address: wait")
        token = _bearer(request)
        if token is not None and not self.writes.take(_key(token)):
            return _error_answer(
                429, "too-many", "too many requests with this token: wait a second"
            )
        try:
            return _json(await anyio.to_thread.run_sync(act, token))
        except HallRefusal as refusal:
            if refusal.status in (401, 403):
                self.bad_tokens.take(who)
            challenge = {"www-authenticate": "Bearer"} if refusal.status == 401 else None
            return JSONResponse(refusal.body(), status_code=refusal.status, headers=challenge)
        except OSError as error:
            return _error_answer(
                503, "not-saved", f"the change could not be saved: {error.strerror}"
            )

    def numbers(self, request: Request) -> tuple[int, int]:
        """The round and board of the request's path (HallRefusal 404: not served)."""
        params = request.path_params
        self.hall.check_round(int(params["round"]))
        return int(params["round"]), int(params.get("board", 0))

    async def health(self, request: Request) -> Response:
        """``GET /api/health``."""
        hall = self.hall
        return _json({"status": "ok", "round": hall.round, "boards": len(hall.boards)})

    @_refusals
    async def round_state(self, request: Request) -> Response:
        """``GET /api/rounds/R``."""
        self.numbers(request)
        return _json(self.hall.round_state())

    @_refusals
    async def round_pmn(self, request: Request) -> Response:
        """``GET /api/rounds/R.pmn``."""
        self.numbers(request)
        disposition = f'inline; filename="round-{self.hall.round}.pmn"'
        return PlainTextResponse(
            self.hall.round_pmn(),
            headers={"cache-control": "no-store", "content-disposition": disposition},
        )

    @_refusals
    async def board_state(self, request: Request) -> Response:
        """``GET /api/rounds/R/boards/B``."""
        _, board = self.numbers(request)
        return _json(self.hall.board(board).state())

    @_refusals
    async def board_pmn(self, request: Request) -> Response:
        """``GET /api/rounds/R/boards/B.pmn``."""
        _, board = self.numbers(request)
        text = self.hall.board(board).pmn()
        return PlainTextResponse(text, headers={"cache-control": "no-store"})

    @_refusals
    async def move(self, request: Request) -> Response:
        """``POST /api/rounds/R/boards/B/moves``."""
        _, board = self.numbers(request)
        body = await _body(request)
        ply, played = _ply(body), _text(body, "move")
        return await self.write(
            request, lambda token: self.hall.enter_move(board, ply, played, token)
        )

    @_refusals
    async def result(self, request: Request) -> Response:
        """``POST /api/rounds/R/boards/B/result``."""
        _, board = self.numbers(request)
        body = await _body(request)
        value = _text(body, "result", 32)
        termination = body.get("termination") or ("normal" if value != "*" else "")
        if not isinstance(termination, str):
            raise HallRefusal(400, "bad-request", '"termination" is a text')
        return await self.write(
            request, lambda token: self.hall.set_result(board, value, termination, token)
        )

    @_refusals
    async def takeback(self, request: Request) -> Response:
        """``POST /api/rounds/R/boards/B/takeback``."""
        _, board = self.numbers(request)
        ply = _ply(await _body(request))
        return await self.write(request, lambda token: self.hall.takeback(board, ply, token))

    @_refusals
    async def close(self, request: Request) -> Response:
        """``POST /api/rounds/R/close``."""
        self.numbers(request)
        await _body(request)
        return await self.write(request, self.hall.close)

    async def stream(self, request: Request) -> Response:
        """``GET /api/stream``: the event stream."""
        broadcast = self.broadcast
        broadcast.loop = asyncio.get_running_loop()
        if len(broadcast.queues) >= MOST_LISTENERS:
            return _error_answer(503, "too-many", "the event stream is full: try again later")
        queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUE_SIZE)
        broadcast.queues.add(queue)
        return StreamingResponse(
            broadcast.events(queue),
            media_type="text/event-stream",
            headers={"cache-control": "no-store", "x-accel-buffering": "no"},
        )


def create_app(hall: Hall) -> Starlette:
    """The hall's application: the API, the event stream, the pages and their files."""
    api = HallApi(hall)
    routes: list[BaseRoute] = [
        *api.routes(),
        *pages.page_routes(hall),
        Mount("/static", StaticFiles(directory=_STATIC), name="static"),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        api.broadcast.loop = asyncio.get_running_loop()
        yield

    app = Starlette(routes=routes, lifespan=lifespan)
    app.add_middleware(SecurityHeaders)
    app.state.hall = hall
    app.state.api = api
    return app


__all__ = [
    "CSP",
    "MOST_BODY",
    "MOST_CONNECTIONS",
    "Broadcast",
    "Buckets",
    "HallApi",
    "SecurityHeaders",
    "create_app",
]
