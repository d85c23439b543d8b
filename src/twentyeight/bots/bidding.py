"""Bidding by simulation: a bid and a trump valued by the deals a seat cannot rule out,
each played out double dummy.

:class:`SimulatedBidding` draws deals consistent with what the seat has seen
(:meth:`~twentyeight.round.Round.resample`, its own cards still to come included) and,
for each of its likeliest trumps, makes the seat the holder of the contract in each
deal (it bids, the others pass, it chooses that trump), solves the play from the first
lead (:func:`~twentyeight.solver.solve_points`) and scores every bid it could make against those
card points under the ruleset's own scoring (:class:`~twentyeight.config.HandOutcome`:
the bands, ``failed_to``, a loss under half the target). It makes the call with the
best mean game-point margin for its side, and passes when none is worth more than
nothing. The engine drives every deal: the legal actions, the trump's laying and the
result of the play are the round's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from ..actions import Bid, LayTrump, NameTrump, Pass
from ..config import HandOutcome
from ..search_tables import search_tables
from ..solver import solve_points
from ..state import PLAY

if TYPE_CHECKING:
    from ..actions import Action
    from ..round import Round
    from ..ruleset import Ruleset
    from .search import SeatAccess

__all__ = ["SimulatedBidding", "contract_margin"]

_NEUTRAL_TRICKS = (1, 1)
"""The tricks each side took, as a simulated outcome gives them: a solve counts card
points, not tricks, so neither side is taken to have won every trick (a bonus some
scoring systems give)."""


def contract_margin(ruleset: Ruleset, team: int, bid: int, target: int,
                    card_points: tuple[int, int]) -> int:
    """The game points ``team`` gains over the other side when it holds a contract of
    ``bid`` to take ``target`` card points and the hand ends with ``card_points``,
    under ``ruleset``'s scoring (undoubled, no stake)."""
    cfg = ruleset.config
    scoring = cfg.scoring
    outcome = HandOutcome(
        teams=2, bidding_team=team, bid=bid, target=target, card_points=card_points,
        tricks_won=_NEUTRAL_TRICKS, made=False,
        less_than_half_doubles=cfg.less_than_half_doubles)
    # The scoring system decides whether it is made (its default: the target reached).
    points = attrs.evolve(outcome, made=scoring.contract_made(outcome)).game_points(scoring)
    return points[team] - points[1 - team]


TRUMPS_VALUED = 2
"""The suits of its hand a bidder values as the trump (plain bids): its longest, then
those with the most points. Each costs :attr:`SimulatedBidding.worlds` solves."""


def _likely_trumps(ruleset: Ruleset, hand: Sequence[str]) -> list[str]:
    """The :data:`TRUMPS_VALUED` suits of ``hand`` (cards' texts) most likely to be the
    best trump: the most cards, then the most points."""
    deck = ruleset.deck
    held: dict[str, list[int]] = {}
    for text in hand:
        cid = deck.card_id(text)
        held.setdefault(deck.cards[cid].suit, []).append(deck.points[cid])
    order = sorted(held, key=lambda suit: (-len(held[suit]), -sum(held[suit]), suit))
    return order[:TRUMPS_VALUED]


def _trump_suit(action: Action) -> str | None:
    """The suit a trump choice makes the trump (None for another kind of choice)."""
    if isinstance(action, LayTrump):
        return action.card.suit
    if isinstance(action, NameTrump):
        return action.suit
    return None


def _weakest(ruleset: Ruleset, choices: Sequence[Action], suit: str | None) -> Action | None:
    """The trump choice of ``choices`` that makes ``suit`` the trump giving up the least:
    the weakest card laid, or the suit named (None if none makes it the trump)."""
    deck = ruleset.deck
    return min((a for a in choices if _trump_suit(a) == suit),
               key=lambda a: deck.strength[deck.card_id(a.card)]
               if isinstance(a, LayTrump) else 0, default=None)


def _to_first_lead(det: Round, seat: int, suit: str | None) -> Round | None:
    """``det`` driven to the first lead with ``seat`` holding the contract: the other
    seats pass, and ``seat`` chooses trump ``suit`` (laying its weakest card of the
    suit) and passes after. None where the deal does not get there so (a seat may not
    pass, a redeal, a trump of that suit is not offered)."""
    for _ in range(8 * det.players):
        if det.phase is PLAY or det.is_over:
            break
        legal = det.legal_actions()
        actor = det.to_act
        choice: Action | None = None
        if actor == seat:
            trumps = [a for a in legal if _trump_suit(a) is not None]
            if trumps:
                choice = _weakest(det.ruleset, trumps, suit)
                if choice is None:
                    return None
        if choice is None:
            choice = next((a for a in legal if isinstance(a, Pass)), None)
        if choice is None:
            return None
        det.apply(choice)
    if det.phase is not PLAY or det.bidder != seat:
        return None
    return det


