"""``Round.resample(seat, rng)``: determinization (issue 14, item 1).

``rnd.resample(seat)`` is a new, independent round with the same history in which every
card ``seat`` cannot see is dealt again at random, uniformly over the deals consistent
with everything ``seat`` has seen. Checked here over every registered ruleset (the
third-party example plug-in ``twenty-twenty`` included, installed by ``conftest.py``),
every modifier composition (``helpers.compositions()``) and the play options that hide
the most (the seventh card hides the trump from the bidder too):

1. ``resample(seat).view(seat) == view(seat)`` in every phase, for every seat, and the
   original round is unchanged;
2. the history replays legally on the new deal, to the same round;
3. every card ``seat`` can see is where it was; the others are a permutation of the
   hidden cards;
4. the distribution is uniform over the consistent deals: on small positions an oracle
   (below) enumerates every consistent hidden configuration with the engine's own
   replay, and 20,000 samples pass a chi-square test against it;
5. the named constraints of RULES.md (voids, the call, the caller must trump, the
   bidder's lead, the pair, two packs, the auction packet, the seventh card, redeals)
   hold in every resampled deal.

The oracle (:class:`Hidden`) works out what ``seat`` has seen from the seat's own cards
and the history, not from ``resample``: the cards dealt to it (but not an unseen seventh
card), every card played, cards shown (the pair), and the face-down trump card once
exposed or if the seat laid it. The unknown slots are the places in the deal holding
the other cards: each seat's unseen cards, and the face-down trump card on its own (a
card of the bidder's auction packet, or the seventh card dealt); a trump suit named face
down by another seat is unknown too. A candidate fills the slots with one assignment of
the unknown cards (each seat's set in a fixed order, since only sets matter), rewrites
the hidden ``trump`` action to the candidate's card or suit, and replays the history; it
is consistent iff every action is legal and its ``view(seat)`` equals the original's.
The uniformity positions have every card dealt, and the only constraint a deal's packets
carry there is that the face-down card was in the bidder's auction packet: every
configuration then stands for the same number of deals, so uniform over deals is
uniform over configurations. :func:`reference_resample` (rejection from random
assignments) is a slow second sampler, used only to check the oracle.

The positions are found, not written out: :func:`find_position` plays seeded random
rounds (seeds in order, so the same position every run) until a state of play and a
seat show what the test is about (a void, a concealed face-down card, a suit named face
down...) with few enough configurations, of which the constraints rule some out.
Test 5 checks each rule on the resampled deal by its own bookkeeping of who held what
(:func:`play_steps`, from the deal and the history), not by the engine's replay.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy.stats import chisquare

import twentyeight as te
import twentyeight.resample as resample_module
from twentyeight import sharing
from twentyeight.actions import Action, CallTrump, LayTrump, NameTrump, Play, SeventhCard
from twentyeight.inference import NoneOf
from twentyeight.round import Phase, Round
from twentyeight.seat_facts import facts_for

from .helpers import compositions

# ---------------------------------------------------------------- what is covered

PRESETS = te.presets()
COMBINATIONS = compositions()
# The play options that hide the most (RULES.md 2, trump): the seventh card hides the
# face-down card from the bidder too; forced reveal, over-trump, no Jack discard; the
# bidder's lead once trumps were led, early trumps, a void last trick; 40 with an
# indicator (a suit named face down) and its auction after the first packet only.
VARIANTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("28", {"seventh_card": True}),
    ("29", {"seventh_card": True}),
    ("28+double+pair+single-hand", {"seventh_card": True}),
    ("28", {"over_trump": True, "no_jack_discard": True, "reveal_when_void": True}),
    ("28", {"last_trick_unexposed": "void", "early_trumps_count": True,
            "bidder_trump_lead": "after-trump-led"}),
    ("28+double+single-hand", {"c_call": True, "caller_must_trump": False}),
    ("40", {"auction_after": 1, "trump_marker": "indicator"}),
    ("56-six", {"closing_passes": 3}),
    # Issue 19's play rules: the caller-bidder's exposed card and the face-down card to
    # follow with (rosanne, fiftysix), every Jack barred (rosanne), no trump led before
    # one is played (fiftysix 6.3).
    ("28", {"caller_plays_exposed_card": True, "concealed_follow": "expose",
            "no_jack_discard": "strict", "trump_lead_after_trump_played": True}),
    ("56", {"trump_lead_after_trump_played": True}),
)
HOUSE_AUCTIONS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("29", {"held_bid": True}),
    ("28", {"second_auction": 21}),
    ("28+double+pair+single-hand", {"second_auction": 21, "opener_must_bid": False,
                                    "all_pass": "opener-no-trump"}),
)
"""Issue 19's auction options: the held bid, and rajeevmen0n/fiftysix's second auction,
whose new bidder lays a card from the whole hand while the first one's goes back unseen
(so the auction-packet rule below does not hold for them)."""
TARGETS: tuple[tuple[str, dict[str, Any]], ...] = (
    *((name, {}) for name in (*PRESETS, *COMBINATIONS)), *VARIANTS, *HOUSE_AUCTIONS)


def target_id(name: str, options: dict[str, Any]) -> str:
    return name + "".join(f"[{k}={v}]" for k, v in options.items())


TARGET_IDS = [target_id(n, o) for n, o in TARGETS]
RULESETS: dict[str, te.Ruleset] = {}


def ruleset_of(name: str, options: dict[str, Any]) -> te.Ruleset:
    key = target_id(name, options)
    if key not in RULESETS:
        RULESETS[key] = te.ruleset(name, **options)
    return RULESETS[key]


# ---------------------------------------------------------------- the oracle


def bit(rnd: Round, card: Any) -> int:
    return 1 << rnd.deck.card_id(card)


def face_down_choice(rnd: Round) -> tuple[int, int, bool] | None:
    """The face-down trump card from the history: ``(card id, seat that chose it,
    seventh card?)``; ``None`` if the bidder laid none (an indicator, an open trump).
    After a second auction it is the last one laid, the one in force."""
    for who, action in reversed(rnd.history):
        if isinstance(action, LayTrump):
            return rnd.deck.card_id(action.card), who, False
        if isinstance(action, SeventhCard):
            return rnd.deck.card_id(rnd.deal[who][rnd.config.seventh_card_position - 1]), who, True
    return None


def seen_mask(rnd: Round, seat: int) -> int:
    """The cards ``seat`` has seen, from its own cards and the public history: the
    cards dealt to it (not an unseen seventh card), every card played but the cuts
    face down it has not seen (304), cards shown to everyone (the pair), the face-down
    trump card if the seat laid it or once exposed, unless a contract of its own set it
    aside."""
    seen = rnd.dealt_mask(seat) | rnd.shown_mask
    for _, action in rnd.history:
        if isinstance(action, Play):
            seen |= bit(rnd, action.card)
    seen &= ~rnd.face_down_mask(seat)
    chosen = face_down_choice(rnd)
    if chosen is not None and rnd.contract != "bid":
        # A contract of its own (Thunee's Royals, a single hand) set the trump aside:
        # the card went back, never shown, to the hand of the seat that chose it, which
        # now sees it (a later trump the contract opens does not expose it).
        seen |= rnd.hand_mask(seat)
    elif chosen is not None:
        cid, who, seventh = chosen
        if rnd.exposed_at is not None:
            seen |= 1 << cid
        elif rnd.concealed_card is not None and (seat != who or seventh):
            seen &= ~(1 << cid)
    return seen


def hidden_choice(rnd: Round, seat: int) -> int | None:
    """Where in the history is the trump choice ``seat`` did not see: another seat's
    ``trump <card>`` or ``trump <suit>`` while the trump is not exposed."""
    if rnd.exposed_at is not None:
        return None
    for k, (who, action) in enumerate(rnd.history):
        if isinstance(action, (LayTrump, NameTrump)) and who != seat:
            return k
    return None


def hidden_choices(rnd: Round, seat: int) -> set[int]:
    """Every trump choice in the history ``seat`` did not see: :func:`hidden_choice`,
    and another seat's choice a second auction replaced (its card went back unseen);
    and every card cut face down that it has not seen (304); and another seat's action of
    the trump part's secret kinds (the turn-up's ``bury``: a card laid aside)."""
    choices = [k for k, (_, action) in enumerate(rnd.history)
               if isinstance(action, (LayTrump, NameTrump))]
    hidden = {k for k in choices[:-1] if rnd.history[k][0] != seat}
    cuts = rnd.face_down_mask(seat)
    hidden |= {k for k, (_, action) in enumerate(rnd.history)
               if isinstance(action, Play) and cuts >> rnd.deck.card_id(action.card) & 1}
    secret = rnd.config.trump.secret_kinds
    hidden |= {k for k, (who, action) in enumerate(rnd.history)
               if who != seat and type(action) in secret}
    last = hidden_choice(rnd, seat)
    if last is not None:
        hidden.add(last)
    if choices and rnd.exposed_at is None and rnd.history[choices[-1]][0] != seat:
        hidden.add(choices[-1])
    return hidden


def deal_ids(rnd: Round) -> list[list[int]]:
    return [[rnd.deck.card_id(c) for c in hand] for hand in rnd.deal]


def config_key(rnd: Round) -> tuple[Any, ...]:
    """A round's hidden configuration: every seat's dealt cards (a set), the face-down
    trump card and the trump suit (full information; equal for the known parts)."""
    face_down = rnd.concealed_card
    return (tuple(rnd.dealt_mask(s) for s in range(rnd.players)),
            -1 if face_down is None else rnd.deck.card_id(face_down), rnd.trump_suit_index)


class Hidden:
    """What ``seat`` cannot see in ``rnd``, as unknown slots of the deal (see the module
    docstring), and the candidate rounds made by filling them."""

    FACE_DOWN = -1
    """The group key of the face-down trump card's slot."""

    def __init__(self, rnd: Round, seat: int) -> None:
        self.rnd = rnd
        self.seat = seat
        self._view: Any = None
        self.deal = deal_ids(rnd)
        unseen = rnd.deck.full_mask & ~seen_mask(rnd, seat)
        self.choice = hidden_choice(rnd, seat)
        self.suits: tuple[str | None, ...] = (None,)
        self.laid_slot: tuple[int, int] | None = None
        face_down_slot = None
        chosen = face_down_choice(rnd)
        if chosen is not None:
            cid, who, _ = chosen
            slot = (who, self.deal[who].index(cid))
            if unseen >> cid & 1 and rnd.concealed_card is not None:
                face_down_slot = slot
            if self.choice is not None:
                self.laid_slot = slot
        if self.choice is not None and isinstance(rnd.history[self.choice][1], NameTrump):
            self.suits = tuple(rnd.deck.spec.suits)
        groups: dict[int, list[tuple[int, int]]] = {}
        for s, hand in enumerate(self.deal):
            for i, c in enumerate(hand):
                if unseen >> c & 1:
                    key = self.FACE_DOWN if (s, i) == face_down_slot else s
                    groups.setdefault(key, []).append((s, i))
        self.groups = sorted(groups.items())
        self.cards = sorted(c for hand in self.deal for c in hand if unseen >> c & 1)

    @property
    def view(self) -> Any:
        """The seat's view of the original round."""
        if self._view is None:
            self._view = self.rnd.view(self.seat)
        return self._view

    @property
    def candidates(self) -> int:
        """How many hidden configurations there are, consistent or not."""
        count = math.factorial(len(self.cards)) * len(self.suits)
        for _, slots in self.groups:
            count //= math.factorial(len(slots))
        return count

    def assignments(self) -> Iterator[list[tuple[int, ...]]]:
        """Every way to share the unknown cards among the groups (a set each)."""
        def share(k: int, left: tuple[int, ...]) -> Iterator[list[tuple[int, ...]]]:
            if k == len(self.groups):
                yield []
                return
            for chosen in itertools.combinations(left, len(self.groups[k][1])):
                rest = tuple(c for c in left if c not in chosen)
                for tail in share(k + 1, rest):
                    yield [chosen, *tail]
        return share(0, tuple(self.cards))

    def candidate(self, assignment: Sequence[Sequence[int]], suit: str | None) -> Round | None:
        """The round dealt with the unknown slots filled by ``assignment`` (and the
        hidden suit ``suit``), replayed: ``None`` unless every action is legal and the
        seat's view is the original's."""
        deal = [row[:] for row in self.deal]
        for (_, slots), cards in zip(self.groups, assignment, strict=True):
            for (s, i), c in zip(slots, cards, strict=True):
                deal[s][i] = c
        rnd = self.rnd
        deck = rnd.deck
        other = rnd.ruleset.new_round(deal=[[deck.cards[c] for c in row] for row in deal],
                                      dealer=rnd.dealer, scores=rnd.scores)
        try:
            for k, (who, action) in enumerate(rnd.history):
                if k == self.choice:
                    if suit is not None:
                        action = NameTrump(suit)
                    else:
                        assert self.laid_slot is not None
                        s, i = self.laid_slot
                        action = LayTrump(deck.cards[deal[s][i]])
                other.apply(action, seat=who)
        except te.IllegalActionError:
            return None
        return other if other.view(self.seat) == self.view else None

    def consistent(self) -> dict[tuple[Any, ...], Round]:
        """The oracle: every consistent configuration (by :func:`config_key`), by
        exhaustive enumeration."""
        found: dict[tuple[Any, ...], Round] = {}
        for assignment in self.assignments():
            for suit in self.suits:
                other = self.candidate(assignment, suit)
                if other is not None:
                    key = config_key(other)
                    assert key not in found, "two assignments gave one configuration"
                    found[key] = other
        return found


