"""twentyeight: rules engine for the Indian trick-taking family 28.

Pick a ruleset by name, start a round, and ask it whose turn it is, what is legal and
what each seat may see::

    import twentyeight as te

    rnd = te.new_round("28", seed=7)
    while not rnd.is_over:
        rnd.apply(rnd.legal_actions()[0])
    print(rnd.result)
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import (
    NO_TRUMP,
    Action,
    Bid,
    CallTrump,
    LayTrump,
    NameTrump,
    Pass,
    Play,
    Redeal,
    SeventhCard,
)
from .cards import Card, Deck, DeckSpec
from .config import HandOutcome, RedealCheck, RulesetConfig, ScoringSystem
from .encoding import (
    ACTION_LAYOUT_VERSION,
    OBSERVATION_VERSION,
    ObservationLayout,
    ObservationSlice,
)
from .errors import (
    ConfigError,
    DealError,
    EpisodeError,
    IllegalActionError,
    ObservationBufferError,
    ParseError,
    RecordError,
    SeatError,
    TwentyEightError,
    UnknownRulesetError,
)
from .match import Match
from .plugins import AddPlugin, AuctionRules, Modifier, RulePlugin, StandardAuction
from .port import RoundPort
from .registry import modifier, modifiers, parse_action, presets, refresh, ruleset, rulesets
from .round import Phase, Round, RoundResult, Trick
from .ruleset import DealInput, Ruleset
from .trump import ConcealedTrump, HandCardTrump, IndicatorTrump, OpenTrump, TrumpRules
from .views import SeatView

__version__ = "0.1.0"


def new_round(name: str, /, *, seed: int | None = None, deal: DealInput | None = None,
              dealer: int = 0, scores: Sequence[int] | None = None) -> Round:
    """Shortcut for ``ruleset(name).new_round(...)``: the same ``seed``, ``deal``,
    ``dealer`` and ``scores``."""
    return ruleset(name).new_round(seed=seed, deal=deal, dealer=dealer, scores=scores)


__all__ = [
    "ACTION_LAYOUT_VERSION",
    "NO_TRUMP",
    "OBSERVATION_VERSION",
    "Action",
    "AddPlugin",
    "AuctionRules",
    "Bid",
    "CallTrump",
    "Card",
    "ConcealedTrump",
    "ConfigError",
    "DealError",
    "Deck",
    "DeckSpec",
    "EpisodeError",
    "HandCardTrump",
    "HandOutcome",
    "IllegalActionError",
    "IndicatorTrump",
    "LayTrump",
    "Match",
    "Modifier",
    "NameTrump",
    "ObservationBufferError",
    "ObservationLayout",
    "ObservationSlice",
    "OpenTrump",
    "ParseError",
    "Pass",
    "Phase",
    "Play",
    "RecordError",
    "Redeal",
    "RedealCheck",
    "Round",
    "RoundPort",
    "RoundResult",
    "RulePlugin",
    "Ruleset",
    "RulesetConfig",
    "ScoringSystem",
    "SeatError",
    "SeatView",
    "SeventhCard",
    "StandardAuction",
    "Trick",
    "TrumpRules",
    "TwentyEightError",
    "UnknownRulesetError",
    "__version__",
    "modifier",
    "modifiers",
    "new_round",
    "parse_action",
    "presets",
    "refresh",
    "ruleset",
    "rulesets",
]
