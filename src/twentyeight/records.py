"""Round records: the private, complete record a server keeps (``to_json``) and how
any record is read back, every field checked for its exact type and size first."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from .config import MAX_OPTION_INT
from .deals import MAX_SEED
from .errors import IllegalActionError, ParseError, RecordError, TwentyEightError
from .inputs import MAX_ACTION_TEXT, MAX_NAME_TEXT, describe, excerpt, is_whole

if TYPE_CHECKING:
    from collections.abc import Callable

    from .round import Round
    from .ruleset import Ruleset

RECORD_FORMAT = "twentyeight.round"
PUBLIC_RECORD_FORMAT = "twentyeight.public-round"
RECORD_VERSION = 1
MAX_RECORD_CHARS = 1_000_000
"""The largest round record or public record read, in characters (or bytes, for
``bytes``): far above the largest a round makes (a few thousand)."""
MAX_RECORD_ITEMS = 20_000
"""The most JSON items a round record or public record may hold, counted before it is
parsed as its commas and opening brackets and braces (an upper bound on its values
besides the first): a public record of 56 for eight players holds about 600."""
MAX_SCORE = 10**9
"""Match scores a round is dealt at lie within plus or minus this."""


def load_json(text: object, limit: int, what: str, items: int = MAX_RECORD_ITEMS) -> Any:
    """Parse JSON ``text`` (``str`` or UTF-8 ``bytes``) of at most ``limit``
    characters (a quarter of that if it holds any character beyond ASCII) and ``items``
    items; :class:`~twentyeight.RecordError` for anything else. The work is bounded
    before parsing: first the length, then the items, counted as the commas and opening
    brackets and braces of the text (a count in C that needs no parse: it may count some
    inside strings, never fewer than there are), so a wide document of millions of tiny
    values is refused without building them. Nesting is
    bounded by the parser, which refuses more levels than the interpreter's recursion
    limit. Numbers are read as JSON writes them: ``NaN``, ``Infinity`` and integers of
    more than 30 digits are refused here, before anything converts them."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise RecordError(f"a {what} must be JSON text, not {type(text).__name__}")
    if len(text) > limit:
        raise RecordError(f"{what} is too large ({len(text)} characters; at most {limit})")
    if len(text) > limit // 4 and not text.isascii():
        # One character beyond ASCII makes the decoded text, and every string parsed
        # from it, take up to four bytes a character: the bound on memory is on bytes.
        raise RecordError(f"{what} is too large for text with characters beyond ASCII "
                          f"({len(text)} characters; at most {limit // 4})")
    if isinstance(text, str):
        count = text.count(",") + text.count("[") + text.count("{")
    else:
        count = text.count(b",") + text.count(b"[") + text.count(b"{")
    if count > items:
        raise RecordError(f"{what} holds too many JSON items ({count} commas, brackets and "
                          f"braces; at most {items})")
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_int=_bounded_int)
    except RecordError:
        raise
    except (ValueError, RecursionError) as exc:
        raise RecordError(f"{what} is not valid JSON: {excerpt(str(exc), 120)}") from None


def _refuse_constant(name: str) -> Any:
    raise RecordError(f"{name} is not a number a record may hold")


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > 30:
        raise RecordError(f"a number of {len(digits)} digits is far larger than a record holds")
    return int(digits)


_RECORD_FIELDS = frozenset({"format", "version", "ruleset", "options", "dealer", "seed",
                            "deal", "actions", "scores"})
MAX_OPTIONS = 64
"""The most options a record may change."""


def read_header(data: Any, form: str, fields: frozenset[str], what: str) -> dict[str, Any]:
    """``data`` if it is a JSON object of format ``form`` and this library's version
    with no field outside ``fields``; else :class:`~twentyeight.RecordError` naming
    ``what`` it should have been."""
    if not isinstance(data, dict):
        raise RecordError(f"a {what} must be a JSON object")
    extra = [k for k in data if k not in fields]
    if extra:
        raise RecordError(f"unknown {what} field(s): "
                          + ", ".join(describe(k) for k in extra[:5]))
    if data.get("format") != form or type(data.get("format")) is not str:
        raise RecordError(f"not a {what} (format must be {form!r})")
    version = data.get("version")
    if not is_whole(version, RECORD_VERSION, RECORD_VERSION + 1):
        raise RecordError(f"unsupported {what} version {describe(version)} (this library "
                          f"reads version {RECORD_VERSION})")
    return data


