"""MkDocs hook: suit symbols in colour.

Every ♥ ♦ (and the outline ♡ ♢) in a page's HTML, code blocks included, is wrapped in
``<span class="suit suit-red">``, and every ♠ ♣ (♤ ♧) in ``<span class="suit
suit-black">``; ``docs/stylesheets/suits.css`` colours them, for the light and the dark
scheme. Only text is touched: tags, attribute values and the contents of ``<script>``,
``<style>``, ``<textarea>`` and ``<svg>`` (where a ``<span>`` would not be drawn) are
left alone, and the copy button of a code block copies the plain text, so a copied
example is unchanged.
"""

from __future__ import annotations

import re
from typing import Any

COLOUR = {"♥": "red", "♦": "red", "♡": "red", "♢": "red",
          "♠": "black", "♣": "black", "♤": "black", "♧": "black"}
SUIT = re.compile("[" + "".join(COLOUR) + "]")
TAG = re.compile(r"""(<!--.*?-->|<(?:[^>"']|"[^"]*"|'[^']*')*>)""", re.S)
RAW_OPEN = re.compile(r"<(script|style|textarea|svg)\b", re.I)
RAW_CLOSE = re.compile(r"</(script|style|textarea|svg)\s*>", re.I)


def _span(match: re.Match[str]) -> str:
    symbol = match[0]
    return f'<span class="suit suit-{COLOUR[symbol]}">{symbol}</span>'


def colour_suits(html: str) -> str:
    """``html`` with every suit symbol in its text wrapped in a coloured span."""
    if not SUIT.search(html):
        return html
    parts = TAG.split(html)
    raw = 0
    for i, part in enumerate(parts):
        if i % 2:  # a tag or comment
            if RAW_OPEN.match(part):
                raw += 1
            elif RAW_CLOSE.match(part):
                raw = max(0, raw - 1)
        elif not raw and SUIT.search(part):
            parts[i] = SUIT.sub(_span, part)
    return "".join(parts)


def on_page_content(html: str, *, page: Any, config: Any, files: Any) -> str:
    """MkDocs event: colour the suits of one page's content."""
    return colour_suits(html)
