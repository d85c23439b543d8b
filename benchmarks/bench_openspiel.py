"""OpenSpiel's C++ card games through pyspiel, in the same unit as ``bench_ops.py``.

The unit is one card play of the straight-line baseline (``baseline.random_deal_play``
game / 32), CPU time, timed in batches interleaved with baseline batches, the median of
``--repeats`` repeats (see ``interleave.py``). For each game, on a fixed list of
mid-play positions (seeded random games stopped when about half the card plays are
left, a player to act):

    clone           state.clone()
    infostate       state.information_state_string(player)  (the observation string
                    for a game without one, marked)
    serialize       pyspiel.serialize_game_and_state(game, state)
    deserialize     pyspiel.deserialize_game_and_state(text)
    resample        state.resample_from_infostate(player, sampler), where the game has it
    clone_apply     state.clone().apply_action(a legal card)
    full_game       full random games (chance outcomes uniform among legal_actions()),
                    in card plays per game and per player action

pyspiel is not a dependency of twentyeight: ``pip install open_spiel`` first.

    python benchmarks/bench_openspiel.py [--games hearts,bridge,...] [--repeats 9] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from interleave import (
    CARDS_PER_GAME,
    UNIT_TEXT,
    Op,
    add_run_options,
    each_call,
    each_call_with,
    machine,
    measure,
    parse_run_options,
    show,
    summary,
)

try:
    import pyspiel  # type: ignore[import-not-found, unused-ignore]
except ImportError:  # pragma: no cover - depends on the machine
    pyspiel = None


@dataclass(frozen=True)
class Game:
    """A game string for ``pyspiel.load_game``; given the player actions of a whole
    random game and the number of players, ``mid`` is how many player actions remain at
    mid-play and ``plays`` the card plays a game with its play phase has (a game with
    fewer player actions is skipped). The card plays are a game's last player actions."""

    name: str
    load: str
    mid: Callable[[int, int], int]
    plays: Callable[[int, int], int]


GAMES = {
    game.name: game for game in (
        Game("hearts", "hearts", lambda total, n: 26, lambda total, n: 52),
        # Without the double-dummy result the cards are played out.
        Game("bridge", "bridge(use_double_dummy_result=false)",
             lambda total, n: 26, lambda total, n: 52),
        Game("spades", "spades", lambda total, n: 26, lambda total, n: 52),
        Game("skat", "skat", lambda total, n: 15, lambda total, n: 30),
        # A lone hand plays 15 cards, a partnership 20: 10 left is mid-play either way.
        Game("euchre", "euchre", lambda total, n: 10, lambda total, n: 15),
        # The number of tricks is dealt; every player bids once, then plays.
        Game("oh_hell", "oh_hell", lambda total, n: (total - n) // 2,
             lambda total, n: total - n),
    )
}
SEEDS = range(1, 1001)
GAME_SEEDS = range(1000, 1010)
RESAMPLE_SEED = 7


@dataclass(frozen=True)
class Spot:
    seed: int
    state: Any
    player: int
    text: str
    card: int


def play_random(game: Any, rng: random.Random, stop: int | None = None) -> tuple[Any, int]:
    """A random game (chance outcomes uniform among the legal ones), stopped after
    ``stop`` player actions if given; the state and its player actions."""
    state = game.new_initial_state()
    played = 0
    while not state.is_terminal() and played != stop:
        legal = state.legal_actions()
        if not state.is_chance_node():
            played += 1
        state.apply_action(legal[int(rng.random() * len(legal))])
    return state, played


