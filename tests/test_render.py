"""twentyeight.render: pictures drawn from the engine, replays that show only what their
audience saw, and records that are refused cleanly."""

from __future__ import annotations

import copy
import errno
import json
import os
import random
import re
import stat
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import twentyeight as te
from twentyeight import render
from twentyeight.cards import SUIT_SYMBOLS, Card
from twentyeight.cli import main
from twentyeight.render.svg import card_name

from .helpers import hands, run

SVG = "{http://www.w3.org/2000/svg}"


def _played(name: str, seed: int, steps: int | None = None) -> te.Round:
    rnd = te.new_round(name, seed=seed)
    rng = random.Random(seed)
    while not rnd.is_over and (steps is None or steps > 0):
        rnd.apply(rng.choice(rnd.legal_actions()))
        steps = None if steps is None else steps - 1
    return rnd


def _parse(svg: str) -> ET.Element:
    """The picture as XML (it must be well-formed), with its checks: an accessible title
    first, nothing that loads or runs anything."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    assert root[0].tag == f"{SVG}title" and (root[0].text or "").strip()
    for element in root.iter():
        assert element.tag.split("}")[1] not in ("script", "image", "foreignObject", "use")
        assert not any(k.endswith("href") for k in element.attrib), element.attrib
    assert "url(" not in svg and "@import" not in svg
    return root


def _cards(root: ET.Element) -> list[str]:
    """The cards drawn face up."""
    return [g.get("data-card", "") for g in root.iter(f"{SVG}g") if g.get("data-card")]


# ---------------------------------------------------------------- pictures


@pytest.mark.parametrize("name", sorted(te.presets()))
def test_deck_shows_every_card_of_a_pack_with_its_points(name: str) -> None:
    rs = te.ruleset(name)
    root = _parse(render.deck_svg(rs))
    first_pack = [str(c) for c in rs.deck.cards if c.copy == 0]
    assert sorted(_cards(root)) == sorted(first_pack)
    titles = [t.text or "" for t in root.iter(f"{SVG}title")]
    for cid, c in enumerate(rs.deck.cards):
        if c.copy == 0:
            assert card_name(c, rs.deck.points[cid]) in titles
    assert f"{rs.deck.total_points} card points" in ET.tostring(root, encoding="unicode")


def test_deck_of_two_packs_says_so() -> None:
    svg = render.deck_svg("56")
    assert "2 packs" in svg and "#2" in svg


@pytest.mark.parametrize("players", [4, 6, 8])
def test_seating_runs_counter_clockwise_with_alternating_teams(players: int) -> None:
    root = _parse(render.seating_svg(players, dealer=0))
    seats = {int(g.get("data-seat", -1)): g for g in root.iter(f"{SVG}g") if g.get("data-seat")}
    assert sorted(seats) == list(range(players))
    centre_x = float(root.get("width", 0)) / 2
    centre_y = float(root.get("height", 0)) / 2

    def where(seat: int) -> tuple[float, float]:
        rect = seats[seat].find(f"{SVG}rect")
        assert rect is not None
        return (float(rect.get("x", 0)) + float(rect.get("width", 0)) / 2,
                float(rect.get("y", 0)) + float(rect.get("height", 0)) / 2)

    x0, y0 = where(0)
    x1, y1 = where(1)
    assert y0 > centre_y                      # seat 0 nearest the viewer
    assert x1 > centre_x                      # the next seat to its right: counter-clockwise
    # Counter-clockwise on the screen (y downwards): the cross product is negative.
    assert (x0 - centre_x) * (y1 - centre_y) - (y0 - centre_y) * (x1 - centre_x) < 0
    text = ET.tostring(root, encoding="unicode")
    for seat in range(players):
        assert f"team {seat % 2}" in ET.tostring(seats[seat], encoding="unicode")
    assert "dealer" in text and "opener" in text


def test_seating_of_a_ruleset_uses_its_player_count() -> None:
    assert render.seating_svg("56-eight").count("data-seat=") == 8
    assert render.seating_svg(te.ruleset("28six")).count("data-seat=") == 6


def test_hand_of_a_view_is_that_seats_hand() -> None:
    rnd = _played("28", seed=3, steps=12)
    for seat in range(4):
        root = _parse(render.hand_svg(rnd.view(seat)))
        assert _cards(root) == rnd.view(seat)["hand"]
    assert _cards(_parse(render.hand_svg(["JS", "10H", "AS#2"]))) == ["JS", "10H", "AS#2"]


def test_suits_are_coloured_and_drawn_as_shapes() -> None:
    svg = render.hand_svg(["JH", "JS"])
    assert "#c62828" in svg and "#1b1b1f" in svg
    assert not any(symbol in svg.split("</title>", 1)[1] for symbol in SUIT_SYMBOLS.values()
                   if f"<title>A hand: J{symbol}" not in svg)


def test_worked_example_trick_marks_which_club_counts() -> None:
    """RULES.md 5: the ♣A discarded before the call is no trump; the ♣Q after it is."""
    rnd = te.ruleset("28").new_round(dealer=0, deal=hands(
        "7C AH KH JS QH 9S AS 10S", "8H JH 9H 7H 10H JD 9D AD",
        "AC JC 8C KS 10D KD QD 8D", "QC 9C 10C KC QS 8S 7S 7D"))
    run(rnd, "bid 14", "pass", "pass", "bid 15", "pass", "trump 7C",
        "play 8H", "play AC", "call-trump", "play QC", "play AH")
    root = _parse(render.trick_svg(rnd.public_record(), 0))
    assert _cards(root) == ["8H", "AC", "QC", "AH"]
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "no trump yet" in texts and "trump, wins" in texts
    assert texts.index("no trump yet") < texts.index("trump, wins")


def test_table_hides_the_concealed_trump_from_all_but_its_holder() -> None:
    rnd = te.ruleset("28").new_round(dealer=0, deal=hands(
        "7C AH KH JS QH 9S AS 10S", "8H JH 9H 7H 10H JD 9D AD",
        "AC JC 8C KS 10D KD QD 8D", "QC 9C 10C KC QS 8S 7S 7D"))
    run(rnd, "bid 14", "pass", "pass", "bid 15", "pass", "trump 7C")
    assert "7C" in _cards(_parse(render.table_svg(rnd.view(0))))          # West laid it
    for seat in (1, 2, 3):
        drawn = _cards(_parse(render.table_svg(rnd.view(seat))))
        assert "7C" not in drawn and sorted(drawn) == sorted(rnd.view(seat)["hand"])
    assert _cards(_parse(render.table_svg(rnd.public_record()))) == []


def test_score_shows_result() -> None:
    rnd = _played("28", seed=4)
    assert rnd.result is not None
    svg = render.score_svg(rnd.public_record())
    _parse(svg)
    points = rnd.result.card_points
    assert f"{points[0]} card points" in svg and f"{points[1]} card points" in svg
    assert ("made" if rnd.result.made else "failed") in svg


@pytest.mark.parametrize("name", sorted(te.presets()))
def test_every_picture_of_every_preset_is_well_formed(name: str) -> None:
    for steps in (0, 9, 23, None):
        rnd = _played(name, seed=len(name), steps=steps)
        for source in (rnd.view(1), rnd.public_record(), rnd.public_record(0), rnd.record()):
            _parse(render.table_svg(source))
            _parse(render.trick_svg(source))
            _parse(render.auction_svg(source))
            _parse(render.score_svg(source))


def test_text_is_escaped() -> None:
    svg = render.hand_svg(["JS"], title='<b>&"')
    assert "<b>" not in svg and "&lt;b&gt;&amp;" in svg
    svg = render.table_svg(_played("28", 1, 10).view(0), names=["<x>", "b", "c", "d"])
    assert "<x>" not in svg and "&lt;x&gt;" in svg


# ---------------------------------------------------------------- replays


def _unseen(rnd: te.Round, seat: int) -> set[str]:
    """The cards ``seat`` has not seen: others' unplayed cards, and the concealed trump
    unless ``seat`` laid it."""
    out = {str(c) for other in range(rnd.players) if other != seat for c in rnd.hand(other)}
    trump = rnd.public_record()["trump"] or {}
    if trump.get("exposed"):
        out.discard(trump.get("card", ""))      # everyone saw it turned up
    if rnd.concealed_card is not None and not rnd.trump_exposed and rnd.bidder != seat:
        out.add(str(rnd.concealed_card))
    return out


def _mentions(page: str, text: str) -> bool:
    """Whether ``page`` shows card ``text``: as a drawn card, by its name or its symbol
    (a first copy's name is not a second copy's: "Ace of spades (second pack)")."""
    c = Card.parse(text)
    return (f'data-card="{text}"' in page
            or re.search(re.escape(card_name(c)) + r"(?! \(second)", page) is not None
            or re.search(re.escape(c.pretty()) + r"(?!#)", page) is not None)


@pytest.mark.parametrize("name", ["28", "29", "28six", "56-eight", "28+pair+double"])
def test_public_replay_holds_no_card_its_audience_has_not_seen(name: str) -> None:
    """The security property: a replay from seat k's public record (or spectators') never
    shows another seat's unplayed card nor a concealed trump, as a card, its id or its
    name."""
    checked = 0
    for seed in range(6):
        rnd = _played(name, seed=seed, steps=14 + 3 * seed)
        if rnd.is_over:
            continue
        for seat in (None, *range(rnd.players)):
            page = render.replay_html(rnd.public_record(seat))
            hidden = _unseen(rnd, -1 if seat is None else seat)
            for text in hidden:
                assert not _mentions(page, text), (name, seed, seat, text)
            checked += len(hidden)
    assert checked > 50


def test_replay_of_a_private_record_is_read_for_the_seat_asked() -> None:
    rnd = _played("28", seed=2, steps=20)
    from_record = render.replay_html(json.loads(rnd.to_json()), 2)
    assert from_record == render.replay_html(rnd.public_record(2))
    for text in _unseen(rnd, 2):
        assert not _mentions(from_record, text)


def test_replay_steps_through_the_round() -> None:
    rnd = _played("28", seed=5)
    steps = render.frames(rnd.public_record(1))
    assert [f.title for f in steps][:2] == ["The deal", "The auction and the trump"]
    assert [f.title for f in steps][2:-1] == [f"Trick {k}" for k in range(1, 9)]
    assert steps[-1].title == "The score"
    for k, trick in enumerate(rnd.tricks):
        frame = steps[2 + k]
        for c in trick.cards:
            assert c.pretty() in frame.caption
        assert all(_parse(svg) is not None for svg in frame.pictures)
    page = render.replay_html(rnd.public_record(1))
    assert page.count('<section class="frame"') == len(steps)
    assert "Content-Security-Policy" in page and "default-src 'none'" in page
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)


@pytest.mark.parametrize(("name", "before"), [("28", 4), ("28six", 6)])
def test_the_deal_shows_only_the_cards_dealt_before_the_auction(name: str, before: int) -> None:
    """28 deals four cards, holds the auction, then deals four more: the replay's deal
    shows the seat's four; 28SIX deals all six before its auction."""
    rnd = _played(name, seed=5)
    seat = rnd.ruleset.config.players - 1
    record = rnd.public_record(seat)
    assert len(record["auction_hand"]) == before
    assert set(record["auction_hand"]) <= set(record["dealt"])
    deal = render.frames(record)[0]
    faces = re.findall(r'data-card="([^"]+)"', "".join(deal.pictures))
    assert sorted(faces) == sorted(record["auction_hand"])


