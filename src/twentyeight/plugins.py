"""The extension points: what a ruleset plug-in may change, and how the core asks it.

A ruleset is configuration plus hooks. The configuration is a
:class:`~twentyeight.config.RulesetConfig`; the hooks are objects of three kinds, each
with do-nothing (or classic) defaults so that a plug-in overrides only what differs:

* an :class:`AuctionRules` decides who speaks, which bids are allowed and when the
  auction ends (the default, :class:`StandardAuction`, is the classic one-pass-and-out
  auction driven by the config's bid options);
* :class:`RulePlugin` objects add behaviour at fixed points of a round: a *call window*
  (a round of optional calls such as doubling, at ``trump-chosen`` or ``before-play``),
  extra actions during the play (showing a pair), something after each trick, extra
  redeal checks and extra fields in views;
* a :class:`Modifier` is a named plug-in a user composes with a ruleset by name
  (``"28+pair"``): it turns one config into another, or says why it does not fit.

The core resolves every hook once per ruleset (see :class:`~twentyeight.ruleset.Ruleset`)
and never asks which regional ruleset it is playing. Hooks read the round through its
:class:`~twentyeight.port.RoundPort`, the one door between a round and its plug-ins,
and change it only through the few changes that port allows.
Plug-in objects are immutable attrs values; per-round state lives in the round
(:meth:`~twentyeight.port.RoundPort.plugin_state`), so rounds clone and replay exactly.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import attrs
from attrs import frozen

from .actions import Action
from .errors import ConfigError
from .inputs import describe

if TYPE_CHECKING:
    from .config import RedealCheck, RulesetConfig
    from .inference import Facts
    from .port import RoundPort

__all__ = [
    "WINDOW_EVENTS",
    "AddPlugin",
    "AuctionRules",
    "Modifier",
    "Part",
    "RulePlugin",
    "StandardAuction",
    "Why",
    "WindowEvent",
]

WindowEvent = Literal["trump-chosen", "before-play", "after-trick"]
"""Points of a round at which plug-ins may open a call window: once the trump is chosen
(before the rest of the deal), once the deal is complete (before the first lead), and
after each trick but the last (before the next lead; the trick's winner then leads)."""

WINDOW_EVENTS: tuple[WindowEvent, ...] = ("trump-chosen", "before-play", "after-trick")
"""Every :data:`WindowEvent`, in the order they come in a round."""

Why = list[tuple[str, str, int]] | None
"""Explaining mode of a legality function: ``None`` on the hot path; otherwise a list
that collects ``(rule id, message, bound or removed cards)`` for each restriction."""


def one_of(*choices: str) -> Any:
    """An attrs validator for an option that takes one of ``choices``; it raises
    :class:`~twentyeight.ConfigError` naming the option. Plug-ins use it too."""

    def check(_inst: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value not in choices:
            raise ConfigError(
                f"option {attribute.name} must be one of {', '.join(choices)}; "
                f"got {describe(value)}"
            )

    return check


def typed(kind: type) -> Any:
    """An attrs validator for an option of type ``kind`` (``bool`` is not an ``int``;
    whole numbers lie within ``±MAX_OPTION_INT``); it raises
    :class:`~twentyeight.ConfigError` naming the option."""

    def check(_inst: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ConfigError(
                f"option {attribute.name} must be {kind.__name__}, got {describe(value)}"
            )
        if isinstance(value, int):
            _check_bounded(attribute.name, value)

    return check


MAX_OPTION_INT = 10**9
"""No whole-number option lies beyond plus or minus this: far past any real setting,
and small enough that every message and record can print it."""


def _check_bounded(name: str, value: int) -> None:
    if not -MAX_OPTION_INT <= value <= MAX_OPTION_INT:
        raise ConfigError(f"option {name} is out of range: {describe(value)}")



class Part:
    """What every plug-in part (auction rules, rule plug-ins, scoring systems, redeal
    checks) has: the attrs fields named in ``option_fields`` are user options, and
    :meth:`check` says whether the part fits a config."""

    __slots__ = ()

    option_fields: ClassVar[tuple[str, ...]] = ()
    """Fields a user may change by name (``te.ruleset("28", name=value)``)."""

    def check(self, config: RulesetConfig) -> None:
        """Raise :class:`~twentyeight.ConfigError` if this part does not fit ``config``."""

    def describe(self) -> str:
        """This part in a few words, for the documentation's tables and for listings
        (``"bid in turn, each bid higher; a pass is final"``). The default is the part's
        ``description`` when it has one, else its class name; a part whose rules depend
        on its options says them here."""
        text = getattr(self, "description", None)
        return text if isinstance(text, str) and text else type(self).__name__

    def all_actions(self, config: RulesetConfig) -> tuple[Action, ...]:
        """Every action this part can ever offer under ``config``, in a fixed order: the
        ruleset's action indices are made of them (:mod:`twentyeight.encoding`). The
        default makes one action of each of the part's ``action_kinds`` without
        arguments; a part whose actions take arguments lists them itself."""
        kinds: tuple[type[Action], ...] = getattr(self, "action_kinds", ())
        return tuple(kind() for kind in kinds)


class AuctionRules(Part):
    """How the auction runs. The core keeps the generic facts (the highest bid and who
    made it, who has passed or spoken, each seat's number of bids, the stake multiplier)
    and asks these hooks what they mean. Every hook has a documented default: together
    they are the classic auction (:class:`StandardAuction`), so a ruleset overrides only
    what differs."""

    action_kinds: ClassVar[tuple[type[Action], ...]] = ()
    """Auction actions beyond ``bid`` and ``pass`` that :meth:`apply_extra` handles."""

    reads_hidden_cards: ClassVar[bool] = False
    """True if a hook decides anything from cards a player has not seen (the classic
    auction reads none). :meth:`Round.resample <twentyeight.round.Round.resample>` then
    checks each resampled deal by replaying the history on it, which is exact for any
    rule but slower."""

    throw_in_passes_deal: ClassVar[bool] = False
    """True if a deal thrown in because every player passed passes the deal to the next
    dealer, as a played hand does (default ``False``: like every other annulled deal,
    the same dealer deals again)."""

    denominations: ClassVar[tuple[str | None, ...]] = (None,)
    """What may follow a bid's number: ``None`` for plain numbers, or suit letters and
    ``"NT"`` where a bid names the trump (``bid 30 S``)."""

    def first_to_speak(self, rnd: RoundPort) -> int:
        """The seat that opens the auction (the opener)."""
        return rnd.opener

    def bid_limits(self, rnd: RoundPort, seat: int, why: Why) -> tuple[int, bool]:
        """The lowest bid ``seat`` may make now (above the maximum: none) and whether it
        may pass. In explaining mode, append each limit's reason to ``why``.

        Default, the classic auction: higher than the current bid; the opener may not
        pass where ``opener_must_bid``; a partner's bid is overcalled only with
        ``partner_overcall_min``; a second bid needs ``second_bid_min``."""
        cfg = rnd.config
        low = cfg.min_bid
        can_pass = True
        bidder = rnd.bidder
        if bidder is None:
            if cfg.opener_must_bid and not rnd.spoken_mask:
                can_pass = False
                if why is not None:
                    why.append(("opener-must-bid",
                                f"the opener must bid at least {cfg.min_bid}", 0))
            return low, can_pass
        high = rnd.bid
        assert high is not None
        if self.may_match(rnd, seat):
            if high > low:
                low = high
                if why is not None:
                    why.append(("bid-too-low",
                                f"you may hold the current bid {high} or bid higher", low))
        else:
            low = self.above_current_bid(high, low, why)
        p = cfg.partner_overcall_min
        if p is not None and (bidder ^ seat) & 1 == 0 and p > low:
            low = p
            if why is not None:
                why.append(("partner-overcall-min",
                            f"to overcall your partner's bid you must bid at least {p}", p))
        s = cfg.second_bid_min
        if s is not None and s > low and rnd.bids_made(seat) >= 1:
            low = s
            if why is not None:
                why.append(("second-bid-min",
                            f"a player's second bid must be at least {s}", s))
        return low, can_pass

    @staticmethod
    def above_current_bid(high: int, low: int, why: Why) -> int:
        """The lowest bid allowed, ``low``, raised to one above the current bid ``high``
        where needed (with ``why``, the reason recorded as ``bid-too-low``)."""
        if high + 1 > low:
            low = high + 1
            if why is not None:
                why.append(("bid-too-low",
                            f"a bid must be higher than the current bid {high}", low))
        return low

    def may_match(self, rnd: RoundPort, seat: int) -> bool:
        """True if ``seat`` may bid the current highest bid again and so take it over
        (a *held* bid, where an earlier player keeps priority), rather than bid higher.
        The default :meth:`bid_limits` reads it; default: never."""
        return False

    def extra_actions(self, rnd: RoundPort, seat: int) -> tuple[Action, ...]:
        """Auction actions of :attr:`action_kinds` that ``seat`` may take now."""
        return ()

    def apply_extra(self, rnd: RoundPort, seat: int, action: Action) -> None:
        """Carry out one of :meth:`extra_actions` (the core has recorded it)."""

    def next_to_speak(self, rnd: RoundPort, seat: int, action: Action) -> int | None:
        """After ``seat``'s call (already applied): who speaks next, or ``None`` when
        the auction is over. Default, the classic auction: the next player who has not
        passed; ``None`` once only the highest bidder (or nobody) is left."""
        n = rnd.players
        active = ~rnd.passed_mask & ((1 << n) - 1)
        bidder = rnd.bidder
        if active == 0 or (bidder is not None and active == 1 << bidder):
            return None
        nxt = (seat + 1) % n
        while not active >> nxt & 1:
            nxt = (nxt + 1) % n
        return nxt

    def all_passed(self, rnd: RoundPort) -> None:
        """Called when the auction ends without a bid. A plug-in may set a default
        contract with :meth:`~twentyeight.port.RoundPort.set_contract`; otherwise the
        deal is annulled."""

    def reopen(self, rnd: RoundPort) -> int | None:
        """Asked once, when the deal is complete (after its redeal checks, before the
        ``before-play`` call windows): the seat that opens a second round of the auction,
        or ``None`` (the default) for none. In that round
        :attr:`~twentyeight.port.RoundPort.reopened_bid` is the bid carried over, and the
        hooks above run as before. If it ends with a higher bid, a face-down trump card
        goes back to its holder's hand and the new highest bidder chooses the trump
        afresh (the ``trump-chosen`` call windows open again); otherwise the contract
        and its trump stand."""
        return None

    def refuse_extra(self, rnd: RoundPort, seat: int, action: Action) -> tuple[str, str]:
        """Why an action of :attr:`action_kinds` is not allowed now."""
        return ("not-allowed-now", f"{action} is not allowed now")

    def out_of_turn(self, rnd: RoundPort, seat: int) -> tuple[str, str] | None:
        """A rule that explains why ``seat`` may not speak now, if more specific than
        "not your turn"."""
        return None

    def parse(self, rnd: RoundPort, text: str) -> Action | None:
        """Read a way people say a call (``28 Spades``), or ``None``."""
        return None

    def max_calls(self, config: RulesetConfig) -> int:
        """An upper bound on the number of auction actions in one round."""
        return len(config.bids) * len(self.denominations) + config.players + 1

    def infer(self, rnd: RoundPort, seat: int, facts: Facts) -> None:
        """Declare to ``facts`` what ``seat`` may infer about cards it has not seen from
        this auction's rules (see :mod:`twentyeight.inference`). Default: nothing. An
        auction with :attr:`reads_hidden_cards` that keeps this default counts as
        declaring nothing it could state: resampling then replays the history."""


class StandardAuction(AuctionRules):
    """The classic auction (28, 29, 40): from the opener, each player in turn bids
    higher or passes; a pass is final; the auction ends when every player but the
    highest bidder has passed. The config's options set its limits: ``min_bid``,
    ``max_bid``, ``opener_must_bid``, ``partner_overcall_min`` and ``second_bid_min``.
    These are :class:`AuctionRules`' own defaults; the name says so in a config."""

    description: ClassVar[str] = ("bid in turn, each bid higher than the last, or pass; "
                                  "a pass is final")
    """The auction in words (see :meth:`Part.describe`)."""


class RulePlugin(Part):
    """Base of the behaviour plug-ins a ruleset carries (``RulesetConfig.plugins``).
    Every hook has a documented do-nothing default: override only the hooks you need."""

    name: ClassVar[str] = ""
    """Short name: the key of this plug-in's state in a round, and its field in views."""

    action_kinds: ClassVar[tuple[type[Action], ...]] = ()
    """The action classes this plug-in offers and carries out."""

    window: ClassVar[WindowEvent | None] = None
    """The event at which this plug-in opens its call window, if it has one."""

    window_title: ClassVar[str] = ""
    """How a transcript heads this plug-in's call window (``"Doubling"``); empty: the
    plug-in's name."""

    window_declined: ClassVar[str] = ""
    """What a transcript says when every seat passes in the window (``"Nobody
    doubles."``); empty: ``"Everyone passes."``."""

    window_pass: ClassVar[str] = ""
    """What a pass in this plug-in's call window gives up, as a transcript says it
    after the pass (``"no double"``); empty: ``"no"`` and the window's title."""

    reads_hidden_cards: ClassVar[bool] = True
    """True (the safe default) if what this plug-in allows or does can depend on cards
    some player has not seen, other than cards it makes everyone see (as the pair shows
    the King and Queen). The acting seat's own cards count: where they decide what it
    may do, the others learn something from what it did (as in 40, where an opener
    holding one suit may not bid). :meth:`Round.resample
    <twentyeight.round.Round.resample>` then checks each resampled deal by replaying the
    history on it. A plug-in whose hooks read only public facts, or read a seat's cards
    only to offer it an action that shows them or annuls the deal, sets it False and
    spares resampling the replay."""

    contracts: ClassVar[tuple[str, ...]] = ()
    """Kinds of contract this plug-in may set besides its own :attr:`name` (Thunee's
    calls set ``thunee`` or ``royals``): :attr:`Round.contract
    <twentyeight.round.Round.contract>` names one of them, and the observation has an
    entry for each."""

    after_each_trick: ClassVar[bool] = False
    """True if :meth:`after_trick` is to be called after every trick. Like
    :attr:`window` and :attr:`action_kinds`, it says when the plug-in takes part, so the
    round asks only the plug-ins that do (a trick ends eight times a round)."""

    play_moves_contract_only: ClassVar[bool] = False
    """True if this plug-in's play actions (:meth:`play_actions`, carried out by
    :meth:`play_apply`) change only the contract and what is shown (the target, the
    score, cards shown to all, the plug-in's own state): never which cards a seat may
    play, who wins a trick or what it is worth (a declaration of cards held that moves
    the target is one such action). The solver then searches the play
    as cards alone, leaving these actions out below its first position: under perfect
    information each one leaves every side's card points where they were. It is taken
    at its word only while the plug-in keeps the base's :meth:`restrict_play`,
    :meth:`after_card`, :meth:`after_trick` and :meth:`settle`."""

    def redeal_checks(self) -> tuple[RedealCheck, ...]:
        """Redeal checks this plug-in adds to the ruleset's own."""
        return ()

    # -- a call window: a round of optional calls at :attr:`window`
    def open_window(self, rnd: RoundPort) -> int | None:
        """The first seat to ask, or ``None`` if the window does not open this round."""
        return None

    def window_actions(self, rnd: RoundPort, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may do in the open window (include ``pass`` to decline)."""
        return ()

    def window_apply(self, rnd: RoundPort, seat: int, action: Action) -> int | None:
        """Carry out a window action (already recorded); return the next seat to ask, or
        ``None`` to close the window."""
        return None

    # -- extra actions during the play (the player to act keeps the turn)
    def play_actions(self, rnd: RoundPort, seat: int) -> tuple[Action, ...]:
        """Actions besides playing a card that ``seat``, to play, may take now."""
        return ()

    def play_apply(self, rnd: RoundPort, seat: int, action: Action) -> None:
        """Carry out one of :meth:`play_actions` (already recorded)."""

    def refuse(self, rnd: RoundPort, seat: int, action: Action) -> tuple[str, str]:
        """Why one of this plug-in's actions is not allowed now: ``(rule, message)``."""
        return ("not-allowed-now", f"{action} is not allowed now")

    # -- a rule on which cards may be played
    def restrict_play(self, rnd: RoundPort, seat: int, legal: int, why: Why) -> int:
        """The cards of ``legal`` that this plug-in's rule still lets ``seat`` play
        (card ids as bits, as :meth:`RoundPort.hand_mask` gives them). ``legal`` is what
        the ruleset's own rules and earlier plug-ins allow; the round asks this hook only
        of a plug-in that overrides it, on every play decision, so that
        :meth:`~twentyeight.round.Round.legal_actions`,
        :meth:`~twentyeight.round.Round.apply` and the explanations of a refusal share
        it. With ``why`` (a list: the round is explaining a refusal), append
        ``(rule id, message, cards taken away)`` for each restriction applied, as the
        core's rules do. Taking every card away is a mistake in the plug-in: the round
        raises :class:`~twentyeight.errors.ConfigError` naming it."""
        return legal

    def infer(self, rnd: RoundPort, seat: int, facts: Facts) -> None:
        """Declare to ``facts`` what ``seat`` may infer about cards it has not seen from
        this plug-in's rules (see :mod:`twentyeight.inference`): a restriction that
        refused a card tells the others which cards its player did not hold. Default:
        nothing. A plug-in with :attr:`reads_hidden_cards` that keeps this default
        counts as one that cannot state its facts: resampling then replays the history
        on each candidate deal (exact for any rule, slower)."""

    # -- after every card played
    def after_card(self, rnd: RoundPort, seat: int) -> None:
        """Called after ``seat`` has played a card and the round has carried it out (a
        trick it completed is scored, and :meth:`after_trick` has run), before anyone
        acts again: not for a card that ends the round. Only asked of a plug-in that
        overrides it (Thunee shows the trump once the first card is played:
        :meth:`RoundPort.expose_trump`)."""

    # -- after every completed trick
    def after_trick(self, rnd: RoundPort) -> None:
        """Called after each trick is scored and before the next lead, for a plug-in
        that sets :attr:`after_each_trick`."""

    # -- the end of the hand
    def settle(self, rnd: RoundPort) -> tuple[int, ...] | None:
        """Each team's game points for the hand just played out, when a call of this
        plug-in decides them in place of the scoring system (Thunee's Double and
        Khanaak: fixed balls won or lost by the caller's team), or ``None`` (the
        default) to leave the hand to the scoring system. Asked once the last trick
        (or the one that ended the hand) is complete, only of a plug-in that overrides
        it; the first plug-in to answer decides. The result's ``made`` says whether
        the bidding team came out ahead."""
        return None

    # -- search
    def position_key(self, rnd: RoundPort) -> Hashable:
        """What the rest of the play still depends on from this plug-in, beyond the
        cards each seat holds, the trick in progress and the trump: two positions with
        equal cards and equal keys play alike from here on. The solver
        (:mod:`twentyeight.solver`) keeps one result for such positions.

        The default is safe for any plug-in: nothing (``None``) for a plug-in without
        play hooks (:meth:`play_actions`, :meth:`restrict_play`, :meth:`after_card`,
        :meth:`after_trick`), else the whole history,
        which makes every position distinct. A plug-in with play hooks overrides it
        with the few facts its hooks read (nothing, for a rule that reads only the
        cards held, the leader and the trump). It is not read for a plug-in whose play
        actions move only the contract (:attr:`play_moves_contract_only`)."""
        return rnd.history if self._hooks_the_play() else None

    def _hooks_the_play(self) -> bool:
        """Whether this plug-in overrides a hook of the play (:meth:`play_actions`,
        :meth:`restrict_play`, :meth:`after_card`, :meth:`after_trick`)."""
        return (type(self).play_actions is not RulePlugin.play_actions
                or self._hooks_the_cards())

    def _hooks_the_cards(self) -> bool:
        """Whether this plug-in can change what the cards alone decide: the cards
        played, the tricks' winners and points, or the hand's outcome (a play action
        counts unless :attr:`play_moves_contract_only` holds)."""
        cls = type(self)
        return ((cls.play_actions is not RulePlugin.play_actions
                 and not cls.play_moves_contract_only)
                or cls.restrict_play is not RulePlugin.restrict_play
                or cls.after_card is not RulePlugin.after_card
                or cls.after_trick is not RulePlugin.after_trick
                or cls.settle is not RulePlugin.settle)

    # -- views
    def view(self, rnd: RoundPort, seat: int) -> dict[str, Any] | None:
        """Public facts (and ``seat``'s own private ones) this plug-in adds to the view
        under its :attr:`name`; ``None`` adds nothing. Never another seat's secrets."""
        return None

    def max_actions(self, config: RulesetConfig) -> int:
        """An upper bound on the actions this plug-in adds to one round."""
        return config.players + 2

    # -- observations
    def observation_size(self, config: RulesetConfig) -> int:
        """How many numbers this plug-in adds to a seat's observation (default none):
        the numbers of :meth:`observe`, in a slice under its :attr:`name`."""
        return 0

    def observation_meaning(self, config: RulesetConfig) -> str:
        """What the numbers of :meth:`observe` mean, for the observation's spec."""
        return ""

    def observe(self, rnd: RoundPort, seat: int) -> Sequence[float]:
        """Exactly :meth:`observation_size` numbers: what this plug-in's :meth:`view`
        tells ``seat`` and the rest of the observation does not. Like the view, never
        another seat's secrets."""
        return ()


@frozen
class Modifier(ABC):
    """A house rule a user composes with a ruleset by name (``"28+pair"``): a named
    value whose :meth:`apply` turns one config into another. Subclasses implement
    :meth:`apply`; :class:`AddPlugin` covers the common case."""

    name: str
    """The registered name."""
    description: str
    """One line for listings."""
    aliases: tuple[str, ...] = ()
    """Other names it is found by."""
    source: str = ""
    """Which sources describe it, in words (see ``RulesetConfig.source``)."""

    @abstractmethod
    def apply(self, config: RulesetConfig) -> RulesetConfig:
        """The config with this house rule added. Raise
        :class:`~twentyeight.ConfigError` saying why if it does not fit ``config``."""

    @property
    def action_kinds(self) -> tuple[type[Action], ...]:
        """The kinds of action this house rule adds (default: none)."""
        return ()


@frozen
class AddPlugin(Modifier):
    """A modifier that adds one rule plug-in to the ruleset (and refuses a ruleset that
    has a plug-in of that kind already: change that one's options instead)."""

    plugin: RulePlugin | None = None
    """The plug-in to add, with its default options."""

    @property
    def action_kinds(self) -> tuple[type[Action], ...]:
        """The plug-in's kinds of action."""
        return self.plugin.action_kinds if self.plugin is not None else ()

    def apply(self, config: RulesetConfig) -> RulesetConfig:
        """``config`` with :attr:`plugin` added; the plug-in's ``check`` may refuse it."""
        from .errors import ConfigError

        plugin = self.plugin
        assert plugin is not None
        if any(isinstance(p, type(plugin)) for p in config.plugins):
            options = ", ".join(plugin.option_fields) or "none"
            raise ConfigError(f"{self.name!r} is already part of {config.name!r}; change its "
                              f"options instead ({options})")
        return attrs.evolve(config, plugins=(*config.plugins, plugin))
