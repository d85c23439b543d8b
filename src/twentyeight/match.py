"""A match: rounds strung together until the ruleset's scoring system names a winner,
in one game or, where the scoring system plays for sets, over several."""

from __future__ import annotations

import gc
import hashlib
import json
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .deals import MAX_SEED
from .errors import DealError, RecordError, TwentyEightError
from .inputs import describe, is_whole
from .records import RECORD_VERSION, load_json, read_header, read_options
from .registry import ruleset as lookup
from .round import Round
from .ruleset import Ruleset

MATCH_FORMAT = "twentyeight.match"
_MATCH_FIELDS = frozenset({"format", "version", "ruleset", "options", "seed", "first_dealer",
                           "dealer", "totals", "sets", "winner", "rounds", "current"})
MAX_MATCH_ROUNDS = 10_000
"""The most rounds a match holds, the round under way included: the one limit
:meth:`Match.next_round` keeps when playing (it refuses to deal round 10,001) and
:meth:`Match.from_record` when loading (it refuses a save with more), so a match that
plays can always be loaded again. Annulled deals count: each is a round of the
record."""
MAX_MATCH_CHARS = MAX_MATCH_ROUNDS * 2_000
"""The largest saved match :meth:`Match.from_json` reads, in characters (or bytes):
20,000,000, room for :data:`MAX_MATCH_ROUNDS` rounds of 2,000 characters, while a round
of the built-in presets takes about 300 to 1,000."""
MAX_MATCH_ITEMS = MAX_MATCH_ROUNDS * 70
"""The most JSON items a saved match may hold, counted before it is parsed (see
:func:`~twentyeight.records.load_json`): 700,000, room for :data:`MAX_MATCH_ROUNDS`
rounds of 70 items. A round of ``28six``, the preset that plays without a target, holds
at most about 60 (45 actions and its fields); a round of the other presets about 25 to
80, in matches that end long before the limit. It bounds what parsing a hostile save
costs (about 0.3 s and 50 MB at worst)."""


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a saved match is read. The parsed text
    and the rounds replayed all stay alive, and the collector's repeated full passes
    over them made a long load superlinear; nothing read makes a cycle that must be
    freed early. It is switched on again only if it was on (a nested or concurrent
    load leaves it as the caller had it)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def round_seed(match_seed: int, deal_number: int) -> int:
    """The seed of a match's ``deal_number``-th deal (from 0): a BLAKE2b digest of the
    match seed and the number, so one round's published seed tells nothing of the
    next, and a saved match deals the same next round."""
    digest = hashlib.blake2b(match_seed.to_bytes(8, "big") + deal_number.to_bytes(8, "big"),
                             digest_size=8, person=b"twentyeight-mtch").digest()
    return int.from_bytes(digest, "big")


def dealer_after(rnd: Round) -> int:
    """Who deals after ``rnd``, which is over: after a hand played out, the seat the
    scoring system names (:meth:`~twentyeight.config.ScoringSystem.next_dealer`, from
    the totals the round was dealt with, ``rnd.scores``, and its game points: by
    default the next seat); the next seat after a deal every player passed on where the
    auction says so (:attr:`~twentyeight.plugins.AuctionRules.throw_in_passes_deal`);
    the same dealer after any other annulled deal."""
    result = rnd.result
    if result is None:
        raise TwentyEightError("the round is not over yet")
    cfg = rnd.ruleset.config
    if result.annulled is None:
        before = rnd.scores if rnd.scores is not None else cfg.scoring.starting_totals(2)
        totals = tuple(t + g for t, g in zip(before, result.game_points, strict=True))
        return cfg.scoring.next_dealer(rnd.dealer, rnd.players, totals)
    if result.annulled == "all-passed" and cfg.auction.throw_in_passes_deal:
        return (rnd.dealer + 1) % rnd.players
    return rnd.dealer


