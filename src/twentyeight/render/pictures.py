"""The pictures: a deck, the seating, a hand, a trick, the auction, the table, the score.
Each is an ``<svg>`` element as text, drawn from a ruleset or from what an audience may
see (a view, a public record), never from anything else."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import SUIT_NAMES, Card, Deck
from ..config import ordinal
from ..errors import ParseError, RecordError, TwentyEightError
from ..records import PUBLIC_RECORD_FORMAT, RECORD_FORMAT
from ..registry import ruleset as lookup
from ..round import Round
from ..ruleset import Ruleset
from .seats import is_you, seat_labels
from .svg import (
    BADGE_H,
    BADGE_W,
    CARD_H,
    CARD_W,
    FELT,
    MINI_H,
    MINI_W,
    TEAM_COLOURS,
    arrow_ring,
    badge,
    card_back,
    card_face,
    document,
    esc,
    mini_card,
    num,
    places,
    suit_badge,
    suit_shape,
    text,
    text_width,
)

Source = Mapping[str, Any] | Round
"""What the pictures of a round read: a :class:`~twentyeight.Round`, its
:meth:`~twentyeight.Round.view` for a seat, a public record
(:meth:`~twentyeight.Round.public_record`) or a round record
(:meth:`~twentyeight.Round.record`, ``json.loads(rnd.to_json())``)."""


def state_of(source: Source, seat: int | None = None) -> Mapping[str, Any]:
    """What the audience ``seat`` (``None``: every player, the spectators) may see of
    ``source``, as a view or a public record. A view or public record is what it is (its
    own audience, whatever ``seat`` says); a round or a round record is read for the
    audience ``seat``: its view for a seat, its public record for ``None``. A round
    record is replayed first (:class:`~twentyeight.RecordError` if it does not)."""
    if isinstance(source, Round):
        return source.view(seat) if seat is not None else source.public_record(None)
    if not isinstance(source, Mapping):
        raise RecordError("a picture is drawn from a round, a view or a record, not "
                          f"{type(source).__name__}")
    if source.get("format") == RECORD_FORMAT:
        return state_of(Round.from_record(dict(source)), seat)
    if source.get("format") not in (None, PUBLIC_RECORD_FORMAT):
        raise RecordError("not a round record, public record or view")
    return source


def audience_of(state: Mapping[str, Any]) -> int | None:
    """The seat whose view or public record ``state`` is (``None``: spectators)."""
    seat = state.get("seat", state.get("audience"))
    return seat if type(seat) is int else None


def card(text_: str) -> Card:
    """A card text of a view or record as a :class:`~twentyeight.cards.Card`;
    :class:`~twentyeight.RecordError` if it is not one."""
    try:
        return Card.parse(text_)
    except ParseError as exc:
        raise RecordError(str(exc)) from None


def _deck_of(state: Mapping[str, Any]) -> Deck | None:
    """The deck of the ruleset ``state`` names, if it is installed."""
    name = state.get("ruleset")
    if not isinstance(name, str):
        return None
    options = state.get("options") or {}
    if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
        return None
    try:
        return lookup(name, **options).deck
    except TwentyEightError:  # an unknown ruleset or options: a picture without points
        return None


def _points(deck: Deck | None, c: Card) -> int | None:
    if deck is None:
        return None
    cid = deck.by_text.get(str(c))
    return deck.points[cid] if cid is not None else None


# ---------------------------------------------------------------- the deck


def deck_svg(ruleset: Ruleset | str) -> str:
    """The deck of ``ruleset`` (a ruleset or its name): a row per suit, strongest card
    first, each card with its points; two packs are drawn once and said so."""
    rs = lookup(ruleset) if isinstance(ruleset, str) else ruleset
    deck = rs.deck
    spec = deck.spec
    first_copy = [i for i, c in enumerate(deck.cards) if c.copy == 0]
    # The cards start right of the longest suit name, whatever the deck's suits are.
    names = [SUIT_NAMES.get(suit, suit) for suit in spec.suits]
    gap, top = 10, 34
    left = 40 + max(text_width(n, 13) for n in names) + 12
    body = [text(10, 22, f"{rs.name}: {deck.size} cards, {deck.total_points} card points",
                 size=15, weight="bold", role="ink")]
    y = top
    for s, suit in enumerate(spec.suits):
        ids = sorted((i for i in first_copy if deck.suit_of[i] == s),
                     key=lambda i: -deck.strength[i])
        body.append(suit_shape(suit, 12, y + 22, 22, on_paper=True))
        body.append(text(40, y + 40, names[s], size=13, role="ink"))
        for k, cid in enumerate(ids):
            body.append(card_face(deck.cards[cid], left + k * (CARD_W + gap), y + 10,
                                  points=deck.points[cid]))
        y += CARD_H + 22
    notes = ["Strongest first, left to right;", "the yellow badge is a card's points."]
    if spec.copies > 1:
        notes += [f"{spec.copies} packs: the deck holds every card {spec.copies} times;",
                  "a second copy is written #2 (JS#2)."]
    for rank, like in spec.equal_ranks:
        notes.append(f"A {rank} ranks with the {like}: of two, the first played wins.")
    for note in notes:
        body.append(text(10, y + 12, note, size=13, role="ink"))
        y += 18
    width = max(left + len(spec.ranks) * (CARD_W + gap) + 10,
                20 + max(text_width(n, 13) for n in notes))
    title = (f"The {rs.name} deck: {deck.size} cards in {len(spec.suits)} suits, ranks "
             f"{' '.join(spec.ranks)} from strongest to weakest, {deck.total_points} points")
    return document(width, y + 4, title, body, kind="deck")


# ---------------------------------------------------------------- the table


def _badge_width(labels: Sequence[str]) -> float:
    """Seat badges wide enough for the longest name (bold, 14 pixels)."""
    return max(BADGE_W, 24 + max(text_width(n, 14) for n in labels))


_RING = 0.56
"""Where a seat's card of the trick lies, from the centre towards its badge."""