def reference_resample(rnd: Round, seat: int, rng: random.Random,
                       tries: int = 100_000) -> Round:
    """A slow reference sampler (rejection): shuffle the unknown cards into the unknown
    slots and pick a hidden suit at random until the candidate is consistent. Every
    configuration is proposed with the same probability, so what it accepts is
    uniform over the consistent ones. Only used to check the oracle."""
    hidden = Hidden(rnd, seat)
    for _ in range(tries):
        cards = hidden.cards[:]
        rng.shuffle(cards)
        assignment = []
        for _, slots in hidden.groups:
            assignment.append(cards[:len(slots)])
            cards = cards[len(slots):]
        other = hidden.candidate(assignment, rng.choice(hidden.suits))
        if other is not None:
            return other
    raise AssertionError(f"no consistent deal found in {tries} tries")


# ---------------------------------------------------------------- random rounds

Policy = frozenset[str]
"""How the random player chooses: ``hold`` never calls for the trump unless it must,
``call`` always does when it may, ``pair`` shows the pair and ``seventh`` takes the
seventh card whenever offered, ``no-single`` never declares a single hand; otherwise
uniformly among the legal actions."""
POLICIES: tuple[Policy, ...] = (frozenset(), frozenset({"hold"}), frozenset({"call"}),
                                frozenset({"hold", "seventh", "pair", "no-single"}))


def choose(rnd: Round, rng: random.Random, policy: Policy) -> Action:
    acts = list(rnd.legal_actions())
    if "hold" in policy:
        acts = [a for a in acts if not isinstance(a, CallTrump)] or acts
    if "no-single" in policy:
        acts = [a for a in acts if str(a) != "single-hand"] or acts
    for wish, keep in (("call", lambda a: isinstance(a, CallTrump)),
                       ("pair", lambda a: str(a) == "show-pair"),
                       ("seventh", lambda a: isinstance(a, SeventhCard))):
        if wish in policy:
            acts = [a for a in acts if keep(a)] or acts
    return rng.choice(acts)


def walk(rs: te.Ruleset, seed: int, *, dealer: int | None = None, policy: Policy = frozenset(),
         scores: tuple[int, int] | None = None) -> Iterator[Round]:
    """Every state of one random round, from the deal to the end (the live round:
    clone to keep one)."""
    n = rs.config.players
    rnd = rs.new_round(seed=seed, dealer=(seed if dealer is None else dealer) % n,
                       scores=scores)
    rng = random.Random(seed)
    yield rnd
    while not rnd.is_over:
        rnd.apply(choose(rnd, rng, policy))
        yield rnd


def snapshots(rs: te.Ruleset, game: dict[str, Any]) -> list[Round]:
    """States of one random round: the first of each phase and call window (auction,
    trump, calls, play, over), and the steps in ``game["cuts"]``."""
    found = []
    stage: object = None
    for k, rnd in enumerate(walk(rs, game["seed"], dealer=game["dealer"],
                                 policy=game["policy"], scores=game["scores"])):
        now = (rnd.phase, rnd.window, rnd.deal_complete)
        if now != stage or k in game["cuts"]:
            found.append(rnd.clone())
            stage = now
    return found


GAMES = st.fixed_dictionaries({
    "seed": st.integers(0, 2**64 - 1),
    "dealer": st.integers(0, 7),
    "cuts": st.sets(st.integers(1, 100), max_size=3),
    "policy": st.sampled_from(POLICIES),
    "scores": st.sampled_from([None, (0, 0), (3, -2)]),
    "rng": st.integers(0, 2**32 - 1),
})
PROPERTY = settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------- the checks


def history_texts(rnd: Round) -> list[str]:
    return [str(a) for _, a in rnd.history]


def check_same_history(rnd: Round, new: Round, seat: int) -> None:
    """The original's actions, but for the trump choice ``seat`` did not see (the same
    kind of action by the same seat)."""
    hidden = hidden_choices(rnd, seat)
    assert [who for who, _ in new.history] == [who for who, _ in rnd.history]
    for k, ((_, old), (_, fresh)) in enumerate(zip(rnd.history, new.history, strict=True)):
        if k in hidden:
            assert type(fresh) is type(old), (old, fresh)
        else:
            assert fresh == old and str(fresh) == str(old), (k, old, fresh)
    actions = new.record()["actions"]
    assert len(actions) == len(rnd.history)
    for k, (text, old) in enumerate(zip(actions, history_texts(rnd), strict=True)):
        assert text == old or (k in hidden and text.split()[0] == old.split()[0]), (text, old)


