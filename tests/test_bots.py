"""Bots: legality over many rounds, the rules of thumb, and strength against random."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from twentyeight_variants.double import DoubleRule
from twentyeight_variants.pair import PairRule
from twentyeight_variants.scoring import Pips
from twentyeight_variants.single_hand import SingleHandRule

import twentyeight as te
from twentyeight.bots import Bot, HeuristicBot, RandomBot, deck_facts, play_round

RS = te.ruleset("28")

# ------------------------------------------------------------------ stand-in tables
# Combinations the registry refuses to compose (the single hand needs a scoring system
# that values it), built from the presets' own configs with pips scoring: two packs and
# open trump with a single hand, six players with every call.


def _with_calls(name: str, *plugins: Any) -> te.Ruleset:
    cfg = te.ruleset(name).config
    return te.Ruleset(attrs.evolve(cfg, name=f"{name}-with-calls", aliases=(), scoring=Pips(),
                                   plugins=(*cfg.plugins, *plugins)))


STAND_INS: dict[str, te.Ruleset] = {
    "56+single-hand": _with_calls("56", SingleHandRule()),
    "56-eight+single-hand": _with_calls("56-eight", SingleHandRule()),
    "28six+pair+double+single-hand": _with_calls("28six", PairRule(), DoubleRule(),
                                                  SingleHandRule()),
}
"""Ad-hoc rulesets (not registered by name) for combinations no name composes."""


def _composable(name: str) -> bool:
    try:
        te.ruleset(name)
    except te.ConfigError:
        return False
    return True


COMBOS: list[str] = [
    name for name in (
        "28+pair+double+single-hand", "29+double+single-hand", "28-bengal+double",
        "28-bands+single-hand+double", "28+pair",
        *(f"{p}+{m}" for p in te.presets() for m in ("double", "single-hand+double")),
    ) if _composable(name)
]
"""Composed rulesets to play: a few fixed ones and each preset with doubling and a
single hand where the modifier fits it."""


class Checked:
    """Wraps a bot: hands it a JSON round-tripped copy of the view (so it can rely on
    nothing but plain data) and checks its answer is one of the legal actions."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.calls = 0

    def choose(self, view: dict[str, Any]) -> str:
        plain = json.loads(json.dumps(view))
        choice = self.bot.choose(plain)
        assert isinstance(choice, str)
        assert choice in view["legal_actions"], (choice, view["legal_actions"])
        self.calls += 1
        return choice


def _seats(kinds: str, seed: int) -> list[Checked]:
    make = {"h": HeuristicBot, "r": RandomBot}
    return [Checked(make[k](seed * 4 + i)) for i, k in enumerate(kinds)]


@pytest.mark.parametrize("kinds", ["hhhh", "rrrr", "hrhr", "rhrh"])
def test_bots_only_choose_legal_actions_and_finish_rounds(kinds: str) -> None:
    annulled = 0
    for seed in range(150):
        rnd = RS.new_round(seed=seed, dealer=seed % 4)
        bots = _seats(kinds, seed)
        play_round(rnd, bots)
        assert rnd.is_over
        assert rnd.result is not None
        assert sum(b.calls for b in bots) == len(rnd.history)
        if rnd.result.annulled is not None:
            annulled += 1
        else:
            assert len(rnd.tricks) == 8
            assert sum(rnd.result.card_points) == 28
    assert annulled < 40


def _play_checked(rs: te.Ruleset, kinds: str, seeds: range, *,
                  given: bool = False) -> list[te.Round]:
    """Play seeded rounds of ``rs`` with checked bots (``kinds`` repeats round the
    table); ``given``: the heuristic bots are told the ruleset (not registered)."""
    rounds = []
    n = rs.config.players

    def make(kind: str, seed: int) -> Bot:
        if kind == "r":
            return RandomBot(seed)
        return HeuristicBot(seed, ruleset=rs) if given else HeuristicBot(seed)

    for seed in seeds:
        rnd = rs.new_round(seed=seed, dealer=seed % n)
        bots = [Checked(make(kinds[i % len(kinds)], seed * n + i)) for i in range(n)]
        play_round(rnd, bots)
        assert rnd.is_over and rnd.result is not None
        assert sum(b.calls for b in bots) == len(rnd.history)
        if rnd.result.annulled is None and rnd.result.contract == "bid":
            assert len(rnd.tricks) == rs.config.tricks
            assert sum(t.points for t in rnd.tricks) == sum(rnd.result.card_points)
        rounds.append(rnd)
    return rounds


