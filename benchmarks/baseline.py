"""The straight-line yardstick: random card play of one 28 deal, nothing else.

Four players, 32 cards, eight tricks, follow suit, one fixed trump suit that always
counts: no auction, no concealed trump, no public API, no records. It is written as one
function over int bitmasks, the fastest plain Python we know for that much work. The
library's benchmark reports its full-round speed as a fraction of this, measured in the
same process, so that the machine's and interpreter's speed cancel out.

Cards are ``suit * 8 + strength`` with strength 0..7 for 7 8 Q K 10 A 9 J.
"""

from __future__ import annotations

import random

CARD_POINTS = (0, 0, 0, 0, 1, 1, 2, 3) * 4
SUIT_BITS = tuple(0xFF << (8 * suit) for suit in range(4))
TRUMP = 2


def random_deal_play(rng: random.Random) -> tuple[int, int]:
    """Deal a shuffled deck and play it out with uniformly random legal cards; return the
    card points of the two teams."""
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for position, card in enumerate(deck):
        hands[position & 3] |= 1 << card
    pick = rng.randrange
    lead_seat = 0
    points = [0, 0]
    for _trick in range(8):
        seat = lead_seat
        led_suit = -1
        top_card = top_seat = trick_points = 0
        top_is_trump = False
        for turn in range(4):
            options = hands[seat]
            if turn:
                same_suit = options & SUIT_BITS[led_suit]
                if same_suit:
                    options = same_suit
            for _skip in range(pick(options.bit_count())):
                options &= options - 1
            card = (options & -options).bit_length() - 1
            hands[seat] ^= 1 << card
            trick_points += CARD_POINTS[card]
            suit = card >> 3
            if turn == 0:
                led_suit, top_card, top_seat, top_is_trump = suit, card, seat, suit == TRUMP
            elif suit == TRUMP:
                if not top_is_trump or card > top_card:
                    top_card, top_seat, top_is_trump = card, seat, True
            elif suit == led_suit and not top_is_trump and card > top_card:
                top_card, top_seat = card, seat
            seat = (seat + 1) & 3
        points[top_seat & 1] += trick_points
        lead_seat = top_seat
    return points[0], points[1]
