"""Determinization: the round as it might be, given only what one seat has seen.

:meth:`Round.resample <twentyeight.round.Round.resample>` deals every card a seat cannot
see again at random, uniformly over the deals consistent with everything that seat has
seen, and keeps the history. Search bots (PIMC, information-set MCTS) call it hundreds
of times a move; OpenSpiel calls the same step ``resample_from_infostate``.

What a seat has seen is turned into constraints once per position (and kept until the
round moves on):

- every card it holds, every card played, every card shown (a pair) stays where it is;
- the hidden cards go back into the same places: each other seat's unplayed cards, the
  face-down trump card (in the packet it was dealt in: the bidder laid it from the cards
  held at the auction), and the packets not dealt yet, the seat's own included;
- a seat that did not follow suit, or called for the trump (which needs a void), holds
  no card of the suit led; under "the caller must trump", a caller who then played
  another suit holds no trump;
- a hidden trump suit is a hidden value like the cards: the suit of the face-down card,
  or the suit named in secret (29). A bidder who led a suit before the exposure, where
  the bidder may not lead trumps while holding others, either led a suit that is not the
  trump or held only trumps; a plain deal that did not end in an automatic redeal is
  one where that check does not fire.

Candidates are drawn uniformly from the deals that keep the cards in place and respect
the voids (by rejection where a trial of proposals once per position finds that it
keeps enough of them, else by an exact count over suits) and kept only if they meet the
rest, so the result is uniform over the consistent deals. Which of the two draws
depends on the position only, so the same round and the same generator state always
give the same deal, whatever calls came before.
Where a rule's consequences are not reduced to voids (a lower trump played under the
over-trump rule, a Jack discarded under the no-Jack rule, a bidder who did not follow
with the face-down card where it must, a trump led before one was played where that
needs a hand of trumps only, an annulled round, a plug-in
that declares :attr:`~twentyeight.plugins.RulePlugin.reads_hidden_cards`), the candidate
is checked by replaying the history on it, which is exact for any rule.
"""

from __future__ import annotations

import bisect
import math
import random
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from .actions import CallTrump, CardAction, LayTrump, NameTrump, Play
from .cards import iter_bits
from .config import RedealEvent
from .errors import IllegalActionError, ParseError, TwentyEightError
from .sharing import (
    Path,
    Walk,
    all_paths,
    count,
    deal_out,
    draw_path,
    nth_bit,
    pick,
    plan_cells,
    ways,
)
from .sight import UNDEALT, trump_known
from .state import CALLS, OVER, PLAY, deal_ids, rows_of_packets

if TYPE_CHECKING:
    from .round import Round

__all__ = ["resample"]

_T = TypeVar("_T")

_RNG = random.Random()
"""The generator used when the caller gives none."""

_PROPOSALS = 64
"""Proposals tried in one call before the exact sampler takes over."""

_EXACT_COST = 4
"""About how many proposals cost as much as one exact draw: where fewer than one
proposal in this many is kept, a position is sampled exactly."""

_PILOT = 32
"""Proposals tried once per position to measure how often they are kept."""

_PILOT_SEED = 28
"""The fixed seed of those trial proposals (their own generator: the caller's is not
touched)."""

_SEAT, _CONCEALED, _UNDEALT, _CUT = 0, 1, 2, 3
"""Kinds of places a hidden card can go."""


