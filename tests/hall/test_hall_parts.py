"""The hall's parts in one process: a write that fails changes nothing, a slow listener
is dropped, rates are bounded, and folder walks skip the hall's own folder."""

from __future__ import annotations

import asyncio
import os

import pytest

from notation.files.sources import walk_inputs
from notation.hall import hall as hall_module
from notation.hall.app import Broadcast, Buckets
from notation.hall.hall import Hall, HallRefusal, HallStartError
from notation.hall.pairings import Pairing

PAIRINGS = [
    Pairing(1, (("White", "Ada"), ("Black", "Bo"))),
    Pairing(2, (("White", "Cy"), ("Black", "Di"))),
]


def _hall(tmp_path) -> Hall:
    return Hall.load(str(tmp_path / "event"), "Togyz Kumalak", 1, PAIRINGS)


def test_a_move_whose_file_cannot_be_written_is_not_made(tmp_path, monkeypatch):
    hall = _hall(tmp_path)
    board = hall.board(1)
    hall.enter_move(1, 0, "1", board.token)

    def full_disk(path: str, data: bytes) -> None:
        raise OSError(28, "No space left on device", path)

    monkeypatch.setattr(hall_module, "write_bytes", full_disk)
    with pytest.raises(OSError):
        hall.enter_move(1, 1, "1", board.token)
    assert board.state()["moves"] == ["19"] and len(board.recorder.nodes) == 1
    monkeypatch.undo()
    assert hall.enter_move(1, 1, "1", board.token)["ply"] == 2


def test_the_hall_comes_back_from_its_files(tmp_path):
    hall = _hall(tmp_path)
    token = hall.board(2).token
    for ply in range(5):
        hall.enter_move(2, ply, hall.board(2).state()["legal"][0], token)
    with pytest.raises(HallStartError, match="being served by another pmn serve"):
        _hall(tmp_path)  # one server an event folder
    hall.release()
    again = _hall(tmp_path)
    assert again.board(2).state()["moves"] == hall.board(2).state()["moves"]
    assert again.board(2).token == token and again.arbiter_token == hall.arbiter_token
    with pytest.raises(HallRefusal) as refused:
        again.enter_move(2, 5, "1", hall.board(1).token)
    assert refused.value.status == 403


def test_a_board_file_naming_other_players_stops_the_start(tmp_path):
    _hall(tmp_path).release()
    other = [Pairing(1, (("White", "Eve"), ("Black", "Bo"))), PAIRINGS[1]]
    with pytest.raises(HallStartError, match="'Ada' in the board's file, 'Eve' in the pairings"):
        Hall.load(str(tmp_path / "event"), "Togyz Kumalak", 1, other)


def test_folder_walks_skip_the_halls_own_folder(tmp_path):
    hall = _hall(tmp_path)
    with open(os.path.join(hall.hall_dir, "stray.pmn"), "w", encoding="utf-8") as stray:
        stray.write("*\n")
    walked = [path for path in walk_inputs([hall.event_dir], (".pmn",)) if isinstance(path, str)]
    assert sorted(os.path.basename(path) for path in walked) == ["board-1.pmn", "board-2.pmn"]


def test_a_listener_that_does_not_read_is_dropped_not_waited_for():
    async def run() -> tuple[int, list[str | None]]:
        broadcast = Broadcast()
        broadcast.loop = asyncio.get_running_loop()
        slow: asyncio.Queue[str | None] = asyncio.Queue(2)
        fast: asyncio.Queue[str | None] = asyncio.Queue(100)
        broadcast.queues |= {slow, fast}
        for number in range(5):
            broadcast.publish({"type": "move", "board": 1, "ply": number})
            await asyncio.sleep(0.15)  # a flush each
            if not fast.empty():
                fast.get_nowait()
        return broadcast.dropped, [slow.get_nowait() for _ in range(slow.qsize())]

    dropped, left = asyncio.run(run())
    assert dropped == 1 and left == [None]  # told to end, its backlog thrown away


def test_token_buckets_bound_the_rate():
    buckets = Buckets(rate=2.0, burst=3)
    assert [buckets.take("a", now=0.0) for _ in range(4)] == [True, True, True, False]
    assert buckets.take("b", now=0.0)  # each key its own bucket
    assert buckets.take("a", now=0.5) and not buckets.take("a", now=0.5)
    small = Buckets(rate=1.0, burst=1, most=2)
    for key in "xyz":
        small.take(key, now=0.0)
    assert len(small._buckets) == 2  # bounded memory: the oldest forgotten


def test_an_oware_hall_says_oware_as_its_records_do(tmp_path):
    pairings = [Pairing(1, (("South", "Ada"), ("North", "Kofi")))]
    hall = Hall.load(str(tmp_path / "event"), "oware", 1, pairings)
    try:
        assert '[Game "Oware"]' in hall.board(1).pmn()
        assert hall.board(1).state()["game"] == "Oware"  # (its rules are Wari's: not "Wari")
        assert hall.round_state()["game"] == "Oware"
    finally:
        hall.release()
