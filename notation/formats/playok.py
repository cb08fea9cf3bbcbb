"""PlayOK's game exports, read as they are and written as PlayOK writes them.

PlayOK (playok.com) lets its players export their games in a PGN-like text. Its
Togyz Kumalak exports look like this::

    [Event "9245757"]
    [Site "PlayOK"]
    [Date "2024.12.26"]
    [Round "1"]
    [White "abeke93"]
    [Black "maks95"]
    [Result "0-1"]
    [Time "13:35:05"]
    [TimeControl "600"]
    [WhiteElo "1200"]
    [BlackElo "1172"]

    1. 87(10) 87(10) 2. 22 99(22) 3. 23 12(24) 4. 68X 25 5. 79
    36(26) 6. 78 93(42) ... 46. 91 12 0-1 {zero}

What differs from PMN text, and how the reader takes it:

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
``Game`` tag, and ``Termination "unknown"``), a blank line, the movetext wrapped at 59 columns, the
result, and the last move's comments after it; a PlayOK file read and written
back is the same text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import replace
from itertools import accumulate
from typing import IO

from notation.core.record import Line, MoveNode, ReadError, Record
from notation.core.tokens import TAG_PAIR, escape_tag_value, unescape_tag_value
from notation.errors import WriteError
from notation.games import AnyVariant, RulesError, find_variant, games

#: The format's name in the registry, and in a game's ``formats``.
FORMAT = "playok"
#: The column PlayOK wraps movetext at.
WIDTH = 59
#: The ``Termination`` value of ruling N5.
UNKNOWN = "unknown"

_TAG_LINE_RE = re.compile(r"[ \t]*" + TAG_PAIR.pattern + r"[ \t]*")
#: The movetext tokens: white space, a comment, a result, a move number, a move
#: (``8``, ``87``, ``87(10)``, ``68X``; letters too, for the games PlayOK writes with
#: them), anything else.
_MOVETEXT_RE = re.compile(
    r"(?P<space>\s+)"
    r"|\{(?P<comment>[^}]*)\}"
    r"|(?P<result>1-0|0-1|1/2-1/2|\*)(?=[\s{]|\Z)"
    r"|(?P<number>[0-9]{1,9}\.(?:\.\.)?)(?![0-9])"
    r"|(?P<move>[A-Za-z0-9][A-Za-z0-9+]{0,19}(?:\([0-9]{1,9}\)[A-Za-z]?)?)(?=[\s{]|\Z)"
    r"|(?P<stray>\S+)"
)


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


def read_stream(stream: IO[bytes], source: str, game: str | None = None) -> Iterator[Record]:
    """The registry's reader: the games of a binary stream of a PlayOK export."""
    return iter_playok_records(stream, source, game)


def read_playok(text: str, source: str = "<string>", game: str | None = None) -> list[Record]:
    """Every game of a PlayOK export's text."""
    return list(iter_playok_records(text.splitlines(keepends=True), source, game))


def iter_playok_records(
    lines: Iterable[str | bytes], source: str = "<string>", game: str | None = None
) -> Iterator[Record]:
    """Yield the games of a PlayOK export, one at a time.

    A game is its tag lines and the movetext after them; the next ``[`` line after
    movetext starts the next game. A game that cannot be read is still yielded,
    damaged (with its errors and its text), and reading goes on.
    """
    try:
        variant: AnyVariant | None = playok_variant(game)
        unknown_game: str | None = None
    except RulesError as exc:
        variant, unknown_game = None, str(exc)
    chunk: list[str] = []
    first = 1
    in_moves = False
    for number, raw in enumerate(lines, start=1):
        text = _decode(raw, number == 1)
        starts_tag = text.lstrip(" \t").startswith("[")
        if starts_tag and in_moves:
            yield read_game("".join(chunk), source, first, variant, unknown_game)
            chunk, in_moves = [], False
        if not chunk:
            if not text.strip():
                continue  # blank lines between games
            first = number
        chunk.append(text)
        if text.strip() and not starts_tag:
            in_moves = True
    if chunk:
        yield read_game("".join(chunk), source, first, variant, unknown_game)