class _Facts:
    """What ``seat`` knows of a position, as the places hidden cards go and the
    constraints on them. Made once per position and seat."""

    __slots__ = (
        "base_cells",
        "base_dealt",
        "base_hands",
        "bidder",
        "cells",
        "checks_due",
        "concealed_cell",
        "concealed_cut",
        "concealed_packet",
        "cuts",
        "exact",
        "groups",
        "lead_by_trump",
        "lead_rules",
        "n_actions",
        "nonbidder_leads",
        "pool",
        "pool_mask",
        "possible_trumps",
        "proposals_pay",
        "replay",
        "rows",
        "seat",
        "seat_cells",
        "secret",
        "seventh_packet",
        "slots",
        "suit_hidden",
        "trump_index",
        "withdrawn",
    )

    def __init__(self, rnd: Round, seat: int) -> None:
        self.seat = seat
        self.n_actions = len(rnd._actions)
        deck = rnd.deck
        cfg = rnd.ruleset.config
        n = rnd._n
        suit_of, suit_mask = deck.suit_of, deck.suit_mask
        bidder = self.bidder = rnd._bidder
        hidden_card = rnd._concealed >= 0 and rnd._exposed_at is None and not (
            seat == bidder and rnd._trump_known >> seat & 1)
        # A trump suit seat does not know: the face-down card's, or one named in secret.
        self.suit_hidden = rnd._trump_suit >= 0 and not trump_known(rnd, seat)
        packets = rnd._packet_masks
        dealt_packets = rnd._packets_dealt
        shown = rnd._shown
        if rnd._concealed >= 0 and rnd._exposed_at is not None:
            shown |= 1 << rnd._concealed  # the exposed trump card, back in the bidder's hand

        # Voids and the other facts the play has shown, by walking the history.
        forbid = [0] * n
        self.lead_rules: list[tuple[int, int]] = []
        self.nonbidder_leads = 0
        self.replay = rnd.is_over and rnd._result is not None and \
            rnd._result.annulled is not None
        restricted_lead = cfg.bidder_trump_lead != "any"
        expose_to_follow = cfg.concealed_follow == "expose"
        closed_trump_lead = cfg.trump_lead_after_trump_played
        trick_size = rnd._trick_size
        position = 0
        led = -1
        leads_before = 0
        led_suits = 0
        best_trump = -1
        caller = -1
        exposed = cfg.trump_marker == "open"  # a trump named by the bid is open from the start
        strength = deck.strength
        jacks = deck.rank_masks.get("J", 0)
        bidder_plays: list[tuple[int, int]] = []  # (suit, index of the lead rule it follows)
        concealed = rnd._concealed
        trump = rnd._trump_suit
        # Where the trump was exposed, however (a plug-in's rule leaves no action).
        exposed_at = rnd._exposed_at if rnd._exposed_at is not None and not exposed else None
        trick_no = 0
        forbid_concealed = 0
        self.concealed_cut = -1
        # Cards cut face down that seat has not seen: where each was played, and by whom.
        unseen_cuts = rnd.face_down_mask(seat)
        cuts: list[tuple[int, int, int, int]] = []
        # Cards laid aside that seat has not seen, played or not: those the trump part's
        # secret actions of other seats name (see TrumpRules.secret_kinds).
        laid = 0
        if cfg.trump.secret_kinds:
            for who, action in rnd._actions:
                if who != seat and type(action) in cfg.trump.secret_kinds \
                        and isinstance(action, CardAction):
                    laid |= 1 << rnd._ids[action.card]
            laid &= rnd._down & ~rnd._down_seen[seat]
        for i, (who, action) in enumerate(rnd._actions):
            kind = type(action)
            if kind is CallTrump:
                forbid[who] |= suit_mask[led]
                if who == bidder and not exposed and expose_to_follow:
                    self.replay = True  # the face-down card is not of the suit led
                caller = who
                exposed = True
                continue
            if kind is not Play:
                continue
            cid = rnd._ids[action.card]  # type: ignore[attr-defined]
            if laid >> cid & 1:
                # A card laid aside, played face down once the hand was empty: it says
                # nothing of the suits in hand (the replay checks the rest).
                cuts.append((i, who, 0, cid))
                position = (position + 1) % trick_size
                trick_no += position == 0
                continue
            if unseen_cuts >> cid & 1:
                # All seat knows of it: its player could not follow suit, and, once its
                # trick is over, it is no trump (a trump cut is turned up). The replay
                # checks the second where seat does not know the trump.
                forbid[who] |= suit_mask[led]
                if cid == concealed:
                    # The trump card, cut into the trick in progress: the face-down
                    # card's place holds it (see resample()).
                    forbid_concealed = suit_mask[led]
                    self.concealed_cut = i
                else:
                    over = trick_no < len(rnd._tricks)
                    cuts.append((i, who, forbid[who] | (
                        suit_mask[trump] if over and not self.suit_hidden else 0), cid))
                position = (position + 1) % trick_size
                trick_no += position == 0
                continue
            suit = suit_of[cid]
            if cid == concealed and not exposed:
                # The bidder's last card was the face-down one, or it followed the suit
                # led (concealed_follow "expose"): none of that suit was in hand.
                if position and expose_to_follow and suit == led:
                    forbid[who] |= suit_mask[led]
                exposed = True
            elif exposed_at is not None and (trick_no, position) >= exposed_at:
                exposed = True
            elif who == bidder and not exposed:
                bidder_plays.append((suit, len(self.lead_rules)))
            if position == 0:
                led = suit
                best_trump = -1
                if who != bidder:
                    self.nonbidder_leads |= 1 << suit
                elif restricted_lead and not exposed and rnd._trump_known >> bidder & 1 \
                        and trump >= 0:
                    self.lead_rules.append((suit, leads_before))
                leads_before = self.nonbidder_leads
                led_suits |= 1 << suit
                if closed_trump_lead and exposed and suit == trump:
                    self.replay = True  # led before a trump was played: held only trumps
            elif suit != led:
                forbid[who] |= suit_mask[led]
                if cfg.no_jack_discard and jacks >> cid & 1 and not (exposed and suit == trump) \
                        and (cfg.no_jack_discard == "strict" or not led_suits >> suit & 1):
                    self.replay = True
                if who == bidder and not exposed and expose_to_follow:
                    self.replay = True  # the face-down card is not of the suit led
            if caller == who:
                if cfg.caller_must_trump and suit != trump:
                    forbid[who] |= suit_mask[trump]
                caller = -1
            if suit == trump and cfg.over_trump:
                # A lower trump under the over-trump rule says more than a void.
                if exposed and position and strength[cid] < best_trump:
                    self.replay = True
                best_trump = max(best_trump, strength[cid])
            position = (position + 1) % trick_size
            trick_no += position == 0
        # A lead rule for suit X holds for trump X only if every card the bidder played
        # from that lead on (the face-down card apart) was of suit X.
        self.lead_rules = [
            (x, before) for k, (x, before) in enumerate(self.lead_rules)
            if all(s == x for s, rule in bidder_plays if rule > k)
        ] + [(-1 - x, before) for k, (x, before) in enumerate(self.lead_rules)
             if not all(s == x for s, rule in bidder_plays if rule > k)]
        if not self.suit_hidden:
            # The trump is known: a restricted lead of it means the bidder held only trumps.
            for x, before in self.lead_rules:
                if x == trump and seat != bidder and \
                        not _excused(cfg.bidder_trump_lead, before, trump):
                    forbid[bidder] |= deck.full_mask & ~suit_mask[trump]
            self.lead_rules = []

        # Trump suits the bidder's leads rule out: the face-down card is of none of them.
        self.possible_trumps = tuple(
            x for x in range(deck.n_suits) if _lead_rule(rnd, self, x)[0])
        impossible = 0
        for x in range(deck.n_suits):
            if x not in self.possible_trumps:
                impossible |= suit_mask[x]

        # Where hidden cards go: others' unplayed cards, face-down card, packets to come.
        pool = 0
        slots: list[tuple[int, int, int, tuple[int, ...]]] = []
        for t in range(n):
            if t == seat:
                continue
            hidden = rnd._hands[t] & ~shown
            if hidden:
                pool |= hidden
                per_packet = tuple((packets[p][t] & hidden).bit_count()
                                   for p in range(dealt_packets))
                slots.append((_SEAT, t, forbid[t], per_packet))
        self.concealed_packet = -1
        if hidden_card:
            pool |= 1 << concealed
            self.concealed_packet = next(p for p in range(dealt_packets)
                                         if packets[p][bidder] >> concealed & 1)
            slots.append((_CONCEALED, bidder, impossible | forbid_concealed, ()))
        for p in range(dealt_packets, len(packets)):
            for t in range(n):
                pool |= packets[p][t]
                slots.append((_UNDEALT, t, 0, (p,)))
        # Cards laid aside that seat has not seen (a trump part's hide of hand cards):
        # like a cut not played yet (no place in the history). The part's rule for
        # them is not declared, so the history is replayed (below).
        aside = rnd._aside & ~rnd._down_seen[seat]
        for cid in iter_bits(aside):
            who = next(t for t in range(n) if rnd._dealt[t] >> cid & 1)
            cuts.append((-1, who, 0, cid))  # (a void in hand says nothing of it)
        # Each cut: where it is in the history, who played it, the cell of the packet
        # it was dealt in (where the card drawn for it goes) and the card it was.
        self.cuts = tuple(
            (i, who, next(p for p in range(dealt_packets) if packets[p][who] >> cid & 1) * n
             + who, cid) for i, who, _, cid in cuts)
        # Actions of the trump part's secret kinds naming a card drawn afresh.
        self.secret = tuple(
            i for i, (who, action) in enumerate(rnd._actions)
            if who != seat and type(action) in cfg.trump.secret_kinds)
        for k, (_, who, voids, cid) in enumerate(cuts):
            pool |= 1 << cid
            slots.append((_CUT, who, voids, (k,)))
        if cuts:
            self.replay = True  # the tricks they are in are played again
        # The most constrained places first: a proposal is abandoned at the first misfit.
        slots.sort(key=lambda slot: (slot[2] == 0, slot[0]))
        self.slots = slots
        # Cards are drawn as bits: a place's cards are then a mask without a conversion.
        self.pool = tuple(1 << c for c in range(deck.size) if pool >> c & 1)
        self.pool_mask = pool
        # Where the seventh card is still to be dealt, the packet it comes in.
        self.seventh_packet = -1
        if rnd._concealed == UNDEALT:
            before, at = 0, cfg.seventh_card_position - 1
            for p, size in enumerate(cfg.deal_packets):
                if before <= at < before + size:
                    self.seventh_packet = p
                before += size
        # A placement is one mask per cell, the cards a seat gets in a packet (cell
        # p * n + seat), then the face-down card and the seventh card, which the round
        # needs as cards: a draw ORs each card into its cell, and the cells are the
        # round's packet masks as they stand.
        keep = ~pool
        self.base_cells = [m & keep for row in packets for m in row] + [0] * (2 + len(cuts))
        self.concealed_cell = len(packets) * n
        self.rows = tuple(range(0, len(packets) * n, n))
        self.cells = [_slot_cells(rnd, self, slot) for slot in slots]
        self.seat_cells = tuple(
            (who, tuple(sorted(set(cells))))
            for (kind, who, _, _), cells in zip(slots, self.cells, strict=True)
            if kind == _SEAT)
        self.lead_by_trump: dict[int, tuple[bool, bool]] = {}
        self.proposals_pay: bool | None = None
        # Places with the same voids are drawn together (see _propose); those with voids
        # first, so that a draw is abandoned at the first misfit.
        by_forbid: dict[int, list[int]] = {}
        for k, slot in enumerate(slots):
            by_forbid.setdefault(slot[2], []).append(k)
        groups: list[tuple[tuple[float, ...], tuple[int, ...], tuple[int, ...], int]] = []
        for voids, ks in sorted(by_forbid.items(), key=lambda item: item[0] == 0):
            cells = tuple(c for k in ks for c in self.cells[k])
            fits = tuple(b for b in self.pool if not b & voids)
            if voids:
                size = len(cells)
                most = math.comb(len(fits), size) or 1
                ratios = tuple(math.comb(n, size) / most for n in range(len(fits) + 1))
                groups.append((ratios, fits, cells, -1))
            else:  # the last group: it takes every card left
                groups.append(((), fits, *plan_cells(cells)))
        self.groups = groups
        self.exact: tuple[list[_Table], list[int], int] | None = None
        self.trump_index = _trump_action_index(rnd) if self.suit_hidden else -1
        # A trump chosen in secret and then called off (a single hand) stays a secret:
        # the laid card was any card the bidder held then, the named suit any suit.
        # So does one a second auction replaced (the card went back to its holder's hand).
        choices = _trump_action_indices(rnd)
        if choices and not (rnd._trump_suit < 0 and rnd._exposed_at is None
                            and rnd._auction_len is not None):
            choices = choices[:-1]  # the last is the trump in force
        # Each with the packets its chooser held then: the choice right after the auction
        # comes after the auction's packets, one after a second auction once all are dealt.
        self.withdrawn = tuple(
            (i, cfg.auction_after if i == rnd._auction_len else len(packets))
            for i in choices if rnd._actions[i][0] != seat)
        # The deal is checked once the trump is chosen and every card dealt; an exposure
        # is checked when a concealed trump is turned up (a trump named by the bid never is).
        events: tuple[tuple[RedealEvent, bool], ...] = (
            ("deal-complete", rnd.phase is PLAY or rnd.phase is OVER
             or (rnd.phase is CALLS and rnd._window_event != "trump-chosen")
             or rnd._reopened_bid is not None),  # a second auction follows the check
            ("trump-exposed", rnd._exposed_at is not None and cfg.trump_marker != "open"))
        self.checks_due = tuple(
            (check, event) for event, happened in events if happened
            for check in rnd.ruleset.checks_at[event])
        # What stays of each hand and dealt hand once the hidden cards are out.
        self.base_hands = tuple(m & keep for m in rnd._hands)
        self.base_dealt = tuple(m & keep for m in rnd._dealt)
        if any(p.reads_hidden_cards for p in cfg.plugins) or cfg.auction.reads_hidden_cards:
            self.replay = True


