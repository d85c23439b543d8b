"""The search bots (PIMC, ISMCTS), the arena that measures bots on duplicate deals, and
running both on a process pool and on a local Dask cluster."""

from __future__ import annotations

import json
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

import twentyeight as te
from twentyeight.bots import (
    BOT_KINDS,
    HeuristicBot,
    ISMCTSBot,
    PIMCBot,
    RandomBot,
    SeatAccess,
    play_round,
    simulate,
)
from twentyeight.bots.arena import ELO_BASE, arena, elo_ratings
from twentyeight.cli import main

SMALL_PIMC = "pimc:samples=2,solve_tricks=2"
"""A search bot cheap enough for the default run (the bots' own default solves the
whole hand)."""


def small_pimc(seed: int) -> PIMCBot:
    return PIMCBot(seed, samples=2, solve_tricks=2)


def small_ismcts(seed: int) -> ISMCTSBot:
    return ISMCTSBot(seed, iterations=12)


@pytest.mark.parametrize("name", te.presets())
@pytest.mark.parametrize("make", [small_pimc, small_ismcts])
def test_search_bots_play_every_preset_legally(name: str, make: Any) -> None:
    rs = te.ruleset(name)
    for seed in range(2):
        rnd = rs.new_round(seed=seed, dealer=seed % rs.config.players)
        bots = [make(seed * 10 + s) if s % 2 == 0 else HeuristicBot(s)
                for s in range(rs.config.players)]
        play_round(rnd, bots)  # an illegal choice would raise
        assert rnd.is_over


@pytest.mark.parametrize("make", [small_pimc, small_ismcts])
def test_a_search_bot_chooses_alike_from_the_same_seed(make: Any) -> None:
    for seed in range(3):
        played = []
        for _ in range(2):
            rnd = te.new_round("28", seed=seed)
            play_round(rnd, [make(s) for s in range(4)])
            played.append(rnd.to_json())
        assert played[0] == played[1]


def position_in_play(name: str, seed: int, tricks: int) -> te.Round:
    rnd = te.new_round(name, seed=seed)
    bot = RandomBot(seed)
    while not rnd.is_over and not (rnd.phase is te.Phase.PLAY and len(rnd.tricks) >= tricks):
        rnd.apply(bot.choose_action(rnd.legal_actions()))
    return rnd


def test_seat_access_offers_the_seat_and_nothing_else() -> None:
    rnd = position_in_play("28", 4, 5)
    seat = rnd.to_act
    access = SeatAccess(rnd, seat)
    assert access.view() == dict(rnd.view(seat))
    assert access.legal_actions() == rnd.legal_actions()
    assert SeatAccess(rnd, (seat + 1) % 4).legal_actions() == ()
    assert access.in_play and access.tricks_left == 3
    assert access.ruleset is rnd.ruleset  # the rules, public to every seat
    det = access.resample(random.Random(1))
    assert det.view(seat) == rnd.view(seat)
    # Nothing on it names another seat's cards: its public names are these.
    assert {n for n in dir(access) if not n.startswith("_")} == {
        "in_play", "legal_actions", "resample", "ruleset", "seat", "trump_hidden",
        "tricks_left", "view"}
    # What it tells of the trump is what the seat's view says.
    assert access.trump_hidden == ("suit" not in rnd.view(seat)["trump"])


class SeesAll(SeatAccess):
    """A seat access whose every sample is the real deal (for testing PIMC's choice)."""

    __slots__ = ()

    def resample(self, rng: random.Random) -> te.Round:
        return self._round.clone()


def test_pimc_plays_a_best_card_of_the_real_deal_when_every_sample_is_it() -> None:
    from twentyeight.solver import solve

    checked = 0
    for seed in range(30):
        rnd = position_in_play("28", seed, 5)
        if rnd.is_over or len(rnd.legal_actions()) < 2:
            continue
        bot = PIMCBot(seed, samples=2, solve_tricks=4)
        choice = bot.choose_at(SeesAll(rnd, rnd.to_act))
        assert choice in solve(rnd).best_actions
        checked += 1
    assert checked >= 10


