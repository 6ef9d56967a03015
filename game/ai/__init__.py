"""AI opponents: Easy ("Sprout"), Medium ("Grove") and Hard ("Ancient").

Every level answers ``choose(view, decision, legal_moves, rng, budget_s) -> Move`` and sees
only its own seat's ``View``. ``make_policy(level)`` builds one; ``AIWorker`` runs one off
the UI thread; ``hint`` explains what Hard would do.
"""

from game.ai.policy import LEVEL_NAMES, Policy, decide, make_policy

__all__ = ["LEVEL_NAMES", "Policy", "decide", "make_policy"]