def _table_geometry(players: int, top: float = 0, badge_w: float = BADGE_W
                    ) -> tuple[float, float, float, float, float, float]:
    """Width, height, centre and radii of a table of ``players`` seats with badges
    ``badge_w`` wide, ``top`` pixels left free above it (for a caption). The seats at the
    sides sit far enough out that their badges clear the cards in front of them."""
    rx = max(200 + 16 * players, (badge_w / 2 + CARD_W / 2 + 12) / (1 - _RING))
    ry = 130 + 14 * players
    width = 2 * rx + badge_w + 24
    height = 2 * ry + BADGE_H + 24
    return width, height + top, width / 2, height / 2 + top, rx, ry


def _felt(cx: float, cy: float, rx: float, ry: float) -> str:
    return (f'<ellipse cx="{num(cx)}" cy="{num(cy)}" rx="{num(rx * 0.86)}" '
            f'ry="{num(ry * 0.8)}" fill="{FELT}" stroke="#1b5e20" stroke-width="6"/>')


def seating_svg(players: int | Ruleset | str, *, dealer: int = 0,
                names: Sequence[str] | None = None, bottom: int = 0) -> str:
    """The seats of a table of ``players`` (a number, a ruleset or its name): who
    deals, who opens, the order of play counter-clockwise, and the two teams (seat
    ``s`` plays for team ``s % 2``, partners sitting alternately). The order of bidding
    is the ruleset's, where one is given (Thunee's calls start to the opener's right);
    else the opener bids first."""
    first: int | None = None
    if not isinstance(players, int):
        rules = lookup(players) if isinstance(players, str) else players
        players = rules.config.players
        if 0 <= dealer < players:
            first = rules.new_round(seed=0, dealer=dealer).to_act
    if not 2 <= players <= 64 or not 0 <= dealer < players:
        raise ValueError(f"no table of {players} seats with dealer {dealer}")
    opener = (dealer + 1) % players
    first = opener if first is None else first
    labels = seat_labels(players, names)
    badge_w = _badge_width(labels)
    width, height, cx, cy, rx, ry = _table_geometry(players, badge_w=badge_w)
    body = [_felt(cx, cy, rx, ry),
            arrow_ring(cx, cy, 34, "play goes counter-clockwise, to each player's right")]
    body.append(text(cx, cy + 58, "play goes this way", size=13, fill="#fff",
                     anchor="middle"))
    for place in places(players, bottom, cx, cy, rx, ry, ring=_RING):
        s = place.seat
        order = (s - first) % players + 1
        bids = ("bids first" if order == 1 else "bids last" if order == players
                else f"{ordinal(order)} to bid")
        role = (f"dealer: {bids}" if s == dealer else f"opener: {bids}" if s == opener
                else bids)
        body.append(badge(place, [labels[s], f"team {s % 2}", role], s % 2,
                          highlight=s == dealer, width=badge_w))
        # The turn to bid as an ordinal ("4th"), never a bare number that would read as
        # the seat's own number beside its name.
        turn = ordinal(order)
        w = 12 + text_width(turn, 13)
        body.append(f'<g class="turn"><title>{esc(labels[s])} {bids}</title>'
                    f'<rect x="{num(place.card_x - w / 2)}" y="{num(place.card_y - 12)}" '
                    f'width="{num(w)}" height="24" rx="12" fill="#fff" '
                    f'stroke="{TEAM_COLOURS[s % 2]}" stroke-width="3"/>'
                    + text(place.card_x, place.card_y + 5, turn, size=13, anchor="middle",
                           weight="bold") + "</g>")
    teams = "; ".join(f"team {t}: " + ", ".join(labels[s] for s in range(t, players, 2))
                      for t in (0, 1))
    title = (f"Seating of {players} players, counter-clockwise from {labels[bottom]}; "
             f"{labels[dealer]} deals; {teams}; the marks on the table give each "
             "seat's turn to bid")
    return document(width, height, title, body, kind="seating")


