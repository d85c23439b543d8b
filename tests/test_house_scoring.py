"""House rules of scoring (issue 19, items 5 and 6): 56's tables by band as an option,
score bands with configurable edges, and who a failed contract pays.

Each rule is shown on a scripted round: the same deal, the same auction and the same
play, scored with the preset's default and with the house rule, so the only difference
is the option. The bidding team is team 0 (seat 0 speaks first with dealer 3)."""

from __future__ import annotations

import json

import pytest
from twentyeight_variants.house_rules import HOUSE_RULES

import twentyeight as te
from twentyeight.results import RoundResult

from .helpers import play_out

ROSANNE_BANDS = ((14, 1, 2), (20, 2, 3), (23, 3, 4))
"""josephch/rosanne's 28: bands 14-19 / 20-22 / 23-28 (ours: 14-19 / 20-24 / 25-28)."""

FIFTYSIX_TABLES = ((28, 1, 2), (40, 2, 3), (48, 3, 4))
"""rajeevmen0n/fiftysix's stake tiers in its engine's test configurations
(packages/engine/src/engine.test.ts and the other engine tests): 28-39 1/2, 40-47 2/3,
48-56 3/4."""

FIFTYSIX_RULES_TABLES = ((28, 1, 2), (40, 2, 3), (56, 3, 4))
"""rajeevmen0n/fiftysix's default tiers as its rules page lists them (rules.md, section
7.1): 28-39 1/2, 40-55 2/3, 56 3/4."""


def scripted(name: str, seed: int, *calls: str, **options: object) -> RoundResult:
    """Deal ``seed``, make ``calls`` (the rest of the auction passes), then play out
    with the first legal card each time; the round's result."""
    rnd = te.ruleset(name, **options).new_round(seed=seed, dealer=3)
    for text in calls:
        rnd.apply(text)
    while rnd.phase == te.Phase.AUCTION:
        rnd.apply("pass")
    result = play_out(rnd).result
    assert result is not None and result.annulled is None
    return result


# --- item 6: band edges ---------------------------------------------------------------


def test_rosanne_band_edges_make_a_made_23_worth_the_top_band() -> None:
    """josephch/rosanne's 28: a bid of 23 is in the top band (23-28, +3); in 004's
    bands it is in 20-24 (+2)."""
    default = scripted("28-bands", 3, "bid 23")
    rosanne = scripted("28-bands", 3, "bid 23", bands=ROSANNE_BANDS)
    assert default.made and rosanne.made
    assert default.game_points == (2, 0)
    assert rosanne.game_points == (3, 0)


def test_rosanne_band_edges_make_a_failed_23_cost_4() -> None:
    """josephch/rosanne's 28: a failed 23 costs the top band's 4, not 20-24's 3."""
    assert scripted("28-bands", 0, "bid 23").game_points == (-3, 0)
    assert scripted("28-bands", 0, "bid 23", bands=ROSANNE_BANDS).game_points == (-4, 0)


# --- item 6: who a failed contract pays -------------------------------------------------


def test_failed_to_both_transfers_a_failed_band_to_the_defenders() -> None:
    """josephch/rosanne transfers points: the failed 23 costs the bidders 3 and the
    defenders gain 3 (004's bands only take them off the bidders)."""
    assert scripted("28-bands", 0, "bid 23").game_points == (-3, 0)
    assert scripted("28-bands", 0, "bid 23", failed_to="both").game_points == (-3, 3)


def test_failed_to_opponents_gives_29s_failed_pip_to_the_defenders() -> None:
    """wrickguha/29-Card-Game only ever adds to the winning side: a failed 16 gives the
    defenders 1 instead of taking 1 off the bidders."""
    assert scripted("29", 0, "bid 16").game_points == (-1, 0)
    assert scripted("29", 0, "bid 16", failed_to="opponents").game_points == (0, 1)
    assert scripted("29", 0, "bid 16", failed_to="both").game_points == (-1, 1)


def test_failed_to_leaves_a_made_contract_alone() -> None:
    """Who pays is about failed contracts only: a made 16 in 29 is +1 either way."""
    for failed_to in ("bidder", "opponents", "both"):
        assert scripted("29", 3, "bid 16", failed_to=failed_to).game_points == (1, 0)


def test_failed_to_bidder_makes_28six_declarers_lose_their_base_points() -> None:
    """003's base points go to the winning side; with ``failed_to="bidder"`` a lost 16
    costs the declarers the 2 base points instead."""
    assert scripted("28six", 1, "bid 16").game_points == (0, 2)
    assert scripted("28six", 1, "bid 16", failed_to="bidder").game_points == (-2, 0)


