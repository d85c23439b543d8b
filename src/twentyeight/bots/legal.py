"""The legal actions of a view, read by kind: what a bot chooses between.

Each text is read with the grammar of the ruleset in play where the bot knows it, else
with :func:`twentyeight.parse_action` (every installed ruleset's actions), so the core
kinds are told apart by their classes (:class:`~twentyeight.Bid`,
:class:`~twentyeight.Play`, ...). The calls that plug-ins add are classes the core may
not import (plug-ins depend on the core, never the reverse); :class:`Call` names those
a bot has a plan for.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..actions import Action, Bid, CallTrump, Grammar, LayTrump, NameTrump, Pass, Play, Redeal
from ..cards import Card
from ..errors import TwentyEightError
from ..registry import parse_action

if TYPE_CHECKING:
    from ..ruleset import Ruleset


class Call(enum.Enum):
    """A call added by a plug-in that the heuristic bot knows what to do with, valued
    by the keyword its action kind declares (``Action.keyword``). This is the one place
    the bots name plug-in keywords; a plug-in call not listed here is one the bots never
    choose on purpose (a call window's ``pass`` is chosen instead)."""

    DOUBLE = "double"
    REDOUBLE = "redouble"
    CALL_C = "call-c"
    SINGLE_HAND = "single-hand"
    SHOW_PAIR = "show-pair"
    ANNOUNCE = "announce"
    THUNEE = "thunee"
    CALL_DOUBLE = "call-double"
    KHANAAK = "khanaak"


_CALL_OF: dict[str, Call] = {c.value: c for c in Call}


def legal_texts(view: dict[str, Any]) -> list[str]:
    """The texts of ``view["legal_actions"]``; :class:`ValueError` if there are none
    (it is not this seat's turn)."""
    legal = view.get("legal_actions") or []
    if not legal:
        raise ValueError(
            f"seat {view.get('seat')} has no legal actions: it is not this seat's turn"
        )
    return [str(a) for a in legal]


@functools.lru_cache(maxsize=4096)
def _parse(grammar: Grammar | None, text: str) -> Action:
    """``text`` read by ``grammar`` (``None``: every installed ruleset's), with a cache:
    actions are immutable values, and a refusal is not cached."""
    return parse_action(text) if grammar is None else grammar.parse(text)


def _read(text: str, rules: Ruleset | None) -> Action | None:
    if rules is not None:
        try:
            return _parse(rules.grammar, text)
        except TwentyEightError:
            pass  # a kind the ruleset in play lacks: a hand-made view, say
    try:
        return _parse(None, text)
    except TwentyEightError:
        return None  # a kind this process does not know: a bot may still pick it at random


class Legal:
    """The legal actions of one view, sorted by kind. Every value is the action's text
    exactly as the view lists it, so a bot answers with one of them; each mapping keeps
    the view's order (the bots break ties by it). ``rules`` is the ruleset in play, if
    the bot knows it: its grammar reads the texts first."""

    __slots__ = ("bids", "call_trump", "calls", "laid", "named", "passing", "plays", "redeal",
                 "texts")

    def __init__(self, texts: Sequence[str], rules: Ruleset | None = None) -> None:
        self.texts: list[str] = list(texts)
        self.bids: dict[int, dict[str | None, str]] = {}
        """Bids by value, then by denomination (``None``: a bid of a number alone)."""
        self.laid: dict[Card, str] = {}
        """Cards that may be laid face down as the trump."""
        self.named: dict[str, str] = {}
        """Suits that may be named as the trump."""
        self.plays: dict[Card, str] = {}
        """Cards that may be played."""
        self.calls: dict[Call, str] = {}
        """The plug-in calls a bot knows, among those allowed."""
        self.passing: str | None = None
        """``pass``, if allowed."""
        self.call_trump: str | None = None
        """``call-trump``, if allowed."""
        self.redeal: str | None = None
        """``redeal``, if allowed."""
        for text in self.texts:
            action = _read(text, rules)
            if isinstance(action, Bid):
                self.bids.setdefault(action.value, {}).setdefault(action.denomination, text)
            elif isinstance(action, Play):
                self.plays.setdefault(action.card, text)
            elif isinstance(action, LayTrump):
                self.laid.setdefault(action.card, text)
            elif isinstance(action, NameTrump):
                self.named.setdefault(action.suit, text)
            elif isinstance(action, Pass):
                self.passing = self.passing or text
            elif isinstance(action, CallTrump):
                self.call_trump = self.call_trump or text
            elif isinstance(action, Redeal):
                self.redeal = self.redeal or text
            elif action is not None:
                call = _CALL_OF.get(type(action).keyword)
                if call is not None:
                    self.calls.setdefault(call, text)
