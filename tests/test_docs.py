"""Every Python example in README.md and docs/ runs against the current library.

Blocks of one file run in order in one namespace, as a reader would type them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_examples_run(page: Path) -> None:
    blocks = BLOCK.findall(page.read_text(encoding="utf-8"))
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for number, code in enumerate(blocks, 1):
        try:
            exec(compile(code, f"{page.name}:block{number}", "exec"), namespace)
        except Exception as exc:  # pragma: no cover - the message is the report
            pytest.fail(f"{page.name} block {number} failed: {exc!r}\n{code}")


def test_some_examples_exist() -> None:
    assert sum(len(BLOCK.findall(p.read_text(encoding="utf-8"))) for p in PAGES) >= 5