def _trump_of(state: Mapping[str, Any]) -> tuple[str | None, Card | None, Mapping[str, Any]]:
    """The trump suit and card as ``state``'s audience knows them, and the trump part."""
    trump = state.get("trump") or {}
    suit = trump.get("suit") if isinstance(trump.get("suit"), str) else None
    known = card(trump["card"]) if isinstance(trump.get("card"), str) else None
    return suit, known, trump


def _trump_mark(state: Mapping[str, Any], x: float, y: float) -> str:
    """The trump beside its holder's badge: face down, or face up once exposed (or to
    the bidder who laid it); a named or indicated suit as a suit."""
    suit, known, trump = _trump_of(state)
    if trump.get("marker") == "open":
        return ""
    exposed = bool(trump.get("exposed"))
    if known is not None:
        label = (f"the trump card, exposed: {known.pretty()}" if exposed else
                 f"the trump card, face down; only its holder knows it is {known.pretty()}")
        return mini_card(known, x, y, label)
    if suit is not None and exposed:
        return suit_badge(suit, x, y, f"trumps are {SUIT_NAMES.get(suit, suit)}")
    return mini_card(None, x, y, "the trump, face down: nobody else knows it")


def _trick_cards(trick: Mapping[str, Any]) -> list[tuple[int, Card | None, bool]]:
    """Each card of ``trick``: its seat, the card (``None``: cut face down, unseen) and
    whether it lies face down."""
    return [(c["seat"], card(c["card"]) if c["card"] is not None else None,
             bool(c.get("face_down"))) for c in trick.get("cards") or []]


def _played_card(c: Card | None, x: float, y: float, note: str | None, dim: bool,
                 outline: str | None) -> str:
    """A card on the felt: its face, or its back where it was cut face down unseen."""
    if c is None:
        return card_back(x, y, label="a card cut face down")
    return card_face(c, x, y, points=None, dim=dim, note=note, outline=outline)


