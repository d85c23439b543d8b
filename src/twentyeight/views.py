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
from .state import CALLS, OVER, Phase

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


class Views(Transitions):
    """The views of a round."""

    __slots__ = ()

    def _trump_view(self, seat: int | None) -> dict[str, Any] | None:
        """What ``seat`` (``None``: everyone) knows of the trump."""
        marker = self.ruleset.config.trump_marker
        deck = self.deck
        if marker == "open":
            if self._auction_len is None or self._all_tricks:
                return None
            return {"marker": "open", "exposed": True,
                    "suit": deck.suit_letter(self._trump_suit) if self._trump_suit >= 0
                    else None}
        if self._trump_suit < 0 and not self._seventh_pending:
            return None
        concealed = self._exposed_at is None
        trump: dict[str, Any] = {
            "marker": "seventh-card" if self._blind or self._seventh_pending else marker,
            "holder": self._bidder,
            "exposed": not concealed,
        }
        if self._cuts_face_down:
            trump["cut_mode"] = "face-down"
        if self._trump_known_to(seat):
            trump["suit"] = deck.suit_letter(self._trump_suit)
            if self._concealed >= 0:
                trump["card"] = str(deck.cards[self._concealed])
        if not concealed:
            assert self._exposed_at is not None
            trump["exposed_by"] = self._exposed_by
            trump["exposed_in_trick"] = self._exposed_at[0] + 1
        return trump

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know, JSON-ready: its own hand, the public history, the trump
        only once exposed (the bidder also sees the concealed card, unless it is the
        unseen seventh card). A server sends this, never the round itself.

        Parts that never change once made (finished tricks, a finished auction) are
        built once and shared by later views of the round and of its clones: treat a
        view as read-only, and copy it before changing it."""
        if type(seat) is not int or not 0 <= seat < self._n:
            self._seat(seat)
        v = self._fields(seat)
        if self.phase is CALLS:
            v["window"] = self._window.name if self._window is not None else None
        for plugin in self.ruleset.view_plugins:
            extra = plugin.view(self._port, seat)
            if extra is not None:
                v[plugin.name] = extra
        return cast(SeatView, v)

    def _fields(self, seat: int | None) -> dict[str, Any]:
        """The fields of ``seat``'s view in order; with ``seat=None``, only those that
        are the same for every seat (what everyone at the table has seen)."""
        n = self._n
        dealer = self.dealer
        v: dict[str, Any] = {"ruleset": self._name}
        if seat is not None:
            v["seat"] = seat
            v["team"] = seat & 1
        v["players"] = n
        v["dealer"] = dealer
        v["opener"] = (dealer + 1) % n
        v["bid_range"] = [self._min_bid, self._max_bid]
        v["bid_step"] = self._bid_step
        v["phase"] = _PHASE_NAMES[self.phase]
        v["to_act"] = self.to_act
        if seat is not None:
            v["hand"] = self.ruleset.card_texts(self._hands[seat])
        held = [m.bit_count() for m in self._hands]
        if self._concealed >= 0 and self._exposed_at is None and self.phase is not OVER \
                and not self._face_down >> self._concealed & 1:  # (not cut into the trick)
            held[self._bidder] += 1
        v["cards_held"] = held
        v["auction"] = self._auction_view_list()
        v["calls"] = self._calls_view() if self._call_log else []
        v["contract"] = self._contract_view() if self._bidder >= 0 else None
        if seat is not None:
            v["trump"] = self._trump_view(seat)
        active = self._active
        v["sitting_out"] = [] if active == (1 << n) - 1 else [
            s for s in range(n) if not active >> s & 1]
        v["shown"] = self._shown_view() if self._shown else []
        v["trick"] = self._trick_view()
        v["tricks"] = self._finished_tricks_view()
        v["card_points"] = list(self._team_points)
        if self._face_down and seat is not None:
            self._show_cuts(v, self.face_down_mask(seat))
        if seat is not None:
            if seat == self.to_act:
                texts = self._action_texts
                v["legal_actions"] = [texts.get(id(a)) or str(a) for a in self.legal_actions()]
            else:
                v["legal_actions"] = []
        v["result"] = self._result.to_json() if self._result is not None else None
        return v

    def _auction_view_list(self) -> list[dict[str, Any]]:
        cached = self._auction_view
        if cached is not None:
            return list(cached)
        auction_len = self._auction_len
        texts = self._action_texts
        calls = [{"seat": s, "action": texts.get(id(a)) or str(a)}
                 for s, a in self._actions[:auction_len]
                 if type(a) is not Redeal]
        if auction_len is not None:
            # The auction is over: it will not change again.
            self._auction_view = tuple(calls)
        return calls

    def _later_calls(self) -> list[tuple[int, Action, str]]:
        """The calls made after the (first) auction, each ``(seat, action, window)``: the
        call windows' and a second auction's (window ``"auction"``)."""
        auction_len = self._auction_len if self._auction_len is not None else len(self._actions)
        return [
            (s, a, w) for (s, a), w in zip(
                (sa for sa in self._actions[auction_len:] if not isinstance(sa[1], _NOT_CALLS)),
                self._call_log, strict=True)
        ]

    def _calls_view(self) -> list[dict[str, Any]]:
        return [{"seat": s, "action": str(a), "window": w} for s, a, w in self._later_calls()]

    def _contract_view(self) -> dict[str, Any]:
        contract: dict[str, Any] = {
            "bidder": self._bidder, "bid": self._high_bid,
            "target": self._target if self._auction_len is not None else self._high_bid,
            "kind": self._contract, "multiplier": self._multiplier}
        if self._denomination is not None:
            contract["denomination"] = self._denomination
        if self._stake is not None:
            contract["stake"] = self._stake
        return contract

    def _shown_view(self) -> list[dict[str, Any]]:
        return [{"seat": s, "card": c} for s in range(self._n)
                for c in self.ruleset.card_texts(self._shown & self._hands[s])]

    def _trick_view(self) -> dict[str, Any]:
        text = self._card_text
        return {
            "leader": self._leader if self._trick else self.to_act,
            "cards": [{"seat": s, "card": text[c]}
                      for s, c in zip(self._trick_seats(), self._trick, strict=True)],
            "trumps_from": (self._trump_from if self._exposed_at is not None
                            and self._trump_suit >= 0 else None),
        }

    def _finished_tricks_view(self) -> list[dict[str, Any]]:
        cached = self._tricks_view
        if len(cached) < len(self._tricks):
            text = self._card_text
            # A finished trick never changes: its view is made once.
            cached = self._tricks_view = cached + tuple(
                {
                    "leader": seats[0],
                    "cards": [{"seat": s, "card": text[c]}
                              for s, c in zip(seats, ids, strict=True)],
                    "winner": winner,
                    "points": points,
                    "trumps_from": trumps_from,
                }
                for seats, ids, winner, points, trumps_from in self._tricks[len(cached):])
        return list(cached)

    def face_down_mask(self, seat: int | None = None) -> int:
        """Bitmask of the cards cut face down (``cut_mode`` ``face-down``) that ``seat``
        has not seen (``None``: that not every player has seen): a cut is seen by its
        player and by the bidder, who knows the trump, until it is turned up. Once the
        hand is counted every card is turned up: 0."""
        down = self._face_down
        if not down or seat is None:
            return down
        return 0 if seat == self._bidder else down & ~self._dealt[seat]

    def _show_cuts(self, v: dict[str, Any], hidden: int) -> None:
        """Mark the face-down cards in the trick fields of ``v``, leaving out those of
        ``hidden`` (their card, and their points from the trick and the team)."""
        down, text, points = self._face_down, self._card_text, self._points

        def cards(seats: tuple[int, ...], ids: list[int]) -> list[dict[str, Any]]:
            return [{"seat": s, "card": text[c]} if not down >> c & 1 else
                    {"seat": s, "card": None if hidden >> c & 1 else text[c],
                     "face_down": True} for s, c in zip(seats, ids, strict=True)]

        if self._trick:
            v["trick"] = {**v["trick"], "cards": cards(self._trick_seats(), self._trick)}
        team_points = v["card_points"]
        for k, (seats, ids, winner, _, _) in enumerate(self._tricks):
            if any(down >> c & 1 for c in ids):
                unseen = sum(points[c] for c in ids if hidden >> c & 1)
                v["tricks"][k] = {**v["tricks"][k], "cards": cards(seats, ids),
                                  "points": v["tricks"][k]["points"] - unseen}
                team_points[winner & 1] -= unseen

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
        for i, (who, action) in enumerate(self._actions):
            if type(action) in _TRUMP_CHOICES and (hidden_choice or i != current) \
                    and who != seat:
                actions.append({"seat": who, "action": action.keyword, "concealed": True})
            elif type(action) is Play and self._face_down >> self._ids[action.card] & 1:
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
        public = self._fields(None)
        del public["ruleset"]
        if self._face_down:
            self._show_cuts(public, hidden)
        rec.update(public)
        rec["trump"] = self._trump_view(seat)
        rec["actions"] = actions
        if seat is not None:
            dealt = self._dealt[seat]
            if self._blind and seat == self._bidder and self._exposed_at is None:
                dealt &= ~(1 << self._concealed)  # the unseen seventh card
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

    def _trump_known_to(self, seat: int | None) -> bool:
        """True if ``seat`` (``None``: everyone) knows the trump card or suit."""
        if self._exposed_at is not None:
            return True
        return seat is not None and seat == self._bidder and not self._blind \
            and not self._seventh_pending
