"""The per-state invariants: every card in one place, views that hide what they must,
legal actions that apply, tricks won by the right seat, records that replay.

:func:`check_trick_winners` works the winner out again from the public history with its
own code, not with :func:`twentyeight.tricks.trick_winner`, on purpose: a mistake in the
engine's rule cannot then hide from the check that is meant to catch it.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Callable, Sequence

from ..actions import CallTrump, LayTrump, NameTrump, Play, SeventhCard
from ..cards import Card, iter_bits
from ..errors import TwentyEightError
from ..inputs import excerpt
from ..round import Round


class ConformanceError(AssertionError):
    """An invariant that every ruleset must keep does not hold."""


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ConformanceError(message)


def _only_library_errors(attempts: Sequence[tuple[str, Callable[[], object]]], shown: str,
                         unchanged: Callable[[str], None]) -> None:
    """Run each ``(door, attempt)``: only the library's own errors may come out of it
    (anything else is reported for the input ``shown``), and ``unchanged(door)`` checks
    afterwards that the attempt changed nothing it must not."""
    for door, attempt in attempts:
        try:
            attempt()
        except TwentyEightError:
            pass
        except Exception as exc:
            raise ConformanceError(f"{door} let {type(exc).__name__} out for {shown}: "
                                   f"{excerpt(str(exc), 80)}") from None
        unchanged(door)


def _trump_facts(rnd: Round) -> tuple[str | None, Card | None, tuple[int, int] | None]:
    """The trump suit, the face-down trump card (if any) and where the trump was exposed
    (trick index, position), worked out from the history: ``trump <card>``,
    ``trump <suit>`` or ``seventh-card`` (the bidder's seventh card dealt), or the bid
    where it names the trump; exposed where ``call-trump`` was said or the face-down
    card played, at the end of a trick into which a card of the trump suit was cut
    face down (``cut_mode`` ``face-down``), or earlier where a plug-in exposed it by
    rule. A contract without a trump (a single hand) has none; one whose trump its rule
    opened during the play (:meth:`RoundPort.open_trump
    <twentyeight.port.RoundPort.open_trump>`) has the suit and place every view
    reports."""
    if rnd.trump_suit_index < 0:
        return None, None, None
    if rnd.contract != "bid":
        return rnd.trump_suit, None, rnd.exposed_at
    suit: str | None = None
    concealed: Card | None = None
    exposed_at: tuple[int, int] | None = None
    if rnd.config.trump_marker == "open":
        suit, exposed_at = rnd.denomination, (0, 0)
    sizes = [len(t.cards) for t in rnd.tricks]
    trick_no = position = 0
    cuts = rnd.config.trump.option("cut_mode") == "face-down"  # (the trump part's)
    led = ""
    trump_cut = False
    for seat, action in rnd.history:
        if isinstance(action, LayTrump):
            concealed, suit = action.card, action.card.suit
        elif isinstance(action, NameTrump):
            suit = action.suit
        elif isinstance(action, SeventhCard):
            concealed = _seventh_card(rnd, seat)
            suit = concealed.suit
        elif isinstance(action, CallTrump) and exposed_at is None:
            exposed_at = (trick_no, position)
        elif isinstance(action, Play):
            played = action.card.suit
            led = played if position == 0 else led
            if exposed_at is None and cuts and position and played != led:
                # A face-down cut: one of the trump suit exposes it as the trick ends.
                trump_cut = trump_cut or played == suit
            elif exposed_at is None and seat == rnd.bidder and action.card == concealed:
                exposed_at = (trick_no, position)
            position += 1
            if trick_no < len(sizes) and position == sizes[trick_no]:
                if trump_cut and exposed_at is None:
                    exposed_at = (trick_no, position)
                trump_cut = False
                trick_no, position = trick_no + 1, 0
    reported = rnd.exposed_at
    if suit is None and rnd.config.trump_marker not in ("hand-card", "indicator", "open"):
        # A trump part of its own set the trump by an action of its kind (its choose
        # hook), which the history does not spell: every view says which and where.
        return rnd.trump_suit, None, reported
    if rnd.config.plugins and reported is not None and (
            exposed_at is None or reported < exposed_at):
        # A plug-in turned the trump up by its rule (RoundPort.expose_trump), which
        # leaves no action in the history; every view says where.
        exposed_at = reported
    return suit, concealed, exposed_at


def _seventh_card(rnd: Round, seat: int) -> Card:
    """The card ``seat`` took as the unseen seventh card: the one dealt where the trump
    part says (:meth:`~twentyeight.trump.TrumpRules.undealt_position`)."""
    return rnd.deal[seat][rnd.config.trump.undealt_position() - 1]


def check_conservation(rnd: Round) -> None:
    """Every card is in exactly one place (a hand with any concealed card, the undealt
    stock, the trick in progress, a won pile) and the won piles' points add up."""
    deck = rnd.deck
    places = [rnd.held_mask(s) for s in range(rnd.players)]
    dealt = 0
    for s in range(rnd.players):
        dealt |= rnd.dealt_mask(s)
    places.append(deck.full_mask & ~dealt)
    trick = 0
    for _, card in rnd.current_trick:
        trick |= 1 << deck.card_id(card)
    won = [rnd.won_mask(0), rnd.won_mask(1)]
    places += [trick, *won]
    union = 0
    for m in places:
        _require(union & m == 0, "a card is in two places at once")
        union |= m
    _require(union == deck.full_mask, "a card has gone missing")
    bonus = sum(rnd.card_points) - sum(deck.mask_points(m) for m in won)
    played_out = len(rnd.tricks) == rnd.config.tricks
    _require(bonus == (rnd.config.last_trick_points if played_out else 0),
             "card points do not match the cards in the won piles")
    result = rnd.result
    if result is not None and result.annulled is None:
        unplayed = sum(deck.mask_points(rnd.held_mask(s)) for s in range(rnd.players))
        _require(sum(rnd.card_points) - bonus + unplayed == deck.total_points,
                 "a finished hand does not account for every card point")


_CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKAT])[SHDC♠♥♦♣](?:#[0-9]+)?(?![0-9A-Za-z])")


@functools.lru_cache(maxsize=4096)
def _card_text(token: str) -> str:
    return str(Card.parse(token))


def _card_tokens(text: str) -> set[str]:
    """Every card-like word in ``text``, in the text form (``J♠`` is read as ``JS``)."""
    return {_card_text(t) for t in set(_CARD_TOKEN.findall(text))}


def check_views(rnd: Round, *, json_check: bool = True) -> None:
    """No view holds another seat's unplayed cards, nor (before exposure) the concealed
    trump card or suit for anyone but the bidder; views are plain JSON; legal actions
    are listed only for the seat to act. Every card-like word of the view's JSON text
    (letters or suit symbols) is compared with the hidden cards.

    This is a fast screen for the plain leaks; :func:`check_view_hides` states the
    property exactly (a view must not change when the hidden cards do)."""
    _, concealed, exposed_at = _trump_facts(rnd)
    public = rnd.shown_mask
    if concealed is not None and exposed_at is not None:
        public |= 1 << rnd.deck.card_id(concealed)
    blind = any(isinstance(a, SeventhCard) for _, a in rnd.history)
    cards = rnd.deck.cards
    held: list[set[str]] = []
    for s in range(rnd.players):
        private = rnd.held_mask(s) & ~public
        if blind and s == rnd.bidder and concealed is not None and exposed_at is None:
            private &= ~(1 << rnd.deck.card_id(concealed))
        held.append({str(cards[c]) for c in iter_bits(private)})
    unseen = {str(concealed)} if blind and concealed is not None and exposed_at is None \
        else set()
    legal_text = [str(a) for a in rnd.legal_actions()]
    for seat in range(rnd.players):
        view = rnd.view(seat)
        text = json.dumps(view, ensure_ascii=False)
        if json_check:
            _require(json.loads(text) == view, f"view of seat {seat} is not plain JSON")
        words = _card_tokens(text)
        for other in range(rnd.players):
            leak = sorted(words & (unseen if other == seat else held[other]))
            _require(not leak, f"seat {seat}'s view shows {leak} of seat {other}")
        trump = view.get("trump")
        if trump is not None and not trump.get("exposed") and (seat != rnd.bidder or blind):
            _require("suit" not in trump and "card" not in trump,
                     f"seat {seat}'s view shows the concealed trump")
        expected = legal_text if seat == rnd.to_act else []
        _require(view["legal_actions"] == expected,
                 f"seat {seat}'s view lists the wrong legal actions")


def check_legal_actions_apply(rnd: Round, sample: int | None = None,
                              rng: random.Random | None = None) -> None:
    """There is a legal action while the round is not over, none repeats, and every
    one applies (on a clone, leaving the round itself untouched). With ``sample``, only
    that many legal actions, chosen by ``rng``, are applied."""
    legal = rnd.legal_actions()
    _require(rnd.is_over or bool(legal), "no legal action while the round is not over")
    _require(not rnd.is_over or not legal, "legal actions after the round is over")
    _require(len(set(legal)) == len(legal), "a legal action is listed twice")
    before = rnd.to_json()
    chosen = legal if sample is None or len(legal) <= sample else \
        (rng or random.Random(0)).sample(legal, sample)
    for action in chosen:
        copy = rnd.clone()
        copy.apply(action)
    _require(rnd.to_json() == before, "applying to a clone changed the original")


def check_trick_winners(rnd: Round) -> None:
    """Every completed trick went to the right seat with the right points, worked out
    again from the public history (see ``_trump_facts``): from the exposure on (from the
    start of that trick where early trumps count, where the face-down card followed
    the trump suit led, and where the trump part's ``led_trumps_on_exposure`` or
    ``last_trick_led_trumps`` count the led trumps) cards of the trump suit are trumps.
    The highest trump wins, else the highest card of the suit led (by the hand's
    :attr:`~twentyeight.round.Round.rank_order`); of equal cards the first played. A card
    still face down cannot win (the first face-up card's suit is the suit led)."""
    deck = rnd.deck
    order = rnd.rank_order
    own_order = order != deck.spec.ranks
    trump, concealed, exposed_at = _trump_facts(rnd)
    last = rnd.config.tricks - 1
    part = rnd.config.trump
    led_on_exposure = getattr(part, "led_trumps_on_exposure", False)
    last_led = getattr(part, "last_trick_led_trumps", False)
    down = rnd.face_down_mask()
    for k, trick in enumerate(rnd.tricks):
        counts_from: int | None = None
        up = [c for c in trick.cards if not down >> deck.card_id(c) & 1] or trick.cards
        led = up[0].suit
        if exposed_at is not None and exposed_at[0] <= k:
            early = exposed_at[0] < k or rnd.config.early_trumps_count
            # concealed_follow "expose": the face-down card played to follow the trump
            # suit led makes every card of the led suit in that trick a trump.
            early = early or (rnd.config.concealed_follow == "expose" and led == trump
                              and exposed_at[0] == k
                              and trick.cards[exposed_at[1]].suit == trump)
            # An exposure by a face-down cut, as the trick ends: all its trumps count.
            early = early or exposed_at == (k, len(trick.cards))
            # led_trumps_on_exposure: exposed in a trick led in the trump suit.
            early = early or (led_on_exposure and led == trump and exposed_at[0] == k)
            # last_trick_led_trumps: the bidder's face-down card, its last, played into
            # the last trick led in the trump suit.
            early = early or (last_led and k == last and led == trump
                              and exposed_at[0] == k and exposed_at[1] < len(trick.cards)
                              and trick.cards[exposed_at[1]] == concealed)
            counts_from = 0 if early else exposed_at[1]
        best: tuple[int, int] | None = None
        winner = -1
        for i, (seat, card) in enumerate(zip(trick.seats, trick.cards, strict=True)):
            strength = -order.index(card.rank) if own_order \
                else deck.strength[deck.card_id(card)]
            if card not in up:
                continue
            if counts_from is not None and i >= counts_from and card.suit == trump:
                key = (2, strength)
            elif card.suit == led:
                key = (1, strength)
            else:
                continue
            if best is None or key > best:
                best, winner = key, seat
        _require(trick.winner == winner,
                 f"trick {k + 1} went to seat {trick.winner}; the rules give it to {winner}")
        points = sum(deck.points[deck.card_id(c)] for c in trick.cards)
        if k == last:
            points += rnd.config.last_trick_points
        _require(trick.points == points, f"trick {k + 1} scored {trick.points}, not {points}")


def check_record_round_trip(rnd: Round) -> None:
    """``from_json(to_json())`` is the same round: record, legal actions and views."""
    text = rnd.to_json()
    again = Round.from_json(text)
    _require(again.to_json() == text, "the record does not replay to the same record")
    _require(again.legal_actions() == rnd.legal_actions(),
             "the replayed round has other legal actions")
    _require(all(again.view(s) == rnd.view(s) for s in range(rnd.players)),
             "the replayed round shows other views")
