"""The ``play`` command: one person (seat 0, or ``--seat``) against bots in the terminal,
reading each move as a number from the list or as typed text; the round can be saved
(``--record``) and gone on with later (``--resume``)."""

from __future__ import annotations

import argparse
import random
import sys

from ..actions import Action, Bid
from ..bots import Bot, bot_factory
from ..bots.simple import bot_action
from ..cards import Card
from ..errors import IllegalActionError, ParseError, TwentyEightError
from ..inputs import MAX_ACTION_TEXT, check_text, read_number
from ..registry import ruleset as lookup_ruleset
from ..render.seats import seat_label
from ..round import Phase, Round
from ..ruleset import Ruleset
from .commands import _MAX_REDEALS, _fresh_seed, _next_deal
from .narrate import _and, _plural
from .saving import STDIO, _Output, _output, _read_round, _Refused, _talk_aside
from .streams import _complain, _InputFailed, _lenient, _output_failed, _shown, _undecodable
from .style import _Style
from .view import _ViewNarrator


class _Quit(Exception):
    """The person at the terminal asked to leave."""


class _InputEnded(Exception):
    """The input ended (or there was none) before the game did."""


_EXIT_INPUT_ENDED = 1
"""The exit code of a game whose input ended before the game did: a command that could
not finish, like one whose input failed."""

_ECHO = 40
"""How much of an over-long typed line the transcript repeats."""

_DISCARD = 1 << 16
"""The characters read at a time while the rest of an over-long line is skipped."""


def _numeral(text: str) -> bool:
    """True for text written wholly in digits of any script (``16``, ``²``, ``１６``):
    the player meant a number, and :func:`read_number` decides whether it is one."""
    return text.isdigit()


