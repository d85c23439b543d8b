"""The pair (royals): the King and Queen of trumps in one hand change the target.

Sources: 002 (pair rule, West Bengal, "other rules") and 004 (royals in 29). Once the
trump is exposed, a player holding both the King and Queen of trumps may show them with
``show-pair`` on their turn, before playing either. Shown by the bidder's side, the
target drops by 4; shown by the opponents, it rises by 4; the result is kept within the
ruleset's bid range (``pair_clamp``). When it may be shown is an option
(``pair_timing``): after the showing side has won a trick since the exposure (002's 28
text), or at any time after the exposure (004's 29). The West Bengal table
(``pair_table="west-bengal"``, 002): a bidding side whose bid is 16 to 18 may not show,
at 19 the target drops by 3, from 20 by 4.
"""

from __future__ import annotations

import functools
from typing import Any, ClassVar, Literal

import attrs
from attrs import frozen

from twentyeight.actions import Action
from twentyeight.cards import Deck
from twentyeight.config import RulesetConfig, one_of, typed
from twentyeight.errors import ConfigError
from twentyeight.plugins import AddPlugin, RulePlugin
from twentyeight.port import RoundPort

from .calls import ShowPair
from .sources import cite

PairTiming = Literal["after-winning-trick", "after-exposure"]
PairTable = Literal["standard", "west-bengal"]

_SHOW = ShowPair()


@functools.cache
def _pair_masks(deck: Deck) -> tuple[int, ...]:
    """The King and Queen of each suit of ``deck``, as bits, by suit index."""
    royals = deck.rank_mask("K") | deck.rank_mask("Q")
    return tuple(suit & royals for suit in deck.suit_mask)




