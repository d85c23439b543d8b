"""The fast paths keep the public behaviour: clones copy every field, records written
from cached pieces are the records, text actions map to the shared actions, rounds
pickle, and redeal checks are asked at their own events only."""

from __future__ import annotations

import json
import pickle
import random
from typing import ClassVar

import attrs
import pytest
from attrs import frozen

import twentyeight as te
from twentyeight.config import RedealCheck, RedealEvent
from twentyeight.port import RoundPort
from twentyeight.state import RoundState

PRESETS = te.presets()

_NOT_COPIED = frozenset({"__weakref__", "_port_obj"})
"""A clone makes its own plug-in port, when a hook first needs one."""

_OWN_CONTAINERS = ("_hands", "_actions", "_trick")
"""The containers a round changes in place: each clone has its own."""


def _positions(name: str, count: int = 6) -> list[te.Round]:
    """Rounds of ``name`` stopped at random points, from the deal to the end."""
    rs = te.ruleset(name)
    out = []
    for seed in range(count):
        rnd = rs.new_round(seed=seed, dealer=seed % rs.config.players)
        rng = random.Random(seed)
        stop = rng.randrange(60)
        while not rnd.is_over and len(rnd.history) < stop:
            rnd.apply(rng.choice(rnd.legal_actions()))
        out.append(rnd)
    return out


@pytest.mark.parametrize("name", PRESETS)
def test_clone_copies_every_field(name: str) -> None:
    """A field added to the state and forgotten by ``clone()`` fails here (a clone
    starts empty, so reading the missing field raises)."""
    for rnd in _positions(name):
        rnd.view(0)  # build the caches a clone shares
        new = rnd.clone()
        assert type(new) is type(rnd)
        for field in RoundState.__slots__:
            if field not in _NOT_COPIED:
                assert getattr(new, field) == getattr(rnd, field), field
        for field in _OWN_CONTAINERS:
            assert getattr(new, field) is not getattr(rnd, field), field
        assert new.to_json() == rnd.to_json()


def _with_options_and_scores(name: str) -> list[te.Round]:
    rs = te.ruleset(name)
    changed = rs.with_options(min_bid=rs.config.min_bid + 1)
    dealt = rs.new_round(seed=3).deal
    rounds = [changed.new_round(seed=5, scores=(3, -2)),
              rs.new_round(deal=[[str(c) for c in hand] for hand in dealt], dealer=1)]
    for rnd in rounds:
        rng = random.Random(1)
        for _ in range(12):
            if not rnd.is_over:
                rnd.apply(rng.choice(rnd.legal_actions()))
    return rounds


@pytest.mark.parametrize("name", PRESETS)
def test_to_json_is_the_record_as_json(name: str) -> None:
    """``to_json()`` is written from cached pieces: it must be exactly
    ``json.dumps(record(), ensure_ascii=False)`` (options, scores, an explicit deal)."""
    for rnd in _positions(name) + _with_options_and_scores(name):
        assert rnd.to_json() == json.dumps(rnd.record(), ensure_ascii=False)
        assert te.Round.from_json(rnd.to_json()).to_json() == rnd.to_json()


@pytest.mark.parametrize("name", PRESETS)
def test_a_text_names_the_shared_action(name: str) -> None:
    """Every legal action's text gives back that very action, read by the table or by
    the parser (other case and spacing), and a round records the shared object."""
    for rnd in _positions(name):
        rs = rnd.ruleset
        for action in rnd.legal_actions():
            text = str(action)
            assert rs.action_of_text(text) is action
            assert rs.parse_action(f"  {text.upper()} ") is action
            assert rs.action_text(action) == text
        if rnd.legal_actions():
            action = rnd.legal_actions()[0]
            rnd.apply(str(action))
            assert rnd.history[-1][1] is action


@pytest.mark.parametrize("name", ["56", "56-six", "thunee", "29", "28+double+pair+single-hand"])
def test_a_call_made_of_a_new_object_is_recorded_as_the_shared_one(name: str) -> None:
    """A plug-in's call applied as a new object equal to a legal one (``Double()``, a
    Thunee call, a pair shown) goes into the history as the ruleset's shared action,
    which records and views read from their tables by identity."""
    rs = te.ruleset(name)
    calls = 0
    for seed in range(12):
        rnd = rs.new_round(seed=seed)
        rng = random.Random(seed)
        while not rnd.is_over:
            action = rng.choice(rnd.legal_actions())
            fresh = attrs.evolve(action) if attrs.has(type(action)) else action
            rnd.apply(fresh)
            if type(action) not in (te.Play, te.Bid, te.Pass, te.LayTrump, te.CallTrump):
                calls += 1
        for _, action in rnd.history:
            assert rs.action_of_text(str(action)) is action, action
    assert calls, "no plug-in call was made: the test checked nothing"


