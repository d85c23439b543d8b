"""A single-seat Gymnasium environment: one seat is the learner, bots play the others.

Install the extra first: ``pip install "twentyeight[gymnasium]"``::

    from twentyeight.adapters.gymnasium import make_env

    env = make_env("28", seat=0)              # HeuristicBot in the other seats
    obs, info = env.reset(seed=1)
    done = False
    while not done:
        legal = obs["action_mask"].nonzero()[0]
        obs, reward, done, truncated, info = env.step(int(legal[0]))

One episode is one round (one deal). The learner's seat acts through action indices
(:attr:`Ruleset.num_actions <twentyeight.ruleset.Ruleset.num_actions>`); between its
turns the other seats' bots act, each from its own seat's view, until it is the
learner's turn again or the round is over. The reward is 0 until the round is over and
then the learner's game points (:meth:`Round.returns <twentyeight.round.Round.returns>`);
an annulled deal ends with 0.

**Observations** are dicts: ``"observation"``, the seat's
:meth:`~twentyeight.round.Round.observation` as ``float32``, and ``"action_mask"``,
``int8``, 1 at the legal action indices (all 0 once the round is over). The bounds of
the observation's ``Box`` hold for every value the core writes: 0 to 1 for every core
slice, except ``target`` and ``stake`` (0 and up: a plug-in may move the target past the
points in play, or set any stake) and the plug-ins' own slices, whose ranges a plug-in
does not declare (unbounded).

**Illegal actions**: by default (``illegal="raise"``) :meth:`TwentyEightEnv.step` raises
:class:`~twentyeight.IllegalActionError` naming the rule and changes nothing, so the
caller may choose again. With ``illegal="penalize"`` an illegal action ends the episode
at once with ``illegal_reward`` (default -1.0) and ``info["illegal_action"]``; that is
the mode for code that samples the whole action space, such as
:func:`gymnasium.utils.env_checker.check_env`. Anything that is no index in
``0..num_actions-1`` (a negative number, a float, a ``bool``, a 1-d array, an object
whose ``__index__`` fails) always raises :class:`~twentyeight.ParseError` and changes
nothing (see :func:`~twentyeight.encoding.action_index`).

**Seeding**: ``reset(seed=s)`` seeds the environment's generator; each reset then draws
the deal's 64-bit seed, the dealer (unless fixed with ``dealer=``) and a seed for each
bot built by name or factory from it, so the same seed gives the same episodes. Bots
passed as objects keep their own state: reproducible only if they are deterministic
(as :class:`~twentyeight.bots.HeuristicBot` is). A deal that ends before the learner's
first turn (a bot claims a redeal) is skipped and the next one dealt.

The environment is registered as ``"twentyeight/TwentyEight-v0"`` when this module is
imported; ``gymnasium.make("twentyeight.adapters.gymnasium:twentyeight/TwentyEight-v0",
ruleset="29")`` imports it by itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal, SupportsFloat, TypeAlias, cast

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
except ImportError as exc:
    raise ImportError(
        "twentyeight.adapters.gymnasium needs Gymnasium and numpy: "
        'pip install "twentyeight[gymnasium]"') from exc

from ..actions import Action
from ..bots import Bot, HeuristicBot, RandomBot
from ..encoding import action_index
from ..errors import EpisodeError, IllegalActionError
from ..registry import ruleset as find_ruleset
from ..round import Round
from ..ruleset import Ruleset

__all__ = [
    "ENV_ID",
    "RENDER_MODES",
    "Opponents",
    "RoundHolder",
    "TwentyEightEnv",
    "draw_seed",
    "make_env",
    "observation_bounds",
    "observation_space",
    "observe",
    "resolve_ruleset",
    "table_ruleset",
    "table_text",
]

ENV_ID = "twentyeight/TwentyEight-v0"
"""The id :class:`TwentyEightEnv` is registered under with Gymnasium."""

Opponents: TypeAlias = str | Callable[[int], Bot] | Sequence[Bot | None]
"""Who plays the other seats: a bot kind by name (``"heuristic"``, ``"random"``), a
factory that makes one seat's bot from a seed (a bot class will do), or the bots
themselves (one per other seat in seat order, or one per seat with ``None`` at the
learner's)."""

_BOT_KINDS: dict[str, Callable[[int], Bot]] = {"heuristic": HeuristicBot, "random": RandomBot}

_MAX_SKIPPED = 1000
"""Deals in a row that may end before the learner's first turn before reset gives up."""

_OPEN_ENDED = {"target", "stake"}
"""Core slices whose values the core does not bound above (plug-ins set them)."""


# --------------------------------------------------------------- shared with PettingZoo


def observation_bounds(rs: Ruleset) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """The lowest and highest value of each entry of ``rs``'s observation vector that
    the core can write (see the module's description)."""
    spec = rs.observation_spec
    low = np.zeros(spec.size, dtype=np.float32)
    high = np.ones(spec.size, dtype=np.float32)
    plugin_slices = {p.name for p in spec.plugins}
    for part in spec.slices:
        if part.name in plugin_slices:
            low[part.start:part.stop] = -np.inf
            high[part.start:part.stop] = np.inf
        elif part.name in _OPEN_ENDED:
            high[part.start:part.stop] = np.inf
    return low, high


def observation_space(rs: Ruleset) -> spaces.Dict:
    """A new space for one seat's observations of ``rs``: ``"observation"`` (``float32``)
    and ``"action_mask"`` (``int8``, 0 or 1 per action index)."""
    low, high = observation_bounds(rs)
    return spaces.Dict({
        "observation": spaces.Box(low, high, dtype=np.float32),
        "action_mask": spaces.Box(0, 1, shape=(rs.num_actions,), dtype=np.int8),
    })


def observe(rnd: Round, seat: int) -> dict[str, npt.NDArray[Any]]:
    """``seat``'s observation of ``rnd`` in :func:`observation_space`'s form: new arrays
    on every call (callers keep them)."""
    mask = np.zeros(rnd.ruleset.num_actions, dtype=np.int8)
    if rnd.to_act == seat:
        mask[list(rnd.legal_action_ids())] = 1
    # Written straight into a new float32 array: no list made and converted.
    observation = rnd.observation(seat, np.empty(rnd.ruleset.observation_size,
                                                 dtype=np.float32))
    return {"observation": observation, "action_mask": mask}


def draw_seed(rng: np.random.Generator) -> int:
    """A 64-bit seed for a deal or a bot, drawn from ``rng``."""
    return int.from_bytes(rng.bytes(8), "little")


def _seat_name(seat: int | None) -> str:
    return "nobody" if seat is None else f"seat {seat}"


def table_text(rnd: Round) -> str:
    """A few lines on the state of ``rnd`` that every player at the table knows: the
    auction, the contract, the trump once exposed, the trick in progress, the points
    won and the result. Never a hidden card."""
    public = rnd.public_record(None)
    lines = [f"{rnd.ruleset.name}: {public['phase']}, dealer {public['dealer']}, "
             f"{_seat_name(public['to_act'])} to act"]
    auction = public["auction"]
    if auction:
        lines.append("auction: " + ", ".join(f"seat {c['seat']} {c['action']}" for c in auction))
    calls = public["calls"]
    if calls:
        lines.append("calls: " + ", ".join(f"seat {c['seat']} {c['action']}" for c in calls))
    contract = public["contract"]
    if contract is not None:
        text = f"contract: seat {contract['bidder']} bid {contract['bid']}"
        if contract.get("denomination") is not None:
            text += f" {contract['denomination']}"
        if contract["kind"] != "bid":
            text += f" ({contract['kind']})"
        if contract["target"] is not None:
            text += f", target {contract['target']}"
        if contract["multiplier"] != 1:
            text += f", x{contract['multiplier']}"
        if contract.get("stake") is not None:
            text += f", stake {contract['stake']}"
        lines.append(text)
    trump = public["trump"]
    if trump is not None:
        if trump.get("suit") is not None:
            lines.append(f"trump: {trump['suit']}")
        else:
            lines.append(f"trump: concealed, held by seat {trump.get('holder')}")
    if public["sitting_out"]:
        lines.append("sitting out: " + ", ".join(map(str, public["sitting_out"])))
    shown = public["shown"]
    if shown:
        lines.append("shown: " + ", ".join(f"seat {c['seat']} {c['card']}" for c in shown))
    trick = public["trick"]["cards"]
    if trick:
        lines.append("trick: " + ", ".join(
            f"seat {c['seat']} {c['card'] if c['card'] is not None else 'face down'}"
            for c in trick))
    if public["tricks"] or rnd.is_over:
        points = public["card_points"]
        lines.append(f"tricks played: {len(public['tricks'])}; card points: "
                     f"team 0 {points[0]}, team 1 {points[1]}")
    result = public["result"]
    if result is not None:
        if result["annulled"] is not None:
            lines.append(f"result: annulled ({result['annulled']})")
        else:
            game = result["game_points"]
            made = "made" if result["made"] else "lost"
            lines.append(f"result: contract {made}; game points: "
                         f"team 0 {game[0]}, team 1 {game[1]}")
    return "\n".join(lines)


def resolve_ruleset(ruleset: str | Ruleset, options: dict[str, Any]) -> Ruleset:
    """``ruleset`` (a name or a :class:`~twentyeight.Ruleset`) with ``options``
    changed."""
    if isinstance(ruleset, Ruleset):
        return ruleset.with_options(**options) if options else ruleset
    return find_ruleset(ruleset, **options)


RENDER_MODES = ("human", "ansi")
"""The render modes both environments offer: printed, or returned as text."""


def table_ruleset(ruleset: str | Ruleset, options: dict[str, Any], dealer: int | None,
                  render_mode: str | None) -> Ruleset:
    """:func:`resolve_ruleset`, after checking the arguments both environments take:
    a fixed ``dealer`` (a seat, or ``None`` to draw one) and the ``render_mode``."""
    rs = resolve_ruleset(ruleset, options)
    n = rs.config.players
    if dealer is not None and (type(dealer) is not int or not 0 <= dealer < n):
        raise ValueError(f"dealer must be None or a seat 0..{n - 1}, got {dealer!r}")
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
    return rs


# ------------------------------------------------------------------ the environment


def _act(rnd: Round, seat: int, bot: Bot) -> None:
    """Apply ``bot``'s choice for ``seat``, the seat to act: from the legal actions where
    the bot offers ``choose_action`` (a choice made from public facts alone), else from
    the seat's view. An answer that is not legal raises, as
    :func:`~twentyeight.bots.play_round` does."""
    fast = getattr(bot, "choose_action", None)
    if fast is not None:
        choice: Action | str = fast(rnd.legal_actions())
    else:
        choice = bot.choose(cast(dict[str, Any], rnd.view(seat)))
    rnd.apply(choice)


class RoundHolder:
    """What both environments show of the game they run: its ruleset and the round of
    the current episode."""

    _rs: Ruleset
    _round: Round | None

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset played."""
        return self._rs

    @property
    def round(self) -> Round | None:
        """The round of the current episode (full information: for tests and analysis,
        never for a policy), ``None`` before the first reset."""
        return self._round

    def render(self) -> str | None:
        """The table's public state as text (``"ansi"``), printed (``"human"``); ``None``
        without a render mode."""
        mode = getattr(self, "render_mode", None)
        if mode is None:
            gymnasium.logger.warn("render() called without a render_mode; "
                                  "pass render_mode='ansi' or 'human'")
            return None
        text = table_text(self._round) if self._round is not None else "(no round yet)"
        if mode == "ansi":
            return text
        print(text + "\n")
        return None

    def close(self) -> None:
        """Nothing to release."""


class TwentyEightEnv(RoundHolder, gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a ruleset as a Gymnasium environment; see the module's description.

    ``ruleset`` is a name (``"28"``, ``"28+pair+double"``) or a
    :class:`~twentyeight.Ruleset`; ``options`` change its options. ``seat`` is the
    learner's seat; ``opponents`` (:data:`Opponents`) play the others. ``dealer`` fixes
    the dealing seat (``None``: drawn at every reset). ``illegal`` and
    ``illegal_reward`` say what an illegal action does. ``render_mode`` is ``"ansi"``
    (:meth:`render` returns the table's public state as text) or ``"human"`` (prints
    it)."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        /,
        ruleset: str | Ruleset = "28",
        seat: int = 0,
        opponents: Opponents = "heuristic",
        *,
        render_mode: str | None = None,
        dealer: int | None = None,
        illegal: Literal["raise", "penalize"] = "raise",
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        rs = table_ruleset(ruleset, options, dealer, render_mode)
        n = rs.config.players
        if type(seat) is not int or not 0 <= seat < n:
            raise ValueError(f"seat must be a seat 0..{n - 1} of {rs.name}, got {seat!r}")
        if illegal not in ("raise", "penalize"):
            raise ValueError(f"illegal must be 'raise' or 'penalize', got {illegal!r}")
        self._rs = rs
        self._agent_seat = seat
        self._dealer = dealer
        self._illegal = illegal
        self._illegal_reward = float(illegal_reward)
        self._factory, self._bots = self._opponents(opponents, n)
        self._round: Round | None = None
        self._done = False
        self.render_mode = render_mode
        self.observation_space = observation_space(rs)
        self.action_space = spaces.Discrete(rs.num_actions)

    def _opponents(self, opponents: Opponents, n: int
                   ) -> tuple[Callable[[int], Bot] | None, list[Bot | None]]:
        """The factory that makes the other seats' bots at each reset, or the fixed bots
        by seat (``None`` at the learner's)."""
        if isinstance(opponents, str):
            if opponents not in _BOT_KINDS:
                raise ValueError(f"unknown bot kind {opponents!r}; known: "
                                 f"{', '.join(_BOT_KINDS)}")
            return _BOT_KINDS[opponents], [None] * n
        if isinstance(opponents, Sequence):
            bots = list(cast(Sequence[Bot | None], opponents))
            if len(bots) == n - 1:
                bots.insert(self._agent_seat, None)
            if len(bots) != n or bots[self._agent_seat] is not None:
                raise ValueError(f"give {n - 1} bots (the other seats in order) or {n} "
                                 f"with None at seat {self._agent_seat}")
            for s, bot in enumerate(bots):
                if s != self._agent_seat and not isinstance(bot, Bot):
                    raise TypeError(f"the bot of seat {s} has no choose(view) method: "
                                    f"{bot!r}")
            return None, bots
        if callable(opponents):
            return opponents, [None] * n
        raise TypeError(f"opponents must be a bot kind, a factory or a sequence of bots, "
                        f"got {type(opponents).__name__}")

    # ------------------------------------------------------------------ reads

    @property
    def seat(self) -> int:
        """The learner's seat."""
        return self._agent_seat

    @property
    def bots(self) -> tuple[Bot | None, ...]:
        """The bots of the current episode by seat, ``None`` at the learner's."""
        return tuple(self._bots)

    # ------------------------------------------------------------------ the loop

    def _play_bots(self, rnd: Round) -> None:
        """Let the bots act until the learner's turn or the end of the round."""
        seat = self._agent_seat
        bots = self._bots
        while not rnd.is_over and rnd.to_act != seat:
            to_act = rnd.to_act
            assert to_act is not None
            bot = bots[to_act]
            assert bot is not None
            _act(rnd, to_act, bot)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a new round and let the bots act up to the learner's first turn.
        ``seed`` seeds the environment's generator (see the module's description);
        ``options`` is accepted for the API and ignored."""
        super().reset(seed=seed)
        rng = self.np_random
        n = self._rs.config.players
        for _ in range(_MAX_SKIPPED):
            deal_seed = draw_seed(rng)
            dealer = self._dealer if self._dealer is not None else int(rng.integers(n))
            if self._factory is not None:
                self._bots = [None if s == self._agent_seat else self._factory(draw_seed(rng))
                              for s in range(n)]
            rnd = self._rs.new_round(seed=deal_seed, dealer=dealer)
            self._play_bots(rnd)
            if not rnd.is_over:
                break
        else:
            raise RuntimeError(f"{_MAX_SKIPPED} deals in a row ended before seat "
                               f"{self._agent_seat} could act")
        self._round = rnd
        self._done = False
        if self.render_mode == "human":
            self.render()
        return observe(rnd, self._agent_seat), {}

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[dict[str, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply the learner's action (an index), then the bots' until the learner's next
        turn or the end. An illegal action raises :class:`~twentyeight.IllegalActionError`
        (``illegal="raise"``) or ends the episode with ``illegal_reward``
        (``"penalize"``); anything that is no action index (a negative number, a float,
        a ``bool``, a 1-d array...) raises :class:`~twentyeight.ParseError` in either
        mode, changing nothing; :class:`~twentyeight.EpisodeError` (a ``RuntimeError``)
        before :meth:`reset` or after the episode ended."""
        rnd = self._round
        if rnd is None:
            raise EpisodeError("call reset() before step()")
        if self._done:
            raise EpisodeError("the episode is over: call reset()")
        # Anything that is no index is refused here, in either mode: it is no move.
        index = action_index(action, self._rs.num_actions)
        try:
            rnd.apply(self._rs.action_of(index))
        except IllegalActionError as err:
            if self._illegal == "raise":
                raise
            self._done = True
            refused = {"illegal_action": index, "rule": err.rule}
            return observe(rnd, self._agent_seat), self._illegal_reward, True, False, refused
        self._play_bots(rnd)
        reward = 0.0
        info: dict[str, Any] = {}
        if rnd.is_over:
            self._done = True
            reward = rnd.returns()[self._agent_seat]
            result = rnd.result
            assert result is not None
            info["result"] = result.to_json()
        if self.render_mode == "human":
            self.render()
        return observe(rnd, self._agent_seat), reward, self._done, False, info


def make_env(
    ruleset: str | Ruleset = "28",
    seat: int = 0,
    opponents: Opponents = "heuristic",
    **options: Any,
) -> TwentyEightEnv:
    """A :class:`TwentyEightEnv` for ``seat`` of ``ruleset``, ``opponents`` in the other
    seats; ``options`` are the environment's keywords (``render_mode``, ``dealer``,
    ``illegal``, ``illegal_reward``) and the ruleset's options."""
    return TwentyEightEnv(ruleset, seat, opponents, **options)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:TwentyEightEnv")
