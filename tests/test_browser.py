"""In a real browser (headless Chromium): the replay steps through a round, shows no card
its audience did not see, and the documentation's pictures are drawn."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import twentyeight as te
from twentyeight.cli import main

from .browser import chromium, remote, watch_requests
from .helpers import built_site


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


def _played(seed: int, steps: int | None = None) -> te.Round:
    rnd = te.new_round("28", seed=seed)
    rng = random.Random(seed)
    while not rnd.is_over and (steps is None or steps > 0):
        rnd.apply(rng.choice(rnd.legal_actions()))
        steps = None if steps is None else steps - 1
    return rnd


def _replay(tmp_path: Path, record: dict[str, Any] | str, *args: str) -> Path:
    """The page ``twentyeight render`` writes for ``record``."""
    source = tmp_path / "record.json"
    source.write_text(record if isinstance(record, str) else json.dumps(record),
                      encoding="utf-8")
    page = tmp_path / "round.html"
    assert main(["render", str(source), "--html", str(page), *args]) == 0
    return page


def _shown(page: Any) -> Any:
    return page.locator("section.frame:not([hidden])")


def test_replay_steps_through_a_round(browser: Any, tmp_path: Path) -> None:
    rnd = _played(seed=5)
    assert rnd.result is not None
    path = _replay(tmp_path, rnd.to_json(), "--seat", "1")
    page = browser.new_page()
    requests = watch_requests(page)
    page.goto(path.as_uri())
    steps = page.locator("section.frame").count()
    assert steps == 2 + len(rnd.tricks) + 1
    assert _shown(page).count() == 1
    assert _shown(page).locator("h2").inner_text() == "The deal"
    assert page.locator("#where").inner_text() == f"Step 1 of {steps}"
    assert page.locator("#prev").is_disabled()
    # The deal: the four cards seat 1 held for the auction face up, nobody else's (the
    # other four come once the trump is chosen).
    dealt = sorted(str(c) for c in rnd.deal[1][:4])
    drawn = _shown(page).locator("g.card").evaluate_all(
        "gs => gs.map(g => g.getAttribute('data-card'))")
    assert sorted(drawn) == dealt
    page.click("#next")
    assert _shown(page).locator("h2").inner_text() == "The auction and the trump"
    assert _shown(page).locator("svg.tt-auction").is_visible()
    page.click("#next")
    assert _shown(page).locator("h2").inner_text() == "Trick 1"
    first = [str(c) for c in rnd.tricks[0].cards]
    in_trick = _shown(page).locator("svg.tt-trick g.card").evaluate_all(
        "gs => gs.map(g => g.getAttribute('data-card'))")
    assert in_trick == first
    page.keyboard.press("ArrowRight")
    assert _shown(page).locator("h2").inner_text() == "Trick 2"
    page.keyboard.press("ArrowLeft")
    assert _shown(page).locator("h2").inner_text() == "Trick 1"
    while not page.locator("#next").is_disabled():
        page.click("#next")
    assert _shown(page).locator("h2").inner_text() == "The score"
    score = _shown(page).locator("svg.tt-score").text_content() or ""
    points = rnd.result.card_points
    assert f"{points[0]} card points" in score and f"{points[1]} card points" in score
    assert ("made" if rnd.result.made else "failed") in score
    box = _shown(page).locator("svg.tt-score").bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 50
    assert remote(requests) == []


def test_public_replay_shows_no_card_its_audience_did_not_see(browser: Any,
                                                               tmp_path: Path) -> None:
    """Every step of a replay of seat 2's public record, as the browser has it (the whole
    document, hidden steps included): no other seat's unplayed card, no concealed trump."""
    rnd = next(r for r in (_played(seed=s, steps=21) for s in range(40))
               if not r.is_over and not r.trump_exposed and r.bidder not in (None, 2))
    assert rnd.concealed_card is not None
    unseen = {str(c) for s in (0, 1, 3) for c in rnd.hand(s)} | {str(rnd.concealed_card)}
    path = _replay(tmp_path, rnd.public_record(2))
    page = browser.new_page()
    page.goto(path.as_uri())
    drawn = set(page.locator("g.card").evaluate_all(
        "gs => gs.map(g => g.getAttribute('data-card'))"))
    assert drawn and not drawn & unseen
    names = {te.cards.Card.parse(c).pretty() for c in unseen}
    html = page.content()
    assert not any(n in html for n in names if f"{n}#" not in html)
    while not page.locator("#next").is_disabled():
        text = _shown(page).inner_text()
        assert not any(n in text for n in names)
        page.keyboard.press("ArrowRight")
    # The concealed trump is drawn face down beside its holder, never face up.
    assert page.locator("g.card-back title").count() > 0


def test_tutorial_pictures_are_drawn(browser: Any,
                                     tmp_path_factory: pytest.TempPathFactory) -> None:
    site = built_site(tmp_path_factory)
    page = browser.new_page()
    requests = watch_requests(page)
    page.goto((site / "tutorial" / "index.html").as_uri())
    pictures = page.locator("figure.tt-picture svg")
    assert pictures.count() >= 6
    for k in range(pictures.count()):
        box = pictures.nth(k).bounding_box()
        assert box is not None and box["width"] > 100 and box["height"] > 60, k
    # Cards are drawn with their suits as shapes, which have a size of their own.
    suit = page.locator("figure.tt-picture svg g.card path").first.bounding_box()
    assert suit is not None and suit["width"] > 3
    page.goto((site / "rules" / "28six" / "index.html").as_uri())
    assert page.locator("svg.tt-seating g.seat").count() == 6
    assert remote(requests) == []


@pytest.mark.parametrize("width", [390, 360])
def test_performance_page_reads_at_phone_width(browser: Any, width: int,
                                               tmp_path_factory: pytest.TempPathFactory) -> None:
    """At a phone's width the Performance page has no sideways scroll, and none of its
    tables is wider than its box (the theme would give that table a scroll of its own)."""
    site = built_site(tmp_path_factory)
    page = browser.new_page(viewport={"width": width, "height": 844})
    page.goto((site / "performance" / "index.html").as_uri())
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    tables = page.locator(".md-typeset table")
    assert tables.count() >= 8
    wide = page.evaluate("""() => [...document.querySelectorAll(
        '.md-typeset__scrollwrap, .md-typeset table')]
        .filter(e => e.scrollWidth > e.clientWidth + 1
                     || e.getBoundingClientRect().right > innerWidth + 1)
        .map(e => e.textContent.trim().slice(0, 60))""")
    assert wide == []