def _solves_at_first_choice(name: str, tricks: int, *, knows_trump: bool = True,
                            **options: Any) -> tuple[int, int]:
    """How many deals a default PIMC bot (two samples, a small budget, ``options``)
    solves at the first choice of cards after ``tricks`` finished tricks of ``name`` of
    a seat that knows the trump (or, with ``knows_trump=False``, does not), and the
    tricks left then."""
    import twentyeight.bots.search as search_module

    for seed in range(200):
        rnd = position_in_play(name, seed, tricks)
        if not rnd.is_over and rnd.phase is te.Phase.PLAY and len(rnd.legal_actions()) > 1 \
                and SeatAccess(rnd, rnd.to_act).trump_hidden is not knows_trump:
            break
    else:
        raise AssertionError("no such position")
    solves = 0
    real = search_module.solve

    def counted(det: te.Round, **kw: Any) -> Any:
        nonlocal solves
        solves += 1
        return real(det, **kw)

    seat = rnd.to_act
    assert seat is not None
    access = SeatAccess(rnd, seat)
    bot = PIMCBot(1, samples=2, max_nodes=2_000, **options)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(search_module, "solve", counted)
        assert bot.choose_at(access) in rnd.legal_actions()
    return solves, access.tricks_left


def test_pimc_solves_the_whole_hand_where_the_play_is_cards_alone() -> None:
    """Issue 39: by default PIMC searches from the first lead where the solver's kernel
    takes the play (28), and from ROUND_SEARCH_TRICKS tricks left where it must search
    the round (304's plug-ins hook the play). 29's pair moves only the contract: 29 is
    searched from the first lead."""
    from twentyeight.bots import ROUND_SEARCH_TRICKS
    from twentyeight.search_tables import search_tables

    assert search_tables(te.ruleset("28")).plain
    assert search_tables(te.ruleset("29")).plain
    assert not search_tables(te.ruleset("304")).plain
    assert _solves_at_first_choice("28", 0) == (2, 8)
    assert _solves_at_first_choice("29", 0) == (2, 8)
    assert _solves_at_first_choice("304", 0) == (0, 8)
    assert _solves_at_first_choice("304", 8 - ROUND_SEARCH_TRICKS) == (2, ROUND_SEARCH_TRICKS)
    assert PIMCBot(1).solve_tricks is None
    assert PIMCBot(1, solve_tricks=4).solve_tricks == 4


def test_pimc_waits_while_the_trump_is_a_secret_to_its_seat() -> None:
    """Issue 39 (28's strength): a seat that does not know the trump searches only from
    HIDDEN_TRUMP_TRICKS tricks left, where one that knows it searches the whole hand;
    ``hidden_trump_tricks=None`` searches it whatever the seat knows."""
    from twentyeight.bots import HIDDEN_TRUMP_TRICKS

    assert PIMCBot(1).hidden_trump_tricks == HIDDEN_TRUMP_TRICKS
    early = 8 - HIDDEN_TRUMP_TRICKS - 1  # tricks played one trick before it searches
    assert _solves_at_first_choice("28", early) == (2, HIDDEN_TRUMP_TRICKS + 1)
    assert _solves_at_first_choice("28", early, knows_trump=False) == \
        (0, HIDDEN_TRUMP_TRICKS + 1)
    assert _solves_at_first_choice("28", early + 1, knows_trump=False) == \
        (2, HIDDEN_TRUMP_TRICKS)
    assert _solves_at_first_choice("28", 0, knows_trump=False,
                                   hidden_trump_tricks=None) == (2, 8)
    with pytest.raises(ValueError, match="hidden_trump_tricks"):
        PIMCBot(1, hidden_trump_tricks=0)


def test_a_bot_spec_names_a_bot_and_its_options() -> None:
    import pickle

    from twentyeight.bots import bot_factory

    assert bot_factory("heuristic") is HeuristicBot
    make = bot_factory("pimc:solve_tricks=4, samples=16,max_nodes=none")
    bot = make(3)
    assert isinstance(bot, PIMCBot)
    assert (bot.solve_tricks, bot.samples, bot.max_nodes) == (4, 16, None)
    assert bot_factory("pimc:hidden_trump_tricks=none")(3).hidden_trump_tricks is None
    # A factory travels to worker processes: it pickles and makes the same bot there.
    again = pickle.loads(pickle.dumps(make))(3)
    assert (again.solve_tricks, again.samples, again.max_nodes) == (4, 16, None)
    ismcts = bot_factory("ismcts:iterations=50,exploration=1.5")(1)
    assert isinstance(ismcts, ISMCTSBot)
    assert (ismcts.iterations, ismcts.exploration) == (50, 1.5)


