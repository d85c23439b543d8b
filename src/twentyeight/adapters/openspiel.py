"""The game ``"twentyeight"`` for OpenSpiel (``pip install "twentyeight[openspiel]"``).

Call :func:`register` once, then load any ruleset by name::

    from twentyeight.adapters import openspiel
    import pyspiel

    openspiel.register()
    game = pyspiel.load_game("twentyeight", {"ruleset": "29"})

The game is sequential, of imperfect information, with explicit chance: a state starts
as a chance node that deals the whole deck one card at a time (each outcome a card id,
uniform over the cards not dealt yet) into the places of the deal in the order the
packets go round the table, dealer seat 0. Once every card is down the state holds a
:class:`~twentyeight.Round` built from that deal, which shows each seat only the packets
dealt so far. From then on every action is an index of
:attr:`Ruleset.actions <twentyeight.Ruleset.actions>`.

Information states and observations are one and the same: the tensor is
:meth:`Round.observation <twentyeight.Round.observation>` and the string the seat's
:meth:`~twentyeight.Round.view` as sorted, compact JSON; neither ever holds another
seat's hidden cards. :meth:`TwentyEightState.resample_from_infostate` is
:meth:`Round.resample <twentyeight.Round.resample>`, replayed into a fresh state so that
the new state's history is that of its own deal.

Returns are each seat's game points for the round (its team's), paid at the end. They
are not always zero-sum (pips score the bidding team only), so the game is declared
general-sum.

Search: use OpenSpiel's ISMCTS written in Python
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``), which samples each simulation with
:meth:`TwentyEightState.resample_from_infostate`. (OpenSpiel's Python ``mcts.MCTSBot``
searches the state it is given, hidden cards included: give it a resampled state.) In
open_spiel 2.0.2 the C++ search bots (``pyspiel.ISMCTSBot``, ``pyspiel.MCTSBot``) crash
the interpreter on any game written in Python, OpenSpiel's own ``python_tic_tac_toe``
included; ``pyspiel.make_uniform_random_bot`` and ``pyspiel.random_sim_test`` work.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from itertools import product
from typing import Any

try:
    import numpy as np
    import pyspiel
except ImportError as exc:
    raise ImportError(
        'the OpenSpiel adapter needs OpenSpiel and numpy: pip install "twentyeight[openspiel]"'
    ) from exc

from ..config import HandOutcome, RulesetConfig
from ..encoding import action_index
from ..errors import ParseError
from ..inputs import describe
from ..registry import presets, ruleset
from ..round import Round
from ..ruleset import Ruleset

__all__ = [
    "DEFAULT_RULESET",
    "GAME_NAME",
    "MAX_STAKE",
    "TwentyEightGame",
    "TwentyEightObserver",
    "TwentyEightState",
    "game_info",
    "game_type",
    "register",
    "utility_range",
]

GAME_NAME = "twentyeight"
"""The name the game is registered under with pyspiel."""

DEFAULT_RULESET = "28"
"""The ruleset loaded when the ``ruleset`` parameter is not given."""

MAX_STAKE = 12
"""The largest fixed stake (game points a call puts on a hand) :func:`utility_range`
allows for. Scoring systems do not declare their stakes; the built-in one, the "C", is 6,
and this leaves room for a plug-in's larger one."""

_MULTIPLIERS = (1, 2, 4)
"""The stake multipliers a round can reach: plain, doubled, redoubled."""

_DEALING = "dealing"
"""Every seat's information state and observation string while the cards go round."""


# ---------------------------------------------------------------------- game facts


