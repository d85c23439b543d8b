"""The round: one deal from the first card dealt to the score.

A :class:`Round` is a state machine with explicit phases (:class:`Phase`). Dealing is
chance and happens by itself when the rules call for it; every other step is an
:class:`~twentyeight.actions.Action` by the player in :attr:`Round.to_act`.

Legality has one source (:mod:`~twentyeight.legality`): both :meth:`Round.legal_actions`
and :meth:`Round.apply` read it, and a refusal names its rule.

The order of a round: the first packets are dealt; the auction (the ruleset's
:class:`~twentyeight.plugins.AuctionRules`); the trump is chosen (a card laid face down,
an indicator, the seventh card, or named by the bid); call windows at ``trump-chosen``;
the rest of the deal and the redeal checks; call windows at ``before-play``; the play;
the score. Plug-ins hook in at those points (:mod:`twentyeight.plugins`).
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any, TypeVar, overload

from .actions import Action, Bid, CallTrump, Pass, Play, Redeal
from .cards import Card
from .config import RulesetConfig
from .deals import MAX_SEED, packet_masks_of, seeded_packet_masks, shuffle_deal, shuffled_deck
from .encoding import as_mask, observe
from .errors import IllegalActionError, ParseError
from .inputs import MAX_ACTION_TEXT, describe
from .port_access import deal_ids
from .records import (
    MAX_RECORD_CHARS,
    MAX_SCORE,
    PUBLIC_RECORD_FORMAT,
    RECORD_FORMAT,
    RECORD_VERSION,
    record_of,
    replay,
    replay_text,
)
from .resample import resample
from .results import RoundResult, Trick
from .state import (
    AUCTION,
    CALLS,
    PLAY,
    TRUMP,
    Phase,
    RawTrick,
    copy_round,
    fill_blank,
)
from .views import SeatView, Views

if TYPE_CHECKING:
    from .ruleset import Ruleset

_Buffer = TypeVar("_Buffer")
"""A caller's buffer an observation is written into (a list, a numpy array)."""

__all__ = [
    "MAX_RECORD_CHARS",
    "MAX_SCORE",
    "MAX_SEED",
    "PUBLIC_RECORD_FORMAT",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "Phase",
    "Round",
    "RoundResult",
    "SeatView",
    "Trick",
    "seeded_packet_masks",
    "shuffle_deal",
    "shuffled_deck",
]


