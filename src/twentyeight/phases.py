"""The phase machine: what an applied action does to a round, from the auction
through the trump, the call windows, the rest of the deal and the play to the score.

Every method here runs after :mod:`~twentyeight.legality` has accepted the action;
plug-ins hook in through their :class:`~twentyeight.port.RoundPort`.
"""

from __future__ import annotations

import attrs

from .actions import (
    NO_TRUMP,
    Action,
    Bid,
    LayTrump,
    Pass,
)
from .config import HandOutcome, RedealEvent, RulesetConfig, ScoringSystem
from .legality import CALL_TRUMP, Legality
from .plugin_port import playing
from .results import RoundResult
from .sight import ALL, set_trump
from .state import AUCTION, CALLS, NO_TRUMP_YET, OVER, PLAY, TRUMP

_MAX_RESULTS = 4096
"""Results kept per ruleset for reuse (a few thousand cover 28's possible ends)."""


class Transitions(Legality):
    """The transitions of a round, by phase."""

    __slots__ = ()

    def _auction(self, seat: int, action: Action) -> None:
        self._actions.append((seat, action))
        self._legal_cache = None  # _changed(), written out: every auction call comes here
        kind = type(action)
        if kind is Bid:
            self._high_bid = action.value  # type: ignore[attr-defined]
            self._bidder = seat
            self._denomination = action.denomination  # type: ignore[attr-defined]
            bids_by = list(self._bids_by)
            bids_by[seat] += 1
            self._bids_by = tuple(bids_by)
            self._pass_run = 0
            self._multiplier = 1
        elif kind is Pass:
            self._passed |= 1 << seat
            self._pass_run += 1
        else:
            self._pass_run = 0
            self._auction_rules.apply_extra(self._port, seat, action)
        self._spoken |= 1 << seat
        if self._reopened_bid is not None:
            # Views list a second auction's calls with the calls made after the first.
            self._call_log += ("auction",)
            if kind is Bid:
                _withdraw_trump(self)
        nxt = self._auction_rules.next_to_speak((self._port_obj or self._port), seat, action)
        if nxt is None:
            self._end_auction()
        else:
            self.to_act = nxt

    def _end_auction(self) -> None:
        if self._reopened_bid is not None:
            self._end_second_auction()
            return
        self._auction_len = len(self._actions)
        if self._bidder < 0:
            self._auction_rules.all_passed(self._port)
            if self._bidder < 0:
                self._annul("all-passed")
                return
        self._target = self._high_bid
        _contract_trump(self)

    def _choose_trump(self, seat: int, action: Action) -> None:
        self._actions.append((seat, action))
        self._legal_cache = None  # _changed(), written out (hot path)
        if self._lays_trump and type(action) is LayTrump:
            # The core's choice, made here: the same change the part's choose() makes
            # through the port, whose checks the legal choices already passed.
            cid = self._ids[action.card]
            if not self._hands[seat] >> cid & 1:
                cid = self.deck.held_copy(self._hands[seat], cid)
            set_trump(self, -1, cid, 1 << seat)
        else:
            self._trump.choose(self._port_obj or self._port, seat, action)
        if self.is_over:  # (a part's own choice may end the round)
            return
        self._after_trump()

    def _after_trump(self) -> None:
        if not (self._windows_at["trump-chosen"] and self._open_windows("trump-chosen")):
            self._complete_deal()

    def _complete_deal(self) -> None:
        if self._reopened_bid is None:
            rest = len(self._packet_masks) - self._packets_dealt
            self._deal_packets(rest)
            # (An auction on the whole hand had the hook asked when the round began.)
            if rest and self._after_deal:
                self._trump.after_deal(self._port_obj or self._port)
            if self._checks_at["deal-complete"] and self._run_checks("deal-complete"):
                return
            first = self._auction_rules.reopen(self._port_obj or self._port)
            if first is not None:
                self._changed()
                self._reopened_bid = self._high_bid
                self._pass_run = 0
                self.phase = AUCTION
                self.to_act = first
                return
        # (A trump chosen after a second auction comes here too: the deal is complete.)
        self._before_play()

    def _before_play(self) -> None:
        if not (self._windows_at["before-play"] and self._open_windows("before-play")):
            self._start_play()

    def _end_second_auction(self) -> None:
        """The second auction is over: the contract stands, or the higher bid that
        replaced it (and voided its trump) gets a trump of its own."""
        self._changed()
        if self._high_bid == self._reopened_bid:
            self._before_play()
            return
        self._target = self._high_bid
        _contract_trump(self)

    def _start_play(self) -> None:
        self._legal_cache = None  # _changed(), written out (hot path)
        self.phase = PLAY
        self.to_act = self._leader

    def _open_windows(self, event: str) -> bool:
        self._pending_windows = self._windows_at[event]
        self._window_event = event
        return self._next_window()

    def _next_window(self) -> bool:
        """Open the next pending window that wants to open; False when none does."""
        while self._pending_windows:
            plugin = self._pending_windows[0]
            self._pending_windows = self._pending_windows[1:]
            first = plugin.open_window(self._port)
            if first is not None:
                self._changed()
                self._window = plugin
                self.phase = CALLS
                self.to_act = first
                return True
        self._window = None
        return False

    def _window_call(self, seat: int, action: Action) -> None:
        window = self._window
        assert window is not None
        self._actions.append((seat, action))
        self._call_log += (window.name,)
        self._changed()
        nxt = window.window_apply(self._port, seat, action)
        if self.is_over:
            return
        if nxt is not None:
            self.to_act = nxt
            return
        if self._next_window():
            return
        if self._window_event == "trump-chosen":
            self._complete_deal()
        else:
            self._start_play()

    def _call_trump(self, seat: int) -> None:
        self._actions.append((seat, CALL_TRUMP))
        self._legal_cache = None  # _changed(), written out (hot path)
        self._exposure(seat, False, True, True)

    def _exposure(self, seat: int, followed: bool, called: bool,
                  checks: bool = False) -> None:
        """What the exposure of the trump by ``seat`` changes in the play (the solver
        makes the same change through it): a caller bound to trump, the face-down card
        back in the bidder's hand, and the first position of the trick from which
        trumps count (the trump part's
        :meth:`~twentyeight.trump.TrumpRules.binds_caller` and
        :meth:`~twentyeight.trump.TrumpRules.exposure_from` say). ``called``: by a call
        for the trump; else by playing the face-down card, and ``followed`` when that
        followed the trump suit led, so that every card of the trick so far followed
        suit. With ``checks``, the redeal checks at the exposure are asked after."""
        self._exposed_by = seat
        self._exposed_at = (len(self._tricks), len(self._trick))
        if self._concealed >= 0 and self._concealed not in self._trick:
            # (Not a card cut face down into this trick: that one is played.)
            self._hands[self._bidder] |= 1 << self._concealed
        port = self._port_obj or self._port
        trump = self._trump
        if called and trump.binds_caller(port, seat):
            self._must_trump = seat
        self._trump_from = trump.exposure_from(
            port, "call" if called else "follow" if followed else "play")
        if checks:
            self._run_checks("trump-exposed")

    def _play(self, cid: int) -> None:
        seat: int = self.to_act  # type: ignore[assignment]
        self._actions.append((seat, self._play_of[cid]))
        self._legal_cache = None
        trick = self._trick
        # (The face-down trump card played face down, a part's cut, stays concealed
        # until the trick is complete.)
        if cid == self._concealed and self._exposed_at is None \
                and not self._down >> cid & 1:
            self._exposure(seat, self._follow_exposes and bool(trick)
                           and self._suit_of[trick[0]] == self._trump_suit, False, True)
            if self.is_over:
                return
        if self._aside >> cid & 1:
            self._aside ^= 1 << cid  # laid aside, played face down: it stays down
        else:
            # (Not ^=: the face-down trump card is in no hand.)
            self._hands[seat] &= ~(1 << cid)
        if not trick:
            suit = self.deck.suit_of[cid]
            self._led_suits |= 1 << suit
            if seat != self._bidder and suit == self._trump_suit:
                self._trump_led = True
        trick.append(cid)
        if len(trick) < self._trick_size:
            self.to_act = self._next_seat[seat]
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        trick = self._trick
        exposed = self._exposed_at is not None
        trump = self._trump_suit if exposed else -1
        trump_from = self._trump_from
        best_i, pts = self._trick_outcome(trick, trump, trump_from)
        if self._down:
            best_i = _face_up_winner(self, trick, trump, trump_from, best_i)
        seats = self._seat_order[self._leader]
        winner = seats[best_i]
        done = len(self._tricks) + 1
        last = done == self._n_tricks
        if last:
            pts += self._last_trick_points
        team = winner & 1
        scored, won = self._team_points, self._team_tricks
        if team:
            self._team_points = (scored[0], scored[1] + pts)
            self._team_tricks = (won[0], won[1] + 1)
        else:
            self._team_points = (scored[0] + pts, scored[1])
            self._team_tricks = (won[0] + 1, won[1])
        # The list is not touched again: the next trick starts with a new one.
        self._tricks += ((seats, trick, winner, pts, trump_from if trump >= 0 else None),)
        self._trick = []
        self._must_trump = -1
        if exposed:
            self._trump_from = 0
        if last or (self._all_tricks and winner != self._bidder):
            self._score()
            return
        for plugin in self._trick_plugins:
            plugin.after_trick(self._port_obj or self._port)
            if self.is_over:
                return
        self._leader = winner
        self.to_act = winner
        # (A plug-in may have exposed the trump after the trick: read it again.)
        if self._exposed_at is None and self._trump_suit >= 0 and done + 1 == self._n_tricks:
            reason = self._trump.last_trick(self._port_obj or self._port)
            if reason is not None:
                self._annul(reason)
                return
        if self._windows_at["after-trick"]:
            self._open_windows("after-trick")

    def _run_checks(self, event: RedealEvent) -> bool:
        for check in self._checks_at[event]:
            if check.automatic(self._port_obj or self._port, event):
                self._annul(check.name)
                return True
        return False

    def _end(self, result: RoundResult) -> None:
        """The round is over with ``result``: nobody acts any more."""
        self._legal_cache = None  # _changed(), written out (hot path)
        self.phase = OVER
        self.is_over = True
        self.to_act = None
        self._result = result

    def _annul(self, reason: str) -> None:
        self._end(RoundResult(
            card_points=self._team_points,
            tricks_won=self._team_tricks,
            bidder=self._bidder if self._bidder >= 0 else None,
            bidding_team=self._bidder & 1 if self._bidder >= 0 else None,
            bid=self._high_bid if self._bidder >= 0 else None,
            target=None,
            made=None,
            game_points=(0, 0),
            annulled=reason,
            contract=self._contract,
            denomination=self._denomination,
            multiplier=self._multiplier,
        ))

    def _score(self) -> None:
        if self._trump.reveal_at_end:
            self._down = 0  # the hand is counted: every card is turned up
        # A result depends only on these facts, so rounds that end alike share one
        # (frozen) result and the scoring system is asked once for them.
        # (Who won the last trick played, the hand's last unless it ended early: the
        # seat, not only the team, since an every-trick contract is its declarer's.)
        last_seat = self._tricks[-1][2] if self._tricks else None
        settled = None
        for plugin in self._settlers:
            settled = plugin.settle(self._port_obj or self._port)
            if settled is not None:
                break
        key = (self._bidder, self._high_bid, self._target, self._team_points,
               self._team_tricks, self._all_tricks, self._contract, self._denomination,
               self._multiplier, self._stake, last_seat, settled)
        results = self._results
        result = results.get(key)
        if result is None:
            if len(results) >= _MAX_RESULTS:
                results.clear()
            result = results[key] = _new_result(
                self, None if last_seat is None else last_seat & 1, settled)
        self._end(result)

    def _begin_every_trick_contract(self, seat: int, contract: str,
                                    partners_play: bool = False,
                                    rank_order: tuple[str, ...] | None = None) -> None:
        """``seat`` now plays to win every trick itself, without a trump:
        a concealed trump card goes back to its holder's hand, ``seat``'s partners sit
        out (unless ``partners_play``), ``seat`` leads, doubling is void, the suits rank
        ``rank_order`` if given, and the hand ends at the first trick ``seat`` does not
        win."""
        if self._concealed >= 0 and self._exposed_at is None:
            self._hands[self._bidder] |= 1 << self._concealed
        self._concealed = -1
        self._trump_suit = -1
        self._exposed_at = None
        self._trump_from = NO_TRUMP_YET
        self._trump_known = ALL  # no trump: nothing left to know
        self._bidder = seat
        self._contract = contract
        self._all_tricks = True
        self._target = None
        self._multiplier = 1
        self._stake = None
        if not partners_play:
            team = seat & 1
            self._set_active(sum(1 << s for s in range(self._n) if s == seat or s & 1 != team))
        self._leader = seat
        # (None: the deck's own ranks, as before the contract.)
        self._trick_outcome = self.ruleset._outcome_in(rank_order)
        self._rank_order = rank_order
        self._changed()


