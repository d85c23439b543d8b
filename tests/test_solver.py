"""The perfect-information solver against plain minimax over the engine.

The reference below knows nothing of the solver's pruning: it tries every legal action
with ``clone()`` and ``apply()`` and scores a finished round by its card points. The
solver must give the same card points and the same value for every legal action, on
random endings of every preset, of every composition with the house rules, and of every
registered ruleset (the example third-party plug-in included)."""

from __future__ import annotations

import json
import os
import pathlib
import random
import shutil
import subprocess
import sys
from collections.abc import Callable
from typing import ClassVar

import attrs
import pytest
from attrs import frozen
from hypothesis import given, settings
from hypothesis import strategies as st

import twentyeight as te
from twentyeight.bots import RandomBot
from twentyeight.config import RedealCheck, RedealEvent
from twentyeight.port import RoundPort
from twentyeight.search_tables import search_tables
from twentyeight.solver import Solution, SolveError, solve, solve_points

from .helpers import compositions

ENDINGS_PER_PRESET = 120
"""Random endings per preset: 9 presets give 1,080 (the issue asks for 1,000)."""


def minimax(rnd: te.Round) -> tuple[int, int]:
    """``(margin, first side's points)`` at the end of ``rnd`` under best play, found
    by trying every line: the first side maximises the pair, the second minimises it
    (the margin decides, the first side's points break a tie)."""
    if rnd.is_over:
        first, second = rnd.card_points
        return first - second, first
    values = []
    for action in rnd.legal_actions():
        child = rnd.clone()
        child.apply(action)
        values.append(minimax(child))
    return max(values) if rnd.to_act % 2 == 0 else min(values)  # type: ignore[operator]


def points_of(value: tuple[int, int]) -> tuple[int, int]:
    margin, first = value
    return first, first - margin


def ending(name: str, seed: int, tricks_left: int, **options: object) -> te.Round | None:
    """A round of ``name`` (with ``options``) played at random until about
    ``tricks_left`` tricks remain (stopping at a random point of the trick), or ``None``
    if it ended first."""
    rng = random.Random(seed)
    rules = te.ruleset(name, **options)
    rnd = rules.new_round(seed=seed, dealer=seed % rules.config.players)
    bot = RandomBot(seed)
    n_tricks = rnd.ruleset.config.tricks
    stop_at = rng.randrange(rnd.ruleset.config.players)
    while not rnd.is_over:
        if rnd.phase is te.Phase.PLAY and len(rnd.tricks) >= n_tricks - tricks_left \
                and len(rnd.current_trick) >= stop_at:
            return rnd
        rnd.apply(bot.choose_action(rnd.legal_actions()))
    return None


def check_against_minimax(rnd: te.Round) -> Solution:
    """Solve ``rnd`` and compare every figure with plain minimax."""
    before = rnd.to_json()
    solution = solve(rnd)
    assert rnd.to_json() == before, "solve() changed the round"
    assert solution.exact
    team = rnd.to_act % 2  # type: ignore[operator]
    lines = {}
    for action in rnd.legal_actions():
        child = rnd.clone()
        child.apply(action)
        lines[action] = minimax(child)
    assert list(solution.action_values) == list(rnd.legal_actions())
    for action, line in lines.items():
        assert solution.action_values[action] == points_of(line)[team], str(action)
        assert solution.action_bounds[action] == (points_of(line)[team],) * 2
        assert solution.action_lines[action] == points_of(line), str(action)
    best = max(lines.values()) if team == 0 else min(lines.values())
    assert solution.card_points == points_of(best)
    # The value alone, without each action's: the same points.
    assert solve_points(rnd) == points_of(best)
    assert solution.value == points_of(best)[team]
    assert set(solution.best_actions) == {
        a for a, v in solution.action_values.items() if v == max(solution.action_values.values())}
    return solution


def check_endings(name: str, count: int, tricks_left: int, first_seed: int = 0,
                  **options: object) -> None:
    """Check ``count`` random endings of ``name`` (with ``options``) against minimax,
    from ``first_seed`` on, skipping rounds that end before the ending starts."""
    checked = 0
    seed = first_seed
    while checked < count:
        # (Random Thunee calls end most hands of thunee early: it needs more seeds.)
        assert seed < first_seed + 100 * count, "too few rounds reach the ending"
        rnd = ending(name, seed, tricks_left, **options)
        seed += 1
        if rnd is not None:
            check_against_minimax(rnd)
            checked += 1


@pytest.mark.parametrize("name", te.presets())
def test_solver_equals_minimax_on_random_endings(name: str) -> None:
    # Two tricks left (three where a trick is four cards or fewer), from a random point
    # of the trick: every rule in play, concealed trumps and calls included.
    players = te.ruleset(name).config.players
    check_endings(name, ENDINGS_PER_PRESET, 3 if players <= 4 else 2)


