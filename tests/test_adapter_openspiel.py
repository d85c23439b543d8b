"""The OpenSpiel adapter: the game ``"twentyeight"`` (``twentyeight.adapters.openspiel``).

1. ``pyspiel.random_sim_test`` passes for 28, 29 and 56, with serialization on: a Python
   game serializes its state as its history plus its pickled attributes, and the game
   keeps a ruleset whose name pyspiel would read back as a number (``28``) under an
   alias (``twenty-eight``), so the game's string loads the same game again.
2. OpenSpiel's ISMCTS plays full rounds of 28 on seats 0 and 2 against
   ``pyspiel.make_uniform_random_bot`` on seats 1 and 3; the rounds end terminal with
   pyspiel's returns equal to the round's. The bot is OpenSpiel's Python ISMCTS
   (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) with the Python
   ``RandomRolloutEvaluator``: the C++ ``pyspiel.ISMCTSBot`` (and ``pyspiel.MCTSBot``)
   of open_spiel 2.0.2 crash the interpreter with a segmentation fault on any game
   written in Python, before they ever ask for a resample, OpenSpiel's own
   ``python_tic_tac_toe`` included. The Python ISMCTS samples every simulation's root
   with ``resample_from_infostate`` and checks that the sample has the root's
   information state.
3. Tensors have ``observation_size`` entries; a seat's information state (string and
   tensor) and observation do not change when ``resample_from_infostate`` redeals the
   cards it cannot see, while those cards do move; no string shows another seat's cards.
4. Loading an unknown ruleset raises :class:`~twentyeight.UnknownRulesetError` naming it.

Also: registering twice, the game's facts, the deal as chance nodes, the action
mapping, clones, and the ImportError without OpenSpiel.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import twentyeight as te
from twentyeight.adapters import openspiel as adapter

from .helpers import check_import_names_extra

RULESETS = ("28", "29", "56")


@pytest.fixture(scope="module", autouse=True)
def registered() -> None:
    adapter.register()


def load(name: str = "28") -> Any:
    return pyspiel.load_game("twentyeight", {"ruleset": name})


def deal(state: Any, rng: np.random.RandomState) -> None:
    """Play the chance nodes of ``state`` at random."""
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randint(len(outcomes))][0])


def mid_play(name: str = "28", seed: int = 0, tricks: int = 2) -> Any:
    """A state of play with ``tricks`` tricks done and a card on the table, reached by
    random play (the first seed from ``seed`` whose round gets there)."""
    game = load(name)
    while True:
        rng = np.random.RandomState(seed)
        state = game.new_initial_state()
        deal(state, rng)
        while not state.is_terminal():
            rnd = state.round
            if rnd.phase is te.Phase.PLAY and len(rnd.tricks) >= tricks \
                    and rnd.current_trick:
                return state
            actions = state.legal_actions()
            state.apply_action(actions[rng.randint(len(actions))])
        seed += 1


def seen_moves(history: tuple[tuple[int, te.Action], ...], seat: int) -> list[Any]:
    """The moves as ``seat`` saw them: another seat's choice of trump is face down."""
    return [(s, a if s == seat or not isinstance(a, (te.LayTrump, te.NameTrump))
             else "trump ?") for s, a in history]