def utility_range(rs: Ruleset) -> tuple[float, float]:
    """The least and the most game points one seat can score in a round of ``rs``.

    Scoring systems are plug-ins and say nothing about their range, so it is found by
    asking the ruleset's own system about every kind of hand it could be asked to score:
    either team bidding any legal bid, made or failed, as a plain contract or one set by
    any of the ruleset's plug-ins (a single hand, say), with every trick or every card
    point to either side, and the factor for a loss under half the target where the
    ruleset counts it. Where the auction or a plug-in brings calls of its own, those may
    double or redouble the hand or put a fixed stake of up to :data:`MAX_STAKE` on it,
    and every such hand is asked about too. An annulled deal scores 0, so 0 is always
    in the range."""
    cfg = rs.config
    scoring = cfg.scoring
    points = rs.deck.mask_points((1 << rs.deck.size) - 1)
    tricks = cfg.tricks
    contracts = ("bid", *(p.name for p in cfg.plugins))
    # Only a call (the auction's own or a plug-in's) can double a hand or set a stake.
    calls = bool(cfg.auction.action_kinds) or any(p.action_kinds for p in cfg.plugins)
    multipliers = _MULTIPLIERS if calls else (1,)
    # A stake replaces the hand's value, so the largest one bounds them all.
    stakes: tuple[int | None, ...] = (None, MAX_STAKE) if calls and scoring.stakes \
        else (None,)
    splits = ((0, points), (points, 0))
    trick_splits = ((0, tricks), (tricks, 0), (1, tricks - 1), (tricks - 1, 1))
    low = high = 0
    for team, bid, contract, made, multiplier, stake, card_points, tricks_won in product(
            (0, 1), cfg.bids, contracts, (True, False),
            multipliers, stakes, splits, trick_splits):
        outcome = HandOutcome(
            teams=2, bidding_team=team, bid=bid,
            target=bid if contract == "bid" else None,
            card_points=card_points, tricks_won=tricks_won, made=made, contract=contract,
            multiplier=multiplier, stake=stake,
            less_than_half_doubles=cfg.less_than_half_doubles)
        for value in outcome.game_points(scoring):
            low = min(low, value)
            high = max(high, value)
    return float(low), float(high)


_RANGES: dict[RulesetConfig, tuple[float, float]] = {}
""":func:`utility_range` by ruleset config: worked out once per ruleset."""


def _utility_range(rs: Ruleset) -> tuple[float, float]:
    found = _RANGES.get(rs.config)
    if found is None:
        found = _RANGES[rs.config] = utility_range(rs)
    return found


def game_type(min_players: int, max_players: int) -> Any:
    """The ``pyspiel.GameType`` of the game for tables of ``min_players`` to
    ``max_players`` seats (each loaded game has its ruleset's number for both)."""
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Twenty-eight family (twentyeight)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players,
        min_num_players=min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"ruleset": DEFAULT_RULESET},
    )


def game_info(rs: Ruleset) -> Any:
    """The ``pyspiel.GameInfo`` of ``rs``: its action indices, one chance outcome per
    card, its seats, :func:`utility_range`, and at most one chance node per card plus
    :attr:`RulesetConfig.max_actions <twentyeight.RulesetConfig.max_actions>` moves."""
    low, high = _utility_range(rs)
    return pyspiel.GameInfo(
        num_distinct_actions=rs.num_actions,
        max_chance_outcomes=rs.deck.size,
        num_players=rs.config.players,
        min_utility=low,
        max_utility=high,
        utility_sum=None,
        max_game_length=rs.config.players * rs.config.hand_size + rs.config.max_actions,
    )


def _reads_as_text(value: str) -> bool:
    """True if pyspiel reads ``value`` back from a game string as the same text: not a
    number, a switch or a nested game, and nothing that ends the parameter early."""
    return bool(value) and value not in ("True", "true", "False", "false") \
        and not set(value) <= set("+-0123456789.") and not any(c in value for c in "(),=")


def _spelling(rs: Ruleset, name: str) -> str:
    """The name a game keeps as its ``ruleset`` parameter: ``name``, or, where pyspiel
    would read it back from the game's string as a number (``28``), the ruleset's first
    alias that it reads as text (``twenty-eight``). The game's string
    (``twentyeight(ruleset=twenty-eight)``) then loads the same game again, which is
    what pyspiel's serialization does."""
    if _reads_as_text(name):
        return name
    return next((alias for alias in rs.aliases if _reads_as_text(alias)), name)


# ---------------------------------------------------------------------- shared parts


