"""Thunee's calls (R17-R20 of ``docs/rules/thunee-requirements.md``): Thunee and Royals
before the first lead, Double and Khanaak in the last trick.

Thunee and Royals make an every-trick contract whose partner plays, whose trump is the
suit of the caller's first lead and (Royals) whose suits rank upside down; Double and
Khanaak decide the hand's balls themselves (:meth:`RulePlugin.settle
<twentyeight.plugins.RulePlugin.settle>`). They are used by the ``thunee`` preset
(``twentyeight_variants.thunee``), and any ruleset with a scoring system that values an
every-trick contract can carry them.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar, Literal

from attrs import field, frozen

from twentyeight.actions import Action, Pass
from twentyeight.config import RulesetConfig, one_of, typed
from twentyeight.errors import ConfigError
from twentyeight.plugins import RulePlugin, WindowEvent
from twentyeight.port import RoundPort

from .calls import CallDouble, CallKhanaak, CallRoyals, CallThunee
from .single_hand import SingleHandRule

__all__ = ["ROYALS_CALL", "ROYALS_ORDER", "THUNEE_CALL", "CallDouble", "CallKhanaak",
           "CallRoyals", "CallThunee", "KhanaakMode", "LastTrickCalls", "ThuneeCaller",
           "ThuneeCalls", "ThuneeTrump"]


ThuneeCaller = Literal["anyone", "trumper-team"]
"""Who may call Thunee or Royals: any player (the trumper's team asked first), or only
the trumper's team."""

ThuneeTrump = Literal["first-lead", "none"]
"""The trump of a Thunee: the suit of the caller's first lead, or none."""

THUNEE_CALL = "thunee"
"""The contract of a Thunee call (and the call plug-in's name)."""
ROYALS_CALL = "royals"
"""The contract of a Royals call."""
ROYALS_ORDER = ("Q", "K", "10", "A", "9", "J")
"""R18: the rank order of a Royals hand, high to low (Thunee's order upside down)."""

_PASS = Pass()


@frozen
class ThuneeCalls(RulePlugin):
    """Thunee's own calls (R17, R18; T3, T4, T8): once all six cards are dealt and
    before the first lead, a player may call **Thunee**, undertaking to win every trick
    himself; or **Royals**, the same with every suit ranked upside down. The trumper is
    asked first, then his partner, then the opponents from the trumper's right: the
    first call stands, so that a call of the trumper's team comes before the other
    team's (T4: the trumper's team has the first right). A player holding six cards of
    one suit may not call (T3, T8). The call replaces the contract and the trump made:
    the caller leads, the partner plays, the suit of the caller's first card is trumps
    (``thunee_trump``), and the hand ends at the first trick the caller does not win.
    Its state in a round is how many seats have been asked."""

    reads_hidden_cards: ClassVar[bool] = False
    """Whether a call is allowed reads only the caller's own cards."""

    name: ClassVar[str] = THUNEE_CALL
    contracts: ClassVar[tuple[str, ...]] = (ROYALS_CALL,)
    action_kinds: ClassVar[tuple[type[Action], ...]] = (CallThunee, CallRoyals)
    window: ClassVar[WindowEvent | None] = "before-play"
    window_title: ClassVar[str] = "Thunee"
    window_declined: ClassVar[str] = "Nobody calls Thunee or Royals."
    window_pass: ClassVar[str] = "no Thunee"
    option_fields: ClassVar[tuple[str, ...]] = ("royals", "thunee_caller", "thunee_trump")

    SIX_OF_A_SUIT: ClassVar[str] = "thunee-six-of-a-suit"
    """The rule id of a call with six cards of one suit."""

    royals: bool = field(default=True, validator=typed(bool))
    """Royals may be called (T3; T8 leaves it out)."""
    thunee_caller: ThuneeCaller = field(default="anyone",
                                        validator=one_of("anyone", "trumper-team"))
    """Who may call."""
    thunee_trump: ThuneeTrump = field(default="first-lead",
                                      validator=one_of("first-lead", "none"))
    """The trump of the call: the suit of the caller's first card (T3, T4), or none."""

    def describe(self) -> str:
        """The calls in words."""
        who = "any player" if self.thunee_caller == "anyone" else "the trumper's team"
        trump = ("the suit of the caller's first card is trumps"
                 if self.thunee_trump == "first-lead" else "no trumps")
        royals = "; or Royals, the same with every suit ranked Q K 10 A 9 J" \
            if self.royals else ""
        return (f"Thunee: before the first lead {who} may undertake to win every trick "
                f"himself (the trumper's team first), the partner playing; {trump}"
                + royals)

    def check(self, config: RulesetConfig) -> None:
        """The scoring system must value an every-trick call; Royals needs its ranks."""
        if config.scoring.single_hand is None:
            raise ConfigError(f"the {config.scoring.name} scoring of {config.name!r} "
                              "gives no value for a Thunee")
        if any(isinstance(p, SingleHandRule) for p in config.plugins):
            raise ConfigError(f"Thunee is the single hand of {config.name!r}: the "
                              "single-hand modifier does not combine with it")
        if self.royals and sorted(config.deck.ranks) != sorted(ROYALS_ORDER):
            raise ConfigError(f"Royals ranks Q K 10 A 9 J: the pack of {config.name!r} "
                              "has other ranks")

    def _order(self, rnd: RoundPort) -> tuple[int, ...]:
        """The seats asked, in order: the trumper, his partner, then the opponents from
        the trumper's right (or only the trumper's team)."""
        bidder = rnd.bidder
        assert bidder is not None
        n = rnd.players
        team = (bidder, (bidder + 2) % n)
        if self.thunee_caller == "trumper-team":
            return team
        return (*team, (bidder + 1) % n, (bidder + 3) % n)

    def _six_of_a_suit(self, rnd: RoundPort, seat: int) -> bool:
        hand = rnd.hand_mask(seat)
        return any(hand & ~suit == 0 for suit in rnd.deck.suit_mask)

    def open_window(self, rnd: RoundPort) -> int | None:
        """The trumper is asked first."""
        rnd.set_plugin_state(self.name, 1)
        return self._order(rnd)[0]

    def window_actions(self, rnd: RoundPort, seat: int) -> tuple[Action, ...]:
        """Thunee, Royals (if played) or pass; only pass with six of a suit."""
        if self._six_of_a_suit(rnd, seat):
            return (_PASS,)
        if self.royals:
            return (CallThunee(), CallRoyals(), _PASS)
        return (CallThunee(), _PASS)

    def window_apply(self, rnd: RoundPort, seat: int, action: Action) -> int | None:
        """A call makes the contract; a pass asks the next seat."""
        if isinstance(action, CallThunee | CallRoyals):
            royals = isinstance(action, CallRoyals)
            rnd.begin_every_trick_contract(seat, ROYALS_CALL if royals else THUNEE_CALL,
                                           partners_play=True,
                                           rank_order=ROYALS_ORDER if royals else None)
            return None
        order = self._order(rnd)
        asked: int = rnd.plugin_state(self.name)
        if asked >= len(order):
            return None
        rnd.set_plugin_state(self.name, asked + 1)
        return order[asked]

    def after_card(self, rnd: RoundPort, seat: int) -> None:
        """The caller's first card makes its suit trumps (``thunee_trump``)."""
        if rnd.contract in (THUNEE_CALL, ROYALS_CALL) and self.thunee_trump == "first-lead" \
                and not rnd.tricks_played and len(rnd.trick_cards) == 1:
            rnd.open_trump(rnd.current_trick[0][1].suit)

    def position_key(self, rnd: RoundPort) -> None:
        """Nothing: the contract and its trump are the round's own."""
        return None

    def refuse(self, rnd: RoundPort, seat: int, action: Action) -> tuple[str, str]:
        """Why the call is not allowed."""
        if rnd.window != self.name:
            return ("thunee-only-before-play",
                    "Thunee and Royals are called after the deal, before the first lead")
        if isinstance(action, CallRoyals) and not self.royals:
            return ("royals-not-played", "Royals is not played in this ruleset")
        return (self.SIX_OF_A_SUIT, "a player holding six cards of one suit may not call")

    def view(self, rnd: RoundPort, seat: int) -> dict[str, Any] | None:
        """The caller and the call, once made."""
        if rnd.contract not in (THUNEE_CALL, ROYALS_CALL):
            return None
        return {"caller": rnd.bidder, "call": rnd.contract}

    def max_actions(self, config: RulesetConfig) -> int:
        """One call or a pass from each seat."""
        return config.players

    def all_actions(self, config: RulesetConfig) -> tuple[Action, ...]:
        """``thunee`` and ``royals`` (the window's ``pass`` is the auction's)."""
        return (CallThunee(), CallRoyals()) if self.royals else (CallThunee(),)


KhanaakMode = Literal["strict", "simple"]
"""When a Khanaak succeeds: ``strict`` (T8's default: the caller's team has lost a
trick, the caller wins the last one, and the team's Jodhi + 10 exceeds the other team's
card points and Jodhi) or ``simple`` (the caller's team wins the last trick and the
other team's card points are below its Jodhi + 10)."""


@frozen
class LastTrickCalls(RulePlugin):
    """Thunee's calls in the last trick (R19, R20; T8, T9): on his turn in the sixth
    trick, before playing, a player may call **Double** if his team won the first five
    tricks (not for a team one ball short of the match target), or **Khanaak** if his
    team has announced a Jodhi. One call a hand; none under Thunee or Royals. The call
    decides the hand's balls (:meth:`settle`): Double won (the caller takes the last
    trick) ``double_won`` to his team, else ``double_lost`` to the other; Khanaak won
    ``khanaak_won`` (``khanaak_backward`` when the caller is on the counting team),
    else ``khanaak_lost`` to the other. Its state in a round is ``(call, seat)``."""

    reads_hidden_cards: ClassVar[bool] = False
    """The calls read the tricks and the announcements, all public."""

    name: ClassVar[str] = "last-trick-calls"
    action_kinds: ClassVar[tuple[type[Action], ...]] = (CallDouble, CallKhanaak)
    option_fields: ClassVar[tuple[str, ...]] = ("double", "khanaak", "khanaak_mode")

    double: bool = field(default=True, validator=typed(bool))
    """Double may be called (T8, T9)."""
    khanaak: bool = field(default=True, validator=typed(bool))
    """Khanaak may be called (T8, T9)."""
    khanaak_mode: KhanaakMode = field(default="strict", validator=one_of("strict", "simple"))
    """When a Khanaak succeeds."""
    double_won: int = field(default=2, validator=typed(int))
    """Balls for a Double won."""
    double_lost: int = field(default=4, validator=typed(int))
    """Balls to the other team for a Double lost."""
    khanaak_won: int = field(default=3, validator=typed(int))
    """Balls for a Khanaak won by the trumper's team."""
    khanaak_backward: int = field(default=6, validator=typed(int))
    """Balls for a Khanaak won by the counting team (a "backward" Khanaak)."""
    khanaak_lost: int = field(default=4, validator=typed(int))
    """Balls to the other team for a Khanaak lost."""
    announcements: str = field(default="jodhi", validator=typed(str))
    """The announcements plug-in whose Jodhi a Khanaak needs."""

    DOUBLE_RULE: ClassVar[str] = "double-needs-five-tricks"
    """The rule id of a Double without the first five tricks."""
    KHANAAK_RULE: ClassVar[str] = "khanaak-needs-jodhi"
    """The rule id of a Khanaak without a Jodhi."""

    def describe(self) -> str:
        """The calls in words."""
        parts = []
        if self.double:
            parts.append(f"Double by a team that won the first five tricks: "
                         f"{self.double_won} balls if the caller wins the last, else "
                         f"{self.double_lost} to the other team")
        if self.khanaak:
            parts.append(f"Khanaak ({self.khanaak_mode}) by a team that announced a "
                         f"Jodhi: {self.khanaak_won} balls ({self.khanaak_backward} for "
                         f"the counting team), else {self.khanaak_lost} to the other team")
        return "in the last trick, before playing: " + "; ".join(parts)

    def check(self, config: RulesetConfig) -> None:
        """Khanaak reads the announcements plug-in it names."""
        if self.khanaak and not any(p.name == self.announcements for p in config.plugins):
            raise ConfigError(f"Khanaak needs the {self.announcements!r} announcements "
                              f"in {config.name!r}")

    def _jodhi(self, rnd: RoundPort) -> tuple[int, int]:
        """Each team's announced value."""
        totals = [0, 0]
        made = rnd.plugin_state(self.announcements, ((), 0))[0]
        for seat, _, _, value in made:
            totals[seat % 2] += value
        return totals[0], totals[1]

    def _why_not(self, rnd: RoundPort, seat: int, action: Action) -> tuple[str, str] | None:
        if rnd.contract != "bid":
            return ("last-trick-call-contract", "there is no Double or Khanaak under "
                    "Thunee or Royals")
        if rnd.plugin_state(self.name) is not None:
            return ("last-trick-call-made", "a Double or Khanaak has been called already")
        if rnd.tricks_played != rnd.config.tricks - 1:
            return ("last-trick-call-too-early", "Double and Khanaak are called in the "
                    "last trick, on your turn before playing")
        team = seat % 2
        if isinstance(action, CallDouble):
            if not self.double:
                return ("double-not-played", "Double is not played in this ruleset")
            if any(t.winner % 2 != team for t in rnd.tricks):
                return (self.DOUBLE_RULE, "Double needs your team to have won the first "
                        "five tricks")
            target = getattr(rnd.config.scoring, "match_target", None)
            scores = rnd.scores
            if isinstance(target, int) and scores is not None and scores[team] == target - 1:
                return ("double-one-ball-short", "a team one ball short of the match "
                        "may not call Double")
            return None
        if not self.khanaak:
            return ("khanaak-not-played", "Khanaak is not played in this ruleset")
        if not self._jodhi(rnd)[team]:
            return (self.KHANAAK_RULE, "Khanaak needs a Jodhi announced by your team")
        return None

    def play_actions(self, rnd: RoundPort, seat: int) -> tuple[Action, ...]:
        """``call-double`` or ``khanaak`` on ``seat``'s turn in the last trick, where
        allowed."""
        if rnd.tricks_played != rnd.config.tricks - 1 or rnd.contract != "bid":
            return ()
        return tuple(a for a in (CallDouble(), CallKhanaak())
                     if self._why_not(rnd, seat, a) is None)

    def play_apply(self, rnd: RoundPort, seat: int, action: Action) -> None:
        """Record the call; the seat still plays its card."""
        rnd.set_plugin_state(self.name, (action.keyword, seat))

    def refuse(self, rnd: RoundPort, seat: int, action: Action) -> tuple[str, str]:
        """The first condition not met."""
        return self._why_not(rnd, seat, action) or ("last-trick-call-not-allowed",
                                                    f"{action} is not allowed now")

    def settle(self, rnd: RoundPort) -> tuple[int, ...] | None:
        """The balls of a Double or Khanaak called this hand."""
        state = rnd.plugin_state(self.name)
        if state is None:
            return None
        call, seat = state
        team = seat % 2
        last = rnd.tricks[-1].winner
        if call == CallDouble.keyword:
            won, balls = last == seat, (self.double_won, self.double_lost)
        else:
            jodhi = self._jodhi(rnd)
            mine = jodhi[team] + 10
            theirs = rnd.card_points[1 - team]
            if self.khanaak_mode == "strict":
                lost_one = any(t.winner % 2 != team for t in rnd.tricks)
                won = lost_one and last == seat and mine > theirs + jodhi[1 - team]
            else:
                won = last % 2 == team and theirs < mine
            bidder = rnd.bidder
            backward = bidder is not None and team != bidder % 2
            balls = (self.khanaak_backward if backward else self.khanaak_won,
                     self.khanaak_lost)
        winner = team if won else 1 - team
        points = balls[0] if won else balls[1]
        return tuple(points if t == winner else 0 for t in range(2))

    def position_key(self, rnd: RoundPort) -> Hashable:
        """The call made, and which team won each trick (whether Double may be called)."""
        return rnd.plugin_state(self.name), tuple(t.winner % 2 for t in rnd.tricks)

    def view(self, rnd: RoundPort, seat: int) -> dict[str, Any] | None:
        """The call and its caller, once made."""
        state = rnd.plugin_state(self.name)
        if state is None:
            return None
        return {"call": state[0], "seat": state[1]}

    def max_actions(self, config: RulesetConfig) -> int:
        """One call a hand."""
        return 1

    def all_actions(self, config: RulesetConfig) -> tuple[Action, ...]:
        """``call-double`` and ``khanaak``."""
        return (CallDouble(), CallKhanaak())

    def observation_size(self, config: RulesetConfig) -> int:
        """Who called Double, who called Khanaak."""
        return 2 * config.players

    def observation_meaning(self, config: RulesetConfig) -> str:
        """For the spec."""
        return ("who called Double, then who called Khanaak, relative to the observing "
                "seat, one-hot")

    def observe(self, rnd: RoundPort, seat: int) -> tuple[float, ...]:
        """The view's call, one-hot."""
        n = rnd.players
        out = [0.0] * (2 * n)
        state = rnd.plugin_state(self.name)
        if state is not None:
            call, who = state
            out[(0 if call == CallDouble.keyword else n) + (who - seat) % n] = 1.0
        return tuple(out)
