"""A conformance kit for rulesets: invariants any ruleset must keep, and drivers that
check them over random rounds. Plug-in authors run it against their own rulesets::

    from twentyeight.testing import check_random_rounds
    check_random_rounds("my-ruleset", rounds=200)

Every check raises :class:`ConformanceError` naming the broken invariant. Nothing here
needs a test framework except :func:`state_machine`, which builds a hypothesis state
machine on the same checks.
"""

from __future__ import annotations

from .drivers import check_random_rounds, check_round, play_random_round, state_machine
from .hiding import (
    check_analysis_hides,
    check_hiding,
    check_refusals_hide,
    check_refusals_hide_in_rounds,
    check_view_hides,
)
from .hostile import check_hostile_inputs, check_hostile_text, hostile_texts
from .inference import check_inference
from .invariants import (
    ConformanceError,
    check_conservation,
    check_legal_actions_apply,
    check_record_round_trip,
    check_trick_winners,
    check_views,
)
from .invariants import (
    _card_tokens as _card_tokens,  # not API: the library's tests read card words with it
)
from .records import (
    check_tampered_record,
    check_tampered_records,
    colliding_option_keys,
    tampered_records,
)
from .refusals import Refusal, candidate_actions, check_action_refusals, refusals_seen

__all__ = [
    "ConformanceError",
    "Refusal",
    "candidate_actions",
    "check_action_refusals",
    "check_analysis_hides",
    "check_conservation",
    "check_hiding",
    "check_hostile_inputs",
    "check_hostile_text",
    "check_inference",
    "check_legal_actions_apply",
    "check_random_rounds",
    "check_record_round_trip",
    "check_refusals_hide",
    "check_refusals_hide_in_rounds",
    "check_round",
    "check_tampered_record",
    "check_tampered_records",
    "check_trick_winners",
    "check_view_hides",
    "check_views",
    "colliding_option_keys",
    "hostile_texts",
    "play_random_round",
    "refusals_seen",
    "state_machine",
    "tampered_records",
]
