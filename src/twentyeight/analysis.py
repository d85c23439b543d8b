"""Where a round was won and lost: the worth of every legal action at each decision of
the play, by two measures.

- The **double-dummy** value: the card points the side to act ends with if it takes the
  action and both sides then play best with every hand known (:func:`~twentyeight.
  solver.solve`). It needs the whole deal, so it is given only for a finished round read
  from its full record: the reader of a finished round's full record knows every card.
- The **informed** value: the same points averaged over deals the seat to act could not
  tell from the real one at that moment (:meth:`~twentyeight.round.Round.resample`),
  each solved double-dummy. It is what the seat could have worked out from what it had
  seen: the deals are drawn by a generator seeded from the seat's own view, so two deals
  the seat cannot tell apart give it the same values.

A play *costs* points when its side ends with fewer double-dummy points after it than
before: the card points each side takes are its double-dummy value at the first
decision analysed, plus what the other side's plays gave it, minus what its own plays
gave away (:meth:`Analysis.accounts`). :func:`informed_values` gives the informed values
of the position a seat is in now, as a hint an app may show.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from attrs import frozen

from .actions import Action
from .errors import TwentyEightError
from .solver import SolveError, _solve_sharing, solve
from .state import PLAY

if TYPE_CHECKING:
    from .round import Round

__all__ = ["Analysis", "Decision", "analyse", "informed_values"]

DEFAULT_WORLDS = 8
"""Deals drawn for each informed value unless told otherwise."""

MAX_WORLDS = 1000
"""The most deals drawn for one informed value."""


@frozen
class Decision:
    """One decision of the play: who acted, what was legal, what was taken, and what
    each legal action was worth."""

    index: int
    """Where the action taken stands in the round's :attr:`~twentyeight.round.Round.
    history` (from 0)."""
    tricks_done: int
    """Tricks finished before the decision."""
    seat: int
    """The seat that acted."""
    action: Action
    """The action it took."""
    legal: tuple[Action, ...]
    """Its legal actions, in the order of ``legal_actions()``."""
    double_dummy: Mapping[Action, int] | None
    """Each legal action's double-dummy value: the card points of the seat's side at the
    end if it takes the action and both sides then play best, every hand known
    (``None`` where the whole deal is not known to the reader)."""
    lines: Mapping[Action, tuple[int, int]] | None
    """Both sides' card points at the end for each legal action, under the same best
    play (``None`` with :attr:`double_dummy`)."""
    before: tuple[int, int] | None
    """Each side's double-dummy card points before the decision (best play from here)."""
    after: tuple[int, int] | None
    """Each side's double-dummy card points after the action taken (best play from
    there; at the end of the round, the card points taken)."""
    informed: Mapping[Action, float] | None
    """Each legal action's informed value: its double-dummy value averaged over deals
    the seat could not tell from this one (``None`` when not asked for this seat)."""

    @property
    def team(self) -> int:
        """The side that acted (0 or 1)."""
        return self.seat & 1

    @property
    def cost(self) -> int | None:
        """The double-dummy card points the action cost its side: its points under best
        play before the decision less those after it (0 for a play of :attr:`best`)."""
        if self.before is None or self.after is None:
            return None
        return self.before[self.team] - self.after[self.team]

    @property
    def informed_cost(self) -> float | None:
        """How far the action's informed value falls short of the best informed value."""
        if self.informed is None:
            return None
        return max(self.informed.values()) - self.informed[self.action]

    @property
    def best(self) -> tuple[Action, ...]:
        """The legal actions of best play, every hand known: those the solver itself
        would take, playing for the margin between the sides' card points (the same as
        the highest :attr:`double_dummy` value whenever every card is played; where the
        play can stop early, the margin decides). Without double-dummy values, those of
        the highest informed value; none if neither is known."""
        if self.lines:
            sign = 1 if self.team == 0 else -1

            def worth(a: Action) -> tuple[int, int]:
                p0, p1 = self.lines[a]  # type: ignore[index]
                return sign * (p0 - p1), sign * p0

            top = max(worth(a) for a in self.legal)
            return tuple(a for a in self.legal if worth(a) == top)
        values: Mapping[Action, float] | None = self.double_dummy or self.informed
        if not values:
            return ()
        most = max(values.values())
        return tuple(a for a in self.legal if values[a] == most)


@frozen
class Analysis:
    """The decisions of a round's play, each with its values (:func:`analyse`)."""

    ruleset: str
    """The ruleset's name."""
    decisions: tuple[Decision, ...]
    """Every decision of the play analysed, in order."""
    card_points: tuple[int, int]
    """The card points each side has taken (at the end, or so far)."""
    informed_seats: tuple[int, ...]
    """The seats whose decisions carry informed values."""
    worlds: int
    """Deals drawn for each informed value."""

    @property
    def double_dummy(self) -> bool:
        """Whether the decisions carry double-dummy values (a finished round, the whole
        deal known)."""
        return any(d.before is not None for d in self.decisions)

    @property
    def start(self) -> tuple[int, int] | None:
        """Each side's double-dummy card points at the first decision analysed."""
        return self.decisions[0].before if self.decisions else None

    def given_away(self, team: int) -> int:
        """The double-dummy card points the plays of ``team`` cost it."""
        return sum(d.cost or 0 for d in self.decisions if d.team == team)

    def received(self, team: int) -> int:
        """The double-dummy card points the other side's plays gave ``team`` (what its
        double-dummy value rose by over them)."""
        return sum(d.after[team] - d.before[team] for d in self.decisions
                   if d.team != team and d.before is not None and d.after is not None)

    def accounts(self, team: int) -> bool:
        """Whether ``team``'s card points are its double-dummy value at the first
        decision, plus what the other side gave it, minus what it gave away: true for
        every finished round (a check on the solver's consistency), vacuous without
        double-dummy values."""
        start = self.start
        if start is None:
            return True
        return (start[team] + self.received(team) - self.given_away(team)
                == self.card_points[team])


def _world_rng(rnd: Round, seat: int) -> random.Random:
    """A generator seeded from ``seat``'s view of ``rnd`` alone: the same for every deal
    the seat cannot tell from this one."""
    text = json.dumps(rnd.view(seat), sort_keys=True, ensure_ascii=True, default=str)
    return random.Random(hashlib.sha256(text.encode()).hexdigest())


def _check_worlds(worlds: object) -> int:
    if isinstance(worlds, bool) or not isinstance(worlds, int) or not 1 <= worlds <= MAX_WORLDS:
        raise TwentyEightError(f"worlds must be a whole number from 1 to {MAX_WORLDS}, "
                               f"got {worlds!r}")
    return worlds


def informed_values(rnd: Round, worlds: int = DEFAULT_WORLDS) -> dict[Action, float]:
    """The informed value of each legal action of the seat to act in ``rnd`` (in the
    play phase): its double-dummy value averaged over ``worlds`` deals drawn uniformly
    from those the seat cannot tell from this one. What it depends on is what the seat
    has seen: a server may send it to that seat. Raises
    :class:`~twentyeight.solver.SolveError` outside the play."""
    _check_worlds(worlds)
    if rnd.phase is not PLAY or rnd.to_act is None:
        raise SolveError(f"only a round in the play phase has informed values; this one "
                         f"is in the {rnd.phase.value} phase")
    seat = rnd.to_act
    rng = _world_rng(rnd, seat)
    legal = rnd.legal_actions()
    sums = dict.fromkeys(legal, 0.0)
    for _ in range(worlds):
        solution = solve(rnd.resample(seat, rng))
        for action, value in solution.action_values.items():
            sums[action] += value
    return {a: sums[a] / worlds for a in legal}


def analyse(rnd: Round, *, seat: int | None = None, worlds: int = 0,
            from_trick: int = 0) -> Analysis:
    """The decisions of ``rnd``'s play so far with what each legal action was worth.

    Double-dummy values are given for a finished round only: one that is not over may
    be the record of a round in progress, whose hidden cards the values would give
    away. Informed values (``worlds`` deals each; 0: none) are given for the decisions
    of ``seat``, or of every seat when ``seat`` is ``None``. A round not finished is
    analysed for one ``seat`` and holds that seat's decisions only (another seat's
    legal actions would show its cards): what it holds, that seat may see.
    ``from_trick`` starts the analysis at the start of that trick (0: the first lead),
    which is much quicker near the end of the play. ``rnd`` is not changed."""
    if worlds:
        _check_worlds(worlds)
    if seat is not None:
        rnd._seat(seat)
    elif not rnd.is_over:
        raise TwentyEightError("a round not finished is analysed for one seat (seat=N): "
                               "the rest of its analysis would show cards still hidden")
    n_tricks = rnd.ruleset.config.tricks
    if isinstance(from_trick, bool) or not isinstance(from_trick, int) \
            or not 0 <= from_trick < n_tricks:
        raise TwentyEightError(f"from_trick must be a trick from 0 to {n_tricks - 1}, "
                               f"got {from_trick!r}")
    seats = tuple(range(rnd.players)) if seat is None else (seat,)
    informed_seats = seats if worlds else ()
    known = rnd.is_over
    step = type(rnd).from_record({**rnd.record(), "actions": []})
    found: list[tuple[int, int, int, Action, tuple[Action, ...],
                      Mapping[Action, int] | None, Mapping[Action, tuple[int, int]] | None,
                      tuple[int, int] | None, Mapping[Action, float] | None]] = []
    sharing = _solve_sharing()
    for index, (actor, action) in enumerate(rnd.history):
        if step.phase is PLAY and len(step.tricks) >= from_trick \
                and (known or actor == seat):
            legal = step.legal_actions()
            values: Mapping[Action, int] | None = None
            lines: Mapping[Action, tuple[int, int]] | None = None
            before: tuple[int, int] | None = None
            if known and len(legal) > 1:
                solution = sharing(step)
                values, before = solution.action_values, solution.card_points
                lines = solution.action_lines
            hint: Mapping[Action, float] | None = None
            if worlds and actor in informed_seats:
                hint = MappingProxyType(informed_values(step, worlds))
            found.append((index, len(step.tricks), actor, action, legal, values, lines,
                          before, hint))
        step.apply(action)
    decisions: list[Decision] = []
    later: tuple[int, int] | None = rnd.card_points if known else None
    for index, done, actor, action, legal, values, lines, before, informed in reversed(found):
        after = later
        if known and before is None:
            # One legal action: the value does not change over it.
            before = after
            assert before is not None
            values = MappingProxyType({legal[0]: before[actor & 1]})
            lines = MappingProxyType({legal[0]: before})
        decisions.append(Decision(index=index, tricks_done=done, seat=actor, action=action,
                                  legal=legal, double_dummy=values, lines=lines,
                                  before=before, after=after, informed=informed))
        later = before
    decisions.reverse()
    return Analysis(ruleset=rnd.ruleset.name, decisions=tuple(decisions),
                    card_points=rnd.card_points, informed_seats=informed_seats,
                    worlds=worlds)