_Table = tuple[int, list[list[int]], list[tuple[tuple[int, ...], int]], Walk,
               list[Path], list[int], int]
"""The exact counts for one trump suit: the suit, the hidden cards by suit, each group's
plan (:func:`~twentyeight.sharing.plan_cells`), the walk, every path with the running
total of their counts (no path if there are more than
:data:`~twentyeight.sharing.MAX_PATHS`) and the number of placements."""

def _slot_cells(rnd: Round, facts: _Facts, slot: tuple[int, int, int, tuple[int, ...]]
                ) -> tuple[int, ...]:
    """The cell of each card ``slot`` takes, in the order drawn: a seat's hidden cards
    go back into its packets in the numbers each held, the first card of the bidder's
    undealt packet holding the seventh card is that card."""
    kind, who, _, extra = slot
    n = rnd._n
    if kind == _SEAT:
        return tuple(p * n + who for p, m in enumerate(extra) for _ in range(m))
    if kind == _CONCEALED:
        return (facts.concealed_cell,)
    if kind == _CUT:
        return (facts.concealed_cell + 2 + extra[0],)
    p = extra[0]
    cells = (p * n + who,) * rnd.ruleset.config.deal_packets[p]
    if p == facts.seventh_packet and who == facts.bidder and cells:
        cells = (facts.concealed_cell + 1, *cells[1:])
    return cells


