"""The Gymnasium adapter: Gymnasium's checker, seeded episodes, observations that hide
the other seats' cards, rewards from the round, the opponents and illegal actions."""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils import seeding
from gymnasium.utils.env_checker import check_env

import twentyeight as te
from twentyeight.adapters.gymnasium import (
    ENV_ID,
    TwentyEightEnv,
    draw_seed,
    make_env,
    observation_bounds,
)
from twentyeight.bots import HeuristicBot, RandomBot

from .helpers import check_import_names_extra, no_action_indices

# The target, stake and plug-in slices have no upper bound the core can promise.
pytestmark = pytest.mark.filterwarnings("ignore:.*space (minimum|maximum) value is -?infinity")


def _masked_choice(obs: dict[str, Any], rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


def _episode(env: TwentyEightEnv, seed: int, rng: np.random.Generator
             ) -> tuple[list[dict[str, Any]], list[float]]:
    obs, _ = env.reset(seed=seed)
    seen, rewards = [obs], []
    done = False
    while not done:
        obs, reward, done, truncated, _ = env.step(_masked_choice(obs, rng))
        assert truncated is False
        seen.append(obs)
        rewards.append(float(reward))
    return seen, rewards


def test_check_env_passes() -> None:
    check_env(make_env("28", illegal="penalize"), skip_render_check=True)


def test_check_env_passes_through_the_registry() -> None:
    made = gymnasium.make(ENV_ID, ruleset="29", seat=1, illegal="penalize")
    assert made.spec is not None and made.spec.id == ENV_ID
    check_env(made.unwrapped)


def test_registry_imports_the_module_by_itself() -> None:
    made = gymnasium.make(f"twentyeight.adapters.gymnasium:{ENV_ID}", ruleset="56")
    assert made.unwrapped.ruleset.name == "56"


def test_check_env_samples_illegal_actions_which_raise_by_default() -> None:
    with pytest.raises(te.IllegalActionError):
        check_env(make_env("28"), skip_render_check=True)


@pytest.mark.parametrize("opponents", ["heuristic", "random"])
def test_a_seeded_episode_is_reproducible(opponents: str) -> None:
    runs = [_episode(make_env("28", seat=2, opponents=opponents), 17,
                     np.random.default_rng(4)) for _ in range(2)]
    (obs_a, rewards_a), (obs_b, rewards_b) = runs
    assert rewards_a == rewards_b
    assert len(obs_a) == len(obs_b)
    for a, b in zip(obs_a, obs_b, strict=True):
        assert np.array_equal(a["observation"], b["observation"])
        assert np.array_equal(a["action_mask"], b["action_mask"])
    other, _ = make_env("28", seat=2, opponents=opponents).reset(seed=18)
    assert not np.array_equal(other["observation"], obs_a[0]["observation"])


def test_unseeded_resets_follow_the_seeded_generator() -> None:
    first, second = make_env("28"), make_env("28")
    first.reset(seed=5)
    second.reset(seed=5)
    for _ in range(3):
        a, _ = first.reset()
        b, _ = second.reset()
        assert np.array_equal(a["observation"], b["observation"])
        assert first.round is not None and second.round is not None
        assert first.round.seed == second.round.seed


@pytest.mark.parametrize(("name", "seat"), [("28", 0), ("29", 3), ("56", 1), ("28+pair+double", 2),
                                            ("56-eight", 5)])
def test_an_episode_ends_with_the_rounds_return(name: str, seat: int) -> None:
    env = make_env(name, seat=seat)
    rng = np.random.default_rng(seat)
    for seed in range(3):
        observations, rewards = _episode(env, seed, rng)
        rnd = env.round
        assert rnd is not None and rnd.is_over
        assert rewards[:-1] == [0.0] * (len(rewards) - 1)
        assert rewards[-1] == rnd.returns()[seat]
        assert not observations[-1]["action_mask"].any()
        for obs in observations:
            assert env.observation_space.contains(obs)


def test_observation_does_not_depend_on_the_other_seats_cards() -> None:
    seat = 1
    env = make_env("28", seat=seat)
    rng = np.random.default_rng(6)
    changed = 0
    for seed in (11, 12):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            rnd = env.round
            assert rnd is not None and rnd.to_act == seat
            for k in range(3):
                other = rnd.resample(seat, random.Random(k))
                changed += any(other.hand_mask(s) != rnd.hand_mask(s)
                               for s in range(rnd.players) if s != seat)
                assert other.hand_mask(seat) == rnd.hand_mask(seat)
                assert np.array_equal(obs["observation"],
                                      np.asarray(other.observation(seat), dtype=np.float32))
                assert np.array_equal(obs["action_mask"], other.legal_mask().astype(np.int8))
            obs, _, done, _, _ = env.step(_masked_choice(obs, rng))
    assert changed > 0  # the resampled deals did differ from the real one


def test_the_learner_acts_only_on_its_turns() -> None:
    env = make_env("29", seat=3, dealer=0)
    rng = np.random.default_rng(1)
    obs, _ = env.reset(seed=2)
    done = False
    while not done:
        assert env.round is not None
        assert env.round.to_act == 3
        assert np.array_equal(obs["action_mask"], env.round.legal_mask().astype(np.int8))
        obs, _, done, _, _ = env.step(_masked_choice(obs, rng))
    assert env.round is not None and env.round.dealer == 0


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    env = make_env("28")
    obs, _ = env.reset(seed=3)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(te.IllegalActionError):
        env.step(illegal)
    with pytest.raises(te.ParseError):
        env.step(env.ruleset.num_actions)
    assert env.round is not None
    assert np.array_equal(np.asarray(env.round.observation(0), dtype=np.float32),
                          obs["observation"])
    env.step(np.int64(_masked_choice(obs, np.random.default_rng(0))))


def test_penalize_ends_the_episode() -> None:
    env = make_env("28", illegal="penalize", illegal_reward=-2.5)
    obs, _ = env.reset(seed=3)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-2.5, True, False)
    assert info["illegal_action"] == illegal and info["rule"]
    assert np.array_equal(after["observation"], obs["observation"])
    with pytest.raises(RuntimeError, match="reset"):
        env.step(_masked_choice(obs, np.random.default_rng(0)))
    with pytest.raises(RuntimeError, match="reset"):
        make_env("28").step(0)


