"""Scoring systems: game points for a hand and the end of a match.

Four systems appear in the sources (RULES.md section 4), each a plug-in here: **pips**
(+1/-1 to the bidding team, first to +6 or -6), **bands** (points by the bid's band, first
to N), **base points** (28SIX's award to the winning side, a running series) and
**tables** (56's stock of table cards, a team that cannot pay loses).

A system gives a hand's base value; the round multiplies it by
:attr:`~twentyeight.HandOutcome.factor` (doubling, redoubling and, where the ruleset's
option says so, a loss under half the target); 56's tables may instead price doubled and
redoubled contracts band by band. Who a failed contract pays is the option
``failed_to`` (:data:`FailedTo`), and whether a made contract's points are also taken
off the defenders the option ``made_to`` (:data:`MadeTo`). Every system here also
honours a fixed
:attr:`~twentyeight.HandOutcome.stake` set by a call (``stakes = True``).
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, TypeVar, cast

import attrs
from attrs import field, frozen

from twentyeight.config import (
    MAX_OPTION_INT,
    HandOutcome,
    ScoringSystem,
    one_of,
    typed,
    whole_numbers,
)
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

_B = TypeVar("_B", bound=tuple[int, ...])

TableBand = tuple[int, ...]
"""A band of 56's tables: ``(lowest bid, won, paid)``, doubling multiplying them, or
``(lowest bid, won, paid, won doubled, paid doubled, won redoubled, paid redoubled)``."""

FailedTo = Literal["bidder", "opponents", "both"]
"""Who a failed contract's game points go to: taken off the bidding team (``bidder``),
given to the defenders (``opponents``), or both at once, a transfer (``both``)."""

_FAILED_TO = ("bidder", "opponents", "both")

MadeTo = Literal["bidder", "both"]
"""Who a made contract's game points go to: given to the bidding team alone
(``bidder``), or given to it and taken off the defenders at once, a transfer (``both``:
josephch/rosanne moves the band's game points from the losing team to the winning
one whether the contract is made or failed)."""

_MADE_TO = ("bidder", "both")


def _charge(outcome: HandOutcome, made: int, failed: int,
            failed_to: FailedTo, made_to: MadeTo = "bidder") -> tuple[int, ...]:
    """Each team's points for a hand worth ``made`` to the bidding team if made, and
    ``failed`` (a cost, not negative) if failed, shared out as ``made_to`` and
    ``failed_to`` say."""
    points = [0] * outcome.teams
    team = outcome.bidding_team
    if outcome.made:
        points[team] = made
        if made_to == "both":
            points[1 - team] -= made
        return tuple(points)
    if failed_to != "opponents":
        points[team] -= failed
    if failed_to != "bidder":
        points[1 - team] += failed
    return tuple(points)


def band_of(bands: tuple[_B, ...], bid: int) -> _B:
    """The band ``bid`` falls in (a bid below the first band counts in it)."""
    chosen = bands[0]
    for b in bands:
        if bid >= b[0]:
            chosen = b
    return chosen


def first_to(totals: tuple[int, ...], target: int | None) -> int | None:
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
    failed_to: FailedTo = field(default="bidder", validator=one_of(*_FAILED_TO))
    """Who a failed contract's pip goes to: ``bidder`` (the bidding team loses it, as the
    28 app's rules have it), ``opponents`` (the defenders gain it instead: scores only
    ever rise, as an open-source 29 game plays) or ``both`` (a transfer, as an
    open-source 28 game plays)."""
    made_to: MadeTo = field(default="bidder", validator=one_of(*_MADE_TO))
    """Who a made contract's pip goes to: ``bidder`` (the bidding team gains it) or
    ``both`` (the defenders lose it as well: a transfer, as an open-source 28 game
    plays every hand)."""
    name: str = "pips"
    description: str = "+1 / -1 game point to the bidding team; +6 wins, -6 loses"
    option_fields: ClassVar[tuple[str, ...]] = ("match_target", "match_sets", "failed_to",
                                                "made_to")

    @property
    def single_hand(self) -> tuple[int, int]:
        """Game points for a single hand made and lost."""
        return (self.single_hand_made, self.single_hand_failed)

    def hand_points(self, outcome: HandOutcome) -> tuple[int, ...]:
        """Game points for each team from one hand."""
        if outcome.stake is not None:
            made, failed = outcome.stake, outcome.stake
        elif outcome.contract == SINGLE_HAND:
            made, failed = self.single_hand_made, -self.single_hand_failed
        else:
            made, failed = self.made, -self.failed
        return _charge(outcome, made, failed, self.failed_to, self.made_to)

    def match_winner(self, totals: tuple[int, ...]) -> int | None:
        """The winning team, or ``None``."""
        won = first_to(totals, self.match_target)
        if won is not None:
            return won
        for team, total in enumerate(totals):
            if total <= -self.match_target:
                return 1 - team
        return None


def _band_list(value: object, what: str, lengths: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``value`` as bands of one of ``lengths`` whole numbers each, by rising lowest bid,
    every value after the lowest bid at least 0 (a band's points are a gain or a cost,
    never a negative one)."""
    if not isinstance(value, (list, tuple)):
        raise ConfigError(f"bands must be {what}, got {describe(value)}")
    bands = []
    for b in value:
        try:
            band = whole_numbers(b)
        except ConfigError as exc:
            raise ConfigError(f"bands must be {what}: {exc}") from None
        if len(band) not in lengths:
            raise ConfigError(f"bands must be {what}; got {describe(b)}")
        if any(v < 0 for v in band):
            raise ConfigError(f"bands may not hold negative numbers (the failed value is a "
                              f"cost); got {describe(b)}")
        bands.append(band)
    lows = [b[0] for b in bands]
    if not bands or lows != sorted(lows) or len(set(lows)) != len(lows):
        raise ConfigError("bands must be listed by rising lowest bid, without repeats")
    return tuple(bands)


