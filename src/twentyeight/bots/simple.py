"""The bot protocol, the random baseline and the loop that plays a round with bots."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

from .legal import legal_texts

if TYPE_CHECKING:
    from ..actions import Action
    from ..round import Round


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action from a seat's view.

    A bot may also offer ``choose_action(legal: Sequence[Action]) -> Action``, a choice
    made from the legal action objects alone (see :meth:`RandomBot.choose_action`):
    :func:`play_round` then skips building the view. A bot that offers both must make
    the same choice either way. A search bot offers ``choose_at(access) -> Action``
    instead: :func:`play_round` then hands it a
    :class:`~twentyeight.bots.search.SeatAccess` (the seat's view, legal actions and
    resampled deals)."""

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

    def choose_action(self, legal: Sequence[Action]) -> Action:
        """A uniformly random action of ``legal`` (:meth:`twentyeight.Round.legal_actions`),
        with no view built. It draws from the bot's generator exactly as :meth:`choose`
        does, and a view lists the legal actions in the same order, so a bot seeded
        alike picks the same action by either route. :class:`ValueError` if ``legal`` is
        empty (it is not this seat's turn)."""
        if not legal:
            raise ValueError("no legal actions: it is not this seat's turn")
        return self._rng.choice(legal)

    def __repr__(self) -> str:
        return "RandomBot()"


def play_round(rnd: Round, bots: Sequence[Bot]) -> None:
    """Play ``rnd`` to the end: each turn the bot of the seat to act chooses and its
    answer is applied. ``bots`` has one bot per seat. A bot with a ``choose_action``
    method gets the legal actions (:meth:`~twentyeight.Round.legal_actions`) and answers
    with one of them; any other bot gets that seat's view (never the round) and answers
    with an action's text, which is matched to the legal action of the same text.
    A bot's illegal answer raises :class:`~twentyeight.IllegalActionError` (or
    :class:`~twentyeight.ParseError` for text that is no action)."""
    if len(bots) != rnd.players:
        raise ValueError(f"need {rnd.players} bots, one per seat; got {len(bots)}")
    while not rnd.is_over:
        seat = rnd.to_act
        assert seat is not None
        rnd.apply(bot_action(rnd, seat, bots[seat]))


def bot_action(rnd: Round, seat: int, bot: Bot) -> Action:
    """The action ``bot`` chooses for ``seat``, the seat to act in ``rnd`` (without
    applying it; :func:`play_round` applies each in turn): by the fast
    route where the bot offers one, else from the seat's view. An answer that is not a
    legal action is returned as read (or refused by the parser), so that applying it
    raises the error that names the rule."""
    legal = rnd.legal_actions()
    searching = getattr(bot, "choose_at", None)
    if searching is not None:
        from .search import SeatAccess

        return cast("Action", searching(SeatAccess(rnd, seat)))
    fast = getattr(bot, "choose_action", None)
    if fast is not None:
        return cast("Action", fast(legal))
    # A bot gets the view itself, as a plain dict: the protocol predates SeatView.
    text = bot.choose(cast(dict[str, Any], rnd.view(seat)))
    action = legal_of_text(legal, text)
    return action if action is not None else rnd.parse_action(text)


def legal_of_text(legal: Sequence[Action], text: str) -> Action | None:
    """The action of ``legal`` whose text is ``text`` (matched, not parsed), if any."""
    for action in legal:
        if str(action) == text:
            return action
    return None
