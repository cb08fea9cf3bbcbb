"""Error codes in one table: :class:`notation.errors.Code`.

Every code the library gives (a :class:`~notation.errors.PMNError`'s, a ``ReadError``'s,
a ``Problem``'s, a move error's) is a member of the enum, whether the code names the
member or still writes its text; and the documentation's tables of error codes explain
every member. So a code cannot be made up in one place, nor go undocumented.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

from notation.errors import Code, PMNError

ROOT = Path(__file__).resolve().parents[2]
#: Calls whose first argument is a code: the read errors, the problems, the readers'
#: ``error(code, message, ...)`` helpers.
CODE_FIRST = {"ReadError", "Problem", "error", "_error"}
#: Calls with the code as a later positional argument: Tricala's ``Rejected(reason,
#: code)`` and ``_refusal(reason, position, code)``.
CODE_AT = {"Rejected": 1, "_refusal": 2}
#: The chapters whose ``| code |`` tables explain error codes (docs/pmn.md points to the
#: games' own chapters for their move codes).
CHAPTERS = ("pmn.md", "tricala.md", "trias.md", "togyz-kumalak.md")


def _text(node: ast.AST | None) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):  # code = "a" if ... else "b"
        return _text(node.body) + _text(node.orelse)
    return []


def _assigned(node: ast.Assign | ast.AnnAssign) -> list[str]:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    found: list[str] = []
    for target in targets:
        if isinstance(target, ast.Name) and target.id == "code":
            found += _text(node.value)
        elif isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
            for name, value in zip(target.elts, node.value.elts, strict=False):
                if isinstance(name, ast.Name) and name.id == "code":
                    found += _text(value)
    return found


def codes_written(tree: ast.AST) -> list[tuple[int, str]]:
    """The codes a module writes as text: ``code=...``, ``code = ...``, a read error's or
    problem's first argument, ``x.code == ...``."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        texts: list[str] = []
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            index = 0 if name in CODE_FIRST else CODE_AT.get(name)
            if index is not None and len(node.args) > index:
                texts += _text(node.args[index])
            texts += [t for k in node.keywords if k.arg == "code" for t in _text(k.value)]
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            texts += _assigned(node)
        elif isinstance(node, ast.Compare) and getattr(node.left, "attr", None) == "code":
            texts += [t for c in node.comparators for t in _text(c)]
        found += [(getattr(node, "lineno", 0), text) for text in texts]
    return found


def test_every_code_written_in_the_source_is_a_member_of_the_table():
    members = {code.value for code in Code}
    strays = [
        f"{path.relative_to(ROOT)}:{line}: {text}"
        for folder in ("notation", "cli")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for line, text in codes_written(ast.parse(path.read_text(encoding="utf-8")))
        if text not in members
    ]
    assert strays == []


def _subclasses(cls: type) -> list[type]:
    return [cls, *(sub for child in cls.__subclasses__() for sub in _subclasses(child))]


def test_every_error_class_has_a_code_of_the_table():
    for path in sorted((ROOT / "notation").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        if not module.endswith("distributed"):  # needs dask
            importlib.import_module(module)
    for cls in _subclasses(PMNError):
        assert cls.code in set(Code), f"{cls.__module__}.{cls.__qualname__}: {cls.code}"


def documented_codes() -> set[str]:
    """The codes in the first column of the ``| code |`` tables of the chapters."""
    found: set[str] = set()
    for chapter in CHAPTERS:
        in_table = False
        for line in (ROOT / "docs" / chapter).read_text(encoding="utf-8").splitlines():
            if line.startswith("| code |"):
                in_table = True
            elif not line.startswith("|"):
                in_table = False
            elif in_table:
                found.update(re.findall(r"`([a-z][a-z-]*)`", line.split("|")[1]))
    return found


def test_every_member_is_explained_in_the_documentation():
    assert [code.value for code in Code if code.value not in documented_codes()] == []


def test_every_documented_code_is_a_member():
    assert sorted(documented_codes() - {code.value for code in Code}) == []


def test_a_member_is_its_text_and_is_written_as_its_text():
    import json

    assert Code.SYNTAX == "syntax" and f"{Code.GAME_OVER}" == "game-over"
    assert repr(Code.AMBIGUOUS_MOVE) == repr("ambiguous-move")
    assert json.dumps({"code": Code.BAD_TAG}) == '{"code": "bad-tag"}'


def test_the_scan_finds_codes_in_each_shape():
    source = """
ReadError("a-1", "m")
raise MoveError("m", code="a-2")
code = "a-3"
why, code = "m", "a-4"
if e.code == "a-5": pass
class E:
    code = "a-6"
"""
    found = sorted(text for _, text in codes_written(ast.parse(source)))
    assert found == ["a-1", "a-2", "a-3", "a-4", "a-5", "a-6"]
