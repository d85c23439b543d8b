"""The drawing primitives of :mod:`twentyeight.render`: escaped text, cards face up and
face down, suit symbols as paths, seat badges. Everything returns SVG markup as text;
nothing here knows a ruleset."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape, quoteattr

from attrs import frozen

from ..cards import COPY_MARK, SUIT_NAMES, SUIT_SYMBOLS, Card

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif"
"""Fonts every system has one of: a picture must not load a font from anywhere."""

RED = "#c62828"
BLACK = "#1b1b1f"
TEAM_COLOURS = ("#00796b", "#a84a00")
"""Seat ``s`` plays for team ``s % 2``; each team has its colour in every picture (these
on white; on a picture's own background, :data:`ROLES` ``team0`` and ``team1``)."""
FELT = "#2e7d4f"

ROLES = {
    # role: (light theme, dark theme); each at least 4.5:1 against its theme's paper
    "paper": ("#f7f7f4", "#23252e"),
    "ink": ("#1b1b1f", "#ececec"),
    "muted": ("#4a4a4a", "#c4c4c4"),
    "alert": ("#b71c1c", "#ff8a80"),
    "team0": (TEAM_COLOURS[0], "#4db6ac"),
    "team1": (TEAM_COLOURS[1], "#ffab60"),
    "red": (RED, "#ff6b6b"),
    "black": (BLACK, "#ececec"),
}
"""The colours of what a picture draws straight on its own background (titles, captions,
names, the suits heading the deck's rows), by role, in a light and a dark theme. Cards,
seat badges and call boxes are white in both themes, so what is drawn on them keeps its
colour."""


def _theme(k: int) -> str:
    return ";".join(f"--tt-{role}:{colours[k]}" for role, colours in ROLES.items())


STYLE = (
    "<style>"
    f".tt-svg{{{_theme(0)}}}"
    f"@media (prefers-color-scheme:dark){{.tt-svg{{{_theme(1)}}}}}"
    # A page's own light/dark switch wins over the system's setting: Material for
    # MkDocs marks its body with the scheme chosen.
    f"[data-md-color-scheme=default] .tt-svg{{{_theme(0)}}}"
    f"[data-md-color-scheme=slate] .tt-svg{{{_theme(1)}}}"
    + "".join(f".tt-svg .tt-{role}{{fill:var(--tt-{role})}}" for role in ROLES)
    + "</style>")
"""The style every picture carries: its background and the colours of what is drawn on
it follow the theme of the page that shows it (the system's light or dark setting, or
a Material for MkDocs site's switch); opened on its own, a picture brings its own
background, so it reads on a white page as on a dark one. Without style sheets (an
image viewer) the light theme's colours are drawn, from the attributes."""
CARD_W, CARD_H = 48, 68
MINI_W, MINI_H = 30, 42

_RANK_NAMES = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}

# Suit shapes drawn in a 10 x 10 box: text glyphs for suits differ from font to font and
# some systems draw them as emoji, which a picture of a card cannot have.
_SUIT_PATHS = {
    "D": "M5 0L9.2 5 5 10 .8 5Z",
    "H": "M5 9.6C1 6.6 0 4.6 0 3 0 1.1 1.5 0 2.8 0 3.9 0 4.6.7 5 1.6 5.4.7 6.1 0 7.2 0 "
         "8.5 0 10 1.1 10 3 10 4.6 9 6.6 5 9.6Z",
    "S": "M5 0C9 3 10 5 10 6.4 10 8.2 8.6 9.1 7.4 9.1 6.6 9.1 5.9 8.7 5.5 8.1L6.2 10H3.8"
         "L4.5 8.1C4.1 8.7 3.4 9.1 2.6 9.1 1.4 9.1 0 8.2 0 6.4 0 5 1 3 5 0Z",
    "C": "M5 .2A2.45 2.45 0 1 1 4.99 .2ZM2.5 3.9A2.45 2.45 0 1 1 2.49 3.9Z"
         "M7.5 3.9A2.45 2.45 0 1 1 7.49 3.9ZM4.4 5.6H5.6L6.4 10H3.6Z",
}


