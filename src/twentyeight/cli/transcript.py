"""The demo's transcript: a finished round replayed from its deal and told with every
hand shown, the auction, the trump, the calls and each trick on one row."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..actions import Action, Bid, CallTrump, LayTrump, NameTrump, Pass, Play, Redeal, SeventhCard
from ..cards import Card
from ..round import Phase, Round
from ..ruleset import Ruleset
from .narrate import (
    _alone,
    _and,
    _bid_text,
    _call_verb,
    _Change,
    _effect,
    _pass_meaning,
    _possessive,
    _result_lines,
    _suit_name,
    _third_person,
    _times,
    _trumps,
    _window_declined,
    _window_title,
    seat_list,
    seat_names,
    short_names,
    team_names,
)
from .style import _Style


def _points(cards: Sequence[Card], rs: Ruleset) -> int:
    deck = rs.deck
    return sum(deck.points[deck.ids[c]] for c in cards)


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
        # The copy mark's note ends the section where a copy was first shown, so that
        # it does not split a table of hands.
        note = self.style.copy_note() if not line else None
        if note is not None:
            self.lines.append(note)
        self.lines.append(line)

    def render(self) -> list[str]:
        rnd, s = self.rnd, self.style
        names, teams = self.names, self.teams
        # (Where the auction starts elsewhere, as Thunee's, say so: "Opener" alone
        # read as the first to bid.)
        first = next((s for s, a in rnd.history if a.keyword in ("bid", "pass")),
                     rnd.opener)
        starts = "" if first == rnd.opener else f"First to bid: {names[first]}    "
        self.say(f"Dealer: {names[rnd.dealer]}    {starts}Opener: {names[rnd.opener]}    "
                 f"Teams: {teams[0]} against {teams[1]}")
        self.say(f"Seats, counter-clockwise: {seat_list(self.n)}")
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
                    bids = cfg.describe_bids().replace(" to ", s.dash, 1)
                    self.say(f"Auction (bids {bids})")
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
                     f"({_trumps(action.card.suit)}, hidden until exposed).")
        elif isinstance(action, NameTrump):
            self.say(f"Trump: {who} names {_suit_name(action.suit)} with an indicator card "
                     "laid face down (hidden until exposed).")
        elif isinstance(action, SeventhCard):
            cfg = self.rs.config
            line = (f"Trump: {who} takes the {cfg.seventh_card_name} dealt, unseen by "
                    "everyone, as the face-down trump")
            deal = self.rnd.deal[seat]
            position = cfg.trump.undealt_position()
            if len(deal) >= position:
                card = deal[position - 1]
                line += f": it is {s.card(card)} ({_trumps(card.suit)}, hidden until exposed)"
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
        if isinstance(action, Pass) and b.phase is Phase.CALLS:
            text += f": {_pass_meaning(self.rs, b.window or '')}"
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
            own_trump=self.rnd.contract == a.contract != "bid"
            and self.rnd.trump_suit is not None,
        )
        return _effect(change, self.names.__getitem__, lambda _seat: "plays", self.style,
                       worded=worded)

    def play_step(self, step: _Step) -> None:
        names = self.names
        seat, action, b, a = step.seat, step.action, step.before, step.after
        who = names[seat]
        if isinstance(action, Play):
            card = action.card
            if b.trick_cards == 0:
                self.led = card.suit
            cut = b.trick_cards > 0 and card.suit != self.led
            self.pending.append((seat, card))
            if not b.exposed and a.exposed:
                self.notes.append(self.turned_up(who, card, b, cut))
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
        trump = self.final["trump"]
        return trump is not None and trump["marker"] == "seventh-card"

    def cuts_face_down(self) -> bool:
        """True if a void player's card went face down (304's cuts): the trump's view
        says so."""
        trump = self.final["trump"]
        return trump is not None and trump.get("cut_mode") == "face-down"

    def turned_up(self, who: str, card: Card, b: _Snap, cut: bool) -> str:
        """What a card play that exposed the trump did: the face-down card played face
        up, a trump among the cards cut face down (``cut_mode`` ``face-down``), the
        first card of a contract whose trump it sets (Thunee), or a rule that turns the
        trump up after a card (Thunee's first card) or as the trick ends (304's high
        contracts)."""
        s = self.style
        if card == b.concealed and not (cut and self.cuts_face_down()):
            what = f"face-down {self.rs.config.seventh_card_name}" if self.seventh() \
                else "face-down trump"
            return f"{who} plays the {what} {s.card(card)}: {_trumps(card.suit)}."
        trump = self.rnd.trump_suit or "?"
        cards = [c for _, c in self.pending]
        if self.cuts_face_down() and any(
                c.suit == trump and c.suit != cards[0].suit for c in cards[1:]):
            return f"A trump among the cards cut face down turns it up: {_trumps(trump)}."
        if self.rnd.contract != "bid":
            return f"{who}'s first card sets the trump: {_trumps(trump)}."
        at = self.rnd.exposed_at
        if at is not None and at[1] == len(cards) < self.rnd.ruleset.config.players:
            return f"The trump is turned up after that card: {self.reveal(b)}."
        return f"The trump is turned up as the trick ends: {self.reveal(b)}."

    def reveal(self, b: _Snap) -> str:
        """What turning up the trump shows."""
        names, s = self.names, self.style
        holder = names[b.bidder] if b.bidder is not None else "the bidder"
        trumps = _trumps(self.rnd.trump_suit or "?")
        if b.concealed is not None:
            what = f"face-down {self.rs.config.seventh_card_name}" if self.seventh() \
                else "face-down"
            return f"{_possessive(holder)} {what} {s.card(b.concealed)} is turned up, {trumps}"
        if self.rs.config.trump_marker == "indicator":
            return f"{holder} shows the indicator: {trumps}"
        return trumps

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
