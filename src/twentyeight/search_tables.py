"""What the solver's searches read of a ruleset, how they order moves, and how they keep
bounds in their transposition table.

Both searches of :mod:`twentyeight.solver` use these pieces: the one over copies of the
round and the one over a few numbers (:mod:`twentyeight.solver_kernel`).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Final

from .actions import Action
from .cards import iter_bits
from .legality import follow_reads_led_card_only
from .phases import exposure_reads_led_card_only
from .tricks import rank_tables

if TYPE_CHECKING:
    from .ruleset import Ruleset

__all__ = ["CARD_BITS", "INFINITY", "SCALE", "Entry", "SearchTables", "groups", "outside_of",
           "search_tables", "stored_entry", "window"]

SCALE: Final = 1 << 10
"""A line's value is ``margin * SCALE + first side's points``: the margin decides, the
first side's points break a tie (below ``SCALE / 2`` either way in every ruleset)."""

INFINITY: Final = 1 << 40
"""Beyond every value a line can have."""

CARD_BITS: Final = 6
"""Bits that hold a card id in a number made of several (a deck holds at most 64
cards, :class:`~twentyeight.cards.DeckSpec`)."""

_CARD_MASK: Final = (1 << CARD_BITS) - 1

_HOOKS_OUTSIDE_THE_KERNEL: Final = frozenset({"on_play", "on_trick", "exposed_lead"})
"""The trump part's hooks the kernel does not ask (a card turned face down as it is
played, a change once a trick is complete, a lead that reads the finished tricks): a
ruleset whose part has one active is searched over copies of the round."""


