"""What a seat may see: :class:`SeatView`, the view a server sends a player, and the
public records of what an audience has seen."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict, cast

from .actions import (
    Action,
    CallTrump,
    LayTrump,
    NameTrump,
    Play,
    Redeal,
    SeventhCard,
)
from .phases import Transitions
from .records import PUBLIC_RECORD_FORMAT, RECORD_VERSION
from .sight import face_down, held_counts, unseen_own
from .state import CALLS, Phase

if TYPE_CHECKING:
    # Only read by type checkers (annotations are strings): no runtime dependency.
    from typing_extensions import NotRequired, Required


_PHASE_NAMES = {phase: phase.value for phase in Phase}
"""Each phase's name (``Phase.value`` is a property, slower to read)."""

_TRUMP_CHOICES = (LayTrump, NameTrump)
"""Actions whose text names a concealed trump."""

_NOT_CALLS = (LayTrump, NameTrump, SeventhCard, CallTrump, Play, Redeal)
"""Actions after the auction that views list elsewhere than under ``calls``."""


class SeatCard(TypedDict):
    """A card and the seat it belongs to."""

    seat: int
    card: str


class PlayedCard(TypedDict):
    """A card of a trick and the seat that played it. ``face_down``: a card cut face
    down (``cut_mode`` ``face-down``) and not turned up; ``card`` is then ``None`` for a
    seat that has not seen it."""

    seat: Required[int]
    card: Required[str | None]
    face_down: NotRequired[bool]


class AuctionCall(TypedDict):
    """One call of the auction."""

    seat: int
    action: str


class WindowCall(TypedDict):
    """One call made in a plug-in's call window, and that window (``"auction"`` for a
    call of a second auction, held once the deal is complete)."""

    seat: int
    action: str
    window: str


class ContractView(TypedDict, total=False):
    """The contract once there is a highest bid: ``denomination`` where bids name the
    trump, ``stake`` where a call fixed the game points."""

    bidder: Required[int]
    bid: Required[int]
    target: Required[int | None]
    kind: Required[str]
    multiplier: Required[int]
    denomination: str
    stake: int


class TrumpView(TypedDict, total=False):
    """What a seat knows of the trump. ``suit`` and ``card`` only once exposed (or for
    the bidder who laid it); ``exposed_by`` and ``exposed_in_trick`` once exposed;
    ``cut_mode`` where cuts go face down (``"face-down"``) while it is concealed."""

    marker: Required[str]
    exposed: Required[bool]
    cut_mode: str
    holder: int
    suit: str | None
    card: str
    exposed_by: int
    exposed_in_trick: int


class TrickView(TypedDict):
    """A trick: who led, the cards in order, and from which position cards of the trump
    suit count as trumps (``None``: none do)."""

    leader: int | None
    cards: list[PlayedCard]
    trumps_from: int | None


class DoneTrickView(TrickView):
    """A completed trick, with its winner and points."""

    winner: int
    points: int


class SeatView(TypedDict):
    """What ``Round.view(seat)`` returns: everything that seat may know, JSON-ready.
    A server sends this to the seat and nothing else. Plug-ins add fields under their
    own names (``pair``, ``single-hand``); ``window`` is present while a call window is
    open. Clients should ignore keys they do not know."""

    ruleset: str
    seat: int
    team: int
    players: int
    dealer: int
    opener: int
    bid_range: list[int]
    bid_step: int
    phase: str
    to_act: int | None
    hand: list[str]
    cards_held: list[int]
    auction: list[AuctionCall]
    calls: list[WindowCall]
    contract: ContractView | None
    trump: TrumpView | None
    sitting_out: list[int]
    shown: list[SeatCard]
    trick: TrickView
    tricks: list[DoneTrickView]
    card_points: list[int]
    legal_actions: list[str]
    result: dict[str, Any] | None
    window: NotRequired[str | None]
    aside: NotRequired[list[str]]
    """The seat's own cards laid aside face down (a trump part's ``hide`` of hand
    cards), present only while it has any: still its cards, not in its hand."""


