"""The documents and engines the built-in rulesets follow, named in words.

The presets' ``source`` texts, the house-rule catalogue and the rules pages name a source
by what it is ("the Wikipedia article on Twenty-eight") and point at it with a Markdown
footnote reference, ``[^002]``; the documentation site adds the footnote of every
reference whose label is here (``docs_hooks/rules_tables.py``). The labels are the
project's short ids: ``000`` to ``004`` for the source documents, a short name for each
open-source engine whose house rules a preset takes.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from attrs import frozen

__all__ = ["SOURCES", "Source", "cite"]


@frozen
class Source:
    """One source: what it is in words, and the footnote that identifies it."""

    label: str
    """The footnote label, the project's short id (``"004"``, ``"rosanne"``)."""
    name: str
    """What it is, in words, as prose names it (``"the 28SIX app's help page"``)."""
    note: str
    """The footnote's text: the short id and where the source comes from."""


_ALL = (
    Source("000", "a classic 28 rules page",
           "Source 000 of the project's collection: a rules page for 28 (the two phases "
           "of play, the worked example on when a trump starts to count, the redeals, "
           "“no Jack discard”)."),
    Source("001", "a 28 app's rules",
           "Source 001 of the project's collection: the rules of “28game”, a 28 app "
           "(the bidder may not lead trump, over-trumping, pips scoring, double and "
           "redouble, the redeals)."),
    Source("002", "the Wikipedia article on Twenty-eight",
           "Source 002 of the project's collection: the Wikipedia article “Twenty-eight "
           "(card game)” (the pair, West Bengal 28, the single hand, 29, 40, 56, "
           "Twenty-Twenty)."),
    Source("003", "the 28SIX app's help page",
           "Source 003 of the project's collection: “28SIX Help”, the help page of the "
           "28SIX app (six players, 36 cards, base points, honors, the slam bonus)."),
    Source("004", "a rules page for 28, 29 and 56 with score bands",
           "Source 004 of the project's collection: a rules page for Twenty-Eight with "
           "score bands (first to 10), Twenty-Nine, and Fifty-Six for four, six and "
           "eight players."),
    Source("304-pagat", "pagat.com's page on 304",
           "pagat.com's page “304” (https://www.pagat.com/jass/304.html): players, pack, "
           "ranks and values, the deal in fours, the cut; only its opening part could be "
           "read."),
    Source("304-wikipedia", "the Wikipedia article on 304",
           "The Wikipedia article “304 (card game)”: the deal, the face-down trump, the "
           "cut as a guess by a face-down card, the regional versions."),
    Source("304-catsatcards", "catsatcards.com's page on 304",
           "catsatcards.com's page “304” (https://catsatcards.com/Games/304.html): the "
           "opener's redeal under 15 points, bids from 160 in tens."),
    Source("304-rules-doc", "an open 304 web app's rules document",
           "The rules document (docs/RULES.md) of an open 304 web app, citing pagat and "
           "marking its own house rules: the two auctions, open and closed trumps, "
           "face-down cutting, exhausted and spoilt trumps, stones."),
    Source("304-card304", "the card304 program's rules",
           "game_rules.txt of the GitHub repository bharathsrid/Trump304, adapted from "
           "the card304 program: cutting by asking for the trump, the dealer bidding "
           "when all pass, a points table."),
    Source("thunee-wikipedia", "the Wikipedia article on Thunee",
           "The Wikipedia article “Thunee” (https://en.wikipedia.org/wiki/Thunee): "
           "players, the 24-card pack, ranks and values, play to the right, following "
           "suit and chopping, balls kept with the Sixes."),
    Source("thunee-de-wikipedia", "the German Wikipedia article on Thunee",
           "The German Wikipedia article “Thunee”, read in the translation at de.zxc.wiki: "
           "the last trick's 10 from the losers to the winners, the first dealer, the "
           "dealer staying while his team is behind."),
    Source("thunee-africagames", "africagames.co's Thunee rules",
           "“SA Thunee-Rules” (https://www.africagames.co/SAthunee-rule.html): the "
           "no-trump redeal, the Thunee call and its limits, partner catch, Royals."),
    Source("thunee-com", "thunee.com's rules",
           "“The Rules of THUNEE” (http://thunee.com/Rules.htm): the trumpman, the "
           "face-down trump shown after the first card, calling in tens, the trumpman's "
           "redeal, 2 balls for a beaten call, Thunee's first right."),
    Source("thunee-play", "playthunee.com's game overview",
           "https://playthunee.com/learn/play.html: 105 to count, the 4 + 2 deal, "
           "chopping, undercutting allowed."),
    Source("thunee-bible", "“The Thunee Bible”",
           "A players' guide (Scribd, document 665813357): seat roles, the last trick "
           "moving the 105 to 95 or 115, 12 balls."),
    Source("thunee-tricks", "an open Thunee app's design specification",
           "The Thunee design specification of the GitHub repository afrojun/tricks: "
           "calling, Jodhi, Thunee, Double, Khanaak and the scoring, with a traditional "
           "and a club preset."),
    Source("thunee-spec", "an open Thunee game's specification",
           "THUNEE_GAME_SPEC.md of the GitHub repository JustABard/thunee-game: Jodhi "
           "values and timing, Royals, Double and Khanaak defaults."),
    Source("rosanne", "an open-source 28 game",
           "The GitHub repository josephch/rosanne."),
    Source("fiftysix", "an open-source 56 and 28 game with written rules",
           "The GitHub repository rajeevmen0n/fiftysix."),
    Source("twentynine", "an open-source 29 game that holds bids",
           "The GitHub repository debchamps/TwentyNine."),
    Source("29-card-game", "an open-source 29 game where only the winning side scores",
           "The GitHub repository wrickguha/29-Card-Game."),
    Source("28-prototype", "a 28 game prototype",
           "The GitHub repository ajnaduvil/28-card-game-prototype."),
)

SOURCES: Mapping[str, Source] = MappingProxyType({s.label: s for s in _ALL})
"""Every source by its footnote label."""


def cite(label: str, what: str = "") -> str:
    """Source ``label`` named in words with its footnote reference, and ``what`` of it
    in parentheses: ``cite("003")`` is ``"the 28SIX app's help page[^003]"``."""
    text = f"{SOURCES[label].name}[^{label}]"
    return f"{text} ({what})" if what else text