def test_a_pips_match_where_only_winners_score_still_ends() -> None:
    """With ``failed_to="opponents"`` nobody reaches -6, but every hand adds a pip to
    someone, so a team reaches +6 and the match ends (wrickguha/29-Card-Game)."""
    match = te.Match(te.ruleset("29", failed_to="opponents"), seed=7)
    while not match.is_over:
        match.score(play_out(match.next_round()))
        assert min(match.totals) >= 0
    assert match.winner is not None and max(match.totals) >= 6


def test_tables_refuse_any_payer_but_both() -> None:
    """Tables are a fixed stock passed between the teams (004): a failed contract
    cannot cost one side without paying the other."""
    with pytest.raises(te.ConfigError, match="tables are a fixed stock"):
        te.ruleset("56", failed_to="bidder")
    assert te.ruleset("56", failed_to="both").config == te.ruleset("56").config


@pytest.mark.parametrize("value", ["defenders", None, True])
def test_failed_to_refuses_unknown_payers(value: object) -> None:
    """The option names its three values."""
    with pytest.raises(te.ConfigError, match="failed_to must be one of bidder, opponents"):
        te.ruleset("28", failed_to=value)


# --- issue 35, item 1: who a made contract's points go to ------------------------------


def test_rosanne_enddeal_moves_a_made_bands_points_from_the_defenders() -> None:
    """josephch/rosanne, ``raGamePanel::EndDeal`` (src/ra/ragamepanel.cpp): the band's
    game points are added to the winning team and subtracted from the other for every
    contract, made or failed. A made 23 under its bands is +3 to the bidders and -3 to
    the defenders (``made_to="both"``); ``failed_to="both"`` alone leaves the
    defenders at 0. A failed 23 costs 4 and gives 4 either way."""
    rosanne = {"bands": ROSANNE_BANDS, "failed_to": "both"}
    assert scripted("28-bands", 3, "bid 23", **rosanne).game_points == (3, 0)
    assert scripted("28-bands", 3, "bid 23", made_to="both",
                    **rosanne).game_points == (3, -3)
    for made_to in ("bidder", "both"):
        assert scripted("28-bands", 0, "bid 23", made_to=made_to,
                        **rosanne).game_points == (-4, 4)


def test_made_to_both_transfers_pips_and_base_points() -> None:
    """The option means the same in pips (a made 16 in 29) and base points (a made 16
    in 28SIX, 1 base point, or 2 with the slam bonus)."""
    assert scripted("29", 3, "bid 16").game_points == (1, 0)
    assert scripted("29", 3, "bid 16", made_to="both").game_points == (1, -1)
    assert scripted("28six", 4, "bid 16").game_points == (2, 0)
    assert scripted("28six", 4, "bid 16", made_to="both").game_points == (2, -2)


def test_made_to_composes_by_name_and_is_doubled_like_the_rest() -> None:
    """``made_to`` is an option of every composed ruleset whose scoring has it: a
    doubled made 16 in ``29+double`` moves 2 pips from the defenders to the bidders."""
    rs = te.ruleset("29+double", made_to="both")
    assert rs.options()["made_to"] == "both"
    rnd = rs.new_round(seed=3, dealer=3)
    for text in ("bid 16", "pass", "pass", "pass"):
        rnd.apply(text)
    rnd.apply(rnd.legal_actions()[0])        # the trump
    rnd.apply("double")
    while rnd.phase is te.Phase.CALLS:
        rnd.apply("pass")
    result = play_out(rnd).result
    assert result is not None and result.made
    assert result.game_points == (2, -2)


def test_made_to_tables_are_always_a_transfer() -> None:
    """56's tables already pass from the defenders to the bidders on a made contract:
    ``made_to`` takes only ``"both"`` there."""
    assert scripted("56", 3, "bid 28 S").game_points == scripted(
        "56", 3, "bid 28 S", made_to="both").game_points
    with pytest.raises(te.ConfigError, match="tables are a fixed stock"):
        te.ruleset("56", made_to="bidder")


@pytest.mark.parametrize("value", ["opponents", "defenders", None, True])
def test_made_to_refuses_unknown_payees(value: object) -> None:
    """The option names its two values; ``opponents`` is not one (no engine plays a
    made contract that only costs the defenders)."""
    with pytest.raises(te.ConfigError, match="made_to must be one of bidder, both"):
        te.ruleset("28-bands", made_to=value)


# --- item 5: 56's tables by band --------------------------------------------------------