def exposure_reads_led_card_only(config: RulesetConfig) -> bool:
    """Whether what an exposure of the trump changes in the play
    (:meth:`Transitions._exposure`: who must trump, from which card of the trick trumps
    count, the face-down card back in the bidder's hand, the record of the exposure)
    depends, of what the solver's kernel changes, on the exposing seat, how it exposed
    (a call, or the face-down card played, following the suit led or not), the trick's
    first card and size, whether the face-down card is in it, the bidder's hand and
    the trump's state before (who must trump, from which card trumps count) alone.
    ``_exposure`` itself reads no more; the trump part's hooks say for themselves
    (:meth:`~twentyeight.trump.TrumpRules.exposure_reads_trick`). The solver keeps
    what an exposure changes by that much where this holds."""
    return not config.trump.exposure_reads_trick()


def _face_up_winner(rnd: Transitions, trick: list[int], trump: int, trump_from: int,
                    best_i: int) -> int:
    """The position of the card that wins ``trick``, complete with face-down cards in
    it (``best_i``: the winner counting every card): a card still face down cannot win,
    so the best face-up card does (the first face-up card's suit counting as led); a
    face-down card's points go to the winner all the same."""
    down = rnd._down
    up = [i for i, c in enumerate(trick) if not down >> c & 1]
    if not up or len(up) == len(trick):
        return best_i
    # Trumps count from the same card as in the whole trick.
    start = sum(1 for i in up if i < trump_from)
    best, _ = rnd._trick_outcome([trick[i] for i in up], trump, start)
    return up[best]


