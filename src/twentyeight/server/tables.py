"""A table: a :class:`~twentyeight.Match` played deal after deal by players who hold
seats with tokens and by bots in the seats nobody holds. The table decides nothing the
library does not: every action goes through :meth:`Round.apply <twentyeight.Round.apply>`
with the seat that sent it, and what a seat is sent is its
:meth:`~twentyeight.Round.view` (spectators: the
:meth:`~twentyeight.Round.public_record`).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from typing import Any

from attrs import frozen

from ..bots import BOT_KINDS, Bot
from ..bots.simple import bot_action
from ..errors import IllegalActionError, ParseError, TwentyEightError
from ..match import Match
from ..round import Round
from ..ruleset import Ruleset
from .store import ActionRow

__all__ = ["SEARCH_KINDS", "Outcome", "Table", "new_token", "search_action", "token_digest"]

SEARCH_KINDS = frozenset({"pimc", "ismcts"})
"""Bot kinds that search: the server runs them in worker processes, never on its event
loop (:meth:`Table.play_bots` stops before their turn)."""

MAX_BOT_STEPS = 10_000
"""The most actions bots take in a row before the table stops for a person (a guard: a
match of bots alone plays at most this many actions per change)."""


def search_action(record: str, seat: int, kind: str, seed: int) -> str:
    """The action a searching bot of ``kind`` chooses for ``seat`` in the round of
    ``record`` (run in a worker process), as text."""
    from ..records import replay_text

    rnd = replay_text(record)
    return str(bot_action(rnd, seat, BOT_KINDS[kind](seed)))


def new_token() -> str:
    """A seat token: 256 bits from the operating system's secure generator."""
    return secrets.token_urlsafe(32)


def token_digest(token: str) -> str:
    """What the store keeps of a token."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@frozen
class Outcome:
    """What became of an action a player sent: ``accepted`` (with the rows the change
    stored, the player's action first and the bots' after it), already applied
    (``duplicate``: a resent sequence number), or refused with the rule's id."""

    accepted: bool
    rows: tuple[ActionRow, ...] = ()
    duplicate: bool = False
    rule: str | None = None
    message: str | None = None


