"""A headless Chromium for the browser tests, driven by Playwright.

The tests need a Chromium: Debian's ``chromium`` (``/usr/bin/chromium``), or the one
that ``TWENTYEIGHT_CHROMIUM`` names (a machine without apt, a Chromium elsewhere);
Playwright's own browser download is not used. Without one the tests fail, saying how to
install it: nothing is skipped for a missing package."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path(os.environ.get("TWENTYEIGHT_CHROMIUM") or "/usr/bin/chromium")
INSTALL = ("`sudo apt-get update && sudo apt-get install -y chromium` (without sudo as "
           "root), or on a machine without apt install Chromium with its package manager "
           "and set TWENTYEIGHT_CHROMIUM to the browser's path")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@contextmanager
def chromium() -> Iterator[Any]:
    """A Playwright browser on the system's Chromium; the test fails with how to install
    what is missing."""
    if not CHROMIUM.exists():
        pytest.fail(f"the browser tests need Chromium at {CHROMIUM}: install it with "
                    f"{INSTALL} (see README.md)", pytrace=False)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail('the browser tests need Playwright: pip install -e ".[test]"',
                    pytrace=False)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def watch_requests(page: Any) -> list[str]:
    """The addresses ``page`` asks for from now on (every one, even refused)."""
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url))
    return seen


def remote(urls: list[str]) -> list[str]:
    """The addresses of ``urls`` that would leave the machine."""
    return [u for u in urls if not u.startswith(("file:", "data:", "about:"))]
