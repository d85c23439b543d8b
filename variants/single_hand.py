"""Single hand (thani): one player undertakes to win every trick alone, without trumps.

Source: 002 ("Single Hand"; 40's Thani). After all cards are dealt and before the lead
to the first trick, each player in turn from the opener may declare ``single-hand`` or
``pass``; the first to declare plays it. There is no trump (a face-down trump card goes
back to its holder's hand), the declarer leads, and the declarer's partners lay their
hands down and take no part. The hand ends as soon as the declarer loses a trick. The
scoring system says what it is worth: 3 game points either way in pips (28), 4 to the
declarer's side or 5 to the other in 40's bands. A single hand replaces the contract, a
double included.
"""

from __future__ import annotations

from typing import Any, ClassVar

from attrs import frozen

from twentyeight.actions import Action, Pass
from twentyeight.config import RulesetConfig
from twentyeight.errors import ConfigError
from twentyeight.plugins import AddPlugin, RulePlugin, WindowEvent
from twentyeight.port import RoundPort

from .calls import SingleHand
from .scoring import SINGLE_HAND
from .sources import cite

_CHOICES: tuple[Action, ...] = (SingleHand(), Pass())


@frozen
class SingleHandRule(RulePlugin):
    """The single-hand plug-in. Its state in a round is how many seats have been asked."""

    reads_hidden_cards: ClassVar[bool] = False
    """Declaring a single hand reads no cards."""

    name: ClassVar[str] = SINGLE_HAND
    action_kinds: ClassVar[tuple[type[Action], ...]] = (SingleHand,)
    window: ClassVar[WindowEvent | None] = "before-play"
    window_title: ClassVar[str] = "Single hand"
    window_declined: ClassVar[str] = "Nobody declares a single hand."
    window_pass: ClassVar[str] = "no single hand"

    def describe(self) -> str:
        """The single hand in words."""
        return ("the single hand: before the first lead a player may declare to win "
                "every trick alone, without trumps, the partners sitting out")

    def check(self, config: RulesetConfig) -> None:
        """The scoring system must say what a single hand is worth."""
        if config.scoring.single_hand is None:
            raise ConfigError(f"the {config.scoring.name} scoring of "
                              f"{config.name!r} gives no value for a single hand")

    def open_window(self, rnd: RoundPort) -> int | None:
        """Every player is asked, from the opener round the table."""
        rnd.set_plugin_state(self.name, 1)
        return rnd.opener

    def window_actions(self, rnd: RoundPort, seat: int) -> tuple[Action, ...]:
        """Declare or pass."""
        return _CHOICES

    def all_actions(self, config: RulesetConfig) -> tuple[Action, ...]:
        """``single-hand`` (the window's ``pass`` is the auction's)."""
        return _CHOICES[:1]

    def window_apply(self, rnd: RoundPort, seat: int, action: Action) -> int | None:
        """The first declaration wins; otherwise the next player is asked."""
        if isinstance(action, SingleHand):
            rnd.begin_every_trick_contract(seat, SINGLE_HAND)
            return None
        asked = rnd.plugin_state(self.name)
        if asked >= rnd.players:
            return None
        rnd.set_plugin_state(self.name, asked + 1)
        return (seat + 1) % rnd.players

    def refuse(self, rnd: RoundPort, seat: int, action: Action) -> tuple[str, str]:
        """A single hand is declared only before the first lead."""
        return ("single-hand-only-before-play",
                "a single hand is declared after the deal and before the first lead")

    def view(self, rnd: RoundPort, seat: int) -> dict[str, Any] | None:
        """The declarer, once there is one."""
        if rnd.contract != SINGLE_HAND:
            return None
        return {"declarer": rnd.bidder}


SINGLE_HAND_MODIFIER = AddPlugin(
    name=SINGLE_HAND,
    description=("single hand (thani): declared before the first lead, "
                 "no trump, alone for every trick"),
    aliases=("thani", "single"),
    source=cite("002"),
    plugin=SingleHandRule(),
)
"""The ``single-hand`` modifier, registered under the entry point ``single-hand``."""
