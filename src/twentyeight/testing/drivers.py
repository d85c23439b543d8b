"""Drivers: every invariant checked at every step of random rounds, and a hypothesis
state machine that plays, clones, serialises and replays in the order it chooses."""

from __future__ import annotations

import random

from ..actions import Play
from ..registry import ruleset as lookup
from ..round import Round
from ..ruleset import Ruleset
from .hiding import check_hiding, check_view_hides
from .inference import check_inference
from .invariants import (
    _require,
    check_conservation,
    check_legal_actions_apply,
    check_record_round_trip,
    check_trick_winners,
    check_views,
)
from .refusals import _candidate_pool, candidate_actions, check_action_refusals


def check_round(rnd: Round, rng: random.Random | None = None, *, probes: int = 8,
                hiding_tries: int = 2, views: bool = True,
                legal_sample: int | None = None) -> None:
    """Every per-state invariant; ``rng`` picks ``probes`` illegal actions to try and
    one seat (the seat to act half the time) whose view and refusals are put through
    :func:`check_hiding` (``hiding_tries`` other deals). ``views=False`` leaves out
    the two view checks and ``legal_sample`` applies only that many legal actions
    (the deep profile's lighter steps)."""
    rng = rng or random.Random(0)
    check_conservation(rnd)
    if views:
        check_views(rnd, json_check=probes > 2)
        if hiding_tries:
            # The seat to act learns most from refusals: it is chosen half the time.
            seat = rnd.to_act if rnd.to_act is not None and rng.random() < 0.5 \
                else rng.randrange(rnd.players)
            check_hiding(rnd, seat, rng, tries=hiding_tries)
    check_legal_actions_apply(rnd, legal_sample, rng)
    pool = _candidate_pool(rnd.ruleset)
    check_action_refusals(rnd, rng.sample(pool, min(probes, len(pool))))


def play_random_round(rules: Ruleset | str, seed: int, *, check: bool = True,
                      round_trip_every: int = 10, probes: int = 8,
                      hiding_tries: int = 2, view_every: int = 1,
                      legal_sample: int | None = None) -> Round:
    """Play one round with uniformly random legal actions, checking every invariant
    after every step (``probes`` illegal actions tried at each, ``hiding_tries`` other
    deals for one seat's view), the JSON round trip every ``round_trip_every`` steps
    (0: at the end only), and at the end the declared inference of every step
    (:func:`check_inference`). With ``view_every`` above 1 the view checks run at every
    such step (from a random first step) and at the end, and the inference checks at
    every such step; with ``legal_sample`` only
    that many legal actions are applied at each step."""
    rs = lookup(rules) if isinstance(rules, str) else rules
    rng = random.Random(seed)
    rnd = rs.new_round(seed=seed, dealer=seed % rs.config.players)
    steps = 0
    offset = rng.randrange(view_every)
    while not rnd.is_over:
        if check:
            check_round(rnd, rng, probes=probes, hiding_tries=hiding_tries,
                        views=(steps + offset) % view_every == 0, legal_sample=legal_sample)
            if round_trip_every and steps % round_trip_every == 0:
                check_record_round_trip(rnd)
        seat = rnd.to_act
        trick_len = len(rnd.current_trick)
        legal = rnd.legal_actions()
        action = legal[rng.randrange(len(legal))]
        rnd.apply(action)
        steps += 1
        _require(steps <= rs.config.max_actions,
                 f"the round took more than {rs.config.max_actions} actions")
        if (check and isinstance(action, Play) and seat is not None and not rnd.is_over
                and len(rnd.current_trick) == trick_len + 1):
            nxt = (seat + 1) % rnd.players
            while not rnd.active_mask >> nxt & 1:
                nxt = (nxt + 1) % rnd.players
            _require(rnd.to_act == nxt,
                     "play did not pass to the next seat in play counter-clockwise")
    if check:
        check_conservation(rnd)
        check_views(rnd)
        check_trick_winners(rnd)
        check_record_round_trip(rnd)
        check_inference(rnd, every=view_every)
        result = rnd.result
        _require(result is not None, "a finished round has no result")
        if result is not None and result.annulled is None:
            # An every-trick contract ends at its first lost trick; others play out.
            lost = result.target is None and result.made is False
            _require(len(rnd.tricks) == rs.config.tricks or lost, "a hand ended early")
            in_play = rnd.active_mask.bit_count()
            _require(all(len(t.cards) == in_play for t in rnd.tricks),
                     "a trick has the wrong number of cards")
    return rnd