class Table:
    """A table of ``rules``, its match dealt from ``seed``; ``bots`` names the bot kind
    that plays each seat nobody holds (``None``: the seat waits for a player)."""

    def __init__(self, table_id: str, rules: Ruleset, seed: int,
                 bots: Sequence[str | None], time_limit: float | None = None) -> None:
        if len(bots) != rules.config.players:
            raise TwentyEightError(f"a table of {rules.name} has {rules.config.players} "
                                   f"seats; {len(bots)} bot kinds were given")
        unknown = [b for b in bots if b is not None and b not in BOT_KINDS]
        if unknown:
            raise TwentyEightError(f"unknown bot kind {unknown[0]!r}; known: "
                                   f"{', '.join(sorted(BOT_KINDS))}")
        if time_limit is not None and not (isinstance(time_limit, int | float)
                                           and not isinstance(time_limit, bool)
                                           and 0.1 <= time_limit <= 86_400):
            raise TwentyEightError("a time limit is a number of seconds from 0.1 to 86400")
        self.time_limit = None if time_limit is None else float(time_limit)
        """Seconds a person has to act before a bot acts for the seat."""
        self.timed_out: int | None = None
        """The seat a bot last acted for because its time was up (until the next
        action of a person)."""
        self.id = table_id
        self.rules = rules
        self.seed = seed
        self.bot_kinds: tuple[str | None, ...] = tuple(bots)
        self.match = Match(rules, seed=seed)
        self.round: Round = self.match.next_round()
        self.deal = 0
        """The number of the deal being played, from 0."""
        self.actions = 0
        """Actions accepted so far, over every deal."""
        self.holders: dict[int, str] = {}
        """The token digest of each seat a player holds."""
        self.last_seq: dict[int, int] = {}
        """The highest client sequence number applied for each seat."""
        self._bots: dict[int, Bot] = {}

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.rules.config.players

    @property
    def finished(self) -> bool:
        """Whether the match is over."""
        return self.match.is_over

    # ---------------------------------------------------------------- seats

    def seat_of(self, token: str) -> int | None:
        """The seat ``token`` holds here, if any (compared in constant time)."""
        digest = token_digest(token)
        for seat, held in self.holders.items():
            if hmac.compare_digest(held, digest):
                return seat
        return None

    def bot_plays(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` (nobody holds it and it has a bot kind)."""
        return seat not in self.holders and self.bot_kinds[seat] is not None

    def _bot(self, seat: int) -> Bot:
        bot = self._bots.get(seat)
        if bot is None:
            kind = self.bot_kinds[seat]
            assert kind is not None
            bot = self._bots[seat] = BOT_KINDS[kind](self._bot_seed(seat))
        return bot

    def _bot_seed(self, *parts: int) -> int:
        """A bot's seed, made from the table's seed and ``parts``: a bot's play is the
        server's secret too."""
        text = ":".join(str(p) for p in (self.seed, *parts))
        return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")

    # ---------------------------------------------------------------- play

    def replay(self, row: ActionRow) -> None:
        """Apply a stored action again (rebuilding the table); raises
        :class:`~twentyeight.TwentyEightError` if it does not fit."""
        self._next_deal()
        if row.n != self.actions or row.deal != self.deal or row.seat != self.round.to_act:
            raise TwentyEightError(f"table {self.id}: stored action {row.n} does not "
                                   "follow the actions before it")
        self.round.apply(row.action, seat=row.seat)
        self.actions += 1
        if row.client_seq is not None:
            self.last_seq[row.seat] = max(self.last_seq.get(row.seat, -1), row.client_seq)
        self._next_deal()

    def act(self, seat: int, text: str, client_seq: int) -> Outcome:
        """Apply the action ``text`` that the player holding ``seat`` sent with
        ``client_seq``, then the bots' actions up to the next person's turn. Nothing
        changes when it is refused; a sequence number already applied is not applied
        again."""
        if client_seq <= self.last_seq.get(seat, -1):
            return Outcome(accepted=False, duplicate=True)
        if self.finished:
            return Outcome(accepted=False, rule="match-over", message="the match is over")
        try:
            self.round.apply(text, seat=seat)
        except (IllegalActionError, ParseError) as exc:
            rule = getattr(exc, "rule", None) or "parse-error"
            return Outcome(accepted=False, rule=str(rule), message=str(exc))
        rows = [self._row(seat, client_seq)]
        self.last_seq[seat] = client_seq
        self.timed_out = None
        self._next_deal()
        rows += self.play_bots()
        return Outcome(accepted=True, rows=tuple(rows))

    def act_for(self, seat: int) -> list[ActionRow]:
        """A bot's action for ``seat``, whose time is up (the seat's bot kind, else the
        heuristic bot), then the bots' actions up to the next person's turn."""
        if self.finished or self.round.to_act != seat:
            return []
        kind = self.bot_kinds[seat] or "heuristic"
        bot = BOT_KINDS[kind](self._bot_seed(seat, self.actions))
        self.round.apply(bot_action(self.round, seat, bot))
        rows = [self._row(seat, None)]
        self.timed_out = seat
        self._next_deal()
        return rows + self.play_bots()

    def search_bot_to_act(self) -> int | None:
        """The seat to act, if a searching bot plays it (:data:`SEARCH_KINDS`)."""
        seat = self.round.to_act
        if self.finished or seat is None or not self.bot_plays(seat) \
                or self.bot_kinds[seat] not in SEARCH_KINDS:
            return None
        return seat

    def search_task(self) -> tuple[str, int, str, int]:
        """What a worker needs to choose the searching bot's action: the round's record,
        the seat, the bot kind and a seed (the table's own, so the play is the server's
        secret too)."""
        seat = self.search_bot_to_act()
        assert seat is not None
        kind = self.bot_kinds[seat]
        assert kind is not None
        return self.round.to_json(), seat, kind, self._bot_seed(seat, self.actions)

    def apply_bot(self, seat: int, text: str) -> list[ActionRow]:
        """A searching bot's action for ``seat`` (chosen in a worker), then the bots'
        actions up to the next turn of a person or of a searching bot."""
        self.round.apply(text, seat=seat)
        rows = [self._row(seat, None)]
        self._next_deal()
        return rows + self.play_bots()

    def play_bots(self) -> list[ActionRow]:
        """The bots' actions until a person is to act, a searching bot (which the server
        runs elsewhere), or the match is over."""
        rows: list[ActionRow] = []
        while not self.finished and len(rows) < MAX_BOT_STEPS:
            seat = self.round.to_act
            if seat is None or not self.bot_plays(seat) \
                    or self.bot_kinds[seat] in SEARCH_KINDS:
                break
            self.round.apply(bot_action(self.round, seat, self._bot(seat)))
            rows.append(self._row(seat, None))
            self._next_deal()
        return rows

    def _row(self, seat: int, client_seq: int | None) -> ActionRow:
        """The stored form of the action just applied."""
        self.actions += 1
        text = self.round.record()["actions"][-1]
        return ActionRow(n=self.actions - 1, deal=self.deal, seat=seat, action=text,
                         client_seq=client_seq)

    def _next_deal(self) -> None:
        """Once the deal is over: score it and deal the next (unless the match is over)."""
        if self.round.is_over and self.match.current is self.round:
            self.match.score(self.round)
            if not self.match.is_over:
                self.round = self.match.next_round()
                self.deal += 1

    # ---------------------------------------------------------------- what is sent

    def summary(self) -> dict[str, Any]:
        """What anyone may know of the table: its ruleset, who holds which seat, the
        match's totals and the deal number."""
        return {"table": self.id, "ruleset": self.rules.name, "players": self.players,
                "held": sorted(self.holders), "bots": list(self.bot_kinds),
                "deal": self.deal, "actions": self.actions,
                "totals": list(self.match.totals), "sets": list(self.match.sets),
                "winner": self.match.winner, "finished": self.finished,
                "time_limit": self.time_limit, "timed_out": self.timed_out}

    def frame(self, seat: int | None) -> dict[str, Any]:
        """The state message for ``seat`` (``None``: a spectator): the seat's view, or
        the public record, with the table's summary. A function of what that audience
        may know."""
        body: dict[str, Any] = {"type": "state", **self.summary()}
        if seat is None:
            body["record"] = self.round.public_record()
        else:
            body["seat"] = seat
            body["view"] = self.round.view(seat)
        return body
