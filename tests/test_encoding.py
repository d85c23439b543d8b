"""The learning interface (issue 15): action indices, the legal mask, observations and
per-seat returns, checked over every registered ruleset (the third-party example plug-in
``twenty-twenty`` included), every modifier composition and the options that hide the
most.

1. Every legal action's index is in range and unique, ``action_of(action_id(a)) == a``,
   and the mask is exactly the legal set, at every position of random rounds.
2. The observation has the declared size, and a seat's observation does not change when
   the cards it cannot see are dealt again (``resample``): it carries nothing the view
   does not.
3. Its slices read back to what ``view(seat)`` says: the hand, the cards each seat
   played, the current trick, cards held, the phase and the seat to act, the contract,
   the trump as far as the seat knows it, cards shown, points and tricks won.
4. The action layout of every preset is frozen by ``tests/action_layout.json``
   (regenerate with ``python -m tests.test_encoding`` after a deliberate change, and
   bump ``ACTION_LAYOUT_VERSION``).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import twentyeight as te
from twentyeight.encoding import ACTION_LAYOUT_VERSION, ObservationLayout
from twentyeight.round import Round

from .helpers import compositions, no_action_indices

GOLDEN = Path(__file__).resolve().parent / "action_layout.json"

VARIANTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("28", {"seventh_card": True}),
    ("28+double+pair+single-hand", {"seventh_card": True}),
    ("28+double+single-hand", {"c_call": True}),
    ("40", {"trump_marker": "indicator"}),
    ("28", {"second_auction": 21}),
)


def targets() -> tuple[tuple[str, dict[str, Any]], ...]:
    """Every registered preset, every composition of modifiers, the variants above."""
    return (*((name, {}) for name in (*te.presets(), *compositions())), *VARIANTS)


def target_id(name: str, options: dict[str, Any]) -> str:
    return name + "".join(f"-{k}={v}" for k, v in options.items())


TARGETS = targets()
IDS = [target_id(n, o) for n, o in TARGETS]


def ruleset_of(name: str, options: dict[str, Any]) -> te.Ruleset:
    return te.ruleset(name, **options)


def positions(rs: te.Ruleset, seed: int) -> Iterator[Round]:
    """Every position of one random round (the live round), from the deal to the end."""
    rnd = rs.new_round(seed=seed, dealer=seed % rs.config.players)
    rng = random.Random(seed)
    yield rnd
    while not rnd.is_over:
        rnd.apply(rng.choice(rnd.legal_actions()))
        yield rnd


# ------------------------------------------------------------------ action indices


@pytest.mark.parametrize(("name", "options"), TARGETS, ids=IDS)
def test_legal_ids_are_in_range_unique_and_invert(name: str, options: dict[str, Any]) -> None:
    rs = ruleset_of(name, options)
    n = rs.num_actions
    for seed in (1, 2, 3):
        for rnd in positions(rs, seed):
            legal = rnd.legal_actions()
            ids = rnd.legal_action_ids()
            assert len(ids) == len(legal) == len(set(ids))
            assert all(0 <= i < n for i in ids)
            for action, i in zip(legal, ids, strict=True):
                assert rs.action_id(action) == i
                assert rs.action_of(i) == action
                assert rs.action_id(str(action)) == i
            mask = rnd.legal_mask()
            assert isinstance(mask, np.ndarray) and mask.dtype == bool and mask.shape == (n,)
            assert set(np.flatnonzero(mask).tolist()) == set(ids)


@pytest.mark.parametrize(("name", "options"), TARGETS, ids=IDS)
def test_every_index_is_one_action(name: str, options: dict[str, Any]) -> None:
    rs = ruleset_of(name, options)
    texts = [str(rs.action_of(i)) for i in range(rs.num_actions)]
    assert len(set(texts)) == rs.num_actions
    assert [str(a) for a in rs.actions] == texts
    assert all(rs.action_id(t) == i for i, t in enumerate(texts))


def test_action_of_refuses_what_is_no_index() -> None:
    """Issue 35, reliability 6: ``action_of`` refuses anything that is no index with
    ``ParseError`` alone (a 1-d or float array and a broken ``__index__`` raised
    ``TypeError``), negative numbers included; numpy integers and 0-d integer arrays
    are indices."""
    rs = te.ruleset("28")
    for bad in no_action_indices(rs.num_actions):
        with pytest.raises(te.ParseError):
            rs.action_of(bad)
    for good in (np.int64(5), np.uint8(5), np.int8(5), np.array(5), np.array(5, np.int16)):
        assert rs.action_of(good) == rs.action_of(5)


def test_action_id_refuses_actions_of_another_ruleset() -> None:
    with pytest.raises(te.ParseError):
        te.ruleset("28").action_id(te.ruleset("56").parse_action("bid 30 S"))
    with pytest.raises(te.ParseError):
        te.ruleset("28").action_id(object())  # type: ignore[arg-type]


@pytest.mark.parametrize("step", [1, 3])
def test_the_layout_follows_the_documented_order(step: int) -> None:
    rs = te.ruleset("28+double", bid_step=step)
    texts = [str(a) for a in rs.actions]
    size = rs.deck.size
    assert texts[:size] == [f"play {c}" for c in rs.deck.cards]
    assert texts[size] == "pass"
    # Bids from the lowest in steps, and the highest: 14, 17, ..., 26 and 28 in threes.
    ladder = [*range(rs.config.min_bid, rs.config.max_bid, step), rs.config.max_bid]
    bids = len(ladder)
    assert texts[size + 1:size + 1 + bids] == [f"bid {v}" for v in ladder]
    lays = texts[size + 1 + bids:size + 1 + bids + size]
    assert lays == [f"trump {c}" for c in rs.deck.cards]
    assert texts[-5:] == ["call-trump", "redeal", "double", "redouble", "call-c"]


def test_the_mask_is_a_list_without_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    from twentyeight import encoding

    monkeypatch.setattr(encoding, "_numpy", False)
    rnd = te.new_round("28", seed=4)
    mask = rnd.legal_mask()
    assert isinstance(mask, list) and len(mask) == rnd.ruleset.num_actions
    assert [i for i, on in enumerate(mask) if on] == sorted(rnd.legal_action_ids())


def layouts() -> dict[str, Any]:
    names = sorted(te.presets())
    return {"version": ACTION_LAYOUT_VERSION,
            "layouts": {name: [str(a) for a in te.ruleset(name).actions] for name in names}}


def test_action_layouts_match_the_golden_file() -> None:
    # A change here is a change for every saved policy: bump ACTION_LAYOUT_VERSION,
    # regenerate the file and say so in the CHANGELOG.
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    now = layouts()
    assert now["version"] == golden["version"]
    for name, texts in golden["layouts"].items():
        assert now["layouts"].get(name) == texts, name


# ------------------------------------------------------------------ observations


@pytest.mark.parametrize(("name", "options"), TARGETS, ids=IDS)
def test_observation_ignores_the_cards_a_seat_cannot_see(
        name: str, options: dict[str, Any]) -> None:
    rs = ruleset_of(name, options)
    rng = random.Random(7)
    for seed in (1, 2):
        for step, rnd in enumerate(positions(rs, seed)):
            if step % 3:
                continue
            for seat in range(rs.config.players):
                seen = rnd.observation(seat)
                assert len(seen) == rs.observation_size
                other = rnd.resample(seat, rng)
                assert other.observation(seat) == seen
                assert other.clone().observation(seat) == seen


@pytest.mark.parametrize(("name", "options"), TARGETS, ids=IDS)
def test_observation_reads_back_to_the_view(name: str, options: dict[str, Any]) -> None:
    rs = ruleset_of(name, options)
    for seed in (1, 2):
        for rnd in positions(rs, seed):
            for seat in range(rs.config.players):
                check_against_view(rs, rnd.observation(seat), rnd.view(seat))


SECOND_AUCTIONS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("304", {}),
    ("28", {"second_auction": 21}),
    ("28+double+pair+single-hand", {"second_auction": 21, "opener_must_bid": False,
                                    "all_pass": "opener-no-trump"}),
)


@pytest.mark.parametrize(("name", "options"), SECOND_AUCTIONS,
                         ids=[target_id(n, o) for n, o in SECOND_AUCTIONS])
def test_observation_reads_back_second_auction_bids(name: str, options: dict[str, Any]) -> None:
    """Issue 35, rules item 3: the auction slices hold a second auction's bids, passes
    and calls too (304's second auction opens at 250 once every card is dealt, 304
    rules document, "the second auction"; rajeevmen0n/fiftysix's ``second_auction``),
    at every position of the first seeded rounds that hold one with a bid, for every
    seat."""
    rs = ruleset_of(name, options)
    found = 0
    for seed in range(400):
        states = [rnd.clone() for rnd in positions(rs, seed)]
        if not any(c["window"] == "auction" and c["action"].startswith("bid")
                   for c in states[-1].view(0)["calls"]):
            continue
        for rnd in states:
            for seat in range(rs.config.players):
                check_against_view(rs, rnd.observation(seat), rnd.view(seat))
        found += 1
        if found == 3:
            return
    raise AssertionError(f"only {found} rounds of {name} with a bid in a second auction")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.sampled_from(TARGETS), seed=st.integers(0, 2**64 - 1),
       cut=st.integers(0, 200))
def test_every_registered_ruleset_observes_and_masks(
        which: tuple[str, dict[str, Any]], seed: int, cut: int) -> None:
    rs = ruleset_of(*which)
    rnd = rs.new_round(seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if rnd.is_over:
            break
        rnd.apply(rs.action_of(rng.choice(rnd.legal_action_ids())))
    for seat in range(rs.config.players):
        check_against_view(rs, rnd.observation(seat), rnd.view(seat))
    assert int(np.count_nonzero(rnd.legal_mask())) == len(rnd.legal_actions())


def test_observation_refuses_a_seat_that_is_not_one() -> None:
    rnd = te.new_round("28", seed=1)
    for bad in (-1, 4, "0", 1.0, None):
        with pytest.raises(te.SeatError):
            rnd.observation(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "options"), TARGETS, ids=IDS)
def test_observation_into_a_buffer_is_the_observation(name: str,
                                                      options: dict[str, Any]) -> None:
    """``observation(seat, out)`` writes exactly ``observation(seat)`` into a numpy array
    (float64 and float32) or a list, returns that buffer, and clears what an earlier
    observation left in it: one buffer serves every seat and every position."""
    rs = ruleset_of(name, options)
    arrays = (np.full(rs.observation_size, 7.0), np.full(rs.observation_size, 7.0,
                                                         dtype=np.float32))
    listed = [7.0] * rs.observation_size
    for rnd in positions(rs, 5):
        for seat in range(rs.config.players):
            plain = rnd.observation(seat)
            for buffer in arrays:
                assert rnd.observation(seat, buffer) is buffer
                assert buffer.tolist() == pytest.approx(plain)
            assert rnd.observation(seat, listed) is listed and listed == plain


def test_observation_refuses_a_buffer_that_cannot_take_it() -> None:
    rnd = te.new_round("28", seed=1)
    size = rnd.ruleset.observation_size
    for bad in ([0.0] * (size - 1), np.zeros(size + 1), np.zeros((2, size)), (0.0,) * size,
                "x" * size, object()):
        with pytest.raises(te.ObservationBufferError):
            rnd.observation(0, bad)


@pytest.mark.parametrize("name", sorted(te.presets()))
def test_observations_of_many_rounds_are_their_rows(name: str) -> None:
    """``Ruleset.observations``: one float32 row per round, each its observation, into a
    new array or the caller's; a list of the observations without numpy."""
    rs = te.ruleset(name)
    rounds = [rnd.clone() for rnd in positions(rs, 9)][::7]
    seats = [k % rs.config.players for k in range(len(rounds))]
    plain = [rnd.observation(seat) for rnd, seat in zip(rounds, seats, strict=True)]
    batch = rs.observations(rounds, seats)
    assert batch.dtype == np.float32 and batch.shape == (len(rounds), rs.observation_size)
    assert batch.tolist() == [pytest.approx(row, rel=1e-6) for row in plain]
    again = np.full((len(rounds), rs.observation_size), 3.0)
    assert rs.observations(rounds, seats, out=again) is again
    assert again.tolist() == plain


def test_observations_refuse_what_does_not_fit(monkeypatch: pytest.MonkeyPatch) -> None:
    rs = te.ruleset("28")
    rounds = [rs.new_round(seed=k) for k in range(3)]
    with pytest.raises(te.ConfigError, match="3 rounds but 2 seats"):
        rs.observations(rounds, [0, 1])
    with pytest.raises(te.ConfigError, match="not a round of 28"):
        rs.observations([*rounds[:2], te.new_round("29", seed=1)], [0, 1, 2])
    with pytest.raises(te.ObservationBufferError):
        rs.observations(rounds, [0, 1, 2], out=np.zeros((3, 5)))
    from twentyeight import encoding

    monkeypatch.setattr(encoding, "_numpy", False)
    assert rs.observations(rounds, [0, 1, 2]) == [r.observation(k) for k, r in enumerate(rounds)]


def test_observation_spec_names_contiguous_slices() -> None:
    for name in te.presets():
        spec = te.ruleset(name).observation_spec
        start = 0
        for part in spec.slices:
            assert part.start == start and part.size >= 1 and part.meaning
            start = part.stop
        assert start == spec.size == te.ruleset(name).observation_size


def bits(vector: list[float], spec: ObservationLayout, name: str) -> list[int]:
    return [i for i, x in enumerate(spec.read(vector, name)) if x]


def one(vector: list[float], spec: ObservationLayout, name: str) -> int:
    found = bits(vector, spec, name)
    assert len(found) == 1, (name, found)
    return found[0]


def check_against_view(rs: te.Ruleset, vec: list[float], view: dict[str, Any]) -> None:
    """Read the observation's slices back and compare them with ``view``."""
    spec = rs.observation_spec
    n = rs.config.players
    seat = view["seat"]
    cards = rs.deck.size
    text = rs.card_text

    def absolute(r: int) -> int:
        return r

    assert one(vec, spec, "seat") == seat
    assert one(vec, spec, "dealer") == view["dealer"]
    assert one(vec, spec, "seat_from_dealer") == (seat - view["dealer"]) % n
    assert [p.value for p in te.Phase][one(vec, spec, "phase")] == view["phase"]
    to_act = one(vec, spec, "to_act")
    assert (None if to_act == n else absolute(to_act)) == view["to_act"]
    assert sorted(text[c] for c in bits(vec, spec, "hand")) == sorted(view["hand"])
    held = spec.read(vec, "cards_held")
    assert [round(h * rs.config.hand_size) for h in held] == view["cards_held"]
    played: dict[int, list[str]] = {s: [] for s in range(n)}
    unseen = [0] * n  # cards cut face down that the seat has not seen (304)
    for trick in [*view["tricks"], view["trick"]]:
        for entry in trick["cards"]:
            if entry["card"] is None:
                unseen[entry["seat"]] += 1
            else:
                played[entry["seat"]].append(entry["card"])
    grid = spec.read(vec, "played")
    for r in range(n):
        got = sorted(text[c] for c in range(cards) if grid[r * cards + c])
        assert got == sorted(played[absolute(r)]), ("played", r)
    trick = spec.read(vec, "trick")
    now = [text[c] for k in range(n) for c in range(cards) if trick[k * cards + c]]
    assert now == [e["card"] for e in view["trick"]["cards"] if e["card"] is not None]
    if rs.config.cut_mode == "face-down":
        face_down = spec.read(vec, "face_down")
        assert [round(x * rs.config.hand_size) for x in face_down[:n]] == unseen
        assert [k for k, x in enumerate(face_down[n:]) if x] == [
            k for k, e in enumerate(view["trick"]["cards"]) if e["card"] is None]
    leader = one(vec, spec, "trick_leader")
    if view["trick"]["cards"]:
        assert absolute(leader) == view["trick"]["leader"]
    else:
        assert leader == n
    trumps_from = one(vec, spec, "trumps_from")
    assert (None if trumps_from == n else trumps_from) == view["trick"]["trumps_from"]
    contract = view["contract"]
    bidder = one(vec, spec, "bidder")
    if contract is None:
        assert bidder == n
        assert not bits(vec, spec, "contract")
    else:
        assert absolute(bidder) == contract["bidder"]
        target = spec.read(vec, "target")[0]
        points = rs.deck.total_points + rs.config.last_trick_points
        assert round(target * points) == (contract["target"] or 0)
        assert (1, 2, 4)[one(vec, spec, "multiplier")] == contract["multiplier"]
        kinds = ["bid", *(p.name for p in rs.config.plugins),
                 *(c for p in rs.config.plugins for c in p.contracts)]
        assert kinds[one(vec, spec, "contract")] == contract["kind"]
    # The auction slices hold both auctions: the first (``auction``) and a second one
    # (its calls are listed under ``calls``, in the window ``auction``).
    spoken = [*view["auction"], *(c for c in view["calls"] if c["window"] == "auction")]
    nbids = len(spec.bids)
    grid = spec.read(vec, "auction_bids")
    made = sorted((absolute(r), str(te.Bid(*spec.bids[b]))) for r in range(n)
                  for b in range(nbids) if grid[r * nbids + b])
    assert made == sorted((c["seat"], c["action"]) for c in spoken
                          if c["action"].startswith("bid"))
    passed = {c["seat"] for c in spoken if c["action"] == "pass"}
    assert set(bits(vec, spec, "auction_passed")) == passed
    most = rs.config.auction.max_calls(rs.config)
    calls = spec.read(vec, "auction_calls")
    assert [round(x * most) for x in calls] == [
        min(sum(c["seat"] == s for c in spoken), most) for s in range(n)]
    trump = view["trump"]
    flags = spec.read(vec, "trump")
    suits = rs.deck.spec.suits
    if trump is None:
        assert not bits(vec, spec, "trump_suit") and not bits(vec, spec, "trump_card")
    else:
        assert bool(flags[1]) == trump["exposed"]
        if "suit" in trump and trump["suit"] is not None:
            assert suits[one(vec, spec, "trump_suit")] == trump["suit"]
        else:
            assert not bits(vec, spec, "trump_suit")
        if "card" in trump:
            assert text[one(vec, spec, "trump_card")] == trump["card"]
        else:
            assert not bits(vec, spec, "trump_card")
        if "exposed_by" in trump:
            assert absolute(one(vec, spec, "exposed_by")) == trump["exposed_by"]
            assert one(vec, spec, "exposed_in_trick") + 1 == trump["exposed_in_trick"]
    if trump is None or "exposed_by" not in trump:
        assert one(vec, spec, "exposed_by") == n
        assert not bits(vec, spec, "exposed_in_trick")
    shown = spec.read(vec, "shown")
    got_shown = sorted((absolute(r), text[c]) for r in range(n) for c in range(cards)
                       if shown[r * cards + c])
    assert got_shown == sorted((e["seat"], e["card"]) for e in view["shown"])
    won = spec.read(vec, "tricks_won")
    wins = [0] * n
    for t in view["tricks"]:
        wins[t["winner"]] += 1
    assert [round(w * rs.config.tricks) for w in won] == wins
    pts = spec.read(vec, "card_points")
    total = rs.deck.total_points + rs.config.last_trick_points
    assert [round(pts[0] * total), round(pts[1] * total)] == view["card_points"]
    out = sorted(absolute(r) for r in bits(vec, spec, "sitting_out"))
    assert out == view["sitting_out"]


# ------------------------------------------------------------------ returns


@pytest.mark.parametrize("name", sorted(te.presets()))
def test_returns_are_each_seats_team_game_points(name: str) -> None:
    rs = te.ruleset(name)
    for seed in (1, 2, 3):
        rnd = rs.new_round(seed=seed)
        rng = random.Random(seed)
        while not rnd.is_over:
            assert rnd.returns() == (0.0,) * rs.config.players
            rnd.apply(rng.choice(rnd.legal_actions()))
        result = rnd.result
        assert result is not None
        assert rnd.returns() == tuple(float(result.game_points[s & 1])
                                      for s in range(rs.config.players))


def main() -> None:
    """Regenerate the golden action layouts."""
    GOLDEN.write_text(json.dumps(layouts(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}", file=sys.stderr)


if __name__ == "__main__":
    main()
