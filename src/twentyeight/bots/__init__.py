"""Bots that play from a seat's view: a baseline and a simple rule-of-thumb player.

A bot sees exactly what :meth:`twentyeight.Round.view` gives its seat (a JSON-ready dict)
and answers with the text of one action from ``view["legal_actions"]``. That is the same
contract a remote client has, so a bot can never peek at hidden cards::

    import twentyeight as te
    from twentyeight.bots import HeuristicBot, RandomBot, play_round

    rnd = te.new_round("28", seed=7)
    play_round(rnd, [HeuristicBot(1), RandomBot(2), HeuristicBot(3), RandomBot(4)])
    print(rnd.result)

The bots play every ruleset of the family: any even number of seats (partners are the
seats of the same parity), one or two packs (``JS#2``; of equal cards the first played
wins), any rank order and card points (read from the ruleset the view names, which is
public information), every trump marker, bids that name a denomination, and the calls
of plug-ins (double, redouble, the C, a single hand, the pair).

A bot may also choose from the legal action objects directly (``choose_action``, as
:class:`RandomBot` does), which spares building a view. :func:`simulate` plays many
seeded rounds, here or over any :class:`concurrent.futures.Executor`, and returns
their statistics (what ``twentyeight simulate`` prints)::

    from twentyeight.bots import simulate

    stats = simulate("28", rounds=20, bots="random", seed=5)
    print(stats.made, "of", stats.scored, "contracts made")
"""

from __future__ import annotations

from .facts import (
    CARD_POINTS,
    RANK_ORDER,
    STANDARD_FACTS,
    DeckFacts,
    card_points,
    card_strength,
    deck_facts,
    ruleset_facts,
)
from .heuristic import HeuristicBot
from .search import (
    BIDDING,
    HIDDEN_TRUMP_TRICKS,
    ROUND_SEARCH_TRICKS,
    ISMCTSBot,
    PIMCBot,
    SeatAccess,
)
from .simple import Bot, RandomBot, play_round
from .simulation import (
    BOT_KINDS,
    SimulationInterrupted,
    SimulationStats,
    bot_factory,
    default_chunk_size,
    simulate,
    simulated_round,
)
from .worlds import INFERENCE

__all__ = [
    "BIDDING",
    "BOT_KINDS",
    "CARD_POINTS",
    "HIDDEN_TRUMP_TRICKS",
    "INFERENCE",
    "RANK_ORDER",
    "ROUND_SEARCH_TRICKS",
    "STANDARD_FACTS",
    "Bot",
    "DeckFacts",
    "HeuristicBot",
    "ISMCTSBot",
    "PIMCBot",
    "RandomBot",
    "SeatAccess",
    "SimulationInterrupted",
    "SimulationStats",
    "bot_factory",
    "card_points",
    "card_strength",
    "deck_facts",
    "default_chunk_size",
    "play_round",
    "ruleset_facts",
    "simulate",
    "simulated_round",
]