def _notes(state: Mapping[str, Any], trick: Mapping[str, Any]) -> list[tuple[str, bool]]:
    """For each card of ``trick``: a word under it and whether to grey it."""
    suit, _, _ = _trump_of(state)
    trumps_from = trick.get("trumps_from")
    winner = trick.get("winner")
    out = []
    for k, (seat, c, face_down) in enumerate(_trick_cards(trick)):
        note, dim = ("led" if k == 0 else ""), False
        if face_down:
            note = "face down"
        elif suit is not None and c is not None and c.suit == suit \
                and state.get("phase") != "auction":
            if trumps_from is not None and k >= trumps_from:
                note = "trump"
            elif trick.get("cards") and (trumps_from is None or k < trumps_from):
                note, dim = "no trump yet", True
        if winner == seat:
            note = "trump, wins" if note == "trump" else "wins"
        out.append((note, dim))
    return out


def _trick_of(state: Mapping[str, Any], index: int | None) -> tuple[Mapping[str, Any], int]:
    """Trick ``index`` (0-based) of ``state``, or its trick in progress (the last
    finished one while none is), and its number from 1."""
    done = state.get("tricks") or []
    if index is None:
        current = state.get("trick") or {"cards": []}
        if current.get("cards") or not done:
            return current, len(done) + 1
        index = len(done) - 1
    if not -len(done) <= index < len(done):
        raise IndexError(f"no trick {index}: {len(done)} finished")
    return done[index], index % len(done) + 1


def table_svg(source: Source, seat: int | None = None, *,
              names: Sequence[str] | None = None, trick: int | None = None,
              bottom: int | None = None) -> str:
    """The table as the audience of ``source`` sees it (see :func:`state_of`): the seats
    counter-clockwise with that audience at the bottom, the teams, the dealer, the
    bidder and the bid, the trump beside its holder (face down until exposed), how many
    cards each seat holds, the trick on the felt (``trick``: a finished one, by index)
    and the audience's own hand. ``bottom`` puts another seat nearest the viewer."""
    state = state_of(source, seat)
    players = int(state["players"])
    audience = audience_of(state)
    labels = seat_labels(players, names, you=audience)
    if bottom is None:
        bottom = audience if audience is not None else 0
    badge_w = _badge_width(labels)
    width, height, cx, cy, rx, ry = _table_geometry(players, top=40, badge_w=badge_w)
    deck = _deck_of(state)
    hand = [card(c) for c in state.get("hand") or []]
    hand_top = height + 8
    if audience is not None:
        height += CARD_H + 34
    contract = state.get("contract") or {}
    bidder = contract.get("bidder")
    held = state.get("cards_held") or []
    out_seats = set(state.get("sitting_out") or [])
    body = [_felt(cx, cy, rx, ry)]
    chosen, number = _trick_of(state, trick)
    notes = _notes(state, chosen)
    seat_places = places(players, bottom, cx, cy, rx, ry)
    for place in seat_places:
        s = place.seat
        line2 = f"team {s % 2}"
        if s in out_seats:
            line2 += " · sits out"
        elif s < len(held):
            line2 += f" · {held[s]} card" + ("" if held[s] == 1 else "s")
        roles = []
        if s == state.get("dealer"):
            roles.append("dealer")
        if s == bidder:
            bid = f"bid {contract.get('bid')}"
            if contract.get("denomination"):
                bid += f" {contract['denomination']}"
            roles.append(bid)
        if s == state.get("to_act"):
            roles.append("to act")
        body.append(badge(place, [labels[s], line2, ", ".join(roles)], s % 2,
                          highlight=s == chosen.get("winner"), width=badge_w))
        if s == bidder:
            # On the felt beside the holder's place, on the side of the table's centre
            # (away from the badge of a seat at the side): the trump lies on the table.
            x = (place.card_x - CARD_W / 2 - 8 - MINI_W if place.card_x > cx + 1
                 else place.card_x + CARD_W / 2 + 8)
            body.append(_trump_mark(state, x, place.card_y - MINI_H / 2))
    by_seat = {s: (c, k) for k, (s, c, _) in enumerate(_trick_cards(chosen))}
    for place in seat_places:
        if place.seat in by_seat:
            c, k = by_seat[place.seat]
            note, dim = notes[k]
            body.append(_played_card(c, place.card_x - CARD_W / 2, place.card_y - CARD_H / 2,
                                     note or None, dim, "#f9a825"
                                     if chosen.get("winner") == place.seat else None))
    if not by_seat:
        body.append(arrow_ring(cx, cy, 30, "play goes counter-clockwise"))
    caption = _table_caption(state, labels, number, chosen)
    body.append(text(12, 20, caption[0], size=14, weight="bold", role="ink"))
    body.append(text(12, 38, caption[1], size=13, role="ink"))
    if audience is not None:
        owner = labels[audience]
        body.append(text(12, hand_top + 2, "Your hand" if is_you(owner)
                         else f"{owner}'s hand", size=13, weight="bold", role="ink"))
        body.append(_hand_row(hand, 12, hand_top + 10, deck))
    who = ("the spectators see" if audience is None else "you see"
           if is_you(labels[audience]) else f"{labels[audience]} sees")
    title = f"The table as {who} it: {caption[0]}; {caption[1]}"
    return document(width, height, title, body, kind="table")


