"""PlayOK's game exports, read as they are and written as PlayOK writes them.

PlayOK (playok.com) lets its players export their games in a PGN-like text. Its
Togyz Kumalak exports look like this::

    [Event "5123456"]
    [Site "PlayOK"]
    [Date "2025.03.14"]
    [Round "1"]
    [White "tasbori41"]
    [Black "kumjel77"]
    [Result "1-0"]
    [Time "18:05:12"]
    [TimeControl "600"]
    [WhiteElo "1250"]
    [BlackElo "1190"]

    1. 43(10) 43(10) 2. 66 99(22) 3. 12(22) 13X 4. 57(34) 69 5. 61X 35 6.
    26(40) 51 ... 43. 89 1-0 {zero}

(a made-up game, in the layout of the real ones).

PlayOK's movetext is PMN's (``87(10)`` is one token since ruling Q10 came in), so
the reader is PMN's, on each game's text as PMN's cutter cuts it
(:func:`iter_chunks`), with the tags PlayOK leaves out put in on lines the game
already has: every line and column reported is the file's, and ``pmn validate``
sends the games to other processes as text, as it does PMN's. What differs from PMN
text, and how the reader takes it:

- no ``Game`` tag: the reader puts one first, naming the game it was told
  (``--variant``), else the first registered game that declares the format
  ``playok`` in :attr:`notation.games.base.Variant.formats` (Togyz Kumalak);
- a move token may carry PlayOK's capture total in parentheses, ``87(10)``
  (ruling Q10): one token, not a move followed by a variation;
- movetext is wrapped at 59 columns anywhere, even between ``15.`` and its move;
- the result is followed by ``{zero}`` when the game ended with an empty row
  (ruling Q11): a comment, kept (it becomes the last move's comment, as a comment
  after the result is in PMN);
- PlayOK gives the result of games the rules had not ended (resignations,
  time, abandoned games) without saying why. Under ruling N5 such a game keeps
  its result with ``[Termination "unknown"]``: the reader writes that tag on every
  game that declares a result and has no ``Termination`` (it does not replay: the
  validator checks the result against the rules wherever they ended the game, and
  ``pmn repair`` drops the tag there); it never invents resignation or time.

Every other tag is kept in its place. The writer (:class:`PlayOKWriter`) writes
PlayOK's layout back: the tags without the two the reader adds (the default game's
``Game`` tag, and ``Termination "unknown"``), a blank line, the movetext wrapped at
59 columns, the result, and the last move's comments after it, one blank line between
games; with the line ends of the export the records were read from (PlayOK's own are
CRLF) and its blank line at the end, if it has one (:func:`export_layout`). A PlayOK
file read and written back is the same text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import IO, NamedTuple

from notation.core.pits import PitsError
from notation.core.record import ReadError, Record
from notation.core.replay import StepVisitor, open_game, replay
from notation.core.tokens import escape_tag_value
from notation.errors import Code, WriteError
from notation.files.sources import open_source
from notation.formats.pmn import Chunk, read_chunk
from notation.formats.pmn import iter_chunks as pmn_chunks
from notation.games import AnyVariant, RulesError, find_variant, games
from notation.games.base import PositionError

#: The format's name in the registry, and in a game's ``formats``.
FORMAT = "playok"
#: The column PlayOK wraps movetext at.
WIDTH = 59
#: The ``Termination`` value of ruling N5.
UNKNOWN = "unknown"
#: The ``Site`` of every game PlayOK exports.
SITE = "PlayOK"


def from_playok(record: Record) -> bool:
    """Whether a record is a PlayOK game (its ``Site`` is PlayOK's), read from an export
    or from PMN text made from one."""
    return record.tag("Site") == SITE


class PlayOKWriteError(WriteError):
    """A record PlayOK's export cannot hold (variations, annotations, a damaged record)."""


# -- which game --------------------------------------------------------------------


def playok_variant(game: str | None = None) -> AnyVariant:
    """The variant of a PlayOK export: the game named (any name or alias of a registered
    game), else the first registered game that declares the format ``playok``.

    Raises RulesError for an unknown game, or when no name is given and no game
    declares the format.
    """
    if game is not None:
        return find_variant(game)
    for cls in games():
        if FORMAT in cls.formats:
            return find_variant(cls.names[0])
    raise RulesError("a PlayOK export does not name its game: name it with --variant")


def _game_tags(variant: AnyVariant) -> tuple[tuple[str, str], ...]:
    """The ``Game`` tag (and ``Rules`` when the name chose other rules than the default)."""
    default = find_variant(variant.game)
    if variant.rules != default.rules:
        return (("Game", variant.game), ("Rules", variant.rules))
    return (("Game", variant.game),)


# -- reading -------------------------------------------------------------------------

#: A ``Game`` tag in a game's tag section, a ``Termination`` tag, and the ``Result`` tag.
_GAME_TAG_RE = re.compile(r'^[ \t]*\[[ \t]*Game[ \t]+"', re.MULTILINE)
_TERMINATION_TAG_RE = re.compile(r'^[ \t]*\[[ \t]*Termination[ \t]+"', re.MULTILINE)
_RESULT_TAG_RE = re.compile(r'^[ \t]*\[[ \t]*Result[ \t]+"([^"\n]*)"\]', re.MULTILINE)


def read_stream(stream: IO[bytes], source: str, game: str | None = None) -> Iterator[Record]:
    """The registry's reader: the games of a binary stream of a PlayOK export."""
    return (read_chunk(chunk) for chunk in iter_chunks(stream, source, game))


def read_playok(text: str, source: str = "<string>", game: str | None = None) -> list[Record]:
    """Every game of a PlayOK export's text."""
    return [read_chunk(c) for c in iter_chunks(text.splitlines(keepends=True), source, game)]


def iter_chunks(
    lines: Iterable[str | bytes] | IO[bytes], source: str = "<string>", game: str | None = None
) -> Iterator[Chunk]:
    """The games of a PlayOK export as PMN text, cut and not yet read (PMN's cutter):
    each game's text with the tags PlayOK leaves out put in (:func:`as_pmn`), on the
    lines it has, so every line and column of its moves is the file's.

    PlayOK's movetext is PMN's (``87(10)`` is one token, ruling Q10; ``{zero}`` a
    comment): the games are read, or validated in other processes, as PMN games are.
    """
    try:
        tags = _game_tags(playok_variant(game))
        unknown: str | None = None
    except RulesError as exc:
        tags, unknown = (), str(exc)
    for chunk in pmn_chunks(lines, source):
        yield as_pmn(chunk, tags, unknown)


def as_pmn(
    chunk: Chunk, game_tags: tuple[tuple[str, str], ...], unknown: str | None = None
) -> Chunk:
    """A PlayOK game's chunk as a PMN game: ``game_tags`` before its first tag pair (unless
    it has a ``Game`` tag), and ruling N5's ``[Termination "unknown"]`` after its
    ``Result`` tag pair when the result is not ``*`` and no ``Termination`` is given
    (see :func:`with_unknown_termination`), each on a line that is already there.
    With no game (``unknown`` says why), the chunk gets that error instead."""
    if chunk.too_large:
        return chunk
    text, original = chunk.text, chunk.original
    head = text.split("\n\n", 1)[0]
    result = _RESULT_TAG_RE.search(head)
    if result is not None and result.group(1) != "*" and not _TERMINATION_TAG_RE.search(head):
        text = _after_result(text)
        original = None if original is None else _after_result(original)
    if _GAME_TAG_RE.search(head) is None:
        if not game_tags:
            error = ReadError(Code.UNKNOWN_GAME, unknown or "no game named", chunk.line, 1)
            return replace(chunk, errors=(*chunk.errors, error))
        text = _before_tags(text, game_tags)
        original = None if original is None else _before_tags(original, game_tags)
    return replace(chunk, text=text, original=original)


def _before_tags(text: str, tags: tuple[tuple[str, str], ...]) -> str:
    """The text with tag pairs put before its first ``[`` (on that line)."""
    at = text.find("[")
    pairs = "".join(f'[{name} "{escape_tag_value(value)}"] ' for name, value in tags)
    return text if at < 0 else text[:at] + pairs + text[at:]


def _after_result(text: str) -> str:
    """The text with ruling N5's tag pair after its Result tag pair (on that line)."""
    found = _RESULT_TAG_RE.search(text)
    assert found is not None  # (found in the text's head before)
    return text[: found.end()] + f' [Termination "{UNKNOWN}"]' + text[found.end() :]


def with_unknown_termination(record: Record) -> Record:
    """Ruling N5: a record that declares a result and no ``Termination`` gets
    ``[Termination "unknown"]`` (after its ``Result`` tag): PlayOK gives results without
    saying why a game stopped. The validator takes it as a stated reason where the rules
    had not ended the game (N1), and checks the result against the rules where they had;
    ``pmn repair`` drops it there. Damaged records and ``*`` are unchanged."""
    if record.result == "*" or record.damaged or record.tag("Termination") is not None:
        return record
    tags = list(record.tags)
    at = next((i + 1 for i, (name, _) in enumerate(tags) if name == "Result"), len(tags))
    tags.insert(at, ("Termination", UNKNOWN))
    return Record(tuple(tags), record.mainline, record.result, (), None, record.source, record.line)


def settle_termination(record: Record) -> Record:
    """Ruling N5 as a converter writes it: ``[Termination "unknown"]`` (put in by the
    reader on every game that declares a result) is dropped from a record whose moves
    the rules ended (Q7, Q8: the result is theirs, no reason is needed), and kept where
    they had not. The main line is replayed by the one replay; a record the rules
    cannot replay to its end, or that cannot be opened, is unchanged."""
    if record.damaged or record.tag("Termination") != UNKNOWN:
        return record
    try:
        game = open_game(record)
    except (PitsError, RulesError, PositionError):
        return record
    replayed = replay(
        game.variant, game.record.mainline, game.start, StepVisitor(), variations=False
    )
    if replayed.outcome is None:  # ruling N5: the site's result, the reason unknown
        return record
    tags = tuple(tag for tag in record.tags if tag != ("Termination", UNKNOWN))
    return replace(record, tags=tags)


# -- writing -------------------------------------------------------------------------


class Layout(NamedTuple):
    """How an export's text is laid out beyond its games: the line end (PlayOK's own
    exports use CRLF), and whether a blank line ends the file."""

    line_end: str = "\n"
    final_blank: bool = False


#: How much of a file's start :func:`export_layout` looks at for its first line end.
_LAYOUT_HEAD = 1 << 16


def export_layout(source: str) -> Layout:
    """The layout of the PlayOK export at ``source`` (a file's path, as a record names
    it): its first line end, and whether it ends with a blank line. The default layout
    (``\n``, no final blank line) for what is not a file that can be read (``<stdin>``,
    a name shown escaped)."""
    if source.startswith("<"):
        return Layout()
    try:
        with open_source(source, None) as stream:
            head = stream.read(_LAYOUT_HEAD)
            tail = head[-4:]
            for block in iter(lambda: stream.read(1 << 20), b""):
                tail = (tail + block)[-4:]
    except (OSError, ValueError):
        return Layout()
    first = head.find(b"\n")
    line_end = "\r\n" if first > 0 and head[first - 1 : first] == b"\r" else "\n"
    blank = tail.endswith(b"\r\n\r\n" if line_end == "\r\n" else b"\n\n")
    return Layout(line_end, blank)


class PlayOKWriter:
    """Records written in PlayOK's layout, one at a time (the format registry's writer).

    ``width`` is ignored: PlayOK wraps at :data:`WIDTH`. The line ends, and a blank line
    at the end, are those of the export the first record was read from
    (:func:`export_layout`), so that an export written back is the same text. Raises
    :class:`PlayOKWriteError` for what PlayOK's export cannot hold: variations,
    annotations, comments between moves or holding ``}``, a damaged record.
    """

    def __init__(self, out: IO[str], width: int = WIDTH) -> None:
        self.out = out
        self.count = 0
        self.layout = Layout()

    def write(self, record: Record) -> None:
        """Write one record after those already written."""
        if self.count:
            self.out.write(self.layout.line_end)
        else:
            self.layout = export_layout(record.source)
        text = format_playok(record)
        self.out.write(text if self.layout.line_end == "\n" else text.replace("\n", "\r\n"))
        self.count += 1

    def close(self) -> None:
        """End the file as the export ended: with a blank line, where it had one."""
        if self.count and self.layout.final_blank:
            self.out.write(self.layout.line_end)


def format_playok(record: Record) -> str:
    """One record in PlayOK's layout: tags, a blank line, wrapped movetext, the result."""
    if record.damaged:
        raise PlayOKWriteError("a game that could not be read is not written as PlayOK", record)
    added = _added_game_tags()
    head = "".join(
        f'[{name} "{escape_tag_value(value)}"]\n'
        for name, value in record.tags
        if (name, value) not in added and not (name == "Termination" and value == UNKNOWN)
    )
    tokens: list[str] = []
    moves = record.mainline.moves
    if record.mainline.comments:
        raise PlayOKWriteError("PlayOK writes no comment before the first move", record)
    for index, node in enumerate(moves):
        if node.variations or node.nags or node.glyph or node.comments_before:
            raise PlayOKWriteError(
                f"{node.token}: PlayOK's export holds no variation, annotation or comment "
                "between moves",
                record,
                node.line,
                node.column,
            )
        if node.comments and index != len(moves) - 1:
            raise PlayOKWriteError(
                f"{node.token}: PlayOK's export holds comments only after the result",
                record,
                node.line,
                node.column,
            )
        if node.number is not None and not node.number.endswith("..."):
            tokens.append(node.number)
        tokens.append(node.token)
    result_at = len(tokens)
    tokens.append(record.result)
    for comment in moves[-1].comments if moves else ():
        if "}" in comment:
            raise PlayOKWriteError(f'a comment holding "}}": {comment[:40]}', record)
        tokens.append("{" + comment + "}")
    return head + "\n" + "\n".join(_wrap(tokens, result_at)) + "\n"


def _added_game_tags() -> tuple[tuple[str, str], ...]:
    """The game tags the reader puts in when no game is named: not written (PlayOK's
    exports have none); a record of another game keeps its ``Game`` tag."""
    try:
        return _game_tags(playok_variant())
    except RulesError:
        return ()


def _wrap(tokens: list[str], result_at: int) -> list[str]:
    """PlayOK's lines: moves, numbers and the result filled to :data:`WIDTH` columns; the
    comments after the result (``{zero}``) go on its line whatever its length."""
    lines: list[str] = []
    current = ""
    for index, token in enumerate(tokens):
        if current and index <= result_at and len(current) + 1 + len(token) > WIDTH:
            lines.append(current)
            current = token
        else:
            current = f"{current} {token}" if current else token
    if current:
        lines.append(current)
    return lines


def write_playok(records: Iterable[Record], out: IO[str]) -> None:
    """Write records in PlayOK's layout. Raises PlayOKWriteError."""
    writer = PlayOKWriter(out)
    for record in records:
        writer.write(record)
    writer.close()


__all__ = [
    "FORMAT",
    "SITE",
    "UNKNOWN",
    "WIDTH",
    "Layout",
    "PlayOKWriteError",
    "PlayOKWriter",
    "as_pmn",
    "export_layout",
    "format_playok",
    "from_playok",
    "iter_chunks",
    "playok_variant",
    "read_playok",
    "read_stream",
    "settle_termination",
    "with_unknown_termination",
    "write_playok",
]