def _excused(policy: str, nonbidder_leads_before: int, trump: int) -> bool:
    """True if a bidder's lead of the trump suit was allowed without holding only
    trumps: the rule allows it once another player has led a trump."""
    return policy == "after-trump-led" and bool(nonbidder_leads_before >> trump & 1)


def _trump_action_indices(rnd: Round) -> list[int]:
    """The indices in the history of the trump choices, in order (a second auction may
    have replaced the first)."""
    return [i for i, (_, action) in enumerate(rnd._actions)
            if type(action) is LayTrump or type(action) is NameTrump]


def _trump_action_index(rnd: Round) -> int:
    """The index in the history of the last trump choice, or -1 if there is none."""
    found = _trump_action_indices(rnd)
    return found[-1] if found else -1


_MAX_CANDIDATES = 1_000_000
"""Candidates rejected before giving up (the true deal is always consistent, so a
correct sampler never gets near this)."""


def resample(rnd: Round, seat: int, rng: random.Random | None = None) -> Round:
    """See :meth:`Round.resample <twentyeight.round.Round.resample>`.

    Cards cut face down that ``seat`` has not seen (``cut_mode`` ``face-down``) are
    hidden cards too, each in the packet it was dealt in and put back into the history
    where it was played. While the trick is in progress into which the trump maker cut
    the face-down trump card itself, the worlds drawn keep that shape: the trump maker's
    cut is the face-down card (worlds in which the cut came from the hand and the card
    still lies on the table are not drawn)."""
    rng = rng if rng is not None else _RNG
    facts = rnd._resample_facts
    # Facts kept for this seat (an int: True == 1 too) were made for a valid seat.
    if facts is None or type(seat) is not int or facts.seat != seat \
            or facts.n_actions != len(rnd._actions):
        facts = rnd._resample_facts = _Facts(rnd, rnd._seat(seat))
    # Which sampler draws is a property of the position alone: a choice made from
    # earlier calls would make the same generator state give another deal.
    proposals = _PROPOSALS if _PROPOSALS and _proposals_pay(facts) else 0
    for _ in range(_MAX_CANDIDATES):
        # Proposals where they are kept often enough; else (or if these all fail) the
        # exact counts.
        for _ in range(proposals):
            placed = _propose(facts, rng)
            if placed is not None:
                trump = _suit_choice(rnd, facts, placed, rng)
                break
        else:
            placed, trump = _exact(rnd, facts, rng)
        new = _build(rnd, facts, placed, trump, rng)
        if new is not None:
            return new
    raise TwentyEightError(f"no deal consistent with what seat {seat} has seen was found")