@frozen
class PairRule(RulePlugin):
    """The pair plug-in. Its state in a round is ``(seat, change)`` once shown."""

    reads_hidden_cards: ClassVar[bool] = False
    """The pair is shown to everyone when it counts; nothing else reads cards."""

    play_moves_contract_only: ClassVar[bool] = True
    """Showing the pair moves the target and shows two cards: nothing in the play."""

    name: ClassVar[str] = "pair"
    action_kinds: ClassVar[tuple[type[Action], ...]] = (ShowPair,)
    option_fields: ClassVar[tuple[str, ...]] = ("pair_timing", "pair_table", "pair_clamp")

    pair_timing: PairTiming = attrs.field(
        default="after-winning-trick", validator=one_of("after-winning-trick",
                                                         "after-exposure"))
    """When a pair may be shown: after the showing side has won a trick since the trump
    was exposed (the exposing trick counts), or at any time after the exposure."""
    pair_table: PairTable = attrs.field(default="standard",
                                        validator=one_of("standard", "west-bengal"))
    """How much a pair changes the target: 4 either way, or West Bengal's table for
    the bidding side (bids 16-18 may not show, 19 gives 3, 20 and more 4)."""
    pair_clamp: bool = attrs.field(default=True, validator=typed(bool))
    """Keep the changed target within the bid range (off: it may reach 32, or 33 in
    29, or fall below the lowest bid)."""

    def describe(self) -> str:
        """The pair in words, with its timing and table."""
        when = ("once the trump is exposed" if self.pair_timing == "after-exposure" else
                "once the trump is exposed and their side has won a trick since")
        table = ("the bidding side's target drops by 4 (none at bids 16-18, 3 at 19), "
                 "the opponents' pair raises it by 4" if self.pair_table == "west-bengal"
                 else "the target moves by 4, down for the bidding side, up for the "
                      "opponents")
        return f"the pair: a player holding the King and Queen of trumps shows them {when}; " \
            + table

    def check(self, config: RulesetConfig) -> None:
        """One King and one Queen per suit are needed."""
        spec = config.deck
        if spec.copies != 1 or "K" not in spec.ranks or "Q" not in spec.ranks:
            raise ConfigError("the pair needs one pack with Kings and Queens "
                              f"({config.name!r} has {spec.copies} packs)")

    def change(self, rnd: RoundPort, seat: int) -> int | None:
        """How much ``seat`` showing the pair would change the target (``None``: it may
        not be shown by that seat's side)."""
        bidder = rnd.bidder
        bid = rnd.bid
        assert bidder is not None and bid is not None
        if (seat ^ bidder) & 1:
            return 4
        if self.pair_table == "west-bengal":
            if bid <= 18:
                return None
            return -3 if bid == 19 else -4
        return -4

    def _pair_mask(self, rnd: RoundPort) -> int:
        return _pair_masks(rnd.deck)[rnd.trump_suit_index]

    def _why_not(self, rnd: RoundPort, seat: int) -> tuple[str, str] | None:
        if rnd.plugin_state(self.name) is not None:
            return ("pair-already-shown", "the pair has been shown already")
        if not rnd.trump_exposed or rnd.trump_suit_index < 0:
            return ("pair-before-exposure", "a pair may be shown only once the trump is exposed")
        pair = self._pair_mask(rnd)
        if rnd.hand_mask(seat) & pair != pair:
            return ("pair-not-held", "you do not hold both the King and Queen of trumps")
        if self.change(rnd, seat) is None:
            return ("pair-bid-too-low", "with a bid of 18 or less the bidding side may not "
                                        "show a pair (West Bengal)")
        if self.pair_timing == "after-winning-trick":
            exposed = rnd.exposed_at
            assert exposed is not None
            team = seat & 1
            if not any(t.winner & 1 == team for t in rnd.tricks[exposed[0]:]):
                return ("pair-before-winning-trick",
                        "your side must win a trick after the exposure before showing a pair")
        return None

    def play_actions(self, rnd: RoundPort, seat: int) -> tuple[Action, ...]:
        """``show-pair`` when ``seat`` may show it now."""
        if self._why_not(rnd, seat) is not None or rnd.contract != "bid":
            return ()
        return (_SHOW,)

    def play_apply(self, rnd: RoundPort, seat: int, action: Action) -> None:
        """Change the target and show the two cards."""
        change = self.change(rnd, seat)
        target = rnd.target
        assert change is not None and target is not None
        new = target + change
        if self.pair_clamp:
            cfg = rnd.config
            new = max(cfg.min_bid, min(cfg.max_bid, new))
        rnd.set_target(new)
        rnd.show_cards(self._pair_mask(rnd))
        rnd.set_plugin_state(self.name, (seat, new - target))

    def refuse(self, rnd: RoundPort, seat: int, action: Action) -> tuple[str, str]:
        """The first condition that is not met."""
        if rnd.contract != "bid":
            return ("pair-no-trump", "there is no trump in this contract")
        return self._why_not(rnd, seat) or ("pair-not-allowed", "a pair may not be shown now")

    def view(self, rnd: RoundPort, seat: int) -> dict[str, Any] | None:
        """Who showed the pair, its cards and the change to the target."""
        state = rnd.plugin_state(self.name)
        if state is None:
            return None
        shower, change = state
        cards = [str(c) for c in rnd.deck.cards_of(self._pair_mask(rnd))]
        return {"shown_by": shower, "cards": cards, "change": change}

    def max_actions(self, config: RulesetConfig) -> int:
        """One show per hand."""
        return 1

    def all_actions(self, config: RulesetConfig) -> tuple[Action, ...]:
        """``show-pair``."""
        return (_SHOW,)

    def observation_size(self, config: RulesetConfig) -> int:
        """Who showed the pair, and the change."""
        return config.players + 1

    def observation_meaning(self, config: RulesetConfig) -> str:
        """For the spec."""
        return ("who showed the pair, relative to the seat; then the change to the "
                "target, over the points in play")

    def observe(self, rnd: RoundPort, seat: int) -> tuple[float, ...]:
        """The view's ``shown_by`` and ``change`` (its cards are in ``shown``)."""
        n = rnd.players
        out = [0.0] * (n + 1)
        state = rnd.plugin_state(self.name)
        if state is not None:
            shower, change = state
            out[(shower - seat) % n] = 1.0
            out[n] = change / (rnd.deck.total_points + rnd.config.last_trick_points)
        return tuple(out)


PAIR = AddPlugin(
    name="pair",
    description=("pair (royals): K+Q of trumps shown after exposure; "
                 "bidding side -4, opponents +4"),
    aliases=("royals", "marriage"),
    source=f"{cite('002')}; {cite('004')}",
    plugin=PairRule(),
)
"""The ``pair`` modifier, registered under the entry point ``pair``."""
