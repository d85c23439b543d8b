"""The house rules other engines of the family play, as options of the built-in presets.

Each :class:`HouseRule` names a rule, the preset it belongs to, the options that turn it
on there and who plays it. Nothing here changes a ruleset: the options are ordinary
ruleset options (``te.ruleset(rule.preset, **rule.options)``). The catalogue exists so
that the docs can show which preset supports which house rule, and the conformance tests
can run every one of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from attrs import field, frozen

from .sources import cite

__all__ = ["HOUSE_RULES", "HouseRule"]


def _frozen_mapping(value: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(value))


@frozen
class HouseRule:
    """One house rule: what it is, where it belongs, how to turn it on, who plays it."""

    title: str
    """The rule in a few words."""
    preset: str
    """The preset the rule belongs to (it may compose with others too)."""
    options: Mapping[str, Any] = field(converter=_frozen_mapping)
    """The ruleset options that turn it on."""
    played_by: str
    """The engines or sources that play it, in words, each with its footnote reference
    (:func:`~twentyeight_variants.sources.cite`)."""
    page: str
    """The rules page (under ``docs/rules/``) that describes it, with its anchor."""

    @property
    def construction(self) -> str:
        """The options as Python keyword arguments, e.g. ``held_bid=True``."""
        return ", ".join(f"{name}={value!r}" for name, value in self.options.items())


HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "the bidder who calls for their own trump plays the exposed card", "28",
        {"caller_plays_exposed_card": True},
        f"{cite('rosanne', 'its rule 4')}; {cite('28-prototype')}",
        "28.md#the-caller-bidder-plays-the-exposed-card"),
    HouseRule(
        "the face-down card, the bidder's only card of the trump suit led, must be "
        "exposed and played", "28", {"concealed_follow": "expose"},
        cite("fiftysix"),
        "28.md#the-face-down-card-as-the-bidders-only-card-of-the-suit-led"),
    HouseRule(
        "no Jack discarded at all", "28", {"no_jack_discard": "strict"},
        cite("rosanne", "its rule 5"), "28.md#no-jack-discard-strict"),
    HouseRule(
        "no trump led until a trump has been played to an earlier trick", "56",
        {"trump_lead_after_trump_played": True},
        cite("fiftysix", "its rules, section 6.3"),
        "56.md#house-rule-no-trump-led-before-a-trump-is-played"),
    HouseRule(
        "the first of two bidders keeps the bid by matching a raise (hold)", "29",
        {"held_bid": True}, f"{cite('twentynine')}; 29 in Bangladesh and eastern India",
        "29.md#the-held-bid"),
    HouseRule(
        "with the held bid, when the opener passes the later of the next two players "
        "speaks first", "29", {"held_bid": "later-first", "opener_must_bid": False},
        cite("twentynine", "Bidding.call"), "29.md#the-held-bid"),
    HouseRule(
        "a second auction from 21 once every card is dealt", "28", {"second_auction": 21},
        cite("fiftysix", "its rules, section 10.2"), "28.md#house-rules-of-the-auction"),
    HouseRule(
        "when everyone passes, the opener plays the lowest bid at No Trump, which nobody "
        "may double", "28",
        {"opener_must_bid": False, "all_pass": "opener-no-trump-undoubled"},
        cite("fiftysix", "its rules, section 4.3"), "28.md#house-rules-of-the-auction"),
    HouseRule(
        "56's tables set by band: 28-39 1/2, 40-47 2/3, 48-56 3/4", "56",
        {"bands": ((28, 1, 2), (40, 2, 3), (48, 3, 4))},
        cite("fiftysix", "the tables of its engine's test configurations; each room "
             "sets its own"),
        "56.md#house-rule-the-tables-by-band"),
    HouseRule(
        "56's tables set by band: 28-39 1/2, 40-55 2/3, 56 3/4", "56",
        {"bands": ((28, 1, 2), (40, 2, 3), (56, 3, 4))},
        cite("fiftysix", "its rules, section 7.1, the default tiers; each room sets its "
             "own"),
        "56.md#house-rule-the-tables-by-band"),
    HouseRule(
        "score bands with other edges (14-19, 20-22, 23-28)", "28-bands",
        {"bands": ((14, 1, 2), (20, 2, 3), (23, 3, 4))}, cite("rosanne"),
        "28-bands.md#house-rules-band-edges-and-who-pays"),
    HouseRule(
        "game points pass from the losing team to the winning one, made or failed (a "
        "transfer)", "28-bands", {"failed_to": "both", "made_to": "both"},
        cite("rosanne", "EndDeal in its game panel"),
        "28-bands.md#house-rules-band-edges-and-who-pays"),
    HouseRule(
        "a failed contract only scores for the defenders", "29", {"failed_to": "opponents"},
        cite("29-card-game"), "29.md#house-rule-who-a-failed-contract-pays"),
)
"""Every house rule, in the order of the issue that brought them in."""