class SearchTables:
    """What the searches read of a ruleset, made once per ruleset."""

    __slots__ = ("at_least", "at_most", "compressed", "dump_order", "exposure_by_led",
                 "feed_order", "follow_by_led", "keyed_plugins", "lead_order", "loner",
                 "plain", "points", "rank_pattern", "ranks", "strength", "stride",
                 "suit_of", "suit_runs", "watch_led", "watch_trump_led")

    def __init__(self, ruleset: Ruleset) -> None:
        deck = ruleset.deck
        self.points = deck.points
        self.strength = deck.strength
        self.suit_of = deck.suit_of
        at_least, at_most = [], []
        for c in range(deck.size):
            suit = deck.suit_mask[deck.suit_of[c]]
            s = deck.strength[c]
            at_least.append(sum(1 << d for d in range(deck.size)
                                if suit >> d & 1 and deck.strength[d] >= s))
            at_most.append(sum(1 << d for d in range(deck.size)
                               if suit >> d & 1 and deck.strength[d] <= s))
        self.at_least: tuple[int, ...] = tuple(at_least)
        """The cards of each card's suit ranked at least as high."""
        self.at_most: tuple[int, ...] = tuple(at_most)
        """The cards of each card's suit ranked at most as high."""
        cards = range(deck.size)
        self.lead_order = tuple(-deck.strength[c] for c in cards)
        """Sort key of a card to lead: high cards first."""
        self.feed_order = tuple(-deck.points[c] * 64 + deck.strength[c] for c in cards)
        """Sort key under a partner who is winning: points first, strong cards kept."""
        self.dump_order = tuple(4096 + deck.points[c] * 64 + deck.strength[c] for c in cards)
        """Sort key of a card that cannot win the trick: as little as possible given,
        after every card that wins (those sort by their strength, below 4096)."""
        # A rule that names a rank tells that rank's cards apart from their neighbours.
        self.loner = deck.rank_mask("J") if "J" in deck.spec.ranks and \
            ruleset.config.no_jack_discard else 0
        cfg = ruleset.config
        self.watch_led = cfg.no_jack_discard is True  # the strict form bars every Jack
        """Whether the suits led so far decide anything later."""
        self.watch_trump_led = cfg.bidder_trump_lead == "after-trump-led"
        """Whether a trump led by a defender decides anything later."""
        from .plugins import RulePlugin

        base = RulePlugin.position_key
        self.keyed_plugins = tuple(
            p for p in ruleset.config.plugins
            if p._hooks_the_cards() or (type(p).position_key is not base
                                        and not p.play_moves_contract_only))
        """The plug-ins whose :meth:`~twentyeight.plugins.RulePlugin.position_key` a
        search of card points must read (one whose play actions move only the contract,
        :attr:`~twentyeight.plugins.RulePlugin.play_moves_contract_only`, leaves every
        side's card points where they were: its key is not read)."""
        # Where a card is told from its neighbours only by its rank order and points,
        # the start of a trick is keyed by the pattern of what each seat holds among the
        # cards left of each suit, not by which cards they are: positions that differ
        # only in which low card went earlier then share one entry. That needs every
        # suit's cards to rank strictly by id, one copy each, no rule that names a rank
        # and no plug-in reading the cards.
        width = deck.suit_width
        runs = tuple((deck.suit_mask[s].bit_length() - width, (1 << width) - 1)
                     for s in range(deck.n_suits))
        strictly = all(
            deck.suit_mask[s] == ((1 << width) - 1) << low and all(
                deck.strength[low + i] < deck.strength[low + i + 1] for i in range(width - 1))
            for s, (low, _) in enumerate(runs))
        self.compressed = (strictly and deck.spec.copies == 1 and not self.loner
                           and not self.keyed_plugins and width <= 12)
        self.suit_runs = runs
        self.rank_pattern: dict[tuple[int, ...], Hashable] = {}
        """Memo: the seats' cards of a suit (as the suit's bits) and their pattern
        (:meth:`_squeeze`)."""
        # What only a round can do in the play: plug-ins' calls and hooks after a trick
        # (every plug-in that hooks the cards is keyed), negative points, a rule that
        # reads the finished tricks, and checks at the exposure that read the play.
        self.plain = (not self.keyed_plugins
                      and min(deck.points) >= 0
                      and cfg.last_trick_points >= 0
                      and not _HOOKS_OUTSIDE_THE_KERNEL & cfg.trump.active_hooks()
                      and all(c.settled_by_the_deal
                              for c in ruleset.checks_at.get("trump-exposed", ())))
        """Whether the play, from the start of a trick past the claim windows, can be
        searched by :class:`~twentyeight.solver_kernel.Kernel` (positions of a round of
        a single hand or with an unseen seventh card excepted)."""
        self.follow_by_led: bool = follow_reads_led_card_only(cfg)
        """Whether the engine's answer of what a player following may play depends, of
        the trick under way, on its first card and its number of cards alone (the
        kernels keep the answers by that much)."""
        self.exposure_by_led: bool = exposure_reads_led_card_only(cfg)
        """Whether what an exposure of the trump changes depends on the exposing seat,
        how it exposed, the trick's first card and size, the bidder's hand and the
        trump's state alone (the search in C keeps it by that much)."""
        self.ranks: tuple[tuple[int, ...], ...] = rank_tables(deck.suit_of, deck.strength,
                                                              deck.n_suits)
        """The deck's :func:`~twentyeight.tricks.rank_tables`."""
        self.stride: int = deck.n_suits + 1
        """The number of rank tables for each suit led (suits + 1)."""

    def pattern_number(self, held: tuple[int, ...], numbers: dict[tuple[int, ...], int],
                       ids: dict[tuple[Hashable, ...], int]) -> int:
        """A number for the pattern of ``held`` (each seat's cards and the face-down
        card, -1 for none): for each suit, the points of its cards left in rank order
        and each holder's share of them as bits of that order. Equal patterns, equal
        numbers. ``numbers`` keeps the number of each ``held`` met, ``ids`` that of each
        pattern (both one search's)."""
        number = numbers.get(held)
        if number is not None:
            return number
        memo = self.rank_pattern
        holders = list(held[:-1])
        if held[-1] >= 0:
            holders.append(1 << held[-1])
        out: list[Hashable] = []
        for low, full in self.suit_runs:
            parts = tuple([(h >> low) & full for h in holders])
            squeezed = memo.get(parts)
            if squeezed is None:
                squeezed = memo[parts] = self._squeeze(low, parts)
            out.append(squeezed)
        pattern = tuple(out)
        number = ids.get(pattern)
        if number is None:
            number = ids[pattern] = len(ids)
        numbers[held] = number
        return number

    def _squeeze(self, low: int, parts: tuple[int, ...]) -> Hashable:
        """The points of the suit's cards left (``low``: its first id) in rank order,
        and each seat's share of them as bits of that order."""
        points = self.points
        left = 0
        for part in parts:
            left |= part
        pattern = []
        shares = [0] * len(parts)
        bit = 1
        for i in range(left.bit_length()):
            if left >> i & 1:
                pattern.append(points[low + i])
                for seat, part in enumerate(parts):
                    if part >> i & 1:
                        shares[seat] |= bit
                bit <<= 1
        return (tuple(pattern), *shares)

    def cards(self, mask: int, mine: int, outside: int, concealed: int, seat: int,
              trick: list[int], trump: int, trumps_from: int,
              seats: tuple[int, ...]) -> list[int]:
        """Of the cards of ``mask`` (legal for ``seat``, who holds ``mine``), those to
        search, best first: equivalent cards but one left out (``outside`` and
        ``concealed`` as for :func:`groups`). Leads go high cards first; following
        ``trick`` (``trump``: the suit that counts, -1: none yet; ``trumps_from``: the
        first position where it does; ``seats``: the trick's seats in order), points go
        to a partner who is winning, else the cheapest winner goes first, then the card
        that gives away least."""
        points, suit_of, strength = self.points, self.suit_of, self.strength
        kept: list[int]
        if self.compressed:
            # Cards rank by id within a suit: of each run of equivalent cards, the
            # lowest (the cards between two of a suit are the bits between them).
            kept = []
            prev = -1
            while mask:
                low = mask & -mask
                c = low.bit_length() - 1
                mask ^= low
                if (prev < 0 or suit_of[prev] != suit_of[c] or points[prev] != points[c]
                        or outside & (low - (2 << prev)) or c == concealed
                        or prev == concealed):
                    kept.append(c)
                prev = c
        else:
            kept = [g[0] for g in groups(self, list(iter_bits(mask)), mine, outside,
                                         concealed)]
        if len(kept) < 2:
            return kept
        if not trick:
            lead = self.lead_order
            return _in_key_order([lead[c] << CARD_BITS | c for c in kept])
        ranks = self.ranks
        row = suit_of[trick[0]] * self.stride
        plain = ranks[row]
        counted = ranks[row + trump + 1]
        best, best_at = -2, 0
        for i, c in enumerate(trick):
            r = (counted if i >= trumps_from else plain)[c]
            if r > best:
                best, best_at = r, i
        if seats[best_at] & 1 == seat & 1:
            feed = self.feed_order
            return _in_key_order([feed[c] << CARD_BITS | c for c in kept])
        now = counted if len(trick) >= trumps_from else plain
        dump = self.dump_order
        return _in_key_order([(strength[c] if now[c] > best else dump[c]) << CARD_BITS | c
                              for c in kept])


