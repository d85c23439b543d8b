"""The information-hiding property, stated exactly: what a seat sees, and what it learns
by trying actions, is the same in every deal it cannot tell from the real one."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from ..actions import Action, CardAction, LayTrump, Play, SeventhCard
from ..analysis import analyse
from ..errors import IllegalActionError
from ..registry import ruleset as lookup
from ..round import Round
from ..ruleset import Ruleset
from ..sight import sight
from .invariants import _require, _seventh_card, _trump_facts
from .refusals import _candidate_pool, _candidate_texts, refusals_seen


def _seen_mask(rnd: Round, seat: int) -> int:
    """The cards ``seat`` has seen, worked out from its own cards and the public history
    (not from the engine's views): the cards dealt to it (but not a seventh card laid
    face down unseen, until it comes back to its hand), every card played but those cut
    face down that it has not seen (``face_down_mask``), a face-down trump card it laid
    or once it is exposed, and cards shown to everyone (``shown_mask``)."""
    deck = rnd.deck
    seen = rnd.dealt_mask(seat) | rnd.shown_mask
    for who, action in rnd.history:
        if isinstance(action, Play):
            seen |= 1 << deck.card_id(action.card)
        elif isinstance(action, SeventhCard) and who == seat:
            seen &= ~(1 << deck.card_id(_seventh_card(rnd, seat)))
    seen &= ~rnd.face_down_mask(seat)  # cards cut face down that it has not seen
    # Its hand now: an unseen card that came back to it (a contract set the trump aside).
    seen |= rnd.hand_mask(seat)
    _, concealed, exposed_at = _trump_facts(rnd)
    if concealed is not None:
        # (The card it laid itself, not one laid by a bidder of a second auction.)
        laid = any(isinstance(a, LayTrump) and who == seat and a.card == concealed
                   for who, a in rnd.history)
        if exposed_at is not None or laid:
            seen |= 1 << deck.card_id(concealed)
    return seen


def check_sight(rnd: Round, seat: int) -> None:
    """The engine's one answer to what ``seat`` sees (:func:`twentyeight.sight.sight`)
    agrees with this module's own derivation from the seat's cards and the public
    history: the cards it cannot place are exactly those it has not seen and that are
    not still held by itself."""
    answer = sight(rnd, seat)
    derived = rnd.deck.full_mask & ~_seen_mask(rnd, seat)
    _require(answer.hidden == derived,
             f"sight says seat {seat} cannot place {answer.hidden:#x}, the history says "
             f"{derived:#x}")
    _require(answer.face_down == rnd.face_down_mask(seat),
             f"sight's face-down cards for seat {seat} differ from face_down_mask")


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
    cuts = _cut_places(rnd)
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
                or annulled != other_annulled or other.exposed_at != rnd.exposed_at
                or _cut_places(other) != cuts):
            continue
        yield other


def _cut_places(rnd: Round) -> list[int]:
    """Where in the history the cards still face down were played (everyone sees that a
    card went face down, and when)."""
    down = rnd.face_down_mask()
    return [i for i, (_, action) in enumerate(rnd.history)
            if isinstance(action, Play) and down >> rnd.deck.card_id(action.card) & 1]


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
    check_sight(rnd, seat)
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


def check_analysis_hides(rnd: Round, seat: int, rng: random.Random, *, worlds: int = 2,
                         from_trick: int = 0, tries: int = 2) -> int:
    """The hiding property for the analyser: the analysis made for ``seat``
    (:func:`twentyeight.analysis.analyse` with ``worlds`` deals each, from trick
    ``from_trick``: each decision, its legal actions and its informed values) is
    identical in every deal ``seat`` cannot tell apart from this one, and a round not
    finished carries no double-dummy value. Returns how many other deals were
    compared."""

    def informed(r: Round) -> list[Any]:
        found = analyse(r, seat=seat, worlds=worlds, from_trick=from_trick)
        _require(r.is_over or not found.double_dummy,
                 "the analysis of a round not finished gives double-dummy values: they "
                 "show cards still hidden")
        return [(d.index, d.seat, str(d.action), [str(a) for a in d.legal],
                 None if d.informed is None else {str(a): v for a, v in d.informed.items()})
                for d in found.decisions]

    expected = informed(rnd)
    compared = 0
    for other in _unseen_worlds(rnd, seat, rng, tries):
        compared += 1
        _require(informed(other) == expected,
                 f"the informed values of seat {seat}'s plays change when cards it has "
                 "not seen are swapped: they give away hidden information")
    return compared