class _Table:
    """What every state of one game shares and never changes: the ruleset and the seat
    each card of the deal goes to, in dealing order."""

    __slots__ = ("places", "ruleset")

    def __init__(self, rs: Ruleset) -> None:
        cfg = rs.config
        n = cfg.players
        dealer = 0
        self.ruleset = rs
        self.places: tuple[int, ...] = tuple(
            (dealer + 1 + k) % n
            for size in cfg.deal_packets for k in range(n) for _ in range(size))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        # pyspiel clones a Python state by deep-copying its attributes: this part is
        # read-only, so the copy shares it.
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # A serialized state names its ruleset; the tables are rebuilt from it.
        return (_table_of, (self.ruleset.name,))


def _table_of(name: str) -> _Table:
    """The shared part of the states of ruleset ``name`` (for unpickling)."""
    return _Table(ruleset(name))


class _RoundBox:
    """Holds a state's round so that a deep copy is :meth:`Round.clone
    <twentyeight.Round.clone>` (field by field) rather than a pickle round trip, which
    replays the whole record."""

    __slots__ = ("rnd",)

    def __init__(self, rnd: Round) -> None:
        self.rnd = rnd

    def __deepcopy__(self, memo: dict[int, Any]) -> _RoundBox:
        return _RoundBox(self.rnd.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_RoundBox, (self.rnd,))


# ---------------------------------------------------------------------- the game


