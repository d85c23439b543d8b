"""Types of the C search of plain play (see :mod:`twentyeight.solver_kernel`)."""

from collections.abc import Callable, Sequence

class Table:
    """A transposition table of the C search."""

    def __init__(self, key_words: int) -> None: ...
    def entries(self) -> int: ...

class Kernel:
    """The C search of plain play."""

    def __init__(self, *, table: Table | None, points: Sequence[int], suit_of: Sequence[int],
                 strength: Sequence[int], lead_order: Sequence[int],
                 feed_order: Sequence[int], dump_order: Sequence[int],
                 ranks: Sequence[Sequence[int]], stride: int, suit_lows: Sequence[int],
                 width: int, next_seat: Sequence[int],
                 seat_order: Sequence[Sequence[int]], size: int, n_tricks: int,
                 last_points: int, bidder: int, trump: int, concealed: int,
                 follow_exposes: bool, void_if_unexposed: bool, total: int,
                 track_leads: bool, seat_bits: int, suit_bits: int, annulled: bool,
                 hands: list[int],
                 legal: Callable[[int, list[int], int, int, int, bool], tuple[int, bool]],
                 expose: Callable[[int, list[int], int, int, bool, bool], tuple[int, int]],
                 set_exposed_at: Callable[[None], None],
                 outcome: Callable[[list[int], int, int], tuple[int, int]],
                 budget: Callable[[int], int], by_pattern: bool, watch_led: bool,
                 watch_trump_led: bool, shown: int, at_least: Sequence[int],
                 at_most: Sequence[int], loner: int, follow_by_led: bool,
                 exposure_by_led: bool, exposure: Callable[[], tuple[int, int, int]],
                 set_exposure: Callable[[int, int, int], None]) -> None: ...
    def run(self, leader: int, p0: int, p1: int, done: int, alpha: int, beta: int,
            nodes: int, next_check: int, hidden: bool, trump_from: int, must_trump: int,
            led_suits: int, trump_led: bool, /) -> tuple[int, int]: ...
    def nodes(self) -> int: ...
    def table(self) -> Table: ...
