"""The PettingZoo adapter: PettingZoo's own API and seed tests, rewards from the round,
observations that hide what a seat cannot see, and the treatment of illegal actions."""

from __future__ import annotations

import random
import re
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import twentyeight as te
from twentyeight.adapters.pettingzoo import env, raw_env

from .helpers import check_import_names_extra, no_action_indices

# A dict observation is what PettingZoo's own card games use; its API test still says so.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Action mask numpy array is all zeros"),
]


def _masked_choice(obs: dict[str, Any], rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


def _play(game: Any, rng: np.random.Generator, seed: int) -> dict[str, float]:
    """Play one episode with random legal actions; the reward each agent saw last."""
    game.reset(seed=seed)
    final: dict[str, float] = {}
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            final[agent] = reward
            game.step(None)
        else:
            game.step(_masked_choice(obs, rng))
    return final


@pytest.mark.parametrize("name", ["28", "56-eight"])
def test_pettingzoo_api_test(name: str) -> None:
    api_test(env(name), num_cycles=200)


@pytest.mark.parametrize("name", ["28", "29", "28+pair+double"])
def test_pettingzoo_seed_test(name: str) -> None:
    seed_test(lambda: env(name), num_cycles=200)


@pytest.mark.parametrize("name", ["28", "29", "56", "28+pair+double"])
def test_episode_ends_with_the_rounds_returns(name: str) -> None:
    rng = np.random.default_rng(5)
    game = env(name)
    for seed in range(4):
        final = _play(game, rng, seed)
        rnd = game.unwrapped.round
        assert rnd.is_over
        assert final == {f"player_{s}": r for s, r in enumerate(rnd.returns())}
        assert game.agents == []


def test_agents_are_seats_and_the_selected_agent_is_the_seat_to_act() -> None:
    game = env("28")
    game.reset(seed=3)
    assert game.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    rng = np.random.default_rng(0)
    rnd = game.unwrapped.round
    while not rnd.is_over:
        assert game.agent_selection == f"player_{rnd.to_act}"
        obs = game.observe(game.agent_selection)
        assert np.array_equal(obs["action_mask"], rnd.legal_mask().astype(np.int8))
        for other in game.agents:
            if other != game.agent_selection:
                assert not game.observe(other)["action_mask"].any()
        game.step(_masked_choice(obs, rng))


def test_spaces_hold_every_observation() -> None:
    rng = np.random.default_rng(1)
    for name in ("28-bengal", "28+pair+double", "40"):
        game = env(name)
        game.reset(seed=9)
        assert game.action_space("player_0").n == te.ruleset(name).num_actions
        for agent in game.agent_iter():
            obs, _, terminated, _, _ = game.last()
            assert game.observation_space(agent).contains(obs)
            game.step(None if terminated else _masked_choice(obs, rng))


def test_an_annulled_deal_is_terminal_with_nothing_won() -> None:
    found = 0
    for seed in range(150):
        game = env("28")
        game.reset(seed=seed)
        rng = random.Random(seed)
        for _agent in game.agent_iter():
            obs, _, terminated, _, _ = game.last()
            if terminated:
                game.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            redeal = game.unwrapped.ruleset.action_id("redeal")
            game.step(redeal if redeal in legal else int(rng.choice(legal)))
            if game.unwrapped.round.is_over and game.unwrapped.round.result.annulled:
                assert all(game.terminations.values())
                assert set(game.rewards.values()) == {0.0}
                found += 1
    assert found >= 3


@pytest.mark.parametrize("name", ["28", "29", "56"])
def test_observations_do_not_depend_on_hidden_cards(name: str) -> None:
    game = env(name)
    game.reset(seed=21)
    rng = np.random.default_rng(2)
    changed = 0
    while game.agents and not game.terminations[game.agent_selection]:
        rnd = game.unwrapped.round
        for seat, agent in enumerate(game.possible_agents):
            other = rnd.resample(seat, random.Random(1))
            changed += any(other.hand_mask(s) != rnd.hand_mask(s) for s in range(rnd.players))
            mine = game.observe(agent)
            assert np.array_equal(
                mine["observation"], np.asarray(other.observation(seat), dtype=np.float32))
            if rnd.to_act == seat:
                assert np.array_equal(mine["action_mask"],
                                      other.legal_mask().astype(np.int8))
        game.step(_masked_choice(game.observe(game.agent_selection), rng))
    assert changed > 0  # the resampled deals did differ from the real one


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    game = env("28")
    game.reset(seed=4)
    agent = game.agent_selection
    before = game.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(te.IllegalActionError):
        game.step(illegal)
    assert game.agent_selection == agent
    assert np.array_equal(game.observe(agent)["observation"], before["observation"])
    with pytest.raises(te.ParseError):
        game.step(game.unwrapped.ruleset.num_actions)
    game.step(_masked_choice(before, np.random.default_rng(0)))


def test_illegal_reward_ends_the_episode_instead(caplog: pytest.LogCaptureFixture) -> None:
    game = env("28", illegal_reward=-3.0)
    game.reset(seed=4)
    agent = game.agent_selection
    obs, *_ = game.last()
    game.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert "Illegal move" in caplog.text
    rewards = {}
    for who in game.agent_iter():
        _, reward, terminated, truncated, _ = game.last()
        assert terminated or truncated
        rewards[who] = reward
        game.step(None)
    assert rewards[agent] == -3.0
    assert all(r == 0 for who, r in rewards.items() if who != agent)


def test_seeding_and_dealer() -> None:
    first, second = env("28"), env("28")
    first.reset(seed=8)
    second.reset(seed=8)
    assert first.unwrapped.round.seed == second.unwrapped.round.seed
    # Unseeded resets go on drawing from the seeded generator.
    first.reset()
    second.reset()
    assert first.unwrapped.round.seed == second.unwrapped.round.seed
    second.reset(seed=9)
    assert first.unwrapped.round.seed != second.unwrapped.round.seed
    fixed = env("28", dealer=2)
    for seed in range(5):
        fixed.reset(seed=seed)
        assert fixed.unwrapped.round.dealer == 2
    with pytest.raises(ValueError, match="dealer"):
        raw_env("28", dealer=4)


def test_ruleset_object_and_options() -> None:
    rs = te.ruleset("28")
    game = raw_env(rs)
    assert game.ruleset is rs
    game.reset(seed=0)
    assert game.round.ruleset is rs


def test_render_shows_public_state_only() -> None:
    game = env("28", render_mode="ansi")
    game.reset(seed=12)
    rng = np.random.default_rng(3)
    for _ in range(14):
        game.step(_masked_choice(game.observe(game.agent_selection), rng))
    text = game.render()
    assert isinstance(text, str) and text.startswith("28: ")
    rnd = game.unwrapped.round
    hidden = [c for seat in range(rnd.players) for c in rnd.hand(seat)]
    if rnd.concealed_card is not None:
        hidden.append(rnd.concealed_card)
    assert len(hidden) > 8
    for card in hidden:
        assert not re.search(rf"\b{re.escape(str(card))}\b", text), card
    with pytest.warns(UserWarning, match="render_mode"):
        assert env("28").unwrapped.render() is None


def test_human_render_prints(capsys: pytest.CaptureFixture[str]) -> None:
    game = env("28", render_mode="human")
    game.reset(seed=0)
    assert "to act" in capsys.readouterr().out
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("28", render_mode="rgb_array")


def test_import_without_pettingzoo_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    check_import_names_extra(monkeypatch, "pettingzoo", "twentyeight.adapters.pettingzoo",
                             "pettingzoo")


@pytest.mark.parametrize("illegal_reward", [None, -3.0], ids=["raise", "illegal_reward"])
def test_what_is_no_action_index_is_refused_and_changes_nothing(
        illegal_reward: float | None) -> None:
    """Issue 35, reliability 6: a negative number, a float, a bool, an array other than
    a 0-d integer or an object whose ``__index__`` fails is refused with ``ParseError``
    and changes nothing, with ``illegal_reward=`` too (PettingZoo's
    ``TerminateIllegalWrapper`` let numpy's IndexError, ValueError and OverflowError
    out, and took ``-1`` for the last action: an illegal move ending the episode)."""
    game = env("28", illegal_reward=illegal_reward)
    game.reset(seed=4)
    agent = game.agent_selection
    before = game.observe(agent)
    for bad in no_action_indices(game.unwrapped.ruleset.num_actions):
        with pytest.raises(te.ParseError):
            game.step(bad)
        assert game.agent_selection == agent and game.agents == game.possible_agents
        assert not any(game.terminations.values())
        now = game.observe(agent)
        assert np.array_equal(now["observation"], before["observation"])
        assert np.array_equal(now["action_mask"], before["action_mask"])
    # A 0-d integer array is an index.
    game.step(np.array(_masked_choice(before, np.random.default_rng(0))))
    assert game.agent_selection != agent


def test_the_unwrapped_environment_refuses_calls_out_of_order() -> None:
    """Issue 35, reliability 6: ``raw_env`` raised AttributeError on ``step`` before
    ``reset``, failed a bare ``assert`` on ``observe`` before ``reset``, and raised
    KeyError on ``step`` once every agent had left: each is now ``EpisodeError``."""
    game = raw_env("28")
    with pytest.raises(te.EpisodeError):
        game.step(0)
    with pytest.raises(te.EpisodeError):
        game.observe("player_0")
    game.reset(seed=2)
    rng = np.random.default_rng(2)
    for bad in no_action_indices(game.ruleset.num_actions):
        with pytest.raises(te.ParseError):
            game.step(bad)
    for _agent in game.agent_iter():
        obs, _, terminated, truncated, _ = game.last()
        game.step(None if terminated or truncated else _masked_choice(obs, rng))
    assert game.agents == []
    with pytest.raises(te.EpisodeError):
        game.step(None)
    with pytest.raises(te.EpisodeError):
        game.step(0)


@pytest.mark.parametrize("key", ["self", "ruleset_name", "name"])
def test_an_option_named_like_a_parameter_is_an_unknown_option(key: str) -> None:
    """Issue 35's reader defect, in the environments: ``self=`` collided with the
    method's own parameter (``TypeError``); it is now an unknown ruleset option."""
    for make in (raw_env, env):
        with pytest.raises(te.ConfigError, match=key):
            make("28", **{key: 1})