class TwentyEightGame(pyspiel.Game):  # type: ignore[misc]
    """A ruleset of the twenty-eight family as an OpenSpiel game. Made by
    ``pyspiel.load_game("twentyeight", {"ruleset": name})`` once :func:`register` has
    run; an unknown name raises :class:`~twentyeight.UnknownRulesetError`."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        name = params.get("ruleset", DEFAULT_RULESET)
        rs = ruleset(str(name))
        params["ruleset"] = _spelling(rs, str(name))
        players = rs.config.players
        super().__init__(game_type(players, players), game_info(rs), params)
        self.ruleset = rs
        self._table = _Table(rs)

    def max_chance_nodes_in_history(self) -> int:
        """One chance node per card dealt."""
        return len(self._table.places)

    def new_initial_state(self) -> TwentyEightState:
        """A state before the first card is dealt."""
        return TwentyEightState(self, self._table)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> TwentyEightObserver:
        """The observer for ``iig_obs_type``: one seat's private and public
        information, with or without perfect recall (both are the seat's view)."""
        return TwentyEightObserver(self.ruleset.observation_size, iig_obs_type, params)


class TwentyEightState(pyspiel.State):  # type: ignore[misc]
    """A state of :class:`TwentyEightGame`: the deal so far, then the round."""

    def __init__(self, game: TwentyEightGame, table: _Table) -> None:
        super().__init__(game)
        self._table = table
        self._cards: list[int] = []
        self._box: _RoundBox | None = None

    @property
    def round(self) -> Round | None:
        """The round, once every card is dealt (``None`` during the deal)."""
        return self._box.rnd if self._box is not None else None

    def current_player(self) -> int:
        """The seat to act; ``PlayerId.CHANCE`` during the deal, ``PlayerId.TERMINAL``
        once the round is over."""
        box = self._box
        if box is None:
            return int(pyspiel.PlayerId.CHANCE)
        rnd = box.rnd
        if rnd.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = rnd.to_act
        assert seat is not None, "a round that is not over always has a seat to act"
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        """The legal action indices of ``player`` (the seat to act), ascending."""
        assert self._box is not None
        return sorted(self._box.rnd.legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card not dealt yet, with equal probability."""
        dealt = set(self._cards)
        left = [c for c in range(self._table.ruleset.deck.size) if c not in dealt]
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _apply_action(self, action: int) -> None:
        """Deal card id ``action`` during the deal (:class:`~twentyeight.ParseError`,
        a ``ValueError``, for one that is no card id or is dealt already), else apply the
        action at index ``action`` (:class:`~twentyeight.IllegalActionError` if it is not
        legal, :class:`~twentyeight.ParseError` if it is no index)."""
        box = self._box
        if box is not None:
            box.rnd.apply(self._table.ruleset.action_of(action))
            return
        table = self._table
        try:
            card = action_index(action, table.ruleset.deck.size)
        except ParseError:
            card = -1
        if card < 0 or card in self._cards:
            raise ParseError(f"card id {describe(action)} cannot be dealt now")
        self._cards.append(card)
        if len(self._cards) == len(table.places):
            self._box = _RoundBox(_deal_round(table, self._cards))

    def _action_to_string(self, player: int, action: int) -> str:
        """``deal <card>`` for a chance outcome, else the action's text (``bid 16``)."""
        rs = self._table.ruleset
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {rs.card_text[action]}"
        return str(rs.action_of(action))

    def is_terminal(self) -> bool:
        """True once the round is over (played out or annulled)."""
        return self._box is not None and self._box.rnd.is_over

    def returns(self) -> list[float]:
        """Each seat's game points (its team's): all 0 until the end."""
        if self._box is None:
            return [0.0] * self._table.ruleset.config.players
        return list(self._box.rnd.returns())

    def rewards(self) -> list[float]:
        """The game points paid by the last move: all of them at the end, else 0."""
        return self.returns()

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> TwentyEightState:
        """A state ``player_id`` cannot tell from this one, drawn uniformly
        (:meth:`Round.resample <twentyeight.Round.resample>`), with a generator seeded
        from ``probability_sampler``. The new deal and the same moves are replayed into
        a fresh state, so its history is its own. During the deal no seat has seen a
        card yet: the same number of cards are dealt afresh."""
        rng = random.Random(int(probability_sampler() * 2**63))
        game = self.get_game()
        new: TwentyEightState = game.new_initial_state()
        box = self._box
        if box is None:
            for card in rng.sample(range(self._table.ruleset.deck.size), len(self._cards)):
                new.apply_action(card)
            return new
        other = box.rnd.resample(player_id, rng)
        for card in _dealing_order(self._table, other):
            new.apply_action(card)
        rs = self._table.ruleset
        for _, action in other.history:
            new.apply_action(rs.action_id(action))
        return new

    def __str__(self) -> str:
        """The whole state, for debugging: the cards dealt so far, then the round's
        record (which shows every hand)."""
        box = self._box
        if box is None:
            texts = self._table.ruleset.card_text
            return "dealt: " + " ".join(texts[c] for c in self._cards)
        return box.rnd.to_json()


def _deal_round(table: _Table, cards: list[int]) -> Round:
    """The round of a finished deal: ``cards`` in dealing order."""
    rs = table.ruleset
    hands: list[list[Any]] = [[] for _ in range(rs.config.players)]
    deck_cards = rs.deck.cards
    for seat, card in zip(table.places, cards, strict=True):
        hands[seat].append(deck_cards[card])
    return rs.new_round(deal=hands, dealer=0)


def _dealing_order(table: _Table, rnd: Round) -> list[int]:
    """The card ids of ``rnd``'s deal in the order they were dealt."""
    card_id = table.ruleset.deck.card_id
    hands = [iter([card_id(c) for c in hand]) for hand in rnd.deal]
    return [next(hands[seat]) for seat in table.places]


class TwentyEightObserver:
    """What one seat may know, for pyspiel: ``tensor`` is :meth:`Round.observation
    <twentyeight.Round.observation>` (zeros during the deal), the string the seat's
    view as sorted, compact JSON. The information state and the observation are the
    same: a view holds the public history a seat needs (the auction, the tricks)."""

    def __init__(self, size: int, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"the twentyeight observer takes no parameters, got {params}")
        if iig_obs_type is not None and (
                iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not iig_obs_type.public_info):
            raise ValueError("the twentyeight observer shows one seat's private and public "
                             "information only")
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TwentyEightState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` may know in ``state``."""
        rnd = state.round
        if rnd is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = rnd.observation(player)

    def string_from(self, state: TwentyEightState, player: int) -> str:
        """What ``player`` may know in ``state``, as text."""
        rnd = state.round
        if rnd is None:
            return _DEALING
        return json.dumps(rnd.view(player), sort_keys=True, separators=(",", ":"))


# ---------------------------------------------------------------------- registration


def register() -> None:
    """Register the game ``"twentyeight"`` with pyspiel (its ``ruleset`` parameter
    names the ruleset, ``"28"`` by default). Calling it again does nothing."""
    if GAME_NAME in pyspiel.registered_names():
        return
    seats = [ruleset(name).config.players for name in presets()] or [4]
    pyspiel.register_game(game_type(min(seats), max(seats)), TwentyEightGame)