def check_random_rounds(rules: Ruleset | str, rounds: int = 100, seed: int = 0,
                        *, check: bool = True, deep: bool = False) -> int:
    """Play ``rounds`` random rounds with every invariant checked; returns how many
    were played. Raises :class:`ConformanceError` at the first broken invariant.
    ``deep`` is the profile for very many rounds: every invariant in every round, with
    lighter steps: at every step conservation, two illegal probes and two legal actions
    applied; every eighth step (from a random first one) and at the end every seat's
    view and one other deal for the hiding property; the JSON round trip, trick winners
    and termination at the end of each round."""
    rs = lookup(rules) if isinstance(rules, str) else rules
    for k in range(rounds):
        if deep:
            play_random_round(rs, seed + k, check=check, round_trip_every=0, probes=2,
                              hiding_tries=1, view_every=8, legal_sample=2)
        else:
            play_random_round(rs, seed + k, check=check)
    return rounds


def state_machine(rules: Ruleset | str) -> type:
    """A hypothesis ``RuleBasedStateMachine`` for ``rules``: it deals a seeded round,
    then plays, clones, serialises and replays in an order hypothesis chooses, checking
    every invariant after every step. Use ``machine.TestCase`` as a test class."""
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

    rs = lookup(rules) if isinstance(rules, str) else rules

    class RoundMachine(RuleBasedStateMachine):
        """Plays one round of the ruleset in steps hypothesis chooses."""

        rnd: Round

        @initialize(seed=st.integers(0, 2**64 - 1))
        def deal(self, seed: int) -> None:
            self.rnd = rs.new_round(seed=seed, dealer=seed % rs.config.players)
            self.steps = 0

        @precondition(lambda self: not self.rnd.is_over)
        @rule(pick=st.integers(0, 10**6))
        def play(self, pick: int) -> None:
            legal = self.rnd.legal_actions()
            self.rnd.apply(legal[pick % len(legal)])
            self.steps += 1

        @precondition(lambda self: not self.rnd.is_over)
        @rule(picks=st.lists(st.integers(0, 10**6), max_size=6))
        def probe_illegal(self, picks: list[int]) -> None:
            pool = candidate_actions(self.rnd)
            check_action_refusals(self.rnd, [pool[p % len(pool)] for p in picks])

        @rule(pick=st.integers(0, 10**6))
        def clone_and_diverge(self, pick: int) -> None:
            before = self.rnd.to_json()
            copy = self.rnd.clone()
            legal = copy.legal_actions()
            if legal:
                copy.apply(legal[pick % len(legal)])
            _require(self.rnd.to_json() == before, "a clone shares state with its original")

        @rule(seat=st.integers(0, rs.config.players - 1), salt=st.integers(0, 2**32))
        def view_hides_unseen_cards(self, seat: int, salt: int) -> None:
            check_view_hides(self.rnd, seat, random.Random(salt))

        @rule()
        def serialise_and_replay(self) -> None:
            check_record_round_trip(self.rnd)
            self.rnd = Round.from_json(self.rnd.to_json())

        @invariant()
        def invariants_hold(self) -> None:
            if hasattr(self, "rnd"):
                check_conservation(self.rnd)
                check_views(self.rnd)
                check_legal_actions_apply(self.rnd)
                check_trick_winners(self.rnd)
                _require(self.steps <= rs.config.max_actions, "the round does not end")

    RoundMachine.__name__ = f"RoundMachine_{rs.name}"
    return RoundMachine
