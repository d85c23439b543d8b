"""Search bots: :class:`PIMCBot` (sampled deals, each solved exactly) and
:class:`ISMCTSBot` (information-set Monte Carlo tree search).

Both see what a seat may see and nothing else. :func:`~twentyeight.bots.play_round`
hands a bot that has a ``choose_at`` method a :class:`SeatAccess`: the seat's view, its
legal actions, and :meth:`~twentyeight.round.Round.resample` of that seat (deals of
the hidden cards consistent with everything the seat has seen). Every deal they search
is one of those: never the real one.

Both bid, choose the trump and make calls as :class:`HeuristicBot` does (measured: the
arena's report counts each bot's contracts made), and search the card play. Their
choices depend only on their seed and what they see, never on the clock, so a match
between them replays exactly, in one process or many.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from ..search_tables import search_tables
from ..solver import solve
from ..state import PLAY
from .bidding import SimulatedBidding
from .heuristic import HeuristicBot
from .simple import legal_of_text
from .worlds import INFERENCE, worlds_read_from_the_auction

if TYPE_CHECKING:
    from ..actions import Action
    from ..round import Round
    from ..ruleset import Ruleset

__all__ = ["BIDDING", "HIDDEN_TRUMP_TRICKS", "ROUND_SEARCH_TRICKS", "ISMCTSBot", "PIMCBot",
           "SeatAccess"]

BIDDING = ("heuristic", "simulation")
"""The ways :class:`PIMCBot` may bid (its ``bidding`` option)."""

ROUND_SEARCH_TRICKS = 5
"""Tricks left when :class:`PIMCBot` starts its search, by default, in a ruleset whose
play the solver must search as a round (not as cards alone): there a whole hand would
take seconds to minutes a deal. Five tricks keep a decision within about a second at
the 95th percentile in the presets searched so (six take several), and play stronger
than four (see "Bots and strength")."""


HIDDEN_TRUMP_TRICKS = 5
"""Tricks left when :class:`PIMCBot` starts its search, by default, while the trump is
a secret to its seat (a defender's, or the bidder's partner's, before the trump is
exposed). Each deal it solves fixes a trump, and the solver of each plays, for every
seat, as if it knew that trump: earlier in the hand that makes its choices worse than
the heuristic's (measured: see "Bots and strength")."""


