"""The ``twentyeight`` command: list rulesets, watch bots play, play against them, and
run bot simulations.

::

    twentyeight rulesets
    twentyeight demo --seed 3
    twentyeight demo --ruleset 28+pair+double+single-hand
    twentyeight play --seed 1 --ruleset 29
    twentyeight simulate --rounds 1000 --bots random

Every command takes any registered ruleset, with modifiers composed by name
(``--ruleset 28+pair+double``), for any number of players. The transcripts know no call
by name: a call is worded by its action's ``verb`` (or printed as ``Name: <action
text>``) and followed by what it changed in the round.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import random
import secrets
import sys
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TextIO

from .actions import (
    NO_TRUMP,
    Action,
    Bid,
    CallTrump,
    LayTrump,
    NameTrump,
    Pass,
    Play,
    Redeal,
    SeventhCard,
)
from .bots import Bot, HeuristicBot, RandomBot, play_round
from .cards import SUIT_NAMES, Card
from .errors import (
    ConfigError,
    DealError,
    IllegalActionError,
    ParseError,
    TwentyEightError,
    UnknownRulesetError,
)
from .inputs import MAX_ACTION_TEXT, check_text, read_number
from .plugins import RulePlugin
from .registry import modifier as lookup_modifier
from .registry import modifiers as modifier_names
from .registry import presets as preset_names
from .registry import ruleset as lookup_ruleset
from .round import MAX_SEED, Phase, Round
from .ruleset import Ruleset

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

__all__ = ["BOTS", "main", "seat_names", "short_names", "team_names"]

BOTS: dict[str, Callable[[int | None], Bot]] = {
    "heuristic": HeuristicBot,
    "random": RandomBot,
}
"""Bot kinds the command offers, by name."""

_SEATS_4 = ("South", "East", "North", "West")
_SEATS_6 = ("South", "Southeast", "Northeast", "North", "Northwest", "Southwest")
_SEATS_8 = ("South", "Southeast", "East", "Northeast", "North", "Northwest", "West",
            "Southwest")
_SHORT = {"South": "S", "Southeast": "SE", "East": "E", "Northeast": "NE", "North": "N",
          "Northwest": "NW", "West": "W", "Southwest": "SW", "You": "You"}
_RED_SUITS = ("H", "D")
_EXIT_USAGE = 2
_MAX_REDEALS = 1000


def _window_plugin(rs: Ruleset, window: str) -> RulePlugin | None:
    return next((p for p in rs.config.plugins if p.name == window), None)


def _window_title(rs: Ruleset, window: str) -> str | None:
    """The title the plug-in gives its call window, if it gives one."""
    plugin = _window_plugin(rs, window)
    return plugin.window_title if plugin and plugin.window_title else None


def _window_declined(rs: Ruleset, window: str) -> str:
    """What to say when every seat passed in a call window."""
    plugin = _window_plugin(rs, window)
    return plugin.window_declined if plugin and plugin.window_declined \
        else "Everyone passes."


def _call_verb(action: Action) -> str | None:
    """The first-person verb of a call (an action besides a bid, a card or the core's
    trump and redeal actions), or ``None`` to print the action's text."""
    if isinstance(action, (Bid, Play, CallTrump, Redeal)):
        return None
    return type(action).verb


class _Change(NamedTuple):
    """What one call changed in the contract and on the table, read from two replay
    snapshots or from two views, so both transcripts describe a call the same way."""

    declarer: int | None
    multipliers: tuple[int, int]
    stake: int | None
    """The stake the call set, if it set one."""
    contract: str | None
    """The kind of contract the call began, if it began one."""
    alone: bool
    """The declarer's partners all sit out."""
    trump_dropped: bool
    out: tuple[int, ...]
    """Seats the call sent out of the hand."""
    targets: tuple[int | None, int | None]
    shown: tuple[Card, ...]
    """Cards the call showed to everyone."""


def _alone(seat: int | None, players: int, sitting_out: Sequence[int]) -> bool:
    return seat is not None and all(x in sitting_out for x in range(players)
                                    if x % 2 == seat % 2 and x != seat)


def _effect(change: _Change, name: Callable[[int], str], play: Callable[[int], str],
            style: _Style, *, worded: bool) -> str:
    """What a call did, in words: after a call ``worded`` by its verb, the cards it
    showed and then ``": the contract is worth x4"``; after an action printed as its
    text, the same in parentheses. ``name`` names a seat mid-sentence and ``play``
    conjugates "play" for a seat."""
    shown = style.cards(change.shown) if change.shown else ""
    clauses = []
    if change.stake is not None:
        clauses.append(f"the hand is played for {change.stake} game points")
    elif change.multipliers[1] != change.multipliers[0]:
        clauses.append(f"the contract is worth x{change.multipliers[1]}")
    before, after = change.targets
    if change.contract is not None and change.declarer is not None:
        d = change.declarer
        if after is None:
            clause = f"{name(d)} {play(d)} {'alone ' if change.alone else ''}for every trick"
        else:
            clause = f"{name(d)} {play(d)} {_contract_name(change.contract)}"
        if change.trump_dropped:
            clause += ", without trumps"
        if change.out:
            out = [name(x) for x in change.out]
            clause += f"; {_and(out)} {'sit' if out == ['you'] or len(out) > 1 else 'sits'} out"
        clauses.append(clause)
    if before is not None and after is not None and (before != after or change.shown):
        clauses.append(f"the target drops by {before - after} to {after}" if after < before
                       else f"the target rises by {after - before} to {after}"
                       if after > before else f"the target stays at {after}")
    if worded:
        return (f" {shown}" if shown else "") + (": " + "; ".join(clauses) if clauses else "")
    parts = ([f"shows {shown}"] if shown else []) + clauses
    return f" ({'; '.join(parts)})" if parts else ""


def seat_names(players: int, you: int | None = None) -> list[str]:
    """Names for the seats, which run counter-clockwise from South: the compass points
    for four players, the corners of a hexagon for six (South, Southeast, Northeast,
    North, Northwest, Southwest), eight compass points for eight, ``Seat 1`` ... for
    other tables; seat ``you`` is called ``You``."""
    table = {4: _SEATS_4, 6: _SEATS_6, 8: _SEATS_8}.get(players)
    names = list(table) if table else [f"Seat {i + 1}" for i in range(players)]
    if you is not None:
        names[you] = "You"
    return names


def short_names(names: Sequence[str]) -> list[str]:
    """Short forms of :func:`seat_names` for trick rows at big tables (``NE``, ``S3``)."""
    return [_SHORT.get(n, n.replace("Seat ", "S")) for n in names]


def team_names(names: Sequence[str]) -> list[str]:
    """Each team's name from its seats' names (seat ``s`` plays for team ``s % 2``):
    ``South & North``, or ``South, Northeast & Northwest`` at a bigger table."""
    out = []
    for team in (0, 1):
        members = [names[s] for s in range(team, len(names), 2)]
        out.append(members[0] if len(members) == 1
                   else ", ".join(members[:-1]) + " & " + members[-1])
    return out


