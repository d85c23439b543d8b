"""The proof of the visibility seam and of the rule plug-ins' play hooks (issue 36): a
third-party package (``tests/plugins/veiled``) that the core has never seen, registered
through its entry point and written with public names only.

- Its trump part hides cards as they are played (``TrumpRules.on_play`` with
  ``RoundPort.hide``) and turns them up when the trick is complete (``on_trick`` with
  ``RoundPort.reveal`` and ``down_mask``), as 304's face-down cuts do, but by its own
  rule: while the trump is concealed, every card off the suit led goes face down, seen
  by its player alone, and all of them come up with the trick, whatever they are.
- Its rules restrict a lead (``RulePlugin.restrict_play`` reading ``held_mask``) and
  expose the trump after a trick (``after_trick`` with ``RoundPort.expose_trump``).

It passes the conformance kit, the hiding checks and the resample tests. Installed for
this module only (``conftest.plugin_installed``). Fast by default; ``TWENTYEIGHT_DEEP=1``
plays 2,000 rounds through the kit."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

import twentyeight as te
from twentyeight.testing import check_random_rounds
from twentyeight.testing.hiding import check_hiding

from .conftest import VEILED, plugin_installed
from .plugin_checks import (
    DEEP,
    HIDING_ROUNDS,
    ROUNDS,
    check_metadata,
    check_public_names_only,
    check_resample_at_every_step,
    random_steps,
)

SEEDS = range(60)


@pytest.fixture(autouse=True, scope="module")
def _veiled() -> Iterator[None]:
    with plugin_installed(VEILED):
        yield


def _rules() -> te.Ruleset:
    return te.ruleset("veiled")


def _hidden_card(rnd: te.Round) -> str | None:
    """The text of the first face-down card of the trick in progress, if any."""
    down = rnd.face_down_mask()
    return next((str(c) for _, c in rnd.current_trick if down >> rnd.deck.card_id(c) & 1),
                None)


# ------------------------------------------------------------------ registration

def test_veiled_is_registered_through_its_entry_point() -> None:
    """``te.ruleset("veiled")`` finds the plug-in through its entry point; its trump part
    and rules are the plug-in's own classes."""
    rs = _rules()
    assert "veiled" in te.presets()
    assert type(rs.config.trump).__module__ == "veiled"
    assert {type(p).__name__ for p in rs.config.plugins} >= {"TrumpsBroken",
                                                             "ShownAtHalfTime"}


def test_veiled_metadata_matches_its_pyproject() -> None:
    """The committed ``.dist-info`` says what installing it would."""
    check_metadata(VEILED)


def test_veiled_uses_public_names_only() -> None:
    """No private attribute, module or name of the library."""
    check_public_names_only(VEILED)


# ------------------------------------------------------------------ its rules

def test_a_discard_is_face_down_for_the_others_until_the_trick_is_complete() -> None:
    """While the trump is concealed, a card off the suit led is face down: its player
    sees it, the other seats see a face-down card; once the trick is complete every seat
    sees it face up (on_trick turns it up, even where a call exposed the trump in that
    trick after the discard)."""
    checked = after_call = 0
    for seed in SEEDS:
        steps = random_steps(_rules(), seed)
        for before, after in itertools.pairwise(steps):
            if after.face_down_mask() & ~before.face_down_mask() == 0:
                continue
            seat, action = after.history[-1]
            card = str(action.card)  # type: ignore[attr-defined]
            assert before.trump_exposed is False and after.current_trick[0][1].suit != \
                card[-1]
            shown = after.view(seat)["trick"]["cards"][-1]
            assert shown == {"seat": seat, "card": card, "face_down": True}
            for other in range(4):
                if other != seat:
                    assert after.view(other)["trick"]["cards"][-1] == \
                        {"seat": seat, "card": None, "face_down": True}
                    assert card not in str(after.public_record(other))
            done = next(s for s in steps if len(s.tricks) > len(after.tricks))
            assert not done.face_down_mask()
            last = done.view((seat + 1) % 4)["tricks"][len(after.tricks)]["cards"]
            assert {"seat": seat, "card": card} in last
            checked += 1
            after_call += done.tricks[-1].trumps_from not in (None, 0)
    assert checked > 50 and after_call > 0


def test_no_trump_is_led_before_trumps_are_broken() -> None:
    """Once the trump is exposed, a seat to lead holding another suit may not lead a
    trump (``trumps-not-broken``) until a trump has been played to a trick; the refusal
    leaves the round unchanged; after that, trumps may be led."""
    refused = allowed = 0
    for seed in SEEDS:
        for rnd in random_steps(_rules(), seed):
            if rnd.phase.value != "play" or rnd.current_trick or not rnd.trump_exposed:
                continue
            seat = rnd.to_act
            assert seat is not None
            suit = rnd.trump_suit
            hand = rnd.deck.cards_of(rnd.hand_mask(seat))
            trumps = [c for c in hand if c.suit == suit]
            if not trumps or len(trumps) == len(hand):
                continue
            broken = any(c.suit == suit for t in rnd.tricks for c in t.cards)
            legal = {str(a) for a in rnd.legal_actions()}
            if broken:
                assert f"play {trumps[0]}" in legal
                allowed += 1
                continue
            assert not any(f"play {c}" in legal for c in trumps)
            before = rnd.to_json()
            with pytest.raises(te.IllegalActionError) as exc:
                rnd.apply(f"play {trumps[0]}")
            assert exc.value.rule == "trumps-not-broken"
            assert rnd.to_json() == before
            refused += 1
    assert refused > 0 and allowed > 0