class SeatAccess:
    """What a search bot may use of a round: one seat's view, its legal actions, and
    deals consistent with what it has seen. The round itself stays out of reach of
    the bot's code paths (nothing here returns it or another seat's cards)."""

    __slots__ = ("_round", "seat")

    def __init__(self, rnd: Round, seat: int) -> None:
        self._round = rnd
        self.seat = seat
        """The seat the bot plays."""

    def view(self) -> dict[str, Any]:
        """The seat's view (:meth:`~twentyeight.round.Round.view`) as a plain dict."""
        return dict(self._round.view(self.seat))

    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal actions (empty when it is not the seat's turn)."""
        rnd = self._round
        return rnd.legal_actions() if rnd.to_act == self.seat else ()

    @property
    def in_play(self) -> bool:
        """True while the cards are being played (public)."""
        return self._round.phase is PLAY

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset of the round (public)."""
        return self._round.ruleset

    @property
    def tricks_left(self) -> int:
        """Tricks not yet finished, the one in progress included (public)."""
        rnd = self._round
        return rnd.ruleset.config.tricks - len(rnd.tricks)

    @property
    def trump_hidden(self) -> bool:
        """True while the round has a trump this seat does not know (its view's
        ``trump`` entry names no suit)."""
        trump = self._round.view(self.seat)["trump"]
        return bool(trump) and "suit" not in trump  # type: ignore[operator]

    def resample(self, rng: random.Random) -> Round:
        """A deal of the hidden cards drawn uniformly from those consistent with
        everything the seat has seen, with the same history (see
        :meth:`Round.resample <twentyeight.round.Round.resample>`)."""
        return self._round.resample(self.seat, rng)


def _by_text(legal: tuple[Action, ...], text: str) -> Action:
    """The legal action the heuristic named (it always names one)."""
    action = legal_of_text(legal, text)
    assert action is not None, text
    return action


def _outcome(det: Round, team: int, points: int) -> float:
    """How good ``points`` final card points are for ``team`` in ``det``'s contract: the
    card points, and a bonus worth more than all of them when the contract goes the
    team's way (made by it, or defeated against it)."""
    target = det.target
    bidder = det.bidder
    if target is None or bidder is None:
        return float(points)
    total = det.deck.total_points + det.ruleset.config.last_trick_points
    ours = bidder & 1 == team
    bidders = points if ours else total - points
    good = bidders >= target if ours else bidders < target
    return points + (2 * total + 2 if good else 0)


class _SearchBot:
    """What the search bots share: their generator, and the heuristic that bids for
    them and answers a view (with no deals to sample, a bot cannot search)."""

    def __init__(self, seed: int | None) -> None:
        self._rng = random.Random(seed)
        self._heuristic = HeuristicBot(seed)

    def choose(self, view: dict[str, Any]) -> str:
        """From a view alone (no deals to sample): the heuristic's choice."""
        return self._heuristic.choose(view)

    def choose_at(self, access: SeatAccess) -> Action:
        """The action for the seat of ``access``, whose turn it is: the only legal one,
        the heuristic's where this bot does not search, else the search's."""
        legal = access.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if not self._searches(access):
            return self._heuristic_action(access, legal)
        return self._search(access, legal)

    def _heuristic_action(self, access: SeatAccess, legal: tuple[Action, ...]) -> Action:
        return _by_text(legal, self._heuristic.choose(access.view()))

    def _searches(self, access: SeatAccess) -> bool:
        """Whether this bot searches the position (default: in the card play)."""
        return access.in_play

    def _search(self, access: SeatAccess, legal: tuple[Action, ...]) -> Action:
        raise NotImplementedError


class PIMCBot(_SearchBot):
    """Perfect-information Monte Carlo: draw ``samples`` deals of the hidden cards
    consistent with what the seat has seen, solve each exactly (:func:`~twentyeight.
    solver.solve`) and play the action with the best mean outcome (the contract first,
    then card points); ties go to the heuristic's choice.

    By default (``solve_tricks=None``) it solves the whole hand, from the first lead,
    wherever the solver searches the play as cards alone
    (:attr:`~twentyeight.search_tables.SearchTables.plain`: 28, 56 and most presets):
    with the search in C a decision of 28 takes about a quarter of a second in the
    first trick and milliseconds from the fourth. Where the solver must search the
    round itself (a plug-in that changes the play), each node costs ten to
    a hundred times more, so it starts at :data:`ROUND_SEARCH_TRICKS` tricks left. A
    number ``solve_tricks`` starts the search once at most that many tricks are left
    (the one in progress included) in every ruleset. While the trump is a secret to the
    seat, the search starts only at ``hidden_trump_tricks`` tricks left
    (:data:`HIDDEN_TRUMP_TRICKS`; ``None``: as where the trump is known), since each
    deal solved plays as if every seat knew the trump it fixed. Before the search
    starts, and in the auction, the trump choice and the calls, it plays as
    :class:`HeuristicBot`.

    ``max_nodes`` caps each solve (a solve cut short counts its lower bounds), so that
    a decision's cost is bounded by the same count of nodes on every machine: the
    choices depend on the seed and the view alone, never on the clock.

    With ``inference="auction"`` the deals it solves are read against the auction
    (:func:`~twentyeight.bots.worlds.worlds_read_from_the_auction`): it keeps those
    where the other seats, bidding as :class:`HeuristicBot` does, would have made the
    calls they made. The default, ``inference="none"``, takes every consistent deal
    alike."""

    def __init__(self, seed: int | None = None, *, samples: int = 8,
                 solve_tricks: int | None = None,
                 hidden_trump_tricks: int | None = HIDDEN_TRUMP_TRICKS,
                 max_nodes: int | None = 1_000_000, bidding: str = "heuristic",
                 bid_samples: int = 6, bid_max_nodes: int | None = 3_000_000,
                 inference: str = "none") -> None:
        if samples < 1 or bid_samples < 1 or any(
                tricks is not None and tricks < 1
                for tricks in (solve_tricks, hidden_trump_tricks)):
            raise ValueError("samples, bid_samples, solve_tricks and hidden_trump_tricks "
                             "must be at least 1")
        for budget in (max_nodes, bid_max_nodes):
            if budget is not None and budget < 1:
                raise ValueError("a node budget must be at least 1 (or None: no budget)")
        if bidding not in BIDDING:
            raise ValueError(f"bidding must be one of {', '.join(BIDDING)}; got {bidding!r}")
        if inference not in INFERENCE:
            raise ValueError(f"inference must be one of {', '.join(INFERENCE)}; "
                             f"got {inference!r}")
        super().__init__(seed)
        self.bidding = bidding
        """How it bids and chooses the trump: ``"heuristic"`` (as :class:`HeuristicBot`)
        or ``"simulation"`` (:class:`~twentyeight.bots.bidding.SimulatedBidding`, with
        ``bid_samples`` deals for each trump and ``bid_max_nodes`` for each solve)."""
        self._simulated = (SimulatedBidding(self._rng, bid_samples, bid_max_nodes)
                           if bidding == "simulation" else None)
        self.samples = samples
        """Deals drawn and solved for each decision."""
        self.solve_tricks = solve_tricks
        """The search starts once this many tricks are left (``None``: see the class)."""
        self.hidden_trump_tricks = hidden_trump_tricks
        """While the trump is a secret to the seat, the search starts only once this
        many tricks are left (``None``: no later than where the trump is known)."""
        self.max_nodes = max_nodes
        """The node budget of each solve (``None``: none)."""
        self.inference = inference
        """How it reads the deals it draws (see the class)."""

    def __repr__(self) -> str:
        return (f"PIMCBot(samples={self.samples}, solve_tricks={self.solve_tricks}, "
                f"hidden_trump_tricks={self.hidden_trump_tricks}, "
                f"bidding={self.bidding!r}, inference={self.inference!r})")

    def choose_at(self, access: SeatAccess) -> Action:
        """As :meth:`_SearchBot.choose_at`, with the auction's bids and the trump
        chosen by simulation where :attr:`bidding` says so and the simulation takes the
        position."""
        simulated = self._simulated
        if simulated is not None and not access.in_play:
            legal = access.legal_actions()
            if len(legal) > 1:
                phase = access.view()["phase"]
                choice = (simulated.bid(access, legal) if phase == "auction" else
                          simulated.trump(access, legal) if phase == "trump" else None)
                if choice is not None:
                    return choice
        return super().choose_at(access)

    def _searches(self, access: SeatAccess) -> bool:
        if not access.in_play:
            return False
        start = self.solve_tricks
        if start is None:
            rs = access.ruleset
            start = rs.config.tricks if search_tables(rs).plain else ROUND_SEARCH_TRICKS
        left = access.tricks_left
        if left > start:
            return False
        hidden = self.hidden_trump_tricks
        return hidden is None or left <= hidden or not access.trump_hidden

    def _search(self, access: SeatAccess, legal: tuple[Action, ...]) -> Action:
        plain = self._heuristic_action(access, legal)
        team = access.seat & 1
        totals = dict.fromkeys(legal, 0.0)
        if self.inference == "auction":
            worlds = worlds_read_from_the_auction(access, self._rng, self.samples,
                                                  self._heuristic)
        else:
            worlds = [access.resample(self._rng) for _ in range(self.samples)]
        for det in worlds:
            solution = solve(det, max_nodes=self.max_nodes)
            for action, points in solution.action_values.items():
                totals[action] += _outcome(det, team, points)
        top = max(totals.values())
        if totals[plain] == top:
            return plain
        return next(a for a in legal if totals[a] == top)


class _Node:
    """A node of the information-set tree: one action's statistics."""

    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 1
        self.reward = 0.0
        self.children: dict[Action, _Node] = {}


class ISMCTSBot(_SearchBot):
    """Single-observer information-set Monte Carlo tree search over the card play: each
    of ``iterations`` iterations draws a deal consistent with what the seat has seen,
    walks the tree choosing by UCB among the actions legal in that deal (counting how
    often each was available), adds one node, plays the rest at random and scores the
    result for each seat that chose on the way (the contract first, then the card
    points). It plays the most visited action. The auction, the trump choice and the
    calls are the heuristic's."""

    def __init__(self, seed: int | None = None, *, iterations: int = 300,
                 exploration: float = 0.7) -> None:
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        super().__init__(seed)
        self.iterations = iterations
        """Iterations (deals drawn) for each decision."""
        self.exploration = exploration
        """The UCB exploration constant."""

    def __repr__(self) -> str:
        return f"ISMCTSBot(iterations={self.iterations})"

    def _search(self, access: SeatAccess, legal: tuple[Action, ...]) -> Action:
        rng = self._rng
        root = _Node()
        c = self.exploration
        for _ in range(self.iterations):
            det = access.resample(rng)
            node = root
            path: list[tuple[_Node, int]] = []
            while not det.is_over:
                moves = det.legal_actions()
                actor: int = det.to_act  # type: ignore[assignment]
                children = node.children
                untried = [a for a in moves if a not in children]
                for a in moves:
                    child = children.get(a)
                    if child is not None:
                        child.available += 1
                if untried:
                    move = rng.choice(untried)
                    node = children[move] = _Node()
                    det.apply(move)
                    path.append((node, actor))
                    break
                best_score = -math.inf
                move = moves[0]
                for a in moves:
                    child = children[a]
                    score = child.reward / child.visits + c * math.sqrt(
                        math.log(child.available) / child.visits)
                    if score > best_score:
                        best_score, move = score, a
                node = children[move]
                det.apply(move)
                path.append((node, actor))
            while not det.is_over:
                det.apply(rng.choice(det.legal_actions()))
            rewards = _rewards(det)
            for visited, actor in path:
                visited.visits += 1
                visited.reward += rewards[actor & 1]
        return max(legal, key=lambda a: root.children[a].visits
                   if a in root.children else -1)


def _rewards(det: Round) -> tuple[float, float]:
    """Each side's reward for a finished round, from 0 to 1: half for the contract
    going its way, half its share of the card points."""
    result = det.result
    assert result is not None
    first, second = result.card_points
    total = abs(first) + abs(second) or 1
    shares = [0.25 * (first / total + 1), 0.25 * (second / total + 1)]
    if result.made is not None and result.bidding_team is not None:
        winner = result.bidding_team if result.made else 1 - result.bidding_team
        shares[winner] += 0.5
    return shares[0], shares[1]
