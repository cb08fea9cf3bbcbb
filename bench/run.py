"""PMN's benchmark: issue 15's targets, one row each, against python-chess in the same run.

Run from the repository root (python-chess is the ``bench`` extra; dask and
distributed the ``dask`` extra)::

    python bench/run.py                      # every row
    python bench/run.py --quick              # fewer runs, a 0.1 GB memory file
    python bench/run.py --rows 'startup*,e2e*'   # a subset (names or shell patterns)
    python bench/run.py --list               # the rows and their targets

Each row is a target of issue 15: its name, the target, what was measured,
and pass or fail. Ratios are taken in one run, python-chess measured beside
PMN, runs interleaved and their medians kept (the machine may be shared).
Commands are run as a user runs them: a fresh Python process running the
``pmn`` entry point (``cli.main:main``), with the source compiled to
bytecode first as ``pip install`` does (``compileall``). A row whose
command lacks an option it needs (the names agreed for issue 15: ``--pit``,
``--limit``, ``--count``, ``--variant``, ``-o``) reads "n/a (option
missing)".

Corpora are generated with a fixed seed into ``bench/out/corpora`` (reused
when present). The JSON results go to ``bench/out/results.json``.
"""

from __future__ import annotations

import argparse
import compileall
import fnmatch
import io
import json
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent
REPO = ROOT.parent
sys.path.insert(0, str(REPO))

from notation.core.generate import random_record  # noqa: E402
from notation.formats.pmn import iter_chunks, iter_headers, iter_records, write_records  # noqa: E402
from notation.games import find_variant  # noqa: E402

CORPORA = {
    # name: (game, rules, tags beyond Game, maximum moves per game)
    "wari": ("Wari", None, (), 400),
    "trysse": ("Trysse", None, (), 400),
    "trias": ("Trias", None, (), 2000),
    "tricala-2": ("Tricala", None, (("White", "A"), ("Black", "B")), 400),
    "tricala-3": ("Tricala", None, (("White", "A"), ("Black", "B"), ("Red", "C")), 400),
}
#: In-process validation, plies per second against python-chess's (issue 15).
IN_PROCESS_TARGETS = {"wari": 5.0, "trysse": 5.0, "trias": 3.0, "tricala-2": 2.0, "tricala-3": 2.0}
#: Tricala as users meet it, each file read once in a fresh process (issue 29): the bar
#: for the 2-player and the 3-player corpus, end to end and first pass alike (the warm
#: in-process rows of their short forms are then reports; the long forms keep 2x).
FELT_TARGETS = {"tricala-2": 2.0, "tricala-3": 1.5}

#: Wari's start position, and a Tricala position (3 players) with thousands of legal moves
#: (found by a search over the positions of the tricala-3 corpus).
WARI_START = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"
TRICALA_MANY = (
    "-/B1,B1/W1B1,R1,R1/W1R2,-,W4B2R1,-/B1,B1R1,W1B1,R2,-/-,W1R1,W1B1,-,-,- 0-0-0 0-0-0 W"
)

PMN = [sys.executable, "-c", "import sys; from cli.main import main; sys.argv[0] = 'pmn'; main()"]
ENV = {**os.environ, "PYTHONPATH": str(REPO)}


class OptionMissing(Exception):
    """The command does not know an option the row needs (yet)."""


@dataclass
class Row:
    """One target of issue 15 and what was measured for it."""

    name: str
    target: str
    measured: str = ""
    passed: bool | None = None  # None: reported only, or not measured
    note: str = ""
    data: dict[str, object] = field(default_factory=dict)


@dataclass
class Settings:
    runs: int  # runs of a command or an in-process measurement (medians kept)
    startup_runs: int
    memory_gb: float
    jobs_all: int
    quick: bool
    cache: dict[str, object] = field(default_factory=dict)


# -- corpora ---------------------------------------------------------------------


def corpus(name: str, size: int) -> Path:
    """Write (once) ``size`` random games of a corpus, seeded by name and size."""
    path = ROOT / "out" / "corpora" / f"{name}-{size}.pmn"
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    game, rules, extra, max_moves = CORPORA[name]
    variant = find_variant(game, rules, dict(extra))
    rng = random.Random(f"{name}-{size}")
    temp = path.with_suffix(".tmp")
    with temp.open("w", encoding="utf-8") as out:
        records = (
            random_record(
                variant,
                rng,
                tags=(("Game", game), ("Event", "PMN benchmark"), ("Round", str(i + 1)), *extra),
                max_moves=max_moves,
            )
            for i in range(size)
        )
        write_records(records, out)
    temp.replace(path)
    return path


