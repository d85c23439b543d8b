"""Hostile input: texts a hostile client might send, fed to every door a client or a
stored record can reach."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator

from ..actions import parse_action
from ..cards import Card
from ..inputs import excerpt
from ..registry import ruleset as lookup
from ..round import Round
from ..ruleset import Ruleset
from .invariants import _only_library_errors, _require
from .refusals import _candidate_pool, _candidate_texts

_NUMBER_LIKE = ("²", "①", "１６", "𝟏𝟔", "٣", "߃", "৭", "Ⅻ", "½", "9" * 4301, "0" * 50 + "16",
                "-1", "+16", "1e3", "16.0", "0x10", "1_6", " 16 ")
"""Texts that look like numbers to some part of Python and are not numbers here."""
_NASTY = ("", " ", "\x00", "\ud800", "\udfff", "\u202e", "\ufeff", "\n", "\t" * 3, "#",
          "##2", "+", "++", "NaN", "None", "null", "\\", "'", '"', "{}", "[]", "%s", "{0}")


def hostile_texts(rules: Ruleset | str, rng: random.Random, count: int) -> Iterator[str]:
    """``count`` texts a hostile client might send, made from the ruleset's own action
    and card texts: digits of every script, numbers too long for ``int()``, NUL, lone
    surrogates, control and formatting characters, texts of up to 10**5 characters and
    at the limit, random code points from every plane, and real actions with one of
    these spliced in. No test framework is needed, so plug-in authors can run it."""
    rs = lookup(rules) if isinstance(rules, str) else rules
    words = [str(a) for a in _candidate_pool(rs)] + list(_candidate_texts(rs))
    pieces = (*_NUMBER_LIKE, *_NASTY)
    for _ in range(count):
        kind = rng.randrange(6)
        if kind == 0:
            text = rng.choice(words).replace(rng.choice("0123456789SHDCJ"), rng.choice(pieces))
        elif kind == 1:
            verb = rng.choice(("bid", "play", "trump", "pass", "call-trump", "redeal"))
            text = f"{verb} {rng.choice(pieces)}{rng.choice(('', ' S', ' NT', '#2', ' spades'))}"
        elif kind == 2:
            text = "".join(chr(rng.randrange(0x110000)) for _ in range(rng.randrange(1, 12)))
        elif kind == 3:
            unit = rng.choice((*pieces, "9 ", "bid ", "JS", "♠"))
            text = unit * rng.choice((2, 100, 201, 5000, 100_000 // max(1, len(unit))))
        elif kind == 4:
            text = rng.choice(words)
            i = rng.randrange(len(text) + 1)
            text = text[:i] + rng.choice(pieces) + text[i:]
        else:
            text = rng.choice(pieces) + rng.choice(("", " ", " S", " Spades", "#2"))
        yield text


def check_hostile_text(rnd: Round, text: str) -> None:
    """Feed ``text`` to every door a client or a stored record can reach: the action
    parsers, ``explain`` and ``is_legal``, ``apply`` from the seat to act and from
    another seat, :meth:`Card.parse`,
    an explicit deal, a record's action, ruleset name and option, ``from_record`` and
    ``ruleset(name, **options)``. Only the library's own errors
    (:class:`~twentyeight.TwentyEightError`) may come out, and a refusal leaves the
    round's record unchanged."""
    before = rnd.to_json()
    record = json.loads(before)
    rs = rnd.ruleset
    attempts: list[tuple[str, Callable[[], object]]] = [
        ("parse_action", lambda: parse_action(text)),
        ("Round.parse_action", lambda: rnd.parse_action(text)),
        ("explain", lambda: rnd.explain(text)),
        ("is_legal", lambda: rnd.is_legal(text)),
        ("Card.parse", lambda: Card.parse(text)),
        ("apply", lambda: rnd.clone().apply(text)),
        ("ruleset", lambda: lookup(text)),
        ("ruleset option name", lambda: lookup(rs.name, **{text: 1})),
        ("ruleset option value", lambda: rs.with_options(
            **{_option_for(rs, text): text})),
        ("deal", lambda: rs.new_round(deal=[
            [text, *map(str, hand[1:])] for hand in rnd.deal], dealer=rnd.dealer)),
        ("record action", lambda: Round.from_record(
            {**record, "actions": [*record["actions"], text]})),
        ("record ruleset", lambda: Round.from_record({**record, "ruleset": text})),
        ("record option", lambda: Round.from_record({**record, "options": {text: text}})),
        ("record JSON", lambda: Round.from_json(text)),
    ]
    if rnd.to_act is not None:
        other = (rnd.to_act + 1) % rnd.players
        attempts.append(("apply from another seat", lambda: rnd.apply(text, seat=other)))
        attempts.append(("apply from the seat to act",
                         lambda: rnd.clone().apply(text, seat=rnd.to_act)))
    _only_library_errors(attempts, excerpt(text), lambda door: _require(
        rnd.to_json() == before, f"{door} changed the round for {excerpt(text)}"))


def _option_for(rules: Ruleset, text: str) -> str:
    """An option of ``rules`` chosen by ``text`` (the same text, the same option)."""
    names = sorted(rules.options())
    return names[sum(map(ord, text[:64])) % len(names)]


def check_hostile_inputs(rules: Ruleset | str, count: int = 1000, seed: int = 0) -> int:
    """:func:`check_hostile_text` for ``count`` :func:`hostile_texts`, each at a
    state of a seeded random round of ``rules`` (a new round every 50 texts, states
    from the auction to the end); returns how many texts were tried."""
    rs = lookup(rules) if isinstance(rules, str) else rules
    rng = random.Random(seed)
    rnd = rs.new_round(seed=seed)
    for k, text in enumerate(hostile_texts(rs, rng, count)):
        if k % 50 == 0:
            rnd = rs.new_round(seed=seed + k, dealer=k % rs.config.players)
            for _ in range(rng.randrange(rs.config.max_actions)):
                legal = rnd.legal_actions()
                if not legal:
                    break
                rnd.apply(legal[rng.randrange(len(legal))])
        check_hostile_text(rnd, text)
    return count