def _bands(value: object) -> tuple[Band, ...]:
    return tuple(cast(Band, b) for b in _band_list(value, "(lowest bid, made, failed) triples",
                                                    (3,)))


def _table_bands(value: object) -> tuple[TableBand, ...]:
    return _band_list(value, "(lowest bid, won, paid) triples, or sevens adding the tables "
                             "won and paid doubled and redoubled", (3, 7))


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
    """``(lowest bid, made, failed)`` for each band, by rising lowest bid: the band edges
    and their game points. The score-bands rules page's 28 has 14-19 / 20-24 / 25-28; an
    open-source 28 game plays 14-19 / 20-22 / 23-28 (``((14, 1, 2), (20, 2, 3), (23, 3,
    4))``)."""
    failed_to: FailedTo = field(default="bidder", validator=one_of(*_FAILED_TO))
    """Who a failed contract's points go to: ``bidder`` (off the bidding team, as the
    score-bands rules page has it), ``opponents`` (to the defenders, 40), or ``both`` (a
    transfer: the bidding team loses them and the defenders gain them, as an open-source
    28 game plays)."""
    made_to: MadeTo = field(default="bidder", validator=one_of(*_MADE_TO))
    """Who a made contract's points go to: ``bidder`` (to the bidding team, as the
    score-bands rules page has it) or ``both`` (a transfer: the bidding team gains them
    and the defenders lose them, as an open-source 28 game plays)."""
    match_target: int = field(default=10, validator=_positive)
    """The first team to reach this many game points wins the match."""
    single_hand_made: int | None = None
    """Game points for a single hand won (``None``: no single hand in this system)."""
    single_hand_failed: int | None = None
    """Game points a lost single hand gives (as ``failed_to`` says)."""
    name: str = "bands"
    description: str = "game points by the bid's band; first to 10 wins"
    option_fields: ClassVar[tuple[str, ...]] = ("match_target", "bands", "failed_to",
                                                "made_to")

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
        return _charge(outcome, made, failed, self.failed_to, self.made_to)

    def match_winner(self, totals: tuple[int, ...]) -> int | None:
        """The first team to reach ``match_target``."""
        return first_to(totals, self.match_target)


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
    failed_to: FailedTo = field(default="opponents", validator=one_of(*_FAILED_TO))
    """Who a lost contract's base points go to: ``opponents`` (the defenders gain them, as
    in the 28SIX app's help page), ``bidder`` (the declarers lose them instead) or ``both`` (a
    transfer, as an open-source 28 game plays its points)."""
    made_to: MadeTo = field(default="bidder", validator=one_of(*_MADE_TO))
    """Who a won contract's base points go to: ``bidder`` (the declarers gain them, as
    in the 28SIX app's help page) or ``both`` (the defenders lose them as well: a
    transfer, as an open-source 28 game plays its points)."""
    name: str = "base-points"
    description: str = "base points to the winning side (honors and slam bonus); a series"
    option_fields: ClassVar[tuple[str, ...]] = ("match_target", "failed_to", "made_to")

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
        return _charge(outcome, value, value, self.failed_to, self.made_to)

    def match_winner(self, totals: tuple[int, ...]) -> int | None:
        """The first team to ``match_target`` (``None``: the series goes on)."""
        return first_to(totals, self.match_target)


