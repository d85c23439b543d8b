"""The play position as the solver reads and changes it: an internal interface of the
round for :mod:`twentyeight.solver` and :mod:`twentyeight.solver_kernel` (one of the
round's own modules: it may use the round's private fields, they do not).

- :func:`position_of` reads a round's position in the play (:class:`PlayPosition`), and
  :func:`search_fields` the part of it the search reads at every node, faster;
- :func:`legal_cards`, :func:`play_actions`, :func:`port_of` and :func:`kernel_takes`
  answer the few other questions the search asks of a round;
- :class:`Scratch` is a copy of a round the kernel asks what is legal and what an
  exposure of the trump changes, after writing the trick and the trump's state it has
  reached (:meth:`Scratch.legal`, :meth:`Scratch.expose`).

The reads hand out the round's own lists (hands, trick): the caller reads them at once
and neither keeps nor changes them, which keeps the search's nodes free of copies."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from .state import PLAY

if TYPE_CHECKING:
    from .actions import Action
    from .port import RoundPort
    from .round import Round
    from .tricks import TrickOutcome

__all__ = ["PlayPosition", "Scratch", "kernel_takes", "legal_cards", "play_actions",
           "port_of", "position_of", "search_fields"]


class PlayPosition(NamedTuple):
    """A round's position in the play, as the solver reads it."""

    hands: list[int]
    """Each seat's hand as a mask, without a concealed trump card (the round's list)."""
    trick: list[int]
    """The cards of the trick in progress, in the order played (the round's list)."""
    leader: int
    """The seat that led (or leads) the trick in progress."""
    tricks_done: int
    """Tricks finished."""
    n_tricks: int
    """Tricks in the hand."""
    exposed_at: tuple[int, int] | None
    """Where the trump was exposed (trick, position), or None while it is not."""
    trump_suit: int
    """The trump suit's index, or -1 (none chosen, or none)."""
    concealed: int
    """The id of the card laid face down as the trump, or -1 (read it with
    :attr:`face_down`)."""
    trump_from: int
    """The position in the trick from which trumps count."""
    must_trump: int
    """The seat that must play a trump to this trick after calling for it, or -1."""
    led_suits: int
    """The suits led so far, one bit each."""
    trump_led: bool
    """Whether a seat other than the bidder has led the trump suit."""
    team_points: tuple[int, int]
    """Each side's card points won so far."""
    shown: int
    """Cards still held that everyone has seen."""
    last_trick_points: int
    """The last trick's bonus."""
    bidder: int
    """The declarer, or -1."""
    trick_seats: tuple[int, ...]
    """The seats of the trick in progress, in the order they play to it."""

    @property
    def hidden(self) -> bool:
        """Whether the trump is not exposed."""
        return self.exposed_at is None

    @property
    def face_down(self) -> int:
        """The face-down trump card's id while it is not exposed, else -1."""
        return self.concealed if self.exposed_at is None else -1


_new_position = tuple.__new__
"""Builds a :class:`PlayPosition` without the Python frame of its ``__new__`` (the
solver reads one at every node)."""


def position_of(rnd: Round) -> PlayPosition:
    """``rnd``'s position in the play (its lists are the round's own: see the module)."""
    return _new_position(PlayPosition, (
        rnd._hands, rnd._trick, rnd._leader, len(rnd._tricks), rnd._n_tricks,
        rnd._exposed_at, rnd._trump_suit, rnd._concealed, rnd._trump_from,
        rnd._must_trump, rnd._led_suits, rnd._trump_led, rnd._team_points, rnd._shown,
        rnd._last_trick_points, rnd._bidder, rnd._seat_order[rnd._leader]))


def search_fields(rnd: Round) -> tuple[Any, ...]:
    """What the solver's search reads of ``rnd`` at every node, as the tuple
    ``(team_points, trick, hands, exposed_at, concealed, shown, led_suits, trump_led,
    trump_suit, trump_from, seat_order, leader)`` (each as in :class:`PlayPosition`;
    ``seat_order[leader]`` are the trick's seats): the search meets tens of thousands of
    nodes a second, and the whole :func:`position_of` at each costs it a few per cent
    more."""
    return (rnd._team_points, rnd._trick, rnd._hands, rnd._exposed_at, rnd._concealed,
            rnd._shown, rnd._led_suits, rnd._trump_led, rnd._trump_suit, rnd._trump_from,
            rnd._seat_order, rnd._leader)


def legal_cards(rnd: Round) -> int:
    """The cards ``rnd.legal_actions()`` just answered, as a mask (call it right after
    that call, in the play phase)."""
    return rnd._legal_cache[0]  # type: ignore[no-any-return]


