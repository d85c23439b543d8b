"""Veiled 28: classic 28 with three house rules of this package's own, a third-party
plug-in that uses only the library's public names.

- **Veiled discards** (a trump part): while the trump is concealed, a card that does not
  follow suit is played face down, seen by its player alone; every face-down card of a
  trick is turned up once the trick is complete, before it is won. The others do not
  know, until then, what a player void in the suit led threw. A trick is won as in 28.
- **Trumps broken** (a rule): once the trump is exposed, nobody may lead a trump while
  holding a card of another suit, until a trump has been played to an earlier trick.
- **Shown at half time** (a rule): a trump still concealed when the fourth trick is
  complete is turned up then.

Each rule tells the resampler what a seat may infer from it (``infer``), so a resample
stays a direct draw."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs
from attrs import frozen
from twentyeight_variants.classic import CONFIG_28

from twentyeight import Action, Ruleset
from twentyeight.plugins import RulePlugin
from twentyeight.trump import HandCardTrump

if TYPE_CHECKING:
    from twentyeight import RulesetConfig
    from twentyeight.inference import Facts, Seen
    from twentyeight.plugins import Why
    from twentyeight.port import RoundPort

__all__ = ["VEILED", "Boast", "BoastRule", "ShownAtHalfTime", "TrumpsBroken",
           "VeiledDiscards"]


@frozen
class VeiledDiscards(HandCardTrump):
    """28's concealed trump card, with discards face down until the trick is complete."""

    @property
    def hides_cards(self) -> bool:
        """Discards go face down."""
        return True

    def active_hooks(self) -> frozenset[str]:
        """The hand-card's hooks, and :meth:`on_play` and :meth:`on_trick`."""
        return super().active_hooks() | {"on_play", "on_trick"}

    def on_play(self, rnd: RoundPort, seat: int, cid: int) -> bool:
        """A card off the suit led goes face down, seen by its player alone (not the
        bidder's face-down trump card: playing it exposes the trump, as in 28)."""
        led = rnd.led_suit
        if led < 0 or rnd.deck.suit_of[cid] == led or cid == rnd.trump_card:
            return False
        rnd.hide(1 << cid, seen_by=1 << seat)
        return True

    def on_trick(self, rnd: RoundPort) -> None:
        """The trick is complete: its face-down cards are turned up for everyone."""
        in_trick = sum(1 << c for c in rnd.trick_cards)
        rnd.reveal(rnd.down_mask & in_trick)

    def infer(self, rnd: RoundPort, seat: int, facts: Facts) -> None:
        """Besides the concealed trump's facts: a card of the trick in progress that
        ``seat`` has not seen lies face down, its player's, of no card of the suit led,
        which that player no longer held."""
        super().infer(rnd, seat, facts)
        deck = rnd.deck
        history = rnd.history
        for s in facts.plays:
            if s.card >= 0 or s.call:
                continue
            led = deck.suit_mask[s.led]
            facts.none_of(s.who, led, s.at)
            played = history[s.at][1].card  # type: ignore[attr-defined]
            facts.place(deck.card_id(played), s.who, s.at, seen_by=1 << s.who, forbid=led)


def _broken_before(plays: tuple[Seen, ...], trumps: int, trick: int) -> bool:
    """Whether a card of ``trumps`` was seen played to a trick before trick ``trick``."""
    return any(s.trick < trick and s.card >= 0 and trumps >> s.card & 1 for s in plays)


@frozen
class TrumpsBroken(RulePlugin):
    """Once the trump is exposed, no trump may be led by a seat holding another suit
    until a trump has been played to an earlier trick."""

    name: ClassVar[str] = "trumps-broken"
    rule: ClassVar[str] = "trumps-not-broken"
    """The rule id a refusal names."""

    def restrict_play(self, rnd: RoundPort, seat: int, legal: int, why: Why) -> int:
        """A lead before the trumps are broken: no trump while another suit is held."""
        suit = rnd.trump_suit_index
        if rnd.current_trick or suit < 0 or not rnd.trump_exposed:
            return legal
        trumps = rnd.deck.suit_mask[suit]
        if not legal & trumps or not rnd.held_mask(seat) & ~trumps or not legal & ~trumps:
            return legal
        if any(c.suit == rnd.deck.spec.suits[suit] for t in rnd.tricks for c in t.cards):
            return legal
        if why is not None:
            why.append((self.rule, "trumps are not broken: lead another suit while you "
                        "hold one", legal & trumps))
        return legal & ~trumps

    def infer(self, rnd: RoundPort, seat: int, facts: Facts) -> None:
        """A trump led, exposed and not yet broken, means its leader held only trumps."""
        trump = facts.trump
        if trump < 0:
            return
        trumps = rnd.deck.suit_mask[trump]
        others = ((1 << rnd.deck.size) - 1) & ~trumps
        for s in facts.plays:
            if s.position == 0 and s.exposed and s.card >= 0 and trumps >> s.card & 1 \
                    and not _broken_before(facts.plays, trumps, s.trick):
                facts.none_of(s.who, others, s.at)

    def position_key(self, rnd: RoundPort) -> bool:
        """Whether a trump has been played: the rule reads nothing else of the past."""
        suit = rnd.trump_suit_index
        return suit >= 0 and any(c.suit == rnd.deck.spec.suits[suit]
                                 for t in rnd.tricks for c in t.cards)

    def describe(self) -> str:
        """The rule in words."""
        return ("trumps broken: once the trump is exposed, no trump may be led while "
                "another suit is held until a trump has been played to a trick")