def _catalogued_tables(where: str) -> tuple[tuple[int, ...], ...]:
    """The ``bands`` of the house-rules catalogue's 56 entry whose source says ``where``."""
    [rule] = [r for r in HOUSE_RULES if r.preset == "56" and "bands" in r.options
              and where in r.played_by]
    return tuple(rule.options["bands"])


def test_fiftysix_rules_page_tables_make_a_failed_48_pay_3() -> None:
    """rajeevmen0n/fiftysix, rules.md section 7.1: bids 40-55 win 2 or pay 3 and 56 wins
    3 or pays 4, so a failed 48 pays 3 tables; its engine's test configurations (a band
    48-56 paying 3/4) and 004 make it pay 4. The catalogue lists both tables, each with
    the part of the game it comes from."""
    assert _catalogued_tables("section 7.1") == FIFTYSIX_RULES_TABLES
    assert _catalogued_tables("test configurations") == FIFTYSIX_TABLES
    assert scripted("56", 0, "bid 48 S").game_points == (-4, 4)
    assert scripted("56", 0, "bid 48 S", bands=FIFTYSIX_TABLES).game_points == (-4, 4)
    assert scripted("56", 0, "bid 48 S",
                    bands=FIFTYSIX_RULES_TABLES).game_points == (-3, 3)
    assert scripted("56", 0, "bid 56 S",
                    bands=FIFTYSIX_RULES_TABLES).game_points == (-4, 4)


def test_fiftysix_tables_make_a_failed_56_pay_4() -> None:
    """rajeevmen0n/fiftysix: the top band 48-56 pays 4 tables; 004's 56 pays 5."""
    assert scripted("56", 0, "bid 56 S").game_points == (-5, 5)
    assert scripted("56", 0, "bid 56 S", bands=FIFTYSIX_TABLES).game_points == (-4, 4)


def test_doubled_tables_multiply_a_plain_band() -> None:
    """004 and rajeevmen0n/fiftysix: a doubled 30 that fails pays 2 x 2 tables."""
    assert scripted("56", 0, "bid 30 S", "double").game_points == (-4, 4)


def test_a_band_of_seven_gives_its_own_doubled_tables() -> None:
    """A room's table may price doubled and redoubled contracts itself (issue 19): a
    doubled 30 that fails pays the band's 5, not 2 x 2."""
    own = ((28, 1, 2, 2, 5, 4, 9), (40, 2, 3), (48, 3, 4), (56, 4, 5))
    failed = scripted("56", 0, "bid 30 S", "double", bands=own)
    made = scripted("56", 1, "bid 30 S", "double", bands=own)
    assert not failed.made and failed.game_points == (-5, 5)
    assert made.made and made.game_points == (2, -2)
    assert scripted("56", 0, "bid 30 S", bands=own).game_points == (-2, 2)  # undoubled


def test_a_band_of_seven_gives_its_own_redoubled_tables() -> None:
    """The redoubled pair of a band of seven replaces x4."""
    own = ((28, 1, 2, 2, 5, 4, 9),)
    outcome = te.HandOutcome(teams=2, bidding_team=1, bid=33, target=33, card_points=(30, 26),
                             tricks_won=(6, 6), made=False, multiplier=4)
    assert outcome.game_points(te.ruleset("56", bands=own).config.scoring) == (9, -9)


@pytest.mark.parametrize(("bands", "message"), [
    (((28, 1, -2),), "negative"),
    (((40, 2, 3), (28, 1, 2)), "rising lowest bid"),
    (((28, 1, 2), (28, 2, 3)), "without repeats"),
    (((28, 1, 2, 3),), "triples, or sevens"),
    ((), "rising lowest bid"),
    ("28:1/2", "triples, or sevens"),
    (((28, 1.5, 2),), "whole numbers"),
])
def test_table_bands_are_validated(bands: object, message: str) -> None:
    """A bad table is refused with a message that says what is wrong."""
    with pytest.raises(te.ConfigError, match=message):
        te.ruleset("56", bands=bands)


def test_score_bands_are_validated() -> None:
    """28-bands' bands are triples only (no doubled columns: doubling multiplies)."""
    with pytest.raises(te.ConfigError, match="triples"):
        te.ruleset("28-bands", bands=((14, 1, 2, 2, 4, 4, 8),))


def test_house_scoring_options_survive_a_match_record() -> None:
    """The options are recorded and replayed (lists from JSON become bands again)."""
    rs = te.ruleset("56", bands=FIFTYSIX_TABLES)
    match = te.Match(rs, seed=3)
    match.score(play_out(match.next_round()))
    again = te.Match.from_record(json.loads(json.dumps(match.record())))
    assert again.ruleset.config == rs.config and again.totals == match.totals
