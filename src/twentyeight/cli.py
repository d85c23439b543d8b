"""The ``twentyeight`` command: list rulesets, watch bots play, play against them, and
run bot simulations.

::

    twentyeight rulesets
    twentyeight demo --seed 3
    twentyeight play --seed 1
    twentyeight simulate --rounds 1000 --bots random
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from .actions import Action, Bid, CallTrump, LayTrump, Pass, Play, Redeal
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
from .registry import modifier as lookup_modifier
from .registry import modifiers as modifier_names
from .registry import presets as preset_names
from .registry import ruleset as lookup_ruleset
from .round import MAX_SEED, Phase, Round
from .ruleset import Ruleset

__all__ = ["BOTS", "main", "seat_names", "team_names"]

BOTS: dict[str, Callable[[int | None], Bot]] = {
    "heuristic": HeuristicBot,
    "random": RandomBot,
}
"""Bot kinds the command offers, by name."""

_SEATS_4 = ("South", "East", "North", "West")
_RED_SUITS = ("H", "D")
_EXIT_USAGE = 2
_MAX_REDEALS = 1000


def seat_names(players: int, you: int | None = None) -> list[str]:
    """Names for the seats: compass points for four players (seats run counter-clockwise
    from South), ``Seat N`` otherwise; seat ``you`` is called ``You``."""
    names = list(_SEATS_4) if players == 4 else [f"Seat {i}" for i in range(players)]
    if you is not None:
        names[you] = "You"
    return names


def team_names(names: Sequence[str]) -> list[str]:
    """Each team's name from its seats' names (seat ``s`` plays for team ``s % 2``)."""
    return [" & ".join(names[s] for s in range(team, len(names), 2)) for team in (0, 1)]


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

    def card(self, card: Card) -> str:
        text = card.pretty() if self.symbols else str(card)
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


def _possessive(name: str) -> str:
    return "your" if name == "You" else f"{name}'s"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _annul_reason(rs: Ruleset, reason: str) -> str:
    for check in rs.config.redeal_checks:
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


# ---------------------------------------------------------------------- transcript


def _transcript(rnd: Round, style: _Style) -> list[str]:
    """A finished (or annulled) round as readable lines. Full information: the demo
    shows every hand."""
    rs = rnd.ruleset
    deck = rnd.deck
    n = rnd.players
    names = seat_names(n)
    teams = team_names(names)
    width = max(len(s) for s in names)
    arrow = style.arrow
    lines: list[str] = []
    lines.append(f"Dealer: {names[rnd.dealer]}    Opener: {names[rnd.opener]}    "
                 f"Teams: {teams[0]} against {teams[1]}")
    lines.append("")
    complete = rnd.deal_complete
    lines.append("Hands" if complete else "Hands (only the first cards were dealt)")
    for seat in range(n):
        dealt = deck.cards_of(rnd.dealt_mask(seat))
        first = deck.cards_of(rnd.first_packet_mask(seat))
        line = f"  {names[seat]:<{width}}  {style.cards(dealt)}    {_points(dealt, rs)} pts"
        if complete and len(first) < len(dealt):
            line += f"   (first {len(first)}: {style.cards(first)})"
        lines.append(line)

    history = rnd.history
    i = 0
    # ---- auction
    cfg = rs.config
    lines.append("")
    lines.append(f"Auction (bids {cfg.min_bid}{style.dash}{cfg.max_bid})")
    while i < len(history) and isinstance(history[i][1], (Bid, Pass, Redeal)):
        seat, action = history[i]
        if isinstance(action, Redeal):
            lines.append(f"  {names[seat]:<{width}}  claims a redeal")
        else:
            lines.append(f"  {names[seat]:<{width}}  {action}")
        i += 1
    bidder = rnd.bidder
    if bidder is not None and rnd.phase is not Phase.AUCTION:
        lines.append(f"  {arrow} {names[bidder]} wins the auction at {rnd.bid} "
                     f"for {teams[bidder % 2]}.")

    # ---- trump
    concealed: Card | None = None
    if i < len(history) and isinstance(history[i][1], LayTrump):
        seat, lay = history[i]
        assert isinstance(lay, LayTrump)
        concealed = lay.card
        lines.append("")
        lines.append(f"Trump: {names[seat]} lays {style.card(lay.card)} face down "
                     f"({_suit_name(lay.card.suit)} are trumps, hidden until exposed).")
        if rnd.deal_complete:
            lines.append("The rest of the cards are dealt.")
        i += 1

    # ---- play
    tricks = rnd.tricks
    if i < len(history):
        lines.append("")
        lines.append("Play")
    exposed = False
    trick_no = 0
    pos = 0
    cells: list[str] = []
    notes: list[str] = []
    running = [0, 0]
    while i < len(history):
        seat, action = history[i]
        i += 1
        if isinstance(action, Redeal):
            notes.append(f"{names[seat]} claims a redeal.")
            continue
        if isinstance(action, CallTrump):
            assert concealed is not None
            exposed = True
            led = rnd.current_trick[0][1].suit if trick_no >= len(tricks) \
                else tricks[trick_no].cards[0].suit
            whose = "the face-down" if seat == bidder else \
                f"{names[bidder] if bidder is not None else 'the bidder'}'s"
            notes.append(
                f"{names[seat]}, void in {_suit_name(led)}, calls for the trump: "
                f"{whose} {style.card(concealed)} is turned up, "
                f"{_suit_name(concealed.suit)} are trumps.")
            continue
        if not isinstance(action, Play):
            notes.append(f"{names[seat]}: {action}")
            continue
        card = action.card
        mark = ""
        if concealed is not None and not exposed and card == concealed:
            exposed = True
            notes.append(
                f"{names[seat]} plays the face-down trump {style.card(card)}: "
                f"{_suit_name(card.suit)} are trumps.")
        if trick_no < len(tricks):
            t = tricks[trick_no]
            if t.trumps_from is not None and pos >= t.trumps_from \
                    and concealed is not None and card.suit == concealed.suit:
                mark = "*"
        shown = len(card.pretty() if style.symbols else str(card)) + len(mark)
        cells.append(f"{names[seat]:<{width}} {style.card(card)}{mark}{' ' * (4 - shown)}")
        pos += 1
        if pos == n:
            t = tricks[trick_no]
            running[t.winner % 2] += t.points
            head = f"  {trick_no + 1:>2}. "
            lines.append(head + "  ".join(cells)
                         + f"  {arrow} {names[t.winner]} +{t.points}"
                         + f"   ({running[0]}{style.dash}{running[1]})")
            lines.extend(" " * len(head) + note for note in notes)
            trick_no += 1
            pos = 0
            cells = []
            notes = []
    if cells or notes:
        lines.append(f"  {trick_no + 1:>2}. " + "  ".join(cells) + "  (unfinished)")
        lines.extend("      " + note for note in notes)
    if any(t.trumps_from is not None for t in tricks):
        lines.append("      * a card that counted as a trump")

    # ---- result
    lines.append("")
    lines.extend(_result_lines(rnd, names, style))
    return lines


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
    needed = f"{result.card_points[bt]} card points, {result.target} needed"
    return [
        "Result",
        f"  Card points: {teams[0]} {result.card_points[0]}, "
        f"{teams[1]} {result.card_points[1]}"
        f"   (tricks {result.tricks_won[0]}{style.dash}{result.tricks_won[1]})",
        f"  {names[result.bidder]} bid {result.bid} for {teams[bt]} and {made} ({needed}).",
        f"  Game points: {teams[0]} {_signed(result.game_points[0])}, "
        f"{teams[1]} {_signed(result.game_points[1])}",
    ]


# ---------------------------------------------------------------------- commands


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
    seed = args.seed if args.seed is not None else random.randrange(MAX_SEED)
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
    seed = args.seed if args.seed is not None else random.randrange(MAX_SEED)
    rng = random.Random(seed)
    annulled: dict[str, int] = {}
    scored = made = bidder_points = bid_total = 0
    game_points = [0, 0]
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
    print(f"Bidding team card points:   {avg(bidder_points, scored)} on average")
    print(f"Winning bid:                {avg(bid_total, scored)} on average")
    print(f"Game points (team 0 / 1):   {_signed(game_points[0])} / {_signed(game_points[1])}")
    rate = args.rounds / elapsed if elapsed > 0 else float("inf")
    print(f"Speed:                      {rate:.0f} rounds/s ({elapsed:.2f} s)")
    return 0


# ---------------------------------------------------------------------- play


class _Quit(Exception):
    """The person at the terminal asked to leave."""


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
        # Typed input is echoed by the terminal; show it when it comes from a pipe or file.
        isatty = getattr(sys.stdin, "isatty", None)
        self.echo = not (isatty and isatty())
        rng = random.Random(seed)
        self.bots: list[Bot | None] = [
            None if s == self.HUMAN else HeuristicBot(rng.randrange(2**32))
            for s in range(self.n)
        ]

    def say(self, text: str = "") -> None:
        print(text)

    def run(self) -> int:
        s = self.style
        self.say(s.bold(f"Ruleset {self.rs.name} {s.dash} {self.rs.description}"))
        partner = self.names[(self.HUMAN + 2) % self.n] if self.n >= 4 else "nobody"
        self.say(f"You are seat {self.HUMAN} (partner: {partner}) against heuristic bots.")
        self.say("On your turn type a move's number or its text ('play JS', 'bid 16', or just "
                 "the card or the bid); 'help' lists the moves again, 'quit' leaves.")
        seed = self.seed
        dealer = seed % self.n
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
                 f": {names[rnd.dealer]} deal{'' if rnd.dealer == self.HUMAN else 's'}, "
                 f"{'you' if rnd.opener == self.HUMAN else names[rnd.opener]} "
                 f"open{'' if rnd.opener == self.HUMAN else 's'} the auction.")
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
        self.show_moves(legal)
        while True:
            try:
                line = input("Your move: ")
            except EOFError:
                self.say("")
                raise _Quit from None
            if self.echo:
                self.say(line)
            text = line.strip()
            low = text.lower()
            if low in ("quit", "exit", "q"):
                raise _Quit
            if low in ("help", "?", "h", "moves"):
                self.show(view)
                self.show_moves(legal)
                continue
            if not text:
                self.say(f"Type a number from 1 to {len(legal)}, or a move such as "
                         f"'{legal[0]}'.")
                continue
            action: Action
            if text.isdigit():
                k = int(text)
                cfg = self.rs.config
                is_bid_value = rnd.phase is Phase.AUCTION and cfg.min_bid <= k <= cfg.max_bid
                if is_bid_value and k <= len(legal) and legal[k - 1] != Bid(k):
                    self.say(f"{k} could mean move {k} ({legal[k - 1]}) or a bid of {k}: "
                             f"type the move's text, e.g. 'bid {k}'.")
                    continue
                if is_bid_value:
                    action = Bid(k)  # a bare number in the auction, beyond the list: a bid
                elif not 1 <= k <= len(legal):
                    self.say(f"There is no move {k}: choose a number from 1 to {len(legal)}.")
                    continue
                else:
                    action = legal[k - 1]
            else:
                try:
                    action = self.parse(rnd, text)
                except ParseError as exc:
                    self.say(f"Not understood: {exc}")
                    continue
            try:
                rnd.apply(action)
            except IllegalActionError as exc:
                self.say(f"Not allowed: {exc.reason}.")
                continue
            return action

    @staticmethod
    def sorted_moves(rnd: Round) -> list[Action]:
        """The legal actions, cards in the order the hand is shown (strongest first)."""
        deck = rnd.deck

        def key(a: Action) -> tuple[int, int, int]:
            card = getattr(a, "card", None)
            if not isinstance(card, Card):
                return (1, 0, 0)  # pass, bids, calls keep their order after the cards
            cid = deck.ids[card]
            return (0, deck.suit_of[cid], -deck.strength[cid])

        acts = list(rnd.legal_actions())
        if any(isinstance(getattr(a, "card", None), Card) for a in acts):
            acts.sort(key=key)
        return acts

    @staticmethod
    def parse(rnd: Round, text: str) -> Action:
        try:
            return rnd.parse_action(text)
        except ParseError as first:
            # A bare card is short for playing it (or laying it as the trump).
            if rnd.phase.value in ("play", "trump"):
                keyword = "play" if rnd.phase.value == "play" else "trump"
                try:
                    Card.parse(text)
                except ParseError:
                    raise first from None
                return rnd.parse_action(f"{keyword} {text}")
            raise

    # ---------------------------------------------------------------- display

    def show(self, view: dict[str, Any]) -> None:
        s = self.style
        names = self.names
        phase = view["phase"]
        trick_no = len(view["tricks"]) + 1
        title = {"auction": "auction", "trump": "choose the trump",
                 "play": f"trick {trick_no}"}.get(phase, phase)
        self.say("")
        self.say(s.bold(f"--- Your turn: {title} ---"))
        if phase == "auction":
            calls = ", ".join(f"{names[e['seat']]} {e['action']}" for e in view["auction"])
            self.say(f"Auction so far: {calls or 'nobody has spoken'}")
        else:
            contract = view["contract"]
            if contract is not None:
                b = contract["bidder"]
                self.say(f"Contract: {names[b]} bid {contract['bid']} for {self.teams[b % 2]}.")
        trump = view["trump"]
        if trump is not None:
            self.say("Trump: " + self.trump_text(trump))
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

    def trump_text(self, trump: dict[str, Any]) -> str:
        s = self.style
        holder = self.names[trump["holder"]]
        if trump["exposed"]:
            card = Card.parse(trump["card"])
            return (f"{_suit_name(trump['suit'])} (exposed in trick {trump['exposed_in_trick']}"
                    f"; {_possessive(holder)} card was {s.card(card)})")
        if "card" in trump:
            card = Card.parse(trump["card"])
            return (f"your face-down card {s.card(card)}: {_suit_name(trump['suit'])}, "
                    "still hidden")
        return f"hidden ({holder} holds the face-down card)"

    def show_moves(self, legal: Sequence[Action]) -> None:
        s = self.style
        cells = [f"{k:>2}) {s.action(a)}" for k, a in enumerate(legal, 1)]
        visible = [f"{k:>2}) {a}" for k, a in enumerate(legal, 1)]
        width = max(len(v) for v in visible) + 3
        per_row = max(1, 78 // width)
        self.say("Moves:")
        for r in range(0, len(cells), per_row):
            row = [c + " " * (width - len(v))
                   for c, v in zip(cells[r:r + per_row], visible[r:r + per_row], strict=True)]
            self.say("  " + "".join(row).rstrip())

    def narrate(self, rnd: Round, seat: int, action: Action, before: dict[str, Any]) -> None:
        """Say what just happened, from seat 0's side of the table."""
        s = self.style
        names = self.names
        who = names[seat]
        after = rnd.view(self.HUMAN)
        if isinstance(action, (Bid, Pass)):
            self.say(f"{who}: {action}")
            if after["phase"] != "auction" and after["contract"] is not None:
                b = after["contract"]["bidder"]
                self.say(f"{names[b]} won the auction at {after['contract']['bid']}.")
            return
        if isinstance(action, Redeal):
            self.say(f"{who} claim{'' if seat == self.HUMAN else 's'} a redeal.")
            return
        if isinstance(action, LayTrump):
            if seat == self.HUMAN:
                self.say(f"You lay {s.card(action.card)} face down: "
                         f"{_suit_name(action.card.suit)} are your trumps.")
            else:
                self.say(f"{who} lays a card face down as the trump.")
            if not rnd.is_over:
                self.say("The rest of the cards are dealt.")
            return
        was_hidden = not (before["trump"] or {}).get("exposed", False)
        trump = after["trump"]
        now_exposed = trump is not None and trump["exposed"]
        if isinstance(action, CallTrump):
            self.say(f"{who} call{'' if seat == self.HUMAN else 's'} for the trump.")
        elif isinstance(action, Play):
            self.say(f"{who} play{'' if seat == self.HUMAN else 's'} {s.card(action.card)}")
        if was_hidden and now_exposed:
            card = Card.parse(trump["card"])
            holder = names[trump["holder"]]
            if isinstance(action, Play):
                self.say(f"  That was {_possessive(holder)} face-down card: the trump is "
                         "exposed, "
                         f"{_suit_name(trump['suit'])} are trumps.")
            else:
                self.say(f"  The trump is exposed: {_possessive(holder)} face-down card is "
                         f"{s.card(card)}, {_suit_name(trump['suit'])} are trumps.")
        if len(after["tricks"]) > len(before["tricks"]):
            t = after["tricks"][-1]
            pts = after["card_points"]
            winner = names[t["winner"]]
            self.say(f"  {s.arrow} {winner} win{'' if t['winner'] == self.HUMAN else 's'}"
                     f" trick {len(after['tricks'])} ({_plural(t['points'], 'point')}). "
                     f"Card points: {self.teams[0]} {pts[0]}, {self.teams[1]} {pts[1]}")

    def result_text(self, rnd: Round) -> str:
        return "\n".join(_result_lines(rnd, self.names, self.style))


def _cmd_play(args: argparse.Namespace) -> int:
    rs = lookup_ruleset(args.ruleset)
    seed = args.seed if args.seed is not None else random.randrange(MAX_SEED)
    return _Game(rs, seed, _Style(sys.stdout)).run()


# ---------------------------------------------------------------------- parser


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= value < MAX_SEED:
        raise argparse.ArgumentTypeError("a seed is a whole number from 0 to 2**64 - 1")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
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


def main(argv: list[str] | None = None) -> int:
    """Run the ``twentyeight`` command with ``argv`` (default: ``sys.argv[1:]``) and
    return its exit code: 0 on success, 2 for bad usage or an unknown ruleset."""
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
    except BrokenPipeError:
        # Output piped into a program that stopped reading (e.g. `| head`): stop quietly.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1
    return code


if __name__ == "__main__":
    sys.exit(main())