@frozen
class ShownAtHalfTime(RulePlugin):
    """A trump still concealed when trick ``after`` is complete is turned up."""

    name: ClassVar[str] = "shown-at-half-time"
    option_fields: ClassVar[tuple[str, ...]] = ("after",)
    after_each_trick: ClassVar[bool] = True
    reads_hidden_cards: ClassVar[bool] = False
    """The rule reads the number of tricks played: a public fact."""

    after: int = attrs.field(default=4, validator=attrs.validators.instance_of(int))
    """The trick after which the trump is turned up."""

    def after_trick(self, rnd: RoundPort) -> None:
        """Turn the trump up after trick ``after``."""
        if len(rnd.tricks) == self.after:
            rnd.expose_trump()

    def position_key(self, rnd: RoundPort) -> None:
        """Nothing: the rule reads the number of tricks played."""
        return None

    def describe(self) -> str:
        """The rule in words."""
        return f"a trump still concealed after trick {self.after} is turned up"


@frozen(cache_hash=True)
class Boast(Action):
    """The bidder's boast: ``boast``."""

    keyword: ClassVar[str] = "boast"
    verb: ClassVar[str | None] = "boast"


_BOAST = Boast()


@frozen
class BoastRule(RulePlugin):
    """The boast (not part of :data:`VEILED`; a ruleset adds it to its plug-ins): once
    a hand, the bidder, at its turn in the play and once its side has won a trick, may
    boast, and its target rises by 2 (to the highest bid at most). It moves the
    contract alone, so it declares ``play_moves_contract_only``: the solver searches the
    play of a ruleset with it as cards alone."""

    name: ClassVar[str] = "boast"
    action_kinds: ClassVar[tuple[type[Action], ...]] = (Boast,)
    reads_hidden_cards: ClassVar[bool] = False
    """It reads the bidder, the target and the tricks won: public facts."""
    play_moves_contract_only: ClassVar[bool] = True
    """A boast changes the target and nothing in the play."""

    def may_boast(self, rnd: RoundPort, seat: int) -> bool:
        """Whether ``seat`` may boast now."""
        return (rnd.plugin_state(self.name) is None and seat == rnd.bidder
                and rnd.target is not None
                and any(t.winner & 1 == seat & 1 for t in rnd.tricks))

    def play_actions(self, rnd: RoundPort, seat: int) -> tuple[Action, ...]:
        """``boast`` when ``seat`` may boast now."""
        return (_BOAST,) if self.may_boast(rnd, seat) else ()

    def play_apply(self, rnd: RoundPort, seat: int, action: Action) -> None:
        """The target rises by 2, within the bid range."""
        target = rnd.target
        assert target is not None
        raised = min(rnd.config.max_bid, target + 2)
        rnd.set_target(raised)
        rnd.set_plugin_state(self.name, raised - target)

    def refuse(self, rnd: RoundPort, seat: int, action: Action) -> tuple[str, str]:
        """Who may boast, and when."""
        return ("boast-not-allowed", "only the bidder may boast, once a hand, after "
                                     "its side has won a trick")

    def max_actions(self, config: RulesetConfig) -> int:
        """One boast a hand."""
        return 1

    def describe(self) -> str:
        """The rule in words."""
        return ("the boast: once a hand, after its side has won a trick, the bidder may "
                "raise its target by 2")


VEILED = Ruleset(attrs.evolve(
    CONFIG_28,
    name="veiled",
    aliases=(),
    description="Veiled 28: discards face down until the trick is complete, trumps "
                "broken, the trump shown after the fourth trick",
    source="this plug-in's own house rules on classic 28 (issue 36's example plug-in "
           "for the visibility seam)",
    trump=VeiledDiscards(**attrs.asdict(CONFIG_28.trump, recurse=False)),
    plugins=(*CONFIG_28.plugins, TrumpsBroken(), ShownAtHalfTime()),
))
