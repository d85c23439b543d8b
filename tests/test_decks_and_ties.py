"""Decks of the whole family as data, and first-played-wins ties (RULES.md 1 and 2)."""

from __future__ import annotations

import attrs
import pytest
from twentyeight_variants.classic import CONFIG_28

import twentyeight as te
from twentyeight.cards import STANDARD_POINTS, STANDARD_RANKS, DeckSpec

from .helpers import hands, run

SIX_DECK = DeckSpec(ranks=(*STANDARD_RANKS, "6"), points=STANDARD_POINTS)
THREE_DECK = DeckSpec(ranks=("J", "3", *STANDARD_RANKS[1:]), points={**STANDARD_POINTS, "3": 3},
                      equal_ranks={"3": "J"})
TWO_PACK_48 = DeckSpec(ranks=STANDARD_RANKS[:6], points=STANDARD_POINTS, copies=2)
TWO_PACK_64 = DeckSpec(ranks=STANDARD_RANKS, points=STANDARD_POINTS, copies=2)


@pytest.mark.parametrize(
    ("spec", "size", "points"),
    [(SIX_DECK, 36, 28), (THREE_DECK, 36, 40), (TWO_PACK_48, 48, 56), (TWO_PACK_64, 64, 56)],
    ids=["28six", "40", "56", "56-eight"],
)
def test_every_deck_of_the_family_is_data(spec: DeckSpec, size: int, points: int) -> None:
    """RULES.md 2 deck: 32; 36 with 6s; 36 with 3s; two packs of 48 or 64."""
    deck = spec.compile()
    assert deck.size == size and deck.total_points == points
    assert len(set(deck.cards)) == size


def test_a_three_ranks_with_the_jack() -> None:
    """RULES.md 1: in 40 the 3 is as strong as the Jack and worth 3."""
    deck = THREE_DECK.compile()
    j, three = deck.card_id("JS"), deck.card_id("3S")
    assert deck.strength[j] == deck.strength[three]
    assert deck.points[three] == 3
    assert deck.strength[deck.card_id("9S")] < deck.strength[j]


def test_two_pack_copies_print_and_parse() -> None:
    deck = TWO_PACK_48.compile()
    first, second = deck.card_id("JS"), deck.card_id("JS#2")
    assert first != second
    assert str(deck.cards[second]) == "JS#2" and deck.card_id("JS#1") == first
    assert deck.strength[first] == deck.strength[second]
    assert deck.suit_mask[deck.suit_of[first]] >> second & 1


def _two_pack_ruleset() -> te.Ruleset:
    cfg = attrs.evolve(CONFIG_28, name="two-pack-test", aliases=(), deck=TWO_PACK_48,
                       deal_packets=(4, 4, 4), auction_after=1, min_bid=28, max_bid=56,
                       partner_overcall_min=None, plugins=())
    return te.Ruleset(cfg)


def test_identical_cards_first_played_wins() -> None:
    """RULES.md 1 / 5: with duplicate cards the first played of the tied cards wins."""
    deal = hands(
        "9S JH 9H AH JS 10H KH QH 9D AD JD#2 10D",
        "JS#2 KS QS AS JC 9C AC 10C KC QC JC#2 9C#2",
        "10S 9S#2 AS#2 10S#2 KS#2 QS#2 JH#2 9H#2 AH#2 10H#2 KH#2 QH#2",
        "JD 9D#2 AD#2 10D#2 KD QD KD#2 QD#2 AC#2 10C#2 KC#2 QC#2",
    )
    rnd = _two_pack_ruleset().new_round(deal=deal, dealer=3)
    run(rnd, "bid 28", "pass", "pass", "pass", "trump 9H")
    # West (0) leads JS; South (1) follows with the other JS: West's, played first, wins.
    run(rnd, "play JS", "play JS#2", "play 10S", "play JD")
    assert rnd.tricks[0].winner == 0
    assert rnd.tricks[0].points == 3 + 3 + 1 + 3


def test_equal_rank_first_played_wins() -> None:
    """RULES.md 1 / 5: a J and a 3 of the suit led tie; the first played wins."""
    cfg = attrs.evolve(CONFIG_28, name="three-test", aliases=(), deck=THREE_DECK,
                       deal_packets=(3, 6), max_bid=40, min_bid=20,
                       partner_overcall_min=None, plugins=())
    rs = te.Ruleset(cfg)
    deal = [
        ["JS", "9H", "AH", "10H", "KH", "QH", "8H", "7H", "3H"],
        ["JC", "3S", "KS", "QS", "9C", "AC", "10C", "KC", "QC"],
        ["9S", "AS", "10S", "8S", "7S", "3C", "8C", "7C", "JH"],
        ["JD", "3D", "9D", "AD", "10D", "KD", "QD", "8D", "7D"],
    ]
    rnd = rs.new_round(deal=deal, dealer=3)
    run(rnd, "bid 20", "pass", "pass", "pass", "trump 9H")
    run(rnd, "play JS", "play 3S", "play 9S", "play 3D")
    assert rnd.tricks[0].winner == 0  # J first, then 3: the J wins
    rnd2 = rs.new_round(deal=[deal[1], deal[0], deal[2], deal[3]], dealer=3)
    run(rnd2, "bid 20", "pass", "pass", "pass", "trump JC")
    run(rnd2, "play 3S", "play JS", "play 9S", "play 3D")
    assert rnd2.tricks[0].winner == 0  # 3 first, then J: the 3 wins