@pytest.mark.skipif(not os.environ.get("TWENTYEIGHT_DEEP"),
                    reason="deep run: set TWENTYEIGHT_DEEP=1")
@pytest.mark.parametrize("name", te.presets())
def test_deep_solver_equals_minimax_on_1000_endings(name: str) -> None:
    """Issue 39's exactness item: 1,000 endings of every registered ruleset, other deals
    than the default run's."""
    players = te.ruleset(name).config.players
    check_endings(name, 1000, 3 if players <= 4 else 2, first_seed=1_000_000)


@pytest.mark.parametrize("name", compositions())
def test_solver_equals_minimax_with_house_rules(name: str) -> None:
    check_endings(name, 12, 2)


HOUSE_PLAY_OPTIONS = [
    ("28", {"caller_plays_exposed_card": True, "concealed_follow": "expose",
            "no_jack_discard": "strict", "trump_lead_after_trump_played": True}),
    ("28", {"no_jack_discard": "strict"}),
    ("28", {"trump_lead_after_trump_played": True}),
    ("28", {"concealed_follow": "expose"}),
    ("56", {"trump_lead_after_trump_played": True}),
]


@pytest.mark.parametrize(("name", "options"), HOUSE_PLAY_OPTIONS)
def test_solver_equals_minimax_with_the_play_options_of_issue_19(
        name: str, options: dict[str, object]) -> None:
    # The exposed card a caller-bidder plays, the face-down card followed with, every
    # Jack barred and no trump led before one is played: the key at a trick's start
    # (the cards left) decides them all.
    check_endings(name, 40, 3 if name == "28" else 2, **options)


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(te.presets()), seed=st.integers(0, 2**32 - 1),
       left=st.integers(1, 2))
def test_solver_equals_minimax_for_every_registered_ruleset(name: str, seed: int,
                                                            left: int) -> None:
    rnd = ending(name, seed, left)
    if rnd is not None:
        check_against_minimax(rnd)


def test_equivalent_cards_take_the_value_of_the_card_searched() -> None:
    # Seat 1 holds K and Q of hearts with no other heart between them: one of the two
    # is searched and both get its value.
    for seed in range(200):
        rnd = ending("28", seed, 3)
        if rnd is None:
            continue
        hand = [c for c in rnd.hand(rnd.to_act) if c.suit == "H"]
        ranks = {c.rank for c in hand}
        legal = {str(a) for a in rnd.legal_actions()}
        if {"K", "Q"} <= ranks and {"play KH", "play QH"} <= legal:
            solution = check_against_minimax(rnd)
            values = {str(a): v for a, v in solution.action_values.items()}
            assert values["play KH"] == values["play QH"]
            return
    pytest.fail("no position with K and Q of hearts both legal")


def test_a_budget_gives_bounds_that_hold_the_exact_values() -> None:
    rnd = ending("28", 3, 5)
    assert rnd is not None
    exact = solve(rnd)
    cut = solve(rnd, max_nodes=50)
    assert not cut.exact
    assert cut.nodes <= 50 + 1
    for action, (low, high) in cut.action_bounds.items():
        assert low <= exact.action_values[action] <= high
        assert cut.action_values[action] == low
    timed = solve(rnd, max_seconds=1e-9)
    assert not timed.exact


def test_a_long_ending_is_solved_and_best_play_keeps_its_value() -> None:
    rnd = ending("28", 11, 5)
    assert rnd is not None and len(rnd.tricks) == 3
    solution = solve(rnd)
    assert solution.exact
    assert sum(solution.card_points) == 28
    # Playing a best action and solving again keeps the value: best play is consistent.
    child = rnd.clone()
    child.apply(solution.best_actions[0])
    again = solve(child)
    assert again.card_points == solution.card_points


@pytest.mark.parametrize("phase", ["auction", "over"])
def test_only_the_play_phase_is_solved(phase: str) -> None:
    rnd = te.new_round("28", seed=1)
    if phase == "over":
        while not rnd.is_over:
            rnd.apply(rnd.legal_actions()[0])
    with pytest.raises(SolveError, match="play phase"):
        solve(rnd)


@pytest.mark.parametrize("budget", [0, -1, True, "5", float("nan")])
def test_a_budget_must_be_a_positive_number(budget: object) -> None:
    rnd = ending("28", 1, 2)
    assert rnd is not None
    with pytest.raises(SolveError, match="positive number"):
        solve(rnd, max_nodes=budget)  # type: ignore[arg-type]
    with pytest.raises(SolveError, match="positive number"):
        solve(rnd, max_seconds=budget)  # type: ignore[arg-type]


# ------------------------------------------------------------ the plain-play kernel

