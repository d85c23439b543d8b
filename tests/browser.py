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


# Each text element of the visible pictures, its box against its picture's and against
# every card of that picture it is not part of. A card's own rank, points badge and note
# belong to it; the tolerance is a pixel of rounding.
_LABEL_BOXES = """
svgs => {
  const out = [];
  const over = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 &&
                         a.top < b.bottom - 1 && b.top < a.bottom - 1;
  for (const svg of svgs) {
    const pic = svg.getBoundingClientRect();
    if (!pic.width) continue;
    const cards = [...svg.querySelectorAll('g.card, g.card-back')]
      .map(g => [g, g.querySelector('rect').getBoundingClientRect()]);
    for (const t of svg.querySelectorAll('text')) {
      const b = t.getBoundingClientRect();
      const what = `${svg.classList[1]}: "${t.textContent}"`;
      if (b.left < pic.left - 1 || b.right > pic.right + 1 || b.top < pic.top - 1 ||
          b.bottom > pic.bottom + 1) out.push(`${what} leaves its picture`);
      for (const [g, r] of cards) {
        if (!g.contains(t) && over(b, r))
          out.push(`${what} overlaps the card ${g.getAttribute('data-card') || 'face down'}`);
      }
    }
  }
  return out;
}
"""

# Each text element's fill against what is drawn behind it, as the browser computed
# them (scrolled into view): at five points along the text's middle line, the first
# shape under the point that is not text (the browser hit-tests shapes by their
# outline), else the background of the page element under the picture. WCAG 2
# relative luminance and contrast ratio.
_CONTRAST = """
svgs => {
  const rgb = c => { const m = c.match(/[\\d.]+/g); return m ? m.map(Number) : null; };
  const lin = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = c => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
                            return (x + 0.05) / (y + 0.05); };
  const pageColour = el => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c && (c.length < 4 || c[3] > 0)) return c;
    }
    return [255, 255, 255];
  };
  const behind = (x, y) => {
    for (const el of document.elementsFromPoint(x, y)) {
      if (el.closest('text')) continue;
      if (el instanceof SVGGeometryElement) {
        const fill = getComputedStyle(el).fill;
        if (fill && fill !== 'none' && Number(getComputedStyle(el).opacity) > 0.5)
          return rgb(fill);
        continue;
      }
      return pageColour(el);
    }
    return [255, 255, 255];
  };
  const out = [];
  for (const svg of svgs) {
    if (!svg.getBoundingClientRect().width) continue;
    for (const t of svg.querySelectorAll('text')) {
      if (!t.textContent.trim()) continue;
      // Only what is on the screen can be hit-tested.
      t.scrollIntoView({block: 'center', inline: 'center'});
      const b = t.getBoundingClientRect();
      const ink = rgb(getComputedStyle(t).fill);
      let worst = Infinity, under = null;
      for (const f of [0.1, 0.3, 0.5, 0.7, 0.9]) {
        const bg = behind(b.left + f * b.width, b.top + b.height / 2);
        const r = ratio(ink, bg);
        if (r < worst) { worst = r; under = bg; }
      }
      out.push({text: t.textContent, picture: svg.classList[1], ratio: worst,
                ink: ink.join(','), under: under.join(',')});
    }
  }
  return out;
}
"""

MIN_CONTRAST = 4.5
"""WCAG 2's minimum contrast ratio for text (success criterion 1.4.3, level AA)."""


def label_problems(page: Any, selector: str = "svg.tt-svg") -> list[str]:
    """Text of the visible pictures on ``page`` that leaves its picture or covers a
    card it is not part of."""
    found: list[str] = page.locator(selector).evaluate_all(_LABEL_BOXES)
    return found


def contrast_problems(page: Any, selector: str = "svg.tt-svg") -> list[str]:
    """Text of the visible pictures on ``page`` whose colour has a contrast ratio below
    :data:`MIN_CONTRAST` against what lies behind it; fails if there is no text."""
    found = page.locator(selector).evaluate_all(_CONTRAST)
    assert found, f"no text in {selector} to check"
    return [f"{f['picture']}: {f['text']!r} rgb({f['ink']}) on rgb({f['under']}): "
            f"{f['ratio']:.2f}" for f in found if f["ratio"] < MIN_CONTRAST]