def _proposals_pay(facts: _Facts) -> bool:
    """Whether proposals are kept often enough at this position to be worth trying
    before the exact counts: decided once per position, from :data:`_PILOT` proposals
    drawn with a generator of a fixed seed, so that the choice depends on the position
    only (never on the caller's generator or on earlier calls)."""
    if facts.proposals_pay is None:
        pilot = random.Random(_PILOT_SEED)
        enough = _PILOT // _EXACT_COST
        kept = tried = 0
        # Stopped as soon as the answer is known: a position where most are kept
        # costs few trials.
        while kept < enough and tried - kept <= _PILOT - enough:
            tried += 1
            kept += _propose(facts, pilot) is not None
        facts.proposals_pay = kept >= enough
    return facts.proposals_pay


def _suit_choice(rnd: Round, facts: _Facts, placed: list[int], rng: random.Random) -> int:
    """The trump suit of a candidate when seat cannot see it (-1: it is seen or none):
    the face-down card's suit, or a suit named in secret, uniformly."""
    if not facts.suit_hidden:
        return -1
    if facts.concealed_packet >= 0:
        return rnd.deck.suit_of[placed[facts.concealed_cell].bit_length() - 1]
    possible = facts.possible_trumps  # a suit named in secret: any the leads allow
    return possible[int(rng.random() * len(possible))]