class _Game(_ViewNarrator):
    """One person (seat ``seat``) against bots of the kind ``bots``, in the terminal.
    Everything shown comes from that seat's view, so the bots' cards stay hidden. With
    ``record`` the round's record is saved when the game ends or is left (``quit``, the
    end of the input, Ctrl-C), and ``resume`` is a round to go on with instead of a new
    deal (``hint``: how to go on with a saved round, said when it is saved)."""

    def __init__(self, rs: Ruleset, seed: int, style: _Style, seat: int = 0,
                 bots: str = "heuristic", *, record: _Output | None = None,
                 resume: Round | None = None, hint: str = "") -> None:
        super().__init__(rs, style, seat)
        self.seed = seed
        self.kind = bots
        self.record = record
        self.resume = resume
        self.hint = hint
        self.current: Round | None = None
        # Typed input is echoed by the terminal; show it when it comes from a pipe or file.
        isatty = getattr(sys.stdin, "isatty", None)
        self.echo = not (isatty and isatty())
        rng = random.Random(seed)
        make = bot_factory(bots)
        self.bots: list[Bot | None] = [
            None if s == self.human else make(rng.randrange(2**32))
            for s in range(self.n)
        ]

    def run(self) -> int:
        s = self.style
        self.say(s.bold(f"Ruleset {self.rs.name} {s.dash} {self.rs.description}"))
        partners = [self.names[p] for p in range(self.n)
                    if p != self.human and p % 2 == self.human % 2]
        if not partners:
            who = "no partner"
        elif len(partners) == 1:
            who = f"partner: {partners[0]}"
        else:
            who = f"partners: {_and(partners)}"
        self.say(f"You are {seat_label(self.human, self.n)}, {who}, against {self.kind} "
                 "bots.")
        self.say_wrapped("On your turn type a move's number or its text (the words you can "
                         "use are listed with the moves); 'help' lists the moves again, "
                         "'quit' leaves" + (" and saves the round." if self.record else "."))
        seed = self.seed
        dealer = seed % self.n
        rnd = self.resume
        _lenient(sys.stdin)
        try:
            for _ in range(_MAX_REDEALS):
                if rnd is None:
                    rnd = self.rs.new_round(seed=seed, dealer=dealer)
                self.current = rnd
                self.play(rnd, seed)
                assert rnd.result is not None
                if rnd.result.annulled is None:
                    self.save(over=True)
                    return 0
                dealer, seed, line = _next_deal(rnd, seed)
                rnd = None
                self.say(line)
        except _Quit:
            self.save()
            self.say("Bye.")
            return 0
        except _InputEnded:
            self.say("")
            self.save()
            sys.stdout.flush()  # the transcript before the complaint, when both are shown
            _complain("twentyeight: error: the input ended before the game did")
            return _EXIT_INPUT_ENDED
        except KeyboardInterrupt:
            # Ctrl-C at the prompt: the round so far is kept, then the command ends as
            # any interrupted one does (130).
            self.say("")
            self.save()
            raise
        self.save(over=True)
        return 1

    def save(self, over: bool = False) -> None:
        """Save the round under way (``over``: the one that ended the game) to
        ``--record``, if given, and say where."""
        if self.record is None or self.current is None:
            return
        where = self.record.save(self.current)
        if over or self.current.is_over:
            self.say(f"Saved the round's record to {where}.")
        elif self.record.to_stdout:
            self.say("Saved the round's record to standard output; save it to a file and "
                     "go on with: twentyeight play --resume FILE")
        else:
            self.say(f"Saved the round to {where}; go on with: {self.hint}")

    # ---------------------------------------------------------------- one round

    def play(self, rnd: Round, seed: int) -> None:
        s = self.style
        names = self.names
        self.say("")
        if rnd.history:
            self.say(s.bold(f"Resumed deal (seed {seed})") +
                     f" after {_plural(len(rnd.history), 'move')}: {names[rnd.dealer]} "
                     f"{self.v(rnd.dealer, 'deal')}, "
                     f"{'you' if rnd.opener == self.human else names[rnd.opener]} "
                     f"{self.v(rnd.opener, 'open')} the auction.")
        else:
            self.say(s.bold(f"New deal (seed {seed})") +
                     f": {names[rnd.dealer]} {self.v(rnd.dealer, 'deal')}, "
                     f"{'you' if rnd.opener == self.human else names[rnd.opener]} "
                     f"{self.v(rnd.opener, 'open')} the auction.")
        while not rnd.is_over:
            seat = rnd.to_act
            assert seat is not None
            before = rnd.view(self.human)
            bot = self.bots[seat]
            if bot is None:
                action = self.ask(rnd)
            else:
                action = bot_action(rnd, seat, bot)
                rnd.apply(action)
            self.narrate(rnd, seat, action, before)
        self.say("")
        self.say(self.result_text(rnd))

    def ask(self, rnd: Round) -> Action:
        """Show seat 0's view and read a move until one is legal; apply it."""
        view = rnd.view(self.human)
        self.show(view)
        legal = self.sorted_moves(rnd)
        self.show_moves(rnd, legal)
        cfg = self.rs.config
        while True:
            line = self.read()
            if line is None:
                continue
            text = line.strip()
            low = text.lower()
            if low in ("quit", "exit", "q"):
                raise _Quit
            if low in ("help", "?", "h", "moves"):
                self.show(view)
                self.show_moves(rnd, legal)
                continue
            if not text:
                if legal:
                    self.say(f"Type a number from 1 to {len(legal)}, or a move such as "
                             f"'{legal[0]}'.")
                else:
                    self.say(f"Type a move such as '{rnd.legal_actions()[0]}'.")
                continue
            action: Action
            if _numeral(text):
                try:
                    k = read_number(text)
                except ParseError as exc:
                    self.say(f"Not understood: {_shown(str(exc))}")
                    continue
                is_bid_value = rnd.phase is Phase.AUCTION and cfg.min_bid <= k <= cfg.max_bid
                say_bid = f"bid {k}" if self.plain_bids else f"bid {k} S"
                if is_bid_value and k <= len(legal) and legal[k - 1] != Bid(k):
                    self.say(f"{k} could mean move {k} ({legal[k - 1]}) or a bid of {k}: "
                             f"type the move's text, e.g. '{say_bid}'.")
                    continue
                if is_bid_value and not self.plain_bids:
                    self.say(f"A bid names a suit or No Trump: type e.g. 'bid {k} S' or "
                             f"'bid {k} NT'.")
                    continue
                if is_bid_value:
                    action = Bid(k)  # a bare number in the auction, beyond the list: a bid
                elif not 1 <= k <= len(legal):
                    self.say(f"There is no move {k}: choose a number from 1 to {len(legal)}."
                             if legal else
                             f"There is no move {k}: type a move such as "
                             f"'{rnd.legal_actions()[0]}'.")
                    continue
                else:
                    action = legal[k - 1]
            else:
                try:
                    action = self.parse(rnd, check_text(text, "a move"))
                except TwentyEightError as exc:
                    self.say(f"Not understood: {_shown(str(exc))}")
                    continue
            try:
                rnd.apply(action)
            except IllegalActionError as exc:
                self.say(f"Not allowed: {_shown(exc.reason)}.")
                continue
            except TwentyEightError as exc:
                self.say(f"Not allowed: {_shown(str(exc))}")
                continue
            return action

    def read(self) -> str | None:
        """One line typed at the prompt, or ``None`` when it was not text or too long
        (having said so). The end of the input (or no input at all) is
        :class:`_InputEnded`."""
        if sys.stdin is None:  # started with stdin closed: nothing will ever be typed
            raise _InputEnded
        sys.stdout.write("Your move: ")
        # A failing write shows here, so that a failure inside the read is the read's.
        sys.stdout.flush()
        try:
            line, length = self.read_line()
        except UnicodeDecodeError:
            # Only from a stream _lenient could not change; the lines read with the bad
            # one are lost, but the game goes on with the next.
            self.say("")
            self.say("That line could not be read: it is not text. Type your move again.")
            return None
        except OSError as exc:
            if _output_failed():
                raise
            raise _InputFailed(exc) from None
        if line is None:
            raise _InputEnded
        if self.echo:
            self.say(_shown(line) if length <= MAX_ACTION_TEXT
                     else f"{_shown(line[:_ECHO])}... ({length} characters)")
        if length > MAX_ACTION_TEXT:
            self.say(f"That line is too long ({length} characters; a move is at most "
                     f"{MAX_ACTION_TEXT}). Type your move again.")
            return None
        if _undecodable(line):
            encoding = getattr(sys.stdin, "encoding", None) or "UTF-8"
            self.say(f"That line could not be read: it is not valid {encoding} text. "
                     "Type your move again.")
            return None
        return line

    @staticmethod
    def read_line() -> tuple[str | None, int]:
        """The next line of standard input without its line end, and its length; an
        over-long line (more than :data:`MAX_ACTION_TEXT` characters, the most a move's
        text may have) is kept only to its first :data:`MAX_ACTION_TEXT` + 1 characters
        and the rest is read and dropped a piece at a time, so a line of any length
        costs little memory. ``(None, 0)`` at the end of the input."""
        stdin = sys.stdin
        line = stdin.readline(MAX_ACTION_TEXT + 1)
        if not line:
            return None, 0
        if line.endswith("\n"):
            line = line[:-1]
            return line, len(line)
        length = len(line)
        if length <= MAX_ACTION_TEXT:  # the input ended without a line end
            return line, length
        while True:
            rest = stdin.readline(_DISCARD)
            if not rest:
                return line, length
            if rest.endswith("\n"):
                return line, length + len(rest) - 1
            length += len(rest)

    def sorted_moves(self, rnd: Round) -> list[Action]:
        """The legal actions to number, cards in the order the hand is shown (strongest
        first). Bids that name a denomination are too many to number: only the lowest in
        each denomination is listed, the others are typed."""
        deck = rnd.deck

        def key(a: Action) -> tuple[int, int, int]:
            card = getattr(a, "card", None)
            if not isinstance(card, Card):
                return (1, 0, 0)  # pass, bids, calls keep their order after the cards
            cid = deck.ids[card]
            return (0, deck.suit_of[cid], -deck.strength[cid])

        acts = list(rnd.legal_actions())
        if not self.plain_bids:
            # Only the lowest bid in each denomination is numbered; others are typed.
            lowest: dict[str | None, Action] = {}
            for a in acts:
                if isinstance(a, Bid):
                    lowest.setdefault(a.denomination, a)
            acts = [a for a in acts if not isinstance(a, Bid) or lowest[a.denomination] is a]
        if any(isinstance(getattr(a, "card", None), Card) for a in acts):
            acts.sort(key=key)
        return acts

    @staticmethod
    def parse(rnd: Round, text: str) -> Action:
        """Read a typed move. A bare card is short for playing it (or laying it as the
        trump), a bare suit for naming the trump, ``30 S`` for ``bid 30 S``."""
        try:
            return rnd.parse_action(text)
        except ParseError as first:
            phase = rnd.phase
            keyword = {Phase.PLAY: "play", Phase.TRUMP: "trump"}.get(phase)
            number = text.split(None, 1)[0] if text.strip() else ""
            if phase is Phase.AUCTION and _numeral(number):
                # A bid written in other digits (or too many) gets the number's own
                # complaint rather than "unknown action".
                read_number(number, "a bid is written with the digits 0-9")
                keyword = "bid"
            if keyword is None:
                raise
            try:
                return rnd.parse_action(f"{keyword} {text}")
            except ParseError:
                raise first from None

    # ---------------------------------------------------------------- display