def _withdraw_trump(rnd: Transitions) -> None:
    """A new bid in a second auction voids the contract's trump: a face-down card
    goes back, unseen, to the hand it came from (at once, so that nobody, the new
    bidder included, is shown it), and the calls on the old bid lapse."""
    c = rnd._concealed
    if c >= 0:
        owner = next(s for s in range(rnd._n) if rnd._dealt[s] >> c & 1)
        rnd._hands[owner] |= 1 << c
    rnd._concealed = -1
    rnd._trump_suit = -1
    rnd._exposed_at = None
    rnd._exposed_by = -1
    rnd._trump_from = NO_TRUMP_YET
    rnd._stake = None


def _contract_trump(rnd: Transitions) -> None:
    """The trump of the contract just won: the one its bid names (or none) and known
    to all from the start, or one a seat (the trump part's
    :meth:`~twentyeight.trump.TrumpRules.chooser`) chooses now."""
    d = rnd._denomination
    # A No Trump contract (a bid naming none, or one an all-pass rule set) has no
    # trump to choose, whatever marks the trump otherwise.
    seat = None if d == NO_TRUMP else rnd._trump.chooser(rnd._port_obj or rnd._port)
    if seat is None:
        set_trump(rnd, -1 if d is None or d == NO_TRUMP else rnd.deck.spec.suits.index(d),
                  known_to=ALL, exposed=True)
        rnd._after_trump()
        return
    rnd.phase = TRUMP
    rnd.to_act = seat


