"""The plug-in port (``twentyeight.port.RoundPort``, the round's side in
``twentyeight.plugin_port``): its reads are the round's own, written once, and it gives a
plug-in nothing more than ``RoundPort`` declares."""

from __future__ import annotations

import inspect
import random
import weakref
from typing import Any

import pytest

import twentyeight as te
from twentyeight.plugin_port import PluginPort
from twentyeight.port import RoundPort
from twentyeight.round import Round

_DECLARED = tuple(name for name in vars(RoundPort) if not name.startswith("_"))
"""Every read and change ``RoundPort`` declares, in its order."""

_PORT_OWN = frozenset({
    # read once when the port is made (the round never changes them)
    "config", "deck", "players", "dealer", "opener",
    # reads the round has no public name for
    "dealt_masks", "unseen_mask", "trump_led", "trump_card", "trump_state",
    "led_suit", "trick_cards", "tricks_played", "down_mask", "deal_card",
    # reads made on every legality check, kept the port's own for speed
    "hand_mask", "plugin_state",
    # the changes, which only a hook may make
    "set_plugin_state", "set_target", "set_multiplier", "set_stake", "show_cards",
    "expose_trump", "set_contract", "begin_every_trick_contract", "open_trump",
    # the visibility seam's changes (twentyeight.sight reads their result)
    "hide", "reveal", "set_trump",
})
"""What the port answers or does itself; it hands every other read to the round."""

_ROUNDS_OWN = tuple(name for name in _DECLARED if name not in _PORT_OWN)


def _mid_play(name: str, seed: int = 3) -> te.Round:
    """A round of ``name`` with a card or two of a later trick played."""
    rnd = te.ruleset(name).new_round(seed=seed)
    rng = random.Random(seed)
    while not rnd.is_over and not (rnd.tricks and rnd.current_trick):
        rnd.apply(rng.choice(rnd.legal_actions()))
    return rnd


def _signature(member: Any) -> inspect.Signature:
    return inspect.signature(member.fget if isinstance(member, property) else member)


def test_the_port_offers_what_roundport_declares_and_nothing_more() -> None:
    """Hiding: a plug-in's port has exactly ``RoundPort``'s public names."""
    offered = {name for name in dir(PluginPort) if not name.startswith("_")}
    assert offered == set(_DECLARED)
    assert _PORT_OWN.issubset(_DECLARED)


@pytest.mark.parametrize("read", _ROUNDS_OWN)
def test_a_port_read_is_the_rounds_own(read: str) -> None:
    """Each read the round also answers is written once, on ``Round``, with
    ``RoundPort``'s signature, and the port answers with it: a round class that answers
    otherwise changes the port's answer too."""
    rnd = _mid_play("304")
    cls = type(rnd)
    declared, own = vars(RoundPort)[read], inspect.getattr_static(Round, read)
    if callable(declared) or isinstance(own, property):
        assert str(_signature(own)) == str(_signature(declared))
    port = rnd._port
    sentinel = object()
    answer: Any = sentinel
    if callable(declared):
        answer = lambda *args: sentinel  # noqa: E731
    assert read not in vars(cls)
    setattr(cls, read, property(lambda self: answer))
    try:
        got = getattr(port, read)
        assert (got(0) if callable(declared) else got) is sentinel
    finally:
        delattr(cls, read)


@pytest.mark.parametrize("name", ["28", "304", "thunee", "56"])
def test_the_ports_reads_agree_with_the_round_through_a_round(name: str) -> None:
    """At every step of a random round, each read both doors offer gives one answer
    (the reads the port takes once included)."""
    rnd = te.ruleset(name).new_round(seed=7)
    rng = random.Random(7)
    players = rnd.players
    while not rnd.is_over:
        port = rnd._port
        for read in _DECLARED:
            if not hasattr(rnd, read):
                continue
            declared = vars(RoundPort)[read]
            if callable(declared):
                for seat in range(players):
                    arg: Any = "pair" if read == "plugin_state" else seat
                    assert getattr(port, read)(arg) == getattr(rnd, read)(arg), read
            else:
                assert getattr(port, read) == getattr(rnd, read), read
        assert port.tricks_played == len(rnd.tricks)
        assert port.trick_cards == tuple(rnd.deck.card_id(c) for _, c in rnd.current_trick)
        rnd.apply(rng.choice(rnd.legal_actions()))


def test_a_port_does_not_keep_its_round_alive() -> None:
    """The port holds its round weakly: a round whose port was made is freed as soon as
    it is dropped, without waiting for the garbage collector."""
    rnd = _mid_play("thunee")
    assert rnd._port.bidder == rnd.bidder
    gone = weakref.ref(rnd)
    del rnd
    assert gone() is None