def check_view_kept(rnd: Round, seat: int, rng: random.Random) -> Round:
    """Test 1: the seat's view (and its public records) are the same, the original
    round is unchanged, the new round has an explicit deal and is independent."""
    before = rnd.to_json()
    views = [rnd.view(s) for s in range(rnd.players)]
    records = (rnd.public_record(seat), rnd.public_record())
    new = rnd.resample(seat, rng)
    assert isinstance(new, Round) and new is not rnd
    assert new.view(seat) == views[seat]
    assert (new.public_record(seat), new.public_record()) == records
    assert rnd.to_json() == before
    assert [rnd.view(s) for s in range(rnd.players)] == views
    assert new.seed is None and new.dealer == rnd.dealer and new.scores == rnd.scores
    assert new.ruleset.name == rnd.ruleset.name
    assert new.ruleset.changed_options() == rnd.ruleset.changed_options()
    check_same_history(rnd, new, seat)
    return new


def check_replays(rnd: Round, seat: int, rng: random.Random) -> None:
    """Test 2: the history replays legally on the new deal, to the same round."""
    new = rnd.resample(seat, rng)
    again = new.ruleset.new_round(deal=new.deal, dealer=new.dealer, scores=new.scores)
    for who, action in new.history:
        again.apply(action, seat=who)
    assert again.to_json() == new.to_json()
    assert [again.view(s) for s in range(new.players)] == [
        new.view(s) for s in range(new.players)]
    assert again.legal_actions() == new.legal_actions()
    assert again.phase is new.phase and again.to_act == new.to_act
    # and from its record, by text
    assert Round.from_json(new.to_json()).to_json() == new.to_json()


def check_cards(rnd: Round, seat: int, rng: random.Random) -> None:
    """Test 3: every card the seat has seen is where it was (dealt to the same seat,
    held or played as before); the others are the original's hidden cards, dealt
    again; the deal is the deck."""
    seen = seen_mask(rnd, seat)
    new = rnd.resample(seat, rng)
    deck = rnd.deck
    assert seen_mask(new, seat) == seen
    ids = deal_ids(new)
    assert sorted(c for hand in ids for c in hand) == list(range(deck.size))
    assert [len(h) for h in ids] == [len(h) for h in deal_ids(rnd)]
    for s in range(rnd.players):
        assert new.dealt_mask(s) & seen == rnd.dealt_mask(s) & seen, s
        assert new.held_mask(s) & seen == rnd.held_mask(s) & seen, s
        assert new.hand_mask(s) & seen == rnd.hand_mask(s) & seen, s
        assert new.dealt_mask(s).bit_count() == rnd.dealt_mask(s).bit_count()
        assert new.held_mask(s).bit_count() == rnd.held_mask(s).bit_count()
    unseen = deck.full_mask & ~seen
    old_hidden = sorted(c for hand in deal_ids(rnd) for c in hand if unseen >> c & 1)
    new_hidden = sorted(c for hand in ids for c in hand if unseen >> c & 1)
    assert new_hidden == old_hidden
    assert new.shown_mask == rnd.shown_mask
    trump = rnd.view(seat)["trump"]
    if trump is not None and trump.get("suit") is not None:
        assert new.trump_suit == rnd.trump_suit
        if "card" in trump:
            assert new.concealed_card == rnd.concealed_card


# ---------------------------------------------------------------- tests 1-3


def at_every_seat(name: str, options: dict[str, Any], game: dict[str, Any],
                  check: Callable[[Round, int, random.Random], None]) -> None:
    """``check(rnd, seat, rng)`` for every seat at every snapshot of ``game``."""
    rng = random.Random(game["rng"])
    for rnd in snapshots(ruleset_of(name, options), game):
        for seat in range(rnd.players):
            check(rnd, seat, rng)


@pytest.mark.parametrize(("name", "options"), TARGETS, ids=TARGET_IDS)
@PROPERTY
@given(game=GAMES)
def test_resample_keeps_the_seats_view(name: str, options: dict[str, Any],
                                       game: dict[str, Any]) -> None:
    """Test 1: ``resample(seat).view(seat) == view(seat)`` (and the seat's public
    records) at states of every phase, for every seat, not only the one to act; the
    original round's ``to_json()`` and views are unchanged; the new round has an
    explicit deal, the same dealer, scores and ruleset, and the original's history but
    for the trump choice the seat did not see."""
    at_every_seat(name, options, game, check_view_kept)


@pytest.mark.parametrize(("name", "options"), TARGETS, ids=TARGET_IDS)
@PROPERTY
@given(game=GAMES)
def test_resample_history_replays_on_the_new_deal(name: str, options: dict[str, Any],
                                                  game: dict[str, Any]) -> None:
    """Test 2: a fresh round from the new deal (``new_round(deal=...)``) takes every
    action of the new history, each checked against the seat to act, and is the
    resampled round: same ``to_json()``, every seat's view, the legal actions."""
    at_every_seat(name, options, game, check_replays)


@pytest.mark.parametrize(("name", "options"), TARGETS, ids=TARGET_IDS)
@PROPERTY
@given(game=GAMES)
def test_resample_moves_only_the_cards_the_seat_has_not_seen(
        name: str, options: dict[str, Any], game: dict[str, Any]) -> None:
    """Test 3: the cards the seat has seen (its own, played, shown, the face-down card
    it laid or once exposed) stay where they were; the hidden ones are a permutation of
    the original's hidden cards; the deal holds the deck, each card once."""
    at_every_seat(name, options, game, check_cards)


# ---------------------------------------------------------------- test 4: uniformity


def voids_shown(rnd: Round) -> list[tuple[int, int]]:
    """``(seat, suit index)`` for every failure to follow suit so far (RULES.md 1: follow
    suit if able) and every call for the trump (RULES.md 2, trump: only when void)."""
    deck = rnd.deck
    size = rnd.active_mask.bit_count()
    found = []
    played = 0
    led = -1
    for who, action in rnd.history:
        if isinstance(action, Play):
            suit = deck.suit_of[deck.card_id(action.card)]
            if played % size == 0:
                led = suit
            elif suit != led:
                found.append((who, led))
            played += 1
        elif isinstance(action, CallTrump) and played % size:
            found.append((who, led))
    return found


def voids_constrain(rnd: Round, seat: int, hidden: Hidden) -> bool:
    """Another seat with hidden cards has shown a void in a suit of which some hidden
    card is left."""
    deck = rnd.deck
    others = {key for key, _ in hidden.groups}
    suits = {deck.suit_of[c] for c in hidden.cards}
    return any(s != seat and s in others and suit in suits for s, suit in voids_shown(rnd))


def face_down_hidden(rnd: Round, seat: int, hidden: Hidden) -> bool:
    return any(key == Hidden.FACE_DOWN for key, _ in hidden.groups)


def blind_bidder(rnd: Round, seat: int, hidden: Hidden) -> bool:
    """The seat is the bidder whose face-down card is the unseen seventh card."""
    return seat == rnd.bidder and face_down_hidden(rnd, seat, hidden)


def suit_named_face_down(rnd: Round, seat: int, hidden: Hidden) -> bool:
    """The trump suit was named face down by another seat, and the bidder has led a
    trick since (which can rule suits out: RULES.md 2, the bidder may not lead trump)."""
    return len(hidden.suits) > 1 and any(t.leader == rnd.bidder for t in rnd.tricks)


def anything(rnd: Round, seat: int, hidden: Hidden) -> bool:
    return True


Want = Callable[[Round, int, Hidden], bool]


def find_position(name: str, options: dict[str, Any], want: Want, policy: Policy, *,
                  most: int = 2500, fewest: int = 8, largest: int = 500,
                  seeds: Sequence[int] = range(400)
                  ) -> tuple[Hidden, dict[tuple[Any, ...], Round]]:
    """The first state of play (over seeded random rounds of ``policy``) and seat where
    ``want`` holds, with at most ``most`` hidden configurations of which ``fewest`` to
    ``largest`` are consistent, fewer than all: the oracle and its consistent
    configurations. Deterministic: the seeds are tried in order."""
    rs = ruleset_of(name, options)
    for seed in seeds:
        for rnd in walk(rs, seed, policy=policy):
            if rnd.phase is not Phase.PLAY:
                continue
            held = [rnd.held_mask(s).bit_count() for s in range(rnd.players)]
            for seat in range(rnd.players):
                if sum(held) - held[seat] > 10:  # too many hidden cards: skip quickly
                    continue
                hidden = Hidden(rnd, seat)
                if not 2 <= hidden.candidates <= most or not want(rnd, seat, hidden):
                    continue
                hidden = Hidden(rnd.clone(), seat)
                found = hidden.consistent()
                if fewest <= len(found) <= min(largest, hidden.candidates - 1):
                    return hidden, found
    raise AssertionError(f"no position of {name} {options} in seeds {seeds}")


