"""The round's pairings: CSV (board, then a column per seat tag) and TRF (FIDE's TRF-16
player lines), and clear refusals of files that are not what they say."""

from __future__ import annotations

import subprocess
import sys

import pytest

from notation.hall.pairings import Pairing, PairingsError, header_seats, read_pairings

TOGYZ = ("White", "Black")


def test_a_csv_in_any_column_order_and_case():
    text = "Black,board,WHITE\nBob,2,Ada\n\nDan,1,Cara\n"
    assert read_pairings(text, TOGYZ, 1) == [
        Pairing(1, (("White", "Cara"), ("Black", "Dan"))),
        Pairing(2, (("White", "Ada"), ("Black", "Bob"))),
    ]


def test_three_seats_for_tricala():
    text = "board,White,Black,Red\n1,A,B,C\n"
    assert header_seats(text) == ("White", "Black", "Red")
    assert read_pairings(text, ("White", "Black", "Red"), 1)[0].players[2] == ("Red", "C")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "empty"),
        ("board,South,North\n1,A,B\n", "board,White,Black"),
        ("board,White,Black\n1,A\n", "line 2: 2 cells"),
        ("board,White,Black\nx,A,B\n", "line 2: board 'x' is not a board number"),
        ("board,White,Black\n1,A,B\n1,C,D\n", "board 1 is paired twice"),
        ("board,White,Black\n1,A, \n", "no player for Black"),
        ("board,White,Black\n1,A,B\n2,A,C\n", "A plays at board 1 and at board 2"),
        ("board,White,Black\n", "pairs no board"),
    ],
)
def test_a_bad_csv_is_refused_with_its_line(text, said):
    with pytest.raises(PairingsError, match=said):
        read_pairings(text, TOGYZ, 1)


def trf_player(rank: int, name: str, rounds: list[tuple[int, str, str]]) -> str:
    """A TRF-16 ``001`` line, each field in its columns."""
    line = list(" " * 91)
    line[0:3] = "001"
    line[4:8] = f"{rank:>4}"
    line[9] = "m"
    line[14:47] = f"{name:<33}"
    text = "".join(line)
    for opponent, colour, result in rounds:
        text += f"{opponent:>4} {colour} {result}  "
    return text.rstrip()


TRF = "\n".join(
    [
        "012 Almaty Open",
        "XXR 3",
        # round 1: 1-3 (1 won), 2-4 (draw); round 2: 4 v 1, 3 v 2; round 3: 1 v 2, 5 a bye
        trf_player(1, "Ainur Bekova", [(3, "w", "1"), (4, "b", "1"), (2, "w", " ")]),
        trf_player(2, "Marat Akhmetov", [(4, "w", "="), (3, "b", "1"), (1, "b", " ")]),
        trf_player(3, "Dana Serikova", [(1, "b", "0"), (2, "w", "0"), (4, "b", " ")]),
        trf_player(4, "Yerlan Nurlanov", [(2, "b", "="), (1, "w", "0"), (3, "w", " ")]),
        trf_player(5, "Aru Kasymova", [(0, "-", "-"), (0, "-", "-"), (0, "-", "U")]),
        "",
    ]
)


def test_a_trf_file_gives_the_rounds_boards_by_score():
    # before round 3: Ainur 2, Marat 1.5, Yerlan 0.5, Dana 0: Ainur-Marat on board 1
    assert read_pairings(TRF, TOGYZ, 3) == [
        Pairing(1, (("White", "Ainur Bekova"), ("Black", "Marat Akhmetov"))),
        Pairing(2, (("White", "Yerlan Nurlanov"), ("Black", "Dana Serikova"))),
    ]
    assert read_pairings(TRF, ("South", "North"), 1)[0].players == (
        ("South", "Ainur Bekova"),
        ("North", "Dana Serikova"),
    )


def test_a_trf_file_that_does_not_pair_back_is_refused():
    broken = TRF.replace(trf_player(2, "Marat Akhmetov", [(4, "w", "="), (3, "b", "1"), (1, "b", " ")]),
                         trf_player(2, "Marat Akhmetov", [(4, "w", "="), (3, "b", "1"), (5, "b", " ")]))  # fmt: skip
    with pytest.raises(PairingsError, match="not paired back"):
        read_pairings(broken, TOGYZ, 3)
    with pytest.raises(PairingsError, match="pairs no board in round 4"):
        read_pairings(TRF, TOGYZ, 4)
    with pytest.raises(PairingsError, match="has 3 seats"):
        read_pairings(TRF, ("White", "Black", "Red"), 1)


@pytest.mark.parametrize(
    ("pairings", "said"),
    [
        ("board,South,North\n1,A,B\n", "the header is board,South,North"),
        ("board,White,Black\n1,A,B\n1,C,D\n", "board 1 is paired twice"),
    ],
)
def test_serve_refuses_bad_pairings_with_exit_2(tmp_path, pairings, said):
    path = tmp_path / "pairings.csv"
    path.write_text(pairings, encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "notation.cli",
            "serve",
            str(tmp_path / "event"),
            "--variant",
            "Togyz Kumalak",
            "--round",
            "1",
            "--pairings",
            str(path),
            "--port",
            "0",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert said in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "event").exists()


def test_serve_refuses_a_missing_pairings_file_and_an_unknown_game(tmp_path):
    base = [sys.executable, "-m", "notation.cli", "serve", str(tmp_path / "event"), "--round", "1"]
    missing = subprocess.run([*base, "--variant", "Oware", "--pairings", str(tmp_path / "no.csv")],
                             capture_output=True, text=True, timeout=60)  # fmt: skip
    assert missing.returncode == 2 and "no.csv" in missing.stderr
    (tmp_path / "p.csv").write_text("board,South,North\n1,A,B\n", encoding="utf-8")
    unknown = subprocess.run([*base, "--variant", "Chess", "--pairings", str(tmp_path / "p.csv")],
                             capture_output=True, text=True, timeout=60)  # fmt: skip
    assert unknown.returncode == 2 and "Traceback" not in unknown.stderr
