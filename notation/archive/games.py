"""Games of a collection as the archive commands read them: the tags at once, the rest
only when a command asks for it.

A filter on tags (players, the game, dates, any tag) reads only each game's tag
section; the result and the number of moves are read without building its record
(the outline :class:`~notation.formats.visitor.OutlineBuilder` gives); the record is read (by the
reader's quick path when the game is plain) only for what needs it: a position, the
validator's verdict, another output format. A game written out to PMN is written as its
text was read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import cast

from notation.core.record import Line, MoveNode, Record, first_tag
from notation.formats.collection import read_tagged
from notation.formats.pmn import TaggedChunk
from notation.formats.reader import read_game
from notation.formats.registry import RecordSink
from notation.formats.visitor import FirstMovesBuilder, RecordBuilder


class ArchiveGame:
    """One game of a collection: its tags, and its text, outline and record when asked.

    ``ordinal`` is its number in its file (from 1). ``on_read`` is told of its record
    when it is read (to report a damaged one where it is met).
    """

    __slots__ = ("_game", "_on_read", "_outline", "_record", "ordinal", "tags")

    def __init__(
        self,
        game: TaggedChunk | Record,
        ordinal: int = 1,
        on_read: Callable[[ArchiveGame, Record], None] | None = None,
    ) -> None:
        self._game = game
        self.tags: tuple[tuple[str, str], ...] = game.tags
        self.ordinal = ordinal
        self._on_read = on_read
        self._record: Record | None = None
        self._outline: tuple[str, int] | None = None
        if isinstance(game, Record):  # a format read whole: its record is read already
            self._record = game
            if on_read is not None:
                on_read(self, game)
        elif game.damaged:  # a text that does not decode: read (and reported) at once
            self.record  # noqa: B018

    @property
    def source(self) -> str:
        """The file the game was read from (``<stdin>`` for standard input)."""
        return self._game.source

    def tag(self, name: str) -> str | None:
        """The value of the first tag called ``name``, or None."""
        return first_tag(self.tags, name)

    @property
    def record(self) -> Record:
        """The game's record (a PMN game read on first use: by the reader's quick path
        when it is written plainly, which gives the full record but for its moves'
        places)."""
        if self._record is None:
            self._read(read_game(self._game.chunk, RecordBuilder(places=False)))  # type: ignore[union-attr]
        return self._record  # type: ignore[return-value]

    def _read(self, record: Record) -> None:
        self._record = record
        if self._on_read is not None:
            self._on_read(self, record)

    @property
    def read(self) -> bool:
        """Whether the record has been read."""
        return self._record is not None

    @property
    def text(self) -> str | None:
        """The game's PMN text as read (line ends made plain, ending with one line end),
        or None when there is none to write as it is: a game of another format (a PlayOK
        export's too), or one the reader could not decode or cut off."""
        game = self._game
        if isinstance(game, Record) or not game.as_read:
            return None
        chunk = game.chunk
        if chunk.errors or chunk.too_large:
            return None
        return chunk.text.rstrip("\n") + "\n"

    def head(self, plies: int) -> Record:
        """The game's record with its main line cut after ``plies`` moves, its tags and
        the result it declares (:attr:`result`): all an opening tree of that depth
        replays. A plainly written game is read only that far
        (:class:`~notation.formats.visitor.FirstMovesBuilder`: what follows is not read,
        so a fault after the ``plies``-th move is not met); any other is read whole (a
        damaged one is then the whole record, and reported)."""
        game = self._game
        if self._record is None and not isinstance(game, Record):
            builder = FirstMovesBuilder(plies)
            first = cast("tuple[MoveNode, ...]", read_game(game, builder))
            if builder.quickly_read:
                return Record(
                    self.tags, Line(first), self.result, source=game.source, line=game.line
                )
            self._read(builder.record())  # read whole
        record = self.record
        moves = record.mainline.moves
        if record.damaged or len(moves) <= plies:
            return record if record.result == self.result else replace(record, result=self.result)
        return replace(
            record, mainline=replace(record.mainline, moves=moves[:plies]), result=self.result
        )

    @property
    def result(self) -> str:
        """The result the game declares: its ``Result`` tag when its text ends with the
        same token (read from the tags and the text's last bytes, without the moves),
        else the result token read at the end of its main line (:attr:`outline`).

        The two differ only for a text damaged between its tags and its last token, which
        ``validate`` reports: it is taken at its word (:func:`declared_result`)."""
        game = self._game
        # a game of another format, or a text made from one (a PlayOK export's): its
        # record's result, as the index reads those
        word = None if isinstance(game, Record) or not game.as_read else game.last_word
        return declared_result(self.tags, word, lambda: self.outline[0])

    @property
    def damaged(self) -> bool:
        """Whether the game's moves cannot be read: found reading no more than its
        :attr:`outline` (a game written plainly reads quickly, and is not damaged; any
        other is read whole, and reported when ``on_read`` reports it)."""
        self.outline  # noqa: B018 (reads a game that is not plain)
        return self._record is not None and self._record.damaged

    @property
    def outline(self) -> tuple[str, int]:
        """The result written at the end of the main line, and its number of moves: read
        without building the record of a game written plainly, else from its record."""
        if self._outline is None:
            game = self._game
            if self._record is None and not isinstance(game, Record):
                builder = _OutlineOrRecord()
                found = cast("tuple[str, int]", read_game(game.chunk, builder))
                if not builder.quickly_read:  # read whole: kept (and reported if damaged)
                    self._read(builder.record())
            else:
                record = self.record
                found = (record.result, len(record.mainline.moves))
            self._outline = found
        return self._outline


class _OutlineOrRecord(RecordBuilder):
    """A game's outline (:class:`~notation.formats.visitor.OutlineBuilder`'s) without
    building its record when it is written plainly; its record when it is not, so a
    game read whole is read once."""

    plies: int

    def __init__(self) -> None:
        super().__init__(places=False)

    def visit_moves(self, nodes: Sequence[MoveNode]) -> None:
        self.quickly_read = True
        self.plies = len(nodes)

    def result(self) -> tuple[str, int]:  # type: ignore[override]
        if self.quickly_read:
            return (self.result_token or "*", self.plies)
        record = self.record()
        return (record.result, len(record.mainline.moves))


def declared_result(
    tags: Sequence[tuple[str, str]], last_word: str | None, read_result: Callable[[], str]
) -> str:
    """The result a game declares, as the archive commands compare it (``select
    --result``, the index, opening trees): the first ``Result`` tag's value when the
    game's text ends with that token (``last_word``; None for a game with no text of its
    own), else ``read_result()``, the result token its record reads."""
    tag = first_tag(tags, "Result")
    if tag is not None and tag == last_word:
        return tag
    return read_result()


def write_game(sink: RecordSink, game: ArchiveGame) -> None:
    """Write a game after those ``sink`` has written: to PMN as its text was read (a text
    the reader does not read plainly is read first, so that a damaged game is reported
    as it was before), else its record in the sink's format."""
    text = game.text if sink.fmt == "pmn" else None
    if text is None:
        sink.write(game.record)
        return
    if not game.read:  # (a game read already was reported when it was read)
        game.outline  # noqa: B018 (reads a game that is not plain, reporting it if damaged)
    sink.write_game_text(text)


def read_archive(
    path: str,
    fmt: str | None = None,
    *,
    encoding: str | None = None,
    on_read: Callable[[ArchiveGame, Record], None] | None = None,
) -> Iterator[ArchiveGame]:
    """The games of one file (``-``: standard input) as :class:`ArchiveGame` values, one
    at a time; ``fmt`` and ``encoding`` as :func:`notation.formats.collection.read_path`
    takes them."""
    for ordinal, game in enumerate(read_tagged(path, fmt, encoding=encoding), start=1):
        yield ArchiveGame(game, ordinal, on_read)


__all__ = ["ArchiveGame", "declared_result", "read_archive", "write_game"]
