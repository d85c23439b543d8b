"""The exceptions a user of the library can catch.

Every error the library raises on bad input derives from :class:`TwentyEightError`, and
each also derives from the matching built-in (``ValueError``, ``LookupError`` or
``RuntimeError``) so that generic handlers keep working.
"""

from __future__ import annotations


class TwentyEightError(Exception):
    """Base class of every error raised by ``twentyeight``."""


class IllegalActionError(TwentyEightError, ValueError):
    """An action that the rules do not allow now. ``rule`` is a short stable identifier
    of the rule that forbids it (e.g. ``"must-follow-suit"``), ``action`` the action's
    text and the message says why in words. The round is left unchanged."""

    def __init__(self, rule: str, message: str, action: str | None = None) -> None:
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.action = action
        self.reason = message


class ParseError(TwentyEightError, ValueError):
    """Text that is not a card, suit or action of the ruleset. ``rule`` names the
    problem like :attr:`IllegalActionError.rule` does (``"bad-action-text"`` unless a
    more specific id applies, such as ``"action-text-too-long"`` or ``"bad-number"``),
    so a client can react to every refusal the same way; the message says why in words
    and quotes at most a short excerpt of the input."""

    def __init__(self, message: str, *, rule: str = "bad-action-text") -> None:
        super().__init__(message)
        self.rule = rule
        self.reason = message


class SeatError(TwentyEightError, ValueError):
    """A seat that is not a seat of the round: not a whole number (``True`` and ``2.0``
    are not seats) or out of range."""


class ConfigError(TwentyEightError, ValueError):
    """An invalid ruleset configuration or option."""


class ObservationBufferError(TwentyEightError, ValueError):
    """An ``out`` buffer given to :meth:`Round.observation
    <twentyeight.round.Round.observation>` that cannot take the observation: not a list
    or a writable one-dimensional ``float64`` or ``float32`` array (numpy's, or another
    buffer) of the ruleset's ``observation_size``."""


class UnknownRulesetError(TwentyEightError, LookupError):
    """No registered ruleset or modifier has that name. ``known`` lists every registered
    name, rulesets and modifiers (:func:`~twentyeight.rulesets`); the message names them
    apart, the rulesets first and the modifiers as what may follow ``+``."""

    def __init__(self, name: str, known: tuple[str, ...], *,
                 modifiers: tuple[str, ...] = (), kind: str = "ruleset") -> None:
        rulesets = tuple(n for n in known if n not in modifiers)
        if kind == "modifier":
            text = f"unknown modifier {name!r}; known modifiers: {', '.join(modifiers)}"
        else:
            text = f"unknown ruleset {name!r}; known rulesets: {', '.join(rulesets)}"
            if modifiers:
                text += f"; modifiers, added with '+' (28+pair): {', '.join(modifiers)}"
        super().__init__(text)
        self.name = name
        self.known = known


class RecordError(TwentyEightError, ValueError):
    """A JSON record that cannot be read or does not replay."""


class DealError(TwentyEightError, ValueError):
    """An explicit deal that is not a deal of the ruleset's deck (wrong counts, a card
    missing, repeated or not in the deck)."""


class EpisodeError(TwentyEightError, RuntimeError):
    """A learning environment (:mod:`twentyeight.adapters`) asked to step or observe when
    its episode does not allow it: before ``reset()``, or once every agent is done."""