def _new_result(rnd: Transitions, last_trick_team: int | None,
                settled: tuple[int, ...] | None = None) -> RoundResult:
    """The result of ``rnd``'s finished hand (``settled``: the game points a plug-in's
    call decided)."""
    cfg = rnd.ruleset.config
    team = rnd._bidder & 1
    outcome = HandOutcome(
        teams=2,
        bidding_team=team,
        bid=rnd._high_bid,
        target=rnd._target,
        card_points=rnd._team_points,
        tricks_won=rnd._team_tricks,
        # (An every-trick contract ends at the first trick its declarer loses.)
        made=rnd._tricks[-1][2] == rnd._bidder if rnd._all_tricks else
        rnd._team_points[team] >= rnd._target,  # type: ignore[operator]
        contract=rnd._contract,
        multiplier=rnd._multiplier,
        stake=rnd._stake,
        less_than_half_doubles=cfg.less_than_half_doubles,
        last_trick_team=last_trick_team,
    )
    scoring = cfg.scoring
    if not rnd._all_tricks and \
            type(scoring).contract_made is not ScoringSystem.contract_made:
        # The scoring system says whether a points contract was made (Thunee's count).
        outcome = attrs.evolve(outcome, made=scoring.contract_made(outcome))
    made = outcome.made
    game_points = outcome.game_points(cfg.scoring)
    if settled is not None:
        # A plug-in's call decided the hand (RulePlugin.settle).
        game_points = tuple(settled)
        made = game_points[team] > max(p for t, p in enumerate(game_points) if t != team)
    return RoundResult(
        card_points=outcome.card_points,
        tricks_won=outcome.tricks_won,
        bidder=rnd._bidder,
        bidding_team=team,
        bid=rnd._high_bid,
        target=outcome.target,
        made=made,
        game_points=game_points,
        contract=rnd._contract,
        denomination=rnd._denomination,
        multiplier=rnd._multiplier,
        stake=rnd._stake,
    )


