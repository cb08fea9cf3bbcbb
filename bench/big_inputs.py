"""Time and peak memory of ``pmn validate`` on inputs past the caps (issue 25).

    python bench/big_inputs.py TREE [TREE...]     # e.g. a worktree of the commit before

For each source tree, runs ``python -m cli validate -q -j 1`` on 16, 32 and 64 MiB of
movetext with no tag line, a gzip of one 512 MiB line and a gzip of 512 MiB of
movetext (made once in $TMPDIR/pmn-big-inputs), with a 300 s limit, and prints the
seconds and the peak resident memory (from wait4) of each run.
"""

import gzip
import os
import subprocess
import sys
import tempfile
import time

d = os.path.join(tempfile.gettempdir(), "pmn-big-inputs")
os.makedirs(d, exist_ok=True)


def make(name, writer):
    p = os.path.join(d, name)
    if not os.path.exists(p):
        writer(p)
    return p


def movetext(mib):
    def w(p):
        with open(p, "wb") as out:
            line = b"1. C b 2. D c 3. E d " * 20 + b"\n"
            n = (mib << 20) // len(line)
            out.write(line * n)

    return w


def gz_one_line(p):
    with gzip.open(p, "wb", 9) as out:
        block = b"1. C b " * (1 << 17)
        for _ in range((512 << 20) // len(block)):
            out.write(block)


def gz_movetext(p):
    with gzip.open(p, "wb", 9) as out:
        line = b"1. C b 2. D c 3. E d " * 20 + b"\n"
        block = line * ((1 << 20) // len(line))
        for _ in range(512):
            out.write(block)


files = [
    make("m16.pmn", movetext(16)),
    make("m32.pmn", movetext(32)),
    make("m64.pmn", movetext(64)),
    make("line512.pmn.gz", gz_one_line),
    make("mt512.pmn.gz", gz_movetext),
]
for tree in sys.argv[1:]:
    print(tree)
    for f in files:
        t = time.monotonic()
        with open(os.path.join(d, "stderr"), "wb") as err:
            p = subprocess.Popen(
                [sys.executable, "-m", "cli", "validate", "-q", "-j", "1", f],
                cwd=tree,
                stdout=subprocess.DEVNULL,
                stderr=err,
                env={**os.environ, "PYTHONPATH": tree},
            )
            while True:
                pid, status, usage = os.wait4(p.pid, os.WNOHANG)
                if pid:
                    break
                if time.monotonic() - t > 300:
                    p.kill()
                    pid, status, usage = os.wait4(p.pid, 0)
                    break
                time.sleep(0.05)
        seconds = time.monotonic() - t
        code = os.waitstatus_to_exitcode(status)
        name = os.path.basename(f)
        print(
            f"{name:16} exit {code:3} {seconds:7.2f} s {usage.ru_maxrss / 1024:6.0f} MB", flush=True
        )
