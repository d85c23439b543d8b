"""Test setup: install the example third-party plug-in (``tests/plugins/twenty_twenty``,
its own package with its own entry point) into a scratch folder on ``sys.path`` before
collection, so that the registry discovers it exactly as it would a published package."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

PLUGIN = Path(__file__).resolve().parent / "plugins" / "twenty_twenty"


def install_example_plugin() -> None:
    """pip-install the example plug-in into a scratch folder put first on ``sys.path``
    and make the registry look again."""
    target = Path(tempfile.mkdtemp(prefix="twentyeight-plugin-"))
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target",
         str(target), str(PLUGIN)],
        check=True,
    )
    sys.path.insert(0, str(target))
    import twentyeight

    twentyeight.refresh()


def pytest_configure(config: pytest.Config) -> None:
    install_example_plugin()
