"""A conformance kit for rulesets: invariants any ruleset must keep, and drivers that
check them over random rounds. Plug-in authors run it against their own rulesets::

    from twentyeight.testing import check_random_rounds
    check_random_rounds("my-ruleset", rounds=200)

Every check raises :class:`ConformanceError` naming the broken invariant. Nothing here
needs a test framework; :mod:`twentyeight.testing.stateful` (hypothesis) builds on it.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Callable, Iterator, Sequence

import attrs

from .actions import (
    Action,
    Bid,
    CallTrump,
    CardAction,
    LayTrump,
    NameTrump,
    Pass,
    Play,
    Redeal,
    SeventhCard,
    parse_action,
)
from .cards import Card, iter_bits
from .errors import IllegalActionError, ParseError, TwentyEightError
from .inputs import excerpt
from .registry import ruleset as lookup
from .round import Round
from .ruleset import Ruleset

__all__ = [
    "ConformanceError",
    "candidate_actions",
    "check_action_refusals",
    "check_conservation",
    "check_hiding",
    "check_hostile_inputs",
    "check_hostile_text",
    "check_legal_actions_apply",
    "check_random_rounds",
    "check_record_round_trip",
    "check_refusals_hide",
    "check_refusals_hide_in_rounds",
    "check_round",
    "check_trick_winners",
    "check_view_hides",
    "check_views",
    "hostile_texts",
    "play_random_round",
    "refusals_seen",
    "state_machine",
]


class ConformanceError(AssertionError):
    """An invariant that every ruleset must keep does not hold."""


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ConformanceError(message)


def _trump_facts(rnd: Round) -> tuple[str | None, Card | None, tuple[int, int] | None]:
    """The trump suit, the face-down trump card (if any) and where the trump was exposed
    (trick index, position), worked out from the history: ``trump <card>``,
    ``trump <suit>`` or ``seventh-card`` (the bidder's seventh card dealt), or the bid
    where it names the trump; exposed where ``call-trump`` was said or the face-down
    card played. A contract without a trump (a single hand) has none."""
    if rnd.trump_suit_index < 0:
        return None, None, None
    suit: str | None = None
    concealed: Card | None = None
    exposed_at: tuple[int, int] | None = None
    if rnd.config.trump_marker == "open":
        suit, exposed_at = rnd.denomination, (0, 0)
    sizes = [len(t.cards) for t in rnd.tricks]
    trick_no = position = 0
    for seat, action in rnd.history:
        if isinstance(action, LayTrump):
            concealed, suit = action.card, action.card.suit
        elif isinstance(action, NameTrump):
            suit = action.suit
        elif isinstance(action, SeventhCard):
            concealed = rnd.deal[seat][6]
            suit = concealed.suit
        elif isinstance(action, CallTrump) and exposed_at is None:
            exposed_at = (trick_no, position)
        elif isinstance(action, Play):
            if exposed_at is None and seat == rnd.bidder and action.card == concealed:
                exposed_at = (trick_no, position)
            position += 1
            if trick_no < len(sizes) and position == sizes[trick_no]:
                trick_no, position = trick_no + 1, 0
    return suit, concealed, exposed_at


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


def _seen_mask(rnd: Round, seat: int) -> int:
    """The cards ``seat`` has seen, worked out from its own cards and the public history
    (not from the engine's views): the cards dealt to it (but not a seventh card laid
    face down unseen), every card played, a face-down trump card it laid or once it is
    exposed, and cards shown to everyone (``shown_mask``)."""
    deck = rnd.deck
    seen = rnd.dealt_mask(seat) | rnd.shown_mask
    for who, action in rnd.history:
        if isinstance(action, Play):
            seen |= 1 << deck.card_id(action.card)
        elif isinstance(action, SeventhCard) and who == seat:
            seen &= ~(1 << deck.card_id(rnd.deal[seat][6]))
    _, concealed, exposed_at = _trump_facts(rnd)
    if concealed is not None:
        laid = any(isinstance(a, LayTrump) and who == seat for who, a in rnd.history)
        if exposed_at is not None or laid:
            seen |= 1 << deck.card_id(concealed)
    return seen


def _unseen_worlds(rnd: Round, seat: int, rng: random.Random, tries: int) -> Iterator[Round]:
    """Rounds that ``seat`` cannot tell from ``rnd``: each try permutes, at random, the
    cards ``seat`` has not seen (other hands' unplayed cards, the undealt stock, a
    concealed trump card it did not lay), replays the same history with the permutation
    applied to the hidden cards and yields the result where that world is consistent
    with everything public (every action is legal there and the round is in the same
    state of play). Odd tries keep each card's suit, which keeps most worlds consistent;
    even tries mix suits too."""
    deck = rnd.deck
    seen = _seen_mask(rnd, seat)
    hidden = [c for c in range(deck.size) if not seen >> c & 1]
    if len(hidden) < 2:
        return
    deal = [[deck.card_id(c) for c in hand] for hand in rnd.deal]
    cards = deck.cards
    annulled = rnd.result.annulled if rnd.result is not None else None
    for attempt in range(tries):
        target = hidden[:]
        if attempt % 2 == 0:
            by_suit: dict[int, list[int]] = {}
            for c in hidden:
                by_suit.setdefault(deck.suit_of[c], []).append(c)
            for group in by_suit.values():
                rng.shuffle(group)
            target = [by_suit[deck.suit_of[c]].pop() for c in hidden]
        else:
            rng.shuffle(target)
        perm = list(range(deck.size))
        for src, dst in zip(hidden, target, strict=True):
            perm[src] = dst
        other = rnd.ruleset.new_round(
            deal=[[cards[perm[c]] for c in hand] for hand in deal], dealer=rnd.dealer,
            scores=rnd.scores)
        try:
            for _, action in rnd.history:
                if isinstance(action, CardAction):
                    action = attrs.evolve(action, card=cards[perm[deck.card_id(action.card)]])
                other.apply(action)
        except IllegalActionError:
            continue  # a world the public history rules out
        other_annulled = other.result.annulled if other.result is not None else None
        if (other.phase is not rnd.phase or other.to_act != rnd.to_act
                or annulled != other_annulled):
            continue
        yield other


Refusal = tuple[str, str, str | None] | None
"""What trying an action tells a seat: ``None`` (allowed), else the refusal's rule,
message and action text."""


def refusals_seen(rnd: Round, seat: int, actions: Sequence[Action | str]) -> list[Refusal]:
    """What ``seat`` learns by trying each of ``actions`` now, without changing the
    round: for the seat to act, :meth:`~twentyeight.Round.explain` (texts are parsed
    first, and a :class:`~twentyeight.ParseError` is a refusal too); for any other seat,
    the refusal of ``apply(action, seat=seat)``."""
    out: list[Refusal] = []
    for action in actions:
        try:
            if seat != rnd.to_act:
                rnd.apply(action, seat=seat)
                raise ConformanceError(f"{action} from seat {seat}, not to act, was applied")
            act = rnd.parse_action(action) if isinstance(action, str) else action
            exc = rnd.explain(act)
        except IllegalActionError as refused:
            exc = refused
        except ParseError as bad:
            out.append((bad.rule, str(bad), None))
            continue
        out.append(None if exc is None else (exc.rule, exc.reason, exc.action))
    return out


def check_view_hides(rnd: Round, seat: int, rng: random.Random, *, tries: int = 2) -> int:
    """The information-hiding property, stated exactly: ``view(seat)`` is identical for
    any two deals that ``seat`` cannot tell apart (see ``_unseen_worlds`` for how the
    other deals are made). Returns how many consistent worlds were compared."""
    return check_hiding(rnd, seat, rng, tries=tries, actions=())[0]


def check_refusals_hide(rnd: Round, seat: int, rng: random.Random, *, tries: int = 2,
                        actions: Sequence[Action | str] | None = None) -> int:
    """The hiding property for refusals: what ``seat`` learns by trying any action (the
    rule id, message and action text of each refusal, or that it is allowed) is the
    same in every deal it cannot tell apart from this one. ``actions`` defaults to
    :func:`candidate_actions` plus the text of each card action without its copy mark
    (which a two-pack deck reads by the copy held). Returns how many refusals were
    compared, over all consistent worlds."""
    return check_hiding(rnd, seat, rng, tries=tries, actions=actions, view=False)[1]


def check_hiding(rnd: Round, seat: int, rng: random.Random, *, tries: int = 2,
                 actions: Sequence[Action | str] | None = None,
                 view: bool = True) -> tuple[int, int]:
    """:func:`check_view_hides` and :func:`check_refusals_hide` in the same other deals,
    with ``public_record(seat)`` and ``public_record()`` held to the view's standard
    (``view=False`` leaves views and public records out; ``actions=()`` the refusals).
    Returns how many worlds and how many refusals were compared."""
    if actions is None:
        actions = [*_candidate_pool(rnd.ruleset), *_candidate_texts(rnd.ruleset)]
    before = rnd.to_json() if actions else ""
    expected_view = (rnd.view(seat), rnd.public_record(seat), rnd.public_record()) \
        if view else None
    expected = refusals_seen(rnd, seat, actions)
    _require(not actions or rnd.to_json() == before, "trying actions changed the round")
    worlds = refusals = 0
    for other in _unseen_worlds(rnd, seat, rng, tries):
        worlds += 1
        if expected_view is not None:
            _require(other.view(seat) == expected_view[0],
                     f"seat {seat}'s view changes when cards it has not seen are swapped: "
                     "it gives away hidden information")
            _require(other.public_record(seat) == expected_view[1]
                     and other.public_record() == expected_view[2],
                     f"a public record changes when cards seat {seat} has not seen are "
                     "swapped: it gives away hidden information")
        for action, mine, theirs in zip(actions, expected, refusals_seen(other, seat, actions),
                                         strict=True):
            _require(mine == theirs,
                     f"seat {seat} learns about cards it has not seen by trying {action}: "
                     f"{mine} here, {theirs} when they are swapped")
        refusals += len(actions)
    return worlds, refusals


def candidate_actions(rnd: Round) -> list[Action]:
    """A broad pool of actions, legal or not, for probing the legality protocol: every
    core kind, bids in and out of range in every denomination (and none), and one of
    each action kind the ruleset's plug-ins add."""
    return list(_candidate_pool(rnd.ruleset))


@functools.lru_cache(maxsize=64)
def _candidate_texts(rules: Ruleset) -> tuple[str, ...]:
    """Texts of ``play`` and ``trump`` for every card without its copy mark (in a
    two-pack deck they are read by the copy the player holds)."""
    names = sorted({f"{c.rank}{c.suit}" for c in rules.deck.cards})
    return tuple(f"{verb} {name}" for name in names for verb in ("play", "trump"))


@functools.lru_cache(maxsize=64)
def _candidate_pool(rules: Ruleset) -> tuple[Action, ...]:
    config = rules.config
    pool: list[Action] = [Pass(), CallTrump(), Redeal(), SeventhCard()]
    denominations = {None, *config.auction.denominations}
    pool += [Bid(v, d) for v in range(-1, config.max_bid + 3) for d in denominations]
    pool += [NameTrump(s) for s in rules.deck.spec.suits]
    for card in rules.deck.cards:
        pool += [Play(card), LayTrump(card)]
    for kind in (*rules.kind_owner, *config.auction.action_kinds):
        try:
            pool.append(kind())
        except TypeError:
            continue  # a kind that takes arguments: not probed
    return tuple(pool)


def check_action_refusals(rnd: Round, actions: list[Action]) -> None:
    """Each action not in ``legal_actions()`` raises :class:`IllegalActionError` naming
    a rule and leaves the round exactly as it was (its history and legal actions after
    each refusal; its JSON record and the view of the seat to act after them all); a
    legal one is reported legal. A legal action sent from a seat not to act is refused
    the same way."""
    legal = rnd.legal_actions()
    before = rnd.to_json()
    view = rnd.view(rnd.to_act) if rnd.to_act is not None else None
    steps = len(rnd.history)
    for action in actions:
        if action in legal:
            _require(rnd.is_legal(action), f"{action} is listed but is_legal() says no")
            continue
        try:
            rnd.apply(action)
        except IllegalActionError as exc:
            _require(bool(exc.rule), f"refusing {action} names no rule")
        else:
            raise ConformanceError(f"{action} is not listed as legal but was applied")
        _require(len(rnd.history) == steps, f"refusing {action} changed the round")
        _require(rnd.legal_actions() == legal, f"refusing {action} changed the legal actions")
    if rnd.to_act is not None and legal:
        other = (rnd.to_act + 1) % rnd.players
        try:
            rnd.apply(legal[0], seat=other)
        except IllegalActionError:
            pass
        else:
            raise ConformanceError("an action from a seat that is not to act was applied")
    _require(rnd.to_json() == before, "refusing an action changed the round")
    _require(view is None or rnd.view(view["seat"]) == view,
             "refusing an action changed what the player to act sees")


_NUMBER_LIKE = ("²", "①", "１６", "𝟏𝟔", "٣", "߃", "৭", "Ⅻ", "½", "9" * 4301, "0" * 50 + "16",
                "-1", "+16", "1e3", "16.0", "0x10", "1_6", " 16 ")
"""Texts that look like numbers to some part of Python and are not numbers here."""
_NASTY = ("", " ", "\x00", "\ud800", "\udfff", "\u202e", "\ufeff", "\n", "\t" * 3, "#",
          "##2", "+", "++", "NaN", "None", "null", "\\", "'", '"', "{}", "[]", "%s", "{0}")


def hostile_texts(rules: Ruleset | str, rng: random.Random, count: int) -> Iterator[str]:
    """``count`` texts a hostile client might send, made from the ruleset's own action
    and card texts: digits of every script, numbers too long for ``int()``, NUL, lone
    surrogates, control and formatting characters, texts of up to 10**5 characters and
    at the limit, random code points from every plane, and real actions with one of
    these spliced in. No test framework is needed, so plug-in authors can run it."""
    rs = lookup(rules) if isinstance(rules, str) else rules
    words = [str(a) for a in _candidate_pool(rs)] + list(_candidate_texts(rs))
    pieces = (*_NUMBER_LIKE, *_NASTY)
    for _ in range(count):
        kind = rng.randrange(6)
        if kind == 0:
            text = rng.choice(words).replace(rng.choice("0123456789SHDCJ"), rng.choice(pieces))
        elif kind == 1:
            verb = rng.choice(("bid", "play", "trump", "pass", "call-trump", "redeal"))
            text = f"{verb} {rng.choice(pieces)}{rng.choice(('', ' S', ' NT', '#2', ' spades'))}"
        elif kind == 2:
            text = "".join(chr(rng.randrange(0x110000)) for _ in range(rng.randrange(1, 12)))
        elif kind == 3:
            unit = rng.choice((*pieces, "9 ", "bid ", "JS", "♠"))
            text = unit * rng.choice((2, 100, 201, 5000, 100_000 // max(1, len(unit))))
        elif kind == 4:
            text = rng.choice(words)
            i = rng.randrange(len(text) + 1)
            text = text[:i] + rng.choice(pieces) + text[i:]
        else:
            text = rng.choice(pieces) + rng.choice(("", " ", " S", " Spades", "#2"))
        yield text


def check_hostile_text(rnd: Round, text: str) -> None:
    """Feed ``text`` to every door a client or a stored record can reach: the action
    parsers, ``explain`` and ``is_legal``, ``apply`` from the seat to act and from
    another seat, :meth:`Card.parse`,
    an explicit deal, a record's action, ruleset name and option, ``from_record`` and
    ``ruleset(name, **options)``. Only the library's own errors
    (:class:`~twentyeight.TwentyEightError`) may come out, and a refusal leaves the
    round's record unchanged."""
    before = rnd.to_json()
    record = json.loads(before)
    rs = rnd.ruleset
    attempts: list[tuple[str, Callable[[], object]]] = [
        ("parse_action", lambda: parse_action(text)),
        ("Round.parse_action", lambda: rnd.parse_action(text)),
        ("explain", lambda: rnd.explain(text)),
        ("is_legal", lambda: rnd.is_legal(text)),
        ("Card.parse", lambda: Card.parse(text)),
        ("apply", lambda: rnd.clone().apply(text)),
        ("ruleset", lambda: lookup(text)),
        ("ruleset option name", lambda: lookup(rs.name, **{text: 1})),
        ("ruleset option value", lambda: rs.with_options(
            **{_option_for(rs, text): text})),
        ("deal", lambda: rs.new_round(deal=[
            [text, *map(str, hand[1:])] for hand in rnd.deal], dealer=rnd.dealer)),
        ("record action", lambda: Round.from_record(
            {**record, "actions": [*record["actions"], text]})),
        ("record ruleset", lambda: Round.from_record({**record, "ruleset": text})),
        ("record option", lambda: Round.from_record({**record, "options": {text: text}})),
        ("record JSON", lambda: Round.from_json(text)),
    ]
    if rnd.to_act is not None:
        other = (rnd.to_act + 1) % rnd.players
        attempts.append(("apply from another seat", lambda: rnd.apply(text, seat=other)))
        attempts.append(("apply from the seat to act",
                         lambda: rnd.clone().apply(text, seat=rnd.to_act)))
    for door, attempt in attempts:
        try:
            attempt()
        except TwentyEightError:
            pass
        except Exception as exc:
            raise ConformanceError(
                f"{door} let {type(exc).__name__} out for {excerpt(text)}: "
                f"{excerpt(str(exc), 80)}") from None
        _require(rnd.to_json() == before, f"{door} changed the round for {excerpt(text)}")


def _option_for(rules: Ruleset, text: str) -> str:
    """An option of ``rules`` chosen by ``text`` (the same text, the same option)."""
    names = sorted(rules.options())
    return names[sum(map(ord, text[:64])) % len(names)]


def check_hostile_inputs(rules: Ruleset | str, count: int = 1000, seed: int = 0) -> int:
    """:func:`check_hostile_text` for ``count`` :func:`hostile_texts`, each at a
    state of a seeded random round of ``rules`` (a new round every 50 texts, states
    from the auction to the end); returns how many texts were tried."""
    rs = lookup(rules) if isinstance(rules, str) else rules
    rng = random.Random(seed)
    rnd = rs.new_round(seed=seed)
    for k, text in enumerate(hostile_texts(rs, rng, count)):
        if k % 50 == 0:
            rnd = rs.new_round(seed=seed + k, dealer=k % rs.config.players)
            for _ in range(rng.randrange(rs.config.max_actions)):
                legal = rnd.legal_actions()
                if not legal:
                    break
                rnd.apply(legal[rng.randrange(len(legal))])
        check_hostile_text(rnd, text)
    return count


def check_refusals_hide_in_rounds(rules: Ruleset | str, inputs: int = 2000,
                                  seed: int = 0) -> int:
    """:func:`check_hiding` (views and refusals) for the seat to act and one other seat,
    at every step of seeded random rounds of ``rules``, until at least ``inputs``
    refusals have been compared across other deals; returns how many were."""
    rs = lookup(rules) if isinstance(rules, str) else rules
    rng = random.Random(seed)
    compared = 0
    k = 0
    while compared < inputs:
        rnd = rs.new_round(seed=seed + k, dealer=k % rs.config.players)
        k += 1
        while not rnd.is_over and compared < inputs:
            assert rnd.to_act is not None
            for seat in (rnd.to_act, rng.randrange(rnd.players)):
                compared += check_hiding(rnd, seat, rng, tries=1)[1]
            legal = rnd.legal_actions()
            rnd.apply(legal[rng.randrange(len(legal))])
    return compared


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
    start of that trick where early trumps count) cards of the trump suit are trumps.
    The highest trump wins, else the highest card of the suit led; of equal cards the
    first played."""
    deck = rnd.deck
    trump, _, exposed_at = _trump_facts(rnd)
    last = rnd.config.tricks - 1
    for k, trick in enumerate(rnd.tricks):
        counts_from: int | None = None
        if exposed_at is not None and exposed_at[0] <= k:
            early = exposed_at[0] < k or rnd.config.early_trumps_count
            counts_from = 0 if early else exposed_at[1]
        led = trick.cards[0].suit
        best: tuple[int, int] | None = None
        winner = -1
        for i, (seat, card) in enumerate(zip(trick.seats, trick.cards, strict=True)):
            strength = deck.strength[deck.card_id(card)]
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


def check_round(rnd: Round, rng: random.Random | None = None, *, probes: int = 8,
                hiding_tries: int = 2, views: bool = True,
                legal_sample: int | None = None) -> None:
    """Every per-state invariant; ``rng`` picks ``probes`` illegal actions to try and
    one seat (the seat to act half the time) whose view and refusals are put through
    :func:`check_hiding` (``hiding_tries`` other deals). ``views=False`` leaves out
    the two view checks and ``legal_sample`` applies only that many legal actions
    (the deep profile's lighter steps)."""
    rng = rng or random.Random(0)
    check_conservation(rnd)
    if views:
        check_views(rnd, json_check=probes > 2)
        if hiding_tries:
            # The seat to act learns most from refusals: it is chosen half the time.
            seat = rnd.to_act if rnd.to_act is not None and rng.random() < 0.5 \
                else rng.randrange(rnd.players)
            check_hiding(rnd, seat, rng, tries=hiding_tries)
    check_legal_actions_apply(rnd, legal_sample, rng)
    pool = _candidate_pool(rnd.ruleset)
    check_action_refusals(rnd, rng.sample(pool, min(probes, len(pool))))


def play_random_round(rules: Ruleset | str, seed: int, *, check: bool = True,
                      round_trip_every: int = 10, probes: int = 8,
                      hiding_tries: int = 2, view_every: int = 1,
                      legal_sample: int | None = None) -> Round:
    """Play one round with uniformly random legal actions, checking every invariant
    after every step (``probes`` illegal actions tried at each, ``hiding_tries`` other
    deals for one seat's view), the JSON round trip every ``round_trip_every`` steps
    (0: at the end only). With ``view_every`` above 1 the view checks run at every
    such step (from a random first step) and at the end; with ``legal_sample`` only
    that many legal actions are applied at each step."""
    rs = lookup(rules) if isinstance(rules, str) else rules
    rng = random.Random(seed)
    rnd = rs.new_round(seed=seed, dealer=seed % rs.config.players)
    steps = 0
    offset = rng.randrange(view_every)
    while not rnd.is_over:
        if check:
            check_round(rnd, rng, probes=probes, hiding_tries=hiding_tries,
                        views=(steps + offset) % view_every == 0, legal_sample=legal_sample)
            if round_trip_every and steps % round_trip_every == 0:
                check_record_round_trip(rnd)
        seat = rnd.to_act
        trick_len = len(rnd.current_trick)
        legal = rnd.legal_actions()
        action = legal[rng.randrange(len(legal))]
        rnd.apply(action)
        steps += 1
        _require(steps <= rs.config.max_actions,
                 f"the round took more than {rs.config.max_actions} actions")
        if (check and isinstance(action, Play) and seat is not None and not rnd.is_over
                and len(rnd.current_trick) == trick_len + 1):
            nxt = (seat + 1) % rnd.players
            while not rnd.active_mask >> nxt & 1:
                nxt = (nxt + 1) % rnd.players
            _require(rnd.to_act == nxt,
                     "play did not pass to the next seat in play counter-clockwise")
    if check:
        check_conservation(rnd)
        check_views(rnd)
        check_trick_winners(rnd)
        check_record_round_trip(rnd)
        result = rnd.result
        _require(result is not None, "a finished round has no result")
        if result is not None and result.annulled is None:
            # An every-trick contract ends at its first lost trick; others play out.
            lost = result.target is None and result.made is False
            _require(len(rnd.tricks) == rs.config.tricks or lost, "a hand ended early")
            in_play = rnd.active_mask.bit_count()
            _require(all(len(t.cards) == in_play for t in rnd.tricks),
                     "a trick has the wrong number of cards")
    return rnd


def check_random_rounds(rules: Ruleset | str, rounds: int = 100, seed: int = 0,
                        *, check: bool = True, deep: bool = False) -> int:
    """Play ``rounds`` random rounds with every invariant checked; returns how many
    were played. Raises :class:`ConformanceError` at the first broken invariant.
    ``deep`` is the profile for very many rounds: every invariant in every round, with
    lighter steps: at every step conservation, two illegal probes and two legal actions
    applied; every eighth step (from a random first one) and at the end every seat's
    view and one other deal for the hiding property; the JSON round trip, trick winners
    and termination at the end of each round."""
    rs = lookup(rules) if isinstance(rules, str) else rules
    for k in range(rounds):
        if deep:
            play_random_round(rs, seed + k, check=check, round_trip_every=0, probes=2,
                              hiding_tries=1, view_every=8, legal_sample=2)
        else:
            play_random_round(rs, seed + k, check=check)
    return rounds


def state_machine(rules: Ruleset | str) -> type:
    """A hypothesis ``RuleBasedStateMachine`` for ``rules``: it deals a seeded round,
    then plays, clones, serialises and replays in an order hypothesis chooses, checking
    every invariant after every step. Use ``machine.TestCase`` as a test class."""
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

    rs = lookup(rules) if isinstance(rules, str) else rules

    class RoundMachine(RuleBasedStateMachine):
        """Plays one round of the ruleset in steps hypothesis chooses."""

        rnd: Round

        @initialize(seed=st.integers(0, 2**64 - 1))
        def deal(self, seed: int) -> None:
            self.rnd = rs.new_round(seed=seed, dealer=seed % rs.config.players)
            self.steps = 0

        @precondition(lambda self: not self.rnd.is_over)
        @rule(pick=st.integers(0, 10**6))
        def play(self, pick: int) -> None:
            legal = self.rnd.legal_actions()
            self.rnd.apply(legal[pick % len(legal)])
            self.steps += 1

        @precondition(lambda self: not self.rnd.is_over)
        @rule(picks=st.lists(st.integers(0, 10**6), max_size=6))
        def probe_illegal(self, picks: list[int]) -> None:
            pool = candidate_actions(self.rnd)
            check_action_refusals(self.rnd, [pool[p % len(pool)] for p in picks])

        @rule(pick=st.integers(0, 10**6))
        def clone_and_diverge(self, pick: int) -> None:
            before = self.rnd.to_json()
            copy = self.rnd.clone()
            legal = copy.legal_actions()
            if legal:
                copy.apply(legal[pick % len(legal)])
            _require(self.rnd.to_json() == before, "a clone shares state with its original")

        @rule(seat=st.integers(0, rs.config.players - 1), salt=st.integers(0, 2**32))
        def view_hides_unseen_cards(self, seat: int, salt: int) -> None:
            check_view_hides(self.rnd, seat, random.Random(salt))

        @rule()
        def serialise_and_replay(self) -> None:
            check_record_round_trip(self.rnd)
            self.rnd = Round.from_json(self.rnd.to_json())

        @invariant()
        def invariants_hold(self) -> None:
            if hasattr(self, "rnd"):
                check_conservation(self.rnd)
                check_views(self.rnd)
                check_legal_actions_apply(self.rnd)
                check_trick_winners(self.rnd)
                _require(self.steps <= rs.config.max_actions, "the round does not end")

    RoundMachine.__name__ = f"RoundMachine_{rs.name}"
    return RoundMachine
