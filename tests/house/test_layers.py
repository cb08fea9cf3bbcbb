"""The house's layers, held by a test over the import graph (issue 26).

``notation/`` is built in layers, each a folder whose docstring says what may live in
it and what it may import. From the bottom:

1. :mod:`notation.errors`, the one error base;
2. :mod:`notation.files`, the one input and output layers (standard library only);
3. the centre: :mod:`notation.core` (the record, its replay) and :mod:`notation.games`
   (the game registry and each game's rules), which lean on each other;
4. :mod:`notation.formats`, one module a format;
5. :mod:`notation.render`, boards, pages and the text layer of each sink;
6. :mod:`notation.archive` and :mod:`notation.desk`, side by side (neither imports the
   other); above them :mod:`notation.hall`, the live hall (``pmn serve``, rank 6.5);
7. :mod:`notation` itself (the public API) and then the command line, :mod:`notation.cli`
   (the repository's top-level ``cli/`` folder, installed inside the library).

A module may import from its own layer and the layers below it, and from no layer above
(the four that ran upward when the folders were made are gone: the cheap PMN reader
moved to formats, canonical_tags to the record, fmt's file checks to the archive,
Kalah's drawing to render). Every import counts: inside a function (it runs), under
``TYPE_CHECKING`` (an annotation naming a higher layer's type is the same dependency,
and made the one import circle, errors -> core.record -> errors), and a module named in
a string (``"notation.render.svg:wari_svg"``, imported later by name): the games named
their drawings so, past the layer rule, until the renderer registered them by board.
"""

from __future__ import annotations

import ast
import functools
import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Each layer's rank, by module prefix (the longest prefix that fits wins).
LAYERS = {
    "notation.errors": 1,
    "notation.files": 2,
    "notation.core": 3,
    "notation.games": 3,
    "notation.formats": 4,
    "notation.render": 5,
    "notation.archive": 6,
    "notation.desk": 6,
    # the live hall (pmn serve): above the desk it records for, below the public API
    "notation.hall": 6.5,
    "notation": 7,
    "notation.cli": 8,
}
#: Layers of one rank that may not import each other.
APART = [("notation.archive", "notation.desk")]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    if parts[0] == "cli":  # cli/ installs as notation.cli (pyproject's package-dir)
        parts.insert(0, "notation")
    return ".".join(parts)


#: A string that is a module's name, perhaps with an attribute (``"notation.render.svg"``,
#: ``"notation.render.svg:wari_svg"``): a module imported by name, later.
MODULE_NAME = re.compile(r"(notation(?:\.\w+)+)(?::\w+(?:\.\w+)*)?")


def _named_module(text: str) -> str | None:
    """The module of this project a string names whole, or None (prose mentioning one,
    as a docstring does, names none)."""
    match = MODULE_NAME.fullmatch(text)
    if match is None:
        return None
    name = match.group(1)
    while "." in name and not _exists(name):  # "notation.games.base.Variant"
        name = name.rpartition(".")[0]
    # "notation.schemas" (data files installed as a package) names no module
    return name if "." in name and _exists(name) else None


def _imports(
    tree: ast.Module, module: str, *, top_level_only: bool, strings: bool = True
) -> set[str]:
    """The modules of this project that ``tree`` imports: its import statements,
    ``TYPE_CHECKING`` blocks included, and (``strings``) the modules it names in strings."""
    found: set[str] = set()
    package = (
        module
        if (ROOT / module.replace(".", "/") / "__init__.py").exists()
        else (module.rpartition(".")[0])
    )
    stack: list[ast.AST] = list(tree.body)
    while stack:
        node = stack.pop()
        if strings and isinstance(node, ast.Constant) and isinstance(node.value, str):
            named = _named_module(node.value)
            if named is not None:
                found.add(named)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            for alias in node.names:  # "from notation.core import record" names a module
                candidate = f"{base}.{alias.name}"
                found.add(candidate if _exists(candidate) else base)
        if top_level_only and isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        stack.extend(ast.iter_child_nodes(node))
    return {name for name in found if name.split(".")[0] == "notation"}


def _exists(module: str) -> bool:
    if module == "notation.cli" or module.startswith("notation.cli."):
        module = module.removeprefix("notation.")
    path = ROOT / module.replace(".", "/")
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


