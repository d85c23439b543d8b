"""The rule ids of ``IllegalActionError`` against their documentation.

``docs/reference.md`` lists every id a refusal may carry (the table after
"IllegalActionError carries `.rule`"); programs switch on them. These tests read that
table (nothing here repeats the list) and check both directions:

* every id the built-in rulesets produce is documented: seeded random rounds of every
  registered ruleset, every modifier composition and the play options, probing a broad
  pool of actions at every state with ``explain`` and ``apply(..., seat=other)``;
* every documented id can be produced: the random probing plus named, scripted cases
  for the rare ones (a tiny plug-in where the id is a plug-in's generic refusal);
* where several rules refuse an action at once, the id reported is the one the table
  gives for that situation: a named case for each branch of ``legality._call_refusal`` and
  ``legality._explain_play`` (src/twentyeight/legality.py), and for the other refusal hooks.

Seats are numbered in the counter-clockwise order of play; with dealer 0 the opener is
seat 1. Teams: seats 1 and 3 against 0 and 2.
"""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest
from twentyeight_variants.calls import CallC, Double, Redouble, ShowPair, SingleHand
from twentyeight_variants.fiftysix import SuitAuction
from twentyeight_variants.pair import PairRule

import twentyeight as te
from twentyeight import testing
from twentyeight.actions import Action
from twentyeight.plugins import RulePlugin, StandardAuction, Why
from twentyeight.round import Phase, Round

from .helpers import compositions

REFERENCE = Path(__file__).resolve().parents[1] / "docs" / "reference.md"
_TABLE_HEADER = re.compile(r"^\|\s*`?rule`?\s*\|\s*the action was refused because\s*\|$")
_SEPARATOR = re.compile(r"^\|(\s*:?-+:?\s*\|)+$")
_RULE_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def documented_rules(text: str | None = None) -> dict[str, str]:
    """Every backquoted id in the first column of reference.md's rule-id table (a cell
    may name several ids), with the second column: what the refusal means."""
    if text is None:
        text = REFERENCE.read_text(encoding="utf-8")
    lines = [line.strip() for line in text.splitlines()]
    starts = [i for i, line in enumerate(lines) if _TABLE_HEADER.match(line)]
    assert len(starts) == 1, "reference.md must have exactly one rule-id table"
    start = starts[0]
    assert _SEPARATOR.match(lines[start + 1]), "the rule-id table has no header separator"
    rules: dict[str, str] = {}
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = line.split("|")
        found = re.findall(r"`([^`]+)`", cells[1])
        assert found, f"a row of the rule-id table names no id: {line}"
        for rule in found:
            meaning = cells[2].strip()
            rules[rule] = f"{rules[rule]}; {meaning}" if rule in rules else meaning
    return rules


def documented_rule_ids(text: str | None = None) -> frozenset[str]:
    """The ids of :func:`documented_rules`."""
    return frozenset(documented_rules(text))


MEANING = documented_rules()
DOCUMENTED = documented_rule_ids()


# --------------------------------------------------------------------------- deals

# Seat 1 bids and lays the 8H face down; it holds KH QH JH (and 9H after the deal) and
# leads 7S. Seat 2 is void in spades and holds one heart (7H); seat 3 holds spades;
# seat 0 has neither spades nor hearts. (tests/test_rules_29_modifiers.py's D28.)
D28 = [row.split() for row in (
    "KC QC 8C 7C 10D KD QD 8D",
    "KH QH JH 8H 9H 7S 8S QS",
    "JC 9C AC 10C JD 9D AD 7H",
    "AH 10H JS 9S AS 10S KS 7D",
)]
# From the lay of the 8H: trick 1 (seat 2 calls and trumps, wins it), trick 2 (seat 1
# trumps clubs with the JH and wins it): seat 1 then leads holding KH QH.
D28_TRICK_1 = ("play 7S", "call-trump", "play 7H", "play JS", "play 7C")
D28_TRICK_2 = ("play JC", "play 7D", "play 8C", "play JH")


def d28(name: str = "28", *actions: str, bid: int = 20, trump: str = "trump 8H",
        **options: Any) -> Round:
    """D28 (dealer 0): seat 1 bids ``bid``, everyone passes, seat 1 chooses ``trump``;
    then ``actions``."""
    rnd = te.ruleset(name, **options).new_round(deal=D28, dealer=0)
    for text in (f"bid {bid}", "pass", "pass", "pass", trump, *actions):
        rnd.apply(text)
    return rnd


def run(rnd: Round, *actions: str) -> Round:
    """Apply action texts in order."""
    for text in actions:
        rnd.apply(text)
    return rnd


def seeded(name: str, seed: int, *actions: str, dealer: int = 0, **options: Any) -> Round:
    """A seeded round of ``name`` with ``actions`` applied."""
    return run(te.ruleset(name, **options).new_round(seed=seed, dealer=dealer), *actions)


def search(rules: te.Ruleset, found: Callable[[Round], Action | None], *,
           seeds: range = range(300), avoid_calls: bool = False) -> tuple[Round, Action]:
    """The first state, over seeded random rounds (seed order), where ``found`` names an
    action to try. ``avoid_calls`` keeps players from calling for the trump when they
    may do something else. Deterministic: the same seeds give the same state."""
    for seed in seeds:
        rng = random.Random(seed)
        rnd = rules.new_round(seed=seed, dealer=seed % rules.config.players)
        while not rnd.is_over:
            action = found(rnd)
            if action is not None:
                return rnd, action
            legal = rnd.legal_actions()
            if avoid_calls:
                legal = tuple(a for a in legal
                              if not isinstance(a, (te.CallTrump, te.Redeal))) or legal
            rnd.apply(legal[rng.randrange(len(legal))])
    raise AssertionError(f"no state found in {rules.name} over seeds {seeds}")


def led_suits(rnd: Round) -> set[str]:
    """Suits led so far, the trick in progress included."""
    led = {t.cards[0].suit for t in rnd.tricks}
    if rnd.current_trick:
        led.add(rnd.current_trick[0][1].suit)
    return led


def void_in_led_suit(rnd: Round) -> bool:
    """The seat to act holds no card of the suit led to the trick in progress."""
    seat = rnd.to_act
    trick = rnd.current_trick
    if seat is None or not trick:
        return False
    led = trick[0][1].suit
    return not any(c.suit == led for c in rnd.hand(seat))


def just_called(rnd: Round) -> bool:
    """The seat to act has just called for the trump (and must now play)."""
    return bool(rnd.history) and isinstance(rnd.history[-1][1], te.CallTrump)


# --------------------------------------------------------------------------- plug-ins
# Tiny plug-ins for ids that are a plug-in's own generic refusal.