def _lead_rule(rnd: Round, facts: _Facts, trump: int) -> tuple[bool, bool]:
    """For trump suit ``trump``: whether the bidder's leads before the exposure were
    allowed at all, and whether they mean the bidder held only trumps."""
    policy = rnd.ruleset.config.bidder_trump_lead
    only_trumps = False
    for x, before in facts.lead_rules:
        if _excused(policy, before, trump):
            continue
        if x < 0 and -1 - x == trump:
            return False, False  # led the trump, then played another suit
        if x == trump:
            only_trumps = True
    return True, only_trumps


def _propose(facts: _Facts, rng: random.Random) -> list[int] | None:
    """A placement of the hidden cards (the cells' masks), uniform over those that
    respect the voids, or ``None`` (then draw again).

    Places with the same voids form a group. A group with voids takes its cards
    uniformly from the cards left that it may hold, and the draw is kept with
    probability: the product over those groups of C(n, k) / C(N, k), with n the cards it
    could take when its turn came, N those it could take from the whole pool and k its
    size. That cancels the preference of the draw, so every placement that respects the
    voids is equally likely. The group without voids takes the cards left, and each
    group's cards go to its cells in the order drawn."""
    rand = rng.random
    threshold = rand()
    keep = 1.0
    placed = facts.base_cells.copy()
    taken = 0
    for ratios, may_take, cells, rest in facts.groups:
        fits = [b for b in may_take if not b & taken]
        if rest >= 0:  # the group without voids, the last: it takes the cards left
            deal_out(fits, cells, rest, placed, rand)
            break
        n = len(fits)
        keep *= ratios[n]  # 0 if too few fit
        if keep <= threshold:
            return None
        for cell in cells:
            j = int(rand() * n)
            b = fits[j]
            placed[cell] |= b
            taken |= b
            n -= 1
            fits[j] = fits[n]
    return placed


def _exact(rnd: Round, facts: _Facts, rng: random.Random) -> tuple[list[int], int]:
    """A uniform placement that respects the voids and the bidder's leads, by counting.

    Places that take the same suits form a group: how a group's cards are shared among
    its places does not depend on which cards they are, so counting is over groups and
    suits only, and a group's cards are then split among its places at random. A hidden
    trump suit is chosen in proportion to its number of placements. The counts are kept
    with the position's facts: later calls only draw a path through them."""
    if facts.exact is None:
        tables = _tables(rnd, facts)
        weights = [table[-1] for table in tables]
        facts.exact = tables, weights, sum(weights)
    tables, weights, total = facts.exact
    table = tables[0] if len(tables) == 1 else pick(tables, weights, rng.randrange(total))
    trump, by_suit, plans, walk, paths, cumulative, _ = table
    if len(paths) == 1:
        path = paths[0]
    elif paths:
        path = paths[bisect.bisect_right(cumulative, rng.randrange(cumulative[-1]))]
    else:
        path = draw_path(walk, rng)
    shares: list[list[int]] = [[] for _ in plans]
    rand = rng.random
    for cards, split in zip(by_suit, path, strict=True):
        left = len(cards)
        pile = cards
        for g, m in enumerate(split):
            if m == left:  # the last group with a share takes the cards left
                shares[g] += pile[:left]
                break
            if pile is cards:  # the table's own list is left as it is
                pile = cards.copy()
            for _ in range(m):
                j = int(rand() * left)
                shares[g].append(pile[j])
                left -= 1
                pile[j] = pile[left]
    placed = facts.base_cells.copy()
    for (cells, rest), cards in zip(plans, shares, strict=True):
        deal_out(cards, cells, rest, placed, rand)
    return placed, trump