def voids_without_cuts(rnd: Round, seat: int, hidden: Hidden) -> bool:
    """Voids constrain, and no card cut face down is hidden from the seat (the oracle
    keeps the history's cards where they were played)."""
    return voids_constrain(rnd, seat, hidden) and not rnd.face_down_mask(seat)


def part_suit_fact(rnd: Round, seat: int, hidden: Hidden) -> bool:
    """A declared fact forbids another seat part of a suit (a lower trump under the
    over-trump rule: no higher trump), which the exact sampler counts as classes."""
    deck = rnd.deck
    for _, rule in facts_for(rnd, seat).rules:
        if isinstance(rule, NoneOf) and rule.who != seat and any(
                0 != rule.mask & m != m for m in deck.suit_mask):
            return True
    return False


def pair_shown(rnd: Round, seat: int, hidden: Hidden) -> bool:
    """A pair was shown (its cards still held are known to everyone)."""
    return rnd.shown_mask != 0


# (label, ruleset, options, what the position must show, policy, most candidates, seeds)
UNIFORM: tuple[tuple[str, str, dict[str, Any], Want, Policy, int, range], ...] = (
    ("28-voids", "28", {}, voids_constrain, frozenset(), 2500, range(400)),
    ("28-concealed", "28", {}, face_down_hidden, frozenset({"hold"}), 700, range(400)),
    ("28-seventh-card-bidder", "28", {"seventh_card": True}, blind_bidder,
     frozenset({"hold", "seventh"}), 2500, range(400)),
    ("28-bands", "28-bands", {}, voids_constrain, frozenset(), 2500, range(100, 500)),
    ("28-bengal-pair", "28-bengal", {}, pair_shown, frozenset({"pair"}), 2500, range(400)),
    ("28six", "28six", {}, voids_constrain, frozenset(), 2500, range(400)),
    ("29-suit-named-face-down", "29", {}, suit_named_face_down, frozenset({"hold"}), 400,
     range(400)),
    ("40", "40", {}, voids_constrain, frozenset(), 2500, range(400)),
    ("56", "56", {}, voids_constrain, frozenset(), 2500, range(400)),
    ("56-six", "56-six", {}, voids_constrain, frozenset(), 2500, range(400)),
    ("56-eight", "56-eight", {}, voids_constrain, frozenset(), 2500, range(400)),
    ("twenty-twenty", "twenty-twenty", {}, voids_constrain, frozenset(), 2500, range(400)),
    # Issue 36: presets that were resampled by replay, now drawn from declared facts.
    ("28-bands-over-trump", "28-bands", {}, part_suit_fact, frozenset(), 2500, range(400)),
    ("304", "304", {}, voids_without_cuts, frozenset(), 2500, range(400)),
    ("thunee", "thunee", {}, voids_constrain, frozenset(), 2500, range(400)),
)
UNIFORM_IDS = [spec[0] for spec in UNIFORM]
SAMPLES = 20_000
SAMPLE_SEED = 20_240_614
P_MIN = 0.001
_POSITIONS: dict[str, tuple[Hidden, dict[tuple[Any, ...], Round]]] = {}


def uniform_position(label: str) -> tuple[Hidden, dict[tuple[Any, ...], Round]]:
    if label not in _POSITIONS:
        _, name, options, want, policy, most, seeds = UNIFORM[UNIFORM_IDS.index(label)]
        _POSITIONS[label] = find_position(name, options, want, policy, most=most,
                                          seeds=seeds)
    return _POSITIONS[label]


def goodness_of_fit(samples: Counter[tuple[Any, ...]],
                    found: dict[tuple[Any, ...], Round]) -> float:
    """Every sample is a consistent configuration; the p-value of the chi-square test
    of the counts against the uniform distribution over the consistent ones."""
    stray = [key for key in samples if key not in found]
    assert not stray, f"{len(stray)} sampled configurations are not consistent"
    return float(chisquare([samples[key] for key in found]).pvalue)


@pytest.mark.parametrize("label", UNIFORM_IDS)
def test_resample_is_uniform_over_the_consistent_deals(label: str) -> None:
    """Test 4: at a late position (every card dealt; a few tricks left) the oracle
    enumerates every hidden configuration (each other seat's cards, the face-down card,
    a suit named face down) and keeps those whose replay is legal with the seat's view
    unchanged; 20,000 ``resample(seat, rng)`` samples (one ``random.Random`` of a fixed
    seed) all fall among them, and their counts pass a chi-square test against the
    uniform distribution (p > 0.001). The positions: voids shown (28), the trump still
    concealed from the seat (28), the unseen seventh card for its bidder (28 option), a
    suit named face down (29), a shown pair (28-bengal), and one of every other preset,
    the third party's ``twenty-twenty`` included."""
    assert_uniform(label)


def assert_uniform(label: str) -> None:
    """``resample`` at the position ``label`` draws every consistent configuration, and
    uniformly (see test 4)."""
    hidden, found = uniform_position(label)
    rnd, seat = hidden.rnd, hidden.seat
    assert config_key(rnd) in found  # the oracle keeps the real deal
    assert 2 <= len(found) < hidden.candidates
    before = rnd.to_json()
    rng = random.Random(SAMPLE_SEED)
    samples: Counter[tuple[Any, ...]] = Counter()
    view = hidden.view
    for k in range(SAMPLES):
        new = rnd.resample(seat, rng)
        if k < 50:
            assert new.view(seat) == view
        samples[config_key(new)] += 1
    assert rnd.to_json() == before
    assert len(samples) == len(found), (
        f"{label}: only {len(samples)} of the {len(found)} consistent configurations drawn")
    p = goodness_of_fit(samples, found)
    assert p > P_MIN, (f"{label}: {len(samples)} of {len(found)} configurations drawn, "
                       f"chi-square p = {p:.2e}")


@pytest.mark.parametrize("paths", [True, False], ids=["paths", "walk"])
@pytest.mark.parametrize("label", ["28-voids", "28-concealed", "29-suit-named-face-down",
                                   "56", "28-bands-over-trump"])