@pytest.mark.parametrize(("spec", "says"), [
    ("pimcc", "unknown bots 'pimcc'"),
    ("heuristic:samples=2", "the heuristic bot takes no options"),
    ("pimc:depth=3", "'depth=3' is no option of the pimc bot"),
    ("pimc:samples", "'samples' is no option of the pimc bot"),
    ("pimc:", "'' is no option of the pimc bot"),
    ("pimc:samples=0", "samples takes a whole number, at least 1; got '0'"),
    ("pimc:samples=-2", "got '-2'"),
    ("pimc:samples=\u0663", "got '\u0663'"),
    ("pimc:samples=1e3", "got '1e3'"),
    ("pimc:samples=" + "9" * 5000, "characters)"),
    ("pimc:solve_tricks=None", "solve_tricks takes a whole number, at least 1, or none"),
    ("pimc:hidden_trump_tricks=0", "hidden_trump_tricks takes a whole number, at least 1, or none"),
    ("pimc:samples=2,samples=3", "option samples is given twice"),
    ("ismcts:exploration=nan", "exploration takes a number, at least 0; got 'nan'"),
    ("ismcts:exploration=-1", "got '-1'"),
])
def test_a_bad_bot_spec_is_refused_by_name(spec: str, says: str) -> None:
    from twentyeight.bots import bot_factory

    with pytest.raises(ValueError) as caught:
        bot_factory(spec)
    assert says in str(caught.value)
    assert len(str(caught.value)) < 300  # a long spec is not repeated whole
    with pytest.raises(ValueError):
        simulate("28", 1, spec, seed=1)
    with pytest.raises(ValueError):
        arena("28", [spec, "heuristic"], 1, seed=1)


def test_the_command_takes_bot_specs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", SMALL_PIMC, "heuristic", "--deals", "2", "--seed", "3",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert SMALL_PIMC in json.dumps(report)
    assert main(["arena", "--bots", "pimc:samples=0", "heuristic", "--deals", "2"]) == 2
    assert "samples takes a whole number, at least 1" in capsys.readouterr().err
    assert main(["simulate", "--rounds", "2", "--bots", "pimc:samples=1,solve_tricks=1",
                 "--seed", "4"]) == 0
    capsys.readouterr()


def test_search_bots_refuse_bad_budgets() -> None:
    with pytest.raises(ValueError):
        PIMCBot(1, samples=0)
    with pytest.raises(ValueError):
        ISMCTSBot(1, iterations=0)


def test_an_arena_report_holds_together() -> None:
    # The full measurement (1,000 deals) is on the Bots and strength page; this small
    # run checks that the report's figures agree with each other.
    report = arena("28", [SMALL_PIMC, "heuristic"], 12, seed=11)
    (pairing,) = report.pairings
    assert pairing.deals == 12
    assert pairing.wins + pairing.draws + pairing.losses == 12
    assert pairing.low <= pairing.mean <= pairing.high
    assert pairing.win_low <= pairing.win_rate <= pairing.win_high
    assert dict(report.elo).keys() == {SMALL_PIMC, "heuristic"}


def test_the_arena_report_is_the_same_on_a_process_pool() -> None:
    # The search bot travels to the workers as its spec, options included.
    serial = arena("28", ["heuristic", "random", SMALL_PIMC], 6, seed=5, chunk_size=2)
    with ProcessPoolExecutor(2) as pool:
        pooled = arena("28", ["heuristic", "random", SMALL_PIMC], 6, seed=5, chunk_size=2,
                       executor=pool)
    assert pooled == serial
    assert [(p.first, p.second) for p in serial.pairings] == [
        ("heuristic", "random"), ("heuristic", SMALL_PIMC), ("random", SMALL_PIMC)]


def test_arena_and_simulate_on_a_local_dask_cluster_equal_the_serial_run() -> None:
    distributed = pytest.importorskip("distributed")  # the [test] extra installs it
    serial = arena("29", ["heuristic", "random"], 8, seed=9, chunk_size=3)
    stats = simulate("28", 30, "heuristic", seed=4)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        executor = client.get_executor()
        assert arena("29", ["heuristic", "random"], 8, seed=9, chunk_size=3,
                     executor=executor) == serial
        assert simulate("28", 30, "heuristic", seed=4, executor=executor,
                        chunk_size=7) == stats


