"""Action kinds the built-in plug-ins add: ``double``, ``redouble``, ``call-c``,
``show-pair`` and ``single-hand``, and Thunee's ``thunee``, ``royals``, ``call-double``
and ``khanaak`` (Jodhi's ``announce``, which names cards, is in ``announcements``). Each
is its keyword alone; the plug-ins that carry them out name them in their
``action_kinds``, and so a ruleset with those plug-ins reads them, exactly as a third
party's plug-in adds its own."""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from twentyeight.actions import Action


@frozen(cache_hash=True)
class Double(Action):
    """Double the opponents' contract (x2): ``double``."""

    keyword: ClassVar[str] = "double"
    verb: ClassVar[str | None] = "double"


@frozen(cache_hash=True)
class Redouble(Action):
    """Redouble your side's doubled contract (x4): ``redouble``."""

    keyword: ClassVar[str] = "redouble"
    verb: ClassVar[str | None] = "redouble"


@frozen(cache_hash=True)
class CallC(Action):
    """The "C": the bidder, doubled while no pips are showing, plays the hand for six
    game points: ``call-c``."""

    keyword: ClassVar[str] = "call-c"
    verb: ClassVar[str | None] = "call the C"


@frozen(cache_hash=True)
class ShowPair(Action):
    """Show the King and Queen of trumps held together (the pair, royals):
    ``show-pair``."""

    keyword: ClassVar[str] = "show-pair"
    verb: ClassVar[str | None] = "show the pair"


@frozen(cache_hash=True)
class SingleHand(Action):
    """Declare a single hand (thani): play alone, without trumps, for every trick:
    ``single-hand``."""

    keyword: ClassVar[str] = "single-hand"
    verb: ClassVar[str | None] = "declare a single hand"


@frozen(cache_hash=True)
class CallThunee(Action):
    """Call Thunee: win all six tricks yourself, the suit of your first lead trumps:
    ``thunee``."""

    keyword: ClassVar[str] = "thunee"
    verb: ClassVar[str | None] = "call Thunee"


@frozen(cache_hash=True)
class CallRoyals(Action):
    """Call Royals: Thunee with every suit ranked upside down (Q K 10 A 9 J):
    ``royals``."""

    keyword: ClassVar[str] = "royals"
    verb: ClassVar[str | None] = "call Royals"


@frozen(cache_hash=True)
class CallDouble(Action):
    """Call Double in the last trick: your team has won the first five, and you will win
    the sixth: ``call-double``."""

    keyword: ClassVar[str] = "call-double"
    verb: ClassVar[str | None] = "call Double"


@frozen(cache_hash=True)
class CallKhanaak(Action):
    """Call Khanaak in the last trick: with your team's Jodhi you will take the last trick
    and outweigh the other team's cards: ``khanaak``."""

    keyword: ClassVar[str] = "khanaak"
    verb: ClassVar[str | None] = "call Khanaak"
