"""The proof of the trump seam (issue 36, plan section 5): a third-party trump part the
core has never seen, a euchre-style turn-up (``tests/plugins/turn_up``), registered
through its entry point and written with public names only, passes the conformance kit,
the hiding checks for every seat and the resample tests.

The turn-up both reveals and hides: the dealer's last card is turned up for everyone
and sets the trump; the dealer buries a card face down (``bury <card>``) that no other
seat ever sees, played face down to the last trick, which it cannot win.

The buried card is declared to the resampler (``TurnUp.infer``: a face-down place),
so ``resample`` draws it directly, without replaying the history.

Fast by default (30 rounds, hiding and resample on a few); ``TWENTYEIGHT_DEEP=1`` plays
2,000 rounds through the conformance kit."""

from __future__ import annotations

import random

import pytest

import twentyeight as te
from twentyeight.testing import check_random_rounds
from twentyeight.testing.hiding import _unseen_worlds, check_hiding
from twentyeight.testing.invariants import check_record_round_trip

from .conftest import TURN_UP
from .plugin_checks import (
    DEEP,
    HIDING_ROUNDS,
    ROUNDS,
    check_metadata,
    check_public_names_only,
    check_resample_at_every_step,
    random_steps,
)


def _rules() -> te.Ruleset:
    return te.ruleset("turn-up")


def _play(seed: int, until: str | None = None) -> te.Round:
    """A random round of the turn-up (the dealer turns with the seed), played to the end
    or until the phase ``until``."""
    return random_steps(_rules(), seed, until)[-1]


def _steps(seed: int) -> list[te.Round]:
    """Every state of a random round, from the deal to the end."""
    return random_steps(_rules(), seed)


def _buried(rnd: te.Round) -> str:
    """The text of the card the dealer buried."""
    return next(str(a.card) for _, a in rnd.history if a.keyword == "bury")  # type: ignore[attr-defined]


# ------------------------------------------------------------------ registration

def test_turn_up_is_registered_through_its_entry_point() -> None:
    """``te.ruleset("turn-up")`` finds the plug-in through its entry point, like a
    published package; its trump part is the plug-in's own class."""
    assert "turn-up" in te.rulesets()
    rs = te.ruleset("turnup")
    assert rs.name == "turn-up"
    assert type(rs.config.trump).__module__ == "turn_up"
    assert rs.options()["trump_marker"] == "turn-up"


def test_turn_up_metadata_matches_its_pyproject() -> None:
    """The committed ``.dist-info`` says what installing the plug-in from its
    ``pyproject.toml`` would: name, version, entry points."""
    check_metadata(TURN_UP)


def test_turn_up_uses_public_names_only() -> None:
    """The plug-in reads no private name of the library: no ``x._name`` attribute
    (rounds, ports or anything else) and no import of a private module or name."""
    check_public_names_only(TURN_UP)


# ------------------------------------------------------------------ its rules

def test_the_dealers_last_card_is_turned_up_and_sets_the_trump() -> None:
    """Plan 36 section 5: once dealt, the dealer's last card is shown to everyone; after
    the bury its suit is the trump, known to all from the first card."""
    rnd = _rules().new_round(seed=5, dealer=1)
    turned = rnd.deal[1][-1]
    assert rnd.shown_mask == 1 << rnd.deck.card_id(turned)
    for seat in range(4):
        assert {"seat": 1, "card": str(turned)} in rnd.view(seat)["shown"]
    rnd = _play(5, until="play")
    turned = rnd.deal[rnd.dealer][-1]
    assert rnd.trump_suit == turned.suit and rnd.exposed_at == (0, 0)
    for seat in range(4):
        trump = rnd.view(seat)["trump"]
        assert trump == {"marker": "turn-up", "exposed": True, "suit": turned.suit,
                         "turned_up": str(turned)}


def test_the_dealer_buries_any_card_but_the_turned_one() -> None:
    """The dealer (not the bidder) acts in the trump phase; its choices are ``bury`` of
    each card of its hand but the turned-up card, which is refused
    (``bury-turned-card``), as is a card it does not hold (``bury-not-in-hand``)."""
    played = 0
    for seed in range(8):
        rnd = _play(seed, until="trump")
        if rnd.is_over:
            continue
        played += 1
        dealer = rnd.dealer
        assert rnd.to_act == dealer and rnd.bidder is not None
        turned = rnd.deal[dealer][-1]
        hand = rnd.deck.cards_of(rnd.hand_mask(dealer))
        assert {str(a) for a in rnd.legal_actions()} == {f"bury {c}" for c in hand
                                                          if c != turned}
        with pytest.raises(te.IllegalActionError) as exc:
            rnd.apply(f"bury {turned}")
        assert exc.value.rule == "bury-turned-card"
        other = rnd.deck.cards_of(rnd.hand_mask((dealer + 1) % 4))[0]
        with pytest.raises(te.IllegalActionError) as exc:
            rnd.apply(f"bury {other}")
        assert exc.value.rule == "bury-not-in-hand"
    assert played


