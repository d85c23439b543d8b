"""MkDocs hook: pictures drawn by the library (:mod:`twentyeight.render`) at build time.

A page asks for a picture with an HTML comment on a line of its own; the hook replaces it
with inline SVG drawn from the installed rulesets and from rounds played through the
engine, so a picture cannot drift from the code. Nothing is loaded from anywhere.

=====================================  ==================================================
marker                                 replaced by
=====================================  ==================================================
``<!-- picture: deck NAME -->``        ruleset ``NAME``'s deck, each card with its points
``<!-- picture: seating NAME -->``     the seats of ``NAME``'s table: the dealer, the
                                       order of play (counter-clockwise) and the teams
``<!-- picture: example-28 -->``       RULES.md 5's worked example, played through the
                                       engine: a ♣A discarded before the trump is called
                                       is no trump; the ♣Q played after it is
``<!-- picture: tutorial STEP -->``    one step (``deal``, ``auction``, ``trump``,
                                       ``play``, ``score``) of a round of 28 played by
                                       the heuristic bots, as seat 0 saw it
=====================================  ==================================================

The functions are importable for tests (``tests/test_site.py``).
"""

from __future__ import annotations

import functools
import html
import re
from typing import Any

import twentyeight as te
from twentyeight import render
from twentyeight.bots import HeuristicBot

MARKER = re.compile(r"^[ \t]*<!--[ \t]*picture:[ \t]*(?P<args>[^>]*?)[ \t]*-->[ \t]*$", re.M)
FENCE = re.compile(r"^[ \t]*(?P<fence>`{3,}|~{3,}).*?^[ \t]*(?P=fence)[ \t]*$", re.M | re.S)

# RULES.md 5 (source 000), with the deal of the example on docs/rules/28.md, seats named
# as everywhere (twentyeight.render.seats): West (seat 3) deals, South (seat 0) bids 14
# and lays the Jack of clubs; East (1) and North (2) have no hearts.
EXAMPLE_DEAL = [
    ["JC", "8H", "9C", "10C", "7H", "KH", "QH", "JS"],   # South, opener
    ["AC", "7C", "9S", "AS", "10S", "KS", "QS", "8S"],   # East
    ["QC", "KC", "8C", "7S", "JD", "9D", "AD", "10D"],   # North
    ["KD", "QD", "8D", "7D", "JH", "9H", "AH", "10H"],   # West, dealer
]
EXAMPLE_DEALER = 3
EXAMPLE_AUCTION = ("bid 14", "pass", "pass", "pass", "trump JC")
EXAMPLE_PLAY = (
    ("play 8H", "South leads the 8 of hearts."),
    ("play AC", "East has no heart and throws the Ace of clubs without calling for the "
                "trump. The trump is still face down, so this Ace is no trump, even though "
                "clubs turn out to be trumps."),
    ("call-trump", "North has no heart either and calls for the trump: South turns the "
                   "Jack of clubs face up. From now on clubs are trumps, and the Ace of "
                   "clubs already played is greyed: it does not count as one."),
    ("play QC", "North must trump, and plays the Queen of clubs: played after the "
                "exposure, it counts as a trump."),
    ("play AH", "West follows suit with the Ace of hearts. North's Queen of clubs, the "
                "only card that counts as a trump, wins the trick."),
)

TUTORIAL_SEED = 10
"""The seed of the tutorial's round: the reader's partner wins the auction, the trump is
called in the third trick, and the contract is made."""

def _figure(svg: str, caption: str = "") -> str:
    """A picture as a block of raw HTML that Markdown leaves alone."""
    text = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
    return f'<figure class="tt-picture">{svg}{text}</figure>'


def example_round() -> te.Round:
    """The worked example's round, dealt and bid, before its first card."""
    rnd = te.ruleset("28").new_round(deal=EXAMPLE_DEAL, dealer=EXAMPLE_DEALER)
    for action in EXAMPLE_AUCTION:
        rnd.apply(action)
    return rnd