class Round(Views):
    """One deal of a ruleset. Create it with ``Ruleset.new_round`` (or
    :func:`twentyeight.new_round`); drive it with :meth:`legal_actions` and :meth:`apply`.

    Its plug-ins see it through a :class:`~twentyeight.port.RoundPort`, never directly:
    only their hooks can change it, from inside the action that called them.

    The round is built in layers, each in its own module: its typed state
    (:mod:`~twentyeight.state`), legality (:mod:`~twentyeight.legality`), the phase
    machine (:mod:`~twentyeight.phases`) and the views (:mod:`~twentyeight.views`);
    this module holds the public API."""

    __slots__ = ()

    def __new__(cls, /, *args: Any, **kwargs: Any) -> Round:
        # A round is an instance of its ruleset's own class (see ruleset.round_class), which
        # holds what the ruleset fixes. ``cls`` is positional-only and the ruleset is read
        # as __init__ takes it (first, or by name), so no keyword collides with either.
        if cls is not Round:
            return object.__new__(cls)
        ruleset = args[0] if args else kwargs.get("ruleset")
        round_class: type[Round] = getattr(ruleset, "_round_class", cls)
        return object.__new__(round_class)

    def __init__(
        self,
        ruleset: Ruleset,
        *,
        dealer: int,
        seed: int | None,
        deal: tuple[tuple[int, ...], ...] | None,
        packet_masks: tuple[tuple[int, ...], ...] | None = None,
        scores: tuple[int, ...] | None = None,
    ) -> None:
        fill_blank(self, ruleset, dealer)
        _start(self, seed, deal, packet_masks, scores)

    # ------------------------------------------------------------------ public reads

    @property
    def config(self) -> RulesetConfig:
        """The ruleset's :class:`~twentyeight.config.RulesetConfig`."""
        return self.ruleset.config

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._n

    @property
    def opener(self) -> int:
        """The seat to the dealer's right: first to bid and first to lead."""
        return (self.dealer + 1) % self._n

    @property
    def result(self) -> RoundResult | None:
        """The outcome once :attr:`is_over`, else ``None``."""
        return self._result

    @property
    def bidder(self) -> int | None:
        """The seat holding the highest bid (the declarer once the auction is over, or
        the player of a contract a plug-in set, such as a single hand)."""
        return self._bidder if self._bidder >= 0 else None

    @property
    def bid(self) -> int | None:
        """The highest bid so far."""
        return self._high_bid if self._bidder >= 0 else None

    @property
    def denomination(self) -> str | None:
        """What the highest bid names where bids name the trump: a suit letter or
        ``"NT"``; ``None`` for plain numeric bids."""
        return self._denomination

    @property
    def target(self) -> int | None:
        """The card points the contract needs (the bid, adjusted by plug-ins such as the
        pair); ``None`` before the auction ends and for an every-trick contract."""
        return self._target

    @property
    def multiplier(self) -> int:
        """The stake multiplier: 1, 2 when doubled, 4 when redoubled."""
        return self._multiplier

    @property
    def stake(self) -> int | None:
        """A fixed number of game points a call put on the hand (the C), if any."""
        return self._stake

    @property
    def contract(self) -> str:
        """``"bid"``, or the name of the plug-in that set another kind of contract."""
        return self._contract

    @property
    def rank_order(self) -> tuple[str, ...]:
        """The ranks of every suit, high to low, by which this hand's tricks are won:
        the deck's, or the contract's own (Thunee's Royals)."""
        return self._rank_order or self.deck.spec.ranks

    @property
    def scores(self) -> tuple[int, ...] | None:
        """The match's running game points when this round was dealt, if given."""
        return self._scores

    @property
    def passed_mask(self) -> int:
        """Bitmask of the seats that have passed in the auction."""
        return self._passed

    @property
    def spoken_mask(self) -> int:
        """Bitmask of the seats that have made any call in the auction."""
        return self._spoken

    @property
    def pass_run(self) -> int:
        """Consecutive passes since the last bid or other call of the auction."""
        return self._pass_run

    @property
    def reopened_bid(self) -> int | None:
        """The highest bid when the auction was reopened after the deal (a second
        auction), or ``None`` if it was not."""
        return self._reopened_bid

    def bids_made(self, seat: int) -> int:
        """How many bids ``seat`` has made in this auction."""
        return self._bids_by[seat]

    @property
    def trump_exposed(self) -> bool:
        """True once the trump suit is known to everyone (from the start when the bid
        names it)."""
        return self._exposed_at is not None

    @property
    def exposed_at(self) -> tuple[int, int] | None:
        """Where the trump was exposed: ``(trick index, position in the trick)``."""
        return self._exposed_at

    @property
    def trump_suit(self) -> str | None:
        """The trump suit letter once chosen (full information: not for clients)."""
        return self.deck.suit_letter(self._trump_suit) if self._trump_suit >= 0 else None

    @property
    def trump_suit_index(self) -> int:
        """The trump suit as a deck suit index, -1 before it is chosen or with none."""
        return self._trump_suit

    @property
    def concealed_card(self) -> Card | None:
        """The face-down trump card, while it is face down (full information), on the
        table or cut face down into the trick in progress."""
        if self._concealed >= 0 and self._exposed_at is None:
            return self.deck.cards[self._concealed]
        return None

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every action so far as ``(seat, action)``."""
        return tuple(self._actions)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks."""
        cards = self.deck.cards
        return tuple([_trick_value(cards, t) for t in self._tricks])

    def won_mask(self, team: int) -> int:
        """Bitmask of the cards in the tricks ``team`` has won."""
        mask = 0
        for _, ids, winner, _, _ in self._tricks:
            if winner & 1 == team:
                for c in ids:
                    mask |= 1 << c
        return mask

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """``(seat, card)`` pairs of the trick in progress."""
        cards = self.deck.cards
        return tuple((s, cards[c]) for s, c in zip(self._trick_seats(), self._trick,
                                                          strict=True))

    @property
    def card_points(self) -> tuple[int, int]:
        """Card points each team has won so far."""
        return (self._team_points[0], self._team_points[1])

    @property
    def active_mask(self) -> int:
        """Bitmask of the seats that play cards (a single hand's partners sit out)."""
        return self._active

    @property
    def shown_mask(self) -> int:
        """Cards still held but shown to everyone (a shown pair, say)."""
        return self._shown

    @property
    def window(self) -> str | None:
        """The name of the plug-in whose call window is open, if any."""
        return self._window.name if self._window is not None else None

    def team_of(self, seat: int) -> int:
        """The team (0 or 1) a seat plays for."""
        return seat & 1

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` may play from (full information: not for clients)."""
        return tuple(self.deck.cards_of(self._hands[self._seat(seat)]))

    def hand_mask(self, seat: int) -> int:
        """Bitmask of ``seat``'s hand, without a concealed trump card."""
        return self._hands[seat]

    def held_mask(self, seat: int) -> int:
        """Bitmask of every unplayed card ``seat`` holds, a concealed trump card included."""
        return self._held(seat)

    def dealt_mask(self, seat: int) -> int:
        """Bitmask of every card dealt to ``seat`` so far, played or not."""
        return self._dealt[seat]

    def first_packet_mask(self, seat: int) -> int:
        """Bitmask of the first packet of cards dealt to ``seat``."""
        return self._packet_masks[0][seat]

    @property
    def deal(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards in the order dealt (full information: not for clients)."""
        cards = self.deck.cards
        return tuple(tuple(cards[c] for c in hand) for hand in deal_ids(self))

    @property
    def deal_complete(self) -> bool:
        """True once every card has been dealt."""
        return self._packets_dealt == len(self._packet_masks)

    def plugin_state(self, name: str, default: Any = None) -> Any:
        """For plug-ins: the state plug-in ``name`` keeps in this round (immutable)."""
        return self._pstate.get(name, default)

    def apply(self, action: Action | str, *, seat: int | None = None) -> None:
        """Apply a legal action of the player to act, or raise
        :class:`~twentyeight.IllegalActionError` naming the rule, changing nothing.
        Text is accepted and parsed first. A server passes ``seat`` (who sent the action)
        so that a player acting out of turn is refused."""
        if seat is not None and seat is not self.to_act and self._seat(seat) != self.to_act:
            _refuse_out_of_turn(self, seat, action)
        # The ruleset's shared play actions are found by identity (no hashing); ids of
        # other live objects never collide with theirs.
        cid = self._play_index.get(id(action))
        kind: type[object] = Play
        if cid is None:
            kind = type(action)
            if kind is str:
                shared = self._by_text.get(action)  # type: ignore[arg-type]
                # With two packs a card's plain text depends on the hand: parse_action
                # reads it.
                action = shared if shared is not None and not self._twins else \
                    self.parse_action(action)  # type: ignore[arg-type]
                cid = self._play_index.get(id(action))
                kind = type(action)
            elif kind is Play:
                cid = self._ids.get(action.card)  # type: ignore[union-attr]
        phase = self.phase
        if phase is PLAY:
            # A card is legal when the play rules allow it: claims and plug-in calls,
            # which the full legal set also holds, do not change that.
            if cid is not None:
                legal = self._legal_cache
                mask = legal[0] if legal is not None else \
                    self._play_legal(self.to_act, None)[0]  # type: ignore[arg-type]
                if mask >> cid & 1:
                    self._play(cid)
                    return
            elif kind is CallTrump and (self._legal_cache or self._legal())[1]:
                self._call_trump(self.to_act)  # type: ignore[arg-type]
                return
        elif phase is AUCTION and (kind is Bid or kind is Pass):
            legal = self._legal_cache
            if legal is None:
                low, can_pass = self._auction_rules.bid_limits(
                    (self._port_obj or self._port), self.to_act, None)  # type: ignore[arg-type]
            else:
                low, can_pass = legal[0], legal[1]
            if can_pass if kind is Pass else (
                    low <= action.value  # type: ignore[union-attr]
                    and action.value in self._bid_values  # type: ignore[union-attr]
                    and action.denomination in self._denominations):  # type: ignore[union-attr]
                if id(action) not in self._action_texts:
                    action = _shared(self, action)  # type: ignore[arg-type]
                self._auction(self.to_act, action)  # type: ignore[arg-type]
                return
        elif phase is TRUMP:
            # The choices listed are the ruleset's shared actions: found by identity.
            for choice in (self._legal_cache or self._legal())[0]:
                if choice is action:
                    self._choose_trump(self.to_act, action)  # type: ignore[arg-type]
                    return
        action = self._as_action(action)
        refusal = self._refusal(action)
        if refusal is not None:
            raise refusal
        action = _shared(self, action)
        seat = self.to_act
        assert seat is not None
        kind = type(action)
        if kind is Redeal:
            reason = self._claim(seat)
            assert reason is not None
            self._actions.append((seat, action))
            self._annul(reason)
        elif phase is AUCTION:
            self._auction(seat, action)
        elif phase is CALLS:
            self._window_call(seat, action)
        elif phase is TRUMP:
            self._choose_trump(seat, action)
        elif kind is CallTrump:
            self._call_trump(seat)
        elif kind is Play:
            assert isinstance(action, Play)
            self._play(self._ids[action.card])
        else:
            owner = self.ruleset.kind_owner[kind]
            self._actions.append((seat, action))
            self._call_log += (owner.name,)
            self._changed()
            owner.play_apply(self._port, seat, action)

    def clone(self) -> Round:
        """An independent copy of this round. What the ruleset fixes is shared (on the
        round's class, or referenced from its slots), and so are the immutable
        containers; only what changes is copied, field by field."""
        return copy_round(self)

    # ------------------------------------------------------- learning interface

    def legal_action_ids(self) -> tuple[int, ...]:
        """The indices (:meth:`Ruleset.action_id <twentyeight.ruleset.Ruleset.action_id>`)
        of :meth:`legal_actions`, in the same order."""
        index_of = self.ruleset._action_index().index_of
        return tuple(index_of(a) for a in self.legal_actions())

    def legal_mask(self) -> Any:
        """``num_actions`` booleans, true at the indices of the legal actions: a numpy
        array of ``bool`` when numpy is installed, else a list."""
        return as_mask(self.legal_action_ids(), self.ruleset.num_actions)

    @overload
    def observation(self, seat: int) -> list[float]: ...
    @overload
    def observation(self, seat: int, out: _Buffer) -> _Buffer: ...
    def observation(self, seat: int, out: Any = None) -> Any:
        """What ``seat`` may know, as ``observation_size`` floats (the ruleset's
        :attr:`~twentyeight.ruleset.Ruleset.observation_spec` names the slices). It
        holds what :meth:`view` holds and nothing else: never another seat's cards or
        a trump the seat has not seen.

        With ``out`` (a list, or a writable one-dimensional ``float64`` or ``float32``
        numpy array, of ``observation_size`` entries) the observation is written into it
        and it is returned: a training loop reuses one buffer instead of making a list
        and converting it (a numpy array is also the fastest form to write). Anything
        else raises
        :class:`~twentyeight.ObservationBufferError`. For many rounds at once, see
        :meth:`Ruleset.observations <twentyeight.ruleset.Ruleset.observations>`."""
        if type(seat) is not int or not 0 <= seat < self._n:
            self._seat(seat)
        return observe(self, seat, out)

    def returns(self) -> tuple[float, ...]:
        """Each seat's game points for this round (its team's), all 0 until the round is
        over or when the deal was annulled."""
        result = self._result
        if result is None:
            return (0.0,) * self._n
        points = result.game_points
        return tuple(float(points[s & 1]) for s in range(self._n))

    def resample(self, seat: int, rng: random.Random | None = None) -> Round:
        """A new round with the same history in which every card ``seat`` cannot see is
        dealt again at random, uniformly over the deals consistent with everything
        ``seat`` has seen: the cards played and shown stay, a seat that showed a void
        holds none of that suit, the face-down trump card (or a trump suit named in
        secret) is drawn like the cards where ``seat`` does not know it, and the packets
        not yet dealt are dealt afresh. ``resample(seat).view(seat) == view(seat)``,
        and the history replays legally on the new deal (:attr:`deal`; the new round
        has no seed). This is the determinization step of PIMC and information-set
        MCTS. ``rng`` is a :class:`random.Random` (default: one shared by the module);
        what a position tells is worked out once and reused by later calls."""
        return resample(self, seat, rng)

    def __reduce__(self) -> tuple[Any, ...]:
        # A round pickles as its complete record: its class is made per ruleset and
        # cannot be found by name, and the record rebuilds every field.
        return (Round.from_json, (self.to_json(),))

    def record(self) -> dict[str, Any]:
        """The round as a JSON-ready record: ruleset and options, the seed or the explicit
        deal, the dealer, the match scores it was dealt at (if given) and the actions.
        :meth:`from_record` replays it."""
        return record_of(self)

    def to_json(self) -> str:
        """:meth:`record` as JSON text (``json.dumps(rnd.record(), ensure_ascii=False)``,
        written from the ruleset's cached pieces)."""
        rs = self.ruleset
        parts = [rs.record_head(), str(self.dealer)]
        if self._scores is not None:
            parts.append(f', "scores": [{self._scores[0]}, {self._scores[1]}]')
        if self.seed is not None:
            parts.append(f', "seed": {self.seed}')
        else:
            parts.append(', "deal": ')
            parts.append(json.dumps([[str(c) for c in hand] for hand in self.deal],
                                    ensure_ascii=False))
        parts.append(', "actions": [')
        parts.append(self._actions_json())
        parts.append("]}")
        return "".join(parts)

    def _actions_json(self) -> str:
        """The actions of the record as JSON, without the brackets. Kept with the round
        (and its clones) for the actions it covers: a round saved after every action
        writes only the actions added since. The paths that rewrite earlier actions in
        place (a resampled deal's) drop it."""
        actions = self._actions
        done, text = self._record_actions or (0, "")
        if done == len(actions):
            return text
        quoted = self._action_quoted
        added = ", ".join([quoted.get(id(a)) or json.dumps(str(a), ensure_ascii=False)
                           for _, a in actions[done:]])
        text = f"{text}, {added}" if done else added
        self._record_actions = (len(actions), text)
        return text

    @classmethod
    def from_json(cls, text: str | bytes) -> Round:
        """Rebuild a round from :meth:`to_json` text by replaying it. Raises
        :class:`~twentyeight.RecordError` for anything that is not a valid record."""
        return replay_text(text)

    @classmethod
    def from_record(cls, data: Any) -> Round:
        """Rebuild a round from a :meth:`record` dict by replaying its actions. Every
        field is checked for its exact type and size before it is used (a ``bool`` is
        not a number, nor is ``1.0``); anything else raises
        :class:`~twentyeight.RecordError`."""
        return replay(data)

    def __repr__(self) -> str:
        return (f"<Round {self.ruleset.name} phase={self.phase.value} to_act={self.to_act} "
                f"actions={len(self._actions)}>")


def new_round_of(ruleset: Ruleset, dealer: int, seed: int | None,
                 deal: tuple[tuple[int, ...], ...] | None,
                 packet_masks: tuple[tuple[int, ...], ...] | None,
                 scores: tuple[int, ...] | None) -> Round:
    """A new round, as ``Round(...)`` makes it: a copy of the ruleset's blank round for
    ``dealer``, started (copying a round's fields is quicker than setting each)."""
    new = ruleset._blank_round(dealer).clone()
    _start(new, seed, deal, packet_masks, scores)
    return new


def _start(rnd: Round, seed: int | None, deal: tuple[tuple[int, ...], ...] | None,
           packet_masks: tuple[tuple[int, ...], ...] | None,
           scores: tuple[int, ...] | None) -> None:
    """Deal ``rnd``'s packets before the auction and open it."""
    if packet_masks is None:
        assert deal is not None
        packet_masks = packet_masks_of(deal, rnd.ruleset.config.deal_packets)
    rnd.seed = seed
    rnd._deal = deal
    rnd._scores = scores
    rnd._packet_masks = packet_masks
    rnd._deal_packets(rnd._auction_after)
    if rnd._after_deal and rnd._packets_dealt == len(packet_masks):
        rnd._trump.after_deal(rnd._port)  # the auction is on the whole hand
    rnd.to_act = rnd._auction_rules.first_to_speak(rnd._port)


def _trick_value(cards: tuple[Card, ...], raw: RawTrick) -> Trick:
    """The readable :class:`~twentyeight.results.Trick` of a trick as the round keeps it."""
    seats, ids, winner, points, trumps_from = raw
    return Trick(seats[0], tuple(seats), tuple(cards[c] for c in ids), winner, points,
                 trumps_from)


def _shared(rnd: Round, action: Action) -> Action:
    """The ruleset's shared object for ``action`` where it has one (the same text and
    an equal action), else ``action``: a plug-in's call made of a new object each time
    (``Double()``) goes into the history as the shared one, which records and views
    read from their tables by identity."""
    if id(action) in rnd._action_texts:
        return action
    text = str(action)
    shared = rnd._by_text.get(text)
    if shared is None:
        try:
            # (Parsing a plug-in's text shares it from then on, up to the ruleset's
            # bound on such texts.)
            shared = rnd.ruleset.parse_action(text)
        except ParseError:
            return action
    return shared if shared == action else action


def _refuse_out_of_turn(rnd: Round, seat: int, action: Action | str) -> None:
    """Raise the refusal of ``action`` sent by ``seat`` when it is not its turn."""
    # Refused before it is parsed: keep no more of a hostile text than a parse would.
    text = str(action) if isinstance(action, Action) else \
        action[:MAX_ACTION_TEXT] if isinstance(action, str) else describe(action)
    why = None
    if rnd.phase is AUCTION:
        why = rnd._auction_rules.out_of_turn(rnd._port, seat)
    if why is not None:
        raise IllegalActionError(why[0], why[1], text)
    raise IllegalActionError(
        "not-your-turn",
        f"it is not seat {seat}'s turn"
        + (f" (seat {rnd.to_act} is to act)" if rnd.to_act is not None else ""),
        text)
