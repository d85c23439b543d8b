"""In a real browser (headless Chromium): the replay steps through a round, shows no card
its audience did not see, and the documentation's pictures are drawn."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import twentyeight as te
from twentyeight import render
from twentyeight.cli import main

from .browser import chromium, contrast_problems, label_problems, remote, watch_requests
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


# ---------------------------------------------------------------- pictures in both themes

THEMES = ("light", "dark")
DEEP = bool(os.environ.get("TWENTYEIGHT_DEEP"))


def _picture_page(tmp_path: Path, name: str, svgs: list[str]) -> Path:
    """A plain page (white, as a file opened on its own) holding ``svgs``."""
    path = tmp_path / f"{name}.html"
    path.write_text("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
                    f"<title>{name}</title></head><body>{''.join(svgs)}</body></html>",
                    encoding="utf-8")
    return path


def _check_pictures(page: Any, shot: Path) -> None:
    """The screenshot of ``page``, then every text of its visible pictures: inside its
    picture, over no card, in a colour that reads on what lies behind it."""
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 1000
    assert label_problems(page) == []
    assert contrast_problems(page) == []


@pytest.mark.parametrize("name", ["28", "56", "304"])
def test_deck_labels_fit_their_boxes(browser: Any, tmp_path: Path, name: str) -> None:
    """Every suit's name ("diamonds", the longest) ends before the first card of its row,
    every note inside the picture."""
    page = browser.new_page()
    page.goto(_picture_page(tmp_path, "deck", [render.deck_svg(name)]).as_uri())
    assert page.locator("svg.tt-deck text", has_text="diamonds").count() == 1
    assert label_problems(page) == []


@pytest.mark.parametrize("theme", THEMES)
def test_deck_and_table_read_in_both_themes(browser: Any, tmp_path: Path,
                                            theme: str) -> None:
    """The deck, the table as a seat sees it (its hand, a trick on the felt, the trump
    beside its holder) and a trick, in a browser set to a light or a dark theme."""
    # Trick 2 under way; West (seat 3) holds the trump: from every seat's side, so the
    # holder sits at the bottom, on the left, at the top and on the right.
    rnd = _played(seed=3, steps=12)
    assert rnd.bidder == 3 and len(rnd.tricks) == 1
    view = rnd.view(1)
    svgs = [render.deck_svg("28"), render.trick_svg(view), render.auction_svg(view),
            render.score_svg(_played(seed=5).view(1)), render.seating_svg("28"),
            *(render.table_svg(rnd.view(s)) for s in range(4))]
    page = browser.new_page(color_scheme=theme)
    page.goto(_picture_page(tmp_path, theme, svgs).as_uri())
    _check_pictures(page, tmp_path / f"pictures-{theme}.png")


@pytest.mark.parametrize("theme", THEMES)
def test_replay_reads_in_both_themes(browser: Any, tmp_path: Path, theme: str) -> None:
    """Every step of the replay of seat 1, as ``twentyeight render --seat 1`` writes it,
    in a browser set to a light or a dark theme."""
    path = _replay(tmp_path, _played(seed=5).to_json(), "--seat", "1")
    page = browser.new_page(color_scheme=theme)
    page.goto(path.as_uri())
    step = 0
    while True:
        _check_pictures(page, tmp_path / f"replay-{theme}-{step}.png")
        if page.locator("#next").is_disabled():
            break
        page.keyboard.press("ArrowRight")
        step += 1
    assert step >= 10


@pytest.mark.parametrize("theme", [*THEMES, "toggled"])
def test_site_pictures_read_in_both_themes(browser: Any,
                                           tmp_path_factory: pytest.TempPathFactory,
                                           theme: str) -> None:
    """The tutorial's and the 28 rules page's pictures (deck, tables, tricks, auction,
    score, the worked example) on the site in its light and dark schemes: chosen by the
    system's setting, or by the site's toggle against it ("toggled": a light system,
    the dark scheme picked)."""
    site = built_site(tmp_path_factory)
    shots = tmp_path_factory.mktemp("shots")
    page = browser.new_page(color_scheme="dark" if theme == "dark" else "light")
    for where in ("tutorial", "rules/28"):
        page.goto((site / where / "index.html").as_uri())
        if theme == "toggled":
            # What the site's toggle sets (Material for MkDocs' palette switch).
            page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")
        _check_pictures(page, shots / f"{where.replace('/', '-')}-{theme}.png")


def test_seat_1_replay_draws_you_at_the_bottom(browser: Any, tmp_path: Path) -> None:
    """``render --seat 1``: at every step the lowest seat on the table is "You" (East,
    seat 1), and "Your hand" lies under it, as the tutorial says ("You are at the
    bottom"); South, seat 0, sits on the left."""
    path = _replay(tmp_path, _played(seed=5).to_json(), "--seat", "1")
    page = browser.new_page()
    page.goto(path.as_uri())
    tables = 0
    while True:
        table = _shown(page).locator("svg.tt-table")
        if table.count():
            seats = table.locator("g.seat").evaluate_all(
                "gs => gs.map(g => [g.querySelector('text').textContent,"
                " g.getBoundingClientRect().top, g.getBoundingClientRect().left])")
            lowest = max(seats, key=lambda s: s[1])
            assert lowest[0] == "You (East, seat 1)", seats
            south = next(s for s in seats if s[0] == "South (seat 0)")
            assert south[2] == min(s[2] for s in seats)
            hand = table.locator("text", has_text="Your hand").bounding_box()
            assert hand is not None and hand["y"] > lowest[1]
            tables += 1
        if page.locator("#next").is_disabled():
            break
        page.keyboard.press("ArrowRight")
    assert tables >= 10


def test_worked_example_steps_line_up(browser: Any,
                                      tmp_path_factory: pytest.TempPathFactory) -> None:
    """The 28 worked example's figures (tables and tricks of different widths, short and
    long captions): every picture and caption starts at the same left edge."""
    site = built_site(tmp_path_factory)
    page = browser.new_page()
    page.goto((site / "rules" / "28" / "index.html").as_uri())
    edges = page.locator("figure.tt-picture").evaluate_all(
        "fs => fs.map(f => [f.querySelector('svg').getBoundingClientRect().left,"
        " (f.querySelector('figcaption') || f).getBoundingClientRect().left,"
        " f.getBoundingClientRect().left])")
    assert len(edges) >= 7
    assert len({round(x) for edge in edges for x in edge}) == 1, edges


@pytest.mark.skipif(not DEEP, reason="every preset's pictures in both themes: set "
                                     "TWENTYEIGHT_DEEP=1 (the default run checks 28's)")
@pytest.mark.parametrize("name", sorted(te.presets()))
def test_every_preset_reads_in_both_themes(browser: Any, tmp_path: Path, name: str) -> None:
    """Every preset's deck, seating, and a table, trick, auction and score of a round
    part-played at random, for every seat, in both themes: labels fit, text reads."""
    rnd = te.new_round(name, seed=3)
    rng = random.Random(3)
    for _ in range(3 * rnd.players):
        if rnd.is_over:
            break
        rnd.apply(rng.choice(rnd.legal_actions()))
    svgs = [render.deck_svg(name), render.seating_svg(name)]
    for seat in range(rnd.players):
        view = rnd.view(seat)
        svgs += [render.table_svg(view), render.trick_svg(view), render.auction_svg(view),
                 render.score_svg(view)]
    for theme in THEMES:
        page = browser.new_page(color_scheme=theme)
        page.goto(_picture_page(tmp_path, f"{name}-{theme}", svgs).as_uri())
        _check_pictures(page, tmp_path / f"{name}-{theme}.png")
        page.close()


@pytest.mark.parametrize("theme", THEMES)
def test_the_analysis_is_a_layer_of_the_replay(browser: Any, tmp_path: Path,
                                               theme: str) -> None:
    """Issue 39: ``twentyeight analyse --html`` writes the replay with the analysis as a
    layer the reader turns on: under each trick analysed, each decision with the value
    of every legal action drawn with the library's cards, the one taken framed."""
    from twentyeight.analysis import analyse

    rnd = _played(seed=5)
    found = analyse(rnd, from_trick=5)
    source = tmp_path / "record.json"
    source.write_text(rnd.to_json(), encoding="utf-8")
    path = tmp_path / "analysed.html"
    assert main(["analyse", str(source), "--from-trick", "6", "--html", str(path)]) == 0
    page = browser.new_page(color_scheme=theme, viewport={"width": 360, "height": 800})
    requests = watch_requests(page)
    page.goto(path.as_uri())
    while _shown(page).locator("h2").inner_text() != "Trick 6":
        page.click("#next")
    layer = _shown(page).locator("div.analysis")
    assert layer.count() == 1 and not layer.is_visible()
    page.check("#show-analysis")
    assert layer.is_visible()
    in_trick = [d for d in found.decisions if d.tricks_done == 5]
    assert layer.locator("p").count() == len(in_trick)
    pictures = layer.locator("svg.tt-choice")
    choices = [d for d in in_trick if len(d.legal) > 1]
    assert pictures.count() == len(choices)
    for k, d in enumerate(choices):
        picture = pictures.nth(k)
        drawn = picture.locator("g.card").evaluate_all(
            "gs => gs.map(g => g.getAttribute('data-card'))")
        assert drawn == [str(a).split(" ", 1)[1] for a in d.legal
                         if str(a).startswith("play ")]
        assert d.double_dummy is not None
        notes = picture.locator("g.card text").all_text_contents()
        assert str(d.double_dummy[d.action]) in notes
    _check_pictures(page, tmp_path / f"analysis-{theme}.png")
    page.uncheck("#show-analysis")
    assert not layer.is_visible()
    assert remote(requests) == []


# ---------------------------------------------------------------- the table server


@contextmanager
def _live_server(db: Path) -> Iterator[tuple[str, Any]]:
    """``twentyeight serve``'s application on a free loopback port, in a thread; its
    address and the application. Stopped when the block ends."""
    import socket
    import threading
    import time

    import uvicorn

    from twentyeight.server import create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = create_app(str(db))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}", app
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def _wait(page: Any, predicate: str, timeout: float = 15.0) -> None:
    """Wait until the function ``predicate`` is true in ``page`` (polled from here: the
    page's policy forbids the evaluated strings Playwright's own waiting uses)."""
    import time

    from playwright.sync_api import Error

    deadline = time.monotonic() + timeout
    while True:
        try:
            if page.evaluate(predicate):
                return
        except Error as exc:  # the page is loading (a link followed, a reload)
            if "context was destroyed" not in str(exc):
                raise
        assert time.monotonic() < deadline, f"timed out waiting for {predicate}"
        page.wait_for_timeout(25)