@attrs.frozen(cache_hash=True)
class Knock(Action):
    """A house rule's action: the leader knocks on the table before leading."""

    keyword: ClassVar[str] = "knock"


@attrs.frozen
class KnockRule(RulePlugin):
    """Offers ``knock`` to the leader only; keeps ``RulePlugin.refuse``'s default."""

    name: ClassVar[str] = "knock"
    action_kinds: ClassVar[tuple[type[Action], ...]] = (Knock,)

    def play_actions(self, rnd: Round, seat: int) -> tuple[Action, ...]:
        return (Knock(),) if not rnd.current_trick else ()


@attrs.frozen
class DealerMustBid(StandardAuction):
    """A house rule with no rule id of its own: when nobody has bid, the dealer (the
    last to speak) may not pass."""

    def bid_limits(self, rnd: Round, seat: int, why: Why) -> tuple[int, bool]:
        low, can_pass = super().bid_limits(rnd, seat, why)
        if rnd.bidder is None and seat == rnd.dealer:
            can_pass = False
        return low, can_pass


@attrs.frozen
class PairOffLead(PairRule):
    """The pair, with a house rule that it is shown only when not leading; it keeps
    ``PairRule.refuse``, whose last resort is ``pair-not-allowed``."""

    def play_actions(self, rnd: Round, seat: int) -> tuple[Action, ...]:
        return super().play_actions(rnd, seat) if rnd.current_trick else ()


@attrs.frozen
class AuctionGoesOnAfterRedouble(SuitAuction):
    """56's auction, except that a redouble does not end it (passes do)."""

    def next_to_speak(self, rnd: Round, seat: int, action: Action) -> int | None:
        if isinstance(action, Redouble):
            return (seat + 1) % rnd.players
        return super().next_to_speak(rnd, seat, action)


def custom(base: str, suffix: str, **changes: Any) -> te.Ruleset:
    """``base``'s config with ``changes``, as an unregistered ruleset."""
    config = te.ruleset(base).config
    return te.Ruleset(attrs.evolve(config, name=f"{base}-{suffix}", aliases=(), **changes))


# --------------------------------------------------------------------------- cases


def _exhausted_trumps_case() -> tuple[Round, Action, int | None]:
    """304's exhausted trumps (a plug-in's restriction on the play): the trump maker
    leads another suit while holding every trump still in play."""
    from .test_rules_304 import first_binding

    rnd = first_binding(range(500))
    seat = rnd.to_act
    assert seat is not None
    card = next(c for c in rnd.hand(seat) if c.suit != rnd.trump_suit)
    return rnd, te.Play(card), None


def _304_auction_case(calls: tuple[str, ...], bid: int, lay: bool = False,
                      then: tuple[str, ...] = ()) -> Callable[[], tuple[Round, Action, int | None]]:
    """304's auctions (``Auction304``): the round after ``calls`` (with ``lay``, the
    trump card laid and the calls ``then`` of the eight-card auction), and a bid of
    ``bid``."""
    def build() -> tuple[Round, Action, int | None]:
        from .test_rules_304_contract import SO_FAR

        rnd = SO_FAR.new_round(seed=11, dealer=0)
        for call in calls:
            rnd.apply(call)
        if lay:
            rnd.apply(rnd.legal_actions()[0])
        for call in then:
            rnd.apply(call)
        return rnd, te.Bid(bid), None
    return build


def _thunee_calling_case(calls: tuple[str, ...], bid: int
                         ) -> Callable[[], tuple[Round, Action, int | None]]:
    """Thunee's calling (``ThuneeCalling``): the round after ``calls``, and a call of
    ``bid``."""
    def build() -> tuple[Round, Action, int | None]:
        from .test_rules_thunee import SO_FAR

        rnd = SO_FAR.new_round(seed=3, dealer=0)
        for call in calls:
            rnd.apply(call)
        return rnd, te.Bid(bid), None
    return build


def _thunee_case(build: Callable[[], Round], action: str
                 ) -> Callable[[], tuple[Round, Action, int | None]]:
    """A state of the ``thunee`` preset (from ``test_rules_thunee_calls``) and an action."""
    def case() -> tuple[Round, Action, int | None]:
        rnd = build()
        return rnd, rnd.ruleset.parse_action(action), None
    return case


def _thunee_states() -> Any:
    from . import test_rules_thunee_calls as calls
    return calls


def _thunee_six_of_a_suit() -> Round:
    calls = _thunee_states()
    deal = calls._deal("JS 9S AS 10S KH QH", "KD QD JD 9D AH 10H", "JC 9C AC 10C KC QC",
                       "AD 10D JH 9H KS QS")
    rnd = calls.THUNEE.new_round(deal=deal, dealer=0)
    calls._apply(rnd, "pass", "pass", "pass", "pass", "trump 9D", "pass", "pass")
    return rnd  # type: ignore[no-any-return]


def _thunee_without(**options: bool) -> Round:
    calls = _thunee_states()
    from twentyeight_variants.thunee import JodhiAnnouncements, ShowTrumpAfterFirstCard
    from twentyeight_variants.thunee_calls import LastTrickCalls, ThuneeCalls
    calls_options = {k: v for k, v in options.items() if k == "royals"}
    last_options = {k: v for k, v in options.items() if k != "royals"}
    rules = te.Ruleset(attrs.evolve(
        calls.THUNEE.config, name="thunee-without", aliases=(),
        plugins=(ShowTrumpAfterFirstCard(), JodhiAnnouncements(),
                 ThuneeCalls(**calls_options), LastTrickCalls(**last_options))))
    if calls_options:
        rnd = rules.new_round(deal=calls.JODHI_DEAL, dealer=0)
        calls._apply(rnd, "pass", "pass", "pass", "pass", "trump 9D")
        return rnd
    return calls.last_trick_state(rules, lambda r: True)  # type: ignore[no-any-return]


def _no_trump_first_lead_case() -> tuple[Round, Action, int | None]:
    """304's first lead of a closed game: the trump maker leads a trump."""
    from .test_rules_304_contract import first_lead_position

    rnd = first_lead_position(range(400))
    seat = rnd.to_act
    assert seat is not None and rnd.concealed_card is not None
    card = next(c for c in rnd.hand(seat) if c.suit == rnd.concealed_card.suit)
    return rnd, te.Play(card), None


def _cut_face_down_case() -> tuple[Round, Action, int | None]:
    """304's closed game: a void player asks for the trump instead of cutting."""
    from .test_rules_304_cuts import W3_DEAL, contract_of_seat_1

    rnd = contract_of_seat_1(W3_DEAL)
    rnd.apply("play 9S")
    return rnd, te.CallTrump(), None


