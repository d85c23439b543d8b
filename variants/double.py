"""Double and redouble, the auto-double and the "C".

Sources: 001 and 002 ("Keeping team score"). Once the trump is chosen and before the
rest of the deal, the bidder's opponents are asked in turn (from the bidder's right)
whether to ``double`` (x2); after a double, the bidder and then the partners may
``redouble`` (x4). With ``auto_double`` set (002: 21, or 20 where some play it), a bid
at or above it is already worth double; one double makes it x4 and nothing more. With
``c_call`` on, the bidder who is doubled while the bidding team shows no pips (its match
score is 0) may answer ``call-c``: the hand is played for six game points. The "C" is
not played with auto-double.
"""

from __future__ import annotations

from typing import ClassVar

import attrs
from attrs import frozen

from twentyeight.actions import Action, Pass
from twentyeight.config import RulesetConfig, optional_int, typed
from twentyeight.errors import ConfigError
from twentyeight.plugins import AddPlugin, RulePlugin, WindowEvent
from twentyeight.port import RoundPort

from .auctions import FORCED_UNDOUBLED_REFUSAL, forced_undoubled
from .calls import CallC, Double, Redouble
from .sources import cite

C_STAKE = 6
"""Game points a hand is played for after the "C"."""

_PASS = Pass()
_DOUBLE = Double()
_REDOUBLE = Redouble()
_C = CallC()



