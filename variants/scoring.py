"""Scoring systems: game points for a hand and the end of a match.

Four systems appear in the sources (RULES.md section 4), each a plug-in here: **pips**
(+1/-1 to the bidding team, first to +6 or -6), **bands** (points by the bid's band, first
to N), **base points** (28SIX's award to the winning side, a running series) and
**tables** (56's stock of table cards, a team that cannot pay loses).

A system gives a hand's base value; the round multiplies it by
:attr:`~twentyeight.HandOutcome.factor` (doubling, redoubling and, where the ruleset's
option says so, a loss under half the target). Every system here also honours a fixed
:attr:`~twentyeight.HandOutcome.stake` set by a call (``stakes = True``).
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, cast

import attrs
from attrs import field, frozen

from twentyeight.config import MAX_OPTION_INT, HandOutcome, ScoringSystem, whole_numbers
from twentyeight.errors import ConfigError
from twentyeight.inputs import describe, is_whole

SINGLE_HAND = "single-hand"
"""The contract name of the single-hand plug-in (an every-trick contract)."""


def _positive(_inst: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not is_whole(value, 1, MAX_OPTION_INT + 1):
        raise ConfigError(f"option {attribute.name} must be a whole number from 1 to "
                          f"{MAX_OPTION_INT}, got {describe(value)}")


def _optional_positive(inst: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None:
        _positive(inst, attribute, value)


Band = tuple[int, int, int]
"""``(lowest bid of the band, game points if made, game points if failed)``."""


def band_of(bands: tuple[Band, ...], bid: int) -> Band:
    """The band ``bid`` falls in (a bid below the first band counts in it)."""
    chosen = bands[0]
    for b in bands:
        if bid >= b[0]:
            chosen = b
    return chosen


def _first_to(totals: tuple[int, ...], target: int | None) -> int | None:
    """The team at or above ``target``, if any."""
    if target is None:
        return None
    for team, total in enumerate(totals):
        if total >= target:
            return team
    return None


@frozen
class Pips(ScoringSystem):
    """28's pips: the bidding team gains ``made`` game points if it makes its target and
    ``failed`` (negative) if not; the defenders' score does not change. A single hand is
    worth ``single_hand_made`` / ``single_hand_failed``. A team at ``+match_target``
    wins the set (a red set); one at ``-match_target`` loses it (a black set). The match
    is won ``match_sets`` sets ahead (see :class:`~twentyeight.Match`). Sources: 001,
    002 (the red and black sixes, sets)."""

    stakes: ClassVar[bool] = True
    """A fixed stake set by a call (the C) replaces the hand\'s value."""
    made: int = 1
    """Game points to the bidding team for a contract made."""
    failed: int = -1
    """Game points to the bidding team for a contract failed (negative)."""
    match_target: int = field(default=6, validator=_positive)
    """A team at this many game points wins the set; at minus this many, it loses it."""
    match_sets: int = field(default=1, validator=_positive)
    """Sets a team must be ahead by to win the match (1: the first set decides)."""
    single_hand_made: int = 3
    """Game points for a single hand won."""
    single_hand_failed: int = -3
    """Game points for a single hand lost (negative)."""
    name: str = "pips"
    description: str = "+1 / -1 game point to the bidding team; +6 wins, -6 loses"
    option_fields: ClassVar[tuple[str, ...]] = ("match_target", "match_sets")

    @property
    def single_hand(self) -> tuple[int, int]:
        """Game points for a single hand made and lost."""
        return (self.single_hand_made, self.single_hand_failed)

    def hand_points(self, outcome: HandOutcome) -> tuple[int, ...]:
        """Game points for each team from one hand."""
        if outcome.stake is not None:
            value = outcome.stake if outcome.made else -outcome.stake
        elif outcome.contract == SINGLE_HAND:
            value = self.single_hand_made if outcome.made else self.single_hand_failed
        else:
            value = self.made if outcome.made else self.failed
        points = [0] * outcome.teams
        points[outcome.bidding_team] = value
        return tuple(points)

    def match_winner(self, totals: tuple[int, ...]) -> int | None:
        """The winning team, or ``None``."""
        won = _first_to(totals, self.match_target)
        if won is not None:
            return won
        for team, total in enumerate(totals):
            if total <= -self.match_target:
                return 1 - team
        return None


def _bands(value: object) -> tuple[Band, ...]:
    if not isinstance(value, (list, tuple)):
        raise ConfigError(f"bands must be (lowest bid, made, failed) triples, got "
                          f"{describe(value)}")
    try:
        bands = tuple(cast(Band, whole_numbers(b, 3)) for b in value)
    except ConfigError as exc:
        raise ConfigError(f"bands must be (lowest bid, made, failed) triples: {exc}") from None
    if not bands or list(bands) != sorted(bands) or len({b[0] for b in bands}) != len(bands):
        raise ConfigError("bands must be listed by rising lowest bid, without repeats")
    return bands


