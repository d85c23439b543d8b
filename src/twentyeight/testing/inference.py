"""The conformance check of declared inference: every fact a part declares for a seat
(:mod:`twentyeight.inference`) holds in the true deal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..inference import NEVER, AnyOf, Facts, NoneOf, SomeOf
from ..seat_facts import facts_for
from .invariants import ConformanceError

if TYPE_CHECKING:
    from ..round import Round

__all__ = ["check_inference"]


def check_inference(rnd: Round, every: int = 1) -> None:
    """Replay ``rnd``'s history on its deal and, at every step (``every``: at every such
    step from the first, and at the end) and for every seat,
    check that each fact its parts declare holds in the true deal: each ``none_of`` and
    ``some_of`` against the hands just before the entry it names, each face-down place
    against the card there (dealt to its owner, out of the hand since, of no forbidden
    card, of the trump suit if it is the trump card), each ``if_trump`` rule where its
    suit is the trump. Raises :class:`ConformanceError` naming the fact and the step."""
    fresh = rnd.ruleset.new_round(deal=rnd.deal, dealer=rnd.dealer, scores=rnd.scores)
    hands: list[tuple[int, ...]] = []
    history = rnd.history
    for k in range(len(history) + 1):
        hands.append(tuple(fresh.hand_mask(s) for s in range(fresh.players)))
        if k % every == 0 or k == len(history):
            for seat in range(fresh.players):
                _check(fresh, facts_for(fresh, seat), hands, k)
        if k < len(history):
            fresh.apply(history[k][1])


def _holds(rule: NoneOf | SomeOf, hands: list[tuple[int, ...]], step: int,
           players: int) -> bool:
    held = hands[rule.at if 0 <= rule.at <= step else step]
    if isinstance(rule, NoneOf):
        return not held[rule.who] & rule.mask
    return any(held[s] & rule.mask for s in range(players) if rule.seats >> s & 1)


def _check(rnd: Round, facts: Facts, hands: list[tuple[int, ...]], step: int) -> None:
    trump = rnd.trump_suit_index
    suit_of = rnd.deck.suit_of

    def fail(what: str) -> None:
        raise ConformanceError(
            f"{rnd.ruleset.name}: at step {step}, the fact {what} declared for seat "
            f"{facts.seat} does not hold in the true deal")

    for x, rule in facts.rules:
        if x >= 0 and x != trump:
            continue
        if rule is NEVER:
            fail(f"'suit {x} is not the trump'")
            continue
        alternatives = rule.rules if isinstance(rule, AnyOf) else (rule,)
        if not any(_holds(r, hands, step, rnd.players) for r in alternatives):
            fail(repr(rule))
    for k, place in enumerate(facts.places):
        bit = 1 << place.card
        if not rnd.dealt_mask(place.owner) & bit or place.forbid & bit or (
                place.trump_card and suit_of[place.card] != trump) or (
                k in facts.nots and suit_of[place.card] == trump) or any(
                hands[j][place.owner] & bit for j in range(max(place.at, 0) + 1, step + 1)):
            fail(repr(place))