def _cmd_play(args: argparse.Namespace) -> int:
    resume = None
    if args.resume is not None:
        if args.resume == STDIO:
            raise _Refused("--resume reads a file: standard input is where the moves are "
                           "typed", 2)
        if args.ruleset is not None or args.seed is not None:
            raise _Refused("--resume goes on with the record's own ruleset and deal: "
                           "leave out --ruleset and --seed", 2)
        resume = _read_round(args.resume)
        if resume.is_over:
            raise _Refused(f"{_shown(args.resume)}: the round is over, there is nothing to "
                           "go on with (twentyeight render shows it)")
        rs = resume.ruleset
        seed = resume.seed if resume.seed is not None else _fresh_seed()
    else:
        rs = lookup_ruleset(args.ruleset if args.ruleset is not None else "28")
        seed = args.seed if args.seed is not None else _fresh_seed()
    n = rs.config.players
    if args.seat >= n:
        raise _Refused(f"--seat {args.seat}: a table of {n} has seats 0 to {n - 1}", 2)
    record = _output(args.record)
    hint = "twentyeight play --resume " + (_shown(args.record) if args.record else "FILE")
    if args.seat:
        hint += f" --seat {args.seat}"
    if args.bots != "heuristic":
        hint += f" --bots {args.bots}"
    with _talk_aside(record):
        return _Game(rs, seed, _Style(sys.stdout), args.seat, args.bots, record=record,
                     resume=resume, hint=hint).run()