def _table_caption(state: Mapping[str, Any], labels: Sequence[str], number: int,
                   chosen: Mapping[str, Any]) -> tuple[str, str]:
    contract = state.get("contract") or {}
    first = f"{state.get('ruleset', '')}: {state.get('phase', '')}"
    if contract:
        first += f" · {labels[contract['bidder']]} bid {contract['bid']}"
    points = state.get("card_points") or [0, 0]
    second = f"card points: team 0 {points[0]}, team 1 {points[1]}"
    if chosen.get("cards"):
        second = f"trick {number}" + (f" won by {labels[chosen['winner']]}"
                                      if "winner" in chosen else "") + " · " + second
    return first, second


def _hand_row(cards: Sequence[Card], x: float, y: float, deck: Deck | None,
              step: float = CARD_W + 6) -> str:
    return "".join(card_face(c, x + k * step, y, label=None,
                             points=_points(deck, c) if deck is not None else None)
                   for k, c in enumerate(cards))


# ---------------------------------------------------------------- a hand, a trick


def hand_svg(source: Source | Sequence[str], seat: int | None = None, *,
             title: str | None = None) -> str:
    """A hand of cards in a row: card texts (``["JS", "9S"]``), or the hand of the
    audience of ``source`` (see :func:`state_of`; spectators have none). Cards of a
    known ruleset carry their points."""
    deck: Deck | None = None
    if isinstance(source, (Round, Mapping)):
        state = state_of(source, seat)
        deck = _deck_of(state)
        texts = list(state.get("hand") or [])
    else:
        texts = list(source)
    cards = [card(t) for t in texts]
    width = max(1, len(cards)) * (CARD_W + 6) + 18
    label = title or ("A hand: " + ", ".join(c.pretty() for c in cards) if cards
                      else "An empty hand")
    return document(width, CARD_H + 24, label, [_hand_row(cards, 12, 14, deck)], kind="hand")


def trick_svg(source: Source, index: int | None = None, *, seat: int | None = None,
              names: Sequence[str] | None = None, caption: str | None = None) -> str:
    """One trick, card by card in the order played: who played each card (in the team's
    colour), who led, which cards of the trump suit count as trumps (and which, played
    before the trump was exposed, do not), and who won. ``index`` picks a finished
    trick (0-based); by default the trick in progress, or the last one."""
    state = state_of(source, seat)
    labels = seat_labels(int(state["players"]), names, you=audience_of(state))
    chosen, number = _trick_of(state, index)
    cards = _trick_cards(chosen)
    notes = _notes(state, chosen)
    step = max(CARD_W + 26, 96, 8 + max(text_width(labels[s], 13) for s, _, _ in cards)
               if cards else 0)
    width = max(320, len(cards) * step + 24)
    points = chosen.get("points", 0)
    head = caption or (f"Trick {number}" + (
        f", won by {labels[chosen['winner']]}: {points} point" + ("" if points == 1 else "s")
        if "winner" in chosen else " (in progress)"))
    body = [text(12, 20, head, size=14, weight="bold", role="ink")]
    for k, (s, c, _) in enumerate(cards):
        x = 12 + k * step
        body.append(text(x + step / 2 - 12, 44, labels[s], size=13, anchor="middle",
                         weight="bold", role=f"team{s % 2}"))
        note, dim = notes[k]
        body.append(_played_card(c, x + (step - 24 - CARD_W) / 2, 54, note or None, dim,
                                 "#f9a825" if chosen.get("winner") == s else None))
    if not cards:
        body.append(text(12, 80, "no card played yet", size=13, role="muted"))
    played = ", ".join(f"{labels[s]} {c.pretty() if c is not None else 'a card face down'}"
                       for s, c, _ in cards)
    return document(width, 54 + CARD_H + 26, f"{head}. {played}", body, kind="trick")