@pytest.mark.parametrize("name", te.presets())
@pytest.mark.parametrize("kinds", ["h", "hr", "rh"])
def test_bots_stay_legal_in_every_preset(name: str, kinds: str) -> None:
    rounds = _play_checked(te.ruleset(name), kinds, range(16 if kinds == "h" else 8))
    assert sum(r.result is not None and r.result.annulled is None for r in rounds) >= 4


@pytest.mark.parametrize("name", COMBOS)
def test_bots_stay_legal_in_composed_rulesets(name: str) -> None:
    rs = te.ruleset(name)
    _play_checked(rs, "h", range(10))
    _play_checked(rs, "rh", range(10, 16))


@pytest.mark.parametrize("name", sorted(STAND_INS))
def test_bots_stay_legal_in_unregistered_rulesets(name: str) -> None:
    rs = STAND_INS[name]
    rounds = _play_checked(rs, "h", range(10), given=True)
    _play_checked(rs, "hr", range(10, 16), given=True)
    # Not told the ruleset, the bots guess its deck from what they see.
    _play_checked(rs, "h", range(16, 20))
    assert any(r.result is not None and r.result.annulled is None for r in rounds)
    # Random declarers play single hands: partners sit out, tricks are shorter.
    single = [r for r in _play_checked(rs, "r", range(20, 30))
              if r.result is not None and r.result.contract == "single-hand"]
    assert single and all(len(t.cards) < rs.config.players
                          for r in single for t in r.tricks)


def test_bots_stay_legal_with_the_seventh_card_option() -> None:
    rs = te.ruleset("28+pair+double", seventh_card=True)
    rounds = _play_checked(rs, "r", range(20)) + _play_checked(rs, "hr", range(20, 30))
    # Random bidders take the seventh card now and then; the heuristic ones never do.
    said = [(s, str(a)) for r in rounds for s, a in r.history]
    assert any(a == "seventh-card" for _, a in said)


@pytest.mark.parametrize("name", te.presets())
def test_heuristic_side_outscores_random_side_in_every_preset(name: str) -> None:
    """The heuristic side wins more game points than the random side, and takes more
    card points too where every hand is played out (in Thunee the random side's
    Thunee and Royals calls end hands early, so card points say little there)."""
    rs = te.ruleset(name)
    n = rs.config.players
    points = {"h": 0, "r": 0}
    game = {"h": 0, "r": 0}
    for seed in range(16):
        for kinds in ("hr", "rh"):
            rnd = rs.new_round(seed=seed, dealer=seed % n)
            make = {"h": HeuristicBot, "r": RandomBot}
            play_round(rnd, [make[kinds[i % 2]](seed * n + i) for i in range(n)])
            assert rnd.result is not None
            for team in (0, 1):
                points[kinds[team]] += rnd.result.card_points[team]
                game[kinds[team]] += rnd.result.game_points[team]
    assert game["h"] > game["r"]
    if name != "thunee":
        assert points["h"] > points["r"]


@pytest.mark.parametrize("name", ["28six", "40", "56", "56-six", "56-eight"])
def test_heuristic_self_play_is_sensible_in_every_family(name: str) -> None:
    if name not in te.presets():
        pytest.skip(f"{name} is not registered")
    rs = te.ruleset(name)
    made = scored = 0
    for rnd in _play_checked(rs, "h", range(24)):
        result = rnd.result
        assert result is not None
        if result.annulled is None:
            scored += 1
            made += bool(result.made)
            assert result.bid is not None and result.bid < rs.config.max_bid
            if rs.config.auction.denominations != (None,):
                assert result.denomination is not None  # bids name a suit or NT
    assert 0.3 <= made / scored <= 0.9


def test_bots_satisfy_the_protocol() -> None:
    assert isinstance(HeuristicBot(1), Bot)
    assert isinstance(RandomBot(1), Bot)


def test_same_seed_same_choices() -> None:
    def run(seed: int) -> list[str]:
        rnd = RS.new_round(seed=11)
        play_round(rnd, [RandomBot(seed + i) for i in range(4)])
        return [str(a) for _, a in rnd.history]

    assert run(5) == run(5)