def converted(source: Path, suffix: str, *options: str) -> Path:
    """``source`` converted once by ``pmn convert`` (to JSON, JSON Lines, or long-form PMN)."""
    path = source.with_name(source.stem + suffix)
    if not path.exists():
        temp = path.with_name("tmp-" + path.name)
        done = subprocess.run(
            [*PMN, "convert", str(source), *options, "--output", str(temp)],
            env=ENV,
            cwd=REPO,
            capture_output=True,
            check=False,
        )
        if done.returncode != 0:
            raise SystemExit(f"cannot convert {source}: {done.stderr.decode()[-500:]}")
        temp.replace(path)
    return path


def count_plies(path: Path) -> int:
    with path.open("rb") as stream:
        return sum(len(r.mainline.moves) for r in iter_records(stream))


def scan_headers(path: Path) -> int:
    with path.open("rb") as stream:
        return sum(1 for _ in iter_headers(stream, str(path)))


def big_file(source: Path, gigabytes: float) -> Path:
    """A file of at least ``gigabytes`` GB made of copies of ``source`` (for the memory check)."""
    path = source.with_name(f"big-{gigabytes:g}GB.pmn")
    target = int(gigabytes * 1e9)
    if path.exists() and path.stat().st_size >= target:
        return path
    data = source.read_bytes()
    with path.open("wb") as out:
        written = 0
        while written < target:
            out.write(data if written == 0 else b"\n" + data)
            written += len(data) + 1
    return path


def split_corpus(source: Path, parts: int) -> Path:
    """A folder holding ``source``'s games in ``parts`` files (for the Dask route)."""
    folder = source.with_name(f"{source.stem}-in-{parts}")
    if folder.is_dir() and len(list(folder.glob("*.pmn"))) == parts:
        return folder
    folder.mkdir(exist_ok=True)
    with source.open("rb") as stream:
        games = [chunk.text for chunk in iter_chunks(stream, str(source))]
    size = -(-len(games) // parts)
    for part in range(parts):
        text = "\n".join(games[part * size : (part + 1) * size])
        (folder / f"part-{part:02d}.pmn").write_text(text, encoding="utf-8")
    return folder


# -- python-chess, the baseline ------------------------------------------------------


def chess_corpus(plies: int) -> Path:
    """Random legal chess games adding up to about ``plies`` plies, as PGN (seeded)."""
    import chess
    import chess.pgn

    path = ROOT / "out" / "corpora" / f"chess-{plies}.pgn"
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    rng = random.Random(plies)
    total = 0
    temp = path.with_suffix(".tmp")
    with temp.open("w", encoding="utf-8") as out:
        number = 0
        while total < plies:
            number += 1
            board = chess.Board()
            game = chess.pgn.Game()
            game.headers["Event"] = "PMN benchmark"
            game.headers["Round"] = str(number)
            node: chess.pgn.GameNode = game
            for _ in range(rng.randint(40, 160)):
                moves = list(board.legal_moves)
                if not moves or board.is_game_over():
                    break
                move = rng.choice(moves)
                node = node.add_variation(move)
                board.push(move)
                total += 1
            game.headers["Result"] = board.result(claim_draw=False)
            print(game, file=out, end="\n\n")
    temp.replace(path)
    return path


def chess_one_game(pgn: Path) -> Path:
    """The first game of a PGN corpus, alone in a file."""
    import chess.pgn

    path = pgn.with_name("chess-one.pgn")
    if not path.exists():
        with pgn.open(encoding="utf-8") as stream:
            game = chess.pgn.read_game(stream)
        path.write_text(f"{game}\n\n", encoding="utf-8")
    return path


def chess_read(path: Path) -> int:
    import chess.pgn

    games = 0
    with path.open(encoding="utf-8") as stream:
        while True:
            game = chess.pgn.read_game(stream)
            if game is None:
                return games
            if game.errors:
                raise SystemExit(f"python-chess found errors in {path}: {game.errors[0]}")
            games += 1


def chess_count_plies(path: Path) -> int:
    import chess.pgn

    plies = 0
    with path.open(encoding="utf-8") as stream:
        while (game := chess.pgn.read_game(stream)) is not None:
            plies += sum(1 for _ in game.mainline_moves())
    return plies


def chess_headers(path: Path) -> int:
    import chess.pgn

    games = 0
    with path.open(encoding="utf-8") as stream:
        while chess.pgn.read_headers(stream) is not None:
            games += 1
    return games


#: A python-chess process: read (and check) every game of a PGN file, as ``pmn validate`` does.
CHESS_READ = [
    sys.executable,
    "-c",
    "import sys, chess.pgn\n"
    "with open(sys.argv[1], encoding='utf-8') as f:\n"
    "    while (g := chess.pgn.read_game(f)) is not None:\n"
    "        assert not g.errors, g.errors\n",
]
#: A python-chess process: the headers of every game.
CHESS_HEADERS = [
    sys.executable,
    "-c",
    "import sys, chess.pgn\n"
    "with open(sys.argv[1], encoding='utf-8') as f:\n"
    "    while chess.pgn.read_headers(f) is not None:\n"
    "        pass\n",
]


# -- measuring ---------------------------------------------------------------------


def cpu_median(action: Callable[[], object], runs: int) -> float:
    """The median CPU time (this process) of ``runs`` calls of ``action``."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        action()
        times.append(time.process_time() - start)
    return statistics.median(times)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(command: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (the process and the children it waited for) of one command."""
    cpu = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run(command, env=ENV, cwd=REPO, capture_output=True, check=False)
    wall = time.perf_counter() - start
    if done.returncode == 2 and b"No such option" in done.stderr:
        raise OptionMissing(done.stderr.decode(errors="replace").strip().splitlines()[-1])
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command[3:])} failed:\n{done.stderr.decode()[-2000:]}")
    return wall, _children_cpu() - cpu