def _decode(raw: str | bytes, first: bool) -> str:
    text = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw
    if first:
        text = text.lstrip("\ufeff")
    return text.replace("\r\n", "\n").replace("\r", " ")


def read_game(
    text: str,
    source: str = "<string>",
    first_line: int = 1,
    variant: AnyVariant | None = None,
    unknown_game: str | None = None,
) -> Record:
    """One game of a PlayOK export (its tag lines and movetext) as a record.

    ``variant`` is the game's (see :func:`playok_variant`); with None the record is
    damaged, with ``unknown_game`` as the reason.
    """
    tags: list[tuple[str, str]] = []
    errors: list[ReadError] = []
    lines = text.split("\n")
    body = 0
    for body, line in enumerate(lines):  # (body: where the movetext starts)
        if not line.strip():
            continue
        match = _TAG_LINE_RE.fullmatch(line)
        if match is None:
            if line.lstrip().startswith("["):
                errors.append(
                    ReadError(
                        "bad-tag",
                        f'cannot read tag pair {line.strip()[:40]}: expected [Name "value"]',
                        first_line + body,
                        1,
                    )
                )
                continue
            break
        tags.append((match.group("tag_name"), unescape_tag_value(match.group("tag_value"))))
    else:
        body = len(lines)
    moves, result, move_errors = _read_movetext("\n".join(lines[body:]), first_line + body)
    errors.extend(move_errors)
    if "\ufffd" in text:
        errors.append(
            ReadError(
                "encoding",
                "a byte is not valid UTF-8; name the file's encoding with --encoding "
                "(e.g. --encoding latin-1), or save the file as UTF-8",
                first_line,
                1,
            )
        )
    if variant is None and not any(name == "Game" for name, _ in tags):
        errors.append(ReadError("unknown-game", unknown_game or "no game named", first_line, 1))
    if not any(name == "Game" for name, _ in tags) and variant is not None:
        tags[:0] = _game_tags(variant)
    record = Record(
        tuple(tags),
        Line(tuple(moves)),
        result or "*",
        tuple(errors),
        text.rstrip("\n") + "\n" if errors else None,
        source,
        first_line,
    )
    return record if errors else with_unknown_termination(record)


#: Movetext as PlayOK writes it (moves, numbers, the result, one-word comments after it):
#: read by :func:`_read_plain_movetext` without a regular expression a token.
_PLAIN_MOVETEXT_RE = re.compile(
    r"(?:\s*+(?:[0-9]{1,9}\.(?:\.\.)?\s++)?[A-Za-z0-9][A-Za-z0-9+]{0,19}(?:\([0-9]{1,9}\)[A-Za-z]?)?"
    r"(?=\s))*+\s*+(?:1-0|0-1|1/2-1/2|\*)(?:\s++\{[^}\s]++\})*+\s*+"
)
_WORD_RE = re.compile(r"\S+")
_RESULTS = frozenset(("1-0", "0-1", "1/2-1/2", "*"))


