"""Pictures of the game drawn by the library itself, as self-contained SVG (standard
library only: no font, image or script is loaded from anywhere), and a round's replay as
one HTML file.

Each picture is drawn from what an audience may see, so it can be shown to that audience:
a :meth:`~twentyeight.Round.view`, a :meth:`~twentyeight.Round.public_record`, or a
round (or round record) read for a seat. Cards are drawn face up only where that
audience saw them.

::

    import twentyeight as te
    from twentyeight import render

    rnd = te.new_round("28", seed=7)
    svg = render.table_svg(rnd.view(1))          # seat 1's table, seat 1 at the bottom
    deck = render.deck_svg("28")                  # the deck with each card's points
    page = render.replay_html(rnd.public_record(1))

Every picture is an ``<svg>`` element as text, with a ``<title>`` that says in words what
it shows. Seats are named as everywhere in the library (:func:`seat_label`): ``South
(seat 0)``, counter-clockwise from there, and the audience ``You (East, seat 1)``, drawn
at the bottom of the table. Colours follow the light or dark theme of the page.
"""

from .pictures import (
    Source,
    auction_svg,
    choice_svg,
    deck_svg,
    hand_svg,
    score_svg,
    seating_svg,
    state_of,
    table_svg,
    trick_svg,
)
from .replay import Frame, frames, read_public_record, replay_html
from .seats import compass_names, seat_label, seat_labels

__all__ = [
    "Frame",
    "Source",
    "auction_svg",
    "choice_svg",
    "compass_names",
    "deck_svg",
    "frames",
    "hand_svg",
    "read_public_record",
    "replay_html",
    "score_svg",
    "seat_label",
    "seat_labels",
    "seating_svg",
    "state_of",
    "table_svg",
    "trick_svg",
]