def interleaved(commands: dict[str, list[str]], runs: int) -> dict[str, dict[str, float]]:
    """Each command run ``runs`` times, in turn; the median wall and CPU time of each.

    ``ratio:<a>/<b>`` entries hold the median of the per-round wall-time
    ratios, steadier than the ratio of medians on a shared machine.
    """
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            times[name].append(run_once(command))
    result = {
        name: {
            "wall": statistics.median(w for w, _ in values),
            "cpu": statistics.median(c for _, c in values),
            "walls": [round(w, 4) for w, _ in values],
        }
        for name, values in times.items()
    }
    return result


_PEAK_RSS = """
import atexit, resource, sys
def report():
    # VmHWM, not ru_maxrss: on Linux ru_maxrss survives exec, so a child would
    # report the benchmark's own peak; VmHWM starts afresh with the new program
    own = 0
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            own = int(line.split()[1])
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    sys.stderr.write(f"PEAK-RSS-KIB {own} {kids}\\n")
atexit.register(report)
sys.argv = ["pmn", *sys.argv[1:]]
from cli.main import main
main()
"""


def run_pmn(args: list[str]) -> tuple[float, int]:
    """Wall time and peak RSS in KiB (the largest single process) of a ``pmn`` command."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _PEAK_RSS, *args],
        env=ENV,
        cwd=REPO,
        capture_output=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    if done.returncode == 2 and b"No such option" in done.stderr:
        raise OptionMissing(done.stderr.decode(errors="replace").strip().splitlines()[-1])
    if done.returncode not in (0, 1):
        raise SystemExit(done.stderr.decode()[-2000:])
    line = [x for x in done.stderr.decode().splitlines() if x.startswith("PEAK-RSS-KIB")][-1]
    own, kids = (int(n) for n in line.split()[1:])
    return elapsed, max(own, kids)


def first_line_time(args: list[str]) -> tuple[float, str]:
    """Seconds from starting a ``pmn`` command to its first line on stdout (start-up included)."""
    start = time.perf_counter()
    process = subprocess.Popen(
        [*PMN, *args], env=ENV, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    elapsed = time.perf_counter() - start
    process.kill()
    _, err = process.communicate()
    if not line:
        if process.returncode == 2 and b"No such option" in err:
            raise OptionMissing(err.decode(errors="replace").strip().splitlines()[-1])
        raise SystemExit(f"pmn {' '.join(args)} printed nothing:\n{err.decode()[-2000:]}")
    return elapsed, line.decode().rstrip()


def na(row: Row, exc: OptionMissing) -> Row:
    row.measured = "n/a (option missing)"
    row.note = str(exc)
    return row


# -- the rows ------------------------------------------------------------------------


def _plies(settings: Settings, path: Path) -> int:
    key = f"plies:{path}"
    if key not in settings.cache:
        settings.cache[key] = (
            chess_count_plies(path) if path.suffix == ".pgn" else count_plies(path)
        )
    value = settings.cache[key]
    assert isinstance(value, int)
    return value


def base_pgn(settings: Settings) -> Path:
    """python-chess's corpus: about as many plies as the 2,000 Wari games."""
    return chess_corpus(_plies(settings, corpus("wari", 2000)))


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def rows_startup(settings: Settings) -> Iterator[Row]:
    """One-game validate, --help and moves, against python-chess importing and reading one game."""
    one = str(corpus("wari", 1))
    commands = {
        "chess": [*CHESS_READ, str(chess_one_game(base_pgn(settings)))],
        "validate": [*PMN, "validate", one],
        "help": [*PMN, "--help"],
        "moves": [*PMN, "moves", one, "--move", "10"],
    }
    times = interleaved(commands, settings.startup_runs)
    chess = times["chess"]["wall"]
    for key, what in (
        ("validate", "pmn validate of a one-game file"),
        ("help", "pmn --help"),
        ("moves", "pmn moves in a Wari position (a file's game after 10 moves)"),
    ):
        ratio = times[key]["wall"] / chess
        yield Row(
            f"startup-{key}",
            "<= 1.00x python-chess reading one game",
            f"{ratio:.2f}x ({_ms(times[key]['wall'])} vs {_ms(chess)})",
            ratio <= 1.0,
            f"{what}; median wall time of {settings.startup_runs} interleaved runs; "
            f"per CPU time {times[key]['cpu'] / times['chess']['cpu']:.2f}x",
            {"pmn_s": times[key]["wall"], "chess_s": chess},
        )


