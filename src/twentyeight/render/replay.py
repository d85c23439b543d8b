"""A round's replay as one self-contained HTML file: the deal, the auction, every trick
and the score, a step each, drawn from what one audience saw (a public record)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from attrs import frozen

from ..actions import LayTrump, NameTrump
from ..cards import SUIT_NAMES
from ..errors import RecordError, TwentyEightError
from ..inputs import MAX_ACTION_TEXT, MAX_NAME_TEXT, describe, is_whole
from ..records import (
    MAX_RECORD_CHARS,
    MAX_SCORE,
    MAX_SEATS,
    PUBLIC_RECORD_FORMAT,
    RECORD_FORMAT,
    load_json,
    read_header,
    read_options,
)
from ..registry import ruleset as lookup
from ..round import Round
from ..ruleset import Ruleset
from .pictures import (
    auction_svg,
    card,
    choice_svg,
    hand_svg,
    score_svg,
    table_svg,
    trick_svg,
)
from .seats import is_you, seat_labels
from .svg import esc

if TYPE_CHECKING:
    from ..analysis import Analysis

_PUBLIC_FIELDS = frozenset({
    "format", "version", "ruleset", "options", "audience", "scores", "players", "dealer",
    "opener", "bid_range", "bid_step", "phase", "to_act", "cards_held", "auction", "calls",
    "contract", "sitting_out", "shown", "trick", "tricks", "card_points", "result", "trump",
    "actions", "hand", "dealt", "auction_hand"})
"""The fields a public record may hold."""

_MAX_ITEMS = 4096
"""No list of a public record is longer (a round has a few hundred actions at most)."""


# ---------------------------------------------------------------- reading a public record


def _fail(what: str) -> RecordError:
    return RecordError(f"public record field {what}")


def _whole(value: Any, low: int, high: int, what: str) -> int:
    if not is_whole(value, low, high):
        raise _fail(f"{what} must be a whole number from {low} to {high - 1}, "
                    f"got {describe(value)}")
    return int(value)


def _items(value: Any, what: str, limit: int = _MAX_ITEMS) -> list[Any]:
    if not isinstance(value, list) or len(value) > limit:
        raise _fail(f"{what} must be a list of at most {limit} entries")
    return value


def _short(value: Any, what: str, limit: int = MAX_ACTION_TEXT) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise _fail(f"{what} must be a text of at most {limit} characters")
    return value


def _object(value: Any, what: str, keys: frozenset[str]) -> dict[str, Any]:
    if not isinstance(value, dict) or not set(value) <= keys:
        raise _fail(f"{what} must be an object with keys among {', '.join(sorted(keys))}")
    return value


class _Checker:
    """Checks the parts of one public record against its ruleset and table size."""

    def __init__(self, rs: Ruleset, players: int) -> None:
        self.by_text = rs.deck.by_text
        self.players = players

    def seat(self, value: Any, what: str, optional: bool = False) -> int | None:
        if optional and value is None:
            return None
        return _whole(value, 0, self.players, what)

    def card(self, value: Any, what: str) -> str:
        text = _short(value, what)
        if text not in self.by_text:
            raise _fail(f"{what}: {describe(text)} is not a card of this deck")
        return text

    def cards(self, value: Any, what: str) -> list[str]:
        return [self.card(c, what) for c in _items(value, what, 256)]

    def seat_cards(self, value: Any, what: str, face_down: bool = False) -> None:
        """Seat and card entries; with ``face_down``, cards cut face down may be among
        them (``face_down`` true, and ``card`` ``None`` where unseen)."""
        keys = frozenset({"seat", "card", "face_down"} if face_down else {"seat", "card"})
        for entry in _items(value, what, 256):
            entry = _object(entry, what, keys)
            self.seat(entry.get("seat"), f"{what} seat")
            if "face_down" in entry and entry["face_down"] is not True:
                raise _fail(f"{what} face_down must be true")
            if entry.get("card") is not None or "face_down" not in entry:
                self.card(entry.get("card"), f"{what} card")

    def trick(self, value: Any, what: str, done: bool) -> None:
        keys = {"leader", "cards", "trumps_from"} | ({"winner", "points"} if done else set())
        trick = _object(value, what, frozenset(keys))
        self.seat(trick.get("leader"), f"{what} leader", optional=not done)
        self.seat_cards(trick.get("cards", []), f"{what} cards", face_down=True)
        if trick.get("trumps_from") is not None:
            _whole(trick["trumps_from"], 0, MAX_SEATS + 1, f"{what} trumps_from")
        if done:
            self.seat(trick.get("winner"), f"{what} winner")
            _whole(trick.get("points"), -MAX_SCORE, MAX_SCORE + 1, f"{what} points")

    def calls(self, value: Any, what: str, keys: frozenset[str]) -> None:
        for entry in _items(value, what):
            entry = _object(entry, what, keys)
            self.seat(entry.get("seat"), f"{what} seat")
            _short(entry.get("action"), f"{what} action")
            if "window" in entry:
                _short(entry["window"], f"{what} window", MAX_NAME_TEXT)
            for flag in ("concealed", "face_down"):
                if flag in entry and entry[flag] is not True:
                    raise _fail(f"{what} {flag} must be true")


_INT_LIST = "must be a list of whole numbers"


def _ints(value: Any, what: str, length: int | None = None) -> list[int]:
    if not isinstance(value, list) or (length is not None and len(value) != length) \
            or len(value) > MAX_SEATS or not all(
                is_whole(v, -MAX_SCORE, MAX_SCORE + 1) for v in value):
        raise _fail(f"{what} {_INT_LIST}")
    return value


def read_public_record(data: Any) -> dict[str, Any]:
    """A public record (:meth:`~twentyeight.Round.public_record`), as a dict or as JSON
    text, every field this module draws checked for its type, its size and, for cards
    and seats, against its ruleset (which must be installed) and table; anything else
    raises :class:`~twentyeight.RecordError`. It cannot check that the record tells the
    truth: it draws what the record says its audience saw."""
    if isinstance(data, (str, bytes, bytearray)):
        data = load_json(data, MAX_RECORD_CHARS, "public record")
    rec = read_header(data, PUBLIC_RECORD_FORMAT, _PUBLIC_FIELDS, "public record")
    name = _short(rec.get("ruleset"), "'ruleset'", MAX_NAME_TEXT)
    try:
        rs = lookup(name, **read_options(rec.get("options", {})))
    except TwentyEightError as exc:
        raise RecordError(f"public record does not name a ruleset: {exc}") from None
    players = _whole(rec.get("players"), rs.config.players, rs.config.players + 1,
                     "'players'")
    check = _Checker(rs, players)
    check.seat(rec.get("audience"), "'audience'", optional=True)
    check.seat(rec.get("dealer"), "'dealer'")
    check.seat(rec.get("opener"), "'opener'")
    check.seat(rec.get("to_act"), "'to_act'", optional=True)
    _short(rec.get("phase"), "'phase'", MAX_NAME_TEXT)
    _ints(rec.get("cards_held"), "'cards_held'", players)
    _ints(rec.get("card_points"), "'card_points'", 2)
    if "scores" in rec:
        _ints(rec["scores"], "'scores'", 2)
    for seat in _items(rec.get("sitting_out", []), "'sitting_out'", players):
        check.seat(seat, "'sitting_out'")
    check.calls(rec.get("auction"), "'auction'", frozenset({"seat", "action"}))
    check.calls(rec.get("calls", []), "'calls'", frozenset({"seat", "action", "window"}))
    check.calls(rec.get("actions"), "'actions'",
                frozenset({"seat", "action", "concealed", "face_down"}))
    check.seat_cards(rec.get("shown", []), "'shown'")
    check.trick(rec.get("trick"), "'trick'", done=False)
    for trick in _items(rec.get("tricks"), "'tricks'", 256):
        check.trick(trick, "'tricks'", done=True)
    if rec.get("audience") is not None:
        check.cards(rec.get("hand"), "'hand'")
        check.cards(rec.get("dealt"), "'dealt'")
        check.cards(rec.get("auction_hand", []), "'auction_hand'")
    elif "hand" in rec or "dealt" in rec or "auction_hand" in rec:
        raise _fail("'hand' belongs only to a seat's record")
    if rec.get("contract") is not None:
        _contract(_object(rec["contract"], "'contract'", _CONTRACT_KEYS), check)
    if rec.get("trump") is not None:
        _trump(_object(rec["trump"], "'trump'", _TRUMP_KEYS), check)
    _result(rec.get("result"))
    return rec


_CONTRACT_KEYS = frozenset({"bidder", "bid", "target", "kind", "multiplier", "denomination",
                            "stake"})
_TRUMP_KEYS = frozenset({"marker", "exposed", "holder", "suit", "card", "exposed_by",
                         "exposed_in_trick", "cut_mode"})


def _contract(contract: dict[str, Any], check: _Checker) -> None:
    check.seat(contract.get("bidder"), "'contract' bidder")
    _whole(contract.get("bid"), 0, MAX_SCORE, "'contract' bid")
    if contract.get("target") is not None:
        _whole(contract["target"], -MAX_SCORE, MAX_SCORE, "'contract' target")
    _whole(contract.get("multiplier", 1), 0, MAX_SCORE, "'contract' multiplier")
    _short(contract.get("kind", ""), "'contract' kind", MAX_NAME_TEXT)
    if contract.get("denomination") is not None:
        _short(contract["denomination"], "'contract' denomination", MAX_NAME_TEXT)


def _trump(trump: dict[str, Any], check: _Checker) -> None:
    _short(trump.get("marker"), "'trump' marker", MAX_NAME_TEXT)
    if not isinstance(trump.get("exposed"), bool):
        raise _fail("'trump' exposed must be true or false")
    for key in ("holder", "exposed_by"):
        if key in trump:
            check.seat(trump[key], f"'trump' {key}")
    if trump.get("suit") is not None and trump["suit"] not in SUIT_NAMES:
        raise _fail("'trump' suit must be a suit letter")
    if "card" in trump:
        check.card(trump["card"], "'trump' card")
    if "exposed_in_trick" in trump:
        _whole(trump["exposed_in_trick"], 0, 257, "'trump' exposed_in_trick")
    if "cut_mode" in trump:
        _short(trump["cut_mode"], "'trump' cut_mode", MAX_NAME_TEXT)


def _result(value: Any) -> None:
    if value is None:
        return
    if not isinstance(value, dict) or len(value) > 64:
        raise _fail("'result' must be an object")
    _ints(value.get("card_points"), "'result' card_points", 2)
    _ints(value.get("game_points"), "'result' game_points", 2)
    if not isinstance(value.get("made"), bool):
        raise _fail("'result' made must be true or false")
    if value.get("target") is not None:
        _whole(value["target"], -MAX_SCORE, MAX_SCORE, "'result' target")
    if value.get("bidding_team") is not None:
        _whole(value["bidding_team"], 0, 2, "'result' bidding_team")
    if value.get("annulled") is not None:
        _short(value["annulled"], "'result' annulled", 200)


# ---------------------------------------------------------------- the steps


@frozen
class Frame:
    """One step of a replay: a heading, a sentence or two, and the pictures."""

    title: str
    caption: str
    pictures: tuple[str, ...]


def public_state(source: Mapping[str, Any] | Round | str | bytes,
                 seat: int | None = None) -> dict[str, Any]:
    """The public record a replay shows: ``source`` itself if it is one (checked by
    :func:`read_public_record`; ``seat`` must then be its audience or ``None``), else
    the public record for ``seat`` of a round or of a round record (replayed first)."""
    if isinstance(source, Round):
        return source.public_record(seat)
    if isinstance(source, (str, bytes, bytearray)):
        source = load_json(source, MAX_RECORD_CHARS, "record")
    if isinstance(source, Mapping) and source.get("format") == RECORD_FORMAT:
        return Round.from_record(dict(source)).public_record(seat)
    rec = read_public_record(dict(source) if isinstance(source, Mapping) else source)
    if seat is not None and rec.get("audience") != seat:
        raise RecordError(f"this public record shows what {_audience(rec)} saw, not what "
                          f"seat {seat} saw: the seat's own cards are not in it")
    return rec


def _audience(rec: Mapping[str, Any]) -> str:
    return "the spectators" if rec.get("audience") is None else f"seat {rec['audience']}"


def _trump_at(rec: Mapping[str, Any], tricks_done: int, started: bool) -> Any:
    """The trump as the record's audience knew it once ``tricks_done`` tricks were over
    (``started``: some card of the next one played): exposed only from the trick in
    which it was."""
    trump = rec.get("trump")
    if not trump or trump.get("marker") == "open":
        return trump
    when = trump.get("exposed_in_trick")
    if trump.get("exposed") and isinstance(when, int) and (
            when <= tricks_done or (started and when == tricks_done + 1)):
        return trump
    hidden = {k: v for k, v in trump.items() if k in ("marker", "holder", "cut_mode")}
    hidden["exposed"] = False
    if rec.get("audience") is not None and rec.get("audience") == trump.get("holder") \
            and trump.get("marker") != "seventh-card":
        # The holder chose it, so knew it all along (not so an unseen seventh card).
        hidden.update({k: v for k, v in trump.items() if k in ("suit", "card")})
    return hidden


def _verb(rs: Ruleset, text: str) -> tuple[str, bool]:
    """How a call reads in a caption, and whether it chose the trump."""
    try:
        action = rs.parse_action(text)
    except TwentyEightError:
        return text, False
    return getattr(type(action), "verb", None) or text, isinstance(action, (LayTrump,
                                                                           NameTrump))


def frames(source: Mapping[str, Any] | Round | str | bytes, seat: int | None = None, *,
           names: Sequence[str] | None = None, bottom: int | None = None) -> list[Frame]:
    """The steps of a replay of what one audience saw (see :func:`public_state`): the
    deal, the auction and the trump, each trick, and the score (or where the round
    stands, if it is not over). Tables have the audience at the bottom (the spectators:
    seat 0), or ``bottom``. Seats are named as everywhere (:mod:`twentyeight.render.seats`:
    ``South (seat 0)``, the audience ``You (East, seat 1)``) unless ``names`` are given."""
    rec = public_state(source, seat)
    rs = lookup(rec["ruleset"], **read_options(rec.get("options", {})))
    n = int(rec["players"])
    audience = rec.get("audience")
    labels = seat_labels(n, names, you=audience)
    done = list(rec["tricks"])
    current = rec["trick"]
    tricks = done + ([current] if current.get("cards") else [])
    plays = [c for t in tricks for c in t["cards"]]
    # Walk the actions: a card played is the next card of the tricks; anything else
    # after the first card is a call made at that point of the play.
    setup: list[tuple[int, str, bool]] = []
    during: dict[tuple[int, int], list[tuple[int, str]]] = {}
    played = bid = 0
    sizes = [len(t["cards"]) for t in tricks]
    calls = rec["auction"]
    for entry in rec["actions"]:
        who, text = entry["seat"], entry["action"]
        if bid < len(calls) and calls[bid] == {"seat": who, "action": text}:
            bid += 1  # the auction has a picture of its own
            continue
        if played < len(plays) and who == plays[played]["seat"] and text == (
                "play" if plays[played]["card"] is None else f"play {plays[played]['card']}"):
            played += 1
            continue
        verb, chose_trump = _verb(rs, text)
        if played == 0:
            setup.append((who, verb, chose_trump))
        else:
            k, pos = _where(sizes, played)
            during.setdefault((k, pos), []).append((who, verb))
    per_seat = rs.deck.size // n
    # Until the trump is chosen each seat holds only the packets dealt before the auction.
    before = sum(rs.config.deal_packets[:rs.config.auction_after])
    dealt = list(rec.get("dealt") or [])
    base: dict[str, Any] = {
        "ruleset": rec["ruleset"], "options": rec.get("options", {}), "players": n,
        "dealer": rec["dealer"], "opener": rec["opener"], "sitting_out": [],
        "auction": [], "calls": [], "contract": None, "trump": None, "to_act": None,
        "trick": {"leader": rec["opener"], "cards": [], "trumps_from": None},
        "tricks": [], "card_points": [0, 0], "result": None, "phase": "deal",
        "cards_held": [before] * n,
    }
    if audience is not None:
        base["audience"] = audience
        # Only the packets dealt before the auction are in the hand until the trump is
        # chosen (a record from before this field: every card dealt).
        base["hand"] = list(rec.get("auction_hand") or dealt)
    out = []
    who_sees = _who(labels, audience)
    out.append(Frame(
        "The deal",
        f"Dealer: {labels[rec['dealer']]}. Opener, to the dealer's right: "
        f"{labels[rec['opener']]}. This replay shows what {who_sees} saw: "
        + ("every other hand stays face down." if audience is not None
           else "no hand until its cards are played."),
        (table_svg(base, names=labels, bottom=bottom),)))
    auction = {**base, "phase": "auction", "auction": rec["auction"],
               "contract": rec.get("contract"), "calls": rec.get("calls", []),
               "trump": _trump_at(rec, 0, False),
               "sitting_out": rec.get("sitting_out", [])}
    lines = []
    if rec.get("contract"):
        c = rec["contract"]
        lines.append(f"Highest bid: {c['bid']}, by {labels[c['bidder']]}.")
    for who, verb, chose_trump in setup:
        if chose_trump:
            trump = auction["trump"] or {}
            known = trump.get("card") or trump.get("suit")
            lines.append(f"Trump chosen by {labels[who]}"
                         + (f" ({card(known).pretty() if 'card' in trump else known})"
                            if known and who == audience else "")
                         + (", face down: the others do not know it." if trump.get(
                             "marker") not in (None, "open") else "."))
        else:
            lines.append(f"{labels[who]}: {verb}.")
    out.append(Frame("The auction and the trump", " ".join(lines) or "No bid yet.",
                     (auction_svg(auction, names=labels),
                      table_svg(auction, names=labels, bottom=bottom))))
    points = [0, 0]
    played_by = [0] * n
    mine = list(dealt)
    for k, trick in enumerate(tricks):
        finished = "winner" in trick
        if finished:
            points[trick["winner"] % 2] += trick["points"]
        for entry in trick["cards"]:
            played_by[entry["seat"]] += 1
            if entry["seat"] == audience and entry["card"] in mine:
                mine.remove(entry["card"])
        last = k == len(tricks) - 1
        state = {**auction, "phase": "play", "tricks": done[:k + 1] if finished else done,
                 "trick": trick if not finished else {"cards": []},
                 "trump": _trump_at(rec, k + 1 if finished else k, True),
                 "card_points": list(rec["card_points"]) if last else list(points),
                 "cards_held": [max(0, per_seat - p) for p in played_by]}
        if audience is not None:
            face_down = state["trump"] or {}
            # The trump card lies face down on the table, not in its holder's hand.
            state["hand"] = [c for c in mine if face_down.get("exposed")
                             or c != face_down.get("card")]
        words = []
        for pos, entry in enumerate(trick["cards"]):
            for who, verb in during.get((k, pos), []):
                words.append(f"{labels[who]}: {verb}.")
            how = "Led by" if pos == 0 else "Then"
            shown = "a card face down" if entry["card"] is None else card(entry["card"]).pretty() \
                + (", face down" if entry.get("face_down") else "")
            words.append(f"{how} {labels[entry['seat']]}: {shown}.")
        for who, verb in during.get((k, len(trick["cards"])), []):
            words.append(f"{labels[who]}: {verb}.")
        trump = state["trump"] or {}
        if trump.get("exposed_in_trick") == k + 1 and trump.get("marker") != "open":
            suit = str(trump.get("suit"))
            words.append(f"The trump is exposed: {SUIT_NAMES.get(suit, suit)}.")
        if finished:
            words.append(f"Won by {labels[trick['winner']]}: {trick['points']} point"
                         + ("s." if trick["points"] != 1 else "."))
        index = k if finished else None
        out.append(Frame(f"Trick {k + 1}" + ("" if finished else " (in progress)"),
                         " ".join(words),
                         (table_svg(state, names=labels, trick=index, bottom=bottom),
                          trick_svg(state, index, names=labels))))
    result = rec.get("result")
    if result:
        title = "The score"
        if result.get("annulled"):
            caption = f"The deal is annulled ({result['annulled']})."
        else:
            team = result.get("bidding_team")
            caption = (f"Team {team} needed {result.get('target')} card points and "
                       f"{'made' if result.get('made') else 'failed'} it.")
    else:
        title = "So far"
        caption = f"The round is not over: it is in the {rec['phase']} phase."
    pictures = [score_svg(rec, names=labels)]
    if audience is not None and rec.get("hand"):
        pictures.append(hand_svg(rec["hand"], title=f"{labels[audience]}'s cards now"))
    out.append(Frame(title, caption, tuple(pictures)))
    return out


def _analysis_layers(analysis: Analysis, labels: Sequence[str]) -> dict[int, str]:
    """The analysis under each trick (by its index): a line and a picture for each
    decision made in it."""
    by_trick: dict[int, list[str]] = {}
    for d in analysis.decisions:
        values: Mapping[Any, float] | None = d.double_dummy or d.informed
        line = f"{labels[d.seat]}: {d.action}"
        if values is None:
            by_trick.setdefault(d.tricks_done, []).append(f"<p>{esc(line)}.</p>")
            continue
        kind = "double-dummy" if d.double_dummy else "informed"
        cost = d.cost if d.double_dummy else d.informed_cost
        best = d.best
        line += f", worth {_value(values[d.action])} to its side ({kind})"
        if cost:
            line += (f": it cost {_value(cost)} (best: {best[0]}, "
                     f"{_value(values[best[0]])})")
        block = f'<p class="decision{" costly" if cost else ""}">{esc(line)}.</p>'
        if len(d.legal) > 1:
            block += choice_svg([(str(a), _value(values[a])) for a in d.legal],
                                str(d.action), best=[str(a) for a in best],
                                title=f"{labels[d.seat]}: {kind} values")
        by_trick.setdefault(d.tricks_done, []).append(block)
    return {k: '<div class="analysis" hidden><h3>Analysis</h3>' + "".join(parts) + "</div>"
            for k, parts in by_trick.items()}


def _value(value: float) -> str:
    return str(value) if isinstance(value, int) else f"{value:.1f}"


def _who(labels: Sequence[str], audience: int | None) -> str:
    """The audience in a sentence: ``the spectators``, ``you``, ``West``."""
    if audience is None:
        return "the spectators"
    name = labels[audience]
    return "you" if is_you(name) else name


def _where(sizes: Sequence[int], played: int) -> tuple[int, int]:
    """The trick and the position in it of the card after ``played`` cards."""
    for k, size in enumerate(sizes):
        if played < size:
            return k, played
        if played == size and k == len(sizes) - 1:
            return k, size
        played -= size
    return len(sizes) - 1, played


_STYLE = """
body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial,
       sans-serif; margin: 1rem auto; max-width: 72rem; padding: 0 1rem; color: #1b1b1f;
       background: #fafaf7; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