class Views(Transitions):
    """The views of a round."""

    __slots__ = ()

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know, JSON-ready: its own hand, the public history, the trump
        only once exposed (the bidder also sees the concealed card, unless it is the
        unseen seventh card). A server sends this, never the round itself.

        Parts that never change once made (finished tricks, a finished auction) are
        built once and shared by later views of the round and of its clones, and the
        parts every seat sees alike are built once for each state of the round and
        shared by every seat's view of it (the dict itself is new on each call): treat
        a view as read-only, and copy it before changing it."""
        if type(seat) is not int or not 0 <= seat < self._n:
            self._seat(seat)
        v = _fields(self, seat)
        if self.phase is CALLS:
            v["window"] = self._window.name if self._window is not None else None
        for plugin in self.ruleset.view_plugins:
            extra = plugin.view(self._port, seat)
            if extra is not None:
                v[plugin.name] = extra
        return cast(SeatView, v)

    def face_down_mask(self, seat: int | None = None) -> int:
        """Bitmask of the face-down cards in tricks that ``seat`` has not seen (``None``:
        that not every player has seen), whatever put them face down: a 304 cut
        (``cut_mode`` ``face-down``) is seen by its player and by the bidder, who knows
        the trump, until it is turned up. Once the hand is counted every card is turned
        up: 0. (:func:`twentyeight.sight.face_down`.)"""
        return face_down(self, seat)

    def public_record(self, seat: int | None = None) -> dict[str, Any]:
        """A JSON-ready record of what an audience has seen, for logs and spectators.
        With ``seat=None``: what every player has seen (the actions in order, cards
        played, the trump only once it is exposed, cards shown, the public parts of
        the state); with a seat, that plus the seat's own cards and what it knows of
        the trump. It never holds a card that audience's view does not show, nor the
        seed. Unlike :meth:`record` it cannot be replayed: :meth:`record` stays the
        server's private, complete record."""
        if seat is not None:
            self._seat(seat)
        # Only the seat that chose a concealed trump saw it (a single hand may have
        # made someone else the bidder since), until it is exposed.
        # A choice a second auction or an every-trick contract replaced went back
        # unseen, and stays a secret (that contract's own trump is no card laid).
        hidden_choice = self._exposed_at is None or self._all_tricks
        hidden = self.face_down_mask(seat)
        choices = [i for i, (_, a) in enumerate(self._actions) if type(a) in _TRUMP_CHOICES]
        current = choices[-1] if choices else -1
        actions: list[dict[str, Any]] = []
        secret = self._trump.secret_kinds
        for i, (who, action) in enumerate(self._actions):
            if who != seat and ((type(action) in _TRUMP_CHOICES and (
                    hidden_choice or i != current)) or type(action) in secret):
                actions.append({"seat": who, "action": action.keyword, "concealed": True})
            elif type(action) is Play and self._down >> self._ids[action.card] & 1:
                cut = self._ids[action.card]
                actions.append({"seat": who, "face_down": True, "action": action.keyword
                                if hidden >> cut & 1 else str(action)})
            else:
                actions.append({"seat": who, "action": str(action)})
        rec: dict[str, Any] = {
            "format": PUBLIC_RECORD_FORMAT,
            "version": RECORD_VERSION,
            "ruleset": self.ruleset.name,
            "options": self.ruleset.changed_options(),
            "audience": seat,
        }
        if self._scores is not None:
            rec["scores"] = list(self._scores)
        shared = _shared(self)
        public = dict(shared.fields)
        del public["ruleset"]
        if self._down:
            _show_cuts(self, public, hidden, shared)
        rec.update(public)
        rec["trump"] = _trump_view(self, seat)
        rec["actions"] = actions
        if seat is not None:
            dealt = self._dealt[seat]
            if self._exposed_at is None:
                dealt &= ~unseen_own(self, seat)  # the unseen seventh card
            rec["hand"] = [str(c) for c in self.deck.cards_of(self._hands[seat])]
            rec["dealt"] = [str(c) for c in self.deck.cards_of(dealt)]
            rec["auction_hand"] = [
                str(c) for c in self.deck.cards_of(self.auction_mask(seat) & dealt)]
        return rec

    def auction_mask(self, seat: int) -> int:
        """Bitmask of the cards ``seat`` held during the auction (the packets dealt
        before it: four cards in 28, the whole hand in 56)."""
        mask = 0
        for masks in self._packet_masks[:self.ruleset.config.auction_after]:
            mask |= masks[seat]
        return mask