@dataclass(frozen=True)
class Case:
    """A named state and action; ``expected`` is the id reference.md gives for it.
    ``build`` returns the round, the action and, for an out-of-turn refusal, the seat
    that sends it; ``context`` wraps building and probing."""

    name: str
    expected: str
    build: Callable[[], tuple[Round, Action, int | None]]
    context: Callable[[], contextlib.AbstractContextManager[Any]] = field(
        default=contextlib.nullcontext)


def _play_card_laid_aside() -> tuple[Round, Action, int | None]:
    """28 in the play; a part has laid a card of the seat to act aside (the port's
    ``hide`` of a hand card, as the turn-up's bury does): the seat may not play it
    while its hand holds cards (sight.hide; legality._explain_play)."""
    rnd = te.ruleset("28").new_round(seed=11)
    rng = random.Random(11)
    while rnd.phase is not Phase.PLAY:
        rnd.apply(rng.choice(rnd.legal_actions()))
    seat = rnd.to_act
    assert seat is not None
    hand = rnd.hand_mask(seat)
    card = hand & -hand
    rnd._port.hide(card, seen_by=1 << seat)
    return rnd, te.Play(rnd.deck.cards[card.bit_length() - 1]), None


def refuse(case: Case) -> te.IllegalActionError:
    """Build ``case`` and return the refusal; ``explain`` and ``apply`` must agree, and
    the refused action must change nothing."""
    with case.context():
        rnd, action, seat = case.build()
        before = rnd.to_json()
        if seat is None:
            explained = rnd.explain(action)
            assert explained is not None, f"{case.name}: {action} is legal"
        with pytest.raises(te.IllegalActionError) as exc:
            rnd.apply(action, seat=seat)
        if seat is None:
            assert explained is not None
            assert exc.value.rule == explained.rule, "explain and apply disagree"
        assert rnd.to_json() == before, f"{case.name}: refusing {action} changed the round"
        return exc.value


def _d28_state_a(name: str = "28", **options: Any) -> Round:
    """D28 with seat 1 (the bidder) to lead trick 1; the trump (8H) still face down."""
    return d28(name, **options)


def _d28_trump_due() -> Round:
    """D28 after the auction: seat 1, the bidder, is to choose the trump."""
    return run(te.ruleset("28").new_round(deal=D28, dealer=0), "bid 20", "pass", "pass",
               "pass")


def _play_unseen_seventh_card() -> tuple[Round, Action, int | None]:
    """D28 with the seventh card: seat 1 takes it (the 8S) unseen, and names it."""
    rnd = d28("28", trump="seventh-card", seventh_card=True)
    seventh = rnd.deal[1][6]
    assert rnd.to_act == 1 and seventh not in rnd.hand(1)
    return rnd, te.Play(seventh), None


def _d28_seat_2_void(name: str = "28", **options: Any) -> Round:
    """D28 after seat 1 leads 7S: seat 2, void in spades, to play; trump face down."""
    return d28(name, "play 7S", **options)


def _d28_after_call(name: str = "28", **options: Any) -> Round:
    """D28 after seat 2 (void in spades, holding the 7H) called for the trump."""
    return d28(name, "play 7S", "call-trump", **options)


def _d28_seat_3_can_follow() -> Round:
    """D28 trick 1: seat 2 discarded the JC without calling; seat 3 holds spades."""
    return d28("28", "play 7S", "play JC")


def _concealed_only(leading: bool) -> Callable[[Round], Action | None]:
    def found(rnd: Round) -> Action | None:
        if (rnd.phase is Phase.PLAY and rnd.to_act == rnd.bidder and rnd.bidder is not None
                and rnd.concealed_card is not None and rnd.hand_mask(rnd.bidder) == 0
                and bool(rnd.current_trick) != leading):
            return te.CallTrump()
        return None
    return found


def _lower_trump_over_a_trump(rnd: Round) -> Action | None:
    """A lower trump of a player void in the suit led, with a higher trump counting in
    the trick and some other card in hand (not just after calling)."""
    trump = rnd.trump_suit
    if (rnd.phase is not Phase.PLAY or not rnd.trump_exposed or trump is None
            or not void_in_led_suit(rnd) or just_called(rnd)):
        return None
    seat = rnd.to_act
    assert seat is not None
    deck = rnd.deck
    counts_from = rnd.view(seat)["trick"]["trumps_from"]
    counted = [deck.strength[deck.card_id(c)] for i, (_, c) in enumerate(rnd.current_trick)
               if c.suit == trump and counts_from is not None and i >= counts_from]
    if not counted:
        return None
    hand = rnd.hand(seat)
    lower = [c for c in hand if c.suit == trump and deck.strength[deck.card_id(c)] <= max(counted)]
    if lower and len(lower) < len(hand):
        return te.Play(lower[0])
    return None


def _unled_jack_discard(rnd: Round) -> Action | None:
    """A non-trump Jack of a suit not yet led, from a player void in the suit led who
    holds another card it may play (not just after calling)."""
    if rnd.phase is not Phase.PLAY or not void_in_led_suit(rnd) or just_called(rnd):
        return None
    seat = rnd.to_act
    assert seat is not None
    exempt = rnd.trump_suit if rnd.trump_exposed else None
    led = led_suits(rnd)
    hand = rnd.hand(seat)
    jacks = [c for c in hand if c.rank == "J" and c.suit not in led and c.suit != exempt]
    if jacks and len(jacks) < len(hand):
        return te.Play(jacks[0])
    return None


def _must_play_concealed() -> tuple[Round, Action, int | None]:
    rnd, action = search(te.ruleset("28"), _concealed_only(leading=False), avoid_calls=True)
    return rnd, action, None


def _leads_with_concealed_only() -> tuple[Round, Action, int | None]:
    rnd, action = search(te.ruleset("28"), _concealed_only(leading=True), avoid_calls=True)
    return rnd, action, None


def _must_over_trump() -> tuple[Round, Action, int | None]:
    rnd, action = search(te.ruleset("28-bands"), _lower_trump_over_a_trump)
    return rnd, action, None


def _no_jack_discard() -> tuple[Round, Action, int | None]:
    rnd, action = search(te.ruleset("28", no_jack_discard=True), _unled_jack_discard)
    return rnd, action, None


def _no_trump_56() -> tuple[Round, Action, int | None]:
    rnd = seeded("56", 3, "pass", "pass", "pass", "pass")
    assert rnd.phase is Phase.PLAY and rnd.denomination == te.NO_TRUMP
    return rnd, te.CallTrump(), None


