"""A warm ``pmn`` for the attack suite: each run is still a process of its own, forked
from a small server that has imported the command line once, instead of a new
interpreter that imports it again (issue 28: the interpreter's start and the imports
were most of a small run's time, and the suite makes hundreds).

The server (``python -m tests.cli.pmn_forkserver``) reads one JSON request a line on
standard input and answers one JSON line on standard output. For each request it forks
a child that becomes ``pmn ARGS``: a session of its own, its standard streams the files
named, the folder, the environment and the address-space cap given, its standard
streams opened as a new interpreter opens them, warnings as a new interpreter filters
them, then ``notation.cli.main.main()``. The server waits for it with ``os.wait4`` (its
peak resident memory), kills it and its process group past the timeout, and kills what
it leaves behind (a pool's workers). The server holds no thread, so forking is safe.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import signal
import sys
import time
import traceback
import warnings
from typing import Any

#: What a new interpreter's warnings filter is (``python -W`` unset, no PYTHONWARNINGS).
_DEFAULT_FILTERS = (
    ("ignore", ResourceWarning),
    ("ignore", ImportWarning),
    ("ignore", PendingDeprecationWarning),
    ("ignore", DeprecationWarning),
)


def _become_pmn(request: dict[str, Any]) -> None:
    """In the forked child: set up as a new ``pmn`` process would be, run it, and end."""
    code = 1
    try:
        os.setsid()
        stdin = os.open(request["stdin"] or os.devnull, os.O_RDONLY)
        append = os.O_APPEND if request["append"] else os.O_TRUNC
        stdout = os.open(request["stdout"], os.O_WRONLY | os.O_CREAT | append, 0o644)
        stderr = os.open(request["stderr"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        for fd, target in ((stdin, 0), (stdout, 1), (stderr, 2)):
            os.dup2(fd, target)
            os.close(fd)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        limit = request["address_space"]
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        # the streams as a new interpreter opens them (UTF-8 mode: PYTHONUTF8=1)
        sys.stdin = open(0, encoding="utf-8", errors="surrogateescape", closefd=False)  # noqa: SIM115
        sys.stdout = open(1, "w", encoding="utf-8", errors="surrogateescape", closefd=False)  # noqa: SIM115
        sys.stderr = open(  # noqa: SIM115 (line-buffered, as a new interpreter's)
            2, "w", buffering=1, encoding="utf-8", errors="backslashreplace", closefd=False
        )
        warnings.resetwarnings()
        for action, category in _DEFAULT_FILTERS:
            warnings.filterwarnings(action, category=category)
        warnings.filterwarnings("default", category=DeprecationWarning, module="__main__")
        sys.argv = [request["program"], *request["args"]]
        from notation.cli.main import main

        try:
            main()
            code = 0
        except SystemExit as done:
            if done.code is None:
                code = 0
            elif isinstance(done.code, int):
                code = done.code
            else:
                print(done.code, file=sys.stderr)
                code = 1
        except BaseException:  # as a new interpreter would: the traceback, exit 1
            traceback.print_exc()
            code = 1
    except BaseException:  # the set-up failed: said where the server's errors go
        traceback.print_exc()
        code = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(BaseException):  # a closed pipe: nothing more to say
                stream.flush()
        os._exit(code & 0xFF)


def _run(request: dict[str, Any]) -> dict[str, Any]:
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        _become_pmn(request)  # never returns
    timed_out = False
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() - start > request["timeout"]:
            timed_out = True
            os.killpg(pid, signal.SIGKILL)
            done, status, usage = os.wait4(pid, 0)
            break
        time.sleep(0.005)
    seconds = time.monotonic() - start
    with contextlib.suppress(OSError):
        os.killpg(pid, signal.SIGKILL)  # what it left behind (a pool's workers)
    return {
        "code": os.waitstatus_to_exitcode(status),
        "seconds": seconds,
        "rss_mb": usage.ru_maxrss / 1024,
        "timed_out": timed_out,
    }


def serve() -> None:
    """Answer requests until standard input ends."""
    import importlib

    from notation.cli.main import COMMANDS

    for command in COMMANDS.values():  # every command's module, imported once for every run
        importlib.import_module(command.reference.partition(":")[0])

    for line in sys.stdin:
        answer = _run(json.loads(line))
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve()