def _trump_view(rnd: Views, seat: int | None) -> dict[str, Any] | None:
    """What ``seat`` (``None``: everyone) knows of the trump: the trump part's
    :meth:`~twentyeight.trump.TrumpRules.view`, once the auction is won (an
    every-trick contract shows one only once its play sets it)."""
    if rnd._auction_len is None or (rnd._all_tricks and rnd._trump_suit < 0):
        return None
    views = rnd._trump_views
    if views is None:
        return rnd._trump.view(rnd._port_obj or rnd._port, seat) or None
    # The part's answer depends only on the trump and on whether the seat knows it
    # (TrumpRules.caches_view): made once per such state for every round of the
    # ruleset, and copied, since a caller may change its view.
    at = rnd._exposed_at
    key = (rnd._trump_suit, rnd._concealed, rnd._trump_known, at, rnd._exposed_by,
           rnd._bidder, at is not None or (seat is not None and rnd._trump_known >> seat & 1))
    v = views.get(key)
    if v is None:
        if len(views) >= _MAX_TRUMP_VIEWS:
            views.clear()
        v = views[key] = rnd._trump.view(rnd._port_obj or rnd._port, seat)
    return dict(v) if v else None


_MAX_TRUMP_VIEWS = 4096
"""How many trump views a ruleset keeps for reuse before it starts again."""


class _Shared:
    """What every seat's view of one state of a round shares. A server asks for every
    seat's view after every action: this is made once for them all and kept with the
    round under its legality answer (``key``), which the engine drops on every change of
    the round, so while the same answer is in place nothing has changed since."""

    __slots__ = ("face_down", "fields", "key", "legal_texts")

    def __init__(self, key: Any, fields: dict[str, Any]) -> None:
        self.key = key
        self.fields = fields
        """The fields every seat's view holds alike, in view order."""
        self.legal_texts: list[str] | None = None
        """The legal actions' texts, for the seat to act (made when first asked)."""
        self.face_down: dict[int, tuple[Any, ...]] = {}
        """The trick fields with face-down cards shown (:func:`_show_cuts`), by the
        cards hidden from the audience."""


def _fields(rnd: Views, seat: int) -> dict[str, Any]:
    """The fields of ``seat``'s view in order."""
    shared = _shared(rnd)
    f = shared.fields
    texts: list[str] = []
    if seat == f["to_act"]:
        texts = shared.legal_texts or _legal_texts(rnd)
        shared.legal_texts = texts
    v: dict[str, Any] = {
        "ruleset": f["ruleset"], "seat": seat, "team": seat & 1, "players": f["players"],
        "dealer": f["dealer"], "opener": f["opener"], "bid_range": f["bid_range"],
        "bid_step": f["bid_step"], "phase": f["phase"], "to_act": f["to_act"],
        "hand": rnd.ruleset.card_texts(rnd._hands[seat]),
        "cards_held": f["cards_held"], "auction": f["auction"], "calls": f["calls"],
        "contract": f["contract"], "trump": _trump_view(rnd, seat),
        "sitting_out": f["sitting_out"], "shown": f["shown"], "trick": f["trick"],
        "tricks": f["tricks"], "card_points": f["card_points"], "legal_actions": texts,
        "result": f["result"]}
    aside = rnd._aside & rnd._dealt[seat]
    if aside:
        items = list(v.items())
        items.insert(list(v).index("hand") + 1, ("aside", rnd.ruleset.card_texts(aside)))
        v = dict(items)
    if rnd._down:
        _show_cuts(rnd, v, face_down(rnd, seat), shared)
    return v


def _shared(rnd: Views) -> _Shared:
    """The :class:`_Shared` parts of ``rnd``'s views as it is now: those kept with it
    if it has not changed since, else new ones, kept unless the round is over."""
    legal = rnd._legal_cache
    if legal is None and rnd.to_act is not None:
        rnd.legal_actions()
        legal = rnd._legal_cache
    kept = rnd._view_kept
    if kept is not None and legal is not None and kept.key is legal:
        return kept  # type: ignore[no-any-return]
    n = rnd._n
    dealer = rnd.dealer
    active = rnd._active
    shared = _Shared(legal, {
        "ruleset": rnd._name, "players": n, "dealer": dealer, "opener": (dealer + 1) % n,
        "bid_range": [rnd._min_bid, rnd._max_bid], "bid_step": rnd._bid_step,
        "phase": _PHASE_NAMES[rnd.phase], "to_act": rnd.to_act,
        "cards_held": held_counts(rnd), "auction": _auction_view_list(rnd),
        "calls": _calls_view(rnd) if rnd._call_log else [],
        "contract": _contract_view(rnd) if rnd._bidder >= 0 else None,
        "sitting_out": [] if active == (1 << n) - 1 else [
            s for s in range(n) if not active >> s & 1],
        "shown": _shown_view(rnd) if rnd._shown else [], "trick": _trick_view(rnd),
        "tricks": _finished_tricks_view(rnd), "card_points": list(rnd._team_points),
        "result": rnd._result.to_json() if rnd._result is not None else None})
    if legal is not None:
        rnd._view_kept = shared
    return shared