def choice_svg(options: Sequence[tuple[str, str]], taken: str, *,
               best: Sequence[str] = (), title: str | None = None) -> str:
    """A decision: each legal action in a row, a card face for ``play <card>`` and a
    word for any other, with its note under it (a value); the action ``taken`` framed,
    and those not among ``best`` (when given) greyed."""
    head = title or "The choices"
    body = [text(12, 20, head, size=14, weight="bold", role="ink")]
    x = 12.0
    for action, note in options:
        word, _, rest = action.partition(" ")
        outline = "#f9a825" if action == taken else None
        dim = bool(best) and action not in best
        if word == "play" and rest:
            body.append(card_face(card(rest), x, 34, note=note, outline=outline, dim=dim))
            x += max(CARD_W, 8 + text_width(note, 12)) + 10
            continue
        w = max(CARD_W, 12 + text_width(action, 12), 8 + text_width(note, 12))
        body.append(f'<g class="choice"><title>{esc(action)}: {esc(note)}</title>'
                    f'<rect x="{num(x)}" y="34" width="{num(w)}" height="{CARD_H}" rx="5" '
                    f'fill="{"#ebebeb" if dim else "#fff"}" stroke="{outline or "#777"}" '
                    f'stroke-width="{3 if outline else 1}"/>')
        body.append(text(x + w / 2, 34 + CARD_H / 2 - 4, action, size=12, anchor="middle",
                         fill="#1b1b1f"))
        body.append(text(x + w / 2, 34 + CARD_H / 2 + 14, note, size=12, anchor="middle",
                         fill="#333", weight="bold"))
        body.append("</g>")
        x += w + 10
    listed = ", ".join(f"{a} {n}" for a, n in options)
    return document(max(x + 2, 24 + text_width(head, 14)), 34 + CARD_H + 28,
                    f"{head}: {listed}; taken: {taken}", body, kind="choice")


# ---------------------------------------------------------------- auction and score


def auction_svg(source: Source, seat: int | None = None, *,
                names: Sequence[str] | None = None) -> str:
    """The auction as a grid: a column per seat from the opener on, a row per round of
    calls, the winning bid framed."""
    state = state_of(source, seat)
    players = int(state["players"])
    labels = seat_labels(players, names, you=audience_of(state))
    opener = int(state.get("opener", 0))
    calls = [(c["seat"], str(c["action"])) for c in state.get("auction") or []]
    col_w = max(104, 12 + max(text_width(n, 13) for n in labels))
    rows: list[list[tuple[int, str]]] = [[]]
    last_col = -1
    for s, action in calls:
        col = (s - opener) % players
        if col <= last_col:
            rows.append([])
        rows[-1].append((s, action))
        last_col = col
    contract = state.get("contract") or {}
    width = players * col_w + 24
    body = []
    for col in range(players):
        s = (opener + col) % players
        body.append(text(12 + col * col_w + col_w / 2, 22, labels[s], size=13,
                         anchor="middle", weight="bold", role=f"team{s % 2}"))
    winning = None
    for k, (_, action) in enumerate(calls):
        if action.startswith("bid") or action[:1].isdigit():
            winning = k
    y = 30
    k = 0
    for row in rows:
        for s, action in row:
            x = 12 + ((s - opener) % players) * col_w + 6
            framed = k == winning and contract
            body.append(f'<rect x="{num(x)}" y="{num(y)}" width="{col_w - 12}" height="24" '
                        f'rx="5" fill="{"#fff3c4" if framed else "#fff"}" '
                        f'stroke="{"#f9a825" if framed else "#bbb"}" '
                        f'stroke-width="{2 if framed else 1}"/>')
            body.append(text(x + (col_w - 12) / 2, y + 17, action, size=13, anchor="middle",
                             weight="bold" if framed else "normal"))
            k += 1
        y += 30
    if not calls:
        body.append(text(12, y + 18, "no call yet", size=13, role="muted"))
        y += 26
    summary = "the auction: " + "; ".join(f"{labels[s]} {a}" for s, a in calls)
    if contract:
        line = f"Highest bid: {contract['bid']}, by {labels[contract['bidder']]}"
        if contract.get("denomination"):
            line += f" ({contract['denomination']})"
        body.append(text(12, y + 16, line, size=13, weight="bold", role="ink"))
        y += 24
        summary += f". {line}"
    return document(width, y + 6, summary, body, kind="auction")


