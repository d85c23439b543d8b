"""The ``twentyeight`` command: list rulesets, watch bots play, play against them, and
run bot simulations.

::

    twentyeight rulesets
    twentyeight demo --seed 3
    twentyeight demo --ruleset 28+pair+double+single-hand
    twentyeight play --seed 1 --ruleset 29
    twentyeight simulate --rounds 1000 --bots random

Every command takes any registered ruleset, with modifiers composed by name
(``--ruleset 28+pair+double``), for any number of players. The transcripts know no call
by name: a call is worded by its action's ``verb`` (or printed as ``Name: <action
text>``) and followed by what it changed in the round.
"""

from .app import main
from .commands import BOTS
from .narrate import seat_names, short_names, team_names

__all__ = ["BOTS", "main", "seat_names", "short_names", "team_names"]
