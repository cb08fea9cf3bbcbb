"""The error tree in notation.errors' docstring names every error PMN raises, with its
code and its parent (issue 26: six classes were missing from it)."""

from __future__ import annotations

import importlib
import pkgutil
import re

import notation
from notation.errors import PMNError


def _every_error() -> list[type[PMNError]]:
    for module in pkgutil.walk_packages(notation.__path__, "notation."):
        if module.name.endswith("distributed"):  # needs dask, and raises none of its own
            continue
        importlib.import_module(module.name)
    found, pending = [], [PMNError]
    while pending:
        cls = pending.pop()
        found.append(cls)
        pending.extend(cls.__subclasses__())
    return [cls for cls in found if not cls.__name__.startswith("_")]


def test_the_documented_tree_names_every_error_with_its_code_and_parent():
    doc = notation.errors.__doc__ or ""
    rows = {}
    for line in doc.splitlines():
        match = re.match(r"^\s+([│ ]*)(?:[├└]── )?([A-Za-z]+Error)(?:\s+([a-z-]+))?", line)
        if match:
            rows[match.group(2)] = (len(match.group(1)), match.group(3))
    for cls in _every_error():
        assert cls.__name__ in rows, f"{cls.__module__}.{cls.__name__} is not in the tree"
        if cls is not PMNError:
            assert rows[cls.__name__][1] == cls.code, cls.__name__
            parent = cls.__bases__[0]
            assert rows[cls.__name__][0] > rows[parent.__name__][0] or parent is PMNError