def rows_e2e(settings: Settings) -> Iterator[Row]:
    """``pmn validate FILE`` (default jobs) against a python-chess process, start-up included."""
    pgn = base_pgn(settings)
    chess_plies = _plies(settings, pgn)
    for size, target in ((2000, 6.0), (20000, 8.0)):
        commands = {"chess": [*CHESS_READ, str(pgn)]}
        for name in ("wari", "trysse"):
            commands[name] = [*PMN, "validate", str(corpus(name, size))]
        runs = settings.runs if size <= 2000 else max(1, (settings.runs + 1) // 2)
        times = interleaved(commands, runs)
        chess_rate = chess_plies / times["chess"]["wall"]
        chess_cpu_rate = chess_plies / times["chess"]["cpu"]
        for name in ("wari", "trysse"):
            plies = _plies(settings, corpus(name, size))
            ratio = plies / times[name]["wall"] / chess_rate
            cpu_ratio = plies / times[name]["cpu"] / chess_cpu_rate
            yield Row(
                f"e2e-{name}-{size // 1000}k",
                f">= {target:.0f}x python-chess (plies/s, start-up included)",
                f"{ratio:.2f}x ({times[name]['wall']:.2f} s for {plies:,} plies)",
                ratio >= target,
                f"wall, median of {runs}; python-chess {times['chess']['wall']:.2f} s for "
                f"{chess_plies:,} plies; per CPU second {cpu_ratio:.2f}x",
                {"pmn": times[name], "chess": times["chess"], "plies": plies},
            )


#: The reader and the validator, where each tree keeps them (bench/against.py runs the
#: same snippet in an older tree: before notation/formats/, formats/plain.py and formats/validate.py too).
_IMPORTS = (
    "try:\n"
    "    from notation.formats.validate import validate_chunk\n"
    "except ImportError:\n"
    "  try:\n"
    "    from notation.formats.plain import validate_chunk\n"
    "  except ImportError:\n"
    "    try:\n"
    "        from notation.core.replay import validate_chunk\n"
    "    except ImportError:\n"
    "        from notation.replay import validate_chunk\n"
    "try:\n"
    "    from notation.formats.pmn import iter_chunks\n"
    "except ImportError:\n"
    "    from notation.pmn import iter_chunks\n"
)


#: Validate one file (sys.argv: path, passes) again and again in one process, printing
#: each pass's CPU seconds: the in-process rows run each corpus in a process of its own,
#: so that no row finds the engine's memos filled, or crowded, by the rows before it.
_PASSES = (
    "import sys, time\n" + _IMPORTS + "path, passes = sys.argv[1], int(sys.argv[2])\n"
    "for _ in range(passes):\n"
    "    start = time.process_time()\n"
    "    with open(path, 'rb') as stream:\n"
    "        chunks = enumerate(iter_chunks(stream, path), 1)\n"
    "        invalid = sum(not validate_chunk(chunk, index).valid for index, chunk in chunks)\n"
    "    print(time.process_time() - start)\n"
    "    if invalid:\n"
    "        sys.exit(f'{path}: {invalid} generated games are invalid: the benchmark is wrong')\n"
)


def passes_cpu_median(path: Path, runs: int) -> float:
    """The median CPU time of ``runs`` passes of validation over ``path`` that follow a
    first one, in a fresh process (the first pass, which fills the memos, is what the
    ``cold-*`` rows time)."""
    command = [sys.executable, "-c", _PASSES, str(path), str(runs + 1)]
    done = subprocess.run(command, env=ENV, cwd=REPO, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(done.stderr.strip() or f"validating {path} failed")
    return statistics.median(float(line) for line in done.stdout.split()[1:])


def rows_in_process(settings: Settings) -> Iterator[Row]:
    """Validation in one process (cut, read, replay, outcome), CPU time, against python-chess.

    Each corpus runs in a fresh process (:data:`_PASSES`): the passes timed follow a
    first one, so they find the memos filled by this corpus alone, whatever rows ran
    before (the first pass of a fresh process is the ``cold-*`` rows' measure).
    """
    pgn = base_pgn(settings)
    chess_rate = _plies(settings, pgn) / cpu_median(lambda: chess_read(pgn), settings.runs)
    for name, target in IN_PROCESS_TARGETS.items():
        forms = [("", corpus(name, 2000))]
        if name.startswith("tricala"):
            forms.append(("-long", converted(corpus(name, 2000), "-long.pmn", "--long")))
        for form, path in forms:
            rate = _plies(settings, path) / passes_cpu_median(path, settings.runs)
            ratio = rate / chess_rate
            # issue 29: Tricala's short forms are held to the felt rows (rows_tricala_felt);
            # their warm passes, which find the memos filled, stay as a report
            report = name in FELT_TARGETS and not form
            yield Row(
                f"inproc-{name}{form}",
                f"report: warm passes ({target:.0f}x before issue 29)"
                if report
                else f">= {target:.0f}x python-chess",
                f"{ratio:.2f}x ({rate:,.0f} plies/s)",
                None if report else ratio >= target,
                f"2,000 games{', long move forms' if form else ''}; median of {settings.runs} "
                f"passes after a first one, in a fresh process; python-chess {chess_rate:,.0f} "
                "plies/s",
            )


def rows_tricala_felt(settings: Settings) -> Iterator[Row]:
    """Tricala as a user meets it: each file read once in a fresh process (issue 29).

    The in-process rows keep the median of several passes over one file in one
    process, so their later passes find the engine's memos (token readings,
    lap tables) filled; they stay as reports of the engine. A user validates a
    file once: ``e2e-tricala-*`` runs ``pmn validate`` (default jobs, start-up
    included) against a python-chess process (wall), and ``cold-tricala-*``
    times the first pass of a fresh process (CPU, start-up included), each
    against :data:`FELT_TARGETS`.
    """
    pgn = base_pgn(settings)
    chess_plies = _plies(settings, pgn)
    commands = {"chess": [*CHESS_READ, str(pgn)]}
    names = tuple(FELT_TARGETS)
    for name in names:
        commands[name] = [*PMN, "validate", "-q", str(corpus(name, 2000))]
        commands[f"{name}-cold"] = [sys.executable, "-c", _COLD_PASS, str(corpus(name, 2000))]
    times = interleaved(commands, settings.runs)
    chess_rate = chess_plies / times["chess"]["wall"]
    chess_cpu_rate = chess_plies / times["chess"]["cpu"]
    for name in names:
        target = FELT_TARGETS[name]
        plies = _plies(settings, corpus(name, 2000))
        wall, cpu = times[name]["wall"], times[name]["cpu"]
        ratio = plies / wall / chess_rate
        yield Row(
            f"e2e-{name}",
            f">= {target:g}x python-chess: pmn validate (plies/s, start-up included)",
            f"{ratio:.2f}x ({wall:.2f} s for {plies:,} plies)",
            ratio >= target,
            f"wall, median of {settings.runs}, default jobs; per CPU second "
            f"{plies / cpu / chess_cpu_rate:.2f}x",
        )
        cold = times[f"{name}-cold"]["cpu"]
        ratio = plies / cold / chess_cpu_rate
        yield Row(
            f"cold-{name}",
            f">= {target:g}x python-chess: first in-process pass (CPU)",
            f"{ratio:.2f}x ({cold:.2f} s CPU, start-up included)",
            ratio >= target,
            "one fresh process validating the file once (cut, read, replay), as inproc-* "
            "does, without the memos a second pass finds filled",
        )


_COLD_PASS = (
    "import sys\n" + _IMPORTS + "with open(sys.argv[1], 'rb') as stream:\n"
    "    for index, chunk in enumerate(iter_chunks(stream, sys.argv[1]), 1):\n"
    "        validate_chunk(chunk, index)\n"
)


def rows_headers(settings: Settings) -> Iterator[Row]:
    """The header scan of the notation API against python-chess's read_headers (CPU time)."""
    pgn = base_pgn(settings)
    chess_games = chess_headers(pgn)
    chess_rate = chess_games / cpu_median(lambda: chess_headers(pgn), settings.runs)
    for name in CORPORA:
        path = corpus(name, 2000)
        rate = 2000 / cpu_median(lambda p=path: scan_headers(p), settings.runs)
        ratio = rate / chess_rate
        yield Row(
            f"headers-api-{name}",
            ">= 2x python-chess read_headers",
            f"{ratio:.2f}x ({rate:,.0f} games/s)",
            ratio >= 2.0,
            f"notation.formats.pmn.iter_headers; python-chess {chess_rate:,.0f} games/s",
        )


def rows_tools(settings: Settings) -> Iterator[Row]:
    """``pmn stats`` and ``pmn fmt --check`` against ``pmn validate`` and python-chess (5,000 games)."""
    path = str(corpus("wari", 5000))
    pgn = base_pgn(settings)
    chess_games = chess_headers(pgn)
    commands = {
        "validate": [*PMN, "validate", "-q", path],
        "stats": [*PMN, "stats", path],
        "fmt": [*PMN, "fmt", "--check", path],
        "chess-headers": [*CHESS_HEADERS, str(pgn)],
    }
    tags_only = [*PMN, "stats", "--tags-only", path]
    if subprocess.run(tags_only, env=ENV, cwd=REPO, capture_output=True).returncode == 0:
        commands["stats-tags"] = tags_only  # stats on the tags alone (a header scan)
    times = interleaved(commands, settings.runs)
    validate = times["validate"]["wall"]
    chess_rate = chess_games / times["chess-headers"]["wall"]
    row = Row("stats-vs-chess-headers", ">= 2x python-chess read_headers (games/s)")
    if "stats-tags" in times:
        ratio = 5000 / times["stats-tags"]["wall"] / chess_rate
        row.measured = f"{ratio:.2f}x ({times['stats-tags']['wall']:.2f} s for 5,000 games)"
        row.passed = ratio >= 2.0
        row.note = (
            f"pmn stats --tags-only vs a python-chess process reading {chess_games:,} games' "
            f"headers in {times['chess-headers']['wall']:.2f} s; start-up included"
        )
        yield row
    else:
        yield na(row, OptionMissing("pmn stats has no --tags-only"))
    faster = validate / times["stats"]["wall"]
    yield Row(
        "stats-vs-validate",
        ">= 3x faster than validate",
        f"{faster:.2f}x ({times['stats']['wall']:.2f} s vs {validate:.2f} s)",
        faster >= 3.0,
        "5,000 Wari games, pmn stats vs pmn validate -q (default jobs)",
    )
    slower = times["fmt"]["wall"] / validate
    yield Row(
        "fmt-check-vs-validate",
        "<= 1.2x validate",
        f"{slower:.2f}x ({times['fmt']['wall']:.2f} s vs {validate:.2f} s)",
        slower <= 1.2,
        "5,000 Wari games, pmn validate -q with its default jobs; per CPU second "
        f"{times['fmt']['cpu'] / times['validate']['cpu']:.2f}x",
    )


def rows_convert(settings: Settings) -> Iterator[Row]:
    """Peak memory of ``pmn convert`` between formats, 5,000 games."""
    pmn = corpus("wari", 5000)
    sources = {
        "pmn": pmn,
        "json": converted(pmn, ".json", "--to", "json"),
        "jsonl": converted(pmn, ".jsonl", "--to", "jsonl"),
    }
    out = ROOT / "out" / f"tmp-{os.getpid()}"
    out.mkdir(parents=True, exist_ok=True)
    for source, target in (("pmn", "json"), ("json", "pmn"), ("pmn", "jsonl"), ("jsonl", "pmn")):
        row = Row(f"convert-{source}-{target}", "peak RSS < 60 MB")
        try:
            seconds, kib = run_pmn(
                [
                    "convert",
                    str(sources[source]),
                    "--to",
                    target,
                    "--output",
                    str(out / f"c.{target}"),
                ]
            )
        except OptionMissing as exc:
            yield na(row, exc)
            continue
        row.measured = f"{kib / 1024:.0f} MB ({seconds:.2f} s)"
        row.passed = kib / 1024 < 60
        row.note = f"5,000 Wari games, {sources[source].stat().st_size / 1e6:.1f} MB of {source}"
        yield row


def rows_moves(settings: Settings) -> Iterator[Row]:
    """``pmn moves`` in a position: time to its first line of output (start-up included)."""
    cases = (
        ("moves-wari-limit", ["--position", WARI_START, "--variant", "Wari", "--limit", "1"]),
        ("moves-wari-pit", ["--position", WARI_START, "--variant", "Wari", "--pit", "A"]),
        (
            "moves-tricala-limit",
            ["--position", TRICALA_MANY, "--variant", "Tricala", "--players", "3", "--limit", "1"],
        ),
        (
            "moves-tricala-count",
            ["--position", TRICALA_MANY, "--variant", "Tricala", "--players", "3", "--count"],
        ),
    )
    for name, args in cases:
        row = Row(name, "first line <= 0.20 s")
        try:
            runs = [first_line_time(["moves", *args]) for _ in range(max(3, settings.runs))]
        except OptionMissing as exc:
            yield na(row, exc)
            continue
        seconds = statistics.median(t for t, _ in runs)
        row.measured = f"{seconds:.3f} s"
        row.passed = seconds <= 0.2
        row.note = f"pmn moves {' '.join(args)}: {runs[0][1][:60]!r}"
        yield row


def amdahl_serial_fraction(speedups: dict[int, float]) -> float:
    """The serial fraction s of Amdahl's law, 1/S(n) = s + (1 - s)/n, fitted by least squares."""
    points = [(1 / n, 1 / s) for n, s in speedups.items() if n > 1]
    numerator = sum((1 - x) * (y - x) for x, y in points)
    denominator = sum((1 - x) ** 2 for x, _ in points)
    return numerator / denominator if denominator else 0.0


_BURN = [sys.executable, "-c", "n = 0\nfor i in range(20_000_000):\n    n += i"]


def machine_capacity() -> float:
    """How many cores' worth of work two busy processes get now (2.0 on an idle 2-core machine).

    A pure-Python loop timed alone, then two copies at once: on a shared or
    loaded machine, the ceiling any ``-j 2`` speed-up can reach.
    """
    start = time.perf_counter()
    subprocess.run(_BURN, check=True)
    alone = time.perf_counter() - start
    start = time.perf_counter()
    pair = [subprocess.Popen(_BURN) for _ in range(2)]
    for process in pair:
        process.wait()
    return 2 * alone / (time.perf_counter() - start)


def rows_jobs(settings: Settings) -> Iterator[Row]:
    """``pmn validate -j N`` on 20,000 Wari games: the curve, the serial fraction, -j 2."""
    path = str(corpus("wari", 20000))
    counts = sorted({1, 2, settings.jobs_all})
    commands = {str(n): [*PMN, "validate", "-q", "-j", str(n), path] for n in counts}
    runs = max(1, (settings.runs + 1) // 2)
    capacity = machine_capacity()
    times = interleaved(commands, runs)
    capacity = (capacity + machine_capacity()) / 2
    one = times["1"]["wall"]
    speedups = {n: one / times[str(n)]["wall"] for n in counts}
    serial = amdahl_serial_fraction(speedups)
    curve = ", ".join(f"-j {n}: {times[str(n)]['wall']:.2f} s ({speedups[n]:.2f}x)" for n in counts)
    yield Row(
        "jobs-curve",
        "report: 1, 2 and all cores; serial fraction",
        f"serial fraction {serial:.2f}",
        None,
        f"{curve}; CPU -j 2 / -j 1 {times['2']['cpu'] / times['1']['cpu']:.2f}; median of {runs}",
        {"times": times, "speedups": speedups, "serial_fraction": serial, "capacity": capacity},
    )
    yield Row(
        "jobs-2-vs-1",
        ">= 1.7x -j 1 (20,000 games)",
        f"{speedups[2]:.2f}x",
        speedups[2] >= 1.7,
        f"{os.cpu_count()} cores; two busy processes got {capacity:.2f} cores' worth of work "
        "during the run (the ceiling of a -j 2 speed-up on this machine at that time)",
    )


_DASK = """
import sys, time
from distributed import Client, LocalCluster
from notation.archive.distributed import validation_report
with LocalCluster(n_workers=int(sys.argv[2]), threads_per_worker=1, processes=True,
                  dashboard_address=None) as cluster, Client(cluster):
    report = validation_report([sys.argv[1]])
print(report["summary"])
"""


def rows_dask(settings: Settings) -> Iterator[Row]:
    """The Dask route against ``--jobs`` on this machine: the same report of the same files."""
    row = Row("dask-overhead", "report: Dask time / --jobs time")
    try:
        import dask  # noqa: F401
        import distributed  # noqa: F401
    except ImportError:
        row.measured = "n/a (dask not installed)"
        yield row
        return
    jobs = str(min(2, settings.jobs_all))
    folder = str(split_corpus(corpus("wari", 20000), 8))
    commands = {
        "jobs": [*PMN, "validate", "--format", "json", "-j", jobs, folder],
        "dask": [sys.executable, "-c", _DASK, folder, jobs],
    }
    times = interleaved(commands, max(1, (settings.runs + 1) // 2))
    ratio = times["dask"]["wall"] / times["jobs"]["wall"]
    row.measured = f"{ratio:.2f}x ({times['dask']['wall']:.2f} s vs {times['jobs']['wall']:.2f} s)"
    row.note = (
        f"20,000 Wari games in 8 files, {jobs} workers (LocalCluster, processes) vs "
        f"pmn validate --format json -j {jobs}"
    )
    yield row


def rows_linear(settings: Settings) -> Iterator[Row]:
    """10x the games in at most 11x the time (``pmn validate -j 1``, CPU time)."""
    commands = {
        str(size): [*PMN, "validate", "-q", "-j", "1", str(corpus("wari", size))]
        for size in (2000, 20000)
    }
    times = interleaved(commands, max(1, (settings.runs + 1) // 2))
    ratio = times["20000"]["cpu"] / times["2000"]["cpu"]
    yield Row(
        "linear-growth",
        "10x games <= 11x time",
        f"{ratio:.2f}x",
        ratio <= 11.0,
        f"pmn validate -j 1, CPU seconds: {times['2000']['cpu']:.2f} (2,000 games), "
        f"{times['20000']['cpu']:.2f} (20,000); wall ratio {times['20000']['wall'] / times['2000']['wall']:.2f}x",
    )


def rows_memory(settings: Settings) -> Iterator[Row]:
    """Peak memory of ``pmn validate`` (default jobs) on a big file."""
    big = big_file(corpus("wari", 20000), settings.memory_gb)
    seconds, kib = run_pmn(["validate", "-q", str(big)])
    size = big.stat().st_size / 1e9
    yield Row(
        "memory-big-file",
        "peak RSS < 150 MB on 1 GB",
        f"{kib / 1024:.0f} MB",
        kib / 1024 < 150,
        f"{size:.2f} GB file, default jobs, {seconds:.0f} s; the largest process's peak"
        + ("" if size >= 1 else " (less than 1 GB: --memory-gb 1 for the target's size)"),
    )


#: Every group of rows, in table order: the function and the names of its rows.
GROUPS: dict[str, tuple[Callable[[Settings], Iterator[Row]], tuple[str, ...]]] = {
    "startup": (rows_startup, ("startup-validate", "startup-help", "startup-moves")),
    "e2e": (rows_e2e, ("e2e-wari-2k", "e2e-trysse-2k", "e2e-wari-20k", "e2e-trysse-20k")),
    "inproc": (
        rows_in_process,
        tuple(
            f"inproc-{name}{form}"
            for name in IN_PROCESS_TARGETS
            for form in ("", "-long")
            if form == "" or name.startswith("tricala")
        ),
    ),
    "tricala-felt": (
        rows_tricala_felt,
        ("e2e-tricala-2", "cold-tricala-2", "e2e-tricala-3", "cold-tricala-3"),
    ),
    "headers": (rows_headers, tuple(f"headers-api-{name}" for name in CORPORA)),
    "tools": (rows_tools, ("stats-vs-chess-headers", "stats-vs-validate", "fmt-check-vs-validate")),
    "convert": (
        rows_convert,
        ("convert-pmn-json", "convert-json-pmn", "convert-pmn-jsonl", "convert-jsonl-pmn"),
    ),
    "moves": (
        rows_moves,
        ("moves-wari-limit", "moves-wari-pit", "moves-tricala-limit", "moves-tricala-count"),
    ),
    "jobs": (rows_jobs, ("jobs-curve", "jobs-2-vs-1")),
    "dask": (rows_dask, ("dask-overhead",)),
    "linear": (rows_linear, ("linear-growth",)),
    "memory": (rows_memory, ("memory-big-file",)),
}


def selected(patterns: list[str], name: str) -> bool:
    return not patterns or any(fnmatch.fnmatch(name, p) for p in patterns)


def print_table(rows: list[Row], out: io.TextIOBase | None = None) -> None:
    """The table: one row per target, then the notes."""
    stream = out or sys.stdout
    width = max([len(r.name) for r in rows] + [4])
    target_width = max([len(r.target) for r in rows] + [6])
    measured_width = max([len(r.measured) for r in rows] + [8])
    print(
        f"{'row':<{width}}  {'target':<{target_width}}  {'measured':<{measured_width}}  result",
        file=stream,
    )
    for r in rows:
        verdict = "-" if r.passed is None else "PASS" if r.passed else "FAIL"
        print(
            f"{r.name:<{width}}  {r.target:<{target_width}}  {r.measured:<{measured_width}}  {verdict}",
            file=stream,
        )
    print("\nnotes:", file=stream)
    for r in rows:
        if r.note:
            print(f"  {r.name}: {r.note}", file=stream)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--rows", default="", help="rows or groups to run: comma-separated names or patterns"
    )
    parser.add_argument("--list", action="store_true", help="list the rows and exit")
    parser.add_argument("--quick", action="store_true", help="fewer runs and a 0.1 GB memory file")
    parser.add_argument("--runs", type=int, help="runs per measurement (default 3, quick 1)")
    parser.add_argument(
        "--startup-runs", type=int, help="runs of each start-up command (default 20, quick 7)"
    )
    parser.add_argument(
        "--memory-gb", type=float, help="size of the memory row's file (default 1, quick 0.1)"
    )
    parser.add_argument(
        "--out", default=str(ROOT / "out" / "results.json"), help="JSON results file"
    )
    args = parser.parse_args()
    patterns = [p.strip() for p in args.rows.split(",") if p.strip()]
    if args.list:
        for group, (_, names) in GROUPS.items():
            for name in names:
                print(f"{group:<8} {name}")
        return
    settings = Settings(
        runs=args.runs or (1 if args.quick else 3),
        startup_runs=args.startup_runs or (7 if args.quick else 20),
        memory_gb=args.memory_gb or (0.1 if args.quick else 1.0),
        jobs_all=len(os.sched_getaffinity(0))
        if hasattr(os, "sched_getaffinity")
        else os.cpu_count() or 1,
        quick=args.quick,
    )
    # as pip install does: the commands start from bytecode, not from source
    compileall.compile_dir(str(REPO / "notation"), quiet=1)
    compileall.compile_dir(str(REPO / "cli"), quiet=1)
    rows: list[Row] = []
    for group, (function, names) in GROUPS.items():
        wanted = [name for name in names if selected(patterns, name) or selected(patterns, group)]
        if not wanted:
            continue
        print(f"measuring {group} ...", file=sys.stderr)
        for row in function(settings):
            if row.name in wanted:
                rows.append(row)
                print(f"  {row.name}: {row.measured}", file=sys.stderr)
    print_table(rows)
    results = {
        "machine": {
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "platform": platform.platform(),
            "load": os.getloadavg(),
        },
        "runs": settings.runs,
        "rows": [asdict(row) for row in rows],
    }
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=1, default=str) + "\n", encoding="utf-8")
    print(f"\nresults written to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