def _read_record(data: Any) -> dict[str, Any]:
    """The fields of a round record, each checked for its exact type and size: the one
    path every record takes (a round's, and each round of a saved match)."""
    data = read_header(data, RECORD_FORMAT, _RECORD_FIELDS, "record")
    name = data.get("ruleset")
    if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME_TEXT:
        raise RecordError("record field 'ruleset' must be a ruleset's name")
    fields: dict[str, Any] = {"ruleset": name,
                              "options": read_options(data.get("options", {}))}
    dealer = data.get("dealer")
    if not is_whole(dealer, 0, MAX_SEATS):
        raise RecordError(f"record field 'dealer' must be a seat number, got {describe(dealer)}")
    fields["dealer"] = dealer
    if "scores" in data:
        scores = data["scores"]
        if not isinstance(scores, list) or len(scores) != 2 \
                or not all(is_whole(x, -MAX_SCORE, MAX_SCORE + 1) for x in scores):
            raise RecordError(f"record field 'scores' must be two whole numbers from "
                              f"-{MAX_SCORE} to {MAX_SCORE}")
        fields["scores"] = tuple(scores)
    has_seed, has_deal = "seed" in data, "deal" in data
    if has_seed == has_deal:
        raise RecordError("a record needs exactly one of 'seed' and 'deal'")
    if has_seed:
        if not is_whole(data["seed"], 0, MAX_SEED):
            raise RecordError("record field 'seed' must be a whole number from 0 to 2**64 - 1")
        fields["seed"] = data["seed"]
    else:
        deal = data["deal"]
        if not isinstance(deal, list) or len(deal) > MAX_SEATS or not all(
                isinstance(hand, list) and len(hand) <= 64
                and all(isinstance(c, str) and len(c) <= MAX_ACTION_TEXT for c in hand)
                for hand in deal):
            raise RecordError("record field 'deal' must be a list of hands of card texts")
        fields["deal"] = deal
    actions = data.get("actions")
    # Whole-list checks that run in C: every entry a str, none longer than the bound.
    if not isinstance(actions, list) or (actions and (
            not set(map(type, actions)) <= {str}
            or max(map(len, actions)) > MAX_ACTION_TEXT)):
        raise RecordError("record field 'actions' must be a list of action texts (each at "
                          f"most {MAX_ACTION_TEXT} characters)")
    fields["actions"] = actions
    return fields


MAX_SEATS = 64
"""No table has more seats than a deck has cards."""


def read_options(options: Any) -> dict[str, Any]:
    """Options as a record stores them (a JSON object of option names to values),
    checked for shape: names are short texts, values are JSON scalars or lists of them
    (lists of lists for tables); lists come back as tuples, since JSON has none."""
    if not isinstance(options, dict):
        raise RecordError("options must be an object of option names to values")
    if len(options) > MAX_OPTIONS:
        raise RecordError(f"too many options ({len(options)}; at most {MAX_OPTIONS})")
    out: dict[str, Any] = {}
    for key, value in options.items():
        if not isinstance(key, str) or not 0 < len(key) <= MAX_NAME_TEXT:
            raise RecordError(f"an option's name must be a short text, got {describe(key)}")
        out[key] = _option_value(key, value, 0)
    return out


def _option_value(key: str, value: Any, depth: int) -> Any:
    if value is None or isinstance(value, (bool, str, float)) or \
            is_whole(value, -MAX_OPTION_INT, MAX_OPTION_INT + 1):
        if isinstance(value, str) and len(value) > MAX_NAME_TEXT:
            raise RecordError(f"option {excerpt(key)}: text too long ({len(value)} characters)")
        return value
    if isinstance(value, list) and depth < 2 and len(value) <= MAX_OPTIONS:
        return tuple(_option_value(key, v, depth + 1) for v in value)
    raise RecordError(f"option {excerpt(key)} has a value no option takes: {describe(value)}")


def record_of(rnd: Round) -> dict[str, Any]:
    """``rnd`` as a JSON-ready record (see :meth:`Round.record`)."""
    rec: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "ruleset": rnd.ruleset.name,
        "options": rnd.ruleset.changed_options(),
        "dealer": rnd.dealer,
    }
    scores = rnd.scores
    if scores is not None:
        rec["scores"] = list(scores)
    if rnd.seed is not None:
        rec["seed"] = rnd.seed
    else:
        rec["deal"] = [[str(c) for c in hand] for hand in rnd.deal]
    texts = rnd._action_texts
    rec["actions"] = [texts.get(id(a)) or str(a) for _, a in rnd.history]
    return rec


def replay(data: Any) -> Round:
    """Rebuild a round from a :meth:`record` dict by replaying its actions. Every
    field is checked for its exact type and size before it is used (a ``bool`` is
    not a number, nor is ``1.0``); anything else raises
    :class:`~twentyeight.RecordError`."""
    fields = _read_record(data)
    rnd = _round_of(fields)
    texts = fields["actions"]
    return _play_through(rnd, texts, [rnd._by_text.get(t) or t for t in texts])


