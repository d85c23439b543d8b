"""Test setup: make the example third-party plug-in (``tests/plugins/twenty_twenty``, its
own package with its own entry point) importable before collection, so that the registry
discovers it exactly as it would a published package.

Its ``src`` folder holds the package and a ``.dist-info`` with the plug-in's metadata and
entry point (what installing it would write), so putting that folder on ``sys.path`` is
an installation: no network, no build, nothing written outside the checkout. A test
checks the ``.dist-info`` against the plug-in's ``pyproject.toml``."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

PLUGIN = Path(__file__).resolve().parent / "plugins" / "twenty_twenty"
PLUGIN_SOURCE = PLUGIN / "src"
TURN_UP = Path(__file__).resolve().parent / "plugins" / "turn_up"
"""The second example plug-in: a trump part of its own (a euchre-style turn-up)."""


def install_example_plugin() -> None:
    """Put the example plug-in's source folder first on ``sys.path`` (once) and make the
    registry look again."""
    for source in (PLUGIN_SOURCE, TURN_UP / "src"):
        if str(source) not in sys.path:
            sys.path.insert(0, str(source))
    import twentyeight

    twentyeight.refresh()


VEILED = Path(__file__).resolve().parent / "plugins" / "veiled"
"""The third example plug-in: a trump part that hides cards as they are played, and two
rule plug-ins (``tests/test_veiled.py`` installs it for its own tests only, so that the
other tests' every-preset loops stay as fast as they were)."""


@contextmanager
def plugin_installed(folder: Path) -> Iterator[None]:
    """The example plug-in in ``folder`` installed (its source folder on ``sys.path``,
    the registry refreshed) for the block, and uninstalled after it."""
    import twentyeight

    source = str(folder / "src")
    sys.path.insert(0, source)
    twentyeight.refresh()
    try:
        yield
    finally:
        sys.path.remove(source)
        twentyeight.refresh()


def pytest_configure(config: pytest.Config) -> None:
    install_example_plugin()