def _read_plain_movetext(text: str, first_line: int) -> tuple[list[MoveNode], str] | None:
    """The cheap reading of movetext as PlayOK writes it (numbers, moves, the result,
    one-word comments after it: ``{zero}``), checked whole by one regular expression.
    None for anything else, which :func:`_read_movetext` reads (and reports) token by
    token."""
    if _PLAIN_MOVETEXT_RE.fullmatch(text) is None:
        return None
    moves: list[MoveNode] = []
    append = moves.append
    result = ""
    number: str | None = None
    comments: list[str] = []
    for offset, line in enumerate(text.split("\n"), start=first_line):
        if "\t" in line or "  " in line or line[:1] == " ":  # columns found by a search
            pairs = [(m.group(), m.start() + 1) for m in _WORD_RE.finditer(line)]
            words, columns = [w for w, _ in pairs], [c for _, c in pairs]
        else:  # words one space apart (PlayOK's way): columns by arithmetic
            words = line.split(" ")
            columns = list(accumulate((len(w) + 1 for w in words), initial=1))
        for word, column in zip(words, columns, strict=False):  # (one column more)
            if word in _RESULTS:
                result = word
            elif word[-1:] == ".":
                number = word
            elif word[:1] == "{":
                comments.append(word[1:-1])
            elif word:  # (positional: the dataclass's keywords cost a third more)
                append(MoveNode(word, number, "", (), (), (), (), offset, column))
                number = None
    if comments:
        if not moves:
            return None
        moves[-1] = replace(moves[-1], comments=tuple(comments))
    return moves, result


def _read_movetext(
    text: str, first_line: int
) -> tuple[list[MoveNode], str | None, list[ReadError]]:
    """The moves, the result and what could not be read, of a game's movetext."""
    plain = _read_plain_movetext(text, first_line)
    if plain is not None:
        return plain[0], plain[1], []
    moves: list[MoveNode] = []
    errors: list[ReadError] = []
    result: str | None = None
    number: str | None = None
    line, line_start = first_line, 0
    for match in _MOVETEXT_RE.finditer(text):
        kind, start = match.lastgroup, match.start()
        if kind == "space" or kind == "comment":
            if kind == "comment" and moves:
                last = moves[-1]
                moves[-1] = MoveNode(
                    last.token,
                    last.number,
                    comments=(*last.comments, match.group("comment")),
                    line=last.line,
                    column=last.column,
                )
            elif kind == "comment":
                errors.append(
                    ReadError(
                        "syntax", "a comment before the first move", line, start - line_start + 1
                    )
                )
            newlines = match.group().count("\n")
            if newlines:
                line += newlines
                line_start = text.rindex("\n", start, match.end()) + 1
            continue
        column = start - line_start + 1
        if result is not None:
            errors.append(
                ReadError(
                    "text-after-result",
                    f'"{match.group()[:40]}" after the result {result}',
                    line,
                    column,
                )
            )
            break
        if kind == "result":
            result = match.group()
        elif kind == "number":
            number = match.group()
        elif kind == "move":
            moves.append(MoveNode(match.group(), number, line=line, column=column))
            number = None
        else:
            errors.append(ReadError("syntax", f'cannot read "{match.group()[:40]}"', line, column))
            break
    if result is None and not errors:
        errors.append(
            ReadError(
                "missing-result",
                "the game has no result: a PlayOK export ends its moves with 1-0, 0-1 or 1/2-1/2",
                line,
                max(1, len(text) - line_start + 1),
            )
        )
    return moves, result, errors


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


# -- writing -------------------------------------------------------------------------


class PlayOKWriter:
    """Records written in PlayOK's layout, one at a time (the format registry's writer).

    ``width`` is ignored: PlayOK wraps at :data:`WIDTH`. Raises
    :class:`PlayOKWriteError` for what PlayOK's export cannot hold: variations,
    annotations, comments between moves or holding ``}``, a damaged record.
    """

    def __init__(self, out: IO[str], width: int = WIDTH) -> None:
        self.out = out
        self.count = 0

    def write(self, record: Record) -> None:
        """Write one record after those already written."""
        if self.count:
            self.out.write("\n")
        self.out.write(format_playok(record))
        self.count += 1

    def close(self) -> None:
        """Nothing to finish."""


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
    "UNKNOWN",
    "WIDTH",
    "PlayOKWriteError",
    "PlayOKWriter",
    "format_playok",
    "iter_playok_records",
    "playok_variant",
    "read_game",
    "read_playok",
    "read_stream",
    "with_unknown_termination",
    "write_playok",
]