@pytest.mark.parametrize("name", PRESETS)
def test_rounds_pickle_through_their_record(name: str) -> None:
    for rnd in _positions(name, 3):
        again = pickle.loads(pickle.dumps(rnd))
        assert type(again) is type(rnd)
        assert again.to_json() == rnd.to_json()
        assert [again.view(s) for s in range(rnd.players)] == [
            rnd.view(s) for s in range(rnd.players)]


_ASKED: list[tuple[str, RedealEvent]] = []


@frozen
class _DealOnly(RedealCheck):
    """Never annuls; notes when it is asked."""

    name: str = "probe-deal"
    events: ClassVar[tuple[RedealEvent, ...]] = ("deal-complete",)

    def automatic(self, rnd: RoundPort, event: RedealEvent) -> bool:
        _ASKED.append((self.name, event))
        return False


@frozen
class _Everywhere(_DealOnly):
    """The same, at every event (the default)."""

    name: str = "probe-all"
    events: ClassVar[tuple[RedealEvent, ...]] = RedealCheck.events


def test_a_redeal_check_is_asked_at_its_own_events_only() -> None:
    config = attrs.evolve(te.ruleset("28").config, name="probe-28",
                          redeal_checks=(_DealOnly(), _Everywhere()))
    rs = te.Ruleset(config)
    assert _Everywhere() in rs.checks_at["trump-exposed"]
    assert _DealOnly() not in rs.checks_at["trump-exposed"]
    assert _DealOnly() in rs.checks_at["deal-complete"]
    _ASKED.clear()
    exposed = 0
    for seed in range(30):
        rnd = rs.new_round(seed=seed)
        rng = random.Random(seed)
        while not rnd.is_over:
            rnd.apply(rng.choice(rnd.legal_actions()))
        exposed += rnd.trump_exposed and rnd.config.trump_marker != "open"
    assert exposed
    assert ("probe-deal", "trump-exposed") not in _ASKED
    assert {("probe-deal", "deal-complete"), ("probe-all", "deal-complete"),
            ("probe-all", "trump-exposed")} <= set(_ASKED)


# ---------------------------------------------------------------- tables and caches


@pytest.mark.parametrize("name", PRESETS)
def test_card_actions_match_the_cards_of_a_mask(name: str) -> None:
    """``play_actions`` and ``trump_actions`` read per-byte and per-word tables, and
    masks of one byte of cards a dictionary: each gives the actions of the mask's cards
    in card-id order, for whole hands, single suits and empty masks alike."""
    rs = te.ruleset(name)
    deck = rs.deck
    rng = random.Random(name)
    masks = [0, deck.full_mask, *deck.suit_mask]
    masks += [rng.getrandbits(deck.size) & rng.choice([deck.full_mask, *deck.suit_mask])
              for _ in range(400)]
    for mask in masks:
        ids = [c for c in range(deck.size) if mask >> c & 1]
        assert rs.play_actions(mask) == tuple(rs.play_action_of_id[c] for c in ids)
        # Twice: the second answer comes from what the first one kept.
        assert rs.play_actions(mask) == tuple(rs.play_action_of_id[c] for c in ids)
        if rs.config.trump_marker != "indicator":
            assert rs.trump_actions(mask, False) == tuple(rs.trump_choice(c, -1) for c in ids)


def test_rulesets_of_one_deck_share_their_card_actions() -> None:
    """The per-card actions are made once per deck: a ruleset with options plays the
    preset's own action objects, so records and tables agree between them."""
    preset = te.ruleset("28")
    changed = te.ruleset("28", opener_must_bid=False)
    assert changed is not preset
    assert changed.play_action_of_id is preset.play_action_of_id
    assert changed.action_of_text("play JS") is preset.action_of_text("play JS")


@pytest.mark.parametrize("name", PRESETS)
def test_the_text_table_holds_only_texts_json_writes_as_themselves(name: str) -> None:
    """A record's action texts are read by table lookup only because no text in the
    table needs a JSON escape."""
    rs = te.ruleset(name)
    # Reading the texts of played rounds adds the plug-ins' actions to the table.
    for rnd in _positions(name, 3):
        for _, action in rnd.history:
            assert rs.parse_action(str(action)) == action
    for text in rs._by_text:
        assert json.dumps(text, ensure_ascii=False) == f'"{text}"'