h2 { font-size: 1.25rem; margin: .5rem 0; }
nav { display: flex; gap: .75rem; align-items: center; margin: .75rem 0; }
button { font: inherit; padding: .4rem 1rem; border-radius: .4rem; border: 1px solid #00796b;
         background: #fff; color: #00594f; cursor: pointer; }
button:disabled { opacity: .4; cursor: default; }
.pictures { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
.pictures svg { max-width: 100%; height: auto; }
.caption { font-size: 1.05rem; max-width: 60rem; }
.analysis { border-top: 1px solid #aaa; margin-top: 1rem; }
.analysis h3 { font-size: 1.1rem; margin: .5rem 0; }
.analysis svg { max-width: 100%; height: auto; display: block; margin-bottom: .5rem; }
.decision.costly { font-weight: 600; }
label.layer { margin-left: auto; }
:root { color-scheme: light dark; }
@media (prefers-color-scheme: dark) {
  body { color: #ececec; background: #17181d; }
  button { background: #23252e; color: #80cbc4; border-color: #4db6ac; }
}
"""

_SCRIPT = """
(function () {
  var frames = document.querySelectorAll('section.frame');
  var prev = document.getElementById('prev'), next = document.getElementById('next');
  var where = document.getElementById('where'), at = 0;
  function show(i) {
    at = Math.max(0, Math.min(frames.length - 1, i));
    for (var k = 0; k < frames.length; k++) { frames[k].hidden = k !== at; }
    where.textContent = 'Step ' + (at + 1) + ' of ' + frames.length;
    prev.disabled = at === 0; next.disabled = at === frames.length - 1;
  }
  prev.addEventListener('click', function () { show(at - 1); });
  next.addEventListener('click', function () { show(at + 1); });
  document.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowLeft') { show(at - 1); e.preventDefault(); }
    if (e.key === 'ArrowRight') { show(at + 1); e.preventDefault(); }
  });
  var layer = document.getElementById('show-analysis');
  if (layer) {
    layer.addEventListener('change', function () {
      var parts = document.querySelectorAll('div.analysis');
      for (var k = 0; k < parts.length; k++) { parts[k].hidden = !layer.checked; }
    });
  }
  show(0);
})();
"""

_CSP = ("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
        "img-src data:")
"""Nothing the page could name is fetched: the browser refuses any address."""


def replay_html(source: Mapping[str, Any] | Round | str | bytes, seat: int | None = None, *,
                names: Sequence[str] | None = None, bottom: int | None = None,
                analysis: Analysis | None = None) -> str:
    """A replay of a round as one HTML page, with everything inline (pictures, style,
    a few lines of script) and a policy that lets the browser load nothing else. It
    steps through what one audience saw (see :func:`frames`) with Previous and Next
    buttons or the arrow keys. Give it a public record, or a round or round record and
    the ``seat`` to show (``None``: the spectators).

    ``analysis`` (:func:`twentyeight.analysis.analyse` of the same round) adds a layer
    the reader turns on: under each trick, every decision in it with the value of each
    legal action and what the one taken cost. Whoever holds a round's analysis knows
    what its values say: give it only to a reader who may know that (a finished round's
    double-dummy values show every hand)."""
    steps = frames(source, seat, names=names, bottom=bottom)
    rec = public_state(source, seat)
    labels = seat_labels(int(rec["players"]), names, you=rec.get("audience"))
    who = _who(labels, rec.get("audience"))
    heading = f"A round of {rec['ruleset']}, as {who} saw it"
    layers = _analysis_layers(analysis, labels) if analysis is not None else {}
    sections = []
    for k, frame in enumerate(steps):
        # The steps are the deal, the auction, then one per trick.
        layer = layers.get(k - 2, "")
        sections.append(
            f'<section class="frame" data-step="{k}"{" hidden" if k else ""}>'
            f"<h2>{esc(frame.title)}</h2><p class=\"caption\">{esc(frame.caption)}</p>"
            f'<div class="pictures">{"".join(frame.pictures)}</div>{layer}</section>')
    toggle = ('<label class="layer"><input type="checkbox" id="show-analysis"> '
              "Show the analysis</label>") if analysis is not None else ""
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(heading)}</title><style>{_STYLE}</style></head><body>"
        f"<h1>{esc(heading)}</h1>"
        '<nav aria-label="Steps"><button type="button" id="prev">&#8592; Previous</button>'
        '<span id="where" aria-live="polite"></span>'
        '<button type="button" id="next">Next &#8594;</button>' + toggle + "</nav>"
        + "".join(sections)
        + f"<script>{_SCRIPT}</script></body></html>\n")


__all__ = ["Frame", "frames", "public_state", "read_public_record", "replay_html"]