def test_the_buried_card_is_aside_and_played_face_down_to_the_last_trick() -> None:
    """The buried card leaves the dealer's hand but stays its card (eight held, seven
    in hand); the dealer cannot play it while the hand holds cards
    (``laid-aside-not-playable``); it is played, face down, to the last trick, which it
    does not win, and stays face down when the hand is counted (``reveal_at_end``)."""
    rnd = _play(3, until="play")
    dealer = rnd.dealer
    buried = _buried(rnd)
    cid = rnd.deck.card_id(buried)
    assert not rnd.hand_mask(dealer) >> cid & 1 and rnd.held_mask(dealer) >> cid & 1
    assert rnd.view(0)["cards_held"] == [8, 8, 8, 8]
    assert rnd.view(dealer)["aside"] == [buried]
    assert "aside" not in rnd.view((dealer + 1) % 4)
    rng = random.Random(3)
    while not rnd.is_over:
        if rnd.to_act == dealer and rnd.hand_mask(dealer):
            with pytest.raises(te.IllegalActionError) as exc:
                rnd.apply(f"play {buried}")
            assert exc.value.rule == "laid-aside-not-playable"
        legal = rnd.legal_actions()
        rnd.apply(legal[rng.randrange(len(legal))])
    last = rnd.tricks[-1]
    at = last.cards.index(rnd.deck.cards[cid])
    assert last.seats[at] == dealer and last.winner != dealer
    assert rnd.face_down_mask() == 1 << cid
    shown = rnd.view((dealer + 1) % 4)["tricks"][-1]["cards"][at]
    assert shown == {"seat": dealer, "card": None, "face_down": True}


def test_a_face_down_card_cannot_win_its_trick() -> None:
    """Generic trick rule of the visibility seam (plan 36 section 3.2): a card still
    face down when its trick is complete cannot win it, whatever it is; the first
    face-up card's suit counts as led. Checked on every last trick of 60 rounds against
    the trick worked out from the face-up cards alone."""
    deck = _rules().deck
    for seed in range(60):
        rnd = _play(seed)
        if rnd.result is None or rnd.result.annulled is not None:
            continue
        last = rnd.tricks[-1]
        down = rnd.face_down_mask()
        up = [(s, c) for s, c in zip(last.seats, last.cards, strict=True)
              if not down >> deck.card_id(c) & 1]
        assert len(up) == 3
        led = up[0][1].suit
        trumps = [(s, c) for s, c in up if c.suit == rnd.trump_suit]
        pool = trumps or [(s, c) for s, c in up if c.suit == led]
        best = max(pool, key=lambda sc: deck.strength[deck.card_id(sc[1])])
        assert last.winner == best[0]


# ------------------------------------------------------------------ the kit

def test_turn_up_passes_the_conformance_kit() -> None:
    """``check_random_rounds``: every invariant (conservation, views, trick winners,
    refusals, hiding for one seat, the JSON round trip) at every step of random rounds
    (2,000 with ``TWENTYEIGHT_DEEP``)."""
    assert check_random_rounds(_rules(), ROUNDS, deep=DEEP) == ROUNDS


def test_the_buried_card_is_hidden_from_every_other_seat() -> None:
    """For every seat at every step: its view, both public records and what it learns
    by trying actions are the same in every deal it cannot tell apart (``check_hiding``
    with the refusals), and so is its observation; the buried card's text never appears
    in another seat's view, public record or observation-facing record."""
    compared = 0
    for seed in range(HIDING_ROUNDS):
        rng = random.Random(seed)
        for rnd in _steps(seed):
            buried = next((str(a.card) for _, a in rnd.history  # type: ignore[attr-defined]
                           if a.keyword == "bury"), None)
            for seat in range(4):
                worlds, _ = check_hiding(rnd, seat, rng, tries=1)
                compared += worlds
                obs = rnd.observation(seat)
                for other in _unseen_worlds(rnd, seat, rng, 1):
                    assert other.observation(seat) == obs
                if buried is None or seat == rnd.dealer:
                    continue
                assert buried not in str(rnd.view(seat))
                assert buried not in str(rnd.public_record(seat))
                assert buried not in str(rnd.public_record())
                assert {"seat": rnd.dealer, "action": "bury", "concealed": True} \
                    in rnd.public_record(seat)["actions"]
    assert compared > 0


def test_resample_keeps_every_seats_view_and_replays_the_history() -> None:
    """``resample(seat)`` at every step, for every seat: a direct draw (the buried card
    is a declared place, no replay), the seat's view and public record are unchanged,
    the buried card is drawn afresh for the others, and the new history replays legally
    on the new deal to the same round, every seat's view included."""
    def buried(rnd: te.Round) -> str | None:
        return _buried(rnd) if any(a.keyword == "bury" for _, a in rnd.history) else None

    assert check_resample_at_every_step(_rules(), range(HIDING_ROUNDS), buried) > 0


def test_records_round_trip() -> None:
    """A finished or half-played round's record replays to the same round."""
    for seed in range(6):
        for rnd in _steps(seed)[::7]:
            check_record_round_trip(rnd)
            again = te.Round.from_json(rnd.to_json())
            assert again.to_json() == rnd.to_json()
            assert all(again.view(s) == rnd.view(s) for s in range(4))
