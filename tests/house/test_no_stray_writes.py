"""Every byte pmn writes goes through one layer, notation/files/outputs.py (issue 25): a write,
replace, temporary file, mode change or folder made anywhere else in the library or the
command line fails here, so a command added later cannot bring its own writes back.

What must stay elsewhere is listed in ALLOWED with its reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAYER = "notation/files/outputs.py"
#: Calls that write, replace, remove or change a file or folder.
WRITING_CALLS = {
    "os.replace", "os.rename", "os.renames", "os.chmod", "os.fchmod", "os.lchmod",
    "os.chown", "os.fchown", "os.makedirs", "os.mkdir", "os.mkfifo", "os.unlink",
    "os.remove", "os.rmdir", "os.link", "os.symlink", "os.truncate", "os.ftruncate",
    "os.write", "os.utime", "shutil.copy", "shutil.copy2", "shutil.copyfile",
    "shutil.copyfileobj", "shutil.copytree", "shutil.move", "shutil.rmtree",
    "sqlite3.connect",
}  # fmt: skip
#: Methods of a path that write.
WRITING_METHODS = {"write_text", "write_bytes", "mkdir", "touch", "chmod", "unlink", "rename"}
#: (module, call) pairs that must stay outside the layer, and why.
ALLOWED = {
    # SQLite opens its own files; the index claims the path from the layer first
    # (notation.files.guard.claim_output: never an input of the command) or opens it read-only.
    ("notation/archive/index.py", "sqlite3.connect"),
    # a reader that closed the pipe: standard output is pointed at /dev/null to end quietly
    ("cli/archive_io.py", "os.open"),
}


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_name(node.value)}.{node.attr}"
    return ""


def _writing_mode(call: ast.Call) -> bool:
    """Whether an ``open(...)`` call opens for writing (a mode with w, a, x or +)."""
    mode: ast.expr | None = call.args[1] if len(call.args) > 1 else None
    for keyword in call.keywords:
        if keyword.arg == "mode":
            mode = keyword.value
    if mode is None:
        return False
    if isinstance(mode, ast.Constant) and isinstance(mode.value, str):
        return any(flag in mode.value for flag in "wax+")
    return True  # a mode computed at run time: assume the worst


def stray_writes(path: Path) -> list[str]:
    """Every call in ``path`` that writes a file outside the layer: ``file:line: call``."""
    relative = path.relative_to(ROOT).as_posix()
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        method = node.func.attr if isinstance(node.func, ast.Attribute) else ""
        if name == "os.open":
            flags = ast.unparse(node.args[1]) if len(node.args) > 1 else ""
            stray = any(flag in flags for flag in ("WRONLY", "RDWR", "CREAT", "APPEND", "TRUNC"))
        elif name in WRITING_CALLS or name.startswith("tempfile."):
            stray = True
        elif name in ("open", "io.open", "os.fdopen") or method == "open":
            stray = _writing_mode(node)
        else:
            stray = method in WRITING_METHODS
        if stray and (relative, name) not in ALLOWED:
            found.append(f"{relative}:{node.lineno}: {name or ast.unparse(node.func)}")
    return found


MODULES = sorted(
    path
    for folder in ("notation", "cli")
    for path in (ROOT / folder).rglob("*.py")
    if path.relative_to(ROOT).as_posix() != LAYER
)


def test_the_walk_sees_the_whole_house() -> None:
    assert len(MODULES) > 40
    assert ROOT / "cli" / "publish.py" in MODULES
    assert ROOT / "notation" / "archive" / "index.py" in MODULES


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_no_module_writes_outside_the_file_layer(path: Path) -> None:
    assert stray_writes(path) == []


def test_the_check_finds_a_stray_write(tmp_path: Path) -> None:
    """The walk is not blind: each kind of write is found."""
    sample = ROOT / "notation" / "_sample_for_test.py"
    sample.write_text(
        "import os, tempfile\n"
        "open(p, 'w')\n"
        "os.replace(a, b)\n"
        "os.chmod(p, 0o644)\n"
        "tempfile.mkstemp()\n"
        "path.write_text('x')\n"
        "open(p, 'rb')\n",
        encoding="utf-8",
    )
    try:
        found = [line.split(": ", 1)[1] for line in stray_writes(sample)]
    finally:
        sample.unlink()
    assert found == ["open", "os.replace", "os.chmod", "tempfile.mkstemp", "path.write_text"]
