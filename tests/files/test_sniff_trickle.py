"""Sniffing gives the same answer however a pipe delivers the bytes, shown without timing:
standard input is a stream that gives at most 20 bytes a read, as a pipe does when its
writer sends a PlayOK export's first 20 bytes alone (the case a ``sleep`` between two
writes shows only when the command starts within the pause)."""

from __future__ import annotations

import io
import sys

import pytest
from notation.cli.main import pmn

from tests.playok_exports import make_export


class Trickle(io.RawIOBase):
    """Bytes delivered ``size`` at a time, as a slow pipe gives them."""

    def __init__(self, data: bytes, size: int = 20) -> None:
        super().__init__()
        self._data = memoryview(data)
        self._size = size

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        count = min(len(buffer), self._size, len(self._data))
        buffer[:count] = self._data[:count]
        self._data = self._data[count:]
        return count


def export() -> bytes:
    return make_export("trickle", events=1, casual=0, exact_repeats=0, move_repeats=0).text.encode()


def convert(data: bytes, size: int, monkeypatch, capsysbinary) -> bytes:  # type: ignore[no-untyped-def]
    """``pmn convert - --to json`` on ``data`` piped ``size`` bytes a read: its stdout."""
    stdin = io.TextIOWrapper(io.BufferedReader(Trickle(data, size)), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    with pytest.raises(SystemExit) as done:
        pmn.main(["convert", "-", "--to", "json"], prog_name="pmn")
    assert done.value.code in (0, None)
    return capsysbinary.readouterr().out


@pytest.mark.parametrize("size", [20, 7, 1])
def test_a_playok_export_piped_a_few_bytes_a_read_is_read_as_playok(
    size, monkeypatch, capsysbinary
):
    data = export()
    whole = convert(data, len(data), monkeypatch, capsysbinary)
    assert b'"Game", "Togyz Kumalak"' in whole
    assert convert(data, size, monkeypatch, capsysbinary) == whole
