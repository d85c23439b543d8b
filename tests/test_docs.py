"""Every Python example in README.md and docs/ runs against the current library, and
none keeps its reader waiting without a word.

Blocks of one file run in order in one namespace, as a reader would type them, and as
the main module (``__name__ == "__main__"``), as a reader's script or interpreter runs
them, so the blocks guarded by a main guard run too.
"""

from __future__ import annotations

import contextlib
import io
import re
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

QUIET = 5.0
"""The longest, in seconds of wall-clock time, that an example may run without printing:
a longer one shows its progress (the ``progress`` argument of ``simulate`` and
``arena``) or is made smaller, with a word on how to scale it up. Every example runs in
well under a second on a loaded 2-core machine except the one with a process pool, whose
progress comes every chunk of rounds (a fraction of a second there)."""


class _Watch(io.StringIO):
    """Standard output for an example: kept, and timed, so that the longest silence
    between the start, each write and the end is known."""

    def __init__(self) -> None:
        super().__init__()
        self.last = time.monotonic()
        self.longest = 0.0

    def tick(self) -> None:
        now = time.monotonic()
        self.longest = max(self.longest, now - self.last)
        self.last = now

    def write(self, text: str) -> int:
        self.tick()
        return super().write(text)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_examples_run(page: Path) -> None:
    blocks = BLOCK.findall(page.read_text(encoding="utf-8"))
    namespace: dict[str, object] = {"__name__": "__main__"}
    for number, code in enumerate(blocks, 1):
        watch = _Watch()
        try:
            with contextlib.redirect_stdout(watch):
                exec(compile(code, f"{page.name}:block{number}", "exec"), namespace)
        except Exception as exc:  # pragma: no cover - the message is the report
            pytest.fail(f"{page.name} block {number} failed: {exc!r}\n{code}")
        watch.tick()
        assert watch.longest <= QUIET, (
            f"{page.name} block {number} ran {watch.longest:.1f} s without a word "
            f"(at most {QUIET:g} s): show its progress or make it smaller\n{code}")


def test_some_examples_exist() -> None:
    assert sum(len(BLOCK.findall(p.read_text(encoding="utf-8"))) for p in PAGES) >= 5


def test_silence_is_measured() -> None:
    """The watch counts the time before the first word, between words and after the
    last, and a word resets it."""
    watch = _Watch()
    watch.last -= 2 * QUIET
    watch.write("x")
    assert watch.longest >= 2 * QUIET
    fresh = _Watch()
    fresh.write("x")
    fresh.tick()
    assert fresh.longest < QUIET