def _open_suit_contract_56_void() -> tuple[Round, Action, int | None]:
    rnd, action = search(te.ruleset("56"), lambda r: te.CallTrump() if (
        r.phase is Phase.PLAY and r.trump_suit is not None and void_in_led_suit(r)) else None)
    return rnd, action, None


@contextlib.contextmanager
def _play_with_a_card_barred_silently() -> Iterator[None]:
    """Stands in for a card restriction that names no rule (no built-in rule does
    that): every ``_play_legal`` result loses the 7S, with no reason recorded."""
    real = Round._play_legal

    def barred(self: Round, seat: int, why: Why) -> tuple[int, bool]:
        mask, can_call = real(self, seat, why)
        return mask & ~(1 << self.deck.card_id(te.Card("7", "S"))), can_call

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(Round, "_play_legal", barred)
        yield


def _three_suit_29() -> te.Ruleset:
    """29 with a deck of three suits (spades, hearts, diamonds): clubs is no suit of it."""
    spec = te.DeckSpec(ranks=("J", "9", "A", "10", "K", "Q", "8", "7"),
                       points={"J": 3, "9": 2, "A": 1, "10": 1}, suits=("S", "H", "D"))
    return custom("29", "three-suits", deck=spec, deal_packets=(3, 3), min_bid=11,
                  max_bid=22)


def _forty_one_suit_opener() -> Round:
    deck = te.ruleset("40").deck
    opener = ["JS", "3S", "9S", "AS", "10S", "KS"]
    rest = [str(c) for c in deck.cards if str(c) not in opener]
    hands = [rest[k * 6:(k + 1) * 6] for k in range(5)]
    return te.ruleset("40").new_round(deal=[hands[0], opener, *hands[1:]], dealer=0)


def _single_hand_declared(name: str) -> Round:
    rnd = d28(name)
    assert rnd.window == "single-hand" and rnd.to_act == 1
    return run(rnd, "single-hand")


def _finished_round() -> Round:
    rnd = seeded("28", 1)
    while not rnd.is_over:
        rnd.apply(rnd.legal_actions()[0])
    return rnd


def _house_rule_case(deal: str, actions: tuple[str, ...],
                     **options: Any) -> Callable[[], Round]:
    """A scripted round of tests/test_house_rules_play.py (issue 19's play options)."""
    from . import test_house_rules_play as house

    return lambda: house.play(house.bid_14_lay_8h(getattr(house, deal), **options),
                              *actions)


_FOLLOW_TURN = ("play 7C", "play 9C", "play JC", "play 8S", "play JH", "play 7H")
_CALLER_CALLED = ("play KC", "play 7D", "play JC", "play 7H", "play 7S", "play JS",
                  "call-trump")
_EXPOSED_SEAT_3_LEADS = ("play KC", "call-trump", "play 7D", "play JC", "play QS")

# The branches of legality._call_refusal and legality._explain_play, in their order.
CALL_AND_PLAY_CASES = [
    # _call_refusal
    Case("call-trump-in-56-no-trump-contract", "no-trump-to-call", _no_trump_56),
    Case("call-trump-in-single-hand", "no-trump-to-call",
         lambda: (_single_hand_declared("28+single-hand"), te.CallTrump(), None)),
    Case("call-trump-after-exposure-while-void", "trump-already-exposed",
         lambda: (_d28_after_call(), te.CallTrump(), None)),
    Case("call-trump-after-exposure-able-to-follow", "trump-already-exposed",
         lambda: (d28("28", "play 7S", "call-trump", "play 7H"), te.CallTrump(), None)),
    Case("call-trump-after-exposure-while-leading", "trump-already-exposed",
         lambda: (d28("28", *D28_TRICK_1), te.CallTrump(), None)),
    Case("call-trump-in-56-suit-contract-while-void", "trump-already-exposed",
         _open_suit_contract_56_void),
    Case("call-trump-while-leading", "call-only-when-void",
         lambda: (_d28_state_a(), te.CallTrump(), None)),
    Case("call-trump-bidder-leading-with-only-the-concealed-card",
         "must-play-concealed-trump", _leads_with_concealed_only),
    Case("call-trump-bidder-with-only-the-concealed-card", "must-play-concealed-trump",
         _must_play_concealed),
    Case("call-trump-bidder-whose-face-down-card-follows", "must-expose-to-follow",
         lambda: (_house_rule_case("FOLLOW", _FOLLOW_TURN, concealed_follow="expose")(),
                  te.CallTrump(), None)),
    Case("call-trump-able-to-follow", "call-only-when-void",
         lambda: (_d28_seat_3_can_follow(), te.CallTrump(), None)),
    # _explain_play: the card itself first
    Case("play-card-not-in-the-56-deck", "not-in-deck",
         lambda: (_no_trump_56()[0], te.Play(te.Card("7", "S")), None)),
    Case("play-second-copy-in-one-pack", "not-in-deck",
         lambda: (_d28_state_a(), te.Play(te.Card("J", "S", 1)), None)),
    Case("play-the-laid-trump-card-before-exposure", "concealed-trump-not-playable",
         lambda: (_d28_state_a(), te.Play(te.Card("8", "H")), None)),
    Case("play-the-unseen-seventh-card", "not-in-hand",
         _play_unseen_seventh_card),
    Case("play-a-card-laid-aside-while-the-hand-holds-cards", "laid-aside-not-playable",
         _play_card_laid_aside),
    Case("play-card-not-held-that-would-not-follow-suit", "not-in-hand",
         lambda: (d28("28", "play 7S", "call-trump", "play 7H"),
                  te.Play(te.Card("K", "C")), None)),
    # _explain_play: then the restrictions of _play_legal, in the order they apply
    Case("lead-the-concealed-trump-suit", "bidder-may-not-lead-trump",
         lambda: (_d28_state_a(), te.Play(te.Card("J", "H")), None)),
    Case("lead-a-trump-before-a-trump-is-played", "trump-lead-before-trump-played",
         lambda: (_house_rule_case("CALLER", _EXPOSED_SEAT_3_LEADS,
                                   trump_lead_after_trump_played=True)(),
                  te.Play(te.Card("K", "H")), None)),
    Case("lead-another-suit-holding-every-trump-left", "must-lead-exhausted-trumps",
         _exhausted_trumps_case),
    Case("trump-maker-leads-a-trump-to-a-closed-first-trick", "no-trump-first-lead",
         _no_trump_first_lead_case),
    Case("304-void-player-calls-for-the-trump", "cut-face-down", _cut_face_down_case),
    Case("thunee-trumpmans-partner-calls-first", "opposing-team-calls-first",
         _thunee_calling_case(("pass",), 10)),
    Case("thunee-call-over-own-team", "only-opponents-raise",
         _thunee_calling_case(("bid 20", "bid 30", "pass"), 40)),
    Case("304-holder-of-the-bid-bids-again", "own-bid-standing",
         _304_auction_case(("bid 160", "pass", "pass", "pass"), 250, lay=True)),
    Case("304-second-auction-bid-below-250", "second-auction-min",
         _304_auction_case(("bid 160", "pass", "pass", "pass"), 240, lay=True,
                           then=("pass",))),
    Case("304-partner-of-a-new-bidder-bids", "partner-just-bid",
         _304_auction_case(("bid 160", "pass", "pass", "pass"), 260, lay=True,
                           then=("pass", "bid 250", "pass"))),
    Case("304-second-turn-below-200", "again-min",
         _304_auction_case(("bid 160", "bid 170", "pass", "pass"), 180)),
    Case("discard-while-holding-the-suit-led", "must-follow-suit",
         lambda: (d28("28", "play 7S", "call-trump", "play 7H"),
                  te.Play(te.Card("A", "H")), None)),
    Case("bidder-discards-instead-of-the-face-down-card", "must-expose-to-follow",
         lambda: (_house_rule_case("FOLLOW", _FOLLOW_TURN, concealed_follow="expose")(),
                  te.Play(te.Card("K", "C")), None)),
    Case("discard-while-void-and-trump-concealed-reveal-when-void", "must-call-trump",
         lambda: (_d28_seat_2_void("28", reveal_when_void=True),
                  te.Play(te.Card("9", "C")), None)),
    Case("discard-while-void-in-29", "must-call-trump",
         lambda: (d28("29", "play 7S", trump="trump H"), te.Play(te.Card("9", "C")), None)),
    Case("caller-discards", "caller-must-trump",
         lambda: (_d28_after_call(), te.Play(te.Card("9", "C")), None)),
    Case("caller-bidder-plays-another-trump", "caller-must-play-exposed-card",
         lambda: (_house_rule_case("CALLER", _CALLER_CALLED,
                                   caller_plays_exposed_card=True)(),
                  te.Play(te.Card("J", "H")), None)),
    Case("caller-bidder-discards", "caller-must-play-exposed-card",
         lambda: (_house_rule_case("CALLER", _CALLER_CALLED, caller_plays_exposed_card=True,
                                   caller_must_trump=False)(),
                  te.Play(te.Card("Q", "C")), None)),
    Case("caller-discards-an-unled-jack", "caller-must-trump",
         lambda: (_d28_after_call(no_jack_discard=True), te.Play(te.Card("J", "C")), None)),
    Case("lower-trump-over-a-trump", "must-over-trump", _must_over_trump),
    Case("discard-an-unled-jack", "no-jack-discard", _no_jack_discard),
    Case("discard-a-led-jack-strict", "no-jack-discard",
         lambda: (_house_rule_case("JACKS", ("play 7S", "play 8S", "play 9S", "play QS",
                                             "play JC", "play 7C", "play 8C"),
                                   no_jack_discard="strict")(),
                  te.Play(te.Card("J", "S")), None)),
    Case("play-refused-by-no-named-rule", "illegal-play",
         lambda: (_d28_state_a(), te.Play(te.Card("7", "S")), None),
         context=_play_with_a_card_barred_silently),
]