KERNEL_OPTIONS = [
    ("28", {}),
    ("28", {"reveal_when_void": True}),
    ("28", {"early_trumps_count": True}),
    ("28", {"led_trumps_on_exposure": True, "last_trick_led_trumps": True}),
    ("28", {"last_trick_unexposed": "void"}),
    ("28", {"over_trump": True, "caller_must_trump": False}),
    ("28", {"caller_plays_exposed_card": True, "concealed_follow": "expose"}),
    ("28", {"no_jack_discard": True, "bidder_trump_lead": "after-trump-led"}),
    ("28", {"bidder_trump_lead": "any", "last_trick_points": 1}),
    ("28+double", {}),
    ("56", {}),
    ("28six", {}),
    ("40", {}),
]
"""Rulesets the kernel searches, with every play option it follows itself."""


def kernel_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the searches :class:`~twentyeight.solver_kernel.Kernel` takes over (the
    kernel's own class may be compiled: the solver's call of it is counted)."""
    from twentyeight.solver import _Search

    calls: list[int] = []
    original = _Search._kernel_value

    def counted(self: _Search, rnd: te.Round, alpha: int, beta: int) -> int:
        calls.append(len(rnd.tricks))
        return original(self, rnd, alpha, beta)

    monkeypatch.setattr(_Search, "_kernel_value", counted)
    return calls


@pytest.fixture(params=["C", "Python"])
def kernel_language(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each kernel test runs twice: on the search in C (where it is built) and on the
    same search in Python (the fallback where it is not)."""
    from twentyeight import solver_kernel

    if request.param == "C" and not solver_kernel.NATIVE:
        pytest.skip("the search in C is not built here")
    monkeypatch.setattr(solver_kernel, "use_native", request.param == "C")
    return str(request.param)


@pytest.mark.parametrize(("name", "options"), KERNEL_OPTIONS)
def test_the_kernel_equals_minimax_under_every_play_option(
        name: str, options: dict[str, object], monkeypatch: pytest.MonkeyPatch,
        kernel_language: str) -> None:
    # From the start of each trick past the first, where no claim or plug-in can act,
    # the solver searches on a few numbers of its own; the engine still says what is
    # legal. Concealed trumps, calls, exposures by the face-down card, early trumps and
    # the annulled last trick all happen inside it.
    calls = kernel_calls(monkeypatch)
    check_endings(name, 25, 3 if te.ruleset(name).config.players <= 4 else 2, **options)
    assert calls, "the kernel never searched"


def _pair_to_come(name: str, tricks_left: int) -> te.Round:
    """An ending of ``name`` where a seat holding the King and Queen of the exposed
    trump has not shown them yet: the pair may be shown inside the search."""
    for seed in range(400):
        rnd = ending(name, seed, tricks_left)
        if rnd is None or not rnd.trump_exposed or rnd.plugin_state("pair") is not None:
            continue
        deck = rnd.deck
        royals = (deck.rank_mask("K") | deck.rank_mask("Q")) \
            & deck.suit_mask[rnd.trump_suit_index]
        if any(rnd.hand_mask(s) & royals == royals for s in range(rnd.players)):
            return rnd
    raise AssertionError(f"no ending of {name} with a pair still to show")


@pytest.mark.parametrize("name", ["29", "28-bengal"])
def test_a_play_action_that_moves_only_the_contract_leaves_the_search_to_the_kernel(
        name: str, monkeypatch: pytest.MonkeyPatch, kernel_language: str) -> None:
    # The pair (RULES.md, 29: the King and Queen of trumps move the target by 4) is
    # shown during the play but changes no card's legality, trick or points
    # (RulePlugin.play_moves_contract_only): the kernel searches the cards alone, and
    # every value still equals minimax over the round, pair shown or not.
    assert search_tables(te.ruleset(name)).plain
    calls = kernel_calls(monkeypatch)
    for tricks_left in (3, 4):
        check_against_minimax(_pair_to_come(name, tricks_left))
    assert calls, "the kernel never searched"


