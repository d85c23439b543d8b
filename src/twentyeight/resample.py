"""Determinization: the round as it might be, given only what one seat has seen.

:meth:`Round.resample <twentyeight.round.Round.resample>` deals every card a seat cannot
see again at random, uniformly over the deals consistent with everything that seat has
seen, and keeps the history. Search bots (PIMC, information-set MCTS) call it hundreds
of times a move; OpenSpiel calls the same step ``resample_from_infostate``.

What a seat has seen is turned into constraints once per position (and kept until the
round moves on). The cards it holds, every card played and every card shown stay where
they are; the hidden cards go back into the same places: each other seat's unplayed
cards, the packets not dealt yet, and the face-down cards the parts place (the trump
card, a cut). What each part's rules imply (a void, a lead allowed only with trumps, an
opener who held two suits) it declares itself (:mod:`twentyeight.inference`); a hidden
trump suit is a hidden value like the cards, chosen with them.

Candidates are drawn uniformly from the deals that keep the cards in place and respect
the forbidden cards of each place (by rejection where a trial of proposals once per
position finds that it keeps enough of them, else by an exact count over classes of
interchangeable cards) and kept only if they meet the rest, so the result is uniform
over the consistent deals. Which of the two draws depends on the position only, so the
same round and the same generator state always give the same deal, whatever calls came
before. Only where a part cannot state its facts (a plug-in that reads hidden cards and
declares nothing, an annulled round) is each candidate checked by replaying the history
on it, which is exact for any rule.
"""

from __future__ import annotations

import bisect
import random
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from .actions import LayTrump, NameTrump, Play
from .candidates import deal_state, keep_facts, kept_facts, rebuild, seat_of
from .config import RedealEvent
from .errors import IllegalActionError, ParseError, TwentyEightError
from .inference import NEVER, AnyOf, NoneOf, SomeOf
from .position import port_of
from .seat_facts import facts_for
from .sharing import Table, draw, exact_tables, meets, nth_bit, pick, proposal_groups, propose
from .sight import UNDEALT

if TYPE_CHECKING:
    from .actions import Action
    from .round import Round

__all__ = ["resample"]

_RNG = random.Random()
"""The generator used when the caller gives none."""

_PROPOSALS = 64
"""Proposals tried in one call before the exact sampler takes over."""

_PILOT = 32
"""Proposals tried once per position to measure how often they are kept."""

_PILOT_KEPT = 20
"""How many of the :data:`_PILOT` trial proposals must be kept for proposals to draw
first: where fewer are, a position is sampled exactly. An exact draw costs about as
much as a kept proposal, and at lower rates the proposals it replaces cost more
(measured over mid-play positions of every preset, issue 36)."""

_PILOT_SEED = 28
"""The fixed seed of those trial proposals (their own generator: the caller's is not
touched)."""

_SEAT, _PLACE, _UNDEALT = 0, 1, 2
"""Kinds of places a hidden card can go."""