# The other refusal hooks: the auction, the trump, the call windows, the plug-ins.
OTHER_CASES = [
    Case("anything-after-the-round", "round-over",
         lambda: (_finished_round(), te.Pass(), None)),
    Case("play-out-of-turn", "not-your-turn",
         lambda: (_d28_state_a(), te.Play(te.Card("7", "S")), 2)),
    Case("card-during-the-auction", "wrong-phase",
         lambda: (seeded("28", 1), te.Play(te.Card("J", "S")), None)),
    Case("opener-passes", "opener-must-bid", lambda: (seeded("28", 1), te.Pass(), None)),
    Case("dealer-passes-under-a-plug-in-auction", "pass-not-allowed",
         lambda: (run(custom("28", "dealer-bids", opener_must_bid=False,
                             auction=DealerMustBid()).new_round(seed=1, dealer=0),
                      "pass", "pass", "pass"), te.Pass(), None)),
    Case("bid-above-the-range", "bid-out-of-range",
         lambda: (seeded("28", 1), te.Bid(29), None)),
    Case("bid-between-the-steps", "bid-off-step",
         lambda: (seeded("28", 1, bid_step=2), te.Bid(15), None)),
    Case("bid-not-higher", "bid-too-low",
         lambda: (seeded("28", 1, "bid 16", "pass"), te.Bid(16), None)),
    Case("partner-overcall-below-20", "partner-overcall-min",
         lambda: (seeded("28", 1, "bid 14", "pass"), te.Bid(15), None)),
    Case("bid-with-a-suit-in-28", "bid-denomination",
         lambda: (seeded("28", 1), te.Bid(16, "S"), None)),
    Case("bid-without-a-suit-in-56", "bid-denomination",
         lambda: (seeded("56", 1), te.Bid(30), None)),
    Case("second-bid-below-30-in-40", "second-bid-min",
         lambda: (seeded("40", 1, "bid 20", "bid 21", "pass", "pass", "pass", "pass"),
                  te.Bid(22), None)),
    Case("one-suit-opener-bids-in-40", "one-suit-opener-may-not-bid",
         lambda: (_forty_one_suit_opener(), te.Bid(20), None)),
    Case("second-call-in-28six", "bid-once",
         lambda: (seeded("28six", 1, "bid 16"), te.Pass(), 1)),
    Case("partner-speaks-before-opponents-in-28six", "partner-overbid-before-opponents",
         lambda: (seeded("28six", 1, "bid 16"), te.Bid(20), 3)),
    Case("partner-overbids-without-honors-in-28six", "partner-overbid-honors",
         lambda: (seeded("28six", 1, "bid 16", "pass", "pass", "pass"), te.Bid(17), None)),
    Case("partner-overbids-an-honors-bid-in-28six", "partner-overbid-honors",
         lambda: (seeded("28six", 1, "bid 20", "pass", "pass", "pass"), te.Bid(24), None)),
    Case("lay-a-card-not-held", "trump-card-not-in-hand",
         lambda: (_d28_trump_due(), te.LayTrump(te.Card("A", "S")), None)),
    Case("thunee-last-card-with-two-of-a-suit", "seventh-card-not-all-suits",
         lambda: (run(_thunee_states().THUNEE.new_round(
             deal=_thunee_states().JODHI_DEAL, dealer=0), "pass", "pass", "pass", "pass"),
             te.SeventhCard(), None)),
    Case("seventh-card-not-offered", "seventh-card-not-allowed",
         lambda: (_d28_trump_due(), te.SeventhCard(), None)),
    Case("name-a-suit-the-deck-lacks", "not-a-suit-of-the-deck",
         lambda: (run(_three_suit_29().new_round(seed=1, dealer=0),
                      "bid 14", "pass", "pass", "pass"), te.NameTrump("C"), None)),
    Case("pass-when-the-trump-is-due", "wrong-phase",
         lambda: (_d28_trump_due(), te.Pass(), None)),
    Case("redeal-with-no-claim", "redeal-not-allowed",
         lambda: (_d28_state_a(), te.Redeal(), None)),
    # 56's auction
    Case("56-redouble-an-undoubled-bid", "redouble-not-doubled",
         lambda: (seeded("56", 1, "bid 28 S"), Redouble(), None)),
    Case("56-double-own-side", "double-own-side",
         lambda: (seeded("56", 1, "bid 28 S", "double"), Double(), None)),
    Case("56-double-twice", "already-doubled",
         lambda: (seeded("56", 1, "bid 28 S", "double", "pass"), Double(), None)),
    Case("56-redouble-twice-under-a-plug-in-auction", "already-redoubled",
         lambda: (run(custom("56", "redouble-goes-on", auction=AuctionGoesOnAfterRedouble())
                      .new_round(seed=1, dealer=0), "bid 28 S", "double", "redouble", "pass"),
                  Redouble(), None)),
    # the double window
    Case("double-during-the-auction", "double-only-after-trump",
         lambda: (seeded("28+double", 1), Double(), None)),
    Case("double-during-the-play", "double-only-after-trump",
         lambda: (run(d28("28+double"), "pass", "pass"), Double(), None)),
    # rajeevmen0n/fiftysix rules.md section 4.3: "The forced bid can't be doubled"
    Case("double-a-forced-no-trump", "forced-no-trump-undoubled",
         lambda: (seeded("28+double", 1, "pass", "pass", "pass", "pass",
                         opener_must_bid=False, all_pass="opener-no-trump-undoubled"),
                  Double(), None)),
    Case("redouble-with-no-double", "nothing-doubled",
         lambda: (d28("28+double"), Redouble(), None)),
    Case("c-with-no-double", "nothing-doubled",
         lambda: (d28("28+double", c_call=True), CallC(), None)),
    Case("double-a-doubled-bid", "already-doubled",
         lambda: (d28("28+double", "double"), Double(), None)),
    Case("c-without-the-option", "c-not-allowed",
         lambda: (d28("28+double", "double"), CallC(), None)),
    Case("c-by-the-bidders-partner", "c-not-allowed",
         lambda: (d28("28+double", "double", "pass", c_call=True), CallC(), None)),
    Case("redouble-an-auto-doubled-bid", "no-redouble",
         lambda: (d28("28+double", bid=21, auto_double=21), Redouble(), None)),
    # single hand
    Case("single-hand-during-the-auction", "single-hand-only-before-play",
         lambda: (seeded("28+single-hand", 1), SingleHand(), None)),
    Case("single-hand-during-the-play", "single-hand-only-before-play",
         lambda: (run(d28("28+single-hand"), "pass", "pass", "pass", "pass"),
                  SingleHand(), None)),
    # the pair
    Case("pair-before-exposure", "pair-before-exposure",
         lambda: (_d28_state_a("28+pair"), ShowPair(), None)),
    Case("pair-not-held", "pair-not-held",
         lambda: (_d28_after_call("28+pair"), ShowPair(), None)),
    Case("pair-before-winning-a-trick", "pair-before-winning-trick",
         lambda: (d28("28+pair", *D28_TRICK_1, *D28_TRICK_2[:3]), ShowPair(), None)),
    Case("pair-with-a-bengal-bid-of-16", "pair-bid-too-low",
         lambda: (d28("28-bengal", *D28_TRICK_1, *D28_TRICK_2, bid=16), ShowPair(), None)),
    Case("pair-shown-twice", "pair-already-shown",
         lambda: (d28("28+pair", *D28_TRICK_1, *D28_TRICK_2, "show-pair"), ShowPair(), None)),
    Case("pair-in-a-single-hand", "pair-no-trump",
         lambda: (_single_hand_declared("28+pair+single-hand"), ShowPair(), None)),
    Case("pair-refused-by-a-plug-in-house-rule", "pair-not-allowed",
         lambda: (run(custom("28", "pair-off-lead",
                             plugins=(*te.ruleset("28").config.plugins, PairOffLead()))
                      .new_round(deal=D28, dealer=0),
                      "bid 20", "pass", "pass", "pass", "trump 8H", *D28_TRICK_1,
                      *D28_TRICK_2), ShowPair(), None)),
    # Thunee's calls
    Case("announce-during-the-play", "announce-out-of-window",
         _thunee_case(lambda: _thunee_states().jodhi_window("pass", "pass"), "announce KS QS")),
    Case("announce-cards-of-no-meld", "announce-not-a-meld",
         _thunee_case(lambda: _thunee_states().jodhi_window(), "announce KS AS")),
    Case("announce-a-suit-twice", "announce-suit-twice",
         _thunee_case(lambda: _thunee_states().jodhi_window("announce KS QS"),
                      "announce KS QS")),
    Case("announce-cards-not-held", "announce-not-held",
         _thunee_case(lambda: _thunee_states().jodhi_window(), "announce KH QH")),
    Case("thunee-with-six-of-a-suit", "thunee-six-of-a-suit",
         _thunee_case(_thunee_six_of_a_suit, "thunee")),
    Case("royals-where-it-is-not-played", "royals-not-played",
         _thunee_case(lambda: _thunee_without(royals=False), "royals")),
    Case("double-where-it-is-not-played", "double-not-played",
         _thunee_case(lambda: _thunee_without(double=False), "call-double")),
    Case("khanaak-where-it-is-not-played", "khanaak-not-played",
         _thunee_case(lambda: _thunee_without(khanaak=False), "khanaak")),
    Case("double-after-a-trick-lost", "double-needs-five-tricks",
         _thunee_case(lambda: _thunee_states().last_trick_state(
             _thunee_states().THUNEE, _thunee_states().lost_a_trick), "call-double")),
    Case("double-one-ball-short", "double-one-ball-short",
         _thunee_case(lambda: _thunee_states().around_a_double(short=True)[0],
                      "call-double")),
    Case("khanaak-without-jodhi", "khanaak-needs-jodhi",
         _thunee_case(lambda: _thunee_states().around_a_double(card=True)[0], "khanaak")),
    Case("thunee-undercut-without-the-option", "no-undercut",
         lambda: (_thunee_states().undercut_state(), te.Play(te.Card("Q", "S")), None)),
    Case("a-second-last-trick-call", "last-trick-call-made",
         _thunee_case(lambda: _thunee_states().around_a_double(call=True, card=True)[0],
                      "khanaak")),
    # a plug-in's generic refusal
    Case("plug-in-action-not-offered-now", "not-allowed-now",
         lambda: (run(custom("28", "knock",
                             plugins=(*te.ruleset("28").config.plugins, KnockRule()))
                      .new_round(deal=D28, dealer=0),
                      "bid 20", "pass", "pass", "pass", "trump 8H", "play 7S"), Knock(), None)),
]