def esc(text: object) -> str:
    """``text`` safe inside an element (``&``, ``<`` and ``>`` escaped)."""
    return escape(str(text))


def attr(text: object) -> str:
    """``text`` as a quoted attribute value, safe whatever it holds."""
    return quoteattr(str(text))


def num(x: float) -> str:
    """A coordinate, short: two decimals at most."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def text_width(content: object, size: float) -> float:
    """How wide ``content`` is drawn at ``size`` pixels, at most: the widest of the usual
    sans fonts (DejaVu Sans) averages about 0.62 of the size per character; 0.66 leaves
    room for its widest letters, so a box made this wide holds its label."""
    return 0.66 * size * len(str(content))


def suit_colour(suit: str) -> str:
    """Red for hearts and diamonds, near-black for spades and clubs."""
    return RED if suit in ("H", "D") else BLACK


def card_name(card: Card, points: int | None = None) -> str:
    """``Jack of spades``, ``10 of hearts (second pack)``, with its points if given."""
    rank = _RANK_NAMES.get(card.rank, card.rank)
    name = f"{rank} of {SUIT_NAMES.get(card.suit, card.suit)}"
    if card.copy:
        name += " (second pack)"
    if points is not None:
        name += f", {points} point" + ("" if points == 1 else "s")
    return name


def _paint(fill: str, role: str | None) -> str:
    """The fill attribute, and with a ``role`` (see :data:`ROLES`) its class, whose
    colour follows the theme (the attribute is then the light theme's)."""
    if role is None:
        return f'fill="{fill}"'
    return f'class="tt-{role}" fill="{ROLES[role][0]}"'


def suit_shape(suit: str, x: float, y: float, size: float, colour: str | None = None, *,
               on_paper: bool = False) -> str:
    """The suit symbol as a path, its box's top-left corner at ``(x, y)``; ``on_paper``:
    drawn on the picture's background, in the theme's red or black."""
    path = _SUIT_PATHS.get(suit)
    fill = colour or suit_colour(suit)
    role = ("red" if fill == RED else "black") if on_paper else None
    if path is None:  # a suit letter this module has no shape for: its letter
        return text(x + size / 2, y + size, suit, size=size, fill=fill, anchor="middle",
                    role=role)
    return (f'<path transform="translate({num(x)} {num(y)}) scale({num(size / 10)})" '
            f'{_paint(fill, role)} d="{path}"/>')


def text(x: float, y: float, content: object, *, size: float = 13, fill: str = BLACK,
         anchor: str = "start", weight: str = "normal", role: str | None = None) -> str:
    """One line of text, escaped; with a ``role`` (see :data:`ROLES`), in its colour in
    the page's theme instead of ``fill``: for text on the picture's own background."""
    return (f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" '
            f'{_paint(fill, role)} '
            f'text-anchor="{anchor}" font-weight="{weight}">{esc(content)}</text>')


def card_face(card: Card, x: float, y: float, *, points: int | None = None,
              label: str | None = None, outline: str | None = None, dim: bool = False,
              note: str | None = None) -> str:
    """A card face up, top-left corner at ``(x, y)``. ``points`` adds a badge with the
    card's points; ``outline`` a coloured frame (the winner of a trick); ``dim`` greys
    it (a card that does not count as a trump); ``note`` is a word under it."""
    colour = suit_colour(card.suit)
    title = label or card_name(card, points)
    parts = [f'<g class="card" data-card={attr(card)}><title>{esc(title)}</title>',
             f'<rect x="{num(x)}" y="{num(y)}" width="{CARD_W}" height="{CARD_H}" rx="5" '
             f'fill="{"#ebebeb" if dim else "#fff"}" stroke="{outline or "#777"}" '
             f'stroke-width="{3 if outline else 1}"/>',
             text(x + 5, y + 17, card.rank, size=16, fill=colour, weight="bold"),
             suit_shape(card.suit, x + 5, y + 21, 9, colour),
             suit_shape(card.suit, x + CARD_W - 27, y + CARD_H - 29, 22, colour)]
    if card.copy:
        parts.append(text(x + CARD_W - 4, y + 13, f"{COPY_MARK}{card.copy + 1}", size=10,
                          fill="#555", anchor="end"))
    if points is not None:
        parts.append(f'<circle cx="{num(x + CARD_W - 2)}" cy="{num(y + 2)}" r="10" '
                     f'fill="{"#ffd54f" if points else "#eee"}" stroke="#8d6e00"/>')
        parts.append(text(x + CARD_W - 2, y + 6.5, points, size=12, anchor="middle",
                          weight="bold"))
    if note:
        # On a light label of its own, so it reads on the felt as on the page.
        w = 8 + text_width(note, 12)
        parts.append(f'<rect x="{num(x + CARD_W / 2 - w / 2)}" y="{num(y + CARD_H + 2)}" '
                     f'width="{num(w)}" height="17" rx="4" fill="#fff" opacity=".92"/>')
        parts.append(text(x + CARD_W / 2, y + CARD_H + 15, note, size=12, anchor="middle",
                          fill="#8d5a00" if outline else "#333", weight="bold"))
    parts.append("</g>")
    return "".join(parts)


def card_back(x: float, y: float, *, label: str = "a card face down",
              width: float = CARD_W, height: float = CARD_H) -> str:
    """A card face down: nobody may read it from the picture."""
    return (f'<g class="card-back"><title>{esc(label)}</title>'
            f'<rect x="{num(x)}" y="{num(y)}" width="{num(width)}" height="{num(height)}" '
            f'rx="4" fill="#234e8c" stroke="#fff" stroke-width="1.5"/>'
            f'<rect x="{num(x + 4)}" y="{num(y + 4)}" width="{num(width - 8)}" '
            f'height="{num(height - 8)}" rx="2" fill="none" stroke="#9fb8e0"/>'
            f'<path d="M{num(x + width / 2)} {num(y + 9)}L{num(x + width - 9)} '
            f'{num(y + height / 2)} {num(x + width / 2)} {num(y + height - 9)} '
            f'{num(x + 9)} {num(y + height / 2)}Z" fill="none" stroke="#9fb8e0"/></g>')


def mini_card(card: Card | None, x: float, y: float, label: str) -> str:
    """A small card (the trump beside its holder's badge): face up when ``card`` is
    known to the audience, else face down."""
    if card is None:
        return card_back(x, y, label=label, width=MINI_W, height=MINI_H)
    colour = suit_colour(card.suit)
    return (f'<g class="card" data-card={attr(card)}><title>{esc(label)}</title>'
            f'<rect x="{num(x)}" y="{num(y)}" width="{MINI_W}" height="{MINI_H}" rx="3" '
            f'fill="#fff" stroke="#777"/>'
            + text(x + 3, y + 13, card.rank, size=12, fill=colour, weight="bold")
            + suit_shape(card.suit, x + 12, y + 22, 14, colour) + "</g>")


def suit_badge(suit: str, x: float, y: float, label: str) -> str:
    """A suit shown on its own (a trump suit named or indicated, not a card)."""
    return (f'<g class="suit-badge"><title>{esc(label)}</title>'
            f'<rect x="{num(x)}" y="{num(y)}" width="{MINI_W}" height="{MINI_H}" rx="3" '
            f'fill="#fff" stroke="#777"/>'
            + suit_shape(suit, x + 5, y + 11, 20) + "</g>")


def document(width: float, height: float, title: str, body: Iterable[str], *,
             kind: str) -> str:
    """A whole ``<svg>`` element: its size, an accessible title (``<title>`` first, and
    ``role="img"``), the default font, the theme's colours (:data:`STYLE`), its own
    background in the theme's ``paper`` colour, and ``body``."""
    bg = (f'<rect class="tt-paper" width="{num(width)}" height="{num(height)}" rx="8" '
          f'fill="{ROLES["paper"][0]}"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="tt-svg tt-{kind}" role="img" '
            f'width="{num(width)}" height="{num(height)}" '
            f'viewBox="0 0 {num(width)} {num(height)}" font-family="{FONT}">'
            f"<title>{esc(title)}</title>{STYLE}{bg}{''.join(body)}</svg>")


@frozen
class Place:
    """Where a seat sits on a drawn table: its badge's centre and the point in front of
    it where its card of the trick lies."""

    seat: int
    x: float
    y: float
    card_x: float
    card_y: float


def places(players: int, bottom: int, cx: float, cy: float, rx: float, ry: float,
           ring: float = 0.56) -> list[Place]:
    """Seats around an ellipse, ``bottom`` nearest the viewer and the others following
    counter-clockwise, as play goes (the next seat to the bottom one's right)."""
    out = []
    for seat in range(players):
        # Counter-clockwise on the screen: y grows downwards, so from the bottom (90
        # degrees) the
        # angle shrinks towards the right-hand side.
        angle = math.radians(90 - 360 * ((seat - bottom) % players) / players)
        dx, dy = math.cos(angle), math.sin(angle)
        out.append(Place(seat, cx + rx * dx, cy + ry * dy,
                         cx + rx * ring * dx, cy + ry * ring * dy))
    return out


def badge(place: Place, lines: Sequence[str], team: int, *, highlight: bool = False,
          width: float = 0) -> str:
    """A seat's badge, ``width`` wide (at least :data:`BADGE_W`): its name (first line,
    bold) and a few short lines, in its team's colour."""
    w, h = max(width, BADGE_W), BADGE_H
    x, y = place.x - w / 2, place.y - h / 2
    colour = TEAM_COLOURS[team % 2]
    parts = [f'<g class="seat" data-seat="{place.seat}">',
             f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{h}" rx="8" '
             f'fill="#fff" stroke="{colour}" stroke-width="{4 if highlight else 2.5}"/>',
             f'<rect x="{num(x)}" y="{num(y)}" width="8" height="{h}" rx="4" fill="{colour}"/>']
    for i, line in enumerate(lines[:3]):
        if not line:
            continue
        parts.append(text(x + 14, y + 17 + 16 * i, line, size=14 if i == 0 else 12,
                          weight="bold" if i == 0 else "normal",
                          fill=colour if i == 0 else "#222"))
    parts.append("</g>")
    return "".join(parts)


BADGE_W, BADGE_H = 164, 56


def arrow_ring(cx: float, cy: float, r: float, label: str) -> str:
    """A circular arrow turning counter-clockwise on the screen (the way play goes)."""
    # y grows downwards, so counter-clockwise on the screen is a falling angle (sweep
    # flag 0): from the upper left, round the left, the bottom and the right, to the
    # upper right, where the head points along the falling angle's tangent.
    a0, a1 = math.radians(-120), math.radians(-60)
    x0, y0 = cx + r * math.cos(a0), cy + r * math.sin(a0)
    x1, y1 = cx + r * math.cos(a1), cy + r * math.sin(a1)
    dx, dy = math.sin(a1), -math.cos(a1)
    barbs = []
    for turn in (0.5, -0.5):
        bx = -dx * math.cos(turn) + dy * math.sin(turn)
        by = -dx * math.sin(turn) - dy * math.cos(turn)
        barbs.append(f"M{num(x1)} {num(y1)}l{num(9 * bx)} {num(9 * by)}")
    return (f'<g class="direction"><title>{esc(label)}</title>'
            f'<path d="M{num(x0)} {num(y0)}A{num(r)} {num(r)} 0 1 0 {num(x1)} {num(y1)}" '
            f'fill="none" stroke="#fff" stroke-width="2.5" opacity=".85"/>'
            f'<path d="{"".join(barbs)}" stroke="#fff" stroke-width="2.5" opacity=".85"/></g>')


__all__ = ["BADGE_H", "BADGE_W", "CARD_H", "CARD_W", "ROLES", "STYLE", "SUIT_SYMBOLS", "Place",
           "badge",
           "card_back", "card_face", "card_name", "document", "esc", "mini_card", "places",
           "suit_badge", "suit_shape", "text", "text_width"]