@frozen
class Bands(ScoringSystem):
    """Game points by the band the bid falls in (004; 40 in 002). ``bands`` lists
    ``(lowest bid, made, failed)``; a failed contract costs the bidding team ``failed``
    points (``failed_to="bidder"``, 004) or gives them to the opponents
    (``failed_to="opponents"``, 40). A single hand is worth ``single_hand_made`` to the
    declarer's side or ``single_hand_failed`` to the other side (40's Thani: 4 / 5).
    First team to ``match_target`` wins."""

    stakes: ClassVar[bool] = True
    """A fixed stake set by a call (the C) replaces the hand\'s value."""
    bands: tuple[Band, ...] = field(converter=_bands)
    """``(lowest bid, made, failed)`` for each band, by rising lowest bid."""
    failed_to: Literal["bidder", "opponents"] = "bidder"
    """Who a failed contract's points go to: off the bidding team, or to the opponents."""
    match_target: int = field(default=10, validator=_positive)
    """The first team to reach this many game points wins the match."""
    single_hand_made: int | None = None
    """Game points for a single hand won (``None``: no single hand in this system)."""
    single_hand_failed: int | None = None
    """Game points a lost single hand gives (as ``failed_to`` says)."""
    name: str = "bands"
    description: str = "game points by the bid's band; first to 10 wins"
    option_fields: ClassVar[tuple[str, ...]] = ("match_target",)

    @property
    def single_hand(self) -> tuple[int, int] | None:
        """Game points for a single hand made and lost, if the system has them."""
        if self.single_hand_made is None or self.single_hand_failed is None:
            return None
        return (self.single_hand_made, self.single_hand_failed)

    def hand_points(self, outcome: HandOutcome) -> tuple[int, ...]:
        """Game points for each team from one hand."""
        if outcome.stake is not None:
            made, failed = outcome.stake, outcome.stake
        elif outcome.contract == SINGLE_HAND and self.single_hand is not None:
            made, failed = self.single_hand
        else:
            _, made, failed = band_of(self.bands, outcome.bid)
        points = [0] * outcome.teams
        team = outcome.bidding_team
        if outcome.made:
            points[team] = made
        elif self.failed_to == "bidder":
            points[team] = -failed
        else:
            points[1 - team] = failed
        return tuple(points)

    def match_winner(self, totals: tuple[int, ...]) -> int | None:
        """The first team to reach ``match_target``."""
        return _first_to(totals, self.match_target)


@frozen
class BasePoints(ScoringSystem):
    """28SIX's base points (003): a won contract gives the declarers 1 base point (2 for
    an honors contract, a bid of ``honors`` or more); a lost one gives the defenders 2
    (3 for honors). Slam bonus: in a non-honors contract, a side that takes every trick
    gets 1 more. A series keeps the running total; with ``match_target`` set, the first
    team to reach it wins."""

    stakes: ClassVar[bool] = True
    """A fixed stake set by a call (the C) replaces the hand\'s value."""
    honors: int = 20
    """The lowest honors bid."""
    match_target: int | None = field(default=None, validator=_optional_positive)
    """The first team to reach this many base points wins (``None``: an endless
    series)."""
    name: str = "base-points"
    description: str = "base points to the winning side (honors and slam bonus); a series"
    option_fields: ClassVar[tuple[str, ...]] = ("match_target",)

    def hand_points(self, outcome: HandOutcome) -> tuple[int, ...]:
        """Base points for each team from one hand."""
        honors = outcome.bid >= self.honors
        team = outcome.bidding_team
        winner = team if outcome.made else 1 - team
        if outcome.stake is not None:
            value = outcome.stake
        else:
            value = (2 if honors else 1) if outcome.made else (3 if honors else 2)
            if not honors and outcome.contract != SINGLE_HAND \
                    and outcome.tricks_won[1 - winner] == 0:
                value += 1
        points = [0] * outcome.teams
        points[winner] = value
        return tuple(points)

    def match_winner(self, totals: tuple[int, ...]) -> int | None:
        """The first team to ``match_target`` (``None``: the series goes on)."""
        return _first_to(totals, self.match_target)


@frozen
class Tables(ScoringSystem):
    """56's tables (004): each team starts with ``tables`` table cards; the contractor's
    team wins from the other side, or pays it, the number of tables of the bid's band
    (``bands``: lowest bid, made, failed). A team that cannot pay what it owes loses."""

    stakes: ClassVar[bool] = True
    """A fixed stake set by a call (the C) replaces the hand\'s value."""
    bands: tuple[Band, ...] = field(converter=_bands)
    """``(lowest bid, tables won, tables paid)`` for each band."""
    tables: int = field(default=12, validator=_positive)
    """The tables each team holds when a match begins."""
    name: str = "tables"
    description: str = "tables won from or paid to the other side; a team that cannot pay loses"
    option_fields: ClassVar[tuple[str, ...]] = ("tables",)

    def starting_totals(self, teams: int) -> tuple[int, ...]:
        """Each team's stock of tables when a match begins."""
        return (self.tables,) * teams

    def hand_points(self, outcome: HandOutcome) -> tuple[int, ...]:
        """Tables each team gains (negative: pays) for one hand."""
        if outcome.stake is not None:
            made = failed = outcome.stake
        else:
            _, made, failed = band_of(self.bands, outcome.bid)
        value = made if outcome.made else -failed
        points = [-value] * outcome.teams
        points[outcome.bidding_team] = value
        return tuple(points)

    def match_winner(self, totals: tuple[int, ...]) -> int | None:
        """The other team, once a team has had to pay more tables than it held."""
        for team, total in enumerate(totals):
            if total < 0:
                return 1 - team
        return None
