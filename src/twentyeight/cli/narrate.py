"""The words both narrators share: the demo's transcript, told from replayed states
with every hand shown, and the game, told from seat 0's view. Seats and teams by name,
bids and contracts, the trump suit, what a call changed, and the result of a round."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..actions import NO_TRUMP, Action, Bid, CallTrump, Pass, Play, Redeal
from ..cards import SUIT_NAMES, Card
from ..config import HandOutcome
from ..plugins import RulePlugin
from ..render.seats import compass_names, seat_label
from ..round import Round
from ..ruleset import Ruleset
from .style import _Style

_SHORT = {"South": "S", "Southeast": "SE", "East": "E", "Northeast": "NE", "North": "N",
          "Northwest": "NW", "West": "W", "Southwest": "SW", "You": "You"}


def seat_names(players: int, you: int | None = None) -> list[str]:
    """Names for the seats in sentences, as the pictures name them
    (:func:`twentyeight.render.seats.compass_names`): counter-clockwise from South (seat
    0), the compass points for four players, the corners of a hexagon for six (South,
    Southeast, Northeast, North, Northwest, Southwest), eight compass points for eight,
    ``Seat 0`` ... for other tables; seat ``you`` is called ``You``."""
    names = compass_names(players)
    if you is not None:
        names[you] = "You"
    return names


def seat_list(players: int, you: int | None = None) -> str:
    """Every seat's full name, as the pictures label them: ``South (seat 0), East (seat
    1), ...``, the seat ``you`` as ``You (South, seat 0)``."""
    return ", ".join(seat_label(s, players, you) for s in range(players))


def short_names(names: Sequence[str]) -> list[str]:
    """Short forms of :func:`seat_names` for trick rows at big tables (``NE``, ``S3``)."""
    return [_SHORT.get(n, n.replace("Seat ", "S")) for n in names]


def team_names(names: Sequence[str]) -> list[str]:
    """Each team's name from its seats' names (seat ``s`` plays for team ``s % 2``):
    ``South & North``, or ``South, Northeast & Northwest`` at a bigger table."""
    out = []
    for team in (0, 1):
        members = [names[s] for s in range(team, len(names), 2)]
        out.append(members[0] if len(members) == 1
                   else ", ".join(members[:-1]) + " & " + members[-1])
    return out


def _and(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _third_person(verb: str) -> str:
    """``pass`` -> ``passes``; ``call the C`` -> ``calls the C``."""
    first, _, rest = verb.partition(" ")
    first = first + "es" if first.endswith(("s", "sh", "ch")) else first + "s"
    return f"{first} {rest}" if rest else first


def _suit_name(letter: str) -> str:
    return SUIT_NAMES.get(letter, letter)


def _trumps(suit: str, whose: str = "") -> str:
    """``Hearts are trumps`` (``Hearts are your trumps`` with ``whose="your"``): how both
    narrators name the trump suit whenever a seat lays, exposes or turns it up."""
    return f"{_suit_name(suit)} are {whose + ' ' if whose else ''}trumps"


def _denomination_name(denomination: str | None) -> str:
    if denomination is None:
        return ""
    return "No Trump" if denomination == NO_TRUMP else _suit_name(denomination)


def _bid_text(bid: int | None, denomination: str | None) -> str:
    """``16``, ``30 spades`` or ``28 No Trump``."""
    if denomination is None:
        return str(bid)
    return f"{bid} {_denomination_name(denomination)}"


def _times(multiplier: int) -> str:
    return {2: "doubled (x2)", 4: "redoubled (x4)"}.get(multiplier, f"x{multiplier}")


def _possessive(name: str) -> str:
    return "your" if name == "You" else f"{name}'s"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _annul_reason(rs: Ruleset, reason: str) -> str:
    for check in rs.checks:
        if check.name == reason:
            return f"{reason}: {check.description}"
    known = {
        "all-passed": "every player passed",
        "trump-never-exposed": "the trump was still concealed at the last trick",
    }
    return f"{reason}: {known[reason]}" if reason in known else reason


def _contract_name(kind: str) -> str:
    """A contract a plug-in set, in words: ``single-hand`` -> ``a single hand``."""
    return "a " + kind.replace("-", " ")


def _window_plugin(rs: Ruleset, window: str) -> RulePlugin | None:
    return next((p for p in rs.config.plugins if p.name == window), None)


def _window_title(rs: Ruleset, window: str) -> str | None:
    """The title the plug-in gives its call window, if it gives one."""
    plugin = _window_plugin(rs, window)
    return plugin.window_title if plugin and plugin.window_title else None


def _window_declined(rs: Ruleset, window: str) -> str:
    """What to say when every seat passed in a call window."""
    plugin = _window_plugin(rs, window)
    return plugin.window_declined if plugin and plugin.window_declined \
        else "Everyone passes."


def _pass_meaning(rs: Ruleset, window: str, offered: Sequence[str] = ()) -> str:
    """What a pass in call window ``window`` gives up, e.g. ``no double``: the keywords
    in ``offered`` (those of the passing seat's legal actions, when they are ours to
    see), else the plug-in's :attr:`~twentyeight.plugins.RulePlugin.window_pass`, else
    the window's title."""
    words = [k.replace("-", " ") for k in offered if k != Pass.keyword]
    if words:
        return "no " + " or ".join(dict.fromkeys(words))
    plugin = _window_plugin(rs, window)
    if plugin is not None and plugin.window_pass:
        return plugin.window_pass
    return f"no {(_window_title(rs, window) or window or 'call').lower()}"


