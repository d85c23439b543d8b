"""The visibility seam (``twentyeight.sight``, issue 36 §3): one answer to what each seat
sees, read by views, public records, observations and the conformance kit, and the
port's ``hide`` / ``reveal`` / ``set_trump`` that parts change it with.

The 304 cut rules are those of tests/test_rules_304_cuts.py (a cut is seen by its player
and by the bidder, who knows the trump); the seventh card's those of
tests/test_rules_thunee.py (the bidder does not see it until the trump is exposed)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import twentyeight as te
from twentyeight import sight
from twentyeight.actions import Play
from twentyeight.testing import hiding

from .test_rules_304_cuts import CLOSED, W3_DEAL, contract_of_seat_1

# The presets and options whose trump or cards some seat does not see.
CONCEALING = (("304", {}), ("thunee", {}), ("28", {"seventh_card": True}),
              ("29", {"seventh_card": True}), ("28", {}), ("56", {}))


def _steps(rs: te.Ruleset, seeds: range) -> Iterator[te.Round]:
    """Every position of seeded random rounds of ``rs``."""
    for seed in seeds:
        rnd = rs.new_round(seed=seed, dealer=seed % rs.config.players)
        rng = random.Random(seed)
        while not rnd.is_over:
            yield rnd
            rnd.apply(rng.choice(rnd.legal_actions()))
        yield rnd


@pytest.mark.parametrize(("name", "options"), CONCEALING,
                         ids=[f"{n}{'-' if o else ''}{'-'.join(o)}" for n, o in CONCEALING])
def test_sight_agrees_with_what_the_history_shows_each_seat(
        name: str, options: dict[str, object]) -> None:
    """At every step, for every seat, the cards ``sight`` says it cannot place are those
    the conformance kit derives, on its own, from the seat's cards and the public
    history (testing/hiding.py ``_seen_mask``), and its face-down cards are
    ``face_down_mask``."""
    rs = te.ruleset(name, **options)
    checked = 0
    for rnd in _steps(rs, range(6)):
        for seat in range(rs.config.players):
            hiding.check_sight(rnd, seat)
            checked += 1
    assert checked > 200


def test_a_cut_is_seen_by_its_player_and_the_bidder_only() -> None:
    """304 (R11, S4): seat 2 cuts the JD into seat 1's spade lead; the bidder (seat 1)
    and seat 2 see it, seats 3 and 0 see a face-down card."""
    rnd = contract_of_seat_1(W3_DEAL)
    rnd.apply("play 9S")
    rnd.apply("play JD")
    jd = 1 << rnd.deck.card_id(te.Card.parse("JD"))
    assert [sight.sight(rnd, s).face_down for s in range(4)] == [jd, 0, 0, jd]
    assert sight.face_down(rnd) == jd
    assert rnd.face_down_mask(3) == jd and rnd.face_down_mask(1) == 0
    assert sight.sight(rnd, 3).hidden >> rnd.deck.card_id(te.Card.parse("JD")) & 1
    assert not sight.sight(rnd, 2).hidden >> rnd.deck.card_id(te.Card.parse("JD")) & 1


def test_the_unseen_seventh_card_is_no_card_its_bidder_sees() -> None:
    """The seventh card (28 with ``seventh_card``): taken face down, unseen by everyone,
    the bidder included, until the trump is exposed."""
    rs = te.ruleset("28", seventh_card=True)
    for seed in range(200):
        rnd = rs.new_round(seed=seed)
        rng = random.Random(seed)
        while not rnd.is_over and rnd.phase.value != "play":
            legal = rnd.legal_actions()
            seventh = [a for a in legal if str(a) == "seventh-card"]
            rnd.apply(seventh[0] if seventh else rng.choice(legal))
        if rnd.is_over or not any(str(a) == "seventh-card" for _, a in rnd.history):
            continue
        bidder = rnd.bidder
        card = rnd.concealed_card
        assert bidder is not None and card is not None
        bit = 1 << rnd.deck.card_id(card)
        seen = sight.sight(rnd, bidder)
        assert seen.unseen_own == bit and seen.hidden & bit and not seen.trump_known
        assert rnd.view(bidder)["trump"]["marker"] == "seventh-card"
        assert all(not sight.trump_known(rnd, s) for s in range(4))
        return
    raise AssertionError("no round took the seventh card")


def test_views_count_held_cards_through_sight() -> None:
    """The face-down trump card counts with its holder in ``cards_held`` (28: the bidder
    lays it out of the hand, and still holds eight cards)."""
    rnd = te.ruleset("28").new_round(seed=4)
    rng = random.Random(4)
    while rnd.phase.value != "play":
        rnd.apply(rng.choice(rnd.legal_actions()))
    assert rnd.concealed_card is not None
    assert rnd.view(0)["cards_held"] == sight.held_counts(rnd) == [8, 8, 8, 8]
    assert sight.sight(rnd, None).held_counts == (8, 8, 8, 8)


def _mid_trick_28() -> tuple[te.Round, int, int]:
    """A round of 28 with one card in the trick in progress: the round, that card's id
    and the seat that played it."""
    rnd = te.ruleset("28").new_round(seed=11)
    rng = random.Random(11)
    while not (rnd.phase.value == "play" and rnd.current_trick):
        rnd.apply(rng.choice(rnd.legal_actions()))
    seat, card = rnd.current_trick[0]
    return rnd, rnd.deck.card_id(card), seat


def test_port_hide_puts_a_trick_card_face_down_for_everyone_but_seen_by() -> None:
    """``RoundPort.hide``: a card of the trick in progress goes face down; the seat
    that sees it keeps it in its view, every other view, public record and observation
    shows a face-down card without it; ``reveal`` turns it up again."""
    rnd, cid, seat = _mid_trick_28()
    other = (seat + 1) % 4
    text = str(rnd.deck.cards[cid])
    before = rnd.view(other)
    rnd._port.hide(1 << cid, seen_by=1 << seat)
    assert rnd.face_down_mask(other) == 1 << cid and rnd.face_down_mask(seat) == 0
    assert rnd.view(other)["trick"]["cards"][0] == {"seat": seat, "card": None,
                                                    "face_down": True}
    assert rnd.view(seat)["trick"]["cards"][0] == {"seat": seat, "card": text,
                                                   "face_down": True}
    played = [a for a in rnd.public_record(other)["actions"] if a.get("face_down")]
    assert played == [{"seat": seat, "face_down": True, "action": "play"}]
    assert text not in str(rnd.public_record())
    assert rnd.observation(other) != te.ruleset("28").new_round(seed=11).observation(other)
    rnd._port.reveal(1 << cid, to=1 << other)
    assert rnd.face_down_mask(other) == 0 and rnd.face_down_mask((seat + 2) % 4) == 1 << cid
    rnd._port.reveal(1 << cid)
    assert rnd.face_down_mask() == 0 and rnd.view(other) == before


def test_port_hide_refuses_cards_outside_the_trick_and_hands() -> None:
    """``RoundPort.hide`` takes cards of the trick in progress or of hands: any other
    card (one beyond the deck, here) is a ConfigError, and nothing changes."""
    rnd, _, _ = _mid_trick_28()
    before = rnd.to_json()
    with pytest.raises(te.ConfigError, match="hide"):
        rnd._port.hide(1 << rnd.deck.size, seen_by=0)
    assert rnd.to_json() == before and rnd.face_down_mask() == 0


def test_port_hide_lays_a_hand_card_aside() -> None:
    """``RoundPort.hide`` of a hand card lays it aside (plan 36, section 3.2): it leaves
    the hand but stays its seat's card, every seat still counts it among that seat's
    cards, the seat alone can place it, and it is no face-down card of a trick."""
    rnd, _, seat = _mid_trick_28()
    owner = (seat + 1) % 4
    hand = rnd.hand_mask(owner)
    card = hand & -hand
    counts = sight.held_counts(rnd)
    rnd._port.hide(card, seen_by=1 << owner)
    assert rnd.hand_mask(owner) == hand & ~card
    assert rnd.held_mask(owner) & card
    assert sight.held_counts(rnd) == counts == rnd.view(owner)["cards_held"]
    assert rnd.face_down_mask() == 0
    assert not sight.hidden(rnd, owner) & card
    assert all(sight.hidden(rnd, s) & card for s in range(4) if s != owner)
    text = str(rnd.deck.cards[card.bit_length() - 1])
    assert text not in str(rnd.public_record((owner + 1) % 4)["hand"])


def test_port_set_trump_is_the_path_of_the_rounds_own_choice() -> None:
    """``RoundPort.set_trump`` with a card of the bidder's hand does what ``trump
    <card>`` does: the same view for every seat (the card leaves the hand, the bidder
    alone knows it)."""
    rs = te.ruleset("28")
    rnd = rs.new_round(seed=2)
    rng = random.Random(2)
    while rnd.phase.value != "trump":
        rnd.apply(rng.choice(rnd.legal_actions()))
    bidder = rnd.bidder
    assert bidder is not None
    laid = rnd.legal_actions()[0]
    by_rule = rnd.clone()
    by_rule.apply(laid)
    card = rnd.deck.card_id(laid.card)  # type: ignore[attr-defined]
    rnd._port.set_trump(card=card, known_to=1 << bidder)
    assert rnd.trump_suit == by_rule.trump_suit
    assert rnd.concealed_card == laid.card  # type: ignore[attr-defined]
    # (the rule's choice goes on to deal the rest of the cards: compare the first ones)
    assert rnd.hand_mask(bidder) == by_rule.hand_mask(bidder) & rnd.dealt_mask(bidder)
    for s in range(4):
        assert sight.trump_known(rnd, s) == sight.trump_known(by_rule, s) == (s == bidder)
        assert rnd.view(s)["trump"] == by_rule.view(s)["trump"]


@pytest.mark.parametrize("bad", [{"suit": 4}, {"suit": -2}, {"card": 32}, {"card": "JS"},
                                 {"suit": 0, "card": 0, "exposed": True}])
def test_port_set_trump_refuses_what_no_deck_has(bad: dict[str, object]) -> None:
    rnd, _, _ = _mid_trick_28()
    before = rnd.to_json()
    with pytest.raises(te.ConfigError, match="set_trump"):
        rnd._port.set_trump(**bad)  # type: ignore[arg-type]
    assert rnd.to_json() == before


def test_a_cut_by_the_kit_is_the_cut_sight_reports() -> None:
    """Over closed 304 games (tests/test_rules_304_cuts.py), every card the history
    shows face down is one ``sight.face_down`` reports for some seat, and no other."""
    rng = random.Random(3)
    found = 0
    for seed in range(15):
        rnd = CLOSED.new_round(seed=seed)
        while not rnd.is_over:
            down = sight.face_down(rnd)
            marked = {i for i, a in enumerate(rnd.public_record()["actions"])
                      if a.get("face_down")}
            plays = {i for i, (_, a) in enumerate(rnd.history)
                     if isinstance(a, Play) and down >> rnd.deck.card_id(a.card) & 1}
            assert marked == plays
            found += len(plays)
            legal = rnd.legal_actions()
            rnd.apply(legal[rng.randrange(len(legal))])
    assert found > 20