def _in_key_order(keyed: list[int]) -> list[int]:
    """The cards of ``keyed`` (each a sort key shifted up by :data:`CARD_BITS`, plus the
    card) in the order of their keys, ties by card: plain numbers sort fastest."""
    keyed.sort()
    return [k & _CARD_MASK for k in keyed]


def outside_of(hands: list[int], seat: int, trick: list[int], concealed: int) -> int:
    """The cards still in play that ``seat`` does not hold: the other hands, the
    face-down trump (``concealed``, -1: none) and the trick in progress."""
    outside = 0
    for m in hands:
        outside |= m
    outside &= ~hands[seat]
    for c in trick:
        outside |= 1 << c
    if concealed >= 0:
        outside |= 1 << concealed
    return outside

def search_tables(ruleset: Ruleset) -> SearchTables:
    """The tables of ``ruleset``, made at its first search and kept on it."""
    return ruleset._solver_tables_obj or ruleset._made_once(  # type: ignore[no-any-return]
        "_solver_tables_obj", SearchTables)

Entry = tuple[int, int, Action | None]
"""A transposition table's entry: the lowest and highest value of a trick's start,
less the value of the points already won, and the best move found there."""


def window(entry: Entry | None, base: int, alpha: int,
            beta: int) -> tuple[int | None, int, int]:
    """What a position's ``entry`` (``None``: none yet) tells a search of it in the
    window ``alpha``..``beta`` (``base``: the value of the points already won): the
    value to return at once if the bounds settle it, else ``None`` and the window
    narrowed to the bounds."""
    if entry is None:
        return None, alpha, beta
    low = entry[0] + base
    high = entry[1] + base
    if low >= beta:
        return low, alpha, beta
    if high <= alpha or low == high:
        return high, alpha, beta
    return None, max(alpha, low), min(beta, high)


def stored_entry(entry: Entry | None, base: int, alpha: int, beta: int, best: int,
           move: Action | None) -> Entry:
    """The entry for a position whose search in the window ``alpha``..``beta`` found
    ``best`` by ``move``, narrowing the bounds of its earlier ``entry`` (values less
    ``base``, the value of the points already won)."""
    low, high = -INFINITY, INFINITY
    if entry is not None:
        low, high = entry[0] + base, entry[1] + base
    if best <= alpha:
        high = min(high, best)
    elif best >= beta:
        low = max(low, best)
    else:
        low = high = best
    return low - base, high - base, move

def groups(tables: SearchTables, cards: list[int], mine: int, outside: int,
            concealed: int) -> list[list[int]]:
    """``cards`` (held in ``mine``, of the seat to act) in groups of equivalent cards,
    the first of each group the one to search (``outside``: the cards still in play the
    seat does not hold, :func:`outside_of`; ``concealed``: the face-down trump, -1:
    none)."""
    strength, suit_of, points = tables.strength, tables.suit_of, tables.points
    ordered = sorted(cards, key=lambda c: (suit_of[c], strength[c]))
    groups: list[list[int]] = []
    prev = -1
    for c in ordered:
        if (prev >= 0 and suit_of[prev] == suit_of[c] and points[prev] == points[c]
                and c != concealed and prev != concealed and mine >> c & 1
                and not (tables.at_least[prev] & tables.at_most[c] & outside)
                and (strength[prev] == strength[c]
                     or not (tables.loner >> c & 1 or tables.loner >> prev & 1))):
            groups[-1].append(c)
        else:
            groups.append([c])
        prev = c
    return groups