def _call_verb(action: Action) -> str | None:
    """The first-person verb of a call (an action besides a bid, a card or the core's
    trump and redeal actions), or ``None`` to print the action's text."""
    if isinstance(action, (Bid, Play, CallTrump, Redeal)):
        return None
    return type(action).verb


class _Change(NamedTuple):
    """What one call changed in the contract and on the table, read from two replay
    snapshots or from two views, so both transcripts describe a call the same way."""

    declarer: int | None
    multipliers: tuple[int, int]
    stake: int | None
    """The stake the call set, if it set one."""
    contract: str | None
    """The kind of contract the call began, if it began one."""
    alone: bool
    """The declarer's partners all sit out."""
    trump_dropped: bool
    """The call set aside the trump made."""
    out: tuple[int, ...]
    """Seats the call sent out of the hand."""
    targets: tuple[int | None, int | None]
    shown: tuple[Card, ...]
    """Cards the call showed to everyone."""
    own_trump: bool = False
    """The contract the call began gets a trump of its own later (Thunee's first lead)."""


def _alone(seat: int | None, players: int, sitting_out: Sequence[int]) -> bool:
    return seat is not None and all(x in sitting_out for x in range(players)
                                    if x % 2 == seat % 2 and x != seat)


def _effect(change: _Change, name: Callable[[int], str], play: Callable[[int], str],
            style: _Style, *, worded: bool) -> str:
    """What a call did, in words: after a call ``worded`` by its verb, the cards it
    showed and then ``": the contract is worth x4"``; after an action printed as its
    text, the same in parentheses. ``name`` names a seat mid-sentence and ``play``
    conjugates "play" for a seat."""
    shown = style.cards(change.shown) if change.shown else ""
    clauses = []
    if change.stake is not None:
        clauses.append(f"the hand is played for {change.stake} game points")
    elif change.multipliers[1] != change.multipliers[0]:
        clauses.append(f"the contract is worth x{change.multipliers[1]}")
    before, after = change.targets
    if change.contract is not None and change.declarer is not None:
        d = change.declarer
        if after is None:
            clause = f"{name(d)} {play(d)} {'alone ' if change.alone else ''}for every trick"
        else:
            clause = f"{name(d)} {play(d)} {_contract_name(change.contract)}"
        if change.trump_dropped:
            clause += (", the trump made set aside" if change.own_trump
                       else ", without trumps")
        if change.out:
            out = [name(x) for x in change.out]
            clause += f"; {_and(out)} {'sit' if out == ['you'] or len(out) > 1 else 'sits'} out"
        clauses.append(clause)
    if before is not None and after is not None and (before != after or change.shown):
        clauses.append(f"the target drops by {before - after} to {after}" if after < before
                       else f"the target rises by {after - before} to {after}"
                       if after > before else f"the target stays at {after}")
    if worded:
        return (f" {shown}" if shown else "") + (": " + "; ".join(clauses) if clauses else "")
    parts = ([f"shows {shown}"] if shown else []) + clauses
    return f" ({'; '.join(parts)})" if parts else ""


def _result_lines(rnd: Round, names: Sequence[str], style: _Style) -> list[str]:
    result = rnd.result
    assert result is not None
    teams = team_names(names)
    if result.annulled is not None:
        return [f"The deal is annulled ({_annul_reason(rnd.ruleset, result.annulled)}). "
                "Nobody scores."]
    assert result.bidder is not None and result.bidding_team is not None
    bt = result.bidding_team
    made = "made it" if result.made else "failed"
    who = names[result.bidder]
    if result.contract == "bid":
        extra = ""
        if result.stake is not None:
            extra = f", played for {result.stake} game points,"
        elif result.multiplier > 1:
            extra = f", {_times(result.multiplier)},"
        needed = f"{result.target} needed"
        if result.target != result.bid:
            needed += f" for a bid of {result.bid}"
        bid = _bid_text(result.bid, result.denomination)
        said = any(isinstance(a, Bid) and s == result.bidder for s, a in rnd.history)
        explained = rnd.ruleset.config.scoring.explain(HandOutcome(
            teams=2, bidding_team=bt, bid=result.bid or 0, target=result.target,
            card_points=result.card_points, tricks_won=result.tricks_won,
            made=bool(result.made), contract=result.contract,
            last_trick_team=rnd.tricks[-1].winner % 2 if rnd.tricks else None))
        why = explained or f"{result.card_points[bt]} card points, {needed}"
        contract = (f"  {who} {'bid' if said else 'held by default'} {bid} for {teams[bt]}"
                    f"{extra} and {made} ({why}).")
    else:
        tricks = len(rnd.tricks)
        how = (f"won all {tricks} tricks" if result.made
               else f"lost trick {tricks}" if result.target is None
               else f"{result.tricks_won[bt]} of {tricks} tricks")
        contract = (f"  {who} played {_contract_name(result.contract)} for {teams[bt]} and "
                    f"{made} ({how}).")
    return [
        "Result",
        f"  Card points: {teams[0]} {result.card_points[0]}, "
        f"{teams[1]} {result.card_points[1]}",
        # (Not "tricks 1-7": that reads as a range.)
        f"  Tricks won: {teams[0]} {result.tricks_won[0]}, "
        f"{teams[1]} {result.tricks_won[1]}",
        contract,
        f"  Game points: {teams[0]} {_signed(result.game_points[0])}, "
        f"{teams[1]} {_signed(result.game_points[1])}",
    ]