class _Facts:
    """What ``seat`` knows of a position, as the places hidden cards go and the
    constraints on them (:func:`~twentyeight.seat_facts.facts_for`). Made once per
    position and seat."""

    __slots__ = (
        "base_cells", "base_dealt", "base_hands", "bidder", "cells", "checks", "checks_due",
        "exact", "extra", "groups", "n", "n_actions", "never", "other_leads", "place_cells",
        "places", "played", "pool", "pool_mask", "proposals_pay", "replay", "rows", "seat",
        "seat_cells", "seat_pairs", "seventh_cell", "seventh_packet", "slots", "subs",
        "suit_hidden", "trump_index", "trump_place", "withdrawn",
    )

    def __init__(self, rnd: Round, seat: int) -> None:
        declared = facts_for(rnd, seat)
        state = deal_state(rnd)
        self.seat = seat
        actions = state.actions
        self.n_actions = len(actions)
        deck = rnd.deck
        cfg = rnd.ruleset.config
        n = self.n = state.n
        suit_mask = deck.suit_mask
        self.bidder = state.bidder
        self.replay = declared.replay
        hidden = self.suit_hidden = declared.trump_hidden
        trump = declared.trump
        packets = state.packets
        dealt_packets = state.packets_dealt
        shown = state.shown
        # The face-down trump card is out of the bidder's hand from its choice until exposed.
        out: tuple[int, int, int] = (0, 0, 0)
        if state.concealed >= 0:
            back = next((s.at for s in declared.plays if s.exposed), 1 << 30)
            out = (1 << state.concealed, declared.trump_choice_at, back)
            if state.exposed_at is not None:
                shown |= 1 << state.concealed  # exposed: back in the bidder's hand
        self.other_leads = 0
        for s in declared.plays:
            if s.position == 0 and s.card >= 0 and s.who != self.bidder:
                self.other_leads |= 1 << deck.suit_of[s.card]

        # Where hidden cards go: others' unplayed cards, face-down places, packets to come.
        places = self.places = tuple(declared.places)
        pool = sum(1 << p.card for p in places)
        hands = [state.hands[t] & ~shown if t != seat else 0 for t in range(n)]
        for t in range(n):
            pool |= hands[t] | sum(packets[q][t] for q in range(dealt_packets, len(packets)))
        keep = ~pool
        if out[0] & pool:  # a hidden trump card: where it is, the place says
            out = (0, 0, 0)
        self.base_cells = [m & keep for row in packets for m in row] + [0] * (len(places) + 1)
        first = len(packets) * n  # the places' own cells, then the seventh card's
        self.seventh_cell = first + len(places)
        self.place_cells = tuple(
            (first + k, next(q for q in range(dealt_packets) if packets[q][p.owner] >> p.card
                             & 1) * n + p.owner) for k, p in enumerate(places))
        # Each place's card, its cell and the cell it was dealt in.
        self.subs = tuple((p.card, cell, home) for p, (cell, home)
                          in zip(places, self.place_cells, strict=True))

        # The cards each seat played before each history entry.
        plays: list[list[tuple[int, int]]] = [[(0, 0)] for _ in range(n)]
        ids = state.ids
        for i, (who, action) in enumerate(actions):
            if type(action) is Play:
                plays[who].append((i + 1, plays[who][-1][1] | 1 << ids[action.card]))

        def played_before(t: int, at: int) -> int:
            return plays[t][bisect.bisect_right(plays[t], (at, 1 << 64)) - 1][1]

        # The declared rules, for the trump suit each depends on (-1: any).
        forbid = [0] * n
        place_forbid = [p.forbid for p in places]
        self.never = 0
        self.checks: dict[int, list[Any]] = {}
        self.extra: dict[int, list[tuple[int, int, int]]] = {}  # trump: (kind, who, mask)
        def look(rule: NoneOf | SomeOf) -> tuple[bool, Any, list[int], bool]:
            """Whether the seat's known cards meet ``rule``'s mask then, the check of a
            candidate, the places the rule's seats held then, whether they hide any."""
            at = rule.at if rule.at >= 0 else self.n_actions
            full = state.auction_len is not None and at > state.auction_len
            held_packets = len(packets) if full else min(cfg.auction_after, dealt_packets)
            seats = 1 << rule.who if isinstance(rule, NoneOf) else rule.seats
            gone = out[0] if out[1] < at <= out[2] else 0
            known = 0
            held: list[int] = []
            for t in range(n):
                if seats >> t & 1:
                    gone |= played_before(t, at)
                    for q in range(held_packets):
                        known |= self.base_cells[q * n + t]
                    held += [c for c, home in self.place_cells
                             if home % n == t and home // n < held_packets
                             and places[c - first].at >= at]
            hides = bool(held) or any(hands[t] for t in range(n) if seats >> t & 1)
            return (bool(known & ~gone & rule.mask), (isinstance(rule, SomeOf), seats,
                    held_packets, gone, tuple(held), rule.mask), held, hides)

        for x, rule in declared.rules:
            if not hidden and x >= 0 and x != trump:
                continue
            x = x if hidden else -1
            if rule is NEVER:
                self.never |= 1 << x if x >= 0 else 0
                continue
            if isinstance(rule, AnyOf):  # checked on each candidate, one alternative
                looks = [(r, *look(r)) for r in rule.rules]
                if not any(isinstance(r, SomeOf) and k for r, k, _, _, _ in looks):
                    self.checks.setdefault(x, []).append(("any", tuple(
                        c for r, k, c, _, _ in looks if not (k and isinstance(r, NoneOf)))))
                continue
            known, check, held, hides = look(rule)
            if isinstance(rule, SomeOf):
                if not known:
                    self.checks.setdefault(x, []).append(check)
                continue
            if known:
                self.never |= 1 << x if x >= 0 else 0
                continue
            if not hides:
                continue
            if x >= 0 or check[2] < len(packets):  # not enforced by every draw
                self.checks.setdefault(x, []).append(check)
            if check[2] == len(packets):  # the hand and those places: forbidden cards
                targets = [(_SEAT, rule.who)] + [(_PLACE, c - first) for c in held]
                for kind, k in targets:
                    if x >= 0:
                        self.extra.setdefault(x, []).append((kind, k, rule.mask))
                    elif kind == _SEAT:
                        forbid[k] |= rule.mask
                    else:
                        place_forbid[k] |= rule.mask
        played = 0  # (the history and tricks need rewriting only for cards played)
        for t in range(n):
            played |= plays[t][-1][1]
        self.played = any(played >> p.card & 1 for p in places)
        for k in declared.nots:
            if hidden:
                for x in range(deck.n_suits):
                    self.extra.setdefault(x, []).append((_PLACE, k, suit_mask[x]))
                self.checks.setdefault(-2, []).append(first + k)
            elif trump >= 0:
                place_forbid[k] |= suit_mask[trump]
        self.trump_place = next((k for k, p in enumerate(places) if p.trump_card), -1)
        if self.trump_place >= 0:
            for x in range(deck.n_suits):
                if self.never >> x & 1:
                    place_forbid[self.trump_place] |= suit_mask[x]

        slots: list[tuple[int, int, int, tuple[int, ...]]] = []
        for t in range(n):
            if hands[t]:
                slots.append((_SEAT, t, forbid[t], tuple(
                    (packets[q][t] & hands[t]).bit_count() for q in range(dealt_packets))))
        for k in range(len(places)):
            slots.append((_PLACE, k, place_forbid[k], ()))
        for q in range(dealt_packets, len(packets)):
            for t in range(n):
                slots.append((_UNDEALT, t, 0, (q,)))
        # The most constrained places first: a proposal is abandoned at the first misfit.
        slots.sort(key=lambda slot: (slot[2] == 0, slot[0]))
        self.slots = slots
        # Cards are drawn as bits: a place's cards are then a mask without a conversion.
        self.pool = tuple(1 << c for c in range(deck.size) if pool >> c & 1)
        self.pool_mask = pool
        # Where the seventh card is still to be dealt, the packet it comes in.
        self.seventh_packet = next(q for q, end in enumerate(accumulate(cfg.deal_packets))
                                   if end >= cfg.trump.undealt_position()) \
            if state.concealed == UNDEALT else -1
        self.rows = tuple(range(0, len(packets) * n, n))
        self.cells = [_slot_cells(rnd, self, slot) for slot in slots]
        # Each seat's cells, as (seat, cell, cell) where it has one or two (the same
        # twice for one: a pair is read without a loop), else in seat_cells.
        seat_cells = [(who, tuple(sorted(set(cells))))
                      for (kind, who, _, _), cells in zip(slots, self.cells, strict=True)
                      if kind == _SEAT]
        self.seat_pairs = tuple((who, cells[0], cells[-1]) for who, cells in seat_cells
                                if len(cells) <= 2)
        self.seat_cells = tuple((who, cells) for who, cells in seat_cells if len(cells) > 2)
        self.proposals_pay: bool | None = None
        self.groups = proposal_groups([slot[2] for slot in slots], self.cells, self.pool)
        self.exact: tuple[list[Table], list[int], int] | None = None
        choices = _trump_action_indices(actions)
        self.trump_index = (choices or [-1])[-1] if hidden else -1
        # A trump chosen in secret and then called off (a single hand) stays a secret:
        # the laid card was any card the bidder held then, the named suit any suit.
        # So does one a second auction replaced (the card went back to its holder's hand).
        if choices and not (state.trump_suit < 0 and state.exposed_at is None
                            and state.auction_len is not None):
            choices = choices[:-1]  # the last is the trump in force
        # Each with the packets its chooser held then: the choice right after the auction
        # comes after the auction's packets, one after a second auction once all are dealt.
        self.withdrawn = tuple(
            (i, actions[i][0], type(actions[i][1]) is LayTrump,
             cfg.auction_after if i == state.auction_len else len(packets))
            for i in choices if actions[i][0] != seat)
        # The deal is checked once the trump is chosen and every card dealt; an exposure
        # is checked when a concealed trump is turned up (a trump named by the bid never is).
        events: tuple[tuple[RedealEvent, bool], ...] = (
            ("deal-complete", state.deal_checked),
            ("trump-exposed", state.exposure_checked))
        self.checks_due = tuple(
            (check, event) for event, happened in events if happened
            for check in rnd.ruleset.checks_at[event])
        # What stays of each hand and dealt hand once the hidden cards are out.
        self.base_hands = tuple(m & keep for m in state.hands)
        self.base_dealt = tuple(m & keep for m in state.dealt)