@functools.cache  # read once for the tests that use it (issue 28); they only read it
def graph(*, top_level_only: bool = False, strings: bool = True) -> dict[str, set[str]]:
    """Each module's imports (:func:`_imports`); without ``strings``, the import
    statements alone."""
    edges: dict[str, set[str]] = defaultdict(set)
    for folder in ("notation", "cli"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            module = _module_name(path)
            tree = ast.parse(path.read_text(encoding="utf-8"))
            edges[module] = _imports(
                tree, module, top_level_only=top_level_only, strings=strings
            ) - {module}
    return edges


def layer_of(module: str) -> tuple[str, int]:
    best = max(
        (prefix for prefix in LAYERS if module == prefix or module.startswith(prefix + ".")),
        key=len,
    )
    return best, LAYERS[best]


def test_no_module_imports_from_a_layer_above_its_own():
    upward = [
        (module, target)
        for module, targets in graph().items()
        for target in targets
        if layer_of(target)[1] > layer_of(module)[1]
    ]
    assert upward == [], f"imports from a layer above: {upward}"


def test_the_archive_and_the_desk_stand_apart():
    for module, targets in graph().items():
        for left, right in APART:
            for one, other in ((left, right), (right, left)):
                if module.startswith(one):
                    assert not [t for t in targets if t.startswith(other)], module


def test_no_import_cycle():
    """No import cycle, not even through a function's own imports (cli/common.py and
    cli/inputs.py imported each other so, issue 26) or an annotation's (errors.py and
    core/record.py did). A module named in a string is loaded by name when it is used
    (the format registry names each format's module so, within its layer): the layer
    tests hold those, this one the import statements."""
    edges = graph(strings=False)
    state: dict[str, int] = {}  # 1: on the path, 2: done

    for start in sorted(edges):
        if state.get(start):
            continue
        path = [(start, iter(sorted(edges[start])))]
        state[start] = 1
        while path:
            node, children = path[-1]
            child = next(children, None)
            if child is None:
                state[node] = 2
                path.pop()
                continue
            if child not in edges:
                continue
            if state.get(child) == 1:
                names = [name for name, _ in path]
                cycle = [*names[names.index(child) :], child]
                raise AssertionError(f"an import cycle: {' -> '.join(cycle)}")
            if not state.get(child):
                state[child] = 1
                path.append((child, iter(sorted(edges[child]))))


def test_every_layer_says_what_it_holds_and_may_import():
    for folder in ("core", "files", "formats", "render", "archive", "desk"):
        doc = ast.get_docstring(ast.parse((ROOT / "notation" / folder / "__init__.py").read_text()))
        assert doc and "may import" in doc, folder


def test_every_module_says_what_it_exports():
    """Each module of the library has an ``__all__``, and every name in it is defined
    there (a layer's package says what it holds in its docstring instead)."""
    import importlib

    for path in sorted((ROOT / "notation").rglob("*.py")):
        module = _module_name(path)
        if path.name == "__init__.py" and module.count(".") == 1 and module != "notation.games":
            continue  # a layer's folder: its docstring, no code
        if module.endswith("distributed"):
            continue  # needs dask
        loaded = importlib.import_module(module)
        exported = getattr(loaded, "__all__", None)
        assert exported, f"{module} has no __all__"
        assert not [name for name in exported if not hasattr(loaded, name)], module


def test_the_command_line_installs_inside_the_library():
    """``cli/`` installs as ``notation.cli``: a bare top-level ``cli`` package would collide
    with any other distribution that ships one (issue 26)."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    packages = project["tool"]["setuptools"]["packages"]
    assert [name for name in packages if name.split(".")[0] != "notation"] == []
    assert project["tool"]["setuptools"]["package-dir"]["notation.cli"] == "cli"
    assert project["project"]["scripts"]["pmn"] == "notation.cli.main:main"


def test_the_layer_rule_sees_imports_for_annotations_and_modules_named_in_strings():
    """An import under ``TYPE_CHECKING`` and a module named in a string count as imports;
    prose that mentions a module (a docstring) does not."""
    source = '''
"""Drawn by notation.render.svg, as the docs say."""
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from notation.formats.pmn import Chunk

drawing = "notation.render.svg:wari_svg"
loader = "notation.archive.index"
'''
    found = _imports(ast.parse(source), "notation.games.example", top_level_only=False)
    assert found == {"notation.formats.pmn", "notation.render.svg", "notation.archive.index"}