def test_play_round_needs_one_bot_per_seat() -> None:
    with pytest.raises(ValueError, match="one per seat"):
        play_round(RS.new_round(seed=1), [RandomBot(1)])


def test_play_round_rejects_an_illegal_answer() -> None:
    class Cheat:
        def choose(self, view: dict[str, Any]) -> str:
            return "bid 99"

    with pytest.raises(te.IllegalActionError):
        play_round(RS.new_round(seed=1), [Cheat()] * 4)


def test_bot_refuses_a_view_without_legal_actions() -> None:
    rnd = RS.new_round(seed=1)
    idle = (rnd.opener + 1) % 4
    with pytest.raises(ValueError, match="not this seat's turn"):
        HeuristicBot(0).choose(rnd.view(idle))


def test_heuristic_team_beats_random_team() -> None:
    """Over 200 deals, each played with the heuristic bots on either side, the
    heuristic partnership takes far more card points and game points. (Measured:
    about 16.6 against 11.4 card points a deal, and random bots lose nearly every
    contract they overbid into.)"""
    points = {"h": 0, "r": 0}
    game = {"h": 0, "r": 0}
    deals = 0
    for seed in range(100):
        for kinds in ("hrhr", "rhrh"):
            rnd = RS.new_round(seed=seed, dealer=seed % 4)
            play_round(rnd, _seats(kinds, seed))
            result = rnd.result
            assert result is not None
            if result.annulled is not None:
                continue
            deals += 1
            for team in (0, 1):
                points[kinds[team]] += result.card_points[team]
                game[kinds[team]] += result.game_points[team]
    assert deals > 150
    assert points["h"] / deals >= points["r"] / deals + 3.5
    assert game["h"] - game["r"] >= deals // 2


def test_heuristic_self_play_is_sensible() -> None:
    """Heuristic bots bid with judgement: most contracts are made, none absurd."""
    made = scored = 0
    bids = []
    for seed in range(200):
        rnd = RS.new_round(seed=seed, dealer=seed % 4)
        play_round(rnd, _seats("hhhh", seed))
        result = rnd.result
        assert result is not None
        if result.annulled is None:
            assert result.bid is not None
            scored += 1
            made += bool(result.made)
            bids.append(result.bid)
    assert 0.4 <= made / scored <= 0.85
    assert max(bids) <= 26


# ------------------------------------------------------------------ hand-made views


def _view(**changes: Any) -> dict[str, Any]:
    """A view of seat 0 in the play phase (contract by seat 1, trump hidden)."""
    view: dict[str, Any] = {
        "ruleset": "28",
        "seat": 0,
        "team": 0,
        "players": 4,
        "dealer": 3,
        "phase": "play",
        "to_act": 0,
        "hand": [],
        "cards_held": [8, 8, 8, 8],
        "auction": [],
        "contract": {"bidder": 1, "bid": 16, "target": 16},
        "trump": {"holder": 1, "exposed": False},
        "trick": {"leader": 1, "cards": [], "trumps_from": None},
        "tricks": [],
        "card_points": [0, 0],
        "legal_actions": [],
        "result": None,
    }
    view.update(changes)
    return view


def _trick(*plays: tuple[int, str], trumps_from: int | None = None) -> dict[str, Any]:
    leader = plays[0][0] if plays else 0
    return {"leader": leader, "cards": [{"seat": s, "card": c} for s, c in plays],
            "trumps_from": trumps_from}


