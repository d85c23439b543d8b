"""The value types of the trump part's options and hooks, and the options' neutral
values: what :mod:`twentyeight.trump` (which re-exports them) and
:mod:`twentyeight.trump_options` share, kept apart so that the trump part's module holds
the parts themselves."""

from __future__ import annotations

from typing import Any, Literal

__all__ = ["TRUMP_OPTION_NAMES", "BidderTrumpLead", "ConcealedFollow", "CutMode", "ExposedHow",
           "LastTrickUnexposed", "SeventhCardWhen", "TrumpMarker", "Why"]

BidderTrumpLead = Literal["only-trumps", "after-trump-led", "any"]
"""When the bidder may lead the concealed trump suit before exposure: never unless
holding only trumps (``only-trumps``); also once another player has led that suit
(``after-trump-led``); or always (``any``)."""

LastTrickUnexposed = Literal["expose", "void"]
"""What happens if the trump is still concealed on the last trick: the bidder must
expose and play it (``expose``), or the hand is annulled (``void``)."""

SeventhCardWhen = Literal["always", "all-suits"]
"""When the ``seventh-card`` choice is offered: ``always``, or only when the cards the
bidder holds at the choice are of every suit (``all-suits``)."""

TrumpMarker = Literal["hand-card", "indicator", "open"]
"""How the trump is marked. ``hand-card``: the bidder lays a card of the trump suit from
the hand face down; it is part of the bidder's cards but not of the hand until exposed.
``indicator``: the bidder names the suit with a card from outside the deck, face down;
it is never played. ``open``: the winning bid names the trump (or No Trump) and it is
known to all from the start."""

ConcealedFollow = Literal["void", "expose"]
"""What the bidder does when the suit led is the concealed trump suit and the face-down
card is the bidder's only card of it: counts as void (``void``: may discard, or call for
the trump, like any player without the suit), or must expose the card and play it to
the trick (``expose``)."""

CutMode = Literal["call", "face-down"]
"""What a player who cannot follow suit does while the trump is concealed. ``call``: plays
any card face up or calls for the trump (28's way). ``face-down``: plays a card face
down (a *cut*), seen only by its player and the bidder, without calling; when the trick
is complete, a face-down card of the trump suit exposes the trump (trumps count from
the trick's first card) and turns the trick's face-down cards up, all but the bidder's
own that are not trumps; without one they stay face down and the suit led wins. The
bidder may cut with the face-down trump card itself (304)."""

ExposedHow = Literal["call", "follow", "play"]
"""How the concealed trump was exposed, as :meth:`TrumpRules.exposure_from` is told:
by a call for it (``call``); by the face-down card played to follow the trump suit led,
so that every card of the trick so far followed suit (``follow``); or by the face-down
card played otherwise, or turned up by rule (``play``)."""

Why = list[tuple[str, str, int]]
"""The explaining list a play hook appends to when it removes cards: ``(rule id,
message, the cards removed)``. Hooks get ``None`` instead when nobody asks why (the
common case): they then just return the cards."""

_NEUTRAL: dict[str, Any] = {
    "trump_marker": "hand-card",
    "seventh_card": False,
    "seventh_card_position": 7,
    "seventh_card_when": "always",
    "bidder_trump_lead": "only-trumps",
    "caller_must_trump": True,
    "caller_plays_exposed_card": False,
    "concealed_follow": "void",
    "reveal_when_void": False,
    "cut_mode": "call",
    "open_by_leading_trump": False,
    "trump_lead_after_trump_played": False,
    "early_trumps_count": False,
    "last_trick_unexposed": "expose",
}

TRUMP_OPTION_NAMES: tuple[str, ...] = tuple(_NEUTRAL)
"""The trump options that were config options before the trump part: their names stay
the config's init keywords, read properties and entries of
:meth:`RulesetConfig.options <twentyeight.config.RulesetConfig.options>`."""
