"""A PettingZoo AEC environment: every seat of a ruleset is an agent.

Install the extra first: ``pip install "twentyeight[pettingzoo]"``::

    from twentyeight.adapters.pettingzoo import env as make

    game = make("28")
    game.reset(seed=1)
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, info = game.last()
        if terminated or truncated:
            game.step(None)
        else:
            game.step(int(obs["action_mask"].nonzero()[0][0]))

The agents are ``"player_0"`` .. ``"player_{n-1}"``, by seat. One episode is one round:
the agent selected is always the seat to act (:attr:`Round.to_act
<twentyeight.round.Round.to_act>`), so turns follow the rules (the auction's order,
the winner of a trick leads the next) rather than a fixed cycle.

**Observations** are dicts, ``"observation"`` (the seat's
:meth:`~twentyeight.round.Round.observation` as ``float32``) and ``"action_mask"``
(``int8``, 1 at the legal action indices; all 0 for a seat that is not to act); the
spaces are those of :func:`twentyeight.adapters.gymnasium.observation_space` (its
bounds hold for every value the core writes). Actions are indices,
``Discrete(num_actions)``.

**Rewards** are 0 until the round is over; then every agent is terminated and gets its
team's game points (:meth:`Round.returns <twentyeight.round.Round.returns>`). An
annulled deal (a redeal rule) is over too: terminated, with 0 for everyone.

**Illegal actions**: :meth:`raw_env.step` raises :class:`~twentyeight.IllegalActionError`
naming the rule and changes nothing. Anything that is no action index (a negative or
out-of-range number, a float, a ``bool``, a 1-d array, an object whose ``__index__``
fails) raises :class:`~twentyeight.ParseError` and changes nothing, whatever the
wrappers (see :func:`~twentyeight.encoding.action_index`). ``env(...,
illegal_reward=-1.0)`` instead wraps the environment in PettingZoo's
``TerminateIllegalWrapper``: an illegal action ends the episode with that reward for the
agent that made it and 0 for the others. The unwrapped :class:`raw_env` raises
:class:`~twentyeight.EpisodeError` for ``step`` or ``observe`` before ``reset`` and for
``step`` once every agent has left (the wrapped one follows PettingZoo's
``OrderEnforcingWrapper``).

**Seeding**: ``reset(seed=s)`` seeds the environment's generator, which draws each
round's 64-bit deal seed and, unless ``dealer=`` fixes it, the dealer; a reset without a
seed goes on drawing from it (from fresh operating-system entropy if it was never
seeded). The same seed and the same actions give the same episode.
"""

from __future__ import annotations

from typing import Any, cast

try:
    import pettingzoo
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from pettingzoo.utils import wrappers
except ImportError as exc:
    raise ImportError(
        "twentyeight.adapters.pettingzoo needs PettingZoo: "
        'pip install "twentyeight[pettingzoo]"') from exc

import numpy as np
import numpy.typing as npt

from ..encoding import action_index
from ..errors import EpisodeError
from ..round import Round
from ..ruleset import Ruleset
from .gymnasium import (
    RENDER_MODES,
    RoundHolder,
    draw_seed,
    observation_space,
    observe,
    table_ruleset,
)

__all__ = ["env", "raw_env"]