def _play_hooked(rnd: Transitions, cid: int) -> None:
    """``_play`` of a ruleset whose trump part turns cards face down as they are
    played (:meth:`~twentyeight.trump.TrumpRules.on_play`) or whose plug-ins are told
    of every card (:meth:`~twentyeight.plugins.RulePlugin.after_card`): the round's
    class takes it under the name ``_play``, so that other rounds pay nothing."""
    seat: int = rnd.to_act  # type: ignore[assignment]
    # (The port is made only when a hook runs: a clone's first play often asks none.)
    if rnd._on_play and rnd._exposed_at is None and rnd._trump_suit >= 0:
        playing(rnd._port_obj or rnd._port, seat, cid, rnd._trump.on_play)
    Transitions._play(rnd, cid)
    for plugin in rnd._card_plugins:
        if rnd.is_over:
            return
        plugin.after_card(rnd._port_obj or rnd._port, seat)


def _finish_hooked(rnd: Transitions) -> None:
    """``_finish_trick`` of a ruleset whose trump part looks at each complete trick
    while cards lie face down (:meth:`~twentyeight.trump.TrumpRules.on_trick`; taken
    under that name too)."""
    if rnd._down:
        rnd._trump.on_trick(rnd._port_obj or rnd._port)
        if rnd.is_over:
            return
    Transitions._finish_trick(rnd)
