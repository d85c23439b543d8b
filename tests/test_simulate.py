"""Bulk simulation: the same statistics for any number of processes and any executor,
and bots that choose from the legal action objects exactly as they would from a view."""

from __future__ import annotations

import os
import pickle
import re
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import attrs
import pytest

import twentyeight as te
from twentyeight.actions import Action
from twentyeight.bots import (
    BOT_KINDS,
    Bot,
    HeuristicBot,
    RandomBot,
    SimulationStats,
    default_chunk_size,
    play_round,
    simulate,
)
from twentyeight.bots.simple import bot_action
from twentyeight.cli import main
from twentyeight.round import MAX_SEED

RULESETS = ["28", "29", "56", "28+double+single-hand"]
"""Rulesets the runs compare on: three families and a composed one with calls."""


@pytest.fixture(scope="module")
def pool() -> Iterator[ProcessPoolExecutor]:
    with ProcessPoolExecutor(2) as executor:
        yield executor


def _stats_lines(out: str) -> list[str]:
    return [ln for ln in out.splitlines() if not ln.startswith("Speed:")]


def _speed(out: str) -> str:
    return next(ln for ln in out.splitlines() if ln.startswith("Speed:"))


# ---------------------------------------------------------------------- the command


@pytest.mark.parametrize("bots", ["random", "heuristic"])
@pytest.mark.parametrize("name", RULESETS)
def test_jobs_2_prints_the_statistics_of_jobs_1(
        name: str, bots: str, capsys: pytest.CaptureFixture[str]) -> None:
    rounds = "60" if bots == "random" else "24"

    def run(jobs: str) -> str:
        assert main(["simulate", "--ruleset", name, "--rounds", rounds, "--seed", "5",
                     "--bots", bots, "--jobs", jobs]) == 0
        captured = capsys.readouterr()
        assert captured.err == ""
        return captured.out

    one, two = run("1"), run("2")
    assert _stats_lines(two) == _stats_lines(one)
    assert re.fullmatch(r"Speed: +\d+ rounds/s \(\d+\.\d\d s, 1 job\)", _speed(one))
    assert re.fullmatch(r"Speed: +\d+ rounds/s \(\d+\.\d\d s, 2 jobs\)", _speed(two))