def _only_transfer(_inst: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value != "both":
        raise ConfigError(f"option {attribute.name} of tables scoring must be 'both', got "
                          f"{describe(value)}: tables are a fixed stock that passes from "
                          "one team to the other, so what one side pays the other gains")


@frozen
class Tables(ScoringSystem):
    """56's tables (004): each team starts with ``tables`` table cards; the contractor's
    team wins from the other side, or pays it, the number of tables of the bid's band
    (``bands``: lowest bid, won, paid). A team that cannot pay what it owes loses.

    Doubling multiplies a band's tables by 2 and a redouble by 4 (004, and
    rajeevmen0n/fiftysix), unless the band gives its doubled and redoubled tables itself
    (a band of seven numbers)."""

    stakes: ClassVar[bool] = True
    """A fixed stake set by a call (the C) replaces the hand\'s value."""
    bands: tuple[TableBand, ...] = field(converter=_table_bands)
    """The tables of each bid band, by rising lowest bid: ``(lowest bid, won, paid)``,
    doubling multiplying them (x2, redoubled x4), or ``(lowest bid, won, paid, won
    doubled, paid doubled, won redoubled, paid redoubled)``. 004 plays 28-39 1/2, 40-47
    2/3, 48-55 3/4, 56 4/5; rajeevmen0n/fiftysix lets each room set them: its rules page
    (section 7.1) lists 28-39 1/2, 40-55 2/3, 56 3/4 (``((28, 1, 2), (40, 2, 3), (56, 3,
    4))``), its engine's tests play a top band 48-56 paying 3/4 (``((28, 1, 2), (40, 2,
    3), (48, 3, 4))``)."""
    tables: int = field(default=12, validator=_positive)
    """The tables each team holds when a match begins."""
    failed_to: Literal["both"] = field(default="both", validator=_only_transfer)
    """Who a failed contract's tables go to: always ``both`` (the bidding team pays
    them to the defenders); tables cannot be created or destroyed."""
    made_to: Literal["both"] = field(default="both", validator=_only_transfer)
    """Who a made contract's tables go to: always ``both`` (the defenders pay them to
    the bidding team)."""
    every_trick: int | None = field(default=None, validator=_optional_positive)
    """A contract made by taking every trick wins this many tables instead of its band's
    (304's house "caps" as an open 304 app plays it: 5 stones at any bid); ``None``: no
    such bonus."""
    empty_loses: bool = field(default=False, validator=typed(bool))
    """A team left with no tables has lost (304's stones: the match ends when one team
    holds them all); ``False``: only a team that cannot pay what it owes loses."""
    name: str = "tables"
    description: str = "tables won from or paid to the other side; a team that cannot pay loses"
    option_fields: ClassVar[tuple[str, ...]] = (
        "tables", "bands", "failed_to", "made_to", "every_trick", "empty_loses")

    def starting_totals(self, teams: int) -> tuple[int, ...]:
        """Each team's stock of tables when a match begins."""
        return (self.tables,) * teams

    def _values(self, outcome: HandOutcome) -> tuple[int, int, int]:
        """``(won, paid, multiplier still to apply)``: a band of seven numbers gives the
        doubled and redoubled tables itself, so only the rest of the factor is left."""
        if outcome.stake is not None:
            return outcome.stake, outcome.stake, outcome.multiplier
        band = band_of(self.bands, outcome.bid)
        if self._every_trick(outcome):
            assert self.every_trick is not None
            return self.every_trick, band[2], outcome.multiplier
        if len(band) == 7 and outcome.multiplier in (2, 4):
            at = 3 if outcome.multiplier == 2 else 5
            return band[at], band[at + 1], 1
        return band[1], band[2], outcome.multiplier

    def hand_points(self, outcome: HandOutcome) -> tuple[int, ...]:
        """Tables each team gains (negative: pays) for one hand, undoubled."""
        if outcome.stake is not None:
            return self._transfer(outcome, outcome.stake, outcome.stake)
        band = band_of(self.bands, outcome.bid)
        if self._every_trick(outcome):
            assert self.every_trick is not None
            return self._transfer(outcome, self.every_trick, band[2])
        return self._transfer(outcome, band[1], band[2])

    def _every_trick(self, outcome: HandOutcome) -> bool:
        """The ``every_trick`` bonus applies: on, and a points contract made with every
        trick."""
        return (self.every_trick is not None and outcome.made and outcome.contract == "bid"
                and not any(won for team, won in enumerate(outcome.tricks_won)
                            if team != outcome.bidding_team))

    def _transfer(self, outcome: HandOutcome, made: int, failed: int) -> tuple[int, ...]:
        value = made if outcome.made else -failed
        points = [-value] * outcome.teams
        points[outcome.bidding_team] = value
        return tuple(points)

    def game_points(self, outcome: HandOutcome) -> tuple[int, ...]:
        """Tables each team gains for one hand: a band's own doubled or redoubled tables
        where it gives them, else the plain ones multiplied by the outcome's factor."""
        made, failed, multiplier = self._values(outcome)
        rest = outcome.factor // outcome.multiplier * multiplier
        return tuple(p * rest for p in self._transfer(outcome, made, failed))

    def match_winner(self, totals: tuple[int, ...]) -> int | None:
        """The other team, once a team has had to pay more tables than it held (with
        ``empty_loses``, once a team holds none)."""
        floor = 0 if self.empty_loses else -1
        for team, total in enumerate(totals):
            if total <= floor:
                return 1 - team
        return None
