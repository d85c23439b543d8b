"""The round's side of a plug-in's reads and changes that it has no public name for:
one of the round's own modules (so it may use the round's private fields), the functions
:class:`~twentyeight.plugin_port.PluginPort` hands each read and change on to.

It sits below the port in the layers (it imports nothing of the round: it is handed the
round), so that the port, which the round's bottom layer makes, can call it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import iter_bits
from .deals import shuffle_deal
from .errors import ConfigError
from .port import TrumpState
from .sight import ALL, set_trump, unseen_own

if TYPE_CHECKING:
    from .plugin_port import PluginPort
    from .round import Round
    from .state import RoundState

__all__ = ["begin_every_trick_contract", "deal_card", "deal_ids", "dealt_masks", "down_mask",
           "expose_trump", "hands_list", "led_suit",
           "open_trump", "plugin_state", "rows_of_packets", "set_contract", "set_multiplier",
           "set_plugin_state", "set_stake", "set_target", "show_cards", "trick_cards",
           "tricks_played", "trump_card", "trump_chosen", "trump_led", "trump_state", "unseen_mask"]

# ---------------------------------------------------------------- reads


def hands_list(rnd: Round) -> list[int]:
    """The round's list of hands (each seat's cards as a mask, without a concealed trump
    card): the round changes it in place and never replaces it, so a reader may keep
    it, never change it."""
    return rnd._hands


# The port's reads below are its methods themselves (:class:`PluginPort` binds them):
# hooks call ``plugin_state`` on every legality check, and one Python frame fewer is
# a few per cent of a round.


def plugin_state(port: PluginPort, name: str, default: Any = None) -> Any:
    """The state plug-in ``name`` keeps in the port's round (immutable)."""
    return port._r._pstate.get(name, default)


def dealt_masks(port: PluginPort) -> tuple[int, ...]:
    """Every seat's dealt cards, by seat."""
    return port._r._dealt


def deal_card(port: PluginPort, seat: int, k: int) -> int:
    """The card id of the ``k``-th card dealt to ``seat`` so far (see
    :meth:`RoundPort.deal_card <twentyeight.port.RoundPort.deal_card>`)."""
    r = port._r
    n = r._dealt[seat].bit_count()
    if not isinstance(k, int) or not -n <= k < n:
        raise ConfigError(f"deal_card: seat {seat} has {n} cards dealt, no card {k!r}")
    return deal_ids(r)[seat][k % n]


def unseen_mask(port: PluginPort, seat: int) -> int:
    """Cards dealt to ``seat`` that it has not seen."""
    return unseen_own(port._r, seat)


def trump_led(port: PluginPort) -> bool:
    """True once a player other than the bidder has led the trump suit."""
    return port._r._trump_led


def trump_card(port: PluginPort) -> int:
    """The bidder's trump card's id, -1 for none."""
    return port._r._concealed


def trump_state(port: PluginPort) -> TrumpState:
    """The trump as the round keeps it."""
    r = port._r
    at = r._exposed_at
    return TrumpState(r._trump_suit, r._concealed, r._trump_known, at,
                      None if at is None else r._exposed_by,
                      r._bidder if r._bidder >= 0 else None)


def led_suit(port: PluginPort) -> int:
    """The suit index of the trick in progress's first card, -1 before it."""
    r = port._r
    return r._suit_of[r._trick[0]] if r._trick else -1


def trick_cards(port: PluginPort) -> tuple[int, ...]:
    """The card ids of the trick in progress, in the order played."""
    return tuple(port._r._trick)


def tricks_played(port: PluginPort) -> int:
    """How many tricks are complete."""
    return len(port._r._tricks)


def down_mask(port: PluginPort) -> int:
    """Every face-down card on the table."""
    return port._r._down


def trump_chosen(rnd: Round) -> bool:
    """Whether a trump suit is chosen, or a card laid for it."""
    return rnd._trump_suit >= 0 or rnd._concealed >= 0