def replay_text(text: object) -> Round:
    """Rebuild a round from record JSON ``text`` (:meth:`Round.from_json`). A preset's
    seeded record as ``to_json`` writes it is read without a JSON parser: its fields by
    one pattern, its actions split apart and looked up in the ruleset's table of action
    texts, which holds only texts JSON writes as themselves; a text it does not hold, or
    any other record, is parsed as JSON and checked field by field (:func:`replay`).
    Either way the same fields come out."""
    fields = _seeded_fields(text)
    if fields is not None:
        rnd = _round_of(fields)
        texts = fields["actions"]
        by_text = rnd._by_text
        try:
            # Not ``None in``: that would compare each action with None by its __eq__.
            shared = [by_text[t] for t in texts]
        except KeyError:
            pass
        else:
            return _play_through(rnd, texts, shared)
    return replay(load_json(text, MAX_RECORD_CHARS, "record"))


_JSON_INT = r"(-?(?:0|[1-9][0-9]{0,19}))"
_SEEDED_HEAD = re.compile(
    re.escape(f'{{"format": "{RECORD_FORMAT}", "version": {RECORD_VERSION}, "ruleset": ')
    + r'"([^"\\\x00-\x1f]{1,' + str(MAX_NAME_TEXT) + r'})", "options": \{\}, "dealer": '
    + _JSON_INT + r'(?:, "scores": \[' + _JSON_INT + ", " + _JSON_INT + r"\])?"
    + r', "seed": ' + _JSON_INT + r', "actions": \[')
"""The start of a preset's seeded record as ``to_json`` writes it, up to its actions."""


def _seeded_fields(text: object) -> dict[str, Any] | None:
    """The fields of ``text`` if it starts like a preset's seeded record as ``to_json``
    writes it (:data:`_SEEDED_HEAD`), its numbers are in range and its actions are
    quoted texts without escapes between ``[`` and the closing ``]}``; else ``None``
    (the full path then reads it, and explains what is wrong). The action texts are
    trusted only once the ruleset's table holds each (:func:`replay_text`)."""
    if type(text) is not str or len(text) > MAX_RECORD_CHARS:
        return None
    head = _SEEDED_HEAD.match(text)
    if head is None or not text.endswith("]}"):
        return None
    start = head.end()
    if start == len(text) - 2:
        texts = []
    elif text[start] == '"' and text[-3] == '"' and "\\" not in text:
        texts = text[start + 1:-3].split('", "')
    else:
        return None
    name, dealer, score0, score1, seed = head.groups()
    fields: dict[str, Any] = {"ruleset": name, "options": {}, "dealer": int(dealer),
                              "seed": int(seed), "actions": texts}
    if not 0 <= fields["dealer"] < MAX_SEATS or not 0 <= fields["seed"] < MAX_SEED:
        return None
    if score0 is not None:
        scores = (int(score0), int(score1))
        if not all(-MAX_SCORE <= x <= MAX_SCORE for x in scores):
            return None
        fields["scores"] = scores
    return fields


_lookup: Callable[..., Ruleset] | None = None
""":func:`twentyeight.ruleset`, bound on first use (the registry imports this module)."""


def _bind_lookup() -> Callable[..., Ruleset]:
    global _lookup
    from .registry import ruleset

    _lookup = ruleset
    return ruleset


def _round_of(fields: dict[str, Any]) -> Round:
    """The new round a record's checked fields describe, before its actions."""
    try:
        rs = (_lookup or _bind_lookup())(fields["ruleset"], **fields["options"])
        if "seed" in fields:
            rnd = rs.new_round(seed=fields["seed"], dealer=fields["dealer"],
                               scores=fields.get("scores"))
        else:
            rnd = rs.new_round(deal=fields["deal"], dealer=fields["dealer"],
                               scores=fields.get("scores"))
    except TwentyEightError as exc:
        raise RecordError(f"record does not describe a round: {exc}") from None
    if len(fields["actions"]) > rnd._max_actions:
        raise RecordError(f"record has {len(fields['actions'])} actions; a round has at "
                          f"most {rnd._max_actions}")
    return rnd


def _play_through(rnd: Round, texts: list[str], actions: list[Any]) -> Round:
    """``rnd`` with ``actions`` applied in order (the ruleset's shared actions, or texts
    for apply to read); ``texts`` are what the record says, for the error."""
    apply = rnd.apply
    if rnd._twins:
        # With two packs a card's plain text depends on the hand: apply reads it.
        actions = texts
    try:
        for action in actions:
            apply(action)
    except (IllegalActionError, ParseError) as exc:
        # Each action applied adds one entry to the history; a refused one changes
        # nothing, so the history's length is the refused action's index.
        i = len(rnd.history)
        raise RecordError(f"action {i + 1} ({excerpt(texts[i])}) does not replay: "
                          f"{exc}") from None
    return rnd