class SimulatedBidding:
    """The bids and trump choices of a search bot, by simulation (see the module).
    ``worlds`` deals are solved for each trump it could name, each solve within
    ``max_nodes`` positions (a deal whose solve runs out of them is left out). It
    bids only where the solver searches the play as cards alone
    (:attr:`~twentyeight.search_tables.SearchTables.plain`) and where the seat's side
    does not already hold the contract; elsewhere :meth:`bid` answers None and the bot
    bids as it otherwise would."""

    def __init__(self, rng: random.Random, worlds: int, max_nodes: int | None) -> None:
        self._rng = rng
        self.worlds = worlds
        """Deals solved for each trump at each decision."""
        self.max_nodes = max_nodes
        """The node budget of each solve (``None``: none)."""

    def takes(self, ruleset: Ruleset) -> bool:
        """Whether it bids in ``ruleset``: its play is searched as cards alone, and a
        bid is what the bidder promises (not a handicap:
        :attr:`~twentyeight.config.ScoringSystem.bid_is_handicap`)."""
        return (search_tables(ruleset).plain
                and not ruleset.config.scoring.bid_is_handicap)

    def bid(self, access: SeatAccess, legal: Sequence[Action]) -> Action | None:
        """The call with the best mean margin among ``legal`` (the seat's turn in the
        auction), or None where it leaves the call to the bot's own rules."""
        view = access.view()
        contract = view.get("contract")
        seat = access.seat
        if contract is not None and int(contract["bidder"]) % 2 == seat % 2:
            return None  # the side holds it: raising over a partner is the bot's call
        bids = [a for a in legal if isinstance(a, Bid)]
        passing = next((a for a in legal if isinstance(a, Pass)), None)
        if not bids or not self.takes(access.ruleset):
            return None
        hand_suits = _likely_trumps(access.ruleset, view["hand"])
        # Bids that name the trump are valued with it; plain bids with its likeliest.
        by_trump: dict[str | None, list[Bid]] = {}
        for b in bids:
            by_trump.setdefault(b.denomination, []).append(b)
        best: tuple[float, Action] | None = None
        deals = self._deals(access)  # the same deals for every choice: fair comparisons
        for named, group in by_trump.items():
            lowest = min(group, key=lambda b: b.value)
            for suit in ([named] if named is not None else hand_suits):
                margins = self._margins(access, deals, lowest, suit, group)
                for call, margin in margins.items():
                    if best is None or margin > best[0]:
                        best = (margin, call)
        if best is None:
            return None
        if passing is not None and best[0] <= 0:
            return passing
        return best[1]

    def trump(self, access: SeatAccess, legal: Sequence[Action]) -> Action | None:
        """The trump choice among ``legal`` with the best mean margin at the contract
        won, or None where it leaves the choice to the bot's own rules."""
        if not self.takes(access.ruleset):
            return None
        choices = [a for a in legal if _trump_suit(a) is not None]
        suits = sorted({s for a in choices if (s := _trump_suit(a)) is not None})
        if len(suits) < 2:
            return None
        best: tuple[float, str] | None = None
        deals = self._deals(access)
        for suit in suits:
            margin = self._mean_margin(access, deals, suit)
            if margin is not None and (best is None or margin > best[0]):
                best = (margin, suit)
        if best is None:
            return None
        return _weakest(access.ruleset, choices, best[1])

    def _deals(self, access: SeatAccess) -> list[Round]:
        """:attr:`worlds` deals the seat cannot tell from the real one."""
        return [access.resample(self._rng) for _ in range(self.worlds)]

    def _outcomes(self, access: SeatAccess, deals: Sequence[Round], first: Action | None,
                  suit: str | None) -> list[tuple[int, int]]:
        """Each side's card points under best play in each of ``deals``, the seat
        holding the contract after ``first`` with trump ``suit``."""
        found: list[tuple[int, int]] = []
        for deal in deals:
            det = deal.clone()
            if first is not None:
                det.apply(first)
            played = _to_first_lead(det, access.seat, suit)
            if played is None:
                continue
            points = solve_points(played, max_nodes=self.max_nodes)
            if points is not None:  # (a deal too long to solve is left out)
                found.append(points)
        return found

    def _margins(self, access: SeatAccess, deals: Sequence[Round], lowest: Bid,
                 suit: str | None, group: Sequence[Bid]) -> dict[Action, float]:
        """The mean margin of each bid of ``group`` (bids alike but for their value)
        with trump ``suit``, from ``deals`` played after the lowest of them."""
        outcomes = self._outcomes(access, deals, lowest, suit)
        if not outcomes:
            return {}
        rs = access.ruleset
        team = access.seat & 1
        # The target is the bid (a plug-in's change to it, such as a pair shown later,
        # is not foreseen).
        return {b: sum(contract_margin(rs, team, b.value, b.value, p) for p in outcomes)
                / len(outcomes) for b in group}

    def _mean_margin(self, access: SeatAccess, deals: Sequence[Round],
                     suit: str) -> float | None:
        """The mean margin of the contract the seat holds, with trump ``suit``."""
        view = access.view()
        contract = view.get("contract")
        if contract is None:
            return None
        outcomes = self._outcomes(access, deals, None, suit)
        if not outcomes:
            return None
        bid = int(contract["bid"])
        target = int(contract.get("target") or bid)
        team = access.seat & 1
        return sum(contract_margin(access.ruleset, team, bid, target, p)
                   for p in outcomes) / len(outcomes)