class raw_env(RoundHolder, pettingzoo.AECEnv):  # type: ignore[misc]  # PettingZoo ships no types
    """The AEC environment itself, without PettingZoo's wrappers (see :func:`env`).

    ``ruleset`` is a name (``"28"``, ``"56-eight"``, ``"28+pair+double"``) or a
    :class:`~twentyeight.Ruleset`; ``options`` change its options. ``dealer`` fixes
    the dealing seat (``None``: drawn at every reset). ``render_mode`` is ``"ansi"``
    (:meth:`render` returns the table's public state as text) or ``"human"`` (prints
    it after every step)."""

    metadata: dict[str, Any] = {  # noqa: RUF012
        "name": "twentyeight_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(self, /, ruleset: str | Ruleset = "28", render_mode: str | None = None, *,
                 dealer: int | None = None, **options: Any) -> None:
        super().__init__()
        rs = table_ruleset(ruleset, options, dealer, render_mode)
        n = rs.config.players
        self._rs = rs
        self._dealer = dealer
        self.render_mode = render_mode
        self.possible_agents: list[str] = [f"player_{s}" for s in range(n)]
        self.agent_name_mapping: dict[str, int] = {a: s for s, a in
                                                   enumerate(self.possible_agents)}
        # One space object per agent: PettingZoo's tests seed each agent's separately.
        self.observation_spaces: dict[str, spaces.Dict] = {
            a: observation_space(rs) for a in self.possible_agents}
        self.action_spaces: dict[str, spaces.Discrete] = {
            a: spaces.Discrete(rs.num_actions) for a in self.possible_agents}
        self.np_random: np.random.Generator | None = None
        self.np_random_seed: int | None = None
        self._round: Round | None = None
        self.agents: list[str] = []

    # ------------------------------------------------------------------ reads

    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of ``agent`` (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """``Discrete(num_actions)`` (the same object every call)."""
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """What ``agent``'s seat may know now; new arrays on every call.
        :class:`~twentyeight.EpisodeError` before :meth:`reset`."""
        if self._round is None:
            raise EpisodeError("call reset() before observe()")
        return observe(self._round, self.agent_name_mapping[agent])

    # ------------------------------------------------------------------ the loop

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new round; the agent selected is the first to speak. ``options`` is
        accepted for the API and ignored."""
        if seed is not None or self.np_random is None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        rng = self.np_random
        n = self._rs.config.players
        deal_seed = draw_seed(rng)
        dealer = self._dealer if self._dealer is not None else int(rng.integers(n))
        rnd = self._round = self._rs.new_round(seed=deal_seed, dealer=dealer)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        assert rnd.to_act is not None
        self.agent_selection = self.possible_agents[rnd.to_act]
        if self.render_mode == "human":
            self.render()

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Apply the selected agent's action (an index; ``None`` for an agent already
        terminated, which then leaves). Raises :class:`~twentyeight.IllegalActionError`
        for an illegal action and :class:`~twentyeight.ParseError` for anything that is
        no action index (:func:`~twentyeight.encoding.action_index`), changing nothing;
        :class:`~twentyeight.EpisodeError` before :meth:`reset` or once every agent has
        left."""
        rnd = self._round
        if rnd is None:
            raise EpisodeError("call reset() before step()")
        if not self.agents:
            raise EpisodeError("the episode is over: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        rnd.apply(self._rs.action_of(cast(int, action)))
        # The agent has seen its reward so far through last(): it starts again from 0.
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if rnd.is_over:
            for a, points in zip(self.agents, rnd.returns(), strict=True):
                self.rewards[a] = points
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            assert rnd.to_act is not None
            self.agent_selection = self.possible_agents[rnd.to_act]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


def env(ruleset: str | Ruleset = "28", render_mode: str | None = None, *,
        illegal_reward: float | None = None, **options: Any) -> Any:
    """The AEC environment for ``ruleset`` (see :class:`raw_env` for the arguments),
    wrapped in PettingZoo's ``OrderEnforcingWrapper``; with ``illegal_reward``, also in
    its ``TerminateIllegalWrapper`` (an illegal action ends the episode with that
    reward for the agent that made it, instead of raising)."""
    made: Any = raw_env(ruleset, render_mode=render_mode, **options)
    if illegal_reward is not None:
        made = _IndexChecked(
            wrappers.TerminateIllegalWrapper(made, illegal_reward=illegal_reward))
    return wrappers.OrderEnforcingWrapper(made)


class _IndexChecked(wrappers.BaseWrapper):  # type: ignore[misc]  # PettingZoo ships no types
    """Refuses what is no action index (:class:`~twentyeight.ParseError`) before
    ``TerminateIllegalWrapper`` reads the action mask at it: numpy would count a
    negative index from the end (``-1`` taken for the last action, an illegal move)
    and raise its own errors for anything else."""

    def step(self, action: Any) -> None:
        """Check the action of an agent still playing, then step."""
        agent = self.agent_selection
        if action is not None or not (self.terminations.get(agent)
                                      or self.truncations.get(agent)):
            action = action_index(action, self.unwrapped.ruleset.num_actions)
        super().step(action)