def test_an_action_text_json_escapes_is_not_shared() -> None:
    """``_intern`` leaves an action whose text JSON would escape out of the table: a
    record holding it is read by the JSON parser."""

    @frozen
    class Odd(te.Action):
        keyword: ClassVar[str] = "odd"

        def __str__(self) -> str:
            return 'odd "quoted"'

    rs = te.ruleset("28")
    odd = Odd()
    assert rs._intern(odd) is odd
    assert rs.action_of_text('odd "quoted"') is None


@pytest.mark.parametrize("name", PRESETS)
def test_the_trick_rank_tables_agree_with_trick_winner(name: str) -> None:
    """The round and the solver end a trick with :func:`trick_outcome`, which reads
    :func:`rank_tables` when every card counts as what it is and :func:`trick_winner`
    in the rare case of trumps counting from a later card. Both name the same winner
    as :func:`trick_winner` for every trick, trump, led suit and first counting trump,
    and the points are the cards' points."""
    from twentyeight.tricks import rank_tables, trick_outcome, trick_winner

    deck = te.ruleset(name).deck
    tables = rank_tables(deck.suit_of, deck.strength, deck.n_suits)
    outcome = trick_outcome(deck.suit_of, deck.strength, deck.points, deck.n_suits)
    rng = random.Random(name)
    for _ in range(500):
        size = rng.randint(2, 8)
        trick = rng.sample(range(deck.size), size)
        trump = rng.randrange(-1, deck.n_suits)
        table = tables[deck.suit_of[trick[0]] * (deck.n_suits + 1) + trump + 1]
        ranks = [table[c] for c in trick]
        expected = trick_winner(trick, deck.suit_of, deck.strength,
                                trump if trump >= 0 else None, 0)
        assert ranks.index(max(ranks)) == expected
        points = sum(deck.points[c] for c in trick)
        assert outcome(trick, trump, 0) == (expected, points)
        if trump >= 0:
            trumps_from = rng.randrange(size)
            assert outcome(trick, trump, trumps_from) == (
                trick_winner(trick, deck.suit_of, deck.strength, trump, trumps_from), points)


@pytest.mark.parametrize("name", PRESETS)
def test_new_round_is_the_constructed_round(name: str) -> None:
    """``new_round`` copies a blank round per dealer instead of running the
    constructor: the round is the same, field for field."""
    rs = te.ruleset(name)
    for dealer in range(rs.config.players):
        made = rs.new_round(seed=dealer + 11, dealer=dealer, scores=(2, -3))
        built = te.Round(rs, dealer=dealer, seed=dealer + 11, deal=None,
                         packet_masks=made._packet_masks, scores=(2, -3))
        for field in RoundState.__slots__:
            if field not in _NOT_COPIED:
                assert getattr(made, field) == getattr(built, field), field
        assert made._hands is not rs._blank_round(dealer)._hands


def test_rounds_that_end_alike_share_their_result() -> None:
    """Results are kept by what decides them: a replayed round has the very same
    (frozen) result, another ending has its own."""
    rs = te.ruleset("28")
    rng = random.Random(5)
    finished = []
    for seed in range(30):
        rnd = rs.new_round(seed=seed)
        while not rnd.is_over:
            rnd.apply(rng.choice(rnd.legal_actions()))
        finished.append(rnd)
    for rnd in finished:
        again = te.Round.from_json(rnd.to_json())
        assert again.result is rnd.result
    scored = [r.result for r in finished if r.result is not None and not r.result.annulled]
    assert len({id(r) for r in scored}) == len({attrs.astuple(r) for r in scored})


def test_registry_keeps_spellings_without_options() -> None:
    """A name asked for again is one lookup; options still make their own ruleset."""
    assert te.ruleset("28") is te.ruleset("28")
    assert te.ruleset(" 28 ") is te.ruleset("28")
    assert te.ruleset("28+pair") is te.ruleset("28+PAIR")
    assert te.ruleset("28", opener_must_bid=False).config.opener_must_bid is False
    assert te.ruleset("28").config.opener_must_bid is True


# ---------------------------------------------------------------- records read fast


def _json_path(text: str) -> te.Round:
    """The record read by the JSON parser and checked field by field."""
    from twentyeight.records import MAX_RECORD_CHARS, load_json, replay

    return replay(load_json(text, MAX_RECORD_CHARS, "record"))


@pytest.mark.parametrize("name", PRESETS)
def test_a_seeded_record_reads_as_json_would(name: str) -> None:
    """``from_json`` reads a preset's seeded record without a JSON parser: the fields
    it reads are those JSON reads, and the rounds are the same."""
    from twentyeight.records import _read_record, _seeded_fields

    for rnd in _positions(name):
        text = rnd.to_json()
        assert _seeded_fields(text) == _read_record(json.loads(text))
        assert te.Round.from_json(text).to_json() == _json_path(text).to_json() == text