def play_actions(rnd: Round) -> tuple[tuple[Action, ...], dict[int, int]]:
    """The ruleset's card plays: the action of each card id, and each action's card id by
    the action's ``id()``."""
    return tuple(rnd._play_of), rnd._play_index


def port_of(rnd: Round) -> RoundPort:
    """The round as its plug-ins see it (what their hooks are handed)."""
    return rnd._port_obj or rnd._port


def kernel_takes(rnd: Round) -> bool:
    """Whether nothing but card plays can happen in ``rnd`` from here, as far as the
    round itself tells (the ruleset's tables tell the rest): in the play phase, no
    unseen trump card, no every-trick contract, no card face down or laid aside (the
    kernel counts neither), and no claim window still to open before the first trick."""
    return (rnd.phase is PLAY and bool(rnd._trump_known >> rnd._bidder & 1)
            and not rnd._all_tricks and not rnd._down
            and (bool(rnd._tricks) or not rnd._claim_checks))


class Scratch:
    """A copy of a round that answers the kernel's questions: which cards are legal and
    what an exposure of the trump changes, at a position the kernel reached in its own
    numbers and writes here first. Its hands are :attr:`hands`, a list the kernel changes
    in place."""

    __slots__ = ("_exposure", "_play_legal", "_r", "bidder", "concealed", "hands",
                 "last_trick_points", "n_tricks", "next_seat", "outcome", "seat_order",
                 "shown", "size", "trump_suit")

    def __init__(self, rnd: Round) -> None:
        self._r = r = rnd.clone()
        self.hands: list[int] = r._hands
        """Each seat's hand (the kernel's to change)."""
        self._play_legal = r._play_legal
        self._exposure = r._exposure
        self.outcome: TrickOutcome = r._trick_outcome
        """Who wins a trick and its points (:func:`~twentyeight.tricks.trick_outcome`)."""
        self.next_seat: tuple[int, ...] = tuple(r._next_seat)
        """The seat after each seat in the play."""
        self.seat_order: tuple[tuple[int, ...], ...] = tuple(r._seat_order)
        """The seats of a trick, by its leader."""
        self.size: int = r._trick_size
        """Cards in a trick."""
        self.n_tricks: int = r._n_tricks
        self.last_trick_points: int = r._last_trick_points
        self.bidder: int = r._bidder
        self.trump_suit: int = r._trump_suit
        self.concealed: int = r._concealed
        self.shown: int = r._shown

    @property
    def round(self) -> Round:
        """The scratch round."""
        return self._r

    def exposure_annulled(self) -> bool:
        """Whether the exposure of the trump ends the hand at once by an automatic check
        (a check ``settled_by_the_deal`` that holds for this deal)."""
        r = self._r
        port = port_of(r)
        return any(c.automatic(port, "trump-exposed")
                   for c in r._checks_at.get("trump-exposed", ()))

    def set_exposed_at(self, exposed_at: tuple[int, int] | None) -> None:
        """Where the trump was exposed (None: it is not)."""
        self._r._exposed_at = exposed_at

    def exposure(self) -> tuple[int, int, int]:
        """The round's record of the exposure of the trump: the tricks complete and
        the trick's cards when it happened (-1 and 0: not exposed), and the seat that
        exposed it."""
        r = self._r
        at = r._exposed_at
        return (-1, 0, r._exposed_by) if at is None else (at[0], at[1], r._exposed_by)

    def set_exposure(self, tricks: int, cards: int, seat: int) -> None:
        """Put back a record of :meth:`exposure`: that of an exposure the engine made
        before, to ask it about the play after the same exposure again."""
        r = self._r
        r._exposed_at = None if tricks < 0 else (tricks, cards)
        r._exposed_by = seat

    def legal(self, seat: int, trick: list[int], trump_from: int, must_trump: int,
              led_suits: int, trump_led: bool) -> tuple[int, bool]:
        """The engine's cards for ``seat`` (a mask) and whether it may call for the trump,
        with ``trick`` in progress and that state of the trump and the leads."""
        r = self._r
        r._trick = trick
        r._trump_from = trump_from
        r._must_trump = must_trump
        r._led_suits = led_suits
        r._trump_led = trump_led
        return self._play_legal(seat, None)

    def expose(self, seat: int, trick: list[int], trump_from: int, must_trump: int,
               followed: bool, called: bool) -> tuple[int, int]:
        """The engine's exposure of the trump by ``seat`` during ``trick``
        (:meth:`~twentyeight.phases.Transitions._exposure`): the new first position from
        which trumps count and the seat that must now trump. The face-down card goes
        back to the bidder's hand in :attr:`hands`."""
        r = self._r
        r._trick = trick
        r._trump_from = trump_from
        r._must_trump = must_trump
        self._exposure(seat, followed, called)
        return r._trump_from, r._must_trump
