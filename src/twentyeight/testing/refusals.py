"""Probing the legality protocol: a pool of actions to try, legal or not, what trying
one tells a seat, and that a refusal leaves the round as it was."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ..actions import (
    Action,
    Bid,
    CallTrump,
    LayTrump,
    NameTrump,
    Pass,
    Play,
    Redeal,
    SeventhCard,
)
from ..errors import IllegalActionError, ParseError
from ..round import Round
from ..ruleset import Ruleset
from .invariants import ConformanceError, _require

Refusal = tuple[str, str, str | None] | None
"""What trying an action tells a seat: ``None`` (allowed), else the refusal's rule,
message and action text."""


def refusals_seen(rnd: Round, seat: int, actions: Sequence[Action | str]) -> list[Refusal]:
    """What ``seat`` learns by trying each of ``actions`` now, without changing the
    round: for the seat to act, :meth:`~twentyeight.Round.explain` (texts are parsed
    first, and a :class:`~twentyeight.ParseError` is a refusal too); for any other seat,
    the refusal of ``apply(action, seat=seat)``."""
    out: list[Refusal] = []
    for action in actions:
        try:
            if seat != rnd.to_act:
                rnd.apply(action, seat=seat)
                raise ConformanceError(f"{action} from seat {seat}, not to act, was applied")
            act = rnd.parse_action(action) if isinstance(action, str) else action
            exc = rnd.explain(act)
        except IllegalActionError as refused:
            exc = refused
        except ParseError as bad:
            out.append((bad.rule, str(bad), None))
            continue
        out.append(None if exc is None else (exc.rule, exc.reason, exc.action))
    return out


def candidate_actions(rnd: Round) -> list[Action]:
    """A broad pool of actions, legal or not, for probing the legality protocol: every
    core kind, bids in and out of range in every denomination (and none), and one of
    each action kind the ruleset's plug-ins add."""
    return list(_candidate_pool(rnd.ruleset))


@functools.lru_cache(maxsize=64)
def _candidate_texts(rules: Ruleset) -> tuple[str, ...]:
    """Texts of ``play`` and ``trump`` for every card without its copy mark (in a
    two-pack deck they are read by the copy the player holds)."""
    names = sorted({f"{c.rank}{c.suit}" for c in rules.deck.cards})
    return tuple(f"{verb} {name}" for name in names for verb in ("play", "trump"))


@functools.lru_cache(maxsize=64)
def _candidate_pool(rules: Ruleset) -> tuple[Action, ...]:
    config = rules.config
    pool: list[Action] = [Pass(), CallTrump(), Redeal(), SeventhCard()]
    denominations = {None, *config.auction.denominations}
    pool += [Bid(v, d) for v in range(-1, config.max_bid + 3) for d in denominations]
    pool += [NameTrump(s) for s in rules.deck.spec.suits]
    for card in rules.deck.cards:
        pool += [Play(card), LayTrump(card)]
    pool += config.trump.all_actions(config)  # the trump part's own choices
    for kind in (*rules.kind_owner, *config.auction.action_kinds):
        try:
            pool.append(kind())
        except TypeError:
            continue  # a kind that takes arguments: not probed
    return tuple(pool)


def check_action_refusals(rnd: Round, actions: list[Action]) -> None:
    """Each action not in ``legal_actions()`` raises :class:`IllegalActionError` naming
    a rule and leaves the round exactly as it was (its history and legal actions after
    each refusal; its JSON record and the view of the seat to act after them all); a
    legal one is reported legal. A legal action sent from a seat not to act is refused
    the same way."""
    legal = rnd.legal_actions()
    before = rnd.to_json()
    view = rnd.view(rnd.to_act) if rnd.to_act is not None else None
    steps = len(rnd.history)
    for action in actions:
        if action in legal:
            _require(rnd.is_legal(action), f"{action} is listed but is_legal() says no")
            continue
        try:
            rnd.apply(action)
        except IllegalActionError as exc:
            _require(bool(exc.rule), f"refusing {action} names no rule")
        else:
            raise ConformanceError(f"{action} is not listed as legal but was applied")
        _require(len(rnd.history) == steps, f"refusing {action} changed the round")
        _require(rnd.legal_actions() == legal, f"refusing {action} changed the legal actions")
    if rnd.to_act is not None and legal:
        other = (rnd.to_act + 1) % rnd.players
        try:
            rnd.apply(legal[0], seat=other)
        except IllegalActionError:
            pass
        else:
            raise ConformanceError("an action from a seat that is not to act was applied")
    _require(rnd.to_json() == before, "refusing an action changed the round")
    _require(view is None or rnd.view(view["seat"]) == view,
             "refusing an action changed what the player to act sees")