# ---------------------------------------------------------------- changes


def set_plugin_state(rnd: Round, name: str, value: Any) -> None:
    """Replace plug-in ``name``'s state in ``rnd`` (an immutable value)."""
    # Replaced, never changed in place: clones share the dict until one of them writes.
    rnd._pstate = {**rnd._pstate, name: value}
    rnd._changed()


def set_target(rnd: Round, target: int) -> None:
    """The card points the contract now needs."""
    rnd._target = target


def set_multiplier(rnd: Round, multiplier: int) -> None:
    """The stake multiplier."""
    rnd._multiplier = multiplier


def set_stake(rnd: Round, game_points: int | None) -> None:
    """A fixed number of game points the hand is played for."""
    rnd._stake = game_points


def show_cards(rnd: Round, mask: int) -> None:
    """Cards still held that everyone has now seen."""
    rnd._shown |= mask


def expose_trump(rnd: Round, seat: int | None = None, from_first: bool = False) -> None:
    """Turn the concealed trump up now, by rule (by ``seat``, default its holder;
    ``from_first``: trumps count from the trick's first card); nothing when no trump is
    concealed."""
    # (A seventh card still to be dealt has no suit yet: nothing to expose.)
    if rnd._trump_suit >= 0 and rnd._exposed_at is None:
        rnd._changed()
        rnd._exposure(rnd._bidder if seat is None else seat, from_first, False, True)


def set_contract(rnd: Round, seat: int, bid: int, denomination: str | None) -> None:
    """Make ``seat`` the declarer of ``bid`` (a default contract)."""
    rnd._bidder = seat
    rnd._high_bid = bid
    rnd._denomination = denomination


def begin_every_trick_contract(rnd: Round, seat: int, contract: str, partners_play: bool,
                               rank_order: tuple[str, ...] | None) -> None:
    """``seat`` plays for every trick, without a trump (see
    :meth:`~twentyeight.phases.Transitions._begin_every_trick_contract`)."""
    rnd._begin_every_trick_contract(seat, contract, partners_play, rank_order)


def open_trump(rnd: Round, suit: int) -> None:
    """The trump is now suit number ``suit``, known to all, unless a trump is already
    chosen."""
    if not trump_chosen(rnd):
        set_trump(rnd, suit, known_to=ALL, exposed=True)
        rnd._exposed_by = rnd._bidder
        rnd._run_checks("trump-exposed")


# ---------------------------------------------------------------- the deal's order


def deal_ids(rnd: RoundState) -> tuple[tuple[int, ...], ...]:
    """Each seat's card ids in the order dealt, worked out once from the seed (or, for
    a resampled deal, from its packets)."""
    if rnd._deal is None:
        if rnd.seed is None:
            # A resampled deal: its packets are known, the order within them is not.
            seventh = (rnd._bidder, rnd._concealed) \
                if rnd._concealed >= 0 and not rnd._trump_known >> rnd._bidder & 1 else None
            rnd._deal = rows_of_packets(rnd, seventh)
        else:
            cfg = rnd.ruleset.config
            rnd._deal = shuffle_deal(rnd.deck.size, cfg.players, cfg.deal_packets,
                                     rnd.dealer, rnd.seed)
    return rnd._deal


def rows_of_packets(rnd: RoundState,
                    seventh: tuple[int, int] | None) -> tuple[tuple[int, ...], ...]:
    """Each seat's cards in dealt order, from the packets (by id within a packet);
    ``seventh``: a seat and the card that is its seventh one dealt."""
    rows = []
    for seat in range(rnd._n):
        row: list[int] = []
        for packet in rnd._packet_masks:
            row += iter_bits(packet[seat])
        if seventh is not None and seventh[0] == seat:
            here, at = row.index(seventh[1]), rnd.ruleset.config.trump.undealt_position() - 1
            row[here], row[at] = row[at], row[here]
        rows.append(tuple(row))
    return tuple(rows)