def _tables(rnd: Round, facts: _Facts) -> list[_Table]:
    """The exact counts of the position, one table for each trump suit possible."""
    deck = rnd.deck
    by_suit: list[list[int]] = [[] for _ in range(deck.n_suits)]
    for b in facts.pool:
        by_suit[deck.suit_of[b.bit_length() - 1]].append(b)
    sizes = tuple(len(cards) for cards in by_suit)
    choices = tuple(range(deck.n_suits)) if facts.suit_hidden else (-1,)
    tables: list[_Table] = []
    for trump in choices:
        allowed = _allowed(rnd, facts, trump)
        if not allowed:
            continue
        groups: dict[int, list[int]] = {}
        for k, suits in enumerate(allowed):
            groups.setdefault(suits, []).append(k)
        cells = [tuple(c for k in ks for c in facts.cells[k]) for ks in groups.values()]
        suits_of = tuple(groups)
        caps = tuple(map(len, cells))
        memo: dict[Any, Any] = {}
        walk: Walk = (sizes, suits_of, caps, memo)
        weight = count(sizes, suits_of, caps, 0, memo)
        for ks in groups.values():  # ways to share each group's cards among its places
            weight *= ways(tuple(len(facts.cells[k]) for k in ks))
        if weight:
            tables.append((trump, by_suit, [plan_cells(c) for c in cells], walk, *all_paths(walk),
                           weight))
    if not tables:
        raise TwentyEightError("no deal is consistent with what this seat has seen")
    return tables


def _allowed(rnd: Round, facts: _Facts, trump: int) -> list[int]:
    """For each place, the suits (as bits) its cards may be of, for trump suit
    ``trump`` (-1: seen or none); empty if that suit is impossible."""
    deck = rnd.deck
    possible, only_trumps = _lead_rule(rnd, facts, trump) if trump >= 0 else (True, False)
    if not possible:
        return []
    every = (1 << deck.n_suits) - 1
    out = []
    for kind, who, forbid, _ in facts.slots:
        suits = every
        for x in range(deck.n_suits):
            if forbid & deck.suit_mask[x]:  # voids are whole suits
                suits &= ~(1 << x)
        if kind == _CONCEALED or (only_trumps and kind == _SEAT and who == facts.bidder):
            suits &= 1 << trump
        out.append(suits)
    return out