def _drawn(page: Any) -> set[str]:
    cards: list[str] = page.locator("#picture g.card").evaluate_all(
        "gs => gs.map(g => g.getAttribute('data-card'))")
    return set(cards)


@pytest.mark.parametrize("width", [360, 1024])
def test_a_person_plays_a_deal_against_three_bots_in_the_browser(
        browser: Any, tmp_path: Path, width: int) -> None:
    """Issue 40: the server's page creates a table of 28, takes a seat against three
    bots and plays a whole deal by clicking, readable at the width given."""
    with _live_server(tmp_path / "tables.db") as (url, app):
        page = browser.new_page(viewport={"width": width, "height": 900})
        requests = watch_requests(page)
        page.goto(url + "/")
        page.wait_for_selector("#ruleset option[value='28']", state="attached")
        page.select_option("#ruleset", "28")
        page.click("#play-bots")
        page.wait_for_url("**/tables/*")
        table = next(iter(app.state.server.tables.values()))

        def played() -> list[Any]:
            """The deals played to a score so far (a deal may be annulled first)."""
            return [r for r in table.match.rounds if r.result.annulled is None]

        clicks = 0
        while not played():
            _wait(page, "() => document.body.dataset.actions !== undefined")
            before = page.evaluate("() => document.body.dataset.actions")
            # The last button: a card, a bid or a pass (the first may ask for a redeal).
            button = page.locator("#actions button.action").last
            button.wait_for(timeout=15_000)
            button.click()
            _wait(page, f"() => document.body.dataset.actions !== '{before}'")
            clicks += 1
            assert clicks < 200
            assert page.locator("#picture svg.tt-table").count() == 1
            width_now = page.evaluate("() => document.documentElement.scrollWidth")
            assert width_now <= width + 1, "the page scrolls sideways"
        [deal] = played()
        cards = [a for s, a in deal.history if s == 0 and str(a).startswith("play")]
        assert len(cards) == 8 and clicks >= 8
        assert "game points" in page.locator("#scores").inner_text()
        # Nothing but the server itself: no CDN, no font, no picture from elsewhere.
        ws_url = url.replace("http://", "ws://")
        assert requests and all(r.startswith((url + "/", ws_url + "/")) for r in requests)


def test_two_pages_at_one_table_each_see_only_their_own_hand(browser: Any,
                                                            tmp_path: Path) -> None:
    """Issue 40: two people at one table, each page drawing only its own cards."""
    with _live_server(tmp_path / "tables.db") as (url, app):
        first = browser.new_page()
        first.goto(url + "/")
        first.wait_for_selector("#ruleset option[value='28']", state="attached")
        first.select_option("#ruleset", "28")
        first.click("#new-table")
        first.wait_for_url("**/tables/*")
        second = browser.new_page()
        second.goto(first.url)
        with second.expect_navigation():
            second.locator("button[data-seat='1']").click()
        _wait(second, "() => document.body.dataset.actions !== undefined")
        _wait(first, "() => document.body.dataset.actions !== undefined")
        table = next(iter(app.state.server.tables.values()))
        assert sorted(table.holders) == [0, 1]
        for page, seat in ((first, 0), (second, 1)):
            _wait(page, "() => document.querySelectorAll('#picture g.card').length > 0")
            drawn = _drawn(page)
            rnd = table.round
            own = {str(c) for c in rnd.hand(seat)}
            others = {str(c) for s in range(4) if s != seat for c in rnd.hand(s)}
            assert drawn and drawn <= own and not drawn & others