def string_leaves(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from string_leaves(v)
    elif isinstance(value, list):
        for v in value:
            yield from string_leaves(v)


# ---------------------------------------------------------------------- registration


def test_register_twice_is_harmless() -> None:
    adapter.register()
    adapter.register()
    assert pyspiel.registered_names().count("twentyeight") == 1
    assert str(load("29")) == "twentyeight(ruleset=twenty-nine)"
    # The default ruleset, 28, kept under a name a game string reads back as text.
    assert pyspiel.load_game("twentyeight").get_parameters() == {"ruleset": "twenty-eight"}


@pytest.mark.parametrize("name", RULESETS)
def test_game_facts(name: str) -> None:
    rs = te.ruleset(name)
    game = load(name)
    kind = game.get_type()
    assert kind.short_name == "twentyeight"
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.min_num_players == kind.max_num_players == rs.config.players
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    assert game.num_players() == rs.config.players
    assert game.num_distinct_actions() == rs.num_actions
    assert game.max_chance_outcomes() == rs.deck.size
    assert game.max_chance_nodes_in_history() == rs.deck.size
    assert game.max_game_length() == rs.deck.size + rs.config.max_actions
    low, high = adapter.utility_range(rs)
    assert (game.min_utility(), game.max_utility()) == (low, high)
    assert low <= 0 <= high and low < high
    assert game.information_state_tensor_shape() == [rs.observation_size]
    assert game.observation_tensor_shape() == [rs.observation_size]


def test_utility_range_covers_the_scoring() -> None:
    # Plain 28 has no call that doubles or sets a stake: one pip either way.
    assert adapter.utility_range(te.ruleset("28")) == (-1.0, 1.0)
    # The double and the C: six pips, doubled.
    low, high = adapter.utility_range(te.ruleset("28+double"))
    assert low <= -12 and high >= 12


def test_game_string_loads_the_same_game() -> None:
    for name in ("28", "56", "28+pair", "twenty-nine"):
        game = load(name)
        again = pyspiel.load_game(str(game))
        assert str(again) == str(game)
        assert again.num_distinct_actions() == te.ruleset(name).num_actions


# ---------------------------------------------------------------------- 1. random_sim_test


@pytest.mark.parametrize("name", RULESETS)
def test_random_sim_test(name: str) -> None:
    pyspiel.random_sim_test(load(name), num_sims=4, serialize=True, verbose=False)


def test_serialized_state_replays_the_round() -> None:
    state = mid_play()
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.history() == state.history()
    assert again.round.to_json() == state.round.to_json()


# ---------------------------------------------------------------------- the deal


def test_deal_is_chance_card_by_card_in_packets() -> None:
    rs = te.ruleset("28")
    state = load("28").new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    for k in range(rs.deck.size):
        outcomes = state.chance_outcomes()
        assert [c for c, _ in outcomes] == list(range(k, rs.deck.size))
        assert all(p == pytest.approx(1 / (rs.deck.size - k)) for _, p in outcomes)
        assert state.legal_actions() == list(range(k, rs.deck.size))
        for seat in range(4):
            assert state.information_state_string(seat) == "dealing"
            assert not any(state.information_state_tensor(seat))
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, k) == \
            f"deal {rs.deck.cards[k]}"
        state.apply_action(k)
    rnd = state.round
    assert rnd is not None and rnd.dealer == 0 and state.current_player() == 1
    # Four cards to each seat from the dealer's next seat round, then four more.
    cards = rs.deck.cards
    for seat in range(4):
        first = 4 * ((seat - 1) % 4)
        assert rnd.deal[seat] == (*cards[first:first + 4], *cards[16 + first:20 + first])
        # Only the first packet is in the hand during the auction.
        view = json.loads(state.information_state_string(seat))
        assert sorted(view["hand"]) == sorted(str(c) for c in cards[first:first + 4])
    with pytest.raises(ValueError, match="cannot be dealt"):
        load("28").new_initial_state().apply_action(rs.deck.size)


def test_actions_are_the_ruleset_indices() -> None:
    rs = te.ruleset("28")
    rng = np.random.RandomState(4)
    state = load("28").new_initial_state()
    deal(state, rng)
    while not state.is_terminal():
        rnd = state.round
        legal = state.legal_actions()
        assert legal == sorted(rnd.legal_action_ids()) == sorted(legal)
        player = state.current_player()
        assert player == rnd.to_act
        for a in legal:
            assert state.action_to_string(player, a) == str(rs.action_of(a))
        a = legal[rng.randint(len(legal))]
        state.apply_action(a)
        assert rnd.history[-1] == (player, rs.action_of(a))
    assert state.returns() == list(state.round.returns())
    assert state.rewards() == state.returns()


def test_clone_is_independent() -> None:
    state = mid_play()
    copy = state.clone()
    assert copy.round is not state.round
    assert copy.history() == state.history()
    assert copy.round.to_json() == state.round.to_json()
    copy.apply_action(copy.legal_actions()[0])
    assert len(copy.round.history) == len(state.round.history) + 1
    assert copy.history()[:-1] == state.history()


# ---------------------------------------------------------------------- 2. ISMCTS