def example_28() -> str:
    """RULES.md 5's worked example, step by step, each picture from the engine's view."""
    rnd = example_round()
    # What everyone at the table sees (a public record): no hand, no concealed card.
    out = [_figure(render.table_svg(rnd.public_record()),
                   "South won the auction with 14 and laid a card face down: nobody else "
                   "knows the trump.")]
    for step, (action, words) in enumerate(EXAMPLE_PLAY, 1):
        rnd.apply(action)
        view = rnd.public_record()
        out.append(_figure(render.trick_svg(view, caption=f"Step {step}: {action}"), words))
        if action == "call-trump":
            out.append(_figure(render.table_svg(view),
                               "The table once the trump is exposed: the Jack of clubs "
                               "is shown beside South."))
    trick = rnd.tricks[0]
    # The words above say so: the pictures must show it.
    assert [str(c) for c in trick.cards] == ["8H", "AC", "QC", "AH"], trick
    assert trick.winner == 2 and trick.trumps_from == 2, trick
    return "\n".join(out)


@functools.cache
def tutorial_round() -> dict[str, te.Round]:
    """A round of 28 played by the heuristic bots, kept at each step the tutorial shows."""
    rnd = te.new_round("28", seed=TUTORIAL_SEED)
    bots = [HeuristicBot(seed=s) for s in range(rnd.players)]
    kept = {"deal": rnd.clone()}

    def until(done: Any) -> None:
        while not done() and not rnd.is_over:
            seat = rnd.to_act
            assert seat is not None
            rnd.apply(bots[seat].choose(dict(rnd.view(seat))))

    until(lambda: rnd.phase.value != "auction")
    kept["auction"] = rnd.clone()
    until(lambda: rnd.phase.value == "play")
    kept["trump"] = rnd.clone()
    until(lambda: len(rnd.tricks) == 1)
    kept["play"] = rnd.clone()
    until(lambda: False)
    kept["score"] = rnd
    return kept


def tutorial(step: str) -> str:
    """One step of the tutorial's round, as seat 0 saw it."""
    kept = tutorial_round()
    if step not in kept:
        raise ValueError(f"no tutorial step {step!r}: one of {', '.join(kept)}")
    rnd = kept[step]
    # Seat 0 is the reader: "You (South, seat 0)", at the bottom of every table.
    view = rnd.view(0)
    if step == "deal":
        return _figure(render.table_svg(view),
                       "Your first four cards are at the bottom; the others hold theirs "
                       "face down.")
    if step == "auction":
        return _figure(render.auction_svg(view))
    if step == "trump":
        return _figure(render.table_svg(view))
    if step == "play":
        return "\n".join([_figure(render.trick_svg(view, 0)),
                          _figure(render.table_svg(view, trick=0))])
    return _figure(render.score_svg(view))


def picture(args: str) -> str:
    """The HTML for one marker's arguments (``deck 28``, ``example-28``, ...)."""
    words = args.split()
    kind, rest = (words[0], words[1:]) if words else ("", [])
    if kind == "deck" and len(rest) == 1:
        return _figure(render.deck_svg(rest[0]))
    if kind == "seating" and len(rest) == 1:
        return _figure(render.seating_svg(rest[0]))
    if kind == "example-28" and not rest:
        return example_28()
    if kind == "tutorial" and len(rest) == 1:
        return tutorial(rest[0])
    raise ValueError(f"unknown picture {args!r}")


def expand(markdown: str, page_path: str = "index.md") -> str:
    """``markdown`` with every picture marker outside code blocks replaced."""

    def replace(match: re.Match[str]) -> str:
        try:
            return picture(match["args"])
        except (ValueError, IndexError, te.TwentyEightError) as exc:
            raise ValueError(f"{page_path}: cannot draw {match[0].strip()!r}: {exc}") from exc

    out, end = [], 0
    for fence in FENCE.finditer(markdown):
        out += [MARKER.sub(replace, markdown[end:fence.start()]), fence[0]]
        end = fence.end()
    out.append(MARKER.sub(replace, markdown[end:]))
    return "".join(out)


def on_page_markdown(markdown: str, *, page: Any, config: Any, files: Any) -> str:
    """MkDocs event: draw the pictures of one page."""
    try:
        return expand(markdown, page.file.src_uri)
    except ValueError as exc:
        from mkdocs.exceptions import PluginError

        raise PluginError(str(exc)) from exc


__all__ = ["example_28", "example_round", "expand", "on_page_markdown", "picture", "tutorial",
           "tutorial_round"]