def _legal_texts(rnd: Views) -> list[str]:
    texts = rnd._action_texts
    return [texts.get(id(a)) or str(a) for a in rnd.legal_actions()]


def _auction_view_list(rnd: Views) -> list[dict[str, Any]]:
    cached = rnd._auction_view
    if cached is not None:
        return list(cached)
    auction_len = rnd._auction_len
    texts = rnd._action_texts
    calls = [{"seat": s, "action": texts.get(id(a)) or str(a)}
             for s, a in rnd._actions[:auction_len]
             if type(a) is not Redeal]
    if auction_len is not None:
        # The auction is over: it will not change again.
        rnd._auction_view = tuple(calls)
    return calls


def later_calls(rnd: Views) -> tuple[tuple[int, Action, str], ...]:
    """The calls made after the (first) auction, each ``(seat, action, window)``: the
    call windows' and a second auction's (window ``"auction"``). Kept with the round
    until the next call (the log of calls is a new tuple then): a view asks on every
    call, and the cards played in between would be read again and again."""
    log, end = rnd._call_log, rnd._auction_len
    kept = rnd._later_calls
    if kept is not None and kept[0] is log and kept[1] == end:
        return kept[2]  # type: ignore[no-any-return]
    auction_len = end if end is not None else len(rnd._actions)
    calls = tuple(
        (s, a, w) for (s, a), w in zip(
            (sa for sa in rnd._actions[auction_len:] if not isinstance(sa[1], _NOT_CALLS)
             and type(sa[1]) not in rnd._trump.action_kinds),
            log, strict=True))
    rnd._later_calls = (log, end, calls)
    return calls


def _calls_view(rnd: Views) -> list[dict[str, Any]]:
    return [{"seat": s, "action": str(a), "window": w} for s, a, w in later_calls(rnd)]


def _contract_view(rnd: Views) -> dict[str, Any]:
    contract: dict[str, Any] = {
        "bidder": rnd._bidder, "bid": rnd._high_bid,
        "target": rnd._target if rnd._auction_len is not None else rnd._high_bid,
        "kind": rnd._contract, "multiplier": rnd._multiplier}
    if rnd._denomination is not None:
        contract["denomination"] = rnd._denomination
    if rnd._stake is not None:
        contract["stake"] = rnd._stake
    return contract


def _shown_view(rnd: Views) -> list[dict[str, Any]]:
    return [{"seat": s, "card": c} for s in range(rnd._n)
            for c in rnd.ruleset.card_texts(rnd._shown & rnd._hands[s])]


def _trick_view(rnd: Views) -> dict[str, Any]:
    text = rnd._card_text
    trick = rnd._trick
    leader: int | None = rnd.to_act
    cards: list[dict[str, Any]] = []
    if trick:
        leader = rnd._leader
        seats = rnd._seat_order[leader]
        cards = [{"seat": seats[i], "card": text[c]} for i, c in enumerate(trick)]
    return {
        "leader": leader,
        "cards": cards,
        "trumps_from": (rnd._trump_from if rnd._exposed_at is not None
                        and rnd._trump_suit >= 0 else None),
    }


def _finished_tricks_view(rnd: Views) -> list[dict[str, Any]]:
    cached = rnd._tricks_view
    if len(cached) < len(rnd._tricks):
        text = rnd._card_text
        # A finished trick never changes: its view is made once.
        cached = rnd._tricks_view = cached + tuple(
            {
                "leader": seats[0],
                "cards": [{"seat": s, "card": text[c]}
                          for s, c in zip(seats, ids, strict=True)],
                "winner": winner,
                "points": points,
                "trumps_from": trumps_from,
            }
            for seats, ids, winner, points, trumps_from in rnd._tricks[len(cached):])
    return list(cached)