def _and(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _third_person(verb: str) -> str:
    """``pass`` -> ``passes``; ``call the C`` -> ``calls the C``."""
    first, _, rest = verb.partition(" ")
    first = first + "es" if first.endswith(("s", "sh", "ch")) else first + "s"
    return f"{first} {rest}" if rest else first


# ---------------------------------------------------------------------- output style


class _Style:
    """How cards are printed: suit symbols when the stream can encode them, red suits in
    red on a terminal (unless ``NO_COLOR`` is set)."""

    def __init__(self, stream: TextIO) -> None:
        encoding = getattr(stream, "encoding", None) or "utf-8"
        try:
            "♠♥♦♣–→·".encode(encoding)
            self.symbols = True
        except (LookupError, UnicodeEncodeError):
            self.symbols = False
        isatty = getattr(stream, "isatty", None)
        self.color = bool(isatty and isatty()) and "NO_COLOR" not in os.environ

    @property
    def arrow(self) -> str:
        return "→" if self.symbols else "->"

    @property
    def dash(self) -> str:
        return "–" if self.symbols else "-"

    @property
    def dot(self) -> str:
        return "·" if self.symbols else "|"

    def plain(self, card: Card) -> str:
        """The card's text as printed, without colour (for measuring widths)."""
        return card.pretty() if self.symbols else str(card)

    def card(self, card: Card) -> str:
        text = self.plain(card)
        if self.color and card.suit in _RED_SUITS:
            return f"\033[31m{text}\033[0m"
        return text

    def cards(self, cards: Sequence[Card]) -> str:
        """Cards in order, suits separated by a wider gap."""
        out: list[str] = []
        prev: str | None = None
        for c in cards:
            if prev is not None:
                out.append("  " if c.suit != prev else " ")
            out.append(self.card(c))
            prev = c.suit
        return "".join(out)

    def action(self, action: Action) -> str:
        card = getattr(action, "card", None)
        if isinstance(card, Card):
            return f"{action.keyword} {self.card(card)}"
        return str(action)

    def bold(self, text: str) -> str:
        return f"\033[1m{text}\033[0m" if self.color else text


def _suit_name(letter: str) -> str:
    return SUIT_NAMES.get(letter, letter)


def _denomination_name(denomination: str | None) -> str:
    if denomination is None:
        return ""
    return "No Trump" if denomination == NO_TRUMP else _suit_name(denomination)


def _bid_text(bid: int | None, denomination: str | None) -> str:
    """``16``, ``30 spades`` or ``28 No Trump``."""
    if denomination is None:
        return str(bid)
    return f"{bid} {_denomination_name(denomination)}"


def _times(multiplier: int) -> str:
    return {2: "doubled (x2)", 4: "redoubled (x4)"}.get(multiplier, f"x{multiplier}")


def _possessive(name: str) -> str:
    return "your" if name == "You" else f"{name}'s"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _annul_reason(rs: Ruleset, reason: str) -> str:
    for check in rs.checks:
        if check.name == reason:
            return f"{reason}: {check.description}"
    known = {
        "all-passed": "every player passed",
        "trump-never-exposed": "the trump was still concealed at the last trick",
    }
    return f"{reason}: {known[reason]}" if reason in known else reason


def _points(cards: Sequence[Card], rs: Ruleset) -> int:
    deck = rs.deck
    return sum(deck.points[deck.ids[c]] for c in cards)


# ---------------------------------------------------------------------- replay


class _Snap(NamedTuple):
    """The public and hidden facts of a round at one moment (the demo shows all)."""

    phase: Phase
    window: str | None
    bidder: int | None
    bid: int | None
    denomination: str | None
    target: int | None
    multiplier: int
    contract: str
    exposed: bool
    trump: str | None
    concealed: Card | None
    deal_complete: bool
    tricks: int
    trick_cards: int
    active: int
    over: bool
    stake: int | None
    shown: int


def _snap(r: Round) -> _Snap:
    return _Snap(r.phase, r.window, r.bidder, r.bid, r.denomination, r.target, r.multiplier,
                 r.contract, r.trump_exposed, r.trump_suit, r.concealed_card, r.deal_complete,
                 len(r.tricks), len(r.current_trick), r.active_mask, r.is_over, r.stake,
                 r.shown_mask)


class _Step(NamedTuple):
    seat: int
    action: Action
    before: _Snap
    after: _Snap


def _replay(rnd: Round) -> list[_Step]:
    """Every action of ``rnd`` with the round's state just before and after it, found
    by replaying the round from its deal."""
    rs = rnd.ruleset
    if rnd.seed is not None:
        fresh = rs.new_round(seed=rnd.seed, dealer=rnd.dealer, scores=rnd.scores)
    else:
        fresh = rs.new_round(deal=rnd.deal, dealer=rnd.dealer, scores=rnd.scores)
    steps = []
    for seat, action in rnd.history:
        before = _snap(fresh)
        fresh.apply(action)
        steps.append(_Step(seat, action, before, _snap(fresh)))
    return steps


# ---------------------------------------------------------------------- transcript


class _Transcript:
    """A finished (or annulled) round as readable lines. Full information: the demo
    shows every hand."""

    def __init__(self, rnd: Round, style: _Style) -> None:
        self.rnd = rnd
        self.style = style
        self.rs = rnd.ruleset
        self.n = rnd.players
        self.names = seat_names(self.n)
        self.short = short_names(self.names) if self.n > 4 else self.names
        self.teams = team_names(self.names)
        self.width = max(len(s) for s in self.names)
        self.final = rnd.view(0)
        self.lines: list[str] = []
        # the play
        self.pending: list[tuple[int, Card]] = []
        self.notes: list[str] = []
        self.trick_no = 0
        self.running = [0, 0]
        self.led: str | None = None
        deck = rnd.deck
        self.card_width = max(len(style.plain(c)) for c in deck.cards) + 1

    def say(self, line: str = "") -> None:
        self.lines.append(line)

    def render(self) -> list[str]:
        rnd, s = self.rnd, self.style
        names, teams = self.names, self.teams
        self.say(f"Dealer: {names[rnd.dealer]}    Opener: {names[rnd.opener]}    "
                 f"Teams: {teams[0]} against {teams[1]}")
        if self.n > 4:
            self.say(f"{self.n} players in two teams of {self.n // 2}, partners seated "
                     "alternately.")
        self.hands()
        section: object = None
        steps = _replay(rnd)
        for k, step in enumerate(steps):
            b = step.before
            if b.phase is Phase.AUCTION:
                if section != "auction":
                    section = "auction"
                    cfg = self.rs.config
                    self.say()
                    self.say(f"Auction (bids {cfg.min_bid}{s.dash}{cfg.max_bid})")
                self.auction_step(step, steps[:k + 1])
            elif b.phase is Phase.TRUMP:
                section = "trump"
                self.say()
                self.trump_step(step)
            elif b.phase is Phase.CALLS:
                if section != ("calls", b.window):
                    section = ("calls", b.window)
                    self.say()
                    window = b.window or ""
                    self.say(_window_title(self.rs, window) or f"Calls ({window})")
                for line in self.call_text(step).splitlines():
                    self.say("  " + line)
                a = step.after
                if a.phase is not Phase.CALLS or a.window != b.window:
                    window_steps = [x for x in steps[:k + 1] if x.before.window == b.window
                                    and x.before.phase is Phase.CALLS]
                    if all(type(x.action) is Pass for x in window_steps):
                        self.say(f"  {s.arrow} "
                                 + _window_declined(self.rs, b.window or ""))
            elif b.phase is Phase.PLAY:
                if section != "play":
                    section = "play"
                    self.say()
                    out = [names[x] for x in range(self.n) if not b.active >> x & 1]
                    self.say("Play" + (f" ({_and(out)} sit{'s' if len(out) == 1 else ''}"
                                       " out)" if out else ""))
                self.play_step(step)
            else:  # pragma: no cover - nothing acts once the round is over
                self.say(f"{names[step.seat]}: {step.action}")
            if not b.deal_complete and step.after.deal_complete:
                self.say("The rest of the cards are dealt.")
        self.finish_play()
        self.say()
        self.lines.extend(_result_lines(rnd, names, s))
        return self.lines

    # ------------------------------------------------------------ sections

    def hands(self) -> None:
        rnd, s, deck = self.rnd, self.style, self.rnd.deck
        self.say()
        complete = rnd.deal_complete
        self.say("Hands" if complete else "Hands (only the first cards were dealt)")
        cfg = self.rs.config
        before_auction = sum(cfg.deal_packets[:cfg.auction_after])
        for seat in range(self.n):
            dealt = deck.cards_of(rnd.dealt_mask(seat))
            # The cards the seat held in the auction.
            first = deck.cards_of(sum(1 << deck.ids[c]
                                      for c in rnd.deal[seat][:before_auction]))
            tag = f" ({self.short[seat]})" if self.n > 4 else ""
            name = self.names[seat] + tag
            width = self.width + (6 if self.n > 4 else 0)
            line = f"  {name:<{width}}  {s.cards(dealt)}    {_points(dealt, self.rs)} pts"
            if complete and len(first) < len(dealt):
                line += f"   (first {len(first)}: {s.cards(first)})"
            self.say(line)

    def auction_step(self, step: _Step, so_far: Sequence[_Step]) -> None:
        names, s, w = self.names, self.style, self.width
        seat, action, a = step.seat, step.action, step.after
        if isinstance(action, (Bid, Pass)):
            self.say(f"  {names[seat]:<{w}}  {action}")
        elif isinstance(action, Redeal):
            self.say(f"  {names[seat]:<{w}}  claims a redeal")
        else:
            for line in self.call_text(step).splitlines():
                self.say("  " + line)
        if a.phase is Phase.AUCTION or a.bidder is None:
            return
        bid = _bid_text(a.bid, a.denomination)
        team = self.teams[a.bidder % 2]
        doubled = f", {_times(a.multiplier)}" if a.multiplier > 1 else ""
        if any(isinstance(x.action, Bid) and x.seat == a.bidder for x in so_far):
            self.say(f"  {s.arrow} {names[a.bidder]} wins the auction at {bid} for "
                     f"{team}{doubled}.")
        else:
            self.say(f"  {s.arrow} Nobody bid: {names[a.bidder]} holds the contract at "
                     f"{bid} for {team}{doubled}.")
        if self.rs.config.trump_marker == "open" and a.contract == "bid":
            self.say()
            if a.trump is None:
                self.say("No Trump: the bid names no trump suit; the highest card of the "
                         "suit led wins every trick.")
            else:
                self.say(f"Trump: {_suit_name(a.trump)}, named by the bid and open to all.")

    def trump_step(self, step: _Step) -> None:
        names, s = self.names, self.style
        seat, action = step.seat, step.action
        who = names[seat]
        if isinstance(action, LayTrump):
            self.say(f"Trump: {who} lays {s.card(action.card)} face down "
                     f"({_suit_name(action.card.suit)} are trumps, hidden until exposed).")
        elif isinstance(action, NameTrump):
            self.say(f"Trump: {who} names {_suit_name(action.suit)} with an indicator card "
                     "laid face down (hidden until exposed).")
        elif isinstance(action, SeventhCard):
            line = (f"Trump: {who} takes the seventh card dealt, unseen by everyone, as the "
                    "face-down trump")
            deal = self.rnd.deal[seat]
            if len(deal) >= 7:
                card = deal[6]
                line += (f": it is {s.card(card)} ({_suit_name(card.suit)} are trumps, "
                         "hidden until exposed)")
            self.say(line + ".")
        else:
            self.say(f"Trump: {who}: {action}" + self.effect(step, worded=False))

    def call_text(self, step: _Step) -> str:
        """A call after the auction (or an auction call that is not a bid or pass):
        ``West  doubles: the contract is worth x2``."""
        names, w = self.names, self.width
        seat, action, b, a = step.seat, step.action, step.before, step.after
        verb = _call_verb(action)
        if verb is None:
            return f"{names[seat]}: {action}{self.effect(step, worded=False)}"
        text = f"{names[seat]:<{w}}  {_third_person(verb)}{self.effect(step, worded=True)}"
        if b.concealed is not None and a.concealed is None and not a.exposed \
                and b.bidder is not None:
            text += (f"\n{'':<{w}}    ({_possessive(names[b.bidder])} face-down "
                     f"{self.style.card(b.concealed)} goes back to the hand)")
        return text

    def effect(self, step: _Step, *, worded: bool) -> str:
        """What ``step`` did, in words (see :func:`_effect`)."""
        b, a = step.before, step.after
        out = tuple(x for x in range(self.n) if b.active >> x & 1 and not a.active >> x & 1)
        sitting_out = [x for x in range(self.n) if not a.active >> x & 1]
        change = _Change(
            declarer=a.bidder,
            multipliers=(b.multiplier, a.multiplier),
            stake=a.stake if a.stake != b.stake else None,
            contract=a.contract if a.contract != b.contract else None,
            alone=_alone(a.bidder, self.n, sitting_out),
            trump_dropped=b.trump is not None and a.trump is None,
            out=out,
            targets=(b.target, a.target),
            shown=tuple(self.rnd.deck.cards_of(a.shown & ~b.shown)),
        )
        return _effect(change, self.names.__getitem__, lambda _seat: "plays", self.style,
                       worded=worded)

    def play_step(self, step: _Step) -> None:
        names, s = self.names, self.style
        seat, action, b, a = step.seat, step.action, step.before, step.after
        who = names[seat]
        if isinstance(action, Play):
            card = action.card
            if b.trick_cards == 0:
                self.led = card.suit
            if not b.exposed and a.exposed:
                what = "face-down seventh card" if self.seventh() else "face-down trump"
                self.notes.append(f"{who} plays the {what} {s.card(card)}: "
                                  f"{_suit_name(card.suit)} are trumps.")
            self.pending.append((seat, card))
            if a.tricks > b.tricks:
                self.close_trick()
            return
        if isinstance(action, CallTrump):
            line = f"{who}" + (f", void in {_suit_name(self.led)}," if self.led else "")
            line += " calls for the trump"
            if not b.exposed and a.exposed:
                line += ": " + self.reveal(b) + "."
            else:
                line += "."
            self.notes.append(line)
            return
        if isinstance(action, Redeal):
            self.notes.append(f"{who} claims a redeal.")
            return
        verb = _call_verb(action)
        if verb is not None:
            self.notes.append(f"{who} {_third_person(verb)}{self.effect(step, worded=True)}.")
            return
        self.notes.append(f"{who}: {action}{self.effect(step, worded=False)}")

    # ------------------------------------------------------------ tricks

    def seventh(self) -> bool:
        """True if the trump was the bidder's unseen seventh card."""
        trump = self.final.get("trump") or {}
        return bool(trump.get("marker") == "seventh-card")

    def reveal(self, b: _Snap) -> str:
        """What turning up the trump shows."""
        names, s = self.names, self.style
        holder = names[b.bidder] if b.bidder is not None else "the bidder"
        suit = _suit_name(self.rnd.trump_suit or "?")
        if b.concealed is not None:
            what = "face-down seventh card" if self.seventh() else "face-down"
            return f"{_possessive(holder)} {what} {s.card(b.concealed)} is turned up, " \
                   f"{suit} are trumps"
        if self.rs.config.trump_marker == "indicator":
            return f"{holder} shows the indicator: {suit} are trumps"
        return f"{suit} are trumps"

    def close_trick(self) -> None:
        s = self.style
        t = self.rnd.tricks[self.trick_no]
        names = self.short
        width = max(len(x) for x in names)
        cells = []
        final_trump = self.rnd.trump_suit
        for pos, (seat, card) in enumerate(self.pending):
            mark = ""
            if (self.rs.config.trump_marker != "open" and t.trumps_from is not None
                    and pos >= t.trumps_from and card.suit == final_trump):
                mark = "*"
            shown = len(s.plain(card)) + len(mark)
            cells.append(f"{names[seat]:<{width}} {s.card(card)}{mark}"
                         f"{' ' * max(0, self.card_width - shown)}")
        self.running[t.winner % 2] += t.points
        head = f"  {self.trick_no + 1:>2}. "
        self.say(head + "  ".join(cells)
                 + f"  {s.arrow} {names[t.winner]} +{t.points}"
                 + f"   ({self.running[0]}{s.dash}{self.running[1]})")
        self.lines.extend(" " * len(head) + note for note in self.notes)
        self.trick_no += 1
        self.pending = []
        self.notes = []
        self.led = None

    def finish_play(self) -> None:
        s = self.style
        names = self.short
        width = max(len(x) for x in names)
        if self.pending or self.notes:
            cells = [f"{names[seat]:<{width}} {s.card(card)}"
                     for seat, card in self.pending]
            self.say(f"  {self.trick_no + 1:>2}. " + "  ".join(cells) + "  (unfinished)")
            self.lines.extend("      " + note for note in self.notes)
        if self.rs.config.trump_marker != "open" and any(
                t.trumps_from is not None for t in self.rnd.tricks):
            self.say("      * a card that counted as a trump")


def _transcript(rnd: Round, style: _Style) -> list[str]:
    """A finished (or annulled) round as readable lines, every hand shown."""
    return _Transcript(rnd, style).render()


def _contract_name(kind: str) -> str:
    """A contract a plug-in set, in words: ``single-hand`` -> ``a single hand``."""
    return "a " + kind.replace("-", " ")


def _result_lines(rnd: Round, names: Sequence[str], style: _Style) -> list[str]:
    result = rnd.result
    assert result is not None
    teams = team_names(names)
    if result.annulled is not None:
        return [f"The deal is annulled ({_annul_reason(rnd.ruleset, result.annulled)}). "
                "Nobody scores."]
    assert result.bidder is not None and result.bidding_team is not None
    bt = result.bidding_team
    made = "made it" if result.made else "failed"
    who = names[result.bidder]
    if result.contract == "bid":
        extra = ""
        if result.stake is not None:
            extra = f", played for {result.stake} game points,"
        elif result.multiplier > 1:
            extra = f", {_times(result.multiplier)},"
        needed = f"{result.target} needed"
        if result.target != result.bid:
            needed += f" for a bid of {result.bid}"
        bid = _bid_text(result.bid, result.denomination)
        said = any(isinstance(a, Bid) and s == result.bidder for s, a in rnd.history)
        contract = (f"  {who} {'bid' if said else 'held by default'} {bid} for {teams[bt]}"
                    f"{extra} and {made} ({result.card_points[bt]} card points, {needed}).")
    else:
        tricks = len(rnd.tricks)
        how = (f"won all {tricks} tricks" if result.made
               else f"lost trick {tricks}" if result.target is None
               else f"{result.tricks_won[bt]} of {tricks} tricks")
        contract = (f"  {who} played {_contract_name(result.contract)} for {teams[bt]} and "
                    f"{made} ({how}).")
    return [
        "Result",
        f"  Card points: {teams[0]} {result.card_points[0]}, "
        f"{teams[1]} {result.card_points[1]}"
        f"   (tricks {result.tricks_won[0]}{style.dash}{result.tricks_won[1]})",
        contract,
        f"  Game points: {teams[0]} {_signed(result.game_points[0])}, "
        f"{teams[1]} {_signed(result.game_points[1])}",
    ]


# ---------------------------------------------------------------------- commands


def _fresh_seed() -> int:
    """A seed for a deal the user did not choose. It comes from the operating system, so
    a deal cannot be foreseen from Python's global ``random`` (which anything may seed)."""
    return secrets.randbits(64)  # MAX_SEED is 2**64: every 64-bit number is a seed


def _make_bots(kind: str, n: int, rng: random.Random) -> list[Bot]:
    make = BOTS[kind]
    return [make(rng.randrange(2**32)) for _ in range(n)]


def _cmd_rulesets(args: argparse.Namespace) -> int:
    entries: list[tuple[str, str, tuple[str, ...]]] = [
        (rs.name, rs.description, rs.aliases) for rs in map(lookup_ruleset, preset_names())]
    mods = [(m.name, m.description, m.aliases) for m in map(lookup_modifier, modifier_names())]
    width = max(len(name) for name, _, _ in entries + mods) + 1
    print("Rulesets")
    for name, description, aliases in entries:
        print(f"  {name:<{width}} {description}")
        if aliases:
            print(f"  {'':<{width}} aliases: {', '.join(aliases)}")
    if mods:
        print()
        print("Modifiers (add to a ruleset with +, e.g. 28+pair+double)")
        for name, description, aliases in mods:
            print(f"  {name:<{width}} {description}")
            if aliases:
                print(f"  {'':<{width}} aliases: {', '.join(aliases)}")
    return 0


def _cmd_demo(args: argparse.Namespace) -> int:
    rs = lookup_ruleset(args.ruleset)
    seed = args.seed if args.seed is not None else _fresh_seed()
    style = _Style(sys.stdout)
    n = rs.config.players
    dealer = seed % n
    print(style.bold(f"Ruleset {rs.name} {style.dash} {rs.description}"))
    print(f"{args.bots.capitalize()} bots in every seat.")
    for _ in range(_MAX_REDEALS):
        rnd = rs.new_round(seed=seed, dealer=dealer)
        play_round(rnd, _make_bots(args.bots, n, random.Random(seed)))
        print()
        print(style.bold(f"Deal with seed {seed}"))
        for line in _transcript(rnd, style):
            print(line)
        assert rnd.result is not None
        if rnd.result.annulled is None:
            return 0
        seed = (seed + 1) % MAX_SEED
        print(f"The same dealer deals again (seed {seed}).")
    print("Every deal was annulled; giving up.")
    return 1


class _Progress:
    """A one-line progress bar, drawn in place on a terminal and not at all otherwise."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        isatty = getattr(stream, "isatty", None)
        self.active = bool(isatty and isatty())
        self._last = -1.0

    def update(self, done: int) -> None:
        if not self.active:
            return
        now = time.monotonic()
        if done < self.total and now - self._last < 0.1:
            return
        self._last = now
        width = 30
        filled = width * done // self.total
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r[{bar}] {100 * done // self.total:3d}% {done}/{self.total}")
        self.stream.flush()

    def finish(self) -> None:
        if self.active:
            self.stream.write("\r" + " " * 60 + "\r")
            self.stream.flush()


def _cmd_simulate(args: argparse.Namespace) -> int:
    rs = lookup_ruleset(args.ruleset)
    n = rs.config.players
    seed = args.seed if args.seed is not None else _fresh_seed()
    rng = random.Random(seed)
    annulled: dict[str, int] = {}
    scored = made = bidder_points = bid_total = 0
    game_points = [0, 0]
    # Contracts that are not plain: doubled or redoubled bids, single hands, ...
    special: dict[str, list[int]] = {}
    progress = _Progress(args.rounds, sys.stderr)
    start = time.perf_counter()
    for k in range(args.rounds):
        rnd = rs.new_round(seed=rng.randrange(MAX_SEED), dealer=k % n)
        play_round(rnd, _make_bots(args.bots, n, rng))
        result = rnd.result
        assert result is not None
        if result.annulled is not None:
            annulled[result.annulled] = annulled.get(result.annulled, 0) + 1
        else:
            assert result.bidding_team is not None and result.bid is not None
            scored += 1
            made += bool(result.made)
            bidder_points += result.card_points[result.bidding_team]
            bid_total += result.bid
            for team, g in enumerate(result.game_points):
                game_points[team] += g
            kinds = []
            if result.contract != "bid":
                kinds.append(f"{result.contract.replace('-', ' ').capitalize()}s")
            elif result.multiplier > 1:
                kinds.append(f"{_times(result.multiplier).split()[0].capitalize()} bids")
            for kind in kinds:
                tally = special.setdefault(kind, [0, 0])
                tally[0] += 1
                tally[1] += bool(result.made)
        progress.update(k + 1)
    elapsed = time.perf_counter() - start
    progress.finish()

    total_annulled = sum(annulled.values())

    def pct(a: int, b: int) -> str:
        return f"{100 * a / b:.1f}%" if b else "n/a"

    def avg(a: int, b: int) -> str:
        return f"{a / b:.2f}" if b else "n/a"

    reasons = ", ".join(f"{k} {v}" for k, v in sorted(annulled.items(), key=lambda kv: -kv[1]))
    print(f"Ruleset {rs.name}, {args.bots} bots, seed {seed}")
    print(f"Rounds played:              {args.rounds}")
    print(f"Annulled (redealt):         {total_annulled} ({pct(total_annulled, args.rounds)})"
          + (f": {reasons}" if reasons else ""))
    print(f"Contracts made:             {made} of {scored} ({pct(made, scored)})")
    for kind, (count, won) in sorted(special.items()):
        label = f"{kind}:"
        print(f"{label:<27} {count} ({pct(count, scored)}), {won} made")
    print(f"Bidding team card points:   {avg(bidder_points, scored)} on average")
    print(f"Winning bid:                {avg(bid_total, scored)} on average")
    print(f"Game points (team 0 / 1):   {_signed(game_points[0])} / {_signed(game_points[1])}")
    rate = args.rounds / elapsed if elapsed > 0 else float("inf")
    print(f"Speed:                      {rate:.0f} rounds/s ({elapsed:.2f} s)")
    return 0


# ---------------------------------------------------------------------- play


class _Quit(Exception):
    """The person at the terminal asked to leave."""


class _InputFailed(Exception):
    """Standard input broke while a move was read (an error of the device, not the end
    of the input)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


_ECHO = 40
"""How much of an over-long typed line the transcript repeats."""


def _numeral(text: str) -> bool:
    """True for text written wholly in digits of any script (``16``, ``²``, ``１６``):
    the player meant a number, and :func:`read_number` decides whether it is one."""
    return text.isdigit()


def _undecodable(line: str) -> bool:
    """True if ``line`` holds stand-ins for input bytes that were not text in the input's
    encoding: lone surrogates (``surrogateescape``) or U+FFFD (``replace``)."""
    return "\ufffd" in line or any("\udc80" <= c <= "\udcff" for c in line)


def _lenient(stream: object) -> None:
    """Let a strict text stream keep bytes that are not valid in its encoding (as lone
    surrogates) instead of raising. A strict stream fails a whole chunk at once, so one
    bad line would also lose the good lines read with it, and end the game."""
    if getattr(stream, "errors", None) != "strict":
        return
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is None:
        return
    with contextlib.suppress(OSError, ValueError):  # read from already: it stays as is
        reconfigure(errors="surrogateescape")


def _printable(text: str, stream: object) -> str:
    """``text`` as ``stream`` can write it: characters its encoding cannot take (a typed
    ``²`` on an ASCII terminal, stand-ins for undecodable input) become backslash escapes
    rather than failing the write."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    errors = getattr(stream, "errors", None) or "strict"
    try:
        text.encode(encoding, errors)
    except UnicodeEncodeError:
        return text.encode(encoding, "backslashreplace").decode(encoding)
    except LookupError:  # an encoding or error handler Python does not know: try as is
        pass
    return text


class _Game:
    """One person (seat 0) against bots, in the terminal. Everything shown comes from
    seat 0's view, so the bots' cards stay hidden."""

    HUMAN = 0

    def __init__(self, rs: Ruleset, seed: int, style: _Style) -> None:
        self.rs = rs
        self.seed = seed
        self.style = style
        self.n = rs.config.players
        self.names = seat_names(self.n, you=self.HUMAN)
        self.teams = team_names(self.names)
        self.plain_bids = rs.config.auction.denominations == (None,)
        # Typed input is echoed by the terminal; show it when it comes from a pipe or file.
        isatty = getattr(sys.stdin, "isatty", None)
        self.echo = not (isatty and isatty())
        rng = random.Random(seed)
        self.bots: list[Bot | None] = [
            None if s == self.HUMAN else HeuristicBot(rng.randrange(2**32))
            for s in range(self.n)
        ]

    def say(self, text: str = "") -> None:
        print(_printable(text, sys.stdout))

    def v(self, seat: int, verb: str) -> str:
        """``verb`` said of ``seat``: ``you pass``, ``East passes``."""
        return verb if seat == self.HUMAN else _third_person(verb)

    def run(self) -> int:
        s = self.style
        self.say(s.bold(f"Ruleset {self.rs.name} {s.dash} {self.rs.description}"))
        partners = [self.names[p] for p in range(2, self.n, 2)]
        if not partners:
            who = "no partner"
        elif len(partners) == 1:
            who = f"partner: {partners[0]}"
        else:
            who = f"partners: {_and(partners)}"
        self.say(f"You are seat {self.HUMAN} ({who}) against heuristic bots.")
        bid_help = "'bid 16'" if self.plain_bids else \
            f"'bid {self.rs.config.min_bid} S' or 'bid {self.rs.config.min_bid} NT'"
        self.say(f"On your turn type a move's number or its text ('play JS', {bid_help}, or "
                 "just the card or the bid); 'help' lists the moves again, 'quit' leaves.")
        seed = self.seed
        dealer = seed % self.n
        _lenient(sys.stdin)
        try:
            for _ in range(_MAX_REDEALS):
                rnd = self.rs.new_round(seed=seed, dealer=dealer)
                self.play(rnd, seed)
                assert rnd.result is not None
                if rnd.result.annulled is None:
                    return 0
                seed = (seed + 1) % MAX_SEED
                self.say(f"The same dealer deals again (seed {seed}).")
        except _Quit:
            self.say("Bye.")
            return 0
        return 1

    # ---------------------------------------------------------------- one round

    def play(self, rnd: Round, seed: int) -> None:
        s = self.style
        names = self.names
        self.say("")
        self.say(s.bold(f"New deal (seed {seed})") +
                 f": {names[rnd.dealer]} {self.v(rnd.dealer, 'deal')}, "
                 f"{'you' if rnd.opener == self.HUMAN else names[rnd.opener]} "
                 f"{self.v(rnd.opener, 'open')} the auction.")
        while not rnd.is_over:
            seat = rnd.to_act
            assert seat is not None
            before = rnd.view(self.HUMAN)
            bot = self.bots[seat]
            if bot is None:
                action = self.ask(rnd)
            else:
                action = rnd.parse_action(bot.choose(rnd.view(seat)))
                rnd.apply(action)
            self.narrate(rnd, seat, action, before)
        self.say("")
        self.say(self.result_text(rnd))

    def ask(self, rnd: Round) -> Action:
        """Show seat 0's view and read a move until one is legal; apply it."""
        view = rnd.view(self.HUMAN)
        self.show(view)
        legal = self.sorted_moves(rnd)
        self.show_moves(rnd, legal)
        cfg = self.rs.config
        while True:
            line = self.read()
            if line is None:
                continue
            text = line.strip()
            low = text.lower()
            if low in ("quit", "exit", "q"):
                raise _Quit
            if low in ("help", "?", "h", "moves"):
                self.show(view)
                self.show_moves(rnd, legal)
                continue
            if not text:
                if legal:
                    self.say(f"Type a number from 1 to {len(legal)}, or a move such as "
                             f"'{legal[0]}'.")
                else:
                    self.say(f"Type a move such as '{rnd.legal_actions()[0]}'.")
                continue
            action: Action
            if _numeral(text):
                try:
                    k = read_number(text)
                except ParseError as exc:
                    self.say(f"Not understood: {exc}")
                    continue
                is_bid_value = rnd.phase is Phase.AUCTION and cfg.min_bid <= k <= cfg.max_bid
                say_bid = f"bid {k}" if self.plain_bids else f"bid {k} S"
                if is_bid_value and k <= len(legal) and legal[k - 1] != Bid(k):
                    self.say(f"{k} could mean move {k} ({legal[k - 1]}) or a bid of {k}: "
                             f"type the move's text, e.g. '{say_bid}'.")
                    continue
                if is_bid_value and not self.plain_bids:
                    self.say(f"A bid names a suit or No Trump: type e.g. 'bid {k} S' or "
                             f"'bid {k} NT'.")
                    continue
                if is_bid_value:
                    action = Bid(k)  # a bare number in the auction, beyond the list: a bid
                elif not 1 <= k <= len(legal):
                    self.say(f"There is no move {k}: choose a number from 1 to {len(legal)}."
                             if legal else
                             f"There is no move {k}: type a move such as "
                             f"'{rnd.legal_actions()[0]}'.")
                    continue
                else:
                    action = legal[k - 1]
            else:
                try:
                    action = self.parse(rnd, check_text(text, "a move"))
                except IllegalActionError as exc:
                    self.say(f"Not allowed: {exc.reason}.")
                    continue
                except TwentyEightError as exc:
                    self.say(f"Not understood: {exc}")
                    continue
            try:
                rnd.apply(action)
            except IllegalActionError as exc:
                self.say(f"Not allowed: {exc.reason}.")
                continue
            except TwentyEightError as exc:
                self.say(f"Not allowed: {exc}")
                continue
            return action

    def read(self) -> str | None:
        """One line typed at the prompt, or ``None`` when it was not text (having said
        so). The end of the input (or no input at all) is :class:`_Quit`."""
        if sys.stdin is None:  # started with stdin closed: nothing will ever be typed
            self.say("")
            raise _Quit
        # A failing write shows here, so that a failure inside input() is the read's.
        sys.stdout.flush()
        try:
            line = input("Your move: ")
        except EOFError:
            self.say("")
            raise _Quit from None
        except UnicodeDecodeError:
            # Only from a stream _lenient could not change; the lines read with the bad
            # one are lost, but the game goes on with the next.
            self.say("")
            self.say("That line could not be read: it is not text. Type your move again.")
            return None
        except OSError as exc:
            if _output_failed():
                raise
            raise _InputFailed(exc) from None
        if self.echo:
            self.say(line if len(line) <= MAX_ACTION_TEXT
                     else f"{line[:_ECHO]}... ({len(line)} characters)")
        if _undecodable(line):
            encoding = getattr(sys.stdin, "encoding", None) or "UTF-8"
            self.say(f"That line could not be read: it is not valid {encoding} text. "
                     "Type your move again.")
            return None
        return line

    def sorted_moves(self, rnd: Round) -> list[Action]:
        """The legal actions to number, cards in the order the hand is shown (strongest
        first). Bids that name a denomination are too many to number: only the lowest in
        each denomination is listed, the others are typed."""
        deck = rnd.deck

        def key(a: Action) -> tuple[int, int, int]:
            card = getattr(a, "card", None)
            if not isinstance(card, Card):
                return (1, 0, 0)  # pass, bids, calls keep their order after the cards
            cid = deck.ids[card]
            return (0, deck.suit_of[cid], -deck.strength[cid])

        acts = list(rnd.legal_actions())
        if not self.plain_bids:
            # Only the lowest bid in each denomination is numbered; others are typed.
            lowest: dict[str | None, Action] = {}
            for a in acts:
                if isinstance(a, Bid):
                    lowest.setdefault(a.denomination, a)
            acts = [a for a in acts if not isinstance(a, Bid) or lowest[a.denomination] is a]
        if any(isinstance(getattr(a, "card", None), Card) for a in acts):
            acts.sort(key=key)
        return acts

    @staticmethod
    def parse(rnd: Round, text: str) -> Action:
        """Read a typed move. A bare card is short for playing it (or laying it as the
        trump), a bare suit for naming the trump, ``30 S`` for ``bid 30 S``."""
        try:
            return rnd.parse_action(text)
        except ParseError as first:
            phase = rnd.phase
            keyword = {Phase.PLAY: "play", Phase.TRUMP: "trump"}.get(phase)
            number = text.split(None, 1)[0] if text.strip() else ""
            if phase is Phase.AUCTION and _numeral(number):
                # A bid written in other digits (or too many) gets the number's own
                # complaint rather than "unknown action".
                read_number(number, "a bid is written with the digits 0-9")
                keyword = "bid"
            if keyword is None:
                raise
            try:
                return rnd.parse_action(f"{keyword} {text}")
            except ParseError:
                raise first from None

    # ---------------------------------------------------------------- display

    def show(self, view: dict[str, Any]) -> None:
        s = self.style
        names = self.names
        phase = view["phase"]
        trick_no = len(view["tricks"]) + 1
        window = view.get("window") or ""
        title = {"auction": "auction", "trump": "choose the trump",
                 "calls": f"calls ({(_window_title(self.rs, window) or window).lower()})",
                 "play": f"trick {trick_no}"}.get(phase, phase)
        self.say("")
        self.say(s.bold(f"--- Your turn: {title} ---"))
        if phase == "auction":
            calls = ", ".join(f"{names[e['seat']]} {e['action']}" for e in view["auction"])
            self.say(f"Auction so far: {calls or 'nobody has spoken'}")
        contract = view["contract"]
        if contract is not None and phase != "auction":
            self.say("Contract: " + self.contract_text(contract, view["trump"]))
        trump = view["trump"]
        if trump is not None:
            self.say("Trump: " + self.trump_text(trump))
        if phase == "calls" and view["calls"]:
            calls = ", ".join(f"{names[e['seat']]} {e['action']}" for e in view["calls"])
            self.say(f"Calls since the auction: {calls}")
        shown = view.get("shown") or []
        for seat in sorted({e["seat"] for e in shown}):
            cards = [Card.parse(e["card"]) for e in shown if e["seat"] == seat]
            self.say(f"Shown by {names[seat]}: {s.cards(cards)}.")
        if view.get("sitting_out"):
            out = [names[x] for x in view["sitting_out"]]
            self.say(f"Sitting out: {_and(out)}.")
        if phase == "play":
            cards = view["trick"]["cards"]
            if cards:
                shown = ", ".join(f"{names[e['seat']]} {s.card(Card.parse(e['card']))}"
                                  for e in cards)
                self.say(f"Trick so far: {shown}")
            else:
                self.say("You lead this trick.")
            pts = view["card_points"]
            self.say(f"Card points: {self.teams[0]} {pts[0]}, {self.teams[1]} {pts[1]}")
        hand = [Card.parse(c) for c in view["hand"]]
        self.say(f"Your hand: {s.cards(hand)}")

    def contract_text(self, contract: dict[str, Any], trump: dict[str, Any] | None) -> str:
        names = self.names
        b = contract["bidder"]
        team = self.teams[b % 2]
        kind = contract.get("kind", "bid")
        if kind != "bid":
            text = f"{names[b]} {self.v(b, 'play')} {_contract_name(kind)} for {team}"
            if contract.get("target") is None:
                text += ": every trick" + (", no trump" if trump is None else "")
            return text + "."
        text = f"{names[b]} bid {_bid_text(contract['bid'], contract.get('denomination'))}" \
               f" for {team}"
        target = contract.get("target")
        if target is not None and target != contract["bid"]:
            text += f", target {target}"
        if contract.get("stake"):
            text += f", played for {contract['stake']} game points"
        elif contract.get("multiplier", 1) > 1:
            text += f", {_times(contract['multiplier'])}"
        return text + "."

    def trump_text(self, trump: dict[str, Any]) -> str:
        s = self.style
        marker = trump.get("marker")
        suit: str = trump.get("suit") or "?"
        if marker == "open":
            return "No Trump (named by the bid)" if trump.get("suit") is None else \
                f"{_suit_name(suit)} (named by the bid, open to all)"
        holder = self.names[trump["holder"]] if trump.get("holder") is not None else "?"
        card_text = trump.get("card")
        if trump.get("exposed"):
            how = f"exposed in trick {trump['exposed_in_trick']}" \
                if "exposed_in_trick" in trump else "exposed"
            if card_text:
                card = Card.parse(card_text)
                return f"{_suit_name(suit)} ({how}; {_possessive(holder)} card was " \
                       f"{s.card(card)})"
            return f"{_suit_name(suit)} ({how})"
        if card_text:
            card = Card.parse(card_text)
            return (f"your face-down card {s.card(card)}: {_suit_name(suit)}, "
                    "still hidden")
        if trump.get("suit") is not None:
            return f"you named {_suit_name(suit)} with the indicator, still hidden"
        if marker == "indicator":
            return f"hidden ({holder} {self.v(trump['holder'], 'hold')} the indicator card)"
        if marker == "seventh-card":
            return (f"hidden ({_possessive(holder)} unseen seventh card, face down; "
                    "nobody knows it yet)")
        return f"hidden ({holder} {self.v(trump['holder'], 'hold')} the face-down card)"

    def show_moves(self, rnd: Round, legal: Sequence[Action]) -> None:
        s = self.style
        if legal:
            cells = [f"{k:>2}) {s.action(a)}" for k, a in enumerate(legal, 1)]
            visible = [f"{k:>2}) {a}" for k, a in enumerate(legal, 1)]
            width = max(len(v) for v in visible) + 3
            per_row = max(1, 78 // width)
            self.say("Moves:")
            for r in range(0, len(cells), per_row):
                row = [c + " " * (width - len(v)) for c, v in
                       zip(cells[r:r + per_row], visible[r:r + per_row], strict=True)]
                self.say("  " + "".join(row).rstrip())
        bids = [a for a in rnd.legal_actions() if isinstance(a, Bid)]
        if bids and not self.plain_bids:
            names = sorted({a.denomination for a in bids if a.denomination is not None},
                           key=lambda d: "SHDCN".find(d[0]))
            low = min(a.value for a in bids)
            high = max(a.value for a in bids)
            self.say(f"Or type any bid: 'bid N D' with N from {low} to {high} and D one of "
                     f"{' '.join(names)}, e.g. 'bid {high} {names[-1]}'.")

    def say_call(self, seat: int, action: Action, before: dict[str, Any],
                 after: dict[str, Any]) -> None:
        """A call of the auction (other than a bid or pass) or of a call window."""
        who = self.names[seat]
        verb = _call_verb(action)
        if verb is None:
            self.say(f"{who}: {action}{self.effect(before, after, worded=False)}")
            return
        self.say(f"{who} {self.v(seat, verb)}{self.effect(before, after, worded=True)}.")

    def effect(self, before: dict[str, Any], after: dict[str, Any], *, worded: bool) -> str:
        """What a call did, read from the views before and after it (see
        :func:`_effect`)."""
        c0 = before.get("contract") or {}
        c1 = after.get("contract") or {}
        out0, out1 = before.get("sitting_out", []), after.get("sitting_out", [])
        shown0 = {(e["seat"], e["card"]) for e in before.get("shown", [])}
        change = _Change(
            declarer=c1.get("bidder"),
            multipliers=(c0.get("multiplier", 1), c1.get("multiplier", 1)),
            stake=c1.get("stake") if c1.get("stake") != c0.get("stake") else None,
            contract=c1.get("kind") if c1.get("kind") != c0.get("kind") else None,
            alone=_alone(c1.get("bidder"), self.n, out1),
            trump_dropped=before.get("trump") is not None and after.get("trump") is None,
            out=tuple(x for x in out1 if x not in out0),
            targets=(c0.get("target"), c1.get("target")),
            shown=tuple(Card.parse(e["card"]) for e in after.get("shown", [])
                        if (e["seat"], e["card"]) not in shown0),
        )
        return _effect(change, lambda x: "you" if x == self.HUMAN else self.names[x],
                       lambda x: self.v(x, "play"), self.style, worded=worded)

    def narrate(self, rnd: Round, seat: int, action: Action, before: dict[str, Any]) -> None:
        """Say what just happened, from seat 0's side of the table."""
        names = self.names
        who = names[seat]
        after = rnd.view(self.HUMAN)
        phase = before["phase"]
        if isinstance(action, Redeal):
            self.say(f"{who} {self.v(seat, 'claim')} a redeal.")
        elif phase == "auction":
            if isinstance(action, (Bid, Pass)):
                self.say(f"{who}: {action}")
            else:
                self.say_call(seat, action, before, after)
            contract = after["contract"]
            if after["phase"] != "auction" and contract is not None:
                b = contract["bidder"]
                self.say(f"{names[b]} won the auction at "
                         f"{_bid_text(contract['bid'], contract.get('denomination'))}"
                         + (f", {_times(contract['multiplier'])}"
                            if contract.get("multiplier", 1) > 1 else "") + ".")
                trump = after["trump"]
                if trump is not None and trump.get("marker") == "open":
                    self.say("Trump: " + self.trump_text(trump) + ".")
        elif phase == "trump":
            self.narrate_trump(seat, action)
        elif phase == "calls":
            self.say_call(seat, action, before, after)
        else:
            self.narrate_play(seat, action, before, after)
        if sum(after["cards_held"]) > sum(before["cards_held"]):
            self.say("The rest of the cards are dealt.")
        if self.HUMAN in after.get("sitting_out", ()) \
                and self.HUMAN not in before.get("sitting_out", ()):
            self.say("You lay your hand down and sit out this hand.")

    def narrate_trump(self, seat: int, action: Action) -> None:
        s = self.style
        who = self.names[seat]
        if isinstance(action, LayTrump):
            if seat == self.HUMAN:
                self.say(f"You lay {s.card(action.card)} face down: "
                         f"{_suit_name(action.card.suit)} are your trumps.")
            else:
                self.say(f"{who} lays a card face down as the trump.")
        elif isinstance(action, NameTrump):
            if seat == self.HUMAN:
                self.say(f"You lay an indicator card face down: {_suit_name(action.suit)} "
                         "are your trumps.")
            else:
                self.say(f"{who} lays an indicator card face down to name the trump.")
        elif isinstance(action, SeventhCard):
            self.say(f"{who} {self.v(seat, 'take')} the seventh card dealt, unseen, as the "
                     "face-down trump.")
        else:
            self.say(f"{who}: {action}")

    def narrate_play(self, seat: int, action: Action, before: dict[str, Any],
                     after: dict[str, Any]) -> None:
        s = self.style
        names = self.names
        who = names[seat]
        if isinstance(action, CallTrump):
            self.say(f"{who} {self.v(seat, 'call')} for the trump.")
        elif isinstance(action, Play):
            self.say(f"{who} {self.v(seat, 'play')} {s.card(action.card)}")
        else:
            self.say_call(seat, action, before, after)
        was_hidden = not (before["trump"] or {}).get("exposed", False)
        trump = after["trump"]
        if was_hidden and trump is not None and trump.get("exposed") \
                and trump.get("marker") != "open":
            holder = names[trump["holder"]]
            suit = _suit_name(trump["suit"])
            card_text = trump.get("card")
            if isinstance(action, Play):
                self.say(f"  That was {_possessive(holder)} face-down card: the trump is "
                         f"exposed, {suit} are trumps.")
            elif card_text:
                self.say(f"  The trump is exposed: {_possessive(holder)} face-down card is "
                         f"{s.card(Card.parse(card_text))}, {suit} are trumps.")
            else:
                self.say(f"  The trump is exposed: {_possessive(holder)} indicator shows "
                         f"{suit}.")
        if len(after["tricks"]) > len(before["tricks"]):
            t = after["tricks"][-1]
            pts = after["card_points"]
            winner = names[t["winner"]]
            self.say(f"  {s.arrow} {winner} {self.v(t['winner'], 'win')}"
                     f" trick {len(after['tricks'])} ({_plural(t['points'], 'point')}). "
                     f"Card points: {self.teams[0]} {pts[0]}, {self.teams[1]} {pts[1]}")

    def result_text(self, rnd: Round) -> str:
        return "\n".join(_result_lines(rnd, self.names, self.style))


def _cmd_play(args: argparse.Namespace) -> int:
    rs = lookup_ruleset(args.ruleset)
    seed = args.seed if args.seed is not None else _fresh_seed()
    return _Game(rs, seed, _Style(sys.stdout)).run()


# ---------------------------------------------------------------------- parser


def _positive(text: str) -> int:
    """A count given on the command line: ASCII digits only, at least 1."""
    try:
        value = read_number(text.strip(), "a count is written with the digits 0-9")
    except ParseError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


_SEED_DIGITS = len(str(MAX_SEED - 1))


def _seed(text: str) -> int:
    """A seed given on the command line: ASCII digits only, below :data:`MAX_SEED`."""
    try:
        value = read_number(text.strip(), "a seed is written with the digits 0-9",
                            max_digits=_SEED_DIGITS)
    except ParseError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if value >= MAX_SEED:
        raise argparse.ArgumentTypeError("a seed is a whole number from 0 to 2**64 - 1")
    return value


class _Parser(argparse.ArgumentParser):
    """The argument parser, whose help fails like the rest of the output when it cannot
    be written (argparse itself drops the error, and the help with it)."""

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        (file or sys.stdout).write(self.format_help())


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="twentyeight",
        description="Rules engine for the Indian card game 28 and its relatives.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("rulesets", help="list the rulesets, their aliases and descriptions")
    p.set_defaults(func=_cmd_rulesets)

    def common(p: argparse.ArgumentParser, bots: bool = True) -> None:
        p.add_argument("--ruleset", default="28", help="ruleset name or alias (default: 28)")
        p.add_argument("--seed", type=_seed, default=None,
                       help="seed for the deal (default: random)")
        if bots:
            p.add_argument("--bots", choices=sorted(BOTS), default="heuristic",
                           help="which bots play (default: heuristic)")

    p = sub.add_parser("demo", help="watch bots play one round, with every hand shown")
    common(p)
    p.set_defaults(func=_cmd_demo)

    p = sub.add_parser("play", help="play seat 0 against heuristic bots in the terminal")
    common(p, bots=False)
    p.set_defaults(func=_cmd_play)

    p = sub.add_parser("simulate", help="play many rounds with bots and print statistics")
    p.add_argument("--rounds", type=_positive, default=1000,
                   help="number of rounds (default: 1000)")
    common(p)
    p.set_defaults(func=_cmd_simulate)
    return parser


def _complain(message: str) -> None:
    """Say ``message`` on standard error while it still works; when it fails too there
    is nowhere left to say it."""
    if sys.stderr is None:
        return
    with contextlib.suppress(OSError, ValueError):
        print(message, file=sys.stderr, flush=True)


def _output_failed() -> bool:
    """True if standard output cannot take what is waiting to be written to it."""
    if sys.stdout is None:
        return True
    try:
        sys.stdout.flush()
    except (OSError, ValueError):  # ValueError: the stream was closed
        return True
    return False


def _discard_output() -> None:
    """Point standard output at the null device, so that what is still buffered for it
    does not fail again when the interpreter flushes it on the way out."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no file descriptor behind it
        pass
    finally:
        os.close(devnull)


_WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EFBIG})
"""Errors only a write can meet, whatever stream they came from (a closed pipe is a
:class:`BrokenPipeError` of its own)."""


def _reason(error: OSError) -> str:
    return error.strerror or str(error) or type(error).__name__


def main(argv: list[str] | None = None) -> int:
    """Run the ``twentyeight`` command with ``argv`` (default: ``sys.argv[1:]``) and
    return its exit code: 0 on success, 2 for bad usage or an unknown ruleset, 1 when
    the output cannot be written (a full disk, a closed pipe) or the input cannot be
    read. Such a failure is one line on standard error (none for a closed pipe), not a
    traceback."""
    if sys.stdout is None:  # started with stdout closed: nothing shown would be seen
        _complain("twentyeight: error: cannot write the output: standard output is closed")
        return 1
    try:
        code = _run(argv)
        # Written out here, so a failing write is caught below and not at interpreter
        # exit, where Python would print its own report.
        sys.stdout.flush()
    except BrokenPipeError:
        # Output piped into a program that stopped reading (e.g. `| head`): stop quietly.
        _discard_output()
        return 1
    except _InputFailed as exc:
        _complain(f"twentyeight: error: cannot read the input: {_reason(exc.error)}")
        return 1
    except OSError as exc:
        if exc.errno in _WRITE_ERRORS or _output_failed():
            _discard_output()
            _complain(f"twentyeight: error: cannot write the output: {_reason(exc)}")
        else:
            _complain(f"twentyeight: error: {_reason(exc)}")
        return 1
    return code


def _run(argv: list[str] | None) -> int:
    """:func:`main` up to the output's last flush."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has printed the problem (or the help)
        return exc.code if isinstance(exc.code, int) else _EXIT_USAGE
    if args.command is None:
        parser.print_help()
        return _EXIT_USAGE
    try:
        code: int = args.func(args)
    except (UnknownRulesetError, ConfigError, DealError) as exc:
        # A ruleset name, option or seed the user gave that does not work.
        print(f"twentyeight: error: {exc}", file=sys.stderr)
        return _EXIT_USAGE
    except TwentyEightError as exc:
        print(f"twentyeight: internal error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
