"""A match: rounds strung together until the ruleset's scoring system names a winner,
in one game or, where the scoring system plays for sets, over several."""

from __future__ import annotations

import random

from .errors import DealError, TwentyEightError
from .registry import ruleset as lookup
from .round import Round
from .ruleset import Ruleset


class Match:
    """Rounds of one ruleset with running game points. The deal passes counter-clockwise
    (to the previous dealer's right) after each scored hand; an annulled deal is dealt
    again by the same dealer. Use :meth:`next_round`, play it, then :meth:`score`.

    The totals start where the scoring system says (``starting_totals``: 56's tables
    start at 12 each) or at 0, and each round is dealt knowing them (``Round.scores``)
    for rules that depend on the score, such as the C of pips scoring.

    The scoring system's ``match_winner`` ends a game (a *set* of pips at +6 or -6).
    Where the system has ``match_sets`` above 1, the team that wins a game wins a set,
    the totals start again, sets held by both teams cancel (002: "drop a set if both
    teams have the same set open"), and the match goes to the first team that many sets
    ahead; :attr:`sets` keeps the count."""

    def __init__(self, rules: Ruleset | str, *, seed: int | None = None, dealer: int = 0) -> None:
        self.ruleset = lookup(rules) if isinstance(rules, str) else rules
        self.seed = seed if seed is not None else random.randrange(2**63)
        self._rng = random.Random(self.seed)
        if not isinstance(dealer, int) or not 0 <= dealer < self.ruleset.config.players:
            raise DealError(f"dealer must be a seat 0..{self.ruleset.config.players - 1}, "
                            f"got {dealer!r}")
        self.dealer = dealer
        start = getattr(self.ruleset.config.scoring, "starting_totals", None)
        self._start: tuple[int, ...] = tuple(start(2)) if start is not None else (0, 0)
        self.totals: tuple[int, ...] = self._start
        """Each team's running score in the current game."""
        self.sets: tuple[int, ...] = (0, 0)
        """Sets each team holds (after sets of both teams cancel)."""
        self.rounds: list[Round] = []
        self._pending: Round | None = None
        self._winner: int | None = None

    @property
    def winner(self) -> int | None:
        """The team that has won, or ``None`` while the match goes on."""
        return self._winner

    @property
    def is_over(self) -> bool:
        """True once a team has won."""
        return self.winner is not None

    def next_round(self) -> Round:
        """Deal the next round (seeded from the match seed)."""
        if self.is_over:
            raise TwentyEightError("the match is over")
        if self._pending is not None:
            raise TwentyEightError("score the current round before dealing the next")
        self._pending = self.ruleset.new_round(seed=self._rng.randrange(2**63),
                                               dealer=self.dealer, scores=self.totals)
        return self._pending

    def score(self, rnd: Round) -> None:
        """Add a finished round's game points and pass the deal on."""
        if rnd is not self._pending:
            raise TwentyEightError("score the round that next_round() dealt")
        if not rnd.is_over or rnd.result is None:
            raise TwentyEightError("the round is not over yet")
        self._pending = None
        self.rounds.append(rnd)
        self.totals = tuple(t + g for t, g in zip(self.totals, rnd.result.game_points, strict=True))
        if rnd.result.annulled is None:
            self.dealer = (self.dealer + 1) % self.ruleset.config.players
        scoring = self.ruleset.config.scoring
        game = scoring.match_winner(self.totals)
        if game is None:
            return
        sets = list(self.sets)
        sets[game] += 1
        low = min(sets)
        self.sets = tuple(s - low for s in sets)
        if self.sets[game] >= getattr(scoring, "match_sets", 1):
            self._winner = game
        else:
            self.totals = self._start