def _build(rnd: Round, facts: _Facts, placed: list[int], trump: int,
           rng: random.Random) -> Round | None:
    """The candidate round for a placement, or ``None`` if a fact beyond the voids rules
    it out."""
    pool = facts.pool_mask
    added = [0] * rnd._n  # each seat's hidden cards
    for who, cells in facts.seat_cells:
        got = 0
        for cell in cells:
            got |= placed[cell]
        added[who] = got & pool
    if trump >= 0 and facts.lead_rules:
        rule = facts.lead_by_trump.get(trump)
        if rule is None:
            rule = facts.lead_by_trump[trump] = _lead_rule(rnd, facts, trump)
        possible, only_trumps = rule
        if not possible or (only_trumps and facts.bidder >= 0
                            and added[facts.bidder] & ~rnd.deck.suit_mask[trump]):
            return None
    new = rnd.clone()
    hands = new._hands
    base_hands = facts.base_hands
    dealt = list(facts.base_dealt)
    for who, _ in facts.seat_cells:
        hands[who] = base_hands[who] | added[who]
        dealt[who] |= added[who]
    seventh: tuple[int, int] | None = None
    if facts.concealed_packet >= 0:
        card = placed[facts.concealed_cell]
        placed[facts.concealed_packet * rnd._n + facts.bidder] |= card
        dealt[facts.bidder] |= card
        new._concealed = card.bit_length() - 1
        if facts.concealed_cut >= 0:
            new._actions[facts.concealed_cut] = (facts.bidder, rnd._play_of[new._concealed])
    drawn: dict[int, int] = {}
    for k, (i, who, cell, old) in enumerate(facts.cuts):
        # A cut goes back into the packet its card was dealt in, and into the history.
        card = placed[facts.concealed_cell + 2 + k]
        placed[cell] |= card
        dealt[who] |= card
        drawn[old] = card.bit_length() - 1
        if i >= 0:
            new._actions[i] = (who, rnd._play_of[card.bit_length() - 1])
    for i in facts.secret:
        # (A secret action names a face-down card: the one drawn for it.)
        who, action = new._actions[i]
        if isinstance(action, CardAction) and rnd._ids.get(action.card, -1) in drawn:
            new._actions[i] = (who, attrs.evolve(
                action, card=rnd.deck.cards[drawn[rnd._ids[action.card]]]))
    card = placed[facts.concealed_cell + 1]
    if card:  # the card that will be turned face down
        seventh = (facts.bidder, card.bit_length() - 1)
        placed[facts.seventh_packet * rnd._n + facts.bidder] |= card
    n = rnd._n
    new._packet_masks = tuple([tuple(placed[p:p + n]) for p in facts.rows])
    new._dealt = tuple(dealt)
    new.seed = None
    new._deal = rows_of_packets(new, seventh) if seventh is not None else None
    if rnd._shown:
        new._deal = _shown_in_place(rnd, deal_ids(new))
    new._legal_cache = None
    new._resample_facts = None
    if trump >= 0:
        new._trump_suit = trump
        new._trump_led = bool(facts.nonbidder_leads >> trump & 1)
        i = facts.trump_index
        if i >= 0:
            who, action = new._actions[i]
            new._actions[i] = (who, rnd.ruleset.trump_choice(
                new._concealed if type(action) is LayTrump else -1, trump))
    for withdrawn, held_packets in facts.withdrawn:
        who, action = new._actions[withdrawn]
        if type(action) is LayTrump:
            held = 0
            for row in new._packet_masks[:held_packets]:
                held |= row[who]
            chosen = rnd.ruleset.trump_choice(
                nth_bit(held, int(rng.random() * held.bit_count())), -1)
        else:
            chosen = rnd.ruleset.trump_choice(-1, int(rng.random() * rnd.deck.n_suits))
        new._actions[withdrawn] = (who, chosen)
    if facts.checks_due and not facts.replay:  # (a replay runs the checks itself)
        port = new._port
        for check, event in facts.checks_due:
            # The round went on, so no automatic check fired at an event passed.
            if check.automatic(port, event):
                return None
    if facts.replay:
        return _replayed(rnd, facts.seat, new)
    return new


def _shown_in_place(rnd: Round, rows: tuple[tuple[int, ...], ...]
                    ) -> tuple[tuple[int, ...], ...]:
    """``rows`` (each seat's cards in dealt order) with every card shown to all back at
    the place it was dealt in ``rnd`` (a part may read the order, a turned-up card is
    its seat's last), the other cards in their order around them. Each stays in its
    packet, since a shown card keeps its packet."""
    shown = rnd._shown
    out = []
    for seat, row in enumerate(rows):
        fixed = {p: c for p, c in enumerate(deal_ids(rnd)[seat]) if shown >> c & 1}
        if not fixed:
            out.append(row)
            continue
        rest = iter([c for c in row if not shown >> c & 1])
        out.append(tuple(fixed[p] if p in fixed else next(rest) for p in range(len(row))))
    return tuple(out)


def _replayed(rnd: Round, seat: int, new: Round) -> Round | None:
    """The candidate's history replayed on its deal, or ``None`` if it does not replay
    legally to what ``seat`` saw."""
    fresh = rnd.ruleset.new_round(deal=new.deal, dealer=new.dealer, scores=new.scores)
    try:
        for _, action in new._actions:
            fresh.apply(action)
    except (IllegalActionError, ParseError):
        return None
    if fresh.view(seat) != rnd.view(seat):
        return None
    return fresh