def score_svg(source: Source, seat: int | None = None, *,
              names: Sequence[str] | None = None) -> str:
    """The score: each team's card points as a bar, the bidding team's target marked,
    whether the contract was made and the game points; before the end, the card points
    so far."""
    state = state_of(source, seat)
    labels = seat_labels(int(state["players"]), names, you=audience_of(state))
    result = state.get("result") or {}
    points = list(result.get("card_points") or state.get("card_points") or [0, 0])
    deck = _deck_of(state)
    total = max(1, deck.total_points if deck is not None else max([*points, 1]),
                *points)
    target = result.get("target", (state.get("contract") or {}).get("target"))
    team = result.get("bidding_team")
    if team is None and state.get("contract"):
        team = state["contract"]["bidder"] % 2
    members_of = [", ".join(labels[s] for s in range(t, len(labels), 2)) for t in (0, 1)]
    bar_w, left = 360, max(150, 24 + max(text_width(m, 11) for m in members_of))
    body = []
    for t in (0, 1):
        y = 16 + t * 40
        members = members_of[t]
        body.append(text(12, y + 17, f"team {t}", size=14, weight="bold", role=f"team{t}"))
        body.append(text(12, y + 32, members, size=11, role="muted"))
        body.append(f'<rect x="{left}" y="{y}" width="{bar_w}" height="24" rx="4" '
                    f'fill="#e8e8e8"/>')
        body.append(f'<rect x="{left}" y="{y}" width="{num(bar_w * points[t] / total)}" '
                    f'height="24" rx="4" fill="{TEAM_COLOURS[t]}"/>')
        body.append(text(left + bar_w + 8, y + 17, f"{points[t]} card points", size=13,
                         role="ink"))
        if t == team and isinstance(target, int):
            tx = left + bar_w * min(target, total) / total
            body.append(f'<line x1="{num(tx)}" y1="{y - 4}" x2="{num(tx)}" y2="{y + 28}" '
                        f'stroke="#b71c1c" stroke-width="3"/>')
            body.append(text(tx, y - 6, f"target {target}", size=11, anchor="middle",
                             role="alert"))
    y = 104
    if result.get("annulled"):
        line = f"The deal is annulled: {result['annulled']}"
    elif result:
        made = "made" if result.get("made") else "failed"
        game = result.get("game_points") or [0, 0]
        line = (f"Team {team} {made} the contract of {target}. Game points: "
                f"team 0 {game[0]:+d}, team 1 {game[1]:+d}")
    else:
        line = "The round is not over yet."
    body.append(text(12, y, line, size=14, weight="bold", role="ink"))
    width = left + bar_w + 130
    title = (f"Score: team 0 {points[0]} card points, team 1 {points[1]}. {line}")
    return document(width, y + 14, title, body, kind="score")


__all__ = [
    "Source",
    "auction_svg",
    "audience_of",
    "card",
    "choice_svg",
    "deck_svg",
    "hand_svg",
    "score_svg",
    "seat_labels",
    "seating_svg",
    "state_of",
    "table_svg",
    "trick_svg",
]