def test_opponents_as_bots_or_a_factory() -> None:
    bots = [HeuristicBot(), RandomBot(1), HeuristicBot()]
    env = make_env("28", seat=1, opponents=bots)
    assert env.bots == (bots[0], None, bots[1], bots[2])
    _episode(env, 0, np.random.default_rng(0))
    with_none = make_env("28", seat=1, opponents=[bots[0], None, bots[1], bots[2]])
    assert with_none.bots == env.bots
    made: list[int] = []

    def factory(seed: int) -> RandomBot:
        made.append(seed)
        return RandomBot(seed)

    env = make_env("28", seat=0, opponents=factory)
    env.reset(seed=1)
    assert len(made) >= 3 and env.bots[0] is None
    assert all(isinstance(b, RandomBot) for b in env.bots[1:])


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"opponents": "nobody"}, ValueError),
    ({"opponents": [HeuristicBot()]}, ValueError),
    ({"opponents": [HeuristicBot(), HeuristicBot(), object()]}, TypeError),
    ({"opponents": 3}, TypeError),
    ({"seat": 4}, ValueError),
    ({"dealer": -1}, ValueError),
    ({"illegal": "ignore"}, ValueError),
    ({"render_mode": "rgb_array"}, ValueError),
])
def test_bad_arguments_are_refused(kwargs: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        make_env("28", **kwargs)


def test_a_deal_over_before_the_learners_turn_is_skipped() -> None:
    # Seat 1 opens when seat 0 deals; the heuristic bot claims every redeal offered.
    skipped = 0
    env = make_env("28", seat=2, dealer=0)
    for seed in range(60):
        env.reset(seed=seed)
        assert env.round is not None and not env.round.is_over
        assert env.round.to_act == 2
        rng, _ = seeding.np_random(seed)
        skipped += env.round.seed != draw_seed(rng)
    assert skipped > 0


def test_observation_bounds_are_finite_where_the_core_bounds_them() -> None:
    rs = te.ruleset("28+pair")
    low, high = observation_bounds(rs)
    spec = rs.observation_spec
    open_ended = {"target", "stake", "pair"}
    for part in spec.slices:
        top = high[part.start:part.stop]
        if part.name in open_ended:
            assert np.isinf(top).all()
        else:
            assert (low[part.start:part.stop] == 0).all() and (top == 1).all()


def test_render(capsys: pytest.CaptureFixture[str]) -> None:
    env = make_env("28", render_mode="ansi")
    assert env.render() == "(no round yet)"
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and text.startswith("28: auction")
    human = make_env("28", render_mode="human")
    human.reset(seed=0)
    assert "to act" in capsys.readouterr().out
    with pytest.warns(UserWarning, match="render_mode"):
        assert make_env("28").render() is None


def test_import_without_gymnasium_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    check_import_names_extra(monkeypatch, "gymnasium", "twentyeight.adapters.gymnasium",
                             "gymnasium")


@pytest.mark.parametrize("illegal", ["raise", "penalize"])
def test_what_is_no_action_index_is_refused_and_changes_nothing(illegal: str) -> None:
    """Issue 35, reliability 6: a 1-d or float array and an object whose ``__index__``
    fails raised TypeError; now anything that is no action index is refused with
    ``ParseError`` in either mode (no penalty: it is no move), negative numbers
    included, and the episode goes on."""
    env = make_env("28", illegal=illegal)
    obs, _ = env.reset(seed=3)
    assert env.round is not None
    before = env.round.to_json()
    for bad in no_action_indices(env.ruleset.num_actions):
        with pytest.raises(te.ParseError):
            env.step(bad)
        assert env.round.to_json() == before
    env.step(np.array(_masked_choice(obs, np.random.default_rng(0))))
    assert env.round.to_json() != before


def test_step_out_of_order_is_an_episode_error() -> None:
    """``step`` before ``reset`` or after the end: ``EpisodeError``, a library error
    that is still the documented ``RuntimeError``."""
    with pytest.raises(te.EpisodeError):
        make_env("28").step(0)
    assert issubclass(te.EpisodeError, RuntimeError)


@pytest.mark.parametrize("key", ["self", "ruleset_name", "name"])
def test_an_option_named_like_a_parameter_is_an_unknown_option(key: str) -> None:
    """Issue 35's reader defect, in the environment: ``self=`` collided with the
    method's own parameter (``TypeError``); it is now an unknown ruleset option."""
    for make in (TwentyEightEnv, make_env):
        with pytest.raises(te.ConfigError, match=key):
            make("28", **{key: 1})
