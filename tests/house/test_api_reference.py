"""The API reference is built from the docstrings by pdoc, warnings as errors (issue 26):
every module of the library gets a page, and a docstring pdoc cannot read fails here.

The reference is not kept in the repository: ``docs/api.md`` says how to build it.
"""

from __future__ import annotations

import pkgutil
import warnings

import pdoc
import pdoc.render

import notation

#: Every module of the library, named one by one: a package whose ``__all__`` names no
#: module (``notation``, ``notation.games``) hides its modules from pdoc's walk.
MODULES = ["notation"] + [
    module.name
    for module in pkgutil.walk_packages(notation.__path__, "notation.")
    if "schemas" not in module.name
]


def build(folder) -> None:
    """The reference as HTML pages in ``folder``; a warning is an error (but pdoc's note
    that a module named one by one was already found by a package's walk).

    The pages leave out the source code ``docs/api.md``'s pages show under "View Source":
    what is checked here is the docstrings, and highlighting every function's source
    with pygments was most of the build (15 of 17 s, issue 28)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", message="The module specification")
        pdoc.render.configure(docformat="restructuredtext", show_source=False)
        pdoc.pdoc(*MODULES, output_directory=folder)


def test_every_module_of_the_library_has_a_page(tmp_path):
    build(tmp_path)
    pages = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.html")}
    assert [name for name in MODULES if name.replace(".", "/") + ".html" not in pages] == []
    assert "read_path" in (tmp_path / "notation.html").read_text(encoding="utf-8")