class Match:
    """Rounds of one ruleset with running game points. The deal passes counter-clockwise
    (to the previous dealer's right) after each scored hand, unless the scoring system
    says otherwise; an annulled deal is dealt again by the same dealer (see
    :func:`dealer_after`). Use :meth:`next_round`, play it, then :meth:`score`.

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
        if seed is None:
            seed = secrets.randbits(64)
        if not is_whole(seed, 0, MAX_SEED):
            raise DealError(f"seed must be a whole number from 0 to 2**64 - 1, got "
                            f"{describe(seed)}")
        self.seed: int = seed
        """The match seed; every deal's seed is drawn from it (keep it secret until the
        match is over)."""
        if not is_whole(dealer, 0, self.ruleset.config.players):
            raise DealError(f"dealer must be a seat 0..{self.ruleset.config.players - 1}, "
                            f"got {describe(dealer)}")
        self.dealer = dealer
        self._first_dealer = dealer
        self._start: tuple[int, ...] = self.ruleset.config.scoring.starting_totals(2)
        self.totals: tuple[int, ...] = self._start
        """Each team's running score in the current game."""
        self.sets: tuple[int, ...] = (0, 0)
        """Sets each team holds (after sets of both teams cancel)."""
        self.rounds: list[Round] = []
        """Every round scored, in order."""
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
        self._pending = self.ruleset.new_round(seed=self._next_seed(), dealer=self.dealer,
                                               scores=self.totals)
        return self._pending

    def _next_seed(self) -> int:
        """The seed of the next deal, once it is checked that one may be dealt now (the
        checks of :meth:`next_round`, which replaying a saved match shares)."""
        if self.is_over:
            raise TwentyEightError("the match is over")
        if self._pending is not None:
            raise TwentyEightError("score the current round before dealing the next")
        if len(self.rounds) >= MAX_MATCH_ROUNDS:
            raise TwentyEightError(f"a match holds at most {MAX_MATCH_ROUNDS} rounds "
                                   "(twentyeight.match.MAX_MATCH_ROUNDS); start a new match")
        return round_seed(self.seed, len(self.rounds))

    @property
    def current(self) -> Round | None:
        """The round :meth:`next_round` dealt that is not scored yet, if any."""
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
        self.dealer = dealer_after(rnd)
        scoring = self.ruleset.config.scoring
        game = scoring.match_winner(self.totals)
        if game is None:
            return
        sets = list(self.sets)
        sets[game] += 1
        low = min(sets)
        self.sets = tuple(s - low for s in sets)
        if self.sets[game] >= scoring.match_sets:
            self._winner = game
        else:
            self.totals = self._start

    # ------------------------------------------------------------------ records

    def record(self) -> dict[str, Any]:
        """The match as a JSON-ready record: ruleset and options, the match seed, the
        first dealer, the totals, sets and dealer now, the winner, and the record of
        every round scored and of the current one. :meth:`from_record` replays it."""
        return {
            "format": MATCH_FORMAT,
            "version": RECORD_VERSION,
            "ruleset": self.ruleset.name,
            "options": self.ruleset.changed_options(),
            "seed": self.seed,
            "first_dealer": self._first_dealer,
            "dealer": self.dealer,
            "totals": list(self.totals),
            "sets": list(self.sets),
            "winner": self._winner,
            "rounds": [rnd.record() for rnd in self.rounds],
            "current": self._pending.record() if self._pending is not None else None,
        }

    def to_json(self) -> str:
        """:meth:`record` as JSON text. It holds the seed and every hand: it is the
        server's private save, not for players."""
        return json.dumps(self.record(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> Match:
        """Rebuild a match from :meth:`to_json` text; see :meth:`from_record`."""
        with _collector_paused():
            return cls.from_record(load_json(text, MAX_MATCH_CHARS, "saved match", MAX_MATCH_ITEMS))

    @classmethod
    def from_record(cls, data: Any) -> Match:
        """Rebuild a match from a :meth:`record` dict by dealing and replaying every
        round again from the match seed: each saved round must be the deal the seed
        gives, and the saved totals, sets, dealer and winner must be what the rounds
        add up to. Raises :class:`~twentyeight.RecordError` otherwise."""
        data = read_header(data, MATCH_FORMAT, _MATCH_FIELDS, "saved match")
        rounds, current = data.get("rounds"), data.get("current")
        if not isinstance(rounds, list) or len(rounds) + (current is not None) > MAX_MATCH_ROUNDS:
            raise RecordError(f"saved-match field 'rounds' must be a list of round records, "
                              f"at most {MAX_MATCH_ROUNDS} with the round under way")
        name = data.get("ruleset")
        if not isinstance(name, str):
            raise RecordError("saved-match field 'ruleset' must be a ruleset's name")
        try:
            rules = lookup(name, **read_options(data.get("options", {})))
            # A missing seed must not mean a new random one, nor a missing dealer seat 0.
            match = cls(rules, seed=data.get("seed", -1), dealer=data.get("first_dealer", -1))
        except RecordError:
            raise
        except TwentyEightError as exc:
            raise RecordError(f"saved match does not describe a match: {exc}") from None
        with _collector_paused():
            for k, saved in enumerate(rounds):
                rnd = match._replay(saved, k)
                if not rnd.is_over:
                    raise RecordError(f"saved round {k + 1} is not finished")
                match.score(rnd)
            if current is not None:
                match._replay(current, len(rounds))
        saved_state = [data.get(k) for k in ("dealer", "totals", "sets", "winner")]
        state = [match.dealer, list(match.totals), list(match.sets), match.winner]
        if saved_state != state or any(type(a) is not type(b)
                                       for a, b in zip(saved_state, state, strict=True)):
            raise RecordError("the saved dealer, totals, sets or winner are not what the "
                              "saved rounds add up to")
        return match

    def _replay(self, saved: Any, k: int) -> Round:
        """Check that ``saved`` is the record of the round the match deals next (its
        ruleset, seed, dealer and the totals it is dealt at), then replay it: the round
        is dealt once, by the replay."""
        try:
            seed = self._next_seed()
        except TwentyEightError as exc:
            raise RecordError(f"saved round {k + 1}: {exc}") from None
        if not isinstance(saved, dict) or saved.get("ruleset") != self.ruleset.name \
                or saved.get("seed") != seed or saved.get("dealer") != self.dealer \
                or saved.get("scores") != list(self.totals):
            raise RecordError(f"saved round {k + 1} is not the round this match deals next")
        try:
            rnd = Round.from_record(saved)
        except RecordError as exc:
            raise RecordError(f"saved round {k + 1}: {exc}") from None
        # The record's numbers are read with their exact types: a seed of 1.0 or a dealer
        # of True compared equal above but is refused by from_record.
        if rnd.ruleset.config != self.ruleset.config:
            raise RecordError(f"saved round {k + 1} is played by other rules than the match")
        self._pending = rnd
        return rnd