ALL_CASES = CALL_AND_PLAY_CASES + OTHER_CASES


def _check(case: Case) -> None:
    assert case.expected in DOCUMENTED, f"{case.expected} is not in reference.md's table"
    got = refuse(case).rule
    assert got == case.expected, (
        f"{case.name}: refused as {got!r} ({MEANING.get(got, 'undocumented')}); "
        f"reference.md gives {case.expected!r} ({MEANING[case.expected]})")


def test_reference_table_parses() -> None:
    """reference.md's rule-id table is found and every id in it is well formed; the
    parser splits cells that list several ids."""
    assert len(DOCUMENTED) >= 30
    assert all(_RULE_ID.match(rule) for rule in DOCUMENTED), sorted(DOCUMENTED)
    assert {"must-follow-suit", "pair-before-exposure", "pair-not-allowed",
            "no-redouble"} <= DOCUMENTED
    sample = ("| `rule` | the action was refused because |\n| --- | --- |\n"
              "| `a-b`, `c` | two ids |\n| `d` | one, `not-an-id` in prose |\n\nafter\n")
    assert documented_rules(sample) == {"a-b": "two ids", "c": "two ids",
                                        "d": "one, `not-an-id` in prose"}


@pytest.mark.parametrize("case", CALL_AND_PLAY_CASES, ids=lambda c: c.name)
def test_call_and_play_refusals_follow_the_documented_order(case: Case) -> None:
    """reference.md, the rule-id table: where several rules would refuse ``call-trump``
    or a card, the id reported is the one the table gives for the situation; each
    branch of ``legality._call_refusal`` and ``legality._explain_play`` is one case."""
    _check(case)