def _show_cuts(rnd: Views, v: dict[str, Any], hidden: int, shared: _Shared) -> None:
    """Mark the face-down cards in the trick fields of ``v``, leaving out those of
    ``hidden`` (their card, and their points from the trick and the team). The fields
    changed are replaced, never changed in place: other views share them. What they
    become is kept in ``shared`` for each ``hidden``, the same for every audience that
    has seen the same face-down cards."""
    shown = shared.face_down.get(hidden)
    if shown is not None:
        v["trick"], v["tricks"], v["card_points"] = shown
        return
    down, text, points = rnd._down, rnd._card_text, rnd._points

    def cards(seats: tuple[int, ...], ids: list[int]) -> list[dict[str, Any]]:
        return [{"seat": s, "card": text[c]} if not down >> c & 1 else
                {"seat": s, "card": None if hidden >> c & 1 else text[c],
                 "face_down": True} for s, c in zip(seats, ids, strict=True)]

    if rnd._trick:
        v["trick"] = {**v["trick"], "cards": cards(rnd._trick_seats(), rnd._trick)}
    tricks = v["tricks"] = list(v["tricks"])
    team_points = v["card_points"] = list(v["card_points"])
    for k, (seats, ids, winner, _, _) in enumerate(rnd._tricks):
        if any(down >> c & 1 for c in ids):
            unseen = sum(points[c] for c in ids if hidden >> c & 1)
            tricks[k] = {**tricks[k], "cards": cards(seats, ids),
                         "points": tricks[k]["points"] - unseen}
            team_points[winner & 1] -= unseen
    shared.face_down[hidden] = (v["trick"], tricks, team_points)


# ---------------------------------------------------------------- what the observation reads


def observation_facts(rnd: Views) -> tuple[Any, ...]:
    """What :func:`~twentyeight.encoding.observe` reads of ``rnd`` besides its public
    properties, in one read (a plain tuple: the observation is made at every decision
    of a learning loop, and a named tuple costs it a copy). In this order:

    ``players``; ``hands`` (each seat's hand as a mask, without a concealed trump card;
    the round's own list: read it, never keep or change it); ``exposed_at`` (where the
    trump was exposed, (trick, position), or None); ``exposed_by`` (the seat, or -1 when
    no trump was ever hidden); ``concealed`` (the id of the card laid face down as the
    trump, or -1); ``bidder`` (or -1); ``high_bid``; ``denomination``; ``target`` (the
    card points the contract needs, after a second auction if any); ``multiplier``;
    ``stake`` (fixed game points, or None); ``contract`` (its kind); ``all_tricks``
    (the declarer plays for every trick); ``auction_ended``; ``tricks`` (the finished
    tricks, raw: seats, card ids, winner, points, trumps-from); ``trick`` (card ids of
    the trick in progress; the round's list); ``trick_seats``; ``leader``;
    ``trump_suit`` (index, or -1); ``trump_from`` (the position in the trick from which
    trumps count); ``shown`` (cards still held that everyone has seen); ``team_points``;
    ``active`` (the seats in play, one bit each); ``window`` (the claim window open, or
    None); ``kept`` (what the observation keeps with the round:
    :func:`keep_observation_parts`); then what the visibility seam
    (:mod:`~twentyeight.sight`) keeps: ``down`` (the cards face down, a mask) and
    ``trump_known`` (the seats that know the trump, one bit each)."""
    return (rnd._n, rnd._hands, rnd._exposed_at, rnd._exposed_by, rnd._concealed, rnd._bidder,
            rnd._high_bid, rnd._denomination,
            rnd._target if rnd._auction_len is not None else rnd._high_bid,
            rnd._multiplier, rnd._stake, rnd._contract, rnd._all_tricks,
            rnd._auction_len is not None, rnd._tricks, rnd._trick,
            rnd._seat_order[rnd._leader], rnd._leader, rnd._trump_suit, rnd._trump_from,
            rnd._shown, rnd._team_points, rnd._active, rnd._window, rnd._obs_parts,
            rnd._down, rnd._trump_known)


def keep_observation_parts(rnd: Views, kept: Any) -> None:
    """Keep ``kept`` with ``rnd`` for its next observations (what the finished tricks
    and the auction say: the same for every seat while the finished tricks are; clones
    share it while they share those)."""
    rnd._obs_parts = kept


def auction_calls(rnd: Views) -> tuple[list[tuple[int, Action]], bool, int]:
    """The auction's calls as ``(seat, action)`` (those of the first auction when a
    second one followed), whether a claim window of the auction took calls too
    (:func:`later_calls`), and the seats that passed, one bit each."""
    end = rnd._auction_len
    actions = rnd._actions if end is None else rnd._actions[:end]
    return actions, "auction" in rnd._call_log, rnd._passed
