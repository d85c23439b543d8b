"""How every part of the library names a seat: the pictures, the replay, the command
line and the documentation. Seats run counter-clockwise from South (seat 0), the way
play goes; a name carries the engine's seat number, ``South (seat 0)``, so it can be
matched with a record, a view or ``--seat``. The seat a picture is drawn for is ``You``
and sits at the bottom of the table."""

from __future__ import annotations

from collections.abc import Sequence

COMPASS: dict[int, tuple[str, ...]] = {
    4: ("South", "East", "North", "West"),
    6: ("South", "Southeast", "Northeast", "North", "Northwest", "Southwest"),
    8: ("South", "Southeast", "East", "Northeast", "North", "Northwest", "West",
        "Southwest"),
}
"""The compass names of the seats of a table of 4, 6 or 8, counter-clockwise from seat
0 (South)."""


def compass_names(players: int) -> list[str]:
    """The seats' short names: the compass points (:data:`COMPASS`), or ``Seat 0`` ...
    at a table of another size."""
    table = COMPASS.get(players)
    return list(table) if table else [f"Seat {s}" for s in range(players)]


def seat_label(seat: int, players: int, you: int | None = None) -> str:
    """A seat's full name: ``South (seat 0)``; ``You (South, seat 0)`` for the seat
    ``you``; ``Seat 3`` (``You (seat 3)``) at a table without compass names."""
    short = compass_names(players)[seat]
    if players not in COMPASS:
        return f"You (seat {seat})" if seat == you else short
    return f"You ({short}, seat {seat})" if seat == you else f"{short} (seat {seat})"


def seat_labels(players: int, names: Sequence[str] | None = None,
                you: int | None = None) -> list[str]:
    """``names`` if there is one per seat, else each seat's :func:`seat_label`."""
    if names is not None and len(names) == players:
        return [str(n) for n in names]
    return [seat_label(s, players, you) for s in range(players)]


def is_you(label: str) -> bool:
    """Whether ``label`` names the audience itself (``You``, ``You (South, seat 0)``)."""
    return label == "You" or label.startswith("You (") or label.lower() == "you"


__all__ = ["COMPASS", "compass_names", "is_you", "seat_label", "seat_labels"]