@frozen
class DoubleRule(RulePlugin):
    """The double/redouble plug-in. Its state in a round is ``(stage, seats still to
    ask)``, the stage being ``"double"`` or ``"redouble"``."""

    reads_hidden_cards: ClassVar[bool] = False
    """Doubling reads no cards."""

    name: ClassVar[str] = "double"
    action_kinds: ClassVar[tuple[type[Action], ...]] = (Double, Redouble, CallC)
    window: ClassVar[WindowEvent | None] = "trump-chosen"
    window_title: ClassVar[str] = "Doubling"
    window_declined: ClassVar[str] = "Nobody doubles."
    window_pass: ClassVar[str] = "no double"
    option_fields: ClassVar[tuple[str, ...]] = ("auto_double", "c_call")

    auto_double: int | None = attrs.field(default=None, validator=optional_int)
    """Bids at or above this are worth double already (one double more, x4, at most)."""
    c_call: bool = attrs.field(default=False, validator=typed(bool))
    """The doubled bidder, at 0 pips, may play the hand for six game points."""

    def check(self, config: RulesetConfig) -> None:
        """Not with an auction that doubles by itself; the options must agree."""
        if any(k in config.auction.action_kinds for k in (Double, Redouble)):
            raise ConfigError(f"{config.name!r} doubles and redoubles in its auction already")
        if not config.scoring.doubles:
            raise ConfigError(f"the {config.scoring.name} scoring of {config.name!r} "
                              "is not doubled")
        a = self.auto_double
        if a is not None and not config.min_bid <= a <= config.max_bid:
            raise ConfigError(f"auto_double {a} is outside the bid range "
                              f"{config.min_bid}-{config.max_bid}")
        if a is not None and self.c_call:
            raise ConfigError("the C is not played with auto-double (002)")
        if self.c_call and not config.scoring.stakes:
            raise ConfigError(f"the {config.scoring.name} scoring of "
                              f"{config.name!r} cannot play a hand for a fixed stake (the C)")

    def describe(self) -> str:
        """Doubling in words, with auto-double and the C when they are on."""
        text = ("doubling: once the trump is chosen an opponent may double (x2), then the "
                "bidding side redouble (x4)")
        if self.auto_double is not None:
            text += (f"; bids of {self.auto_double} or more are doubled already and may "
                     "be doubled once more (x4)")
        if self.c_call:
            text += "; a doubled bidder with no pips may play the hand for six (the C)"
        return text

    def _auto(self, rnd: RoundPort) -> bool:
        bid = rnd.bid
        return self.auto_double is not None and bid is not None and bid >= self.auto_double

    def open_window(self, rnd: RoundPort) -> int | None:
        """The opponents are asked first, from the bidder's right; the window stays shut
        on a forced No Trump that may not be doubled (``all_pass`` of the auction)."""
        if forced_undoubled(rnd):
            return None
        bidder = rnd.bidder
        assert bidder is not None
        if self._auto(rnd):
            rnd.set_multiplier(2)
        n = rnd.players
        opponents = tuple((bidder + k) % n for k in range(1, n) if k % 2)
        rnd.set_plugin_state(self.name, ("double", opponents[1:]))
        return opponents[0]

    def _may_call_c(self, rnd: RoundPort, seat: int) -> bool:
        scores = rnd.scores
        return (self.c_call and seat == rnd.bidder
                and (scores is None or scores[seat & 1] == 0))

    def window_actions(self, rnd: RoundPort, seat: int) -> tuple[Action, ...]:
        """Double or pass; after a double, redouble (or the C) or pass."""
        stage, _ = rnd.plugin_state(self.name)
        if stage == "double":
            return (_DOUBLE, _PASS)
        if self._may_call_c(rnd, seat):
            return (_REDOUBLE, _C, _PASS)
        return (_REDOUBLE, _PASS)

    def window_apply(self, rnd: RoundPort, seat: int, action: Action) -> int | None:
        """Raise the stake and move on; a redouble or C closes the window."""
        stage, waiting = rnd.plugin_state(self.name)
        if isinstance(action, Double):
            rnd.set_multiplier(rnd.multiplier * 2)
            if self._auto(rnd):
                return None  # already worth 2: one double to 4, never more
            bidder = rnd.bidder
            assert bidder is not None
            n = rnd.players
            side = tuple((bidder + k) % n for k in range(0, n, 2))
            rnd.set_plugin_state(self.name, ("redouble", side[1:]))
            return side[0]
        if isinstance(action, Redouble):
            rnd.set_multiplier(4)
            return None
        if isinstance(action, CallC):
            rnd.set_multiplier(1)
            rnd.set_stake(C_STAKE)
            return None
        if not waiting:
            return None
        rnd.set_plugin_state(self.name, (stage, waiting[1:]))
        return int(waiting[0])

    def refuse(self, rnd: RoundPort, seat: int, action: Action) -> tuple[str, str]:
        """Why a double, redouble or C is not allowed now."""
        if rnd.window != self.name and forced_undoubled(rnd):
            return FORCED_UNDOUBLED_REFUSAL
        if rnd.window != self.name:
            return ("double-only-after-trump",
                    "doubling happens once the trump is chosen, before the rest of the deal")
        stage, _ = rnd.plugin_state(self.name)
        if isinstance(action, Double):
            return ("already-doubled", "the contract is doubled already")
        if isinstance(action, Redouble) and self._auto(rnd):
            return ("no-redouble", "a bid worth double already may be doubled once, no more")
        if stage == "double":
            return ("nothing-doubled", "the bidder's side answers only a double")
        if isinstance(action, CallC):
            return ("c-not-allowed",
                    "only the bidder, doubled while the bidding team shows no pips, may call C")
        return ("no-redouble", "a bid worth double already may be doubled once, no more")

    def max_actions(self, config: RulesetConfig) -> int:
        """Everyone may be asked twice at most."""
        return 2 * config.players

    def all_actions(self, config: RulesetConfig) -> tuple[Action, ...]:
        """``double``, ``redouble`` and ``call-c`` (the window's ``pass`` is the
        auction's)."""
        return (_DOUBLE, _REDOUBLE, _C)


DOUBLE = AddPlugin(
    name="double",
    description=("double / redouble after the trump is chosen (x2 / x4); "
                 "auto-double and the C as options"),
    aliases=("redouble", "doubling"),
    source=f"{cite('001')}; {cite('002')}",
    plugin=DoubleRule(),
)
"""The ``double`` modifier, registered under the entry point ``double``."""