@pytest.mark.parametrize("case", OTHER_CASES, ids=lambda c: c.name)
def test_other_refusals_name_the_documented_rule(case: Case) -> None:
    """reference.md, the rule-id table (and the pair, double, 28six, 40 and 56 pages it
    links): the auction, the trump, the call windows and the plug-ins refuse with the
    id the table gives for the situation."""
    _check(case)


# --------------------------------------------------------------------------- random probing


def _is_builtin(rules: te.Ruleset) -> bool:
    """Rules code of this library only (a third party's plug-in names its own ids)."""
    parts = (rules.config.auction, rules.config.trump, *rules.config.plugins,
             *rules.config.redeal_checks)
    return all(type(p).__module__.split(".")[0] in ("twentyeight", "twentyeight_variants")
               for p in parts)


OPTION_VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("28", {"seventh_card": True}),
    ("29", {"seventh_card": True}),
    ("28", {"over_trump": True, "no_jack_discard": True}),
    ("28", {"reveal_when_void": True, "caller_must_trump": False}),
    ("28", {"no_jack_discard": True, "early_trumps_count": True,
            "bidder_trump_lead": "after-trump-led"}),
    ("28-bands", {"no_jack_discard": True, "caller_must_trump": False}),
    ("28", {"caller_plays_exposed_card": True, "concealed_follow": "expose",
            "no_jack_discard": "strict", "trump_lead_after_trump_played": True}),
    ("56", {"trump_lead_after_trump_played": True}),
    ("28+double", {"auto_double": 21}),
    ("28+double+single-hand", {"c_call": True}),
    ("28+pair", {"pair_timing": "after-exposure"}),
    ("28-bengal+double", {"c_call": True}),
    ("29+double+single-hand", {"seventh_card": True}),
    ("40", {"auction_after": 1, "trump_marker": "indicator"}),
    ("56-six", {"closing_passes": 3}),
]


def _probe_targets() -> list[tuple[te.Ruleset, range]]:
    targets = [(te.ruleset(name), range(8)) for name in te.presets()]
    targets += [(te.ruleset(name), range(100, 103)) for name in compositions()]
    targets += [(te.ruleset(name, **options), range(200, 208))
                for name, options in OPTION_VARIANTS]
    return [(rules, seeds) for rules, seeds in targets if _is_builtin(rules)]


def _choose(rnd: Round, rng: random.Random) -> Action:
    """A random legal action, weighted so that low bids, passes and the calls of the
    plug-ins (double, redouble, show-pair, ...) come up often."""
    legal = rnd.legal_actions()
    r = rng.random()
    calls = [a for a in legal if not isinstance(a, (te.Bid, te.Pass, te.Play, te.Redeal))]
    if calls and r < 0.25:
        return calls[rng.randrange(len(calls))]
    if rnd.phase is Phase.AUCTION and r < 0.75:
        return legal[rng.randrange(min(4, len(legal)))]
    return legal[rng.randrange(len(legal))]


EXTRA_PROBES: list[Action] = [te.Play(te.Card("2", "S")), te.Play(te.Card("J", "S", 3)),
                              te.LayTrump(te.Card("2", "S"))]
"""Actions the candidate pool leaves out: cards of no built-in deck."""


def _groups(pool: list[Action]) -> dict[str, list[Action]]:
    """``pool`` split into bids, cards to play, cards to lay and the rest."""
    groups: dict[str, list[Action]] = {"bid": [], "play": [], "lay": [], "rest": []}
    for action in pool:
        key = ("bid" if isinstance(action, te.Bid) else "play" if isinstance(action, te.Play)
               else "lay" if isinstance(action, te.LayTrump) else "rest")
        groups[key].append(action)
    return groups


def _probes(groups: dict[str, list[Action]], phase: Phase,
            rng: random.Random) -> list[Action]:
    """The actions to try at a state: every action that is no bid and no card, every
    card to play (in the play) or to lay (when the trump is due), 40 bids at random in
    the auction, and three of each of the others."""
    main, size = {Phase.AUCTION: ("bid", 40), Phase.PLAY: ("play", 1000),
                  Phase.TRUMP: ("lay", 1000)}.get(phase, ("rest", 0))
    chosen = list(groups["rest"])
    for key in ("bid", "play", "lay"):
        group = groups[key]
        chosen += rng.sample(group, min(size if key == main else 3, len(group)))
    return chosen