def _public(seed: int = 7) -> dict[str, Any]:
    rnd = _played("28", seed=seed, steps=22)
    record: dict[str, Any] = json.loads(json.dumps(rnd.public_record(1)))
    return record


@pytest.mark.parametrize("change", [
    lambda r: r.update(format="twentyeight.round"),
    lambda r: r.update(ruleset="no-such-ruleset"),
    lambda r: r.update(players=5),
    lambda r: r.update(extra=1),
    lambda r: r["hand"].append("ZZ"),
    lambda r: r["hand"].append("<script>alert(1)</script>"),
    lambda r: r["tricks"][0].update(winner=9),
    lambda r: r["tricks"][0]["cards"][0].update(card=["JS"]),
    lambda r: r["trick"].update(cards="JS"),
    lambda r: r["actions"].append({"seat": 0, "action": "x" * 10_000}),
    lambda r: r.update(trump={"marker": "hand-card", "exposed": "yes"}),
    lambda r: r.update(result={"made": True, "card_points": [1], "game_points": [0, 0]}),
    lambda r: r.update(contract={"bidder": -1, "bid": 14}),
    lambda r: r.update(audience=None),
    lambda r: r.update(version=True),
])
def test_hostile_public_records_are_refused_with_record_error(change: Any) -> None:
    record = _public()
    change(record)
    with pytest.raises(te.RecordError):
        render.replay_html(record)


