"""Shared helpers for the tests: explicit deals and driving rounds."""

from __future__ import annotations

import re
from collections.abc import Iterable

import twentyeight as te
from twentyeight.round import Round

CARD_TOKEN = re.compile(r"(?<![0-9A-Z])(?:10|[2-9JQKA])[SHDC](?:#\d)?(?![A-Z0-9])")


def hands(*rows: str) -> list[list[str]]:
    """Per-seat hands from strings like ``"7C AH KH JS QH 9S AS 10S"`` (deal order)."""
    return [row.split() for row in rows]


def run(rnd: Round, *actions: str) -> Round:
    """Apply action texts in order (each checked against the seat to act)."""
    for text in actions:
        rnd.apply(text)
    return rnd


def play_out(rnd: Round, choose: int = 0) -> Round:
    """Finish a round picking the legal action at index ``choose`` (clamped)."""
    while not rnd.is_over:
        acts = rnd.legal_actions()
        rnd.apply(acts[min(choose, len(acts) - 1)])
    return rnd


def card_tokens(text: str) -> set[str]:
    """Every card text form appearing in ``text``."""
    return set(CARD_TOKEN.findall(text))


def held_cards(rnd: Round, seat: int) -> set[str]:
    """Text of every unplayed card seat holds, a concealed trump card included."""
    return {str(c) for c in rnd.deck.cards_of(rnd.held_mask(seat))}


def all_names() -> Iterable[str]:
    """Every registered ruleset name."""
    return te.rulesets()