def test_the_trump_is_shown_after_the_fourth_trick() -> None:
    """A trump still concealed when the fourth trick is complete is exposed then."""
    checked = 0
    for seed in SEEDS:
        steps = random_steps(_rules(), seed)
        fifth = next((s for s in steps if len(s.tricks) == 4), None)
        if fifth is None or fifth.is_over:
            continue
        assert fifth.trump_exposed
        assert fifth.exposed_at is not None and fifth.exposed_at[0] <= 4
        checked += 1
    assert checked > 0


# ------------------------------------------------------------------ the boast

def _boasting(plugin: object = None) -> te.Ruleset:
    """28 with the package's boast (or ``plugin``) among its plug-ins."""
    import attrs
    from twentyeight_variants.classic import CONFIG_28
    from veiled import BoastRule

    return te.Ruleset(attrs.evolve(CONFIG_28, name="28-boast", aliases=(),
                                   plugins=(*CONFIG_28.plugins, plugin or BoastRule())))


def _boast_to_come(rules: te.Ruleset, seed: int) -> te.Round | None:
    """A deal of ``rules`` played at random to two or three tricks from the end, where
    the bidder has not boasted yet (it may boast inside the search), or None."""
    from twentyeight.bots import RandomBot

    rnd = rules.new_round(seed=seed, dealer=seed % 4)
    bot = RandomBot(seed)
    stop = 5 + seed % 2
    while not rnd.is_over and not (rnd.phase is te.Phase.PLAY and len(rnd.tricks) >= stop):
        rnd.apply(bot.choose_action([a for a in rnd.legal_actions() if str(a) != "boast"]))
    if rnd.is_over or rnd.plugin_state("boast") is not None:
        return None
    return rnd


def test_a_boast_raises_the_target_and_changes_nothing_in_the_play() -> None:
    """The boast moves the contract alone: the same cards played with and without it
    give the same tricks and card points; only the target (and the outcome) differ."""
    from twentyeight.bots import RandomBot

    rules = _boasting()
    boasted = 0
    for seed in SEEDS:
        rnd = rules.new_round(seed=seed, dealer=seed % 4)
        plain = rules.new_round(seed=seed, dealer=seed % 4)
        bot = RandomBot(seed)
        while not rnd.is_over:
            legal = rnd.legal_actions()
            if any(str(a) == "boast" for a in legal):
                target = rnd.target
                rnd.apply("boast")
                assert rnd.target == min(28, target + 2)  # type: ignore[operator]
                with pytest.raises(te.IllegalActionError, match="boast"):
                    rnd.apply("boast")
                boasted += 1
                continue
            action = bot.choose_action(legal)
            rnd.apply(action)
            plain.apply(action)
        assert plain.is_over
        assert rnd.result.card_points == plain.result.card_points  # type: ignore[union-attr]
        assert [t.winner for t in rnd.tricks] == [t.winner for t in plain.tricks]
    assert boasted >= 10


def test_the_solver_searches_a_ruleset_with_the_boast_as_cards_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The proof of ``RulePlugin.play_moves_contract_only`` (issue 39): a third-party
    plug-in whose play action moves only the contract keeps the solver's search on its
    kernel, and every value still equals minimax over the round, boasts included."""
    from twentyeight.search_tables import search_tables

    from .test_solver import check_against_minimax, kernel_calls

    rules = _boasting()
    assert search_tables(rules).plain
    calls = kernel_calls(monkeypatch)
    checked = 0
    for seed in range(200):
        rnd = _boast_to_come(rules, seed)
        if rnd is None:
            continue
        check_against_minimax(rnd)
        checked += 1
        if checked == 6:
            break
    assert checked == 6 and calls


def test_a_plug_in_that_also_hooks_the_cards_is_not_taken_at_its_word() -> None:
    """The declaration holds only for a plug-in whose other play hooks are the base's:
    one that also acts after each trick keeps the search on the round."""
    from attrs import frozen
    from veiled import BoastRule

    from twentyeight.port import RoundPort
    from twentyeight.search_tables import search_tables

    @frozen
    class BoastAndCount(BoastRule):
        after_each_trick = True

        def after_trick(self, rnd: RoundPort) -> None:
            """Nothing, but a hook of the play all the same."""

    assert search_tables(_boasting()).plain
    assert not search_tables(_boasting(BoastAndCount())).plain


# ------------------------------------------------------------------ the kit

def test_veiled_passes_the_conformance_kit() -> None:
    """Every invariant at every step of random rounds, the declared inference included
    (2,000 rounds with ``TWENTYEIGHT_DEEP``)."""
    assert check_random_rounds(_rules(), ROUNDS, deep=DEEP) == ROUNDS


def test_a_face_down_discard_is_hidden_from_every_other_seat() -> None:
    """For every seat at every step: its view, both public records and what it learns by
    trying actions are the same in every deal it cannot tell apart."""
    compared = 0
    for seed in range(HIDING_ROUNDS):
        rng = random.Random(seed)
        for rnd in random_steps(_rules(), seed):
            for seat in range(4):
                worlds, _ = check_hiding(rnd, seat, rng, tries=1)
                compared += worlds
    assert compared > 0


def test_resample_keeps_every_seats_view_and_replays_the_history() -> None:
    """``resample`` at every step for every seat: a direct draw (a discard face down is a
    declared place), views kept, the history replays; the face-down discard is drawn
    afresh for the seats that did not see it."""
    assert check_resample_at_every_step(_rules(), range(HIDING_ROUNDS + 3),
                                        _hidden_card) > 0