def test_random_damage_gives_record_error_or_a_page() -> None:
    """Any field replaced by any JSON value: a RecordError or a well-formed page, never
    another exception."""
    rng = random.Random(1)
    base = _public(3)
    values: list[Any] = [None, True, -1, 0, 3, 10**40, 1.5, "", "JS", "<", [], [1], {},
                         {"seat": 0}, [{"seat": 0, "card": "JS"}], "x" * 300]
    refused = 0
    for _ in range(300):
        record = copy.deepcopy(base)
        target: Any = record
        key: Any = rng.choice(list(record))
        while isinstance(target[key], (dict, list)) and target[key] and rng.random() < 0.6:
            target = target[key]
            key = rng.choice(list(target)) if isinstance(target, dict) \
                else rng.randrange(len(target))
        target[key] = rng.choice(values)
        try:
            page = render.replay_html(record)
        except te.RecordError:
            refused += 1
            continue
        assert page.startswith("<!DOCTYPE html>") and "<script>alert" not in page
    assert refused > 100


# ---------------------------------------------------------------- the command


def test_render_command_writes_a_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    rnd = _played("28", seed=8)
    record = tmp_path / "round.json"
    record.write_text(rnd.to_json(), encoding="utf-8")
    out = tmp_path / "round.html"
    assert main(["render", str(record), "--html", str(out), "--seat", "3"]) == 0
    page = out.read_text(encoding="utf-8")
    assert page == render.replay_html(rnd.public_record(3))
    assert "wrote" in capsys.readouterr().out