def check_uniform_chance(game: Any, rng: random.Random) -> None:
    """Refuse a game whose chance outcomes are not uniform (the random games pick
    among them uniformly)."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            odds = {p for _, p in state.chance_outcomes()}
            if max(odds) - min(odds) > 1e-9:
                raise SystemExit(f"{game}: chance outcomes are not uniform")
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.random() * len(legal))])


def spots(spec: Game, game: Any, count: int) -> list[Spot]:
    """Mid-play positions from ``SEEDS``: each game is played out at random once, then
    replayed from the same seed to the point where ``spec.mid`` player actions remain."""
    found: list[Spot] = []
    n = game.num_players()
    for seed in SEEDS:
        _, total = play_random(game, random.Random(seed))
        if total < spec.plays(total, n):
            continue  # no card play (a bridge deal passed out)
        state, _ = play_random(game, random.Random(seed), total - spec.mid(total, n))
        if state.is_terminal() or state.is_chance_node():
            continue
        player = state.current_player()
        legal = state.legal_actions()
        found.append(Spot(seed, state, player, pyspiel.serialize_game_and_state(game, state),
                          legal[seed % len(legal)]))
        if len(found) == count:
            return found
    raise SystemExit(f"{spec.name}: only {len(found)} mid-play positions")


@contextmanager
def quiet_stderr() -> Iterator[None]:
    """Silence file descriptor 2: pyspiel prints every exception it raises there."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w", encoding="utf-8") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def has_resample(spot: Spot) -> bool:
    """Whether the game implements ``resample_from_infostate``."""
    with quiet_stderr():
        try:
            spot.state.resample_from_infostate(
                spot.player, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
        except pyspiel.SpielError:
            return False
    return True


def operations(spec: Game, game: Any, at: Sequence[Spot]) -> tuple[list[Op], dict[str, Any]]:
    """The timed operations and what was found out about the game."""
    notes: dict[str, Any] = {}
    clones = [s.state.clone for s in at]
    # The information-state string, or the observation string if the game has none.
    if game.get_type().provides_information_state_string:
        notes["infostate"] = "information_state_string"
        readers = [(s.state.information_state_string, s.player) for s in at]
    else:
        notes["infostate"] = "observation_string"
        readers = [(s.state.observation_string, s.player) for s in at]
    states = [s.state for s in at]
    loads = [(pyspiel.deserialize_game_and_state, s.text) for s in at]
    plays = [(s.state.clone, s.card) for s in at]
    serialize = pyspiel.serialize_game_and_state

    def dump(loops: int) -> None:
        for _ in range(loops):
            for state in states:
                serialize(game, state)

    def clone_apply(loops: int) -> None:
        for _ in range(loops):
            for call, card in plays:
                call().apply_action(card)

    n = len(at)
    ops = [Op("clone", each_call(clones), n), Op("infostate", each_call_with(readers), n),
           Op("serialize", dump, n), Op("deserialize", each_call_with(loads), n),
           Op("clone_apply", clone_apply, n)]
    resamplers = [(s.state.resample_from_infostate, s.player) for s in at]
    notes["resample"] = has_resample(at[0])
    if notes["resample"]:

        def resample(loops: int) -> None:
            sampler = pyspiel.UniformProbabilitySampler(RESAMPLE_SEED, 0.0, 1.0)
            for _ in range(loops):
                for call, player in resamplers:
                    call(player, sampler)

        ops.append(Op("resample", resample, n))

    rng = random.Random()

    def full_games(loops: int) -> None:
        for _ in range(loops):
            for seed in GAME_SEEDS:
                rng.seed(seed)
                uniform = rng.random
                state = game.new_initial_state()
                while not state.is_terminal():
                    legal = state.legal_actions()
                    state.apply_action(legal[int(uniform() * len(legal))])

    rng_check = random.Random(0)
    check_uniform_chance(game, rng_check)
    player_actions = 0
    for seed in GAME_SEEDS:
        player_actions += play_random(game, random.Random(seed))[1]
    notes["player_actions_per_game"] = player_actions / len(GAME_SEEDS)
    ops.append(Op("full_game", full_games, len(GAME_SEEDS)))
    return ops, notes


def bench(spec: Game, *, repeats: int, batch_ms: float, count: int) -> dict[str, Any]:
    """Every figure for one game, as a JSON-ready dict."""
    game = pyspiel.load_game(spec.load)
    at = spots(spec, game, count)
    ops, notes = operations(spec, game, at)
    got = measure(ops, repeats, batch_ms)
    costs = got.costs
    figures: dict[str, Any] = {key: summary(costs[key]) for key in (
        "clone", "infostate", "serialize", "deserialize", "clone_apply")}
    if "resample" in costs:
        figures["resample"] = summary(costs["resample"])
        figures["resample_beyond_clone"] = summary(
            [r - c for r, c in zip(costs["resample"], costs["clone"], strict=True)])
    else:
        figures["resample"] = figures["resample_beyond_clone"] = {"median": None}
    per_game = notes["player_actions_per_game"]
    figures["full_game"] = summary(costs["full_game"])
    figures["per_player_action"] = summary([c / per_game for c in costs["full_game"]])
    figures["full_game_vs_baseline"] = summary(
        [CARDS_PER_GAME / c for c in costs["full_game"]], 3)
    return {
        "game": spec.name,
        "load_game": spec.load,
        "unit": UNIT_TEXT,
        "infostate": notes["infostate"],
        "player_actions_per_game": round(per_game, 1),
        "figures": figures,
        "positions": [s.seed for s in at],
        "repeats": repeats,
        "batch_ms": batch_ms,
        "pyspiel": getattr(pyspiel, "__version__", None) or open_spiel_version(),
        "machine": machine(),
    }


def open_spiel_version() -> str | None:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("open_spiel")
    except PackageNotFoundError:
        return None


COLUMNS = (("clone", "clone()"), ("infostate", "infostate"), ("serialize", "serialize"),
           ("deserialize", "deserialize"), ("clone_apply", "clone+apply"),
           ("resample", "resample"), ("resample_beyond_clone", "beyond clone"),
           ("per_player_action", "per action"), ("full_game", "full game"))


def text_report(reports: Sequence[dict[str, Any]]) -> str:
    lines = [f"OpenSpiel {reports[0]['pyspiel']} through pyspiel; unit: {UNIT_TEXT}; "
             f"median of {reports[0]['repeats']} interleaved repeats, CPU time",
             f"{'game':8}" + "".join(f"{label:>14}" for _, label in COLUMNS)]
    for r in reports:
        lines.append(f"{r['game']:8}" + "".join(
            f"{show(r['figures'][key]['median']):>14}" for key, _ in COLUMNS))
    marked = [r["game"] for r in reports if r["infostate"] != "information_state_string"]
    if marked:
        lines.append(f"infostate is the observation string for: {', '.join(marked)} "
                     "(no information-state string)")
    lines.append("per action: a full random game's cost per player action; "
                 "full game: in card plays, including the deal (chance nodes)")
    return "\n".join(lines)


def markdown(reports: Sequence[dict[str, Any]]) -> str:
    """The tables of the Performance page, each narrow enough for a phone's screen (the
    game and at most three figures): copies and views, records, search."""

    def info(f: dict[str, Any], r: dict[str, Any]) -> str:
        text = show(f["infostate"]["median"])
        return text if r["infostate"] == "information_state_string" else f"{text} (obs.)"

    def resample(f: dict[str, Any]) -> str:
        if f["resample"]["median"] is None:
            return "—"
        return f"{show(f['resample']['median'])} ({show(f['resample_beyond_clone']['median'])})"

    tables: list[tuple[str, list[str], Callable[[dict[str, Any], dict[str, Any]], list[str]]]] = [
        ("Copies and views", ["`clone()`", "information state"],
         lambda f, r: [show(f["clone"]["median"]), info(f, r)]),
        ("Records", ["serialize", "deserialize"],
         lambda f, r: [show(f["serialize"]["median"]), show(f["deserialize"]["median"])]),
        ("Search", ["`clone()` + `apply_action()`", "resample (beyond the clone)",
                    "full game, per player action"],
         lambda f, r: [show(f["clone_apply"]["median"]), resample(f),
                       show(f["per_player_action"]["median"])]),
    ]
    out: list[str] = []
    for title, headers, cells in tables:
        out += [f"### {title}", "", "| game | " + " | ".join(headers) + " |",
                "|---|" + "---:|" * len(headers)]
        out += [f"| {r['game']} | " + " | ".join(cells(r["figures"], r)) + " |"
                for r in reports]
        out.append("")
    return "\n".join(out).rstrip("\n")


def main(argv: list[str] | None = None) -> int:
    """Measure and print the figures for OpenSpiel's games."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", default=",".join(GAMES),
                    help=f"comma-separated, from: {', '.join(GAMES)}")
    add_run_options(ap, "a JSON list, one object a game")
    args = parse_run_options(ap, argv)
    if pyspiel is None:
        print("bench_openspiel.py needs pyspiel, which is not installed: "
              "pip install open_spiel (it is not a dependency of twentyeight)",
              file=sys.stderr)
        return 2
    if args.repeats < 1 or args.positions < 1 or args.batch_ms <= 0:
        ap.error("--repeats, --positions and --batch-ms must be positive")
    names = [name.strip() for name in args.games.split(",") if name.strip()]
    unknown = [name for name in names if name not in GAMES]
    if unknown:
        ap.error(f"unknown game(s) {', '.join(unknown)}; choose from {', '.join(GAMES)}")
    available = set(pyspiel.registered_names())
    reports = []
    for name in names:
        spec = GAMES[name]
        if spec.load.split("(")[0] not in available:
            print(f"{name}: not in this version of OpenSpiel, skipped", file=sys.stderr)
            continue
        print(f"measuring {name} ...", file=sys.stderr, flush=True)
        reports.append(bench(spec, repeats=args.repeats, batch_ms=args.batch_ms,
                             count=args.positions))
    if not reports:
        print("none of the games is available", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(reports))
    elif args.markdown:
        print(markdown(reports))
    else:
        print(text_report(reports))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
