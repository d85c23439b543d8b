"""What a seat's play has shown it, and the facts every part of a ruleset declares for
it (:mod:`twentyeight.inference`): the round's side of the declared inference, which
:mod:`~twentyeight.resample` and the conformance kit's
:func:`~twentyeight.testing.check_inference` read.

A round module: it reads the round's private fields (the history, the trump's state);
the vocabulary the parts use (:class:`~twentyeight.inference.Facts`) stays below the
parts, so that a part imports it without importing the round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import CallTrump, LayTrump, NameTrump, Play, SeventhCard
from .inference import Facts, Seen, core_facts, declares
from .plugins import AuctionRules, RulePlugin
from .sight import trump_known

if TYPE_CHECKING:
    from .round import Round

__all__ = ["facts_for", "seat_blind"]

_CHOICES = (LayTrump, NameTrump, SeventhCard)
"""The actions that choose the trump."""


def facts_for(rnd: Round, seat: int) -> Facts:
    """The facts every part of ``rnd``'s ruleset declares for ``seat``."""
    facts = Facts(seat)
    _seen(rnd, seat, facts)
    if rnd.is_over and rnd._result is not None and rnd._result.annulled is not None:
        facts.opaque()  # which check annulled it is not a fact about cards
    port = rnd._port
    core_facts(port, seat, facts)
    cfg = rnd.ruleset.config
    cfg.trump.infer(port, seat, facts)
    for part, base in ((cfg.auction, AuctionRules), *((p, RulePlugin) for p in cfg.plugins)):
        if declares(part, base):
            part.infer(port, seat, facts)  # type: ignore[attr-defined]
        else:
            facts.opaque()
    return facts


def _seen(rnd: Round, seat: int, facts: Facts) -> None:
    """The play as ``seat`` saw it, and what it knows of the trump."""
    unseen = rnd.face_down_mask(seat)
    known = trump_known(rnd, seat)
    facts.trump_hidden = rnd._trump_suit >= 0 and not known
    facts.trump = rnd._trump_suit if known else -1
    if rnd._concealed >= 0 and rnd._exposed_at is None:
        facts.face_down_trump = rnd._concealed
        facts.trump_seen_by = 0 if seat_blind(rnd) else 1 << rnd._bidder
    facts.trump_blind = seat_blind(rnd)
    exposed_at = rnd._exposed_at
    exposed = rnd.ruleset.config.trump_marker == "open"
    size = rnd._trick_size
    plays: list[Seen] = []
    n_cards = 0
    led = -1
    suit_of = rnd.deck.suit_of
    for i, (who, action) in enumerate(rnd._actions):
        kind = type(action)
        if kind in _CHOICES:
            facts.trump_choice_at = i
        if kind is CallTrump:
            plays.append(Seen(i, who, -1, n_cards // size, n_cards % size, led, exposed, True))
            exposed = True
            continue
        if kind is not Play:
            continue
        trick, position = divmod(n_cards, size)
        cid = rnd._ids[action.card]  # type: ignore[attr-defined]
        # Known before this card: exposed earlier, or at its place by a rule or a call
        # (the face-down card itself is known only once played).
        if not exposed and exposed_at is not None and (trick, position) >= exposed_at:
            exposed = (trick, position) > exposed_at or cid != rnd._concealed
        card = -1 if unseen >> cid & 1 else cid
        if position == 0:
            led = suit_of[cid]
        opened = not exposed and exposed_at == (trick, position)
        plays.append(Seen(i, who, card, trick, position, led if position else -1,
                          exposed, False, opened))
        n_cards += 1
    facts.plays = tuple(plays)


def seat_blind(rnd: Round) -> bool:
    """True if the bidder has not seen the face-down trump card (the seventh card)."""
    return rnd._concealed >= 0 and not rnd._trump_known >> rnd._bidder & 1