def _slot_cells(rnd: Round, facts: _Facts, slot: tuple[int, int, int, tuple[int, ...]]
                ) -> tuple[int, ...]:
    """The cell of each card ``slot`` takes, in the order drawn: a seat's hidden cards
    go back into its packets in the numbers each held, a place's into its own cell, the
    first card of the bidder's undealt packet holding the seventh card is that card."""
    kind, who, _, extra = slot
    n = facts.n
    if kind == _SEAT:
        return tuple(p * n + who for p, m in enumerate(extra) for _ in range(m))
    if kind == _PLACE:
        return (facts.place_cells[who][0],)
    p = extra[0]
    cells = (p * n + who,) * rnd.ruleset.config.deal_packets[p]
    if p == facts.seventh_packet and who == facts.bidder and cells:
        cells = (facts.seventh_cell, *cells[1:])
    return cells


def _trump_action_indices(actions: list[tuple[int, Any]]) -> list[int]:
    """The indices in ``actions`` (a history) of the trump choices, in order (a second
    auction may have replaced the first)."""
    return [i for i, (_, action) in enumerate(actions)
            if type(action) is LayTrump or type(action) is NameTrump]


_MAX_CANDIDATES = 1_000_000
"""Candidates rejected before giving up (the true deal is always consistent, so a
correct sampler never gets near this)."""