def test_resample_exact_sampler_is_uniform(label: str, paths: bool,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Test 4 with every draw made by the exact counts (no proposals), its paths drawn
    at once from the list of every path or, where they are too many to list, suit by
    suit."""
    monkeypatch.setattr(resample_module, "_PROPOSALS", 0)
    if not paths:
        monkeypatch.setattr(sharing, "MAX_PATHS", 0)
    hidden, _ = uniform_position(label)
    # Counts kept from another test are set aside, and these are not kept for the next.
    monkeypatch.setattr(hidden.rnd, "_resample_facts", None)
    assert_uniform(label)


def test_oracle_agrees_with_the_rejection_reference() -> None:
    """The oracle's own check: on a small position, the slow reference sampler
    (rejection from uniformly random assignments, independent of the enumeration) only
    draws configurations the oracle found consistent, and draws them uniformly."""
    hidden, found = find_position("28", {}, voids_constrain, frozenset(), most=120,
                                  fewest=10, largest=60)
    rng = random.Random(7)
    samples = Counter(config_key(reference_resample(hidden.rnd, hidden.seat, rng))
                      for _ in range(40 * len(found)))
    assert goodness_of_fit(samples, found) > P_MIN
    assert set(samples) == set(found)


# ---------------------------------------------------------------- test 5: named constraints


class Step:
    """One action of the play phase and what its player held then, worked out from the
    deal and the history alone (not by the engine): ``hand`` the cards that count for
    following suit (a face-down trump card does not), ``led`` the suit led in the trick
    (``None`` when leading), ``trump`` the trump suit index (-1: none) and whether it
    was ``exposed``."""

    __slots__ = ("action", "bidder", "exposed", "hand", "led", "trump", "trumps_led", "who")

    def __init__(self, **fields: Any) -> None:
        for key, value in fields.items():
            setattr(self, key, value)

    who: int
    action: Action
    hand: int
    led: int | None
    trump: int
    exposed: bool
    bidder: int | None
    trumps_led: bool


def play_steps(new: Round) -> Iterator[Step]:
    """Each ``play`` and ``call-trump`` (and plug-in call in the play) of ``new``'s
    history, with what its player held: a replay of the rules' bookkeeping, not of the
    engine."""
    deck = new.deck
    deal = deal_ids(new)
    held = [sum(1 << c for c in row) for row in deal]
    size = new.active_mask.bit_count()
    face_down = -1
    trump = -1
    exposed = new.config.trump_marker == "open"
    # An exposure by rule or by a cut at the end of a trick (304) shows in no action.
    exposed_at = new.exposed_at
    cuts = new.config.cut_mode == "face-down"
    if exposed:
        trump = new.trump_suit_index
    bidder: int | None = None
    trumps_led = False
    played = 0
    laid = 0
    led: int | None = None
    for who, action in new.history:
        if isinstance(action, LayTrump):
            face_down, bidder = deck.card_id(action.card), who
            trump = deck.suit_of[face_down]
        elif isinstance(action, NameTrump):
            trump, bidder = deck.spec.suits.index(action.suit), who
        elif isinstance(action, SeventhCard):
            face_down, bidder = deal[who][new.config.seventh_card_position - 1], who
            trump = deck.suit_of[face_down]
        elif str(action) == "single-hand":
            face_down, trump, bidder = -1, -1, who
        elif type(action) in new.config.trump.secret_kinds:
            # A trump part's own choice (the turn-up's bury): it lays a card aside and
            # sets the trump it names in no action (every view says which).
            laid |= 1 << deck.card_id(action.card)  # type: ignore[attr-defined]
            trump = new.trump_suit_index if new.contract == "bid" else trump
        elif new.deal_complete and (isinstance(action, (Play, CallTrump)) or played):
            if exposed_at is not None and not isinstance(action, CallTrump) \
                    and divmod(played, size) >= exposed_at:
                exposed = True  # (a call exposes the trump as it is made: below)
            hand = held[who]
            if isinstance(action, Play):
                hand &= ~laid  # a card laid aside is held, but out of the hand to play
            if face_down >= 0 and not exposed:
                hand &= ~(1 << face_down)
            yield Step(who=who, action=action, hand=hand, led=led, trump=trump,
                       exposed=exposed, bidder=bidder, trumps_led=trumps_led)
            if isinstance(action, CallTrump):
                exposed = True
            elif isinstance(action, Play):
                card = deck.card_id(action.card)
                if card == face_down and not (cuts and led is not None
                                              and deck.suit_of[card] != led):
                    exposed = True  # (a cut with it exposes it only as the trick ends)
                held[who] &= ~(1 << card)
                if played % size == 0:
                    led = deck.suit_of[card]
                    trumps_led |= led == trump and who != bidder
                played += 1
                if played % size == 0:
                    led = None


Constraint = Callable[[Round, int], int]
"""Checks a resampled round against one rule; returns how many times the rule said
something about a seat other than the one resampled for (asserting it held)."""


def voids_hold(new: Round, seat: int) -> int:
    """RULES.md 1: follow suit if able (the face-down card does not count, RULES.md 2):
    whoever played another suit held none of the suit led."""
    told = 0
    for step in play_steps(new):
        if isinstance(step.action, Play) and step.led is not None and \
                new.deck.suit_of[new.deck.card_id(step.action.card)] != step.led:
            assert step.hand & new.deck.suit_mask[step.led] == 0, (step.who, step.action)
            told += step.who != seat
    return told


def calls_need_a_void(new: Round, seat: int) -> int:
    """RULES.md 2, trump: a player calls for the trump only when void in the suit led
    (a bidder left with only the unseen seventh card turns it up)."""
    told = 0
    for step in play_steps(new):
        if isinstance(step.action, CallTrump):
            if step.led is None:
                assert step.hand == 0
            else:
                assert step.hand & new.deck.suit_mask[step.led] == 0, step.who
            told += step.who != seat
    return told


def caller_trumps(new: Round, seat: int) -> int:
    """RULES.md 2, trump, "caller must play trump: yes if holding one" (28): a caller
    whose next card is not a trump holds no trump."""
    told = 0
    caller = None
    for step in play_steps(new):
        if isinstance(step.action, CallTrump):
            caller = step.who
        elif isinstance(step.action, Play) and step.who == caller:
            caller = None
            if new.deck.suit_of[new.deck.card_id(step.action.card)] != step.trump:
                assert step.hand & new.deck.suit_mask[step.trump] == 0, step.who
                told += step.who != seat
    return told


def bidder_leads_trump_only_with_trumps(new: Round, seat: int) -> int:
    """RULES.md 2, trump, "bidder may not lead trump before exposure" (28, 29): a bidder
    who led a card of the concealed trump suit held nothing else (with
    ``after-trump-led``: unless another player had led a trump). Each lead by the
    bidder while the trump is concealed counts: its suit is not the trump, or the bidder
    held only trumps."""
    policy = new.config.bidder_trump_lead
    blind = any(isinstance(a, SeventhCard) for _, a in new.history)
    told = 0
    for step in play_steps(new):
        if (not isinstance(step.action, Play) or step.led is not None
                or step.who != step.bidder or step.exposed or step.trump < 0 or blind
                or policy == "any" or (policy == "after-trump-led" and step.trumps_led)):
            continue
        if new.deck.suit_of[new.deck.card_id(step.action.card)] == step.trump:
            assert step.hand & ~new.deck.suit_mask[step.trump] == 0, step.action
        told += step.who != seat
    return told


def pair_was_held(new: Round, seat: int) -> int:
    """RULES.md 2, modifiers, pair: who showed the pair held the King and Queen of
    trumps, and shown cards stay with that seat."""
    deck = new.deck
    told = 0
    for step in play_steps(new):
        if str(step.action) == "show-pair":
            pair = (deck.rank_mask("K") | deck.rank_mask("Q")) & deck.suit_mask[step.trump]
            assert step.hand & pair == pair, step.who
            # (The pair's cards: another part may show cards too, the turn-up's card.)
            assert new.shown_mask & pair & ~new.dealt_mask(step.who) == 0
            told += step.who != seat
    return told


def two_packs(new: Round, seat: int) -> int:
    """RULES.md 2, deck: 56 uses two packs: each card twice, each copy dealt exactly
    once (test 3 checks that a copy the seat has seen, ``JS`` or ``JS#2``, keeps its
    place); counts the hidden cards whose twin the seat has seen."""
    cards = [c for hand in new.deal for c in hand]
    assert len(cards) == len(set(cards)) == new.deck.size
    twice = Counter((c.rank, c.suit) for c in cards)
    assert set(twice.values()) == {new.deck.spec.copies}
    if seat < 0:
        return len(cards)
    seen = seen_mask(new, seat)
    seen_faces = {(c.rank, c.suit) for c in cards if seen >> new.deck.card_id(c) & 1}
    return sum(1 for c in cards
               if not seen >> new.deck.card_id(c) & 1 and (c.rank, c.suit) in seen_faces)


def face_down_from_the_auction_packet(new: Round, seat: int) -> int:
    """RULES.md 2, deck (``deal_schedule``: 4, the auction, then 4) and trump
    (``hand_card``: the bidder lays a card from the hand): the face-down card was among
    the cards the bidder held in the auction."""
    cfg = new.config
    before = sum(cfg.deal_packets[:cfg.auction_after])
    told = 0
    choices = [(who, a) for who, a in new.history if isinstance(a, LayTrump)]
    for k, (who, action) in enumerate(choices):
        # A trump chosen anew after a second auction, held once every card is dealt
        # (304's R9, the second_auction option), may be any of the bidder's cards.
        assert action.card in new.deal[who][:before if k == 0 else len(new.deal[who])]
        if new.concealed_card is not None and k == len(choices) - 1:
            assert new.concealed_card == action.card
        told += who != seat
    return told


def seventh_card_dealt_seventh(new: Round, seat: int) -> int:
    """RULES.md 2, trump, seventh card: the face-down card is the seventh card dealt to
    the bidder (the card at ``seventh_card_position``: Thunee's last card)."""
    told = 0
    for who, action in new.history:
        if isinstance(action, SeventhCard) and new.deal_complete:
            if new.concealed_card is not None:
                assert new.concealed_card == new.deal[who][new.config.seventh_card_position - 1]
            told += 1
    return told


def single_suit_opener_did_not_bid(new: Round, seat: int) -> int:
    """RULES.md 2, auction, 40: the opener may not bid holding a single-suit hand (the
    cards dealt before the auction)."""
    cfg = new.config
    opener = new.opener
    first = next((a for who, a in new.history if who == opener), None)
    if first is None or not str(first).startswith("bid"):
        return 0
    held = sum(1 << new.deck.card_id(c)
               for c in new.deal[opener][:sum(cfg.deal_packets[:cfg.auction_after])])
    assert not any(held & ~m == 0 for m in new.deck.suit_mask)
    return int(opener != seat)


def redeal_checks_did_not_fire(new: Round, seat: int) -> int:
    """RULES.md 2, modifiers, redeal checks: a deal that went on past the complete deal
    has no hand with every Jack nor of one suit; past the exposure, the bidder's
    opponents were dealt a trump."""
    rules = next(p for p in new.config.plugins if p.name == "redeal")
    deck = new.deck
    annulled = new.result.annulled if new.result is not None else None
    told = 0
    # The checks of the complete deal run once the trump is chosen and its call windows
    # close: before that (28six deals every card before the auction), a hand of four
    # Jacks is still possible.
    checked = (new.phase is Phase.PLAY or (new.phase is Phase.OVER and bool(new.tricks))
               or new.reopened_bid is not None
               or (new.phase is Phase.CALLS and new._window_event != "trump-chosen"))
    if new.deal_complete and checked and annulled not in ("four-jacks", "one-suit-hand"):
        for s in range(new.players):
            dealt = new.dealt_mask(s)
            jacks = deck.rank_mask("J")
            if rules.redeal_four_jacks:
                assert dealt & jacks != jacks
            if rules.redeal_one_suit_hand:
                assert all(dealt & ~m for m in deck.suit_mask)
            told += s != seat
    if (rules.redeal_bidding_side_all_trumps and new.exposed_at is not None
            and new.trump_suit_index >= 0 and annulled != "bidding-side-all-trumps"
            and new.config.trump_marker != "open"):
        trumps = deck.suit_mask[new.trump_suit_index]
        bidder = new.bidder
        assert bidder is not None
        assert any(new.dealt_mask(s) & trumps for s in range(new.players)
                   if (s ^ bidder) & 1)
        told += 1
    return told


def check_constraint(constraint: Constraint, name: str, options: dict[str, Any],
                     policy: Policy, *, wanted: int = 3,
                     seeds: Sequence[int] = range(1000, 1400)) -> int:
    """``constraint`` in rounds resampled for every seat (twice) at states of the first
    ``wanted`` seeded random rounds where the rule comes into play (every fifth step
    and the end, from the first step where it does); returns how often it told something
    about the hidden cards of another seat than the one resampled for."""
    rs = ruleset_of(name, options)
    rng = random.Random(3)
    told = rounds = 0
    policy |= {"no-single"}  # the rules below are about contracts with a trump
    for seed in seeds:
        states = [rnd.clone() for k, rnd in enumerate(walk(rs, seed, policy=policy))
                  if k % 5 == 4 or rnd.is_over]
        states = [rnd for rnd in states if constraint(rnd, -1) > 0]
        if not states:
            continue
        for rnd in states:
            for seat in range(rnd.players):
                for _ in range(2):
                    told += constraint(rnd.resample(seat, rng), seat)
        rounds += 1
        if rounds == wanted:
            return told
    raise AssertionError(f"the rule came into play in only {rounds} rounds of {name}")


def richest(preset: str) -> str:
    """The composition of ``preset`` with the most modifiers."""
    return max((n for n in COMBINATIONS if n.split("+")[0] == preset),
               key=lambda n: n.count("+"), default=preset)


# Each named rule is checked in the presets, the play options and each preset's richest
# composition where it applies (tests 1-3 cover every composition).
NAMED: tuple[tuple[str, dict[str, Any]], ...] = (
    *((p, {}) for p in PRESETS), *VARIANTS,
    *((r, {}) for r in dict.fromkeys(richest(p) for p in PRESETS) if r not in PRESETS))


def _targets_where(keep: Callable[[te.Ruleset], bool]) -> list[tuple[str, dict[str, Any]]]:
    return [(n, o) for n, o in NAMED if keep(ruleset_of(n, o))]


def _plugin(rs: te.Ruleset, name: str) -> bool:
    return any(p.name == name for p in rs.config.plugins)


_CONCEALABLE = ("hand-card", "indicator")
"""Markers whose trump starts concealed (not 56's open bid, not the turn-up's card)."""
ALL_NAMED = _targets_where(lambda rs: True)
CONCEALED = _targets_where(lambda rs: rs.config.trump_marker in _CONCEALABLE
                          and rs.config.cut_mode == "call"  # (304 cuts: no call)
                          and not _plugin(rs, "show-trump-after-first-card"))  # (Thunee)
CALLER_MUST_TRUMP = _targets_where(lambda rs: rs.config.caller_must_trump
                                   and rs.config.trump_marker in _CONCEALABLE
                                   and rs.config.cut_mode == "call"
                                   and not _plugin(rs, "show-trump-after-first-card"))
LEAD_RULE = _targets_where(lambda rs: rs.config.trump_marker in _CONCEALABLE
                           and rs.config.bidder_trump_lead != "any")
WITH_PAIR = _targets_where(lambda rs: _plugin(rs, "pair"))
TWO_PACKS = _targets_where(lambda rs: rs.deck.spec.copies > 1)
HAND_CARD = _targets_where(lambda rs: rs.config.trump_marker == "hand-card")
SEVENTH = _targets_where(lambda rs: rs.config.seventh_card)
FORTY = _targets_where(lambda rs: rs.name.split("+")[0] == "40")
WITH_REDEAL = _targets_where(lambda rs: _plugin(rs, "redeal"))


def ids(targets: Sequence[tuple[str, dict[str, Any]]]) -> list[str]:
    return [target_id(n, o) for n, o in targets]


@pytest.mark.parametrize(("name", "options"), ALL_NAMED, ids=ids(ALL_NAMED))
def test_resample_voids_shown_by_a_discard(name: str, options: dict[str, Any]) -> None:
    """RULES.md 1 (follow suit if able): a player who played another suit held none of
    the suit led, in every resampled deal."""
    assert check_constraint(voids_hold, name, options, frozenset()) > 0


@pytest.mark.parametrize(("name", "options"), CONCEALED, ids=ids(CONCEALED))
def test_resample_call_trump_needs_a_void(name: str, options: dict[str, Any]) -> None:
    """RULES.md 2, trump (a call only when void in the suit led): a caller held none of
    the suit led, in every resampled deal."""
    assert check_constraint(calls_need_a_void, name, options, frozenset({"call"})) > 0


@pytest.mark.parametrize(("name", "options"), CALLER_MUST_TRUMP, ids=ids(CALLER_MUST_TRUMP))
def test_resample_caller_must_trump(name: str, options: dict[str, Any]) -> None:
    """RULES.md 2, trump, "caller must play trump: yes if holding one" (28; rule
    ``caller-must-trump``): a caller who then played another suit holds no trump, in
    every resampled deal."""
    assert check_constraint(caller_trumps, name, options, frozenset()) > 0


@pytest.mark.parametrize(("name", "options"), LEAD_RULE, ids=ids(LEAD_RULE))
def test_resample_bidder_may_not_lead_trump(name: str, options: dict[str, Any]) -> None:
    """RULES.md 2, trump, "bidder may not lead trump before exposure" (rule
    ``bidder-may-not-lead-trump``): a bidder who led the concealed trump suit held
    nothing else, in every resampled deal (the suit unknown to the others)."""
    assert check_constraint(bidder_leads_trump_only_with_trumps, name, options,
                            frozenset({"hold"})) > 0


@pytest.mark.parametrize(("name", "options"), WITH_PAIR, ids=ids(WITH_PAIR))
def test_resample_pair_shown_stays_with_its_holder(name: str, options: dict[str, Any]) -> None:
    """RULES.md 2, modifiers, pair (28-bengal, 29 and the ``pair`` modifier): who showed
    the pair held the King and Queen of trumps, and the shown cards stay with that
    seat, in every resampled deal."""
    assert check_constraint(pair_was_held, name, options, frozenset({"pair"})) > 0


@pytest.mark.parametrize(("name", "options"), TWO_PACKS, ids=ids(TWO_PACKS))
def test_resample_two_packs_deal_each_copy_once(name: str, options: dict[str, Any]) -> None:
    """RULES.md 2, deck (56, 56-six, 56-eight: two packs): every card twice, each copy
    dealt exactly once, also where the seat has seen one copy and not the other."""
    assert check_constraint(two_packs, name, options, frozenset(), wanted=1) > 0


@pytest.mark.parametrize(("name", "options"), HAND_CARD, ids=ids(HAND_CARD))
def test_resample_face_down_card_from_the_auction_packet(name: str,
                                                         options: dict[str, Any]) -> None:
    """RULES.md 2, deck (``deal_schedule``) and trump (``hand_card``): the rewritten
    ``trump <card>`` names a card the bidder held in the auction, the face-down one."""
    assert check_constraint(face_down_from_the_auction_packet, name, options,
                            frozenset({"hold"})) > 0


@pytest.mark.parametrize(("name", "options"), SEVENTH, ids=ids(SEVENTH))
def test_resample_seventh_card_is_the_seventh_dealt(name: str,
                                                    options: dict[str, Any]) -> None:
    """RULES.md 2, trump, seventh card: the face-down card is the bidder's seventh card
    in every resampled deal, for the bidder too (who has not seen it)."""
    assert check_constraint(seventh_card_dealt_seventh, name, options,
                            frozenset({"hold", "seventh"})) > 0


@pytest.mark.parametrize(("name", "options"), FORTY, ids=ids(FORTY))
def test_resample_40_single_suit_opener_may_not_bid(name: str,
                                                   options: dict[str, Any]) -> None:
    """RULES.md 2, auction, 40 (the opener may not bid holding a single-suit hand): an
    opener who bid holds two suits at least in every resampled deal (with
    ``auction_after=1``: in the first packet)."""
    assert check_constraint(single_suit_opener_did_not_bid, name, options, frozenset()) > 0


@pytest.mark.parametrize(("name", "options"), WITH_REDEAL, ids=ids(WITH_REDEAL))
def test_resample_redeal_checks_do_not_fire(name: str, options: dict[str, Any]) -> None:
    """RULES.md 2, modifiers, redeal checks (automatic ones): a deal that went on has
    no four Jacks or one-suit hand, and the bidder's opponents hold a trump, in every
    resampled deal."""
    assert check_constraint(redeal_checks_did_not_fire, name, options, frozenset()) > 0


# ---------------------------------------------------------------- explicit cases


def first_state(rs: te.Ruleset, seed: int, policy: Policy,
                when: Callable[[Round], bool]) -> Round:
    """A copy of the first state of seeded random rounds (from ``seed`` on) where
    ``when`` holds."""
    for k in range(seed, seed + 300):
        for rnd in walk(rs, k, policy=policy):
            if when(rnd):
                return rnd.clone()
    raise AssertionError("no such state")


@pytest.mark.parametrize("seat", [-1, 4, 99, True, False, 1.0, "0", None, 2**70])
def test_resample_refuses_a_bad_seat(seat: Any) -> None:
    """A seat that is not a seat of the round (not a whole number, ``True`` and ``1.0``
    included, or out of range) raises ``SeatError`` and changes nothing."""
    rnd = first_state(ruleset_of("28", {}), 0, frozenset(), lambda r: len(r.tricks) == 2)
    before = rnd.to_json()
    with pytest.raises(te.SeatError):
        rnd.resample(seat)
    with pytest.raises(te.SeatError):
        rnd.resample(seat, random.Random(1))
    assert rnd.to_json() == before


@pytest.mark.parametrize("name", PRESETS)
def test_resample_deals_the_hidden_cards_afresh(name: str) -> None:
    """At the opening call, with most cards unseen, resamples differ from each other
    and from the real deal (a resample is not a copy), the default ``rng`` included;
    the seat's own cards never move, its cards still to come may."""
    rnd = ruleset_of(name, {}).new_round(seed=5, dealer=0)
    seat = rnd.to_act
    assert seat is not None
    rng = random.Random(11)
    deals = {tuple(map(tuple, deal_ids(rnd.resample(seat, rng)))) for _ in range(8)}
    deals.add(tuple(map(tuple, deal_ids(rnd.resample(seat)))))
    deals.add(tuple(map(tuple, deal_ids(rnd.resample(seat, rng=None)))))
    assert len(deals) == 10
    assert tuple(map(tuple, deal_ids(rnd))) not in deals
    mine = rnd.dealt_mask(seat)
    assert all(sum(1 << c for c in deal[seat]) & mine == mine for deal in deals)
    if not rnd.deal_complete:
        assert len({deal[seat] for deal in deals}) > 1


def test_resample_is_reproducible_with_the_same_rng_seed() -> None:
    """The same ``random.Random`` seed gives the same round; another seed another."""
    rnd = first_state(ruleset_of("28", {}), 3, frozenset(), lambda r: len(r.tricks) == 1)
    first = rnd.resample(2, random.Random(99)).to_json()
    assert rnd.resample(2, random.Random(99)).to_json() == first
    assert {rnd.resample(2, random.Random(k)).to_json() for k in range(5)} != {first}


@pytest.mark.parametrize(("name", "options"),
                         [("28+double+pair+single-hand", {}), ("29+double+single-hand", {}),
                          ("56+redeal", {}), ("twenty-twenty", {}), *VARIANTS[:3],
                          ("40+double+pair+redeal+single-hand", {})],
                         ids=["28-all", "29-all", "56", "twenty-twenty", *ids(VARIANTS[:3]),
                              "40-all"])
def test_resample_at_every_state_of_rounds(name: str, options: dict[str, Any]) -> None:
    """Tests 1-3 at every state of whole rounds (every phase: auction, trump, the call
    windows, play, over), for every seat."""
    rs = ruleset_of(name, options)
    rng = random.Random(5)
    phases = set()
    for seed, policy in enumerate(POLICIES[::3]):
        for rnd in walk(rs, seed, policy=policy):
            phases.add(rnd.phase)
            state = rnd.clone()
            for seat in range(rnd.players):
                check_view_kept(state, seat, rng)
                check_replays(state, seat, rng)
                check_cards(state, seat, rng)
    assert phases >= {Phase.AUCTION, Phase.PLAY, Phase.OVER}
    if rs.config.trump_marker != "open":
        assert Phase.TRUMP in phases
    if "double" in name or "single-hand" in name:
        assert Phase.CALLS in phases


def test_resample_is_independent_of_the_original() -> None:
    """Playing on the resampled round leaves the original unchanged, and the other way
    round."""
    rs = ruleset_of("28+double+pair+single-hand", {})
    for k in range(4):
        rnd = first_state(rs, 20 + k, POLICIES[k], lambda r: r.phase is Phase.PLAY)
        before = rnd.to_json()
        views = [rnd.view(s) for s in range(rnd.players)]
        new = rnd.resample(k, random.Random(k))
        after = new.to_json()
        rng = random.Random(k)
        while not new.is_over:
            new.apply(rng.choice(new.legal_actions()))
        assert rnd.to_json() == before
        assert [rnd.view(s) for s in range(rnd.players)] == views
        new = rnd.resample(k, random.Random(k))
        assert new.to_json() == after
        new_views = [new.view(s) for s in range(new.players)]
        while not rnd.is_over:
            rnd.apply(rng.choice(rnd.legal_actions()))
        assert new.to_json() == after
        assert [new.view(s) for s in range(new.players)] == new_views


def test_resample_keeps_the_match_scores_and_an_explicit_deal() -> None:
    """A round dealt explicitly at given match scores: the new round has the same
    dealer and scores (the C of the double modifier depends on them)."""
    rs = ruleset_of("28+double", {"c_call": True})
    seeded = rs.new_round(seed=8, dealer=2)
    rnd = rs.new_round(deal=seeded.deal, dealer=2, scores=(0, -3))
    rng = random.Random(8)
    while rnd.phase is not Phase.PLAY:
        rnd.apply(rng.choice(rnd.legal_actions()))
    for seat in range(4):
        new = rnd.resample(seat, rng)
        assert (new.dealer, new.scores, new.seed) == (2, (0, -3), None)
        check_replays(rnd, seat, rng)


def test_resample_rewrites_the_face_down_card_for_others_only() -> None:
    """RULES.md 2, trump (hand card, concealed): for the other seats the bidder's
    ``trump <card>`` is rewritten to the new face-down card, a card of the bidder's
    auction packet, and it varies; the bidder keeps its own; once exposed, everyone
    keeps it."""
    rs = ruleset_of("28", {})
    rnd = first_state(rs, 0, frozenset({"hold"}), lambda r: r.phase is Phase.PLAY)
    bidder = rnd.bidder
    assert bidder is not None
    laid = [a for _, a in rnd.history if isinstance(a, LayTrump)]
    rng = random.Random(4)
    for seat in range(4):
        cards = set()
        for new, choice in trump_choices(rnd, seat, rng, LayTrump, 60):
            assert choice.card == new.concealed_card
            assert choice.card in new.deal[bidder][:4]
            cards.add(choice.card)
        assert (cards == {laid[0].card}) == (seat == bidder), seat
    exposed = first_state(rs, 0, frozenset({"call"}),
                          lambda r: r.exposed_at is not None and r.phase is Phase.PLAY)
    laid = [a for _, a in exposed.history if isinstance(a, LayTrump)]
    for seat in range(4):
        new = exposed.resample(seat, rng)
        assert [a for _, a in new.history if isinstance(a, LayTrump)] == laid


def trump_choices(rnd: Round, seat: int, rng: random.Random, kind: type[Any],
                  times: int) -> Iterator[tuple[Round, Any]]:
    """``times`` resampled rounds for ``seat``, each with the one trump choice of
    ``kind`` in its history."""
    for _ in range(times):
        new = rnd.resample(seat, rng)
        (choice,) = [a for _, a in new.history if isinstance(a, kind)]
        yield new, choice


def test_resample_rewrites_a_suit_named_face_down_for_others_only() -> None:
    """RULES.md 2, trump (29's indicator, named face down): for the other seats the
    bidder's ``trump <suit>`` is rewritten (every suit comes up at the start of the
    play) and the new round's trump is that suit; the bidder keeps it."""
    rs = ruleset_of("29", {})
    rnd = first_state(rs, 0, frozenset({"hold"}),
                      lambda r: r.phase is Phase.PLAY and not r.tricks)
    bidder = rnd.bidder
    assert bidder is not None
    rng = random.Random(4)
    for seat in range(4):
        suits = set()
        for new, choice in trump_choices(rnd, seat, rng, NameTrump, 80):
            assert new.trump_suit == choice.suit
            suits.add(choice.suit)
        assert suits == ({rnd.trump_suit} if seat == bidder else set(rs.deck.spec.suits))


def test_resample_deals_the_unseen_seventh_card_again_for_its_bidder() -> None:
    """RULES.md 2, trump, seventh card: the bidder has not seen the face-down seventh
    card, so resampling for the bidder deals it again too (always as the seventh card)."""
    rs = ruleset_of("28", {"seventh_card": True})
    rnd = first_state(rs, 0, frozenset({"hold", "seventh"}),
                      lambda r: r.phase is Phase.PLAY and r.concealed_card is not None)
    bidder = rnd.bidder
    assert bidder is not None
    rng = random.Random(2)
    cards = set()
    for _ in range(40):
        new = rnd.resample(bidder, rng)
        assert new.concealed_card == new.deal[bidder][6]
        cards.add(new.concealed_card)
    assert len(cards) > 1


def test_resample_of_a_finished_round() -> None:
    """A round played to the last card hides nothing: every seat's cards stay; one that
    ended early (a single hand lost, a redeal) deals again only the cards never played
    or seen."""
    rs = ruleset_of("28+single-hand", {})
    rng = random.Random(6)
    finished = first_state(rs, 0, frozenset(),
                           lambda r: r.is_over and r.contract == "bid" and len(r.tricks) == 8)
    for seat in range(4):
        new = finished.resample(seat, rng)
        assert [set(h) for h in deal_ids(new)] == [set(h) for h in deal_ids(finished)]
        assert new.view(seat) == finished.view(seat)
    early = first_state(rs, 0, frozenset(), lambda r: r.is_over and len(r.tricks) < 8)
    for seat in range(4):
        check_view_kept(early, seat, rng)
        check_replays(early, seat, rng)
        check_cards(early, seat, rng)


def test_resample_after_a_single_hand_over_a_laid_trump_card() -> None:
    """RULES.md 2, modifiers, single hand: the face-down card goes back to its holder's
    hand, unexposed, so ``trump <card>`` stays hidden from the others: resampled for
    them, it names a card of the layer's auction packet in the new deal, and the
    history replays; the layer keeps its own."""
    rs = ruleset_of("28+single-hand", {})
    rng = random.Random(12)
    for seed in (0, 100, 200):
        rnd = first_state(rs, seed, frozenset(), lambda r: r.contract == "single-hand"
                          and any(isinstance(a, LayTrump) for _, a in r.history))
        layer, laid = next((w, a) for w, a in rnd.history if isinstance(a, LayTrump))
        for seat in range(4):
            for _ in range(5):
                check_view_kept(rnd, seat, rng)
                check_replays(rnd, seat, rng)
                check_cards(rnd, seat, rng)
                new = rnd.resample(seat, rng)
                (choice,) = [a for _, a in new.history if isinstance(a, LayTrump)]
                assert choice.card in new.deal[layer][:4]
                if seat == layer:
                    assert choice == laid


def test_resample_bidder_who_followed_with_the_face_down_card_held_none_of_the_suit() -> None:
    """RULES.md 2, trump, ``concealed_follow="expose"``: a bidder who followed the suit
    led by playing the face-down card held no other card of that suit, so no resampled
    deal gives it one (it could not replay). A case hypothesis found: seat 0 follows
    the 7 of clubs with the face-down Q of clubs in the second trick."""
    options = {"caller_plays_exposed_card": True, "concealed_follow": "expose",
               "no_jack_discard": "strict", "trump_lead_after_trump_played": True}
    game = {"seed": 1776, "dealer": 0, "cuts": {13}, "policy": frozenset(),
            "scores": None, "rng": 0}
    rounds = snapshots(ruleset_of("28", options), game)
    assert any([str(a) for _, a in r.history][-2:] == ["play 7C", "play QC"]
               for r in rounds)
    for seed in range(20):
        at_every_seat("28", options, {**game, "rng": seed}, check_replays)


def test_an_unseen_seventh_card_does_not_decide_a_claim_its_bidder_is_offered() -> None:
    # Found by the property tests: 28 with the seventh card, the bidder took it unseen
    # as the trump and its seven seen cards are pointless. The pointless-hand claim
    # (000 rule 4: "may show them") was offered when the unseen card was pointless
    # too, so the offer told the bidder what that card is worth, and a resampled deal
    # with a point card there changed the bidder's own view. A hand with a card its
    # player has not seen cannot be shown: no claim.
    rs = te.ruleset("28", seventh_card=True)
    game = {"seed": 312625, "dealer": 0, "cuts": set(), "scores": None,
            "policy": frozenset({"hold", "no-single", "pair", "seventh"})}
    states = [r for r in snapshots(rs, game) if r.phase is Phase.PLAY and not r.tricks]
    assert states
    rnd = states[0]
    bidder = rnd.bidder
    assert bidder == rnd.to_act and rnd.concealed_card is not None
    trump = rnd.view(bidder)["trump"]
    assert trump["marker"] == "seventh-card" and "card" not in trump  # unseen by the bidder
    assert not rnd.deck.point_mask & rnd.dealt_mask(bidder)  # all eight pointless
    assert "redeal" not in rnd.view(bidder)["legal_actions"]
    for k in range(20):
        new = rnd.resample(bidder, random.Random(k))
        assert new.view(bidder) == rnd.view(bidder)


def test_a_trump_turned_up_face_up_asks_no_exposure_check_of_a_candidate() -> None:
    # Found by the property tests: the turn-up plug-in with the redeal modifier. Its
    # trump is turned up face up when the deal begins (set_trump(exposed=True)), so the
    # round never asks the checks at an exposure: the bidding side holding every trump
    # (RULES.md's redeal "all trumps" claim, found at exposure) never annuls it. The
    # resampler asked that check of every candidate all the same, and here, with both
    # opponents shown void in spades, every candidate failed it: no deal was found. A
    # check at an exposure applies only where the round exposed a concealed trump.
    rs = te.ruleset("turn-up+redeal")
    game = {"seed": 1096, "dealer": 4, "cuts": {23, 63, 31}, "scores": None,
            "policy": frozenset({"hold", "no-single", "pair", "seventh"})}
    rnd = next(r for r in snapshots(rs, game) if r.phase is Phase.PLAY and len(r.tricks) == 4)
    spades = rnd.deck.suit_mask[rnd.deck.spec.suits.index("S")]
    held_by_side = sum(rnd.dealt_mask(s) for s in (0, 2))
    assert rnd.bidder == 0 and spades & held_by_side == spades  # the claim's condition
    assert rnd.view(0)["trump"]["exposed"] and not rnd.is_over
    for k in range(5):
        new = rnd.resample(0, random.Random(k))
        assert new.view(0) == rnd.view(0)


def assert_same_draw_after_other_calls(rnd: Round, seat: int, k: int,
                                       others: Sequence[tuple[int, int]]) -> None:
    """``rnd.resample(seat, Random(k))`` gives the same round before and after the calls
    ``others`` (seat, seed) on the same round (a few each) and on a clone of it (clones share what a
    round keeps between calls)."""
    first = rnd.resample(seat, random.Random(k)).to_json()
    for other_seat, other_k in others:
        rng = random.Random(other_k)
        for _ in range(4):
            rnd.resample(other_seat, rng)
        rnd.clone().resample(other_seat, rng)
    again = rnd.resample(seat, random.Random(k)).to_json()
    assert again == first, f"seat {seat}, seed {k}: another deal after {others}"


def test_resample_same_rng_state_same_deal_after_earlier_calls() -> None:
    """Issue 35, reliability 7: the same round and the same generator state give the
    same deal, whatever was resampled before. A case the property test below found:
    304, seed 0, the 19th state, seat 1: after a few calls the sampler had switched to
    the exact counts, which draw other random numbers than the proposals."""
    states = [r.clone() for r in walk(ruleset_of("304", {}), 0)]
    rnd = states[18]
    assert_same_draw_after_other_calls(rnd, 1, 7, [(1, 100), (2, 101), (3, 102), (1, 11)])


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 10_000),
       at=st.floats(0, 1), seat=st.integers(0, 7), k=st.integers(0, 2**32),
       others=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 2**32)), max_size=4),
       same=st.integers(0, 2**32))
def test_resample_depends_only_on_the_round_and_the_rng_state(
        name: str, seed: int, at: float, seat: int, k: int,
        others: list[tuple[int, int]], same: int) -> None:
    """Issue 35, reliability 7, over every registered preset: at any state of a random
    round, ``resample(seat, Random(k))`` gives the same deal before and after other
    ``resample`` calls on that round (other seats and seeds, then the same seat with
    another seed: what a round keeps between calls is kept for one seat)."""
    states = [r.clone() for r in walk(ruleset_of(name, {}), seed)]
    rnd = states[min(int(at * len(states)), len(states) - 1)]
    n = rnd.players
    seat %= n
    assert_same_draw_after_other_calls(
        rnd, seat, k, [*((s % n, j) for s, j in others), (seat, same)])