@pytest.mark.parametrize(("content", "says"), [
    (b"", "not valid JSON"),
    (b"\xff\xfe\x00", "not valid JSON"),
    (b"[1, 2", "not valid JSON"),
    (b"[" * 10_000, "not valid JSON"),
    (b"[" * 100_000, "too many JSON items"),
    (b'{"format": "twentyeight.round"}', "version"),
    (b'{"format": "twentyeight.public-round", "version": 1, "ruleset": "28"}', "players"),
    (b" " * 1_000_001, "too large"),
])
def test_render_command_refuses_bad_records_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, says: str) -> None:
    record = tmp_path / "bad.json"
    record.write_bytes(content)
    assert main(["render", str(record), "--html", str(tmp_path / "x.html")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("twentyeight: error: ") and says in err
    assert "Traceback" not in err and err.count("\n") == 1
    assert not (tmp_path / "x.html").exists()


def test_render_command_names_missing_files_and_wrong_seats(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", str(tmp_path / "none.json"), "--html", "x.html"]) == 1
    assert "cannot read" in capsys.readouterr().err
    record = tmp_path / "r.json"
    record.write_text(_played("28", seed=1, steps=5).to_json(), encoding="utf-8")
    assert main(["render", str(record), "--html", str(tmp_path / "x.html"), "--seat", "7"]) == 1
    assert "seat" in capsys.readouterr().err
    public = tmp_path / "p.json"
    public.write_text(json.dumps(_public()), encoding="utf-8")
    assert main(["render", str(public), "--html", str(tmp_path / "x.html"), "--seat", "0"]) == 1
    assert "seat 1 saw" in capsys.readouterr().err
    assert main(["render", str(record), "--html", str(tmp_path / "no" / "x.html")]) == 1
    assert "cannot write" in capsys.readouterr().err


@pytest.mark.parametrize("options", [[1], {1: 2}, {"min_bid": "x"}, {"bid_step": 99}])
def test_a_view_naming_options_no_ruleset_takes_is_drawn_without_points(options: Any) -> None:
    """Points come from the ruleset a view names; options that do not build one leave
    the badges out rather than raise anything but the library's own errors."""
    view = dict(te.new_round("28", seed=3).view(1))
    view["options"] = options
    svg = render.hand_svg(view)
    assert _parse(svg) is not None and 'class="card"' in svg


# ------------------------------------------------- what is at the output path (issue 35)


def _record(tmp_path: Path) -> Path:
    record = tmp_path / "round.json"
    record.write_text(_played("28", seed=8).to_json(), encoding="utf-8")
    return record


def test_render_writes_through_a_symlink(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """A link at the output path stays a link; the page goes to the file it names."""
    record = _record(tmp_path)
    (tmp_path / "pages").mkdir()
    real = tmp_path / "pages" / "real.html"
    real.write_text("old", encoding="utf-8")
    real.chmod(0o640)
    link = tmp_path / "link.html"
    link.symlink_to(real)
    assert main(["render", str(record), "--html", str(link)]) == 0
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert real.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert real.stat().st_mode & 0o7777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.html", "pages", "round.json"]
    assert os.listdir(tmp_path / "pages") == ["real.html"]
    capsys.readouterr()


def test_render_refuses_a_fifo_in_one_line_and_leaves_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A FIFO (like a device) is not replaced by a regular file: the command refuses it.
    Nothing reads the FIFO here, so a command that wrote into it would block."""
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this platform")
    record = _record(tmp_path)
    fifo = tmp_path / "p.html"
    os.mkfifo(fifo, 0o600)
    assert main(["render", str(record), "--html", str(fifo)]) == 1
    err = capsys.readouterr().err
    assert err == f"twentyeight: error: cannot write {fifo}: it is a FIFO, not a regular " \
                  "file; it was left as it is\n"
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert stat.S_IMODE(os.lstat(fifo).st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.html", "round.json"]
    # A link to the FIFO is refused the same way.
    link = tmp_path / "to-fifo.html"
    link.symlink_to(fifo)
    assert main(["render", str(record), "--html", str(link)]) == 1
    assert "it is a FIFO" in capsys.readouterr().err
    assert link.is_symlink() and stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o604, 0o755])
def test_render_keeps_an_existing_files_mode(
        tmp_path: Path, mode: int, capsys: pytest.CaptureFixture[str]) -> None:
    record = _record(tmp_path)
    out = tmp_path / "round.html"
    out.write_text("old", encoding="utf-8")
    out.chmod(mode)
    assert main(["render", str(record), "--html", str(out)]) == 0
    assert stat.S_IMODE(out.stat().st_mode) == mode
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    capsys.readouterr()


def test_a_new_page_gets_the_umask_mode(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    record = _record(tmp_path)
    out = tmp_path / "new.html"
    mask = os.umask(0o027)
    try:
        assert main(["render", str(record), "--html", str(out)]) == 0
    finally:
        os.umask(mask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    capsys.readouterr()


@pytest.mark.parametrize("length", [242, 250, 255])
def test_render_writes_a_file_name_of_up_to_255_characters(
        tmp_path: Path, length: int, capsys: pytest.CaptureFixture[str]) -> None:
    """The temporary name does not grow with the target's: a name the file system takes
    is written (the old temporary name added 12 or more characters to it)."""
    record = _record(tmp_path)
    out = tmp_path / ("r" * (length - 5) + ".html")
    try:
        out.write_text("", encoding="utf-8")
    except OSError:
        pytest.skip(f"this file system takes no {length}-character names")
    out.unlink()
    assert main(["render", str(record), "--html", str(out)]) == 0, capsys.readouterr().err
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([out.name, "round.json"])
    capsys.readouterr()


def test_a_failed_write_leaves_the_target_and_no_temporary_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    record = _record(tmp_path)
    out = tmp_path / "round.html"
    out.write_text("old", encoding="utf-8")

    def full(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    assert main(["render", str(record), "--html", str(out)]) == 1
    assert capsys.readouterr().err == \
        f"twentyeight: error: cannot write {out}: No space left on device\n"
    assert out.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["round.html", "round.json"]


def test_every_file_the_command_writes_goes_through_one_helper() -> None:
    """No other writing of files in the command's modules: a new one must use the
    helper that treats links, FIFOs and modes as above."""
    import twentyeight.cli
    import twentyeight.render

    writes = re.compile(r"\.write_text|\.write_bytes|os\.replace|\.replace\(\w+\)|os\.rename|"
                        r"open\([^)]*[\"'][wax]b?\+?[\"']|mkstemp")
    found = []
    for package in (twentyeight.cli, twentyeight.render):
        for source in Path(package.__file__).parent.glob("*.py"):
            for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
                if writes.search(line) and source.name != "files.py":
                    found.append(f"{source.name}:{number}: {line.strip()}")
    assert found == []


def test_render_shows_a_file_name_with_its_control_characters_escaped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _record(tmp_path)
    out = tmp_path / "a\033]0;x\007.html"
    assert main(["render", str(record), "--html", str(out)]) == 0
    said = capsys.readouterr().out
    assert "a\\x1b]0;x\\x07.html" in said and "\033" not in said
    assert main(["render", str(tmp_path / "no\033[2J.json"), "--html", str(out)]) == 1
    err = capsys.readouterr().err
    assert "no\\x1b[2J.json" in err and "\033" not in err


# ---------------------------------------------------------------- seats and counts


def _texts(root: ET.Element, under: str = "") -> list[str]:
    """The text of every ``<text>`` (inside the elements of class ``under``, if given)."""
    scopes = [g for g in root.iter() if under in (g.get("class") or "").split()] \
        if under else [root]
    return [t.text or "" for scope in scopes for t in scope.iter(f"{SVG}text")]


def test_seating_marks_each_turn_as_an_ordinal() -> None:
    """The mark before a seat says its turn to bid (``4th``), never a bare number that
    reads as the number of the seat named beside it."""
    root = _parse(render.seating_svg("28", dealer=0))
    assert _texts(root, "turn") == ["4th", "1st", "2nd", "3rd"]
    assert not [t for t in _texts(root) if t.strip().isdigit()]
    assert _texts(root, "seat")[0] == "South (seat 0)"


def test_auction_step_shows_the_cards_each_seat_holds() -> None:
    """Until the trump is chosen in 28 each seat holds its first four cards: the replay's
    deal and auction steps say 4, as many as the hand drawn under the table (RULES.md 2,
    the deal 4 + 4)."""
    rnd = _played("28", seed=5)
    steps = render.frames(rnd.public_record(1))
    for step in steps[:2]:
        root = _parse(step.pictures[-1])
        lines = _texts(root, "seat")
        assert sum("· 4 cards" in t for t in lines) == 4, lines
        # Full-size cards: the hand (the small one is the trump beside its holder).
        hand = [g.get("data-card") for g in root.iter(f"{SVG}g") if g.get("data-card")
                and g.find(f"{SVG}rect").get("width") == str(render.svg.CARD_W)]
        assert sorted(hand) == sorted(str(c) for c in rnd.deal[1][:4])
    assert sum("· 7 cards" in t for t in _texts(_parse(steps[2].pictures[0]), "seat")) == 4


@pytest.mark.parametrize("seat", range(4))
def test_the_audience_is_you_at_the_bottom(seat: int) -> None:
    """Whichever seat a table is drawn for is "You" with its compass name and number, and
    sits lowest; the others keep theirs (South is seat 0)."""
    rnd = _played("28", seed=5, steps=10)
    root = _parse(render.table_svg(rnd.view(seat)))
    compass = ["South", "East", "North", "West"]
    names = {}
    for g in root.iter(f"{SVG}g"):
        if g.get("class") == "seat":
            rect = g.find(f"{SVG}rect")
            assert rect is not None
            names[_texts(g)[0]] = float(rect.get("y", 0))
    you = f"You ({compass[seat]}, seat {seat})"
    assert set(names) == {you} | {f"{compass[s]} (seat {s})" for s in range(4) if s != seat}
    assert max(names, key=names.__getitem__) == you