def resample(rnd: Round, seat: int, rng: random.Random | None = None) -> Round:
    """See :meth:`Round.resample <twentyeight.round.Round.resample>`. Face-down cards
    ``seat`` has not seen are hidden cards too, each in its place (a cut goes back into
    the packet it was dealt in and the history where it was played)."""
    rng = rng if rng is not None else _RNG
    facts, n_actions = kept_facts(rnd)
    # Facts kept for this seat (an int: True == 1 too) were made for a valid seat.
    if facts is None or type(seat) is not int or facts.seat != seat \
            or facts.n_actions != n_actions:
        facts = _Facts(rnd, seat_of(rnd, seat))
        keep_facts(rnd, facts)
    # Which sampler draws is a property of the position alone: a choice made from
    # earlier calls would make the same generator state give another deal.
    pay = facts.proposals_pay  # (worked out at the position's first call)
    if pay is None and _PROPOSALS:
        pay = _proposals_pay(facts)
    proposals = _PROPOSALS if pay else 0
    for _ in range(_MAX_CANDIDATES):
        # Proposals where they are kept often enough; else (or if these all fail) the
        # exact counts.
        for _ in range(proposals):
            placed = propose(facts.groups, facts.base_cells, rng)
            if placed is not None:
                trump = _suit_choice(rnd, facts, placed, rng) if facts.suit_hidden else -1
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
        enough = _PILOT_KEPT
        kept = tried = 0
        # Stopped as soon as the answer is known: a position where most are kept
        # costs few trials.
        while kept < enough and tried - kept <= _PILOT - enough:
            tried += 1
            kept += propose(facts.groups, facts.base_cells, pilot) is not None
        facts.proposals_pay = kept >= enough
    return facts.proposals_pay


def _suit_choice(rnd: Round, facts: _Facts, placed: list[int], rng: random.Random) -> int:
    """The trump suit of a candidate when seat cannot see it (-1: it is seen or none):
    the face-down card's suit, or a suit named in secret, uniformly among those the
    facts allow."""
    if not facts.suit_hidden:
        return -1
    if facts.trump_place >= 0:
        return rnd.deck.suit_of[placed[facts.place_cells[facts.trump_place][0]].bit_length() - 1]
    possible = [x for x in range(rnd.deck.n_suits) if not facts.never >> x & 1]
    return possible[int(rng.random() * len(possible))]


def _holds(facts: _Facts, placed: list[int], trump: int, n: int, suit_of: Any) -> bool:
    """Whether a placement meets the declared rules that the draw does not enforce."""
    if trump >= 0 and facts.never >> trump & 1:
        return False
    for cell in facts.checks.get(-2, ()):  # unseen cuts of tricks over: no trump
        if suit_of[placed[cell].bit_length() - 1] == trump:
            return False
    for x in (-1, trump) if trump >= 0 else (-1,):
        for check in facts.checks.get(x, ()):
            if not (any(meets(c, placed, n) for c in check[1]) if check[0] == "any"
                    else meets(check, placed, n)):
                return False
    return True