def _auction_view(hand: list[str], legal: list[str], **changes: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {"contract": None, "trump": None}
    fields.update(changes)
    return _view(phase="auction", hand=hand, legal_actions=legal, **fields)


BIDS_FROM = {low: [f"bid {v}" for v in range(low, 29)] for low in range(14, 29)}


def test_heuristic_opener_who_may_not_pass_bids_the_minimum() -> None:
    view = _auction_view(["7H", "8C", "QD", "KS"], BIDS_FROM[14])
    assert HeuristicBot(0).choose(view) == "bid 14"


def test_heuristic_passes_a_weak_hand() -> None:
    view = _auction_view(["7H", "8C", "QD", "KS"], ["pass", *BIDS_FROM[15]],
                         contract={"bidder": 1, "bid": 14, "target": 14})
    assert HeuristicBot(0).choose(view) == "pass"


def test_heuristic_raises_by_the_least_and_never_above_its_estimate() -> None:
    hand = ["JS", "9S", "AS", "10S"]
    est = HeuristicBot.estimate([te.Card.parse(c) for c in hand])
    assert 20 <= est <= 26
    bot = HeuristicBot(0)
    low = _auction_view(hand, ["pass", *BIDS_FROM[15]],
                        contract={"bidder": 1, "bid": 14, "target": 14})
    assert bot.choose(low) == "bid 15"
    at = _auction_view(hand, ["pass", *BIDS_FROM[est]],
                       contract={"bidder": 1, "bid": est - 1, "target": est - 1})
    assert bot.choose(at) == f"bid {est}"
    above = _auction_view(hand, ["pass", *BIDS_FROM[est + 1]],
                          contract={"bidder": 1, "bid": est, "target": est})
    assert bot.choose(above) == "pass"


def test_heuristic_estimate_grows_with_strength() -> None:
    def est(*cards: str) -> int:
        return HeuristicBot.estimate([te.Card.parse(c) for c in cards])

    assert est("7H", "8C", "QD", "KS") < est("JH", "8C", "QD", "KS")
    assert est("JH", "8C", "QD", "KS") < est("JH", "9H", "QD", "KS")
    assert est("JH", "9H", "QD", "KS") < est("JH", "9H", "7H", "KS")


def test_heuristic_claims_a_redeal_whenever_offered() -> None:
    view = _auction_view(["7H", "8C", "QD", "KS"], [*BIDS_FROM[14], "redeal"])
    assert HeuristicBot(0).choose(view) == "redeal"


def test_heuristic_claims_redeal_in_a_real_round() -> None:
    # Seat 1 opens (dealer 0) with four pointless first cards.
    deal = [
        ["JS", "9S", "AS", "10S", "JH", "9H", "AH", "10H"],
        ["KS", "QS", "8S", "7S", "KH", "QH", "8H", "7H"],
        ["JD", "9D", "AD", "10D", "JC", "9C", "AC", "10C"],
        ["KD", "QD", "8D", "7D", "KC", "QC", "8C", "7C"],
    ]
    rnd = RS.new_round(deal=deal, dealer=0)
    assert "redeal" in rnd.view(1)["legal_actions"]
    play_round(rnd, [HeuristicBot(i) for i in range(4)])
    assert rnd.result is not None and rnd.result.annulled == "opener-pointless"


def test_heuristic_lays_a_low_card_of_its_longest_suit() -> None:
    view = _view(phase="trump", hand=["JS", "9S", "7S", "AH"],
                 legal_actions=["trump JS", "trump 9S", "trump 7S", "trump AH"])
    assert HeuristicBot(0).choose(view) == "trump 7S"


def test_heuristic_wins_cheaply_when_last() -> None:
    view = _view(hand=["JH", "AH", "7H", "7C"],
                 trick=_trick((1, "KH"), (2, "8H"), (3, "QH")),
                 legal_actions=["play 7H", "play AH", "play JH"])
    assert HeuristicBot(0).choose(view) == "play AH"


def test_heuristic_throws_its_least_valuable_card_when_it_cannot_win() -> None:
    view = _view(hand=["9H", "7H", "JC"],
                 trick=_trick((1, "JH")),
                 legal_actions=["play 7H", "play 9H"])
    assert HeuristicBot(0).choose(view) == "play 7H"


def test_heuristic_gives_points_to_a_partner_sure_of_the_trick() -> None:
    view = _view(hand=["10S", "7S", "JC"],
                 trick=_trick((1, "8S"), (2, "JS"), (3, "QS")),
                 legal_actions=["play 7S", "play 10S"])
    assert HeuristicBot(0).choose(view) == "play 10S"


def test_heuristic_calls_for_trump_when_void_and_the_trick_has_points() -> None:
    view = _view(hand=["JD", "7C"],
                 trick=_trick((1, "9H"), (2, "7H"), (3, "AH")),
                 legal_actions=["play JD", "play 7C", "call-trump"])
    assert HeuristicBot(0).choose(view) == "call-trump"


def test_heuristic_discards_without_calling_for_a_pointless_trick() -> None:
    view = _view(hand=["JD", "7C"],
                 trick=_trick((1, "KH"), (2, "7H"), (3, "QH")),
                 legal_actions=["play JD", "play 7C", "call-trump"])
    assert HeuristicBot(0).choose(view) == "play 7C"


def test_heuristic_trumps_after_exposure() -> None:
    view = _view(hand=["JD", "8D", "7C"],
                 trump={"holder": 1, "exposed": True, "suit": "D", "card": "QD",
                        "exposed_by": 0, "exposed_in_trick": 1},
                 trick=_trick((1, "9H"), (2, "7H"), (3, "AH"), trumps_from=3),
                 legal_actions=["play 8D", "play JD"])
    assert HeuristicBot(0).choose(view) == "play 8D"


def test_heuristic_leads_a_sure_winner_with_points() -> None:
    view = _view(hand=["JS", "7S", "8H"], trick=_trick(),
                 legal_actions=["play 7S", "play JS", "play 8H"])
    assert HeuristicBot(0).choose(view) == "play JS"


def test_heuristic_falls_back_to_a_legal_action_on_an_odd_view() -> None:
    view = {"seat": 0, "phase": "mystery", "legal_actions": ["frobnicate"]}
    assert HeuristicBot(0).choose(view) == "frobnicate"


# ------------------------------------------------------------------ calls and markers


def _calls_view(window: str, legal: list[str], hand: list[str], **changes: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "phase": "calls", "window": window, "hand": hand, "legal_actions": legal,
        "calls": [], "sitting_out": [],
        "contract": {"bidder": 1, "bid": 16, "target": 16, "kind": "bid", "multiplier": 1},
    }
    fields.update(changes)
    return _view(**fields)


WEAK = ["7H", "8C", "QD", "KS"]
STRONG = ["JS", "9S", "AS", "10S"]


def test_heuristic_passes_the_double_window_with_an_ordinary_hand() -> None:
    view = _calls_view("double", ["double", "pass"], WEAK)
    assert HeuristicBot(0).choose(view) == "pass"


def test_heuristic_doubles_only_with_a_strong_hand() -> None:
    view = _calls_view("double", ["double", "pass"], STRONG)
    assert HeuristicBot(0).choose(view) == "double"
    # Against a high bid the same cards are not enough.
    high = _calls_view("double", ["double", "pass"], ["JS", "9S", "7H", "8D"],
                       contract={"bidder": 1, "bid": 24, "target": 24, "kind": "bid",
                                 "multiplier": 1})
    assert HeuristicBot(0).choose(high) == "pass"


def test_heuristic_redoubles_a_strong_contract_and_never_calls_c_lightly() -> None:
    mine = {"bidder": 0, "bid": 16, "target": 16, "kind": "bid", "multiplier": 2}
    trump = {"marker": "hand-card", "holder": 0, "exposed": False, "suit": "S", "card": "10S"}
    strong = _calls_view("double", ["redouble", "pass"], STRONG[:3], contract=mine,
                         trump=trump)
    assert HeuristicBot(0).choose(strong) == "redouble"
    weak = _calls_view("double", ["redouble", "call-c", "pass"], ["7H", "8C", "QD"],
                       contract=mine, trump=trump)
    assert HeuristicBot(0).choose(weak) == "pass"


def test_heuristic_declares_a_single_hand_only_when_sure() -> None:
    sure = ["JS", "9S", "AS", "JH", "9H", "AH", "JD", "JC"]
    view = _calls_view("single-hand", ["single-hand", "pass"], sure)
    assert HeuristicBot(0).choose(view) == "single-hand"
    almost = [*sure[:-1], "7C"]  # the Jack of clubs is out: the 7 loses to it
    view = _calls_view("single-hand", ["single-hand", "pass"], almost)
    assert HeuristicBot(0).choose(view) == "pass"
    # The bidder whose face-down card is the unseen seventh card never declares.
    blind = _calls_view("single-hand", ["single-hand", "pass"], sure[:7],
                        contract={"bidder": 0, "bid": 16, "target": 16, "kind": "bid",
                                  "multiplier": 1},
                        trump={"marker": "seventh-card", "holder": 0, "exposed": False})
    assert HeuristicBot(0).choose(blind) == "pass"


def test_heuristic_passes_an_unknown_window() -> None:
    view = _calls_view("mystery", ["knock", "pass"], WEAK)
    assert HeuristicBot(0).choose(view) == "pass"


def test_heuristic_always_shows_a_pair() -> None:
    view = _view(hand=["KS", "QS", "7H"], legal_actions=["play KS", "play QS", "play 7H",
                                                        "show-pair"],
                 trump={"holder": 1, "exposed": True, "suit": "S", "exposed_by": 0,
                        "exposed_in_trick": 1})
    assert HeuristicBot(0).choose(view) == "show-pair"


def test_heuristic_names_its_longest_suit_with_an_indicator() -> None:
    view = _view(ruleset="29", phase="trump", hand=["JH", "9H", "7H", "AS"],
                 legal_actions=["trump S", "trump H", "trump D", "trump C"])
    assert HeuristicBot(0).choose(view) == "trump H"


def test_heuristic_does_not_take_the_seventh_card() -> None:
    view = _view(phase="trump", hand=["JS", "9S", "7S", "AH"],
                 legal_actions=["trump JS", "trump 9S", "trump 7S", "trump AH",
                                "seventh-card"])
    assert HeuristicBot(0).choose(view) == "trump 7S"


DENOMINATED = [f"bid {v} {d}" for v in range(28, 57) for d in ("S", "H", "D", "C", "NT")]


def _denominated_view(hand: list[str], legal: list[str]) -> dict[str, Any]:
    return _auction_view(hand, legal, ruleset="56", bid_range=[28, 56],
                         players=4, cards_held=[12] * 4)


def test_heuristic_bids_its_longest_suit_or_no_trump() -> None:
    bot = HeuristicBot(0, ruleset=te.ruleset("56"))
    long_hearts = ["JH", "9H", "AH", "10H", "KH", "JH#2", "QS", "KS#2", "KD", "QD#2",
                   "KC", "QC"]
    assert bot.choose(_denominated_view(long_hearts, DENOMINATED)) == "bid 28 H"
    balanced = ["JS", "9S", "QS", "JH", "9H", "KH", "JD#2", "AD", "QD", "JC", "QC#2", "KC"]
    assert bot.choose(_denominated_view(balanced, DENOMINATED)) == "bid 28 NT"
    weak = ["QS", "KS#2", "QH", "KH", "QD", "QD#2", "KD", "KC", "QC", "QC#2", "KC#2", "KH#2"]
    assert bot.choose(_denominated_view(weak, ["pass", *DENOMINATED])) == "pass"
    # The same from the name in the view, and from a guess for an unregistered name.
    for name in ("56", "somewhere-56"):
        view = _denominated_view(long_hearts, DENOMINATED)
        assert HeuristicBot(0).choose({**view, "ruleset": name}) == "bid 28 H"
        view = _denominated_view(weak, ["pass", *DENOMINATED])
        assert HeuristicBot(0).choose({**view, "ruleset": name}) == "pass"


def test_heuristic_doubles_in_the_auction_only_when_strong() -> None:
    strong = ["JS", "JS#2", "9S", "9S#2", "AS", "JH", "JH#2", "9H", "JD", "JD#2", "JC", "9C"]
    legal = ["pass", "double"]  # nothing left to bid over 56
    contract = {"bidder": 1, "bid": 56, "target": 56, "kind": "bid", "multiplier": 1,
                "denomination": "C"}
    bot = HeuristicBot(0)
    view = _auction_view(strong, legal, ruleset="56", bid_range=[28, 56], contract=contract)
    assert bot.choose(view) == "double"
    weak = ["QS", "KS#2", "QH", "KH", "QD", "QD#2", "KD", "KC", "QC", "QC#2", "KC#2", "KH#2"]
    view = _auction_view(weak, legal, ruleset="56", bid_range=[28, 56], contract=contract)
    assert bot.choose(view) == "pass"


def test_of_equal_cards_the_first_played_wins() -> None:
    # Two packs: the other JS#2 does not beat the JS already played.
    view = _view(ruleset="56", bid_range=[28, 56], hand=["JS#2", "7S", "QD"],
                 trump={"marker": "open", "exposed": True, "suit": "D"},
                 trick=_trick((1, "JS"), (2, "9S"), (3, "10S"), trumps_from=0),
                 legal_actions=["play JS#2", "play 7S"])
    assert HeuristicBot(0).choose(view) == "play 7S"
    assert HeuristicBot(0).choose({**view, "ruleset": "somewhere-56"}) == "play 7S"


def test_heuristic_at_a_six_player_table_knows_it_plays_last() -> None:
    # Seat 1 plays a single hand: its partners 3 and 5 sit out, so seat 0 plays last to
    # this trick and takes it with the 9 (a Jack is still out, but nobody is left).
    single = {"bidder": 1, "bid": 16, "target": None, "kind": "single-hand", "multiplier": 1}
    view = _view(players=6, cards_held=[6] * 6, hand=["9H", "KH", "7C"], contract=single,
                 trump=None, sitting_out=[3, 5],
                 trick=_trick((1, "AH"), (2, "7H"), (4, "8H")),
                 legal_actions=["play 9H", "play KH"])
    assert HeuristicBot(0).choose(view) == "play 9H"
    # With seats 3 and 5 still to play it would keep the 9 back.
    view = _view(players=6, cards_held=[6] * 6, hand=["9H", "KH", "7C"],
                 trick=_trick((1, "AH"), (2, "7H")),
                 legal_actions=["play 9H", "play KH"])
    assert HeuristicBot(0).choose(view) == "play KH"
    # A partner (seat 4) has the trick won: give it points.
    view = _view(players=6, cards_held=[6] * 6, hand=["AH", "8H", "7C"],
                 trick=_trick((1, "KH"), (2, "QH"), (3, "9H"), (4, "JH"), (5, "7H")),
                 legal_actions=["play AH", "play 8H"])
    assert HeuristicBot(0).choose(view) == "play AH"


def test_deck_facts_come_from_the_ruleset_the_view_names() -> None:
    facts = deck_facts({"ruleset": "28", "hand": []})
    assert facts.ranks == ("J", "9", "A", "10", "K", "Q", "8", "7") and facts.total == 28
    assert deck_facts({"ruleset": "29", "hand": []}).total == 29
    card = te.Card.parse
    assert facts.stronger(card("AS")) == (card("JS"), card("9S"))
    # An unregistered ruleset: the family's order, a 3 as strong as the Jack once seen.
    guess = deck_facts({"ruleset": "somewhere-40", "hand": ["3S", "6S"], "bid_range": [20, 40]})
    assert guess.strength(card("3S")) == guess.strength(card("JS"))
    assert guess.points(card("3S")) == 3
    assert guess.strength(card("6S")) < guess.strength(card("QS"))
    assert guess.total == 40
    two = deck_facts({"ruleset": "somewhere-56", "hand": ["JS#2"], "bid_range": [28, 56]})
    assert card("JS#2") in two.suit_cards("S") and two.copies == 2


def test_deck_facts_read_the_family_decks() -> None:
    card = te.Card.parse
    forty = deck_facts({"ruleset": "40", "hand": []})
    assert forty.strength(card("3S")) == forty.strength(card("JS")) > forty.strength(card("9S"))
    assert forty.points(card("3S")) == 3 and forty.total == 40
    six = deck_facts({"ruleset": "28six", "hand": []})
    assert six.strength(card("6S")) < six.strength(card("7S")) and six.total == 28
    two = deck_facts({"ruleset": "56-eight", "hand": []})
    assert two.copies == 2 and two.total == 56 and card("7S#2") in two.suit_cards("S")
    assert deck_facts({"ruleset": "twenty-twenty", "hand": []}).points(card("KS")) == -1


@pytest.mark.parametrize(("name", "options"), [
    ("28+pair+double", {"caller_plays_exposed_card": True, "concealed_follow": "expose",
                        "no_jack_discard": "strict", "trump_lead_after_trump_played": True}),
    ("56", {"trump_lead_after_trump_played": True}),
])
def test_bots_stay_legal_with_the_play_options_of_issue_19(
        name: str, options: dict[str, object]) -> None:
    # The exposed card a caller-bidder must play, the face-down card followed with,
    # every Jack barred, no trump led before one is played: the heuristic picks among
    # the legal actions only.
    rs = te.ruleset(name, **options)
    rounds = _play_checked(rs, "h", range(12)) + _play_checked(rs, "hr", range(12, 20))
    assert sum(r.result is not None and r.result.annulled is None for r in rounds) >= 4
