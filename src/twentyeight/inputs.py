"""How the library reads untrusted input: one length bound for every text, one rule for
numbers, and quoting that never repeats more than a short excerpt.

Player input is hostile. Every text the library parses is measured against
:data:`MAX_ACTION_TEXT` before anything scans it; numbers are ASCII digits only (``²``,
``①``, ``１６`` and ``𝟏𝟔`` are not numbers here), and at most :data:`MAX_DIGITS` of them,
so ``int()`` never meets text it would refuse or take long over; and error messages
show input through :func:`excerpt` and :func:`describe`, which stay short whatever they
are given.
"""

from __future__ import annotations

from typing import Any

from .errors import ParseError

__all__ = [
    "MAX_ACTION_TEXT",
    "MAX_DIGITS",
    "MAX_NAME_TEXT",
    "check_text",
    "describe",
    "excerpt",
    "is_number_text",
    "is_whole",
    "read_number",
]

MAX_ACTION_TEXT = 200
"""The longest action text (and card text) the parser reads, in characters."""

MAX_NAME_TEXT = 200
"""The longest ruleset name (with its ``+modifier`` parts) the registry reads."""

MAX_DIGITS = 9
"""The most digits a number in an action may have: far beyond any bid or card copy."""

_EXCERPT = 40
_ASCII_DIGITS = frozenset("0123456789")


def excerpt(text: str, limit: int = _EXCERPT) -> str:
    """``text`` quoted (``repr``) for an error message, cut to ``limit`` characters
    with the count of the rest, so a message never repeats a long input."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text)} characters)"


def describe(value: Any) -> str:
    """A short, safe description of any value for an error message: an excerpt of a
    text, a whole number (or its digit count when very long), else the type and an
    excerpt of its ``repr``. Never raises, whatever ``value`` is."""
    if isinstance(value, str):
        return excerpt(value)
    if isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        if -(10**18) < value < 10**18:
            return str(value)
        return f"a whole number of about {value.bit_length() * 30103 // 100000 + 1} digits"
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__, or an int too long to print
        text = ""
    name = type(value).__name__
    if not text:
        return f"a {name}"
    return f"{excerpt(text)} ({name})" if len(text) > _EXCERPT else text


def check_text(text: object, what: str = "action text",
               limit: int = MAX_ACTION_TEXT) -> str:
    """``text`` if it is a string of at most ``limit`` characters, else a
    :class:`ParseError` (rule ``action-text-too-long`` for a long one). Checked before
    any scanning, so a long input costs nothing."""
    if not isinstance(text, str):
        raise ParseError(f"{what} must be text, not {type(text).__name__}")
    if len(text) > limit:
        raise ParseError(f"{what} is too long ({len(text)} characters; at most {limit})",
                         rule="action-text-too-long")
    return text


def is_whole(value: object, low: int, high: int) -> bool:
    """True if ``value`` is an ``int`` (not a ``bool``) with ``low <= value < high``."""
    return type(value) is int and low <= value < high


def is_number_text(text: str, max_digits: int = MAX_DIGITS) -> bool:
    """True for one to ``max_digits`` ASCII digits and nothing else."""
    return 0 < len(text) <= max_digits and _ASCII_DIGITS.issuperset(text)


def read_number(text: str, rule: str = "a number is written with the digits 0-9",
                max_digits: int = MAX_DIGITS) -> int:
    """The whole number written in ASCII digits in ``text``; :class:`ParseError`
    (rule ``bad-number``) for anything else, including other scripts' digits and
    numbers of more than ``max_digits`` digits. ``rule`` is the message's first words,
    the rule in a reader's terms."""
    if not is_number_text(text, max_digits):
        if text and _ASCII_DIGITS.issuperset(text):
            raise ParseError(f"{rule}; {len(text)} digits are too many (at most "
                             f"{max_digits})", rule="bad-number")
        raise ParseError(f"{rule}, got {excerpt(text)}", rule="bad-number")
    return int(text)
