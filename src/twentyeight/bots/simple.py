"""The bot protocol, the random baseline and the loop that plays a round with bots."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

from .legal import legal_texts

if TYPE_CHECKING:
    from ..round import Round


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action from a seat's view."""

    def choose(self, view: dict[str, Any]) -> str:
        """Return the text of one action from ``view["legal_actions"]``."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions; a baseline to measure other bots by.
    ``seed`` makes its choices repeatable (``None``: seeded from the system)."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any]) -> str:
        """A uniformly random action from ``view["legal_actions"]``."""
        return self._rng.choice(legal_texts(view))

    def __repr__(self) -> str:
        return "RandomBot()"


def play_round(rnd: Round, bots: Sequence[Bot]) -> None:
    """Play ``rnd`` to the end: each turn the bot of the seat to act gets that seat's
    view (never the round) and its answer is applied. ``bots`` has one bot per seat.
    A bot's illegal answer raises :class:`~twentyeight.IllegalActionError`."""
    if len(bots) != rnd.players:
        raise ValueError(f"need {rnd.players} bots, one per seat; got {len(bots)}")
    while not rnd.is_over:
        seat = rnd.to_act
        assert seat is not None
        # A bot gets the view itself, as a plain dict: the protocol predates SeatView.
        view = cast(dict[str, Any], rnd.view(seat))
        rnd.apply(rnd.parse_action(bots[seat].choose(view)))