_VARIANTS = {
    "escaped letter": lambda t: t.replace('"play', '"pl\\u0061y', 1),
    "no space after comma": lambda t: t.replace('", "', '","', 1),
    "empty text": lambda t: t[:-2] + ', ""]}',
    "negative seed": lambda t: t.replace('"seed": ', '"seed": -'),
    "leading zero": lambda t: t.replace('"dealer": 0', '"dealer": 00'),
    "control character": lambda t: t[:-2] + ', "play 9H\x01"]}',
    "escaped quote": lambda t: t[:-2] + ', "play 9H\\"x"]}',
    "unknown text": lambda t: t[:-2] + ', "bogus"]}',
    "space before brace": lambda t: t[:-1] + " }",
    "trailing garbage": lambda t: t + "x",
}


@pytest.mark.parametrize("variant", sorted(_VARIANTS))
def test_a_record_off_the_written_shape_reads_as_json_would(variant: str) -> None:
    """Any text that is not exactly as ``to_json`` writes it is read by the JSON parser:
    the round, or the refusal, is the one JSON gives."""
    rnd = _positions("28", 1)[0]
    text = _VARIANTS[variant](rnd.to_json())
    try:
        expected = _json_path(text).to_json()
    except te.RecordError as exc:
        expected = f"refused: {exc}"
    try:
        got = te.Round.from_json(text).to_json()
    except te.RecordError as exc:
        got = f"refused: {exc}"
    assert got == expected


def test_a_refused_record_action_is_named_by_its_place() -> None:
    """The refusal of a record names the action that does not replay by its place."""
    rnd = te.ruleset("28").new_round(seed=3)
    for _ in range(3):
        rnd.apply(rnd.legal_actions()[0])
    record = json.loads(rnd.to_json())
    record["actions"].insert(2, "play 7H")
    with pytest.raises(te.RecordError, match=r"action 3 \('play 7H'\) does not replay"):
        te.Round.from_json(json.dumps(record))


@pytest.mark.parametrize("name", PRESETS)
def test_to_json_kept_between_saves_follows_every_change(name: str) -> None:
    """``to_json()`` keeps the text of the actions it wrote with the round: a round
    saved after every action, its clones, and a resampled deal (whose history names
    other hidden cards) each write exactly their own record, never a text kept from
    the round they came from."""
    for rnd in _positions(name):
        rnd.to_json()  # keep the text of the actions so far
        rng = random.Random(len(rnd.history))
        copy = rnd.clone()
        for _ in range(3):
            if copy.is_over:
                break
            copy.apply(rng.choice(copy.legal_actions()))
            assert copy.to_json() == json.dumps(copy.record(), ensure_ascii=False)
        assert rnd.to_json() == json.dumps(rnd.record(), ensure_ascii=False)
        if rnd.is_over or rnd.to_act is None:
            continue
        for seat in range(rnd.players):
            other = rnd.resample(seat, random.Random(seat))
            assert other.to_json() == json.dumps(other.record(), ensure_ascii=False)


def _fresh_views(rnd: te.Round) -> list[dict[str, object]]:
    """Every seat's view, and the public record, of a round read back from its record:
    a new object, with nothing kept from earlier views."""
    again = te.Round.from_json(rnd.to_json())
    return [*(again.view(s) for s in range(rnd.players)), again.public_record()]


@pytest.mark.parametrize("name", PRESETS)
def test_views_kept_between_changes_follow_every_change(name: str) -> None:
    """The parts every seat's view shares are kept with the round until it changes: a
    round viewed before and after every action (seats in a changing order, the same
    seat twice), its clones, and a resampled deal each show exactly what a round read
    back from the record shows, never a part kept from an earlier state."""
    for rnd in _positions(name):
        rng = random.Random(len(rnd.history))
        copy = rnd.clone()
        for _ in range(4):
            seats = list(range(copy.players)) * 2
            rng.shuffle(seats)
            views = {s: copy.view(s) for s in seats}
            assert [*(views[s] for s in range(copy.players)),
                    copy.public_record()] == _fresh_views(copy)
            if copy.is_over:
                break
            copy.apply(rng.choice(copy.legal_actions()))
        assert [*(rnd.view(s) for s in range(rnd.players)), rnd.public_record()] \
            == _fresh_views(rnd)
        if rnd.is_over or rnd.to_act is None:
            continue
        seat = rnd.to_act
        other = rnd.resample(seat, random.Random(seat))
        assert [other.view(s) for s in range(other.players)] == \
            _fresh_views(other)[:-1]
