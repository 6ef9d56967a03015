"""AI opponents: Easy, Medium and Hard.

Every level answers ``choose(view, decision, legal_moves, rng, budget_s) -> Move`` and sees
only its own seat's ``View``. ``make_policy(level)`` builds one; ``AIWorker`` runs one off
the UI thread; ``hint`` explains what Hard would do.
"""

from game.ai.policy import LEVELS, Policy, decide, make_policy

__all__ = ["LEVELS", "Policy", "decide", "make_policy"]
