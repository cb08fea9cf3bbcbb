"""Optional dependencies of some tests: skipped, with the reason, where they are missing;
required in CI (``PMN_REQUIRE_OPTIONAL=1``, set by ``.ci/run``), where a missing one
fails the run instead of passing it with fewer tests."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def require(module: str, extra: str) -> ModuleType:
    """``module``, imported; a skip of the test module that says why when it is missing
    (``pip install '.[extra]'``), unless CI requires it."""
    if os.environ.get("PMN_REQUIRE_OPTIONAL"):
        return importlib.import_module(module)
    return pytest.importorskip(
        module, reason=f"needs {module}: pip install '.[{extra}]' (CI requires it)"
    )
