"""A playable ruleset: a validated config plus the tables built once from it."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from .actions import (
    CORE_GRAMMAR,
    SEVENTH_CARD,
    Action,
    Bid,
    CardActions,
    DeckActions,
    Grammar,
    LayTrump,
    Pass,
    Play,
    deck_actions,
)
from .cards import Card, Deck, Sealed
from .config import OPTION_NAMES, RedealCheck, RulesetConfig
from .deals import MAX_SEED, packet_masks_for_seed
from .encoding import ActionIndex, ObservationLayout, numpy_or_none
from .errors import ConfigError, DealError, ObservationBufferError, ParseError
from .inputs import describe, is_whole
from .legality import CALL_TRUMP, REDEAL, _restricted_play_legal
from .phases import _finish_hooked, _play_hooked
from .plugins import WINDOW_EVENTS, RulePlugin
from .records import MAX_SCORE, RECORD_FORMAT, RECORD_VERSION
from .round import Round, new_round_of
from .state import fill_blank
from .tricks import TrickOutcome, trick_outcome
from .trump import lays_by_default

_PASS = Pass()
_MAX_INTERNED = 20_000
"""The most actions a ruleset's text table holds (the core's are a few hundred)."""

DealInput = Sequence[Sequence[Card | str]]
"""An explicit deal: per seat, the cards in the order they are dealt to it."""


class Ruleset(Sealed):
    """A ruleset ready to play. Built from a :class:`~twentyeight.config.RulesetConfig`;
    everything the hot path needs (card tables, interned actions, the plug-in hooks that
    are actually overridden) is prepared here once. Get one by name with
    :func:`twentyeight.ruleset`."""

    __slots__ = (
        "_action_index_obj",
        "_bid_cache",
        "_bid_of",
        "_blanks",
        "_by_text",
        "_changed",
        "_lay_actions",
        "_lay_of",
        "_name_trump",
        "_observation_layout_obj",
        "_outcomes",
        "_play_index",
        "_play_of",
        "_play_table",
        "_preset",
        "_quoted_by_id",
        "_record_head",
        "_round_class",
        "_solver_tables_obj",
        "_suit_texts",
        "_text_by_id",
        "card_plugins",
        "card_text",
        "checks",
        "checks_at",
        "claim_checks",
        "claims_at",
        "config",
        "deck",
        "grammar",
        "kind_owner",
        "play_index",
        "play_plugins",
        "restricting_plugins",
        "settling_plugins",
        "trick_plugins",
        "view_plugins",
        "windows",
    )

    def __init__(self, config: RulesetConfig, *, preset: RulesetConfig | None = None) -> None:
        self.config = config
        self._preset = preset if preset is not None else config
        self._changed: dict[str, Any] | None = None
        self.deck: Deck = config.deck.compile()
        deck = self.deck
        table = deck_actions(deck)
        self._play_of: tuple[Play, ...] = table.play_of
        self.card_text: tuple[str, ...] = tuple(str(c) for c in deck.cards)
        """The text form of each card id."""
        self._suit_texts: tuple[dict[int, tuple[str, ...]], ...] = tuple(
            {} for _ in deck.suit_mask)
        self._play_index = {id(p): i for i, p in enumerate(self._play_of)}
        self.play_index: Mapping[int, int] = MappingProxyType(self._play_index)
        """Card id of each interned ``play`` action, keyed by the action's ``id()``."""
        self._lay_of: tuple[LayTrump, ...] = table.lay_of
        self._play_table = table.plays
        self._lay_actions = table.lays.of
        self._name_trump: tuple[Action, ...] = table.name_of
        self._bid_of: dict[tuple[int, str | None], Bid] = {
            (v, d): Bid(v, d) for v in config.bids for d in config.auction.denominations}
        self._bid_cache: dict[int, tuple[Action, ...]] = {}
        # Every action of the core this ruleset can take, one shared object each, by its
        # text and its text by the object: text actions and records skip the parser.
        self._by_text: dict[str, Action] = {}
        self._text_by_id: dict[int, str] = {}
        self._quoted_by_id: dict[int, str] = {}
        for action in (*self._play_of, *self._lay_of, *self._name_trump,
                       *self._bid_of.values(), _PASS, CALL_TRUMP, REDEAL, SEVENTH_CARD):
            self._intern(action)
        self.checks: tuple[RedealCheck, ...] = config.all_redeal_checks()
        """Every redeal check, the plug-ins' included."""
        self.checks_at: Mapping[str, tuple[RedealCheck, ...]] = MappingProxyType({
            event: tuple(c for c in self.checks
                         if event in c.events
                         and type(c).automatic is not RedealCheck.automatic)
            for event in ("deal-complete", "trump-exposed")})
        """The checks asked at each event (those that ask to be and have an automatic
        test)."""
        self.claim_checks: tuple[tuple[str, RedealCheck], ...] = tuple(
            (c.claim_window, c) for c in self.checks if c.claim_window is not None
        )
        self.claims_at: Mapping[str, tuple[RedealCheck, ...]] = MappingProxyType({
            window: tuple(c for w, c in self.claim_checks if w == window)
            for window in ("opening-call", "first-call", "first-card")})
        """The checks a player may claim in each claim window."""
        plugins = config.plugins
        self.windows: Mapping[str, tuple[RulePlugin, ...]] = MappingProxyType({
            event: tuple(p for p in plugins if p.window == event)
            for event in WINDOW_EVENTS
        })
        """The plug-ins with a call window, by the event that opens it."""
        self.play_plugins = tuple(p for p in plugins if p.action_kinds)
        """Plug-ins asked for actions during the play: those that bring kinds of action
        (a plug-in without any has nothing to offer)."""
        self.trick_plugins = tuple(p for p in plugins if p.after_each_trick)
        """Plug-ins called after every trick (those that say so)."""
        self.card_plugins = tuple(
            p for p in plugins if type(p).after_card is not RulePlugin.after_card)
        """Plug-ins called after every card played (those that override
        :meth:`~twentyeight.plugins.RulePlugin.after_card`)."""
        self.settling_plugins = tuple(
            p for p in plugins if type(p).settle is not RulePlugin.settle)
        """Plug-ins asked whether a call of theirs decides the hand's game points (those
        that override :meth:`~twentyeight.plugins.RulePlugin.settle`)."""
        self.restricting_plugins = tuple(
            p for p in plugins if type(p).restrict_play is not RulePlugin.restrict_play)
        """Plug-ins asked which cards may be played (those that override
        :meth:`~twentyeight.plugins.RulePlugin.restrict_play`)."""
        self.view_plugins = tuple(p for p in plugins if type(p).view is not RulePlugin.view)
        """Plug-ins asked for fields of views: those that add any (that override
        :meth:`~twentyeight.plugins.RulePlugin.view`)."""
        self.grammar: Grammar = CORE_GRAMMAR.with_kinds(
            (*config.auction.action_kinds, *config.trump.action_kinds,
             *(k for p in plugins for k in p.action_kinds))).listing(self._keywords)
        """The action texts this ruleset reads (an unknown word's error suggests the
        keywords of the actions it can take)."""
        self.kind_owner: Mapping[type[Action], RulePlugin] = MappingProxyType({
            kind: p for p in plugins for kind in p.action_kinds})
        """The plug-in that carries out each plug-in action kind."""
        # How tricks are won, by rank order (None: the deck's own ranks).
        self._outcomes: dict[tuple[str, ...] | None, TrickOutcome] = {
            None: trick_outcome(deck.suit_of, deck.strength, deck.points, deck.n_suits)}
        self._round_class: type[Round] = round_class(self)
        self._blanks: dict[int, Round] = {}
        self._record_head: str | None = None
        self._action_index_obj: ActionIndex | None = None
        self._observation_layout_obj: ObservationLayout | None = None
        self._solver_tables_obj: Any = None
        self._seal()

    def _intern(self, action: Action) -> Action:
        """The shared object for ``action``'s text, made ``action`` if there is none.
        Only texts that JSON writes as themselves (no quote, backslash or control
        character) are shared: a record's texts are then read by table lookup."""
        text = str(action)
        quoted = json.dumps(text, ensure_ascii=False)
        if quoted[1:-1] != text:
            return action
        shared = self._by_text.setdefault(text, action)
        if shared is action:
            self._text_by_id[id(action)] = text
            self._quoted_by_id[id(action)] = quoted
        return shared

    @property
    def name(self) -> str:
        """The registered name."""
        return self.config.name

    @property
    def description(self) -> str:
        """One line describing the ruleset."""
        return self.config.description

    @property
    def aliases(self) -> tuple[str, ...]:
        """Other names it is found by."""
        return self.config.aliases

    def __repr__(self) -> str:
        changed = self.changed_options()
        extra = "".join(f" {k}={v!r}" for k, v in changed.items())
        return f"<Ruleset {self.name}{extra}>"

    # ---------------------------------------------------------------- options

    def options(self) -> dict[str, Any]:
        """Every user-settable option and its value."""
        return self.config.options()

    def changed_options(self) -> dict[str, Any]:
        """Options that differ from the registered preset (what a record stores)."""
        changed = self._changed
        if changed is None:
            base = self._preset.options()
            changed = {k: v for k, v in self.config.options().items() if base[k] != v}
            object.__setattr__(self, "_changed", changed)
        return dict(changed)

    def with_options(self, /, **changes: Any) -> Ruleset:
        """The same ruleset with some options changed (see ``OPTION_NAMES``)."""
        if not changes:
            return self
        return Ruleset(self.config.with_options(**changes), preset=self._preset)

    # ---------------------------------------------------------------- rounds

    def new_round(
        self,
        *,
        seed: int | None = None,
        deal: DealInput | None = None,
        dealer: int = 0,
        scores: Sequence[int] | None = None,
    ) -> Round:
        """Start a round. Give ``seed`` for a shuffled deal or ``deal`` for an explicit
        one; with neither, the seed is 64 bits from the operating system's secure
        generator (:mod:`secrets`), so deals cannot be predicted. A seed decides the
        whole deal: keep it secret until its round is over. ``dealer`` is the dealing
        seat.
        ``scores`` are the match's running game points per team, for rules that depend
        on them (a :class:`~twentyeight.Match` passes them)."""
        cfg = self.config
        if not is_whole(dealer, 0, cfg.players):
            raise DealError(f"dealer must be a seat 0..{cfg.players - 1}, got {describe(dealer)}")
        if seed is not None and deal is not None:
            raise DealError("give either seed or deal, not both")
        given: tuple[int, ...] | None = None
        if scores is not None:
            if isinstance(scores, (str, bytes)) or not isinstance(scores, Sequence) \
                    or len(scores) != 2 or not all(
                        is_whole(x, -MAX_SCORE, MAX_SCORE + 1) for x in scores):
                raise DealError(f"scores must be two whole numbers from -{MAX_SCORE} to "
                                f"{MAX_SCORE}, got {describe(scores)}")
            given = tuple(scores)
        if deal is not None:
            return new_round_of(self, dealer, None, self._check_deal(deal), None, given)
        if seed is None:
            # Not the module-level random: its state can be set or worked out, and a
            # finished record publishes the seed.
            seed = secrets.randbits(64)
        if not is_whole(seed, 0, MAX_SEED):
            raise DealError("seed must be a whole number from 0 to 2**64 - 1, got "
                            f"{describe(seed)}")
        masks = packet_masks_for_seed(seed, self.deck.size, cfg.players, cfg.deal_packets,
                                      dealer)
        return new_round_of(self, dealer, seed, None, masks, given)

    def _blank_round(self, dealer: int) -> Round:
        """This ruleset's round for ``dealer`` before any card is dealt, made once: new
        rounds start as copies of it."""
        blank = self._blanks.get(dealer)
        if blank is None:
            blank = object.__new__(self._round_class)
            fill_blank(blank, self, dealer)
            self._blanks[dealer] = blank
        return blank

    def _check_deal(self, deal: DealInput) -> tuple[tuple[int, ...], ...]:
        cfg = self.config
        if isinstance(deal, (str, bytes)) or not isinstance(deal, Sequence) \
                or len(deal) != cfg.players:
            raise DealError(f"a deal is a list of {cfg.players} hands, one per seat")
        seen = 0
        hands = []
        for seat, hand in enumerate(deal):
            if isinstance(hand, (str, bytes)) or not isinstance(hand, Sequence):
                raise DealError(f"hand {seat} must be a list of cards")
            if len(hand) != cfg.hand_size:
                raise DealError(
                    f"hand {seat} has {len(hand)} cards; each hand has {cfg.hand_size}")
            ids = []
            for card in hand:
                if not isinstance(card, (str, Card)):
                    raise DealError(f"hand {seat}: {describe(card)} is not a card")
                try:
                    cid = self.deck.card_id(card)
                except ParseError as exc:
                    raise DealError(f"hand {seat}: {exc}") from None
                if seen >> cid & 1:
                    raise DealError(f"{self.deck.cards[cid]} is dealt twice")
                seen |= 1 << cid
                ids.append(cid)
            hands.append(tuple(ids))
        return tuple(hands)

    # ---------------------------------------------------------------- actions

    def _outcome_in(self, order: tuple[str, ...] | None) -> TrickOutcome:
        """How a trick is won (:func:`~twentyeight.tricks.trick_outcome`) when every
        suit ranks ``order``, high to low; ``None``: the deck's own ranks. A round keeps
        it in a slot, which a contract with its own order replaces
        (:meth:`RoundPort.begin_every_trick_contract
        <twentyeight.port.RoundPort.begin_every_trick_contract>`). Made once per order,
        so that the play pays nothing for a contract's own order; an order that is not
        the deck's ranks is a :class:`~twentyeight.ConfigError`."""
        made = self._outcomes.get(order)
        if made is None:
            assert order is not None  # the deck's own is made with the ruleset
            deck = self.deck
            made = self._outcomes[order] = trick_outcome(
                deck.suit_of, deck.strength_in(order), deck.points, deck.n_suits)
        return made

    def _keywords(self) -> set[str]:
        """The keywords of every action this ruleset can take."""
        return {a.keyword for a in self.actions}

    def parse_action(self, text: str) -> Action:
        """Read an action's text form: the core's actions and those of this ruleset's
        auction and plug-ins (:attr:`grammar`); cards must belong to this ruleset's deck.
        The text of one of the ruleset's own actions gives its shared action object."""
        shared = self._by_text.get(text) if type(text) is str else None
        if shared is not None:
            return shared
        action = self.grammar.parse(text)
        card = getattr(action, "card", None)
        if isinstance(card, Card) and card not in self.deck.ids:
            raise ParseError(f"{card} is not a card of the {self.name} deck")
        shared = self._by_text.get(str(action))
        if shared is not None:
            return shared
        # A plug-in's actions join the table as they are first read: a bounded number of
        # texts, so hostile input cannot grow it without end.
        if len(self._text_by_id) < _MAX_INTERNED:
            return self._intern(action)
        return action

    def action_of_text(self, text: str) -> Action | None:
        """The shared action whose text form is exactly ``text`` (``play 9H``,
        ``bid 16``), or ``None``: a dictionary lookup, no parsing."""
        return self._by_text.get(text)

    def record_head(self) -> str:
        """The start of every record of this ruleset's rounds, as JSON text, up to the
        dealer's seat: the format, the version, the name and the changed options."""
        head = self._record_head
        if head is None:
            head = json.dumps({"format": RECORD_FORMAT, "version": RECORD_VERSION,
                               "ruleset": self.name, "options": self.changed_options(),
                               "dealer": 0}, ensure_ascii=False)
            head = head[:-len("0}")]
            object.__setattr__(self, "_record_head", head)
        return head

    def action_text(self, action: Action) -> str:
        """``str(action)``, read from the table for the ruleset's shared actions."""
        return self._text_by_id.get(id(action)) or str(action)

    def card_texts(self, mask: int) -> list[str]:
        """The text of each card in ``mask``, in display order (by suit, strongest
        first): what a view lists. Each suit's part of the mask indexes a table built on
        first use."""
        out: list[str] = []
        width = self.deck.suit_width
        low = (1 << width) - 1
        for suit, table in enumerate(self._suit_texts):
            sub = mask & low
            if sub:
                texts = table.get(sub)
                if texts is None:
                    text = self.card_text
                    texts = table[sub] = tuple(
                        text[c] for c in self.deck.sorted_ids(sub << suit * width))
                out += texts
            mask >>= width
            if not mask:
                break
        return out

    @property
    def play_action_of_id(self) -> tuple[Play, ...]:
        """The (shared) ``play`` actions indexed by card id."""
        return self._play_of

    def play_actions(self, mask: int) -> tuple[Action, ...]:
        """``play`` actions for the cards in ``mask``, in card-id order (one or two
        table lookups, see :class:`CardActions`)."""
        return self._play_table.of(mask)

    def bid_actions(self, low: int, can_pass: bool = False) -> tuple[Action, ...]:
        """``pass`` (when allowed) then every bid from ``low`` to the maximum bid (on
        the ruleset's steps), in every denomination the auction allows."""
        key = low << 1 | can_pass
        acts = self._bid_cache.get(key)
        if acts is None:
            denominations = self.config.auction.denominations
            bid_of = self._bid_of
            bids = tuple(bid_of[v, d] for v in self.config.bids if v >= low
                         for d in denominations)
            acts = self._bid_cache[key] = (_PASS, *bids) if can_pass else bids
        return acts

    def trump_choice(self, card: int, suit: int) -> Action:
        """The shared action that lays card id ``card`` face down (``trump JS``), or with
        ``card`` -1, names suit index ``suit`` (``trump S``)."""
        return self._lay_of[card] if card >= 0 else self._name_trump[suit]

    # ------------------------------------------------------- learning interface

    def _made_once(self, slot: str, make: Callable[[Ruleset], Any]) -> Any:
        """The value kept in ``slot``, made by ``make(self)`` on first use (most
        programs never ask for the learning interface's tables)."""
        value = getattr(self, slot)
        if value is None:
            value = make(self)
            object.__setattr__(self, slot, value)
        return value

    def _action_index(self) -> ActionIndex:
        """The action indices."""
        return self._action_index_obj or self._made_once("_action_index_obj", ActionIndex)

    @property
    def num_actions(self) -> int:
        """How many action indices this ruleset has: every action it can ever take has
        one, from 0 (see :mod:`twentyeight.encoding` for the order)."""
        return len(self._action_index().actions)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action this ruleset can take, at its index."""
        return self._action_index().actions

    def action_id(self, action: Action | str) -> int:
        """The index of ``action`` (an action or its text), from 0 to
        :attr:`num_actions` - 1; :class:`~twentyeight.ParseError` if it is no action of
        this ruleset."""
        if type(action) is str:
            action = self.parse_action(action)
        return self._action_index().index_of(action)  # type: ignore[arg-type]

    def action_of(self, index: int) -> Action:
        """The action at ``index`` (:meth:`action_id`'s inverse); an index out of range
        raises :class:`~twentyeight.ParseError`."""
        return self._action_index().action_at(index)

    def _observation_layout(self) -> ObservationLayout:
        """The observation's slices."""
        return self._observation_layout_obj or self._made_once(
            "_observation_layout_obj", ObservationLayout)

    @property
    def observation_size(self) -> int:
        """The length of :meth:`Round.observation <twentyeight.round.Round.observation>`."""
        return self._observation_layout().size

    @property
    def observation_spec(self) -> ObservationLayout:
        """The observation's named slices (``spec["hand"].start``, ``spec.slices``)."""
        return self._observation_layout()

    def observations(self, rounds: Sequence[Round], seats: Sequence[int],
                     out: Any = None) -> Any:
        """The observation of each round of ``rounds`` (rounds of this ruleset) for the
        seat at the same place in ``seats``, as the rows of one two-dimensional numpy
        array (``float32``, or ``out``'s rows: an array of ``(len(rounds),
        observation_size)`` that a vectorized training loop reuses), each row exactly
        :meth:`Round.observation <twentyeight.round.Round.observation>`. Without numpy,
        a list of the observations. A buffer of the wrong shape raises
        :class:`~twentyeight.ObservationBufferError`; a round of another ruleset, or a
        count of seats that is not the count of rounds, :class:`~twentyeight.ConfigError`."""
        if len(seats) != len(rounds):
            raise ConfigError(f"observations: {len(rounds)} rounds but {len(seats)} seats")
        for rnd in rounds:
            if not isinstance(rnd, Round) or rnd.ruleset != self:
                raise ConfigError(f"observations: {describe(rnd)} is not a round of "
                                  f"{self.name}")
        size = self.observation_size
        np = numpy_or_none()
        if out is None:
            if not np:
                return [rnd.observation(seat) for rnd, seat in zip(rounds, seats, strict=True)]
            out = np.empty((len(rounds), size), dtype=np.float32)
        elif not (np and isinstance(out, np.ndarray) and out.shape == (len(rounds), size)):
            raise ObservationBufferError(
                f"out is a numpy array of shape ({len(rounds)}, {size}), got "
                + (f"shape {out.shape}" if np and isinstance(out, np.ndarray)
                   else describe(out)))
        for row, (rnd, seat) in enumerate(zip(rounds, seats, strict=True)):
            rnd.observation(seat, out[row])
        return out

    def trump_actions(self, mask: int, seventh_card: bool) -> tuple[Action, ...]:
        """The bidder's choices of trump: ``trump <card>`` for the cards in ``mask``
        (a hand card laid face down) or ``trump <suit>`` (an indicator), then
        ``seventh-card`` when allowed."""
        if self.config.trump_marker == "indicator":
            acts = self._name_trump
        else:
            acts = self._lay_actions(mask)
        return (*acts, SEVENTH_CARD) if seventh_card else acts


def round_class(ruleset: Ruleset) -> type[Round]:
    """The class of ``ruleset``'s rounds: :class:`Round` with what the ruleset fixes and
    the hot path reads less often as class attributes (the bid range, the card and
    action-text tables, the name), read by every round of the ruleset and never copied.
    The parts read most (the ruleset, its deck, the auction rules, the play tables) are
    references in each round's slots instead (see :class:`~twentyeight.state.RoundState`).
    Made once per ruleset."""
    cfg = ruleset.config
    deck = ruleset.deck
    hooks = cfg.trump.active_hooks()
    fixed: dict[str, Any] = {
        "__slots__": (),
        "__module__": Round.__module__,
        "__qualname__": Round.__qualname__,
        "__doc__": Round.__doc__,
        "_name": cfg.name,
        # The deal, the auction and the play.
        "_auction_after": cfg.auction_after,
        "_min_bid": cfg.min_bid,
        "_max_bid": cfg.max_bid,
        "_bid_step": cfg.bid_step,
        "_bid_values": frozenset(cfg.bids),
        "_denominations": cfg.auction.denominations,
        "_n_tricks": cfg.tricks,
        "_last_trick_points": cfg.last_trick_points,
        # The trump part, asked on the branches it decides (the trump concealed, a
        # call, the exposure), and its optional hooks as flags: off, they cost the play
        # nothing.
        "_trump": cfg.trump,
        "_void_asks": "void_play" in hooks,
        "_follow_exposes": "follow_concealed" in hooks,
        "_closed_lead": "exposed_lead" in hooks,
        "_after_deal": "after_deal" in hooks,
        # The core's trump choice (trump <card>) made by the round itself.
        "_lays_trump": lays_by_default(cfg.trump),
        "_lay_actions": deck_actions(deck).lays.of,
        "_on_play": "on_play" in hooks,
        "_trump_views": {} if cfg.trump.caches_view() else None,
        "_first_lead_after": 2 if cfg.first_lead == "after-opener" else 1,
        "_max_actions": cfg.max_actions,
        # The deck's tables. (How a trick is won is in a slot of each round: a
        # contract may rank the cards its own way, Ruleset._outcome_in.)
        "_ids": deck._id_of,
        "_twins": deck.spec.copies > 1,
        "_suit_of": deck.suit_of,
        "_suit_mask": deck.suit_mask,
        "_points": deck.points,
        "_card_text": ruleset.card_text,
        # The action tables' own dicts: text to shared action, shared action's id to
        # its text and to its text as a JSON string; the legal actions' tables.
        "_by_text": ruleset._by_text,
        "_action_texts": ruleset._text_by_id,
        "_action_quoted": ruleset._quoted_by_id,
        "_known_plays": ruleset._play_table.known,
        "_bid_actions": ruleset.bid_actions,
        # The hooks asked at each event, and the results kept for reuse.
        "_windows_at": dict(ruleset.windows),
        "_checks_at": dict(ruleset.checks_at),
        "_claims_at": dict(ruleset.claims_at),
        "_trick_plugins": ruleset.trick_plugins,
        "_card_plugins": ruleset.card_plugins,
        "_restrictors": ruleset.restricting_plugins,
        "_settlers": ruleset.settling_plugins,
        "_results": {},
    }
    # Only rounds whose trump part or plug-ins look at each card or trick pay for it.
    if "on_play" in hooks or ruleset.card_plugins:
        fixed["_play"] = _play_hooked
    if "on_trick" in hooks:
        fixed["_finish_trick"] = _finish_hooked
    if ruleset.restricting_plugins:
        fixed["_play_legal"] = _restricted_play_legal
    return type(Round.__name__, (Round,), fixed)


__all__ = ["OPTION_NAMES", "CardActions", "DealInput", "DeckActions", "Ruleset", "deck_actions"]