def probe_random_rounds(rules: te.Ruleset, seeds: range) -> dict[str, str]:
    """Every rule id met in seeded random rounds of ``rules``: at each state, ``explain``
    of a broad pool of actions (``_probes`` of ``testing.candidate_actions``, and a few
    cards of no deck), and a legal action sent by every seat not to act. Returns each id
    with where it was first met."""
    produced: dict[str, str] = {}
    for seed in seeds:
        rng = random.Random(seed)
        rnd = rules.new_round(seed=seed, dealer=seed % rules.config.players)
        groups = _groups(testing.candidate_actions(rnd))
        while True:
            where = f"{rules!r} seed {seed} after {len(rnd.history)} actions"
            for action in _probes(groups, rnd.phase, rng) + EXTRA_PROBES:
                refusal = rnd.explain(action)
                if refusal is not None:
                    produced.setdefault(refusal.rule, f"{where}: {action}")
            legal = rnd.legal_actions()
            for seat in range(rnd.players):
                if seat == rnd.to_act:
                    continue
                action = legal[0] if legal else te.Pass()
                with pytest.raises(te.IllegalActionError) as exc:
                    rnd.apply(action, seat=seat)
                produced.setdefault(exc.value.rule, f"{where}: {action} from seat {seat}")
            if rnd.is_over:
                break
            rnd.apply(_choose(rnd, rng))
    return produced


@pytest.fixture(scope="module")
def randomly_produced() -> dict[str, str]:
    produced: dict[str, str] = {}
    for rules, seeds in _probe_targets():
        for rule, where in probe_random_rounds(rules, seeds).items():
            produced.setdefault(rule, where)
    return produced


def test_every_produced_rule_id_is_documented(randomly_produced: dict[str, str]) -> None:
    """reference.md: "The rule identifiers are stable, so programs can switch on them":
    every id a built-in ruleset produces, over every registered ruleset, every modifier
    composition and the play options, is in the rule-id table."""
    undocumented = {rule: where for rule, where in randomly_produced.items()
                    if rule not in DOCUMENTED}
    assert not undocumented, f"rule ids missing from docs/reference.md: {undocumented}"
    # The probing is broad: most of the table comes up without any scripting.
    assert len(randomly_produced) >= len(DOCUMENTED) * 2 // 3, sorted(randomly_produced)


def test_every_documented_rule_id_can_be_produced(randomly_produced: dict[str, str]) -> None:
    """reference.md's rule-id table lists only ids that a refusal can carry: each is
    produced by the random probing or by a named case (the rare ones, and a plug-in's
    generic refusal through a tiny plug-in)."""
    produced = set(randomly_produced)
    for case in ALL_CASES:
        try:
            produced.add(refuse(case).rule)
        except AssertionError:
            continue  # that case fails on its own; its id may still be missing below
    missing = sorted(DOCUMENTED - produced)
    assert not missing, f"documented rule ids that nothing produces: {missing}"


# --------------------------------------------------------------------------- No Trump


def _states(rnd: Round, rng: random.Random) -> Iterator[Round]:
    """Every state of ``rnd`` until it is over, playing random legal actions."""
    while not rnd.is_over:
        yield rnd
        legal = rnd.legal_actions()
        rnd.apply(legal[rng.randrange(len(legal))])


def _assert_no_trump_to_call(rnd: Round) -> tuple[bool, bool]:
    """``call-trump`` is refused as ``no-trump-to-call`` at every state of the play;
    returns whether a lead and a seat void in the suit led were among them."""
    leading = void = False
    rng = random.Random(len(rnd.history))
    for state in _states(rnd, rng):
        assert state.phase is Phase.PLAY
        assert te.CallTrump() not in state.legal_actions()
        refusal = state.explain(te.CallTrump())
        assert refusal is not None and refusal.rule == "no-trump-to-call", (
            f"{state!r}: {refusal and refusal.rule}")
        with pytest.raises(te.IllegalActionError) as exc:
            state.apply(te.CallTrump())
        assert exc.value.rule == "no-trump-to-call"
        leading |= not state.current_trick
        void |= void_in_led_suit(state)
    return leading, void


@pytest.mark.parametrize("name", ["56", "56-six", "56-eight"])
def test_no_trump_contract_refuses_call_trump_as_no_trump_to_call(name: str) -> None:
    """reference.md: ``no-trump-to-call``: "there is no trump to call for (a single
    hand, a No Trump contract)"; 56.md: if everybody passes, 28 No Trump is assumed.
    At every state of the play (leading, following, void in the suit led), both for the
    all-pass contract and for an explicit ``bid 28 NT``, ``call-trump`` is refused with
    that id, never ``trump-already-exposed``."""
    rules = te.ruleset(name)
    seen_lead = seen_void = False
    for seed in range(4):
        all_pass = rules.new_round(seed=seed, dealer=0)
        while all_pass.phase is Phase.AUCTION:
            all_pass.apply("pass")
        assert all_pass.denomination == te.NO_TRUMP and all_pass.bidder == all_pass.opener
        bid_nt = rules.new_round(seed=seed, dealer=0)
        bid_nt.apply(te.Bid(28, te.NO_TRUMP))
        while bid_nt.phase is Phase.AUCTION:
            bid_nt.apply("pass")
        assert bid_nt.denomination == te.NO_TRUMP and bid_nt.bid == 28
        for rnd in (all_pass, bid_nt):
            leading, void = _assert_no_trump_to_call(rnd)
            seen_lead |= leading
            seen_void |= void
    assert seen_lead and seen_void


@pytest.mark.parametrize("name", ["28+single-hand", "29+single-hand", "40+single-hand",
                                  "28+pair+double+single-hand"])
def test_single_hand_refuses_call_trump_as_no_trump_to_call(name: str) -> None:
    """reference.md: ``no-trump-to-call`` for a single hand; single-hand.md: "There is no
    trump (a face-down trump card goes back to its holder's hand)". At every state of
    the play, the declarer's and the opponents', ``call-trump`` is refused with it."""
    rules = te.ruleset(name)
    seen_lead = seen_void = False
    for seed in range(12):
        rng = random.Random(seed)
        rnd = rules.new_round(seed=seed, dealer=0)
        while not rnd.is_over and rnd.window != "single-hand":
            legal = rnd.legal_actions()
            calls = [a for a in legal if not isinstance(a, (Double, Redouble, CallC))]
            rnd.apply(calls[rng.randrange(len(calls))])
        if rnd.is_over:
            continue  # annulled by a redeal rule
        rnd.apply(SingleHand())
        assert rnd.contract == "single-hand" and rnd.trump_suit is None
        leading, void = _assert_no_trump_to_call(rnd)
        seen_lead |= leading
        seen_void |= void
    assert seen_lead and seen_void
