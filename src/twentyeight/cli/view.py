"""The game told from seat 0's side of the table: what seat 0 may see when it is to
move, and what each move did, read from seat 0's view of the round (so the bots' cards
stay hidden)."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from ..actions import Action, Bid, CallTrump, LayTrump, NameTrump, Pass, Play, Redeal, SeventhCard
from ..cards import Card
from ..round import Phase, Round
from ..ruleset import Ruleset
from ..views import ContractView, SeatView, TrumpView
from .narrate import (
    _alone,
    _and,
    _bid_text,
    _call_verb,
    _Change,
    _contract_name,
    _effect,
    _pass_meaning,
    _plural,
    _possessive,
    _result_lines,
    _suit_name,
    _third_person,
    _times,
    _trumps,
    _window_title,
    seat_names,
    team_names,
)
from .streams import _printable
from .style import _line_width, _Style


class _ViewNarrator:
    """Says, on standard output, what seat :attr:`human` sees of a round and what each
    move did, from that seat's views alone."""

    def __init__(self, rs: Ruleset, style: _Style, human: int = 0) -> None:
        self.human = human
        """The seat whose views are shown: the person at the terminal."""
        self.rs = rs
        self.style = style
        self.n = rs.config.players
        self.names = seat_names(self.n, you=self.human)
        self.teams = team_names(self.names)
        self.plain_bids = rs.config.auction.denominations == (None,)

    def say(self, text: str = "") -> None:
        print(_printable(text, sys.stdout))
        note = self.style.copy_note()
        if note is not None:
            print(_printable(note, sys.stdout))

    def say_wrapped(self, text: str) -> None:
        """``text`` broken into lines that fit the terminal, the later ones indented."""
        for line in textwrap.wrap(text, _line_width() - 1, subsequent_indent="  ",
                                  break_on_hyphens=False):
            self.say(line)

    def v(self, seat: int, verb: str) -> str:
        """``verb`` said of ``seat``: ``you pass``, ``East passes``."""
        return verb if seat == self.human else _third_person(verb)

    def show(self, view: SeatView) -> None:
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
            self.say_wrapped(f"Auction so far: {calls or 'nobody has spoken'}")
        contract = view["contract"]
        if contract is not None and phase != "auction":
            self.say("Contract: " + self.contract_text(contract, view["trump"]))
        trump = view["trump"]
        if trump is not None:
            self.say("Trump: " + self.trump_text(trump))
        if phase == "calls" and view["calls"]:
            calls = ", ".join(f"{names[e['seat']]} {e['action']}" for e in view["calls"])
            self.say_wrapped(f"Calls since the auction: {calls}")
        shown = view.get("shown") or []
        for seat in sorted({e["seat"] for e in shown}):
            cards = [Card.parse(e["card"]) for e in shown if e["seat"] == seat]
            self.say(f"Shown by {names[seat]}: {s.cards(cards)}.")
        if view.get("sitting_out"):
            out = [names[x] for x in view["sitting_out"]]
            self.say(f"Sitting out: {_and(out)}.")
        if phase == "play":
            trick = view["trick"]["cards"]
            if trick:
                played = ", ".join(
                    f"{names[e['seat']]} " + ("a card face down" if e["card"] is None else
                                              s.card(Card.parse(e["card"]))
                                              + (" (face down)" if e.get("face_down") else ""))
                    for e in trick)
                self.say(f"Trick so far: {played}")
            else:
                self.say("You lead this trick.")
            pts = view["card_points"]
            self.say(f"Card points: {self.teams[0]} {pts[0]}, {self.teams[1]} {pts[1]}")
        hand = [Card.parse(c) for c in view["hand"]]
        self.say(f"Your hand: {s.cards(hand)}")

    def contract_text(self, contract: ContractView, trump: TrumpView | None) -> str:
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

    def trump_text(self, trump: TrumpView) -> str:
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
            name = self.rs.config.seventh_card_name
            return (f"hidden ({_possessive(holder)} unseen {name}, face down; "
                    "nobody knows it yet)")
        return f"hidden ({holder} {self.v(trump['holder'], 'hold')} the face-down card)"

    def show_moves(self, rnd: Round, legal: Sequence[Action]) -> None:
        s = self.style
        window = rnd.view(self.human).get("window") if rnd.phase is Phase.CALLS else None
        keywords = list(dict.fromkeys(a.keyword for a in rnd.legal_actions()))
        passing = f" ({_pass_meaning(self.rs, window, keywords)})" if window else ""

        def label(a: Action, text: str) -> str:
            return text + passing if isinstance(a, Pass) else text

        if legal:
            cells = [f"{k:>2}) {label(a, s.action(a))}" for k, a in enumerate(legal, 1)]
            visible = [f"{k:>2}) {label(a, str(a))}" for k, a in enumerate(legal, 1)]
            width = max(len(v) for v in visible) + 3
            per_row = max(1, (_line_width() - 2) // width)
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
            self.say_wrapped(f"Or type any bid: 'bid N D' with N from {low} to {high} and D "
                             f"one of {' '.join(names)}, e.g. 'bid {high} {names[-1]}'.")
        self.say_wrapped("Words you can type now: " + self.words(rnd, keywords) + ".")

    def words(self, rnd: Round, keywords: Sequence[str]) -> str:
        """The action words seat 0 may type at this point, each with an example where it
        takes more than the word, from the legal actions (not every word the game has)."""
        s = self.style
        out = []
        for keyword in keywords:
            first = next(a for a in rnd.legal_actions() if a.keyword == keyword)
            text = s.action(first)
            if text == keyword:
                out.append(f"'{keyword}'")
                continue
            # What parse() accepts without the word (see _Game.parse).
            if isinstance(getattr(first, "card", None), Card):
                bare = ", or just the card"
            elif isinstance(first, Bid):
                bare = ", or just the number" if self.plain_bids else \
                    f", or just '{text.split(None, 1)[1]}'"
            elif isinstance(first, NameTrump):
                bare = ", or just the suit"
            else:
                bare = ""
            out.append(f"'{keyword}' (e.g. '{text}'{bare})")
        return ", ".join(out)

    def say_call(self, seat: int, action: Action, before: SeatView,
                 after: SeatView) -> None:
        """A call of the auction (other than a bid or pass) or of a call window."""
        who = self.names[seat]
        verb = _call_verb(action)
        if verb is None:
            self.say(f"{who}: {action}{self.effect(before, after, worded=False)}")
            return
        said = f"{who} {self.v(seat, verb)}{self.effect(before, after, worded=True)}"
        if isinstance(action, Pass) and before["phase"] == "calls":
            # Seat 0's own choices are in its view; the others' are not ours to see.
            offered = [text.split()[0] for text in before.get("legal_actions", ())] \
                if seat == self.human else []
            said += f": {_pass_meaning(self.rs, before.get('window') or '', offered)}"
        self.say(said + ".")

    def effect(self, before: SeatView, after: SeatView, *, worded: bool) -> str:
        """What a call did, read from the views before and after it (see
        :func:`_effect`)."""
        # No contract reads as an empty one: nothing to compare before the auction ends.
        c0: Mapping[str, Any] = before["contract"] or {}
        c1: Mapping[str, Any] = after["contract"] or {}
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
        return _effect(change, lambda x: "you" if x == self.human else self.names[x],
                       lambda x: self.v(x, "play"), self.style, worded=worded)

    def narrate(self, rnd: Round, seat: int, action: Action, before: SeatView) -> None:
        """Say what just happened, from seat 0's side of the table."""
        names = self.names
        who = names[seat]
        after = rnd.view(self.human)
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
        if self.human in after.get("sitting_out", ()) \
                and self.human not in before.get("sitting_out", ()):
            self.say("You lay your hand down and sit out this hand.")

    def narrate_trump(self, seat: int, action: Action) -> None:
        s = self.style
        who = self.names[seat]
        if isinstance(action, LayTrump):
            if seat == self.human:
                self.say(f"You lay {s.card(action.card)} face down: "
                         f"{_trumps(action.card.suit, 'your')}.")
            else:
                self.say(f"{who} lays a card face down as the trump.")
        elif isinstance(action, NameTrump):
            if seat == self.human:
                self.say(f"You lay an indicator card face down: "
                         f"{_trumps(action.suit, 'your')}.")
            else:
                self.say(f"{who} lays an indicator card face down to name the trump.")
        elif isinstance(action, SeventhCard):
            self.say(f"{who} {self.v(seat, 'take')} the {self.rs.config.seventh_card_name} "
                     "dealt, unseen, as the face-down trump.")
        else:
            self.say(f"{who}: {action}")

    def narrate_play(self, seat: int, action: Action, before: SeatView,
                     after: SeatView) -> None:
        s = self.style
        names = self.names
        who = names[seat]
        if isinstance(action, CallTrump):
            self.say(f"{who} {self.v(seat, 'call')} for the trump.")
        elif isinstance(action, Play):
            # The card as this seat saw it: a cut face down may be unseen.
            ended = len(after["tricks"]) > len(before["tricks"])
            seen = (after["tricks"][-1] if ended else after["trick"])["cards"][-1]
            if seen["card"] is None:
                self.say(f"{who} {self.v(seat, 'play')} a card face down")
            else:
                self.say(f"{who} {self.v(seat, 'play')} {s.card(action.card)}"
                         + (" face down" if seen.get("face_down") else ""))
        else:
            self.say_call(seat, action, before, after)
        was_hidden = before["trump"] is None or not before["trump"]["exposed"]
        trump = after["trump"]
        if was_hidden and trump is not None and trump["exposed"] \
                and trump["marker"] != "open":
            holder = _possessive(names[trump["holder"]])
            # An exposed trump's suit is known to every seat.
            suit = trump.get("suit") or "?"
            card_text = trump.get("card")
            so_far = before["trick"]["cards"]
            # (The lead is never face down: its card is always seen.)
            cut_now = isinstance(action, Play) and bool(so_far) and \
                action.card.suit != Card.parse(str(so_far[0]["card"])).suit
            if trump.get("cut_mode") == "face-down" and (
                    cut_now or any(e.get("face_down") for e in so_far)):
                self.say(f"  A trump was cut face down: the trump is exposed, "
                         f"{_trumps(suit)}, and the cuts are turned up.")
            elif isinstance(action, Play):
                self.say(f"  That was {holder} face-down card: the trump is exposed, "
                         f"{_trumps(suit)}.")
            elif card_text:
                self.say(f"  The trump is exposed: {holder} face-down card is "
                         f"{s.card(Card.parse(card_text))}, {_trumps(suit)}.")
            else:
                self.say(f"  The trump is exposed: {holder} indicator shows "
                         f"{_suit_name(suit)}.")
        if len(after["tricks"]) > len(before["tricks"]):
            t = after["tricks"][-1]
            pts = after["card_points"]
            winner = names[t["winner"]]
            self.say(f"  {s.arrow} {winner} {self.v(t['winner'], 'win')}"
                     f" trick {len(after['tricks'])} ({_plural(t['points'], 'point')}). "
                     f"Card points: {self.teams[0]} {pts[0]}, {self.teams[1]} {pts[1]}")

    def result_text(self, rnd: Round) -> str:
        return "\n".join(_result_lines(rnd, self.names, self.style))
