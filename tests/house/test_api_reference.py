"""The API reference is built from the docstrings by pdoc, warnings as errors (issue 26):
every module of the library gets a page, and a docstring pdoc cannot read fails here.

The reference is not kept in the repository: ``docs/api.md`` says how to build it.
"""

from __future__ import annotations

import pkgutil
import sys
import warnings
from pathlib import Path

import pdoc
import pdoc.extract
import pdoc.render

import notation

#: Every module of the library, named one by one: a package whose ``__all__`` names no
#: module (``notation``, ``notation.games``) hides its modules from pdoc's walk.
MODULES = ["notation"] + [
    module.name
    for module in pkgutil.walk_packages(notation.__path__, "notation.")
    if "schemas" not in module.name
]


def specs(modules: list[str]) -> list[str]:
    """The modules to name to pdoc so that it documents each of ``modules`` once: a module
    is named only when pdoc's walk of those named before it did not reach it (naming a
    module twice makes pdoc warn that it was added already)."""
    named: list[str] = []
    reached: set[str] = set()
    for module in modules:
        if module not in reached:
            named.append(module)
            reached.update(pdoc.extract.walk_specs([module]))
    return named


def build(folder: Path, show_source: bool = False) -> None:
    """The reference as HTML pages in ``folder``; a warning is an error.

    The test's pages leave out the source code ``docs/api.md``'s pages show under "View
    Source" (``show_source``): what is checked here is the docstrings, and highlighting
    every function's source with pygments was most of the build (15 of 17 s, issue 28)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pdoc.render.configure(docformat="restructuredtext", show_source=show_source)
        pdoc.pdoc(*specs(MODULES), output_directory=folder)


def test_every_module_of_the_library_has_a_page(tmp_path):
    build(tmp_path)
    pages = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.html")}
    assert [name for name in MODULES if name.replace(".", "/") + ".html" not in pages] == []
    assert "read_path" in (tmp_path / "notation.html").read_text(encoding="utf-8")


def test_no_module_is_named_twice():
    named = specs(MODULES)
    assert "notation" in named and len(named) < len(MODULES)
    assert specs(["notation.archive", "notation.archive.dedupe"]) == ["notation.archive"]


if __name__ == "__main__":  # python tests/house/test_api_reference.py docs/api
    build(Path(sys.argv[1]), show_source=True)
