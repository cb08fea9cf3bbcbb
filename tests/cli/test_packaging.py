"""Every package of the library is installed: a non-editable install lists them one by one."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_is_in_the_install_list():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "notation").rglob("__init__.py")
    } | {
        # cli/ installs inside the library (pyproject's package-dir)
        ".".join(("notation", *init.parent.relative_to(ROOT).parts))
        for init in (ROOT / "cli").rglob("__init__.py")
    }
    assert found <= listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"