def test_no_more_jobs_than_chunks_of_work(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rounds", "3", "--seed", "2", "--bots", "random"]) == 0
    one = capsys.readouterr().out
    assert main(["simulate", "--rounds", "3", "--seed", "2", "--bots", "random",
                 "--jobs", "8"]) == 0
    eight = capsys.readouterr().out
    assert _stats_lines(eight) == _stats_lines(one)
    assert _speed(eight).endswith(", 3 jobs)")  # one round a chunk, one chunk a worker


@pytest.mark.parametrize("value", ["0", "-1", "-3", "two", "1.5", ""])
def test_jobs_must_be_a_positive_count(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rounds", "2", "--jobs", value]) == 2
    captured = capsys.readouterr()
    assert "argument --jobs" in captured.err
    assert "Traceback" not in captured.out + captured.err
    assert captured.out == ""


def test_jobs_0_says_at_least_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--jobs", "0"]) == 2
    assert "must be at least 1, got 0" in capsys.readouterr().err


def test_jobs_has_a_ceiling(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rounds", "2", "--jobs", "100000"]) == 2
    assert "must be at most 1024, got 100000" in capsys.readouterr().err


def test_one_round_needs_no_pool(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rounds", "1", "--seed", "3", "--jobs", "4"]) == 0
    assert _speed(capsys.readouterr().out).endswith(", 1 job)")


def test_an_interrupted_run_stops_its_workers_at_once() -> None:
    import time

    from twentyeight.cli.commands import _ignore_interrupts, _stop_workers

    pool = ProcessPoolExecutor(2, initializer=_ignore_interrupts)
    futures = [pool.submit(time.sleep, 600) for _ in range(4)]
    # Both workers started and busy, so that the stop has something to stop.
    deadline = time.monotonic() + 60
    while not (futures[0].running() and futures[1].running()
               and len(pool._processes) == 2):  # type: ignore[attr-defined]
        assert time.monotonic() < deadline, "the workers did not start"
        time.sleep(0.01)
    processes = list(pool._processes.values())  # type: ignore[attr-defined]
    _stop_workers(pool)
    deadline = time.monotonic() + 30  # a sleeping chunk is not waited for: 600 s
    for process in processes:
        process.join(timeout=30)
        # The pool's own thread may reap the process first, and then is_alive() cannot
        # tell: ask the system whether the process still exists.
        while True:
            try:
                os.kill(process.pid, 0)
            except ProcessLookupError:
                break
            assert time.monotonic() < deadline, f"worker {process.pid} still runs"
            time.sleep(0.01)


def test_help_describes_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--help"]) == 0
    assert "--jobs" in capsys.readouterr().out


# ---------------------------------------------------------------------- the function


@pytest.mark.parametrize("bots", ["random", "heuristic"])
@pytest.mark.parametrize("name", RULESETS)
def test_a_process_pool_gives_the_statistics_of_one_process(
        name: str, bots: str, pool: ProcessPoolExecutor) -> None:
    rs = te.ruleset(name)
    rounds = 40 if bots == "random" else 16
    here = simulate(rs, rounds, bots, seed=11)
    for chunk in (None, 1, 7, 1000):
        there = simulate(rs, rounds, bots, seed=11, executor=pool, chunk_size=chunk)
        assert there == here, chunk
    assert here.rounds == rounds
    assert here.scored + here.annulled_total == rounds
    assert sum(n for _, _, n, _ in here.contracts) == here.scored
    assert sum(made for _, _, _, made in here.contracts) == here.made


def test_any_executor_will_do_and_options_travel(pool: ProcessPoolExecutor) -> None:
    rs = te.ruleset("28+pair+double", seventh_card=True)
    assert rs.changed_options()  # rebuilt in the worker from its name and options
    here = simulate(rs, 30, "random", seed=3)
    with ThreadPoolExecutor(3) as threads:
        assert simulate(rs, 30, "random", seed=3, executor=threads, chunk_size=4) == here
    assert simulate(rs, 30, "random", seed=3, executor=pool, chunk_size=4) == here
    assert simulate(te.ruleset("28+pair+double"), 30, "random", seed=3) != here


def test_a_bot_class_is_a_factory_that_travels(pool: ProcessPoolExecutor) -> None:
    by_name = simulate("29", 20, "random", seed=8)
    by_class = simulate("29", 20, RandomBot, seed=8, executor=pool, chunk_size=3)
    assert by_class.bots == "RandomBot"
    assert attrs.evolve(by_class, bots="random") == by_name


def test_the_seed_is_drawn_from_in_the_commands_order() -> None:
    """Each round's deal seed, then one seed a seat, from one generator; the dealer
    moves round the table: what ``twentyeight simulate`` has always done."""
    import random

    rs = te.ruleset("28")
    rng = random.Random(21)
    made = scored = 0
    game_points = [0, 0]
    for k in range(12):
        rnd = rs.new_round(seed=rng.randrange(MAX_SEED), dealer=k % 4)
        play_round(rnd, [HeuristicBot(rng.randrange(2**32)) for _ in range(4)])
        result = rnd.result
        assert result is not None
        if result.annulled is None:
            scored += 1
            made += bool(result.made)
            game_points = [a + b for a, b in zip(game_points, result.game_points, strict=True)]
    stats = simulate(rs, 12, "heuristic", seed=21)
    assert (stats.scored, stats.made, list(stats.game_points)) == (scored, made, game_points)


def test_stats_are_a_frozen_picklable_value() -> None:
    stats = simulate("28", 10, "random", seed=1)
    assert isinstance(stats, SimulationStats)
    assert stats.ruleset == "28" and stats.bots == "random" and stats.seed == 1
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        stats.rounds = 3  # type: ignore[misc]
    again = pickle.loads(pickle.dumps(stats))
    assert again == stats
    assert attrs.evolve(stats, seconds=stats.seconds + 5) == stats  # time is not compared
    assert stats.rounds_per_second > 0


def test_without_a_seed_one_is_chosen_and_reported() -> None:
    stats = simulate("28", 4, "random")
    assert 0 <= stats.seed < MAX_SEED
    assert simulate("28", 4, "random", seed=stats.seed) == stats


def test_progress_is_reported_in_rounds(pool: ProcessPoolExecutor) -> None:
    seen: list[int] = []
    simulate("28", 5, "random", seed=1, progress=seen.append)
    assert seen == [1, 2, 3, 4, 5]
    seen.clear()
    simulate("28", 5, "random", seed=1, executor=pool, chunk_size=2, progress=seen.append)
    assert seen == [2, 4, 5]


def test_an_unregistered_ruleset_plays_here_but_is_not_sent_away() -> None:
    cfg = te.ruleset("28").config
    custom = te.Ruleset(attrs.evolve(cfg, name="28-custom", aliases=()))
    stats = simulate(custom, 6, "random", seed=2)
    assert stats.ruleset == "28-custom" and stats.rounds == 6
    with ThreadPoolExecutor(1) as threads, pytest.raises(ValueError, match="cannot rebuild"):
        simulate(custom, 6, "random", seed=2, executor=threads)
    # A registered name on a different config is refused too.
    impostor = te.Ruleset(attrs.evolve(cfg, name="29", aliases=()))
    with ThreadPoolExecutor(1) as threads, pytest.raises(ValueError, match="cannot rebuild"):
        simulate(impostor, 6, "random", seed=2, executor=threads)


@pytest.mark.parametrize("kwargs", [
    {"rounds": -1}, {"rounds": True}, {"rounds": 2.0}, {"chunk_size": 0},
    {"bots": "clever"},
])
def test_bad_arguments_are_refused(kwargs: dict[str, Any]) -> None:
    args: dict[str, Any] = {"ruleset": "28", "rounds": 2, "bots": "random", "seed": 1}
    with pytest.raises(ValueError):
        simulate(**(args | kwargs))


def test_zero_rounds_give_empty_statistics() -> None:
    stats = simulate("28", 0, "random", seed=1)
    assert (stats.rounds, stats.scored, stats.annulled, stats.contracts) == (0, 0, (), ())


def test_default_chunk_size() -> None:
    assert default_chunk_size(2000, 2) == 250
    assert default_chunk_size(100, 2) == 13
    assert default_chunk_size(3, 8) == 1
    assert default_chunk_size(0, 2) == 1
    assert 1 <= default_chunk_size(10**6) <= 250
    assert set(BOT_KINDS) == {"heuristic", "ismcts", "pimc", "random"}


# ---------------------------------------------------------------------- the fast route


class _ViewOnly:
    """A bot seen only through its ``choose``: the route every bot took before."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def choose(self, view: dict[str, Any]) -> str:
        return self.bot.choose(view)


def _old_play_round(rnd: te.Round, bots: list[Bot]) -> None:
    """The loop as it was: the view, the answer's text, parsed back."""
    while not rnd.is_over:
        seat = rnd.to_act
        assert seat is not None
        rnd.apply(rnd.parse_action(bots[seat].choose(dict(rnd.view(seat)))))


def _said(rnd: te.Round) -> list[tuple[int, str]]:
    return [(s, str(a)) for s, a in rnd.history]


FAST_RULESETS = [*te.presets(), "28+pair+double+single-hand", "29+double+single-hand",
                 "56+redeal"]


@pytest.mark.parametrize("name", FAST_RULESETS)
def test_the_fast_route_plays_the_rounds_of_the_view_route(name: str) -> None:
    try:
        rs = te.ruleset(name)
    except te.ConfigError:
        pytest.skip(f"{name} does not compose")
    n = rs.config.players
    for seed in range(30):
        for kinds in ("r", "h", "rh"):
            def bots(kinds: str = kinds, seed: int = seed) -> list[Bot]:
                make = {"r": RandomBot, "h": HeuristicBot}
                return [make[kinds[i % len(kinds)]](seed * n + i) for i in range(n)]

            fast = rs.new_round(seed=seed, dealer=seed % n)
            play_round(fast, bots())
            by_view = rs.new_round(seed=seed, dealer=seed % n)
            play_round(by_view, [_ViewOnly(b) for b in bots()])
            old = rs.new_round(seed=seed, dealer=seed % n)
            _old_play_round(old, bots())
            assert _said(fast) == _said(by_view) == _said(old), (seed, kinds)
            assert fast.result == old.result


def test_each_choice_is_a_legal_action_object_and_the_same_by_either_route() -> None:
    for name in ("28", "56", "28+pair+double"):
        rs = te.ruleset(name)
        n = rs.config.players
        for seed in range(20):
            rnd = rs.new_round(seed=seed, dealer=seed % n)
            fast = [RandomBot(seed * n + i) for i in range(n)]
            slow = [RandomBot(seed * n + i) for i in range(n)]
            heuristic = HeuristicBot(seed)
            while not rnd.is_over:
                seat = rnd.to_act
                assert seat is not None
                legal = rnd.legal_actions()
                action = fast[seat].choose_action(legal)
                assert any(action is a for a in legal)
                assert str(action) == slow[seat].choose(dict(rnd.view(seat)))
                chosen = bot_action(rnd, seat, heuristic)
                assert any(chosen is a for a in legal)
                assert str(chosen) == heuristic.choose(dict(rnd.view(seat)))
                rnd.apply(action)


def test_a_bot_with_the_fast_route_never_gets_a_view() -> None:
    class Blind:
        def __init__(self, seed: int) -> None:
            self.inner = RandomBot(seed)
            self.calls = 0

        def choose(self, view: dict[str, Any]) -> str:
            raise AssertionError("the view route was taken")

        def choose_action(self, legal: tuple[Action, ...]) -> Action:
            assert all(isinstance(a, Action) for a in legal)
            self.calls += 1
            return self.inner.choose_action(legal)

    rnd = te.new_round("28", seed=4)
    bots = [Blind(i) for i in range(4)]
    play_round(rnd, bots)
    assert rnd.is_over and sum(b.calls for b in bots) == len(rnd.history)


def test_the_fast_route_refuses_an_illegal_answer() -> None:
    class Cheat:
        def choose(self, view: dict[str, Any]) -> str:
            raise AssertionError("the view route was taken")

        def choose_action(self, legal: tuple[Action, ...]) -> Action:
            return te.parse_action("bid 99")

    with pytest.raises(te.IllegalActionError):
        play_round(te.new_round("28", seed=1), [Cheat()] * 4)


def test_a_view_bot_answer_is_read_when_no_legal_text_matches() -> None:
    class Shouting:
        """Answers in capitals: no legal action's text, but the same action."""

        def __init__(self, seed: int) -> None:
            self.inner = HeuristicBot(seed)

        def choose(self, view: dict[str, Any]) -> str:
            return self.inner.choose(view).upper()

    loud = te.new_round("28", seed=6)
    play_round(loud, [Shouting(i) for i in range(4)])
    quiet = te.new_round("28", seed=6)
    play_round(quiet, [HeuristicBot(i) for i in range(4)])
    assert _said(loud) == _said(quiet)

    class Babbling:
        def choose(self, view: dict[str, Any]) -> str:
            return "no such action"

    with pytest.raises(te.ParseError):
        play_round(te.new_round("28", seed=1), [Babbling()] * 4)


def test_random_bot_refuses_an_empty_choice() -> None:
    with pytest.raises(ValueError, match="not this seat's turn"):
        RandomBot(1).choose_action(())


def test_work_is_handed_out_a_bounded_number_of_chunks_ahead(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from twentyeight.bots import simulation

    monkeypatch.setattr(simulation, "_MAX_PENDING", 3)
    read: list[int] = []
    ahead: list[int] = []

    class Counting(ThreadPoolExecutor):
        submitted = 0

        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
            self.submitted += 1
            ahead.append(self.submitted - len(read))
            return super().submit(fn, *args, **kwargs)

    here = simulate("28", 20, "random", seed=4)
    with Counting(2) as executor:
        there = simulate("28", 20, "random", seed=4, executor=executor, chunk_size=2,
                         progress=read.append)
    assert there == here
    assert len(ahead) == 10 and max(ahead) == 3


def test_a_failure_in_the_work_reaches_the_caller() -> None:
    def broken(seed: int) -> Bot:
        raise RuntimeError(f"no bot for seed {seed}")

    with ThreadPoolExecutor(2) as threads, pytest.raises(RuntimeError, match="no bot"):
        simulate("28", 20, broken, seed=1, executor=threads, chunk_size=2)
    with pytest.raises(RuntimeError, match="no bot"):
        simulate("28", 20, broken, seed=1)