@pytest.mark.parametrize("name", ["304", "thunee"])
def test_plug_ins_that_change_the_play_keep_the_search_on_the_engine(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # 304's and Thunee's plug-ins hook the play itself (a trick's end, a restricted
    # lead): only the round can play them.
    assert not search_tables(te.ruleset(name)).plain
    calls = kernel_calls(monkeypatch)
    rnd = next(r for seed in range(100) if (r := ending(name, seed, 2)) is not None)
    check_against_minimax(rnd)
    assert calls == []


def test_the_first_trick_with_a_claim_open_stays_on_the_engine(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # 28's pointless hand may be claimed until the first trick is complete.
    calls = kernel_calls(monkeypatch)
    rnd = ending("28", 4, 8)
    assert rnd is not None and not rnd.tricks
    solve(rnd, max_nodes=20_000)
    assert calls and min(calls) >= 1


@frozen
class _AnnulAtExposure(RedealCheck):
    """Annuls whenever the trump is exposed; says whether it reads only the deal."""

    name: str = "annul-at-exposure"
    events: ClassVar[tuple[RedealEvent, ...]] = ("trump-exposed",)

    def automatic(self, rnd: RoundPort, event: RedealEvent) -> bool:
        return True


@frozen
class _SettledAnnul(_AnnulAtExposure):
    settled_by_the_deal: ClassVar[bool] = True


@pytest.mark.parametrize(("check", "searched_by_kernel"),
                         [(_SettledAnnul(), True), (_AnnulAtExposure(), False)])
def test_a_check_at_the_exposure_is_asked_once_only_when_settled_by_the_deal(
        check: RedealCheck, searched_by_kernel: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Every exposure annuls the deal: calling for the trump, or playing the face-down
    # card, ends the round with the points won so far. A check that may read the play
    # is asked by the round itself at each exposure.
    config = attrs.evolve(te.ruleset("28").config, name="annul-28", redeal_checks=(check,))
    rules = te.Ruleset(config)
    calls = kernel_calls(monkeypatch)
    checked = 0
    for seed in range(200):
        rnd = rules.new_round(seed=seed)
        bot = RandomBot(seed)
        while not rnd.is_over and not (rnd.phase is te.Phase.PLAY and len(rnd.tricks) == 5):
            rnd.apply(bot.choose_action(rnd.legal_actions()))
        if rnd.is_over or rnd.trump_exposed:
            continue
        check_against_minimax(rnd)
        checked += 1
        if checked == 10:
            break
    assert checked == 10
    assert bool(calls) is searched_by_kernel


def test_the_face_down_card_played_to_follow_a_trump_lead_counts_with_the_trumps_before_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Under concealed_follow "expose", once the bidder's only heart left is the
    # face-down K of hearts (the trump), a heart led makes the bidder expose and play
    # it: every card of that trick then counts as a trump, so a higher heart played
    # before it still wins. Found among random endings; the kernel must follow it.
    calls = kernel_calls(monkeypatch)
    rnd = ending("28", 137, 3, caller_plays_exposed_card=True, concealed_follow="expose")
    assert rnd is not None and not rnd.trump_exposed
    assert rnd.concealed_card == te.Card("K", "H")
    check_against_minimax(rnd)
    assert calls


# ---------------------------------------------------------------- compiled and pure Python

_SAME_ENDINGS = [("28", 3, 12), ("28", 8, 2), ("28-bands", 3, 4), ("29", 3, 4), ("56", 2, 4),
                 ("28six", 2, 4), ("40", 2, 4), ("56-eight", 1, 3)]
"""Rulesets, tricks left and how many endings: the endings both builds solve."""

_SOLVE_ENDINGS = """
import json, sys
sys.path.insert(0, sys.argv[1])
from tests.test_solver import ending, _SAME_ENDINGS
from twentyeight import solver_kernel
from twentyeight.solver import solve
out = []
for name, tricks_left, count in _SAME_ENDINGS:
    seed = found = 0
    while found < count:
        rnd = ending(name, seed, tricks_left)
        seed += 1
        if rnd is not None:
            found += 1
            s = solve(rnd)
            out.append([name, seed, list(s.card_points), list(s.action_values.values()),
                        s.nodes])
print(json.dumps({"compiled": solver_kernel.COMPILED, "solutions": out}))
"""


def _solutions(python_path: str | None) -> dict[str, object]:
    """The solutions of :data:`_SAME_ENDINGS` solved in a new interpreter, with
    ``python_path`` first on its path."""
    env = dict(os.environ)
    if python_path is not None:
        env["PYTHONPATH"] = python_path + os.pathsep + env.get("PYTHONPATH", "")
    here = str(pathlib.Path(__file__).parents[1])
    done = subprocess.run([sys.executable, "-c", _SOLVE_ENDINGS, here], env=env,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_the_python_source_of_the_compiled_modules_solves_alike(tmp_path: pathlib.Path) -> None:
    # An install with a C compiler runs the solver's hot modules compiled (setup.py);
    # their Python source must search the same positions to the same values. The
    # package is copied without its extension modules and both solve the same endings.
    package = pathlib.Path(te.__file__).parent
    copy = tmp_path / "pure"
    shutil.copytree(package, copy / "twentyeight",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    pure = _solutions(str(copy))
    installed = _solutions(None)
    assert pure["compiled"] is False
    assert pure["solutions"] == installed["solutions"]
    assert len(pure["solutions"]) == sum(n for _, _, n in _SAME_ENDINGS)  # type: ignore[arg-type]


def test_compiled_modules_are_not_older_than_their_source() -> None:
    # An editable install compiles the modules in place: after an edit of their source
    # the old compiled ones would still run until the package is installed again.
    from twentyeight import search_tables, sharing, solver_kernel, tricks

    if not solver_kernel.COMPILED:
        pytest.skip("a pure-Python install: nothing is compiled")
    modules: list[tuple[object, str]] = [
        (m, ".py") for m in (solver_kernel, search_tables, tricks, sharing)]
    if solver_kernel.NATIVE:
        from twentyeight import _native_kernel

        modules.append((_native_kernel, ".c"))
    for module, suffix in modules:
        name = str(getattr(module, "__name__", ""))
        built = pathlib.Path(getattr(module, "__file__", None) or "")
        source = built.with_name(name.rsplit(".", 1)[1] + suffix)
        assert built.suffix in (".so", ".pyd"), f"{module.__name__} is not compiled"
        if source.exists():
            assert built.stat().st_mtime >= source.stat().st_mtime - 2, (
                f"{built.name} is older than {source.name}: run `pip install -e .` again")


@pytest.mark.parametrize(("name", "options"), [("28", {}), ("28six", {}), ("56-eight", {}),
                                               ("28", {"over_trump": True})])
def test_the_kernel_keys_no_two_states_alike_for_the_engines_legal_cards(
        name: str, options: dict[str, object]) -> None:
    # The kernel keeps the engine's legal cards for each state it meets, by the hand
    # and one number for the rest: two states with one number would be given each
    # other's cards. Every combination of the parts it changes (the trump's first
    # counting position, suits led, a trump led, who must trump, the exposure, the seat
    # and the trick so far: its first card and its size, where the engine says the
    # others do not count) must give its own number.
    import itertools

    from twentyeight.solver import _Search
    from twentyeight.solver_kernel import Kernel
    from twentyeight.state import NO_TRUMP_YET

    rnd = ending(name, 1, 3, **options)
    assert rnd is not None
    kernel = Kernel(_Search(rnd.ruleset, None, None), rnd)
    assert kernel.follow_by_led is not options.get("over_trump", False)
    players = rnd.players
    last = rnd.deck.size - 1
    tricks = [list(t) for n in range(min(players, 4))
              for t in itertools.product((0, 1, last), repeat=n)]
    keys: dict[int, tuple[object, ...]] = {}
    states: set[tuple[object, ...]] = set()
    for trump_from, led, trump_led, must, hidden, seat in itertools.product(
            (*range(players), NO_TRUMP_YET), (0, 1, 2 ** rnd.deck.n_suits - 1),
            (False, True), (-1, 0, players - 1), (False, True), (0, 1, players - 1)):
        kernel.trump_from, kernel.led_suits, kernel.trump_led = trump_from, led, trump_led
        kernel.must_trump, kernel.hidden = must, hidden
        for trick in tricks:
            cards = tuple(trick[:1]) if kernel.follow_by_led else tuple(trick)
            state = (trump_from, led, trump_led, must, hidden, seat, cards, len(trick))
            key = kernel.legal_key(seat, trick)
            assert keys.setdefault(key, state) == state, (keys[key], state)
            states.add(state)
    # As many numbers as states, and many of each.
    assert len(keys) == len(states) > 1_000


# ---------------------------------------------------------------- the search in C

_NATIVE_CASES = [(name, options, tricks_left) for name, options in KERNEL_OPTIONS
                 for tricks_left in (3, 5)]


def _solved_both_ways(rnd: te.Round, monkeypatch: pytest.MonkeyPatch,
                      **budget: int) -> tuple[Solution, Solution]:
    """``rnd`` solved by the search in C and by the search in Python."""
    from twentyeight import solver_kernel

    solutions = []
    for native in (True, False):
        monkeypatch.setattr(solver_kernel, "use_native", native)
        solutions.append(solve(rnd, **budget))  # type: ignore[arg-type]
    return solutions[0], solutions[1]


def _needs_native() -> None:
    from twentyeight import solver_kernel

    if not solver_kernel.NATIVE:
        pytest.skip("the search in C is not built here")


@pytest.mark.parametrize(("name", "options", "tricks_left"), _NATIVE_CASES)
def test_the_search_in_c_is_the_search_in_python_node_for_node(
        name: str, options: dict[str, object], tricks_left: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The C search restates the Python one step for step (same move order, same table,
    # same equivalent cards): same values, same lines and the same count of positions.
    # Endings too long for minimax are compared here.
    _needs_native()
    compared = 0
    for seed in range(40):
        rnd = ending(name, seed, tricks_left, **options)
        if rnd is None:
            continue
        in_c, in_python = _solved_both_ways(rnd, monkeypatch)
        assert in_c == in_python, (name, options, seed)
        compared += 1
        if compared == 3:
            break
    assert compared == 3


def test_the_search_in_c_runs_the_kernels_positions_of_28(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Where it is built, a 28 deal is searched in C (its table fills), not in Python.
    _needs_native()
    from twentyeight.solver import _Search
    from twentyeight.solver_kernel import Kernel

    made: list[Kernel] = []
    in_c: list[bool] = []
    original = _Search._kernel_value

    def kept(self: _Search, rnd: te.Round, alpha: int, beta: int) -> int:
        value = original(self, rnd, alpha, beta)
        assert self.kernel is not None
        made.append(self.kernel)
        in_c.append(self.kernel.native is not None)
        return value

    monkeypatch.setattr(_Search, "_kernel_value", kept)
    rnd = ending("28", 5, 5)
    assert rnd is not None
    solve(rnd)
    assert made and all(in_c)
    assert made[-1].native is None  # let go once the solve was over
    assert made[-1].search.native_table.entries() > 0


def test_the_points_alone_are_those_of_the_whole_solution() -> None:
    # From the first lead of 28, where one value is far cheaper than eight actions'.
    from twentyeight.bots import HeuristicBot

    compared = 0
    for seed in range(12):
        rnd = te.new_round("28", seed=seed)
        bots = [HeuristicBot(s) for s in range(4)]
        while rnd.phase is te.Phase.AUCTION or rnd.phase is te.Phase.TRUMP:
            seat = rnd.to_act
            assert seat is not None
            rnd.apply(next(a for a in rnd.legal_actions()
                           if str(a) == bots[seat].choose(dict(rnd.view(seat)))))
        if rnd.phase is not te.Phase.PLAY or len(rnd.tricks) or rnd.current_trick:
            continue
        whole = solve(rnd, max_nodes=1_500_000)
        if not whole.exact:
            continue
        assert solve_points(rnd) == whole.card_points
        compared += 1
    assert compared >= 3
    rnd = ending("28", 1, 6)
    assert rnd is not None
    assert solve_points(rnd, max_nodes=10) is None  # out of budget: no guess
    with pytest.raises(SolveError):
        solve_points(rnd, max_nodes=0)
    with pytest.raises(SolveError):
        solve_points(te.new_round("28", seed=1))


def _memory_after(run: Callable[[], object]) -> int:
    """The bytes the interpreter's allocators hold more after ``run`` than before it
    (the C search allocates through them, so they see its tables)."""
    import tracemalloc

    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        run()
        return tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


def test_a_solve_gives_back_the_memory_of_the_search_in_c() -> None:
    # The C search held its Python side's budget check, and the Python side held it:
    # a cycle the garbage collector could not see into, so every solve kept its memos
    # (about 5 MB a solve of 28 from the first lead; a PIMC bot playing whole hands ran
    # out of memory). A solve now lets go of it, with the collector paused.
    import gc

    _needs_native()
    deals = [rnd for seed in range(12) if (rnd := ending("28", seed, 6)) is not None][:4]

    def solve_all() -> None:
        for rnd in deals:
            assert solve(rnd, max_nodes=100_000).nodes > 10_000

    solve_all()  # the ruleset's own tables, made once
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        assert _memory_after(solve_all) < 200_000
    finally:
        if was_enabled:
            gc.enable()


def test_the_collector_frees_a_search_in_c_left_in_a_cycle() -> None:
    # Without the release (a kernel dropped mid-search, say), the cycle is the
    # collector's: the C search shows it what it holds.
    import gc

    from twentyeight.solver import _Search
    from twentyeight.solver_kernel import Kernel

    _needs_native()
    rnd = ending("28", 3, 6)
    assert rnd is not None
    solve(rnd)

    def dropped() -> None:
        kernel = Kernel(_Search(rnd.ruleset, None, None), rnd)
        assert kernel.native is not None and gc.is_tracked(kernel.native)
        kernel.value(rnd, -10**9, 10**9)
        del kernel
        gc.collect()

    assert _memory_after(dropped) < 200_000


@pytest.mark.parametrize("max_nodes", [1, 700, 5_000])
def test_a_budget_stops_the_search_in_c_where_it_stops_the_search_in_python(
        max_nodes: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # The budget is checked from inside the C search: cut short at the same node, the
    # two give the same bounds.
    _needs_native()
    rnd = ending("28", 11, 6)
    assert rnd is not None
    in_c, in_python = _solved_both_ways(rnd, monkeypatch, max_nodes=max_nodes)
    assert not in_c.exact
    assert in_c == in_python


def test_an_error_inside_the_search_in_c_leaves_the_round_and_the_next_search_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # An exception raised by the engine while the C search asks it comes out as it is;
    # the round solved is untouched and a new search gives the exact values.
    _needs_native()
    from twentyeight.position import Scratch

    rnd = ending("28", 7, 5)
    assert rnd is not None
    before = rnd.to_json()
    expected = solve(rnd)
    original = Scratch.legal
    asked = [0]

    def failing(self: Scratch, *args: object) -> tuple[int, bool]:
        asked[0] += 1
        if asked[0] == 50:
            raise RuntimeError("the engine failed")
        return original(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Scratch, "legal", failing)
    with pytest.raises(RuntimeError, match="the engine failed"):
        solve(rnd)
    monkeypatch.setattr(Scratch, "legal", original)
    assert rnd.to_json() == before
    assert solve(rnd) == expected


# ---------------------------------------------------------------- what a follower's cards read


def _follower_positions(name: str, count: int, **options: object) -> list[te.Round]:
    """Rounds of ``name`` in the play with a trick under way of two cards or more whose
    player to act holds no card of the suit led (where the rules of the void apply),
    from random play."""
    from twentyeight.position import position_of

    found: list[te.Round] = []
    seed = 0
    while len(found) < count and seed < 200 * count:
        rs = te.ruleset(name, **options)
        rnd = rs.new_round(seed=seed, dealer=seed % rs.config.players)
        rng = random.Random(seed)
        seed += 1
        while not rnd.is_over:
            if rnd.phase is te.Phase.PLAY and len(rnd.current_trick) >= 2 \
                    and rnd.to_act is not None:
                pos = position_of(rnd)
                led = rnd.deck.suit_mask[rnd.deck.suit_of[pos.trick[0]]]
                if not pos.hands[rnd.to_act] & led:
                    found.append(rnd)
                    break
            rnd.apply(rng.choice(rnd.legal_actions()))
    return found


def _cards_out(rnd: te.Round, but: int) -> list[int]:
    """The cards of the hands other than seat ``but``'s and of the trick under way after
    its first: those a probe of what the engine reads may move around."""
    from twentyeight.position import position_of

    pos = position_of(rnd)
    out = 0
    for s in range(rnd.players):
        if s != but:
            out |= pos.hands[s]
    for c in pos.trick[1:]:
        out |= 1 << c
    return [c for c in range(rnd.deck.size) if out >> c & 1]


def _reading_the_first_card_alone() -> list[str]:
    from twentyeight.legality import follow_reads_led_card_only

    return [n for n in te.presets() if follow_reads_led_card_only(te.ruleset(n).config)]


@pytest.mark.parametrize("name", _reading_the_first_card_alone())
def test_where_the_engine_says_a_follower_reads_the_first_card_alone_it_does(
        name: str) -> None:
    # The solver keeps the engine's legal cards for a follower by the trick's first card
    # and size where the legality layer says nothing reads the others
    # (follow_reads_led_card_only). Checked against the engine itself, for a player
    # void in the suit led: the trick's other cards replaced by other cards still out
    # (in the other hands or the trick), the answer is the same, the trump concealed or
    # exposed.
    from twentyeight.legality import follow_reads_led_card_only
    from twentyeight.position import Scratch, position_of

    assert follow_reads_led_card_only(te.ruleset(name).config)
    checked = 0
    for rnd in _follower_positions(name, 25):
        pos = position_of(rnd)
        seat = rnd.to_act
        assert seat is not None
        scratch = Scratch(rnd)
        rng = random.Random(checked)
        pool = _cards_out(rnd, seat)
        # As dealt, and with the trump exposed and counting from the first card (where
        # the cards already in the trick could matter most).
        for exposed_at, trump_from in ((pos.exposed_at, pos.trump_from),
                                       ((len(rnd.tricks), 0), 0)):
            scratch.set_exposed_at(exposed_at)
            expected = scratch.legal(seat, list(pos.trick), trump_from, pos.must_trump,
                                     pos.led_suits, pos.trump_led)
            for _ in range(8):
                changed = [pos.trick[0], *rng.sample(pool, len(pos.trick) - 1)]
                assert scratch.legal(seat, changed, trump_from, pos.must_trump,
                                     pos.led_suits, pos.trump_led) == expected, (
                    name, pos.trick, changed)
                checked += 1
    assert checked >= 50


def test_over_trumping_reads_the_whole_trick() -> None:
    # Over-trumping reads the trumps already in the trick.
    from twentyeight.legality import follow_reads_led_card_only

    assert follow_reads_led_card_only(te.ruleset("28").config)
    assert not follow_reads_led_card_only(te.ruleset("28", over_trump=True).config)


@pytest.mark.parametrize(("hook", "declaration"), [
    ("void_play", "follow_reads_trick"), ("follow_concealed", "follow_reads_trick"),
    ("caller_play", "follow_reads_trick"), ("binds_caller", "exposure_reads_trick"),
    ("exposure_from", "exposure_reads_trick")])
def test_a_part_from_outside_the_core_that_overrides_a_hook_reads_more(
        hook: str, declaration: str) -> None:
    # A class outside the core that overrides one of the hooks a declaration covers is
    # taken to read more than the core's hooks do, unless it declares otherwise.
    from twentyeight.trump import HandCardTrump

    overriding = frozen(type("Overriding", (HandCardTrump,), {
        hook: getattr(HandCardTrump, hook), "__module__": __name__}))
    declared = frozen(type("Declared", (overriding,), {
        declaration: lambda self: False, "__module__": __name__}))
    assert getattr(HandCardTrump(), declaration)() is False
    assert getattr(overriding(), declaration)() is True
    assert getattr(declared(), declaration)() is False


def _reading_the_exposure_by_the_first_card() -> list[str]:
    from twentyeight.phases import exposure_reads_led_card_only

    # The core's parts that conceal the trump (the open trump never does; a part from
    # outside the core that overrides no hook of the exposure runs the core's).
    return [n for n in te.presets()
            if type(te.ruleset(n).config.trump).__module__ == "twentyeight.trump"
            and te.ruleset(n).config.trump.marker != "open"
            and exposure_reads_led_card_only(te.ruleset(n).config)]


def _exposed(rnd: te.Round, seat: int, trick: list[int], hands: list[int],
             how: tuple[bool, bool]) -> object:
    """What the engine's exposure by ``seat`` (``how``: followed, called) changes in a
    scratch copy of ``rnd`` holding ``hands`` with ``trick`` under way: the trump's
    state, the bidder's hand and the record of the exposure."""
    from twentyeight.position import Scratch, position_of

    pos = position_of(rnd)
    scratch = Scratch(rnd)
    scratch.hands[:] = hands
    change = scratch.expose(seat, trick, pos.trump_from, pos.must_trump, *how)
    return change, scratch.hands[scratch.bidder], scratch.exposure()


@pytest.mark.parametrize("name", _reading_the_exposure_by_the_first_card())
def test_where_the_engine_says_an_exposure_reads_the_first_card_alone_it_does(
        name: str) -> None:
    # The search in C keeps what an exposure changes by the exposing seat, how, the
    # trick's first card and size, the bidder's hand and the trump's state, where the
    # engine says that is all it reads (exposure_reads_led_card_only). Checked against
    # the engine: the trick's other cards and the other hands changed, each way of
    # exposing gives the same trump's state, bidder's hand and record.
    from twentyeight.phases import exposure_reads_led_card_only
    from twentyeight.position import Scratch, position_of

    assert exposure_reads_led_card_only(te.ruleset(name).config)
    checked = 0
    for rnd in _follower_positions(name, 40):
        pos = position_of(rnd)
        seat = rnd.to_act
        assert seat is not None
        if pos.exposed_at is not None:
            continue
        bidder = Scratch(rnd).bidder
        rng = random.Random(checked)
        others = [s for s in range(rnd.players) if s != bidder]
        pool = _cards_out(rnd, bidder)
        for how in ((False, True), (True, False), (False, False)):
            expected = _exposed(rnd, seat, list(pos.trick), list(pos.hands), how)
            for _ in range(4):
                cards = rng.sample(pool, len(pool))
                hands = list(pos.hands)
                at = 0
                for s in others:  # the others' hands dealt again from their cards
                    size = pos.hands[s].bit_count()
                    hands[s] = sum(1 << c for c in cards[at:at + size])
                    at += size
                trick = [pos.trick[0], *rng.sample(pool, len(pos.trick) - 1)]
                assert _exposed(rnd, seat, trick, hands, how) == expected, (name, how)
                checked += 1
    assert checked >= 40


def test_the_kernels_ask_the_engine_less_where_it_says_what_it_reads(
        kernel_language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The same solution, and the engine asked what is legal (and, in C, to expose the
    # trump) fewer times than with the answers keyed by the whole trick and every hand.
    from twentyeight.position import Scratch
    from twentyeight.search_tables import search_tables

    rnd = ending("28", 2, 5)
    assert rnd is not None and rnd.trump_suit is not None
    asked = {"legal": 0, "expose": 0}
    for name in asked:
        original = getattr(Scratch, name)

        def counted(self: Scratch, *args: object, _name: str = name,
                    _original: object = original) -> object:
            asked[_name] += 1
            return _original(self, *args)  # type: ignore[operator]

        monkeypatch.setattr(Scratch, name, counted)
    declared = solve(rnd)
    by_declaration = dict(asked)
    tables = search_tables(rnd.ruleset)
    assert tables.follow_by_led and tables.exposure_by_led
    monkeypatch.setattr(tables, "follow_by_led", False)
    monkeypatch.setattr(tables, "exposure_by_led", False)
    asked.update(legal=0, expose=0)
    assert solve(rnd) == declared
    assert by_declaration["legal"] < asked["legal"]
    if kernel_language == "C":
        assert by_declaration["expose"] < asked["expose"]