def test_the_arena_cli_reports_the_same_for_any_number_of_jobs(
        capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for jobs in ("1", "2"):
        assert main(["arena", "--bots", "heuristic", "random", "--deals", "6", "--seed", "3",
                     "--jobs", jobs, "--json"]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert outputs[0] == outputs[1]
    assert outputs[0]["pairings"][0]["deals"] == 6
    assert main(["arena", "--bots", "heuristic", "random", "--deals", "2", "--seed", "3"]) == 0
    text = capsys.readouterr().out
    assert "heuristic against random" in text and "Elo:" in text


@pytest.mark.parametrize("argv", [
    ["arena", "--bots", "heuristic"],
    ["arena", "--bots", "heuristic", "heuristic"],
    ["arena", "--bots", "heuristic", "nobody"],
    ["arena", "--bots", "heuristic", "random", "--deals", "0"],
])
def test_the_arena_cli_refuses_bad_arguments(argv: list[str],
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert "error" in capsys.readouterr().err


def test_the_cli_names_a_dask_cluster_it_cannot_reach(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("twentyeight.cli.commands.DASK_TIMEOUT", 2)
    assert main(["arena", "--bots", "heuristic", "random", "--deals", "1",
                 "--dask", "tcp://127.0.0.1:9"]) == 2
    assert "Dask cluster" in capsys.readouterr().err


@pytest.mark.parametrize("bots,deals", [(["heuristic"], 5), (["heuristic", "x"], 5),
                                        (["heuristic", "random"], 0)])
def test_arena_refuses_bad_arguments(bots: list[str], deals: int) -> None:
    with pytest.raises(ValueError):
        arena("28", bots, deals)


def test_elo_ratings_follow_the_scores() -> None:
    even = elo_ratings(["a", "b"], [("a", "b", 50.0, 100)])
    assert even["a"] == pytest.approx(even["b"]) == pytest.approx(ELO_BASE)
    ladder = elo_ratings(["a", "b", "c"], [("a", "b", 75.0, 100), ("b", "c", 75.0, 100),
                                           ("a", "c", 90.0, 100)])
    assert ladder["a"] > ladder["b"] > ladder["c"]
    assert sum(ladder.values()) / 3 == pytest.approx(ELO_BASE)
    # A bot that wins every game still has a finite rating.
    sweep = elo_ratings(["a", "b"], [("a", "b", 10.0, 10)])
    assert ELO_BASE < sweep["a"] < ELO_BASE + 1000


def test_the_search_bots_are_offered_by_name() -> None:
    assert {"pimc", "ismcts"} <= set(BOT_KINDS)


@pytest.mark.parametrize(("argv", "workers"), [
    (["arena", "--bots", "random", "heuristic", "--deals", "1", "--jobs", "999"], 1),
    # Three pairs of bots, 25 deals in chunks of 10: nine chunks.
    (["arena", "--bots", "random", "heuristic", "pimc", "--deals", "25", "--jobs", "999"], 9),
    (["arena", "--bots", "random", "heuristic", "--deals", "40", "--jobs", "2"], 2),
    # simulate shares the rule: 3 rounds, one round a chunk.
    (["simulate", "--rounds", "3", "--bots", "random", "--jobs", "999"], 3),
])
def test_the_pool_has_no_more_workers_than_chunks(
        argv: list[str], workers: int, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--jobs N`` with less work than N chunks starts one worker per chunk (issue 35:
    one arena deal with ``--jobs 999`` started 999 processes). The pool is a thread
    pool here, so the test counts workers without starting processes."""
    from concurrent.futures import ThreadPoolExecutor

    from twentyeight.bots import simulation
    from twentyeight.cli import commands

    started: list[int] = []

    def pool(max_workers: int, **_: object) -> ThreadPoolExecutor:
        started.append(max_workers)
        return ThreadPoolExecutor(max_workers)

    # The arena plays nothing but random bots here: the pool's size is the point.
    monkeypatch.setattr(simulation, "BOT_KINDS", {**simulation.BOT_KINDS,
                                                  "pimc": RandomBot, "heuristic": RandomBot})
    monkeypatch.setattr(commands, "ProcessPoolExecutor", pool)
    assert main([*argv, "--seed", "2"]) == 0
    assert started == ([workers] if workers > 1 else [])
    capsys.readouterr()
