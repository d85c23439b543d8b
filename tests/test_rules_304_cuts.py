"""304's closed game: cutting face down (docs/rules/304-requirements.md R11, R12), on the
core's ``cut_mode="face-down"``, and what every seat-facing output hides of a cut.

Sources: the Wikipedia article (S2: the cut is "a guess by a face-down card"), and an
open 304 web app's rules document that cites pagat's page (S4: a void player's card is
played face down; the trump maker sees the face-down cards; at the end of the trick a
face-down trump exposes the trump and turns the cuts up, the trump maker's own non-trump
excepted; otherwise they stay down and the suit led wins; the face-down trump card may
be played only as a cut or to the last trick).
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from twentyeight_variants.three_nought_four import ExhaustedTrumps, NoTrumpFirstLead

import twentyeight as te
from twentyeight import views
from twentyeight.render.pictures import table_svg, trick_svg
from twentyeight.render.replay import frames, read_public_record
from twentyeight.testing import check_random_rounds, hiding

from .helpers import check_late_endings, found_by_name
from .test_rules_304_contract import ruleset_304

CUTS = ruleset_304("304-cuts", cut_mode="face-down", open_by_leading_trump=True)
"""304 as built so far, cutting face down (R11) instead of calling for the trump, and
open by leading the trump card (R10)."""

CLOSED = ruleset_304("304-closed", cut_mode="face-down", open_by_leading_trump=True,
                     plugins=(ExhaustedTrumps(), NoTrumpFirstLead()))
"""The same without R14, which exposes the trump after the first trick of the high
contracts random bidders make: the property tests play closed games longer with it."""

W3_DEAL = ("JS 8S 7S KD QD 8D 7H JC", "JH 9S 9C AC 9H AH 10C 7D",
           "JD 9D AD 10D 8H QH KC QC", "AS 10S KS QS 10H KH 8C 7C")
"""Hands by seat (dealer 0, so seat 1 opens and leads): seat 2 holds no spade."""

W4_DEAL = ("QH 10H KH KD QD 8D 7C JC", "JH 9S 9C AC 9H AH 10C 7D",
           "JD 9D AD 10D 8H 7H KC QC", "AS 10S KS QS JS 8S 7S 8C")
"""As W3, but seats 2 and 0 both hold no spade, and each holds a heart."""


def _deal(hands: tuple[str, ...]) -> list[list[te.Card]]:
    return [[te.Card.parse(c) for c in hand.split()] for hand in hands]


def contract_of_seat_1(hands: tuple[str, ...]) -> te.Round:
    """Seat 1 bids 160 alone, lays the JH face down (hearts are trumps), and everyone
    passes the second auction: the play starts, seat 1 to lead."""
    rnd = CUTS.new_round(deal=_deal(hands), dealer=0)
    rnd.apply("bid 160")
    while rnd.phase.value == "auction" or rnd.phase.value == "trump":
        rnd.apply("trump JH" if rnd.phase.value == "trump" else "pass")
    assert rnd.phase.value == "play" and rnd.to_act == 1 and rnd.trump_suit == "H"
    return rnd


def test_w3_a_cut_that_misses_stays_face_down_and_the_suit_led_wins() -> None:
    """W3, R11 (S2, S4): no face-down card is a trump, so the trick goes to the highest
    card of the suit led, the cut stays hidden from all but its player and the trump
    maker, and its points are hidden with it; the game stays closed."""
    rnd = contract_of_seat_1(W3_DEAL)
    for play in ("play 9S", "play JD", "play AS", "play 7S"):
        rnd.apply(play)
    trick = rnd.tricks[0]
    assert trick.winner == 1 and trick.points == 61
    assert not rnd.trump_exposed
    jd = 1 << rnd.deck.card_id(te.Card.parse("JD"))
    assert rnd.face_down_mask() == jd
    for seat in range(4):
        done = rnd.view(seat)["tricks"][0]
        entry = done["cards"][1]
        sees = seat in (1, 2)  # its player and the trump maker
        assert entry == {"seat": 2, "card": "JD" if sees else None, "face_down": True}
        assert done["points"] == (61 if sees else 31)
        assert rnd.view(seat)["card_points"] == [0, 61 if sees else 31]
        assert rnd.face_down_mask(seat) == (0 if sees else jd)


def test_w4_a_trump_cut_exposes_the_trump_and_the_highest_trump_wins() -> None:
    """W4, R11 (S2, S4): two cuts, both hearts; at the end of the trick the trump is
    exposed, the cuts are turned up, and the QH beats the 8H (trumps count from the
    trick's first card)."""
    rnd = contract_of_seat_1(W4_DEAL)
    for play in ("play 9S", "play 8H", "play AS", "play QH"):
        rnd.apply(play)
        assert not rnd.trump_exposed or len(rnd.tricks) == 1
    trick = rnd.tricks[0]
    assert trick.winner == 0 and trick.points == 20 + 0 + 11 + 2
    assert rnd.trump_exposed and rnd.exposed_at == (0, 4)
    assert rnd.face_down_mask() == 0
    assert "JH" in [str(c) for c in rnd.hand(1)]  # the trump card joins the maker's hand
    for seat in range(4):
        cards = rnd.view(seat)["tricks"][0]["cards"]
        assert [e["card"] for e in cards] == ["9S", "8H", "AS", "QH"]
        assert not any("face_down" in e for e in cards)


def test_r11_a_void_player_cannot_call_for_the_trump_while_it_is_concealed() -> None:
    """R11 (S4): there is no call; a player who cannot follow plays any card (face
    down). The refusal names the rule."""
    rnd = contract_of_seat_1(W3_DEAL)
    rnd.apply("play 9S")
    legal = {str(a) for a in rnd.legal_actions()}
    assert legal == {"play JD", "play 9D", "play AD", "play 10D", "play 8H", "play QH",
                     "play KC", "play QC"}
    with pytest.raises(te.IllegalActionError) as refused:
        rnd.apply("call-trump")
    assert refused.value.rule == "cut-face-down"


def _rounds(rules: te.Ruleset, seeds: range, rng: random.Random) -> Iterator[te.Round]:
    """Every position of random rounds of ``rules`` while they are not over."""
    for seed in seeds:
        rnd = rules.new_round(seed=seed, dealer=seed % 4)
        while not rnd.is_over:
            yield rnd
            rnd.apply(rng.choice(rnd.legal_actions()))


def test_r12_the_trump_card_is_played_only_as_a_cut_or_as_the_last_card() -> None:
    """R12 (S4): while concealed, the trump maker may cut with the face-down trump card
    into a trick of another suit led by someone else; never lead it while holding
    another card (but to open the first trick, R10), nor play it into a trick of its own
    suit. Checked at every turn of the trump maker in 300 random rounds."""
    rng = random.Random(12)
    cut_with_it = refused = 0
    for rnd in _rounds(CLOSED, range(300), rng):
        card = rnd.concealed_card
        if rnd.phase.value != "play" or rnd.to_act != rnd.bidder or card is None:
            continue
        trick = rnd.current_trick
        hand = rnd.hand(rnd.to_act)  # type: ignore[arg-type]
        void = bool(trick) and all(c.suit != trick[0][1].suit for c in hand)
        allowed = rnd.is_legal(te.Play(card))
        expected = (not hand) or (void and card.suit != trick[0][1].suit) or (
            not trick and not rnd.tricks)  # R10: the first lead, to open the game
        assert allowed == expected, (str(card), trick, hand)
        if allowed and hand:
            cut_with_it += 1
        if not allowed:
            refused += 1
            assert rnd.explain(te.Play(card)).rule == "concealed-trump-not-playable"
    assert cut_with_it > 20 and refused > 200


def test_r11_what_stays_face_down_and_when_the_trump_is_exposed() -> None:
    """R11 (S4), over 400 random rounds, from the round's own tricks: a trick exposes
    the trump exactly when a card of the trump suit was cut face down into it, every
    card still face down is a non-trump cut by a player who could not follow, and after
    an exposure only the trump maker's own non-trump cuts stay down."""
    rng = random.Random(11)
    exposing = staying = 0
    for seed in range(400):
        rnd = CLOSED.new_round(seed=seed, dealer=seed % 4)
        while not rnd.is_over:
            before = (rnd.trump_exposed, len(rnd.tricks), rnd.face_down_mask())
            rnd.apply(rng.choice(rnd.legal_actions()))
            if rnd.is_over or len(rnd.tricks) == before[1] or before[0]:
                continue
            trick = rnd.tricks[-1]
            led = trick.cards[0].suit
            trump = rnd.trump_suit
            cuts = [(s, c) for s, c in zip(trick.seats, trick.cards, strict=True)
                    if c.suit != led]
            # (R14 may expose the trump after the first trick too, but not at its end.)
            by_cut = rnd.exposed_at == (len(rnd.tricks) - 1, len(trick.cards))
            assert by_cut == any(c.suit == trump for _, c in cuts)
            down = rnd.face_down_mask()
            for seat, c in cuts:
                stays = bool(down >> rnd.deck.card_id(c) & 1)
                assert c.suit != trump or not stays
                if by_cut:
                    assert stays == (seat == rnd.bidder and c.suit != trump)
                    staying += stays
                else:
                    assert stays
            exposing += by_cut
    assert exposing > 100 and staying > 5


def test_face_down_cuts_hide_from_views_records_refusals_and_observations() -> None:
    """The hiding property (views, both public records, every refusal and the
    observation) in positions where a seat has not seen a cut: the same in every deal it
    cannot tell from the real one, the cut cards swapped with other unseen cards."""
    rng = random.Random(5)
    worlds = positions = 0
    for rnd in _rounds(CLOSED, range(25), rng):
        for seat in range(4):
            if not rnd.face_down_mask(seat):
                continue
            positions += 1
            if positions % 4 == 0:
                worlds += hiding.check_hiding(rnd, seat, rng, tries=2)[0]
            else:
                worlds += hiding.check_view_hides(rnd, seat, rng, tries=3)
            observed = rnd.observation(seat)
            for other in hiding._unseen_worlds(rnd, seat, rng, 2):
                assert other.observation(seat) == observed
    assert positions > 300 and worlds > 300


def test_a_view_that_showed_a_cut_would_be_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hiding check above can fail: with the cuts left in the views it does."""
    monkeypatch.setattr(views, "_show_cuts", lambda *a: None)
    rng = random.Random(5)
    for rnd in _rounds(CLOSED, range(10), rng):
        seats = [s for s in range(4) if rnd.face_down_mask(s)]
        if seats:
            with pytest.raises(te.testing.ConformanceError):
                for _ in range(5):
                    hiding.check_view_hides(rnd, seats[0], rng, tries=4)
            return
    raise AssertionError("no position with a hidden cut")


def test_the_public_record_shows_that_a_card_went_face_down_not_which() -> None:
    rnd = contract_of_seat_1(W3_DEAL)
    for play in ("play 9S", "play JD"):
        rnd.apply(play)
    mine = rnd.public_record(2)["actions"][-1]
    theirs = rnd.public_record(3)["actions"][-1]
    everyone = rnd.public_record()["actions"][-1]
    assert mine == {"seat": 2, "face_down": True, "action": "play JD"}
    assert theirs == everyone == {"seat": 2, "face_down": True, "action": "play"}
    assert "JD" not in json.dumps(rnd.public_record(3))
    assert "JD" not in json.dumps(rnd.view(0))


def test_the_observation_leaves_an_unseen_cut_out_and_counts_it() -> None:
    rnd = contract_of_seat_1(W3_DEAL)
    for play in ("play 9S", "play JD"):
        rnd.apply(play)
    layout = CUTS.observation_spec
    jd = rnd.deck.card_id(te.Card.parse("JD"))
    cards = rnd.deck.size
    for seat, sees in ((0, False), (1, True), (2, True), (3, False)):
        obs = rnd.observation(seat)
        assert obs[layout["played"].start + 2 * cards + jd] == float(sees)
        assert obs[layout["trick"].start + cards + jd] == float(sees)
        face_down = layout.read(obs, "face_down")
        assert face_down[2] == (0.0 if sees else 1 / 8)
        assert face_down[4 + 1] == (0.0 if sees else 1.0)


def test_resampling_deals_the_unseen_cuts_again() -> None:
    """``resample`` treats a cut the seat has not seen as a hidden card: never of the
    suit led (its player could not follow), never a trump once its trick is over (a
    trump is turned up), and otherwise any card the seat has not seen; the seat's view
    is the same."""
    rng = random.Random(3)
    moved = checked = 0
    for rnd in _rounds(CLOSED, range(40), rng):
        if rnd.phase.value != "play":
            continue
        for seat in range(4):
            hidden = rnd.face_down_mask(seat)
            if not hidden:
                continue
            new = rnd.resample(seat, rng)
            assert new.view(seat) == rnd.view(seat)
            for trick in (*new.tricks, None):
                pairs = list(zip(trick.seats, trick.cards, strict=True)) if trick else \
                    list(new.current_trick)
                if not pairs:
                    continue
                for _, card in pairs[1:]:
                    if new.face_down_mask(seat) >> new.deck.card_id(card) & 1:
                        checked += 1
                        assert card.suit != pairs[0][1].suit
                        assert trick is None or card.suit != new.trump_suit
                        moved += not hidden >> new.deck.card_id(card) & 1
    assert checked > 300 and moved > checked // 3


def test_cutting_face_down_passes_the_conformance_kit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The conformance kit (views, records, trick winners from the history, conservation
    of the 304 points) on 80 random rounds, and the solver against plain minimax on 40
    late endings."""
    found_by_name(monkeypatch, CUTS)
    assert check_random_rounds(CUTS, rounds=80, seed=7) == 80
    check_late_endings(CUTS, 40)


def test_pictures_and_replays_draw_an_unseen_cut_face_down(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import twentyeight.render.pictures
    import twentyeight.render.replay

    def lookup(name: str, **options: object) -> te.Ruleset:
        return CUTS.with_options(**options) if name == CUTS.name else te.ruleset(name)

    monkeypatch.setattr(twentyeight.render.pictures, "lookup", lookup)
    monkeypatch.setattr(twentyeight.render.replay, "lookup", lookup)
    rnd = contract_of_seat_1(W3_DEAL)
    for play in ("play 9S", "play JD", "play AS"):
        rnd.apply(play)
    assert "a card cut face down" in table_svg(rnd, 3)
    assert "a card face down" in trick_svg(rnd, seat=3)
    assert "J♦" not in trick_svg(rnd, seat=3)
    record = read_public_record(json.dumps(rnd.public_record(3)))
    captions = [f.caption for f in frames(record, 3)]
    assert any("North (seat 2): a card face down." in c for c in captions)
    assert any("J♦, face down" in f.caption for f in frames(rnd.public_record(2), 2))


@pytest.mark.parametrize("clash", [
    {"reveal_when_void": True}, {"concealed_follow": "expose"}, {"seventh_card": True}])
def test_face_down_cuts_refuse_options_that_need_a_call(clash: dict[str, object]) -> None:
    with pytest.raises(te.ConfigError, match="cut_mode 'face-down' conflicts"):
        ruleset_304("x", cut_mode="face-down", **clash)


def test_public_records_with_cuts_match_the_published_schema() -> None:
    """``docs/schema/public-round-record.schema.json`` admits a cut (its ``face_down``
    action and a trick entry without a card) for every audience."""
    import jsonschema

    path = Path(__file__).resolve().parent.parent / "docs/schema/public-round-record.schema.json"
    validator = jsonschema.Draft202012Validator(json.loads(path.read_text(encoding="utf-8")))
    rnd = contract_of_seat_1(W3_DEAL)
    for play in ("play 9S", "play JD"):
        rnd.apply(play)
    for audience in (None, 0, 1, 2, 3):
        record = rnd.public_record(audience)
        validator.validate(record)
        assert record["actions"][-1]["face_down"] is True


def test_r10_the_trump_maker_opens_the_game_by_leading_the_trump_card() -> None:
    """R10 (S4): the trump maker who leads the first trick may lead the face-down card
    face up: the trump is exposed at once, trumps count from that card, and nobody cuts
    face down after it. R13 still keeps the hand's other trumps back."""
    rnd = contract_of_seat_1(W3_DEAL)
    legal = {str(a) for a in rnd.legal_actions()}
    assert "play JH" in legal and not legal & {"play 9H", "play AH"}  # R13
    rnd.apply("play JH")
    assert rnd.trump_exposed and rnd.exposed_at == (0, 0)
    for play in ("play 8H", "play 10H", "play 7H"):
        rnd.apply(play)
    assert rnd.tricks[0].winner == 1 and rnd.face_down_mask() == 0
    assert rnd.view(0)["trump"]["exposed_in_trick"] == 1


def test_r10_only_where_the_option_says_and_only_at_the_first_lead() -> None:
    """Without ``open_by_leading_trump`` the face-down card is no lead; with it, only the
    first trick's."""
    closed = ruleset_304("304-no-open", cut_mode="face-down")
    rnd = closed.new_round(deal=_deal(W3_DEAL), dealer=0)
    rnd.apply("bid 160")
    while rnd.phase.value in ("auction", "trump"):
        rnd.apply("trump JH" if rnd.phase.value == "trump" else "pass")
    assert rnd.explain("play JH").rule == "concealed-trump-not-playable"  # type: ignore[union-attr]
    rnd = contract_of_seat_1(W3_DEAL)
    for play in ("play 9S", "play JD", "play AS", "play 7S"):
        rnd.apply(play)
    assert rnd.to_act == 1 and not rnd.is_legal("play JH")


def test_open_by_leading_trump_needs_a_trump_card_the_bidder_holds() -> None:
    with pytest.raises(te.ConfigError, match="open_by_leading_trump"):
        ruleset_304("x", open_by_leading_trump=True, seventh_card=True)
    with pytest.raises(te.ConfigError, match="open_by_leading_trump"):
        ruleset_304("x", open_by_leading_trump=True, trump_marker="indicator")


def test_the_demo_transcript_says_a_trump_cut_turned_the_trump_up() -> None:
    """The command line's transcript (every hand shown) names what exposed the trump: a
    trump among the cuts, not the trump maker's face-down card."""
    from twentyeight.cli.style import _Style
    from twentyeight.cli.transcript import _transcript

    rnd = contract_of_seat_1(W4_DEAL)
    while not rnd.is_over:
        rnd.apply(rnd.legal_actions()[0] if len(rnd.tricks) else
                  ("play 9S", "play 8H", "play AS", "play QH")[len(rnd.current_trick)])
    text = "\n".join(_transcript(rnd, _Style(io.StringIO())))
    assert "A trump among the cards cut face down turns it up: hearts are trumps." in text
    assert "face-down trump" not in text


def test_the_gymnasium_table_text_says_face_down_for_an_unseen_cut() -> None:
    from twentyeight.adapters.gymnasium import table_text

    rnd = contract_of_seat_1(W3_DEAL)
    for play in ("play 9S", "play JD"):
        rnd.apply(play)
    text = table_text(rnd)
    assert "trick: seat 1 9S, seat 2 face down" in text and "JD" not in text


@pytest.mark.parametrize("name, options", [
    ("28", {"open_by_leading_trump": True}),
    ("304", {"cut_mode": "call"}),
])
def test_a_cut_goes_face_up_without_face_down_cuts(name: str, options: dict[str, object]) -> None:
    """``open_by_leading_trump`` (R12) alone, or 304 with ``cut_mode="call"``, gets the
    part of the face-down cuts with cuts played face up, as in 28 (RULES.md: a player who
    cannot follow may play any card): the cut is seen by every seat, counts in every
    seat's observation, and the observation has no ``face_down`` slice."""
    rules = te.ruleset(name, **options)
    assert not rules.config.trump.hides_cards
    assert "face_down" not in [s.name for s in rules.observation_spec.slices]
    rnd = rules.new_round(deal=_deal(W3_DEAL), dealer=0)
    rnd.apply(next(a for a in rnd.legal_actions() if str(a).startswith("bid")))  # seat 1
    while rnd.phase.value in ("auction", "trump"):
        rnd.apply("trump JH" if rnd.phase.value == "trump" else "pass")
    rnd.apply("play 9S")  # seat 1 leads a spade: seat 2 holds none
    assert rnd.to_act == 2
    rnd.apply("play 9D")
    cut = rnd.deck.card_id(te.Card.parse("9D"))
    spec = rules.observation_spec
    for seat in range(4):
        assert rnd.face_down_mask(seat) == 0
        assert rnd.view(seat)["trick"]["cards"][1] == {"seat": 2, "card": "9D"}
        assert spec.read(rnd.observation(seat), "played")[2 * rnd.deck.size + cut] == 1.0
