"""How the command's text looks on the stream it is written to: suit symbols where the
stream's encoding has them, colour on a terminal, a progress bar drawn in place."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Sequence
from typing import TextIO

from ..actions import Action
from ..cards import COPY_MARK, Card

_RED_SUITS = ("H", "D")

_FALLBACK_WIDTH = 80
"""The width assumed when the output is not a terminal and ``COLUMNS`` is not set."""

_MIN_WIDTH = 40
"""Narrower than this, wrapping would cut most lines into single words."""


def _line_width() -> int:
    """How many characters fit on a line of the terminal (``COLUMNS`` if set)."""
    columns = shutil.get_terminal_size((_FALLBACK_WIDTH, 24)).columns
    return max(_MIN_WIDTH, columns)


_COPY_NOTE = (f"({COPY_MARK}2 marks the second copy of a card: this game is played with "
              "two packs, and of two equal cards the one played first wins.)")

class _Style:
    """How cards are printed: suit symbols when the stream can encode them, red suits in
    red on a terminal (unless ``NO_COLOR`` is set)."""

    def __init__(self, stream: TextIO) -> None:
        encoding = getattr(stream, "encoding", None) or "utf-8"
        try:
            "♠♥♦♣–→·".encode(encoding)
            self.symbols = True
        except (LookupError, UnicodeEncodeError):
            self.symbols = False
        isatty = getattr(stream, "isatty", None)
        self.color = bool(isatty and isatty()) and "NO_COLOR" not in os.environ
        self._copy_seen = False
        self._copy_noted = False

    def copy_note(self) -> str | None:
        """The note explaining the copy mark, once: the first time it is asked for after
        a second copy of a card has been printed, and never again."""
        if not self._copy_seen or self._copy_noted:
            return None
        self._copy_noted = True
        return _COPY_NOTE

    @property
    def arrow(self) -> str:
        return "→" if self.symbols else "->"

    @property
    def dash(self) -> str:
        return "–" if self.symbols else "-"

    @property
    def dot(self) -> str:
        return "·" if self.symbols else "|"

    def plain(self, card: Card) -> str:
        """The card's text as printed, without colour (for measuring widths)."""
        return card.pretty() if self.symbols else str(card)

    def card(self, card: Card) -> str:
        # Measuring a card (plain) is not showing it: only a shown copy needs the note.
        if card.copy:
            self._copy_seen = True
        text = self.plain(card)
        if self.color and card.suit in _RED_SUITS:
            return f"\033[31m{text}\033[0m"
        return text

    def cards(self, cards: Sequence[Card]) -> str:
        """Cards in order, suits separated by a wider gap."""
        out: list[str] = []
        prev: str | None = None
        for c in cards:
            if prev is not None:
                out.append("  " if c.suit != prev else " ")
            out.append(self.card(c))
            prev = c.suit
        return "".join(out)

    def action(self, action: Action) -> str:
        card = getattr(action, "card", None)
        if isinstance(card, Card):
            return f"{action.keyword} {self.card(card)}"
        return str(action)

    def bold(self, text: str) -> str:
        return f"\033[1m{text}\033[0m" if self.color else text


class _Progress:
    """A one-line progress bar, drawn in place on a terminal and not at all otherwise."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        isatty = getattr(stream, "isatty", None)
        self.active = bool(isatty and isatty())
        self._last = -1.0

    def update(self, done: int) -> None:
        if not self.active:
            return
        now = time.monotonic()
        if done < self.total and now - self._last < 0.1:
            return
        self._last = now
        width = 30
        filled = width * done // self.total
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r[{bar}] {100 * done // self.total:3d}% {done}/{self.total}")
        self.stream.flush()

    def finish(self) -> None:
        if self.active:
            self.stream.write("\r" + " " * 60 + "\r")
            self.stream.flush()