def _exact(rnd: Round, facts: _Facts, rng: random.Random) -> tuple[list[int], int]:
    """A uniform placement that respects the forbidden cards of every place, by counting.

    Cards that no forbid mask tells apart form a class (a suit, or part of one where a
    rule names some of its cards). Places that may take the same classes form a group:
    how a group's cards are shared among its places does not depend on which cards they
    are, so counting is over groups and classes only, and a group's cards are then split
    among its places at random. A hidden trump suit is chosen in proportion to its
    number of placements. The counts are kept with the position's facts: later calls
    only draw a path through them."""
    if facts.exact is None:
        deck = rnd.deck
        choices = tuple(x for x in range(deck.n_suits) if not facts.never >> x & 1) \
            if facts.suit_hidden else (-1,)
        tables = exact_tables(facts.pool, [(x, _forbids(rnd, facts, x)) for x in choices],
                              facts.cells, deck.suit_mask)
        if not tables:
            raise TwentyEightError("no deal is consistent with what this seat has seen")
        weights = [table[6] for table in tables]
        facts.exact = tables, weights, sum(weights)
    tables, weights, total = facts.exact
    table = tables[0] if len(tables) == 1 else pick(tables, weights, rng.randrange(total))
    return draw(table, facts.base_cells, rng), table[0]


def _forbids(rnd: Round, facts: _Facts, trump: int) -> list[int]:
    """For each place, the cards it may not take if the trump suit is ``trump`` (-1:
    seen or none): its own, the rules that hold for that suit, and, for the face-down
    trump card, every other suit."""
    extra = facts.extra.get(trump, ())
    out = []
    for kind, who, forbid, _ in facts.slots:
        for k, target, mask in extra:
            if k == kind and target == who:
                forbid |= mask
        if kind == _PLACE and who == facts.trump_place and trump >= 0:
            forbid |= rnd.deck.full_mask & ~rnd.deck.suit_mask[trump]
        out.append(forbid)
    return out


def _build(rnd: Round, facts: _Facts, placed: list[int], trump: int,
           rng: random.Random) -> Round | None:
    """The candidate round for a placement, or ``None`` if a fact the draw does not
    enforce rules it out."""
    n = facts.n
    if facts.checks and not _holds(facts, placed, trump, n, rnd.deck.suit_of):
        return None
    pool = facts.pool_mask
    base_hands = facts.base_hands
    dealt = list(facts.base_dealt)
    hands = list(base_hands)
    for who, a, b in facts.seat_pairs:
        got = (placed[a] | placed[b]) & pool
        hands[who] |= got
        dealt[who] |= got
    for who, cells in facts.seat_cells:
        got = 0
        for cell in cells:
            got |= placed[cell]
        got &= pool
        hands[who] |= got
        dealt[who] |= got
    mapping = {}
    for card, cell, home in facts.subs:
        # A place's card goes back into the packet it was dealt in, and the history.
        got = placed[cell]
        placed[home] |= got
        dealt[home % n] |= got
        mapping[card] = got.bit_length() - 1
    concealed = mapping[facts.places[facts.trump_place].card] \
        if facts.trump_place >= 0 else -1
    seventh: tuple[int, int] | None = None
    card = placed[facts.seventh_cell]
    if card:  # the card that will be turned face down
        seventh = (facts.bidder, card.bit_length() - 1)
        placed[facts.seventh_packet * n + facts.bidder] |= card
    packets = tuple([tuple(placed[p:p + n]) for p in facts.rows])
    choices: list[tuple[int, Action]] = []
    for withdrawn, who, laid, held_packets in facts.withdrawn:
        if laid:
            held = 0
            for row in packets[:held_packets]:
                held |= row[who]
            chosen = rnd.ruleset.trump_choice(
                nth_bit(held, int(rng.random() * held.bit_count())), -1)
        else:
            chosen = rnd.ruleset.trump_choice(-1, int(rng.random() * rnd.deck.n_suits))
        choices.append((withdrawn, chosen))
    new = rebuild(rnd, packets, tuple(dealt), hands, seventh,
                  mapping, concealed, trump,
                  trump >= 0 and bool(facts.other_leads >> trump & 1),
                  facts.trump_index, choices, played=facts.played)
    if facts.checks_due and not facts.replay:  # (a replay runs the checks itself)
        port = port_of(new)
        for check, event in facts.checks_due:
            # The round went on, so no automatic check fired at an event passed.
            if check.automatic(port, event):
                return None
    if facts.replay:
        return _replayed(rnd, facts.seat, new)
    return new


def _replayed(rnd: Round, seat: int, new: Round) -> Round | None:
    """The candidate's history replayed on its deal, or ``None`` if it does not replay
    legally to what ``seat`` saw."""
    fresh = rnd.ruleset.new_round(deal=new.deal, dealer=new.dealer, scores=new.scores)
    try:
        for _, action in deal_state(new).actions:
            fresh.apply(action)
    except (IllegalActionError, ParseError):
        return None
    if fresh.view(seat) != rnd.view(seat):
        return None
    return fresh