def test_ismcts_plays_rounds_against_the_random_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    game = load("28")
    resamples = 0
    original = adapter.TwentyEightState.resample_from_infostate

    def counted(self: Any, player: int, sampler: Any) -> Any:
        nonlocal resamples
        resamples += 1
        return original(self, player, sampler)

    monkeypatch.setattr(adapter.TwentyEightState, "resample_from_infostate", counted)
    for seed in range(2):
        evaluator = mcts.RandomRolloutEvaluator(
            n_rollouts=1, random_state=np.random.RandomState(seed))
        searcher = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0,
                                    max_simulations=20,
                                    random_state=np.random.RandomState(seed + 10))
        bots = {0: searcher, 2: searcher,
                1: pyspiel.make_uniform_random_bot(1, seed + 20),
                3: pyspiel.make_uniform_random_bot(3, seed + 30)}
        chance = np.random.RandomState(seed + 40)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                deal(state, chance)
                continue
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        rnd = state.round
        assert rnd.is_over and state.current_player() == pyspiel.PlayerId.TERMINAL
        assert state.returns() == list(rnd.returns())
        assert rnd.result is not None
        assert state.returns() == [float(rnd.result.game_points[s & 1]) for s in range(4)]
    assert resamples > 0


# ---------------------------------------------------------------------- 3. information


@pytest.mark.parametrize("name", RULESETS)
def test_information_state_ignores_the_hidden_cards(name: str) -> None:
    rs = te.ruleset(name)
    state = mid_play(name, seed=3)
    rnd = state.round
    sampler = random.Random(5).random
    for seat in range(rs.config.players):
        tensor = state.information_state_tensor(seat)
        assert len(tensor) == len(state.observation_tensor(seat)) == rs.observation_size
        # pyspiel's tensors are float32.
        assert tensor == np.asarray(rnd.observation(seat), np.float32).tolist()
        moved = False
        for _ in range(5):
            other = state.resample_from_infostate(seat, sampler)
            assert other.information_state_tensor(seat) == tensor
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.observation_tensor(seat) == state.observation_tensor(seat)
            assert other.observation_string(seat) == state.observation_string(seat)
            assert other.round.hand(seat) == rnd.hand(seat)
            assert seen_moves(other.round.history, seat) == seen_moves(rnd.history, seat)
            # The new state's history is that of its own deal and round.
            assert [rs.action_of(a) for a in other.history()[rs.deck.size:]] == \
                [a for _, a in other.round.history]
            moved |= any(other.round.hand(s) != rnd.hand(s)
                         for s in range(rs.config.players) if s != seat)
        assert moved, f"seat {seat}: resampling never moved a hidden card"
    assert state.round.to_json() == rnd.to_json()  # the original is left as it was


def test_strings_show_no_other_seat_cards() -> None:
    state = mid_play("28", seed=8, tricks=1)
    rnd = state.round
    for seat in range(4):
        texts = state.information_state_string(seat)
        assert texts == state.observation_string(seat)
        words = {w for leaf in string_leaves(json.loads(texts)) for w in leaf.split()}
        for other in range(4):
            if other != seat:
                hidden = {str(c) for c in rnd.hand(other)}
                assert not hidden & words, (seat, other, hidden & words)
        concealed = rnd.concealed_card
        if concealed is not None and seat != rnd.bidder:
            assert str(concealed) not in words


def test_resample_during_the_deal_redeals_as_many_cards() -> None:
    state = load("28").new_initial_state()
    for card in (5, 9, 30):
        state.apply_action(card)
    other = state.resample_from_infostate(0, random.Random(2).random)
    assert other.is_chance_node() and len(other.history()) == 3
    assert other.information_state_string(0) == "dealing"


def test_observers_refuse_other_kinds() -> None:
    game = load("28")
    with pytest.raises(ValueError, match="one seat"):
        game.make_py_observer(pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True,
            private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


# ---------------------------------------------------------------------- 4. errors


def test_unknown_ruleset_is_named() -> None:
    with pytest.raises(te.UnknownRulesetError, match="thirty-one"):
        load("thirty-one")


def test_import_without_openspiel_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    check_import_names_extra(monkeypatch, "pyspiel", "twentyeight.adapters.openspiel", "openspiel")


def test_a_chance_outcome_that_is_no_card_id_is_a_parse_error() -> None:
    """Issue 35, reliability 6: during the deal, an outcome that is no card id of the
    deck or a card dealt already is refused with the library's ``ParseError`` (still a
    ``ValueError``), not a bare ``ValueError``; the decisions after the deal go through
    ``Ruleset.action_of``, the one check of an action index."""
    rs = te.ruleset("28")
    state = load("28").new_initial_state()
    for bad in (rs.deck.size, 2**40):
        with pytest.raises(te.ParseError, match="cannot be dealt"):
            state.apply_action(bad)
    state.apply_action(3)
    with pytest.raises(te.ParseError, match="cannot be dealt"):
        state.apply_action(3)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    with pytest.raises(te.ParseError):
        state.apply_action(rs.num_actions)
