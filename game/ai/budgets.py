"""How much each AI level thinks at the table: a time budget for the levels that search by
time, and a fixed amount of work for Hard, so that a resumed match makes exactly the choices
the uninterrupted one would (time-budgeted search depends on the CPU)."""

from __future__ import annotations

from typing import Any

# Hard's search size. With the fast rollouts (game/ai/rollout.py) 2500 simulated moves cost, per
# decision in four-player games (72 positions from rounds 2+, CPU time, one core): draw
# median 0.001 s, p90 0.010 s; other decisions median 0.007 s, p90 0.10 s, max 0.14 s
# (a race that settles early returns sooner). Under the load of a shared 2-core machine the
# wall time is about three times that: still well inside 1 s.
HARD_STEPS = 2500
BUDGET_S = {"easy": 0.2, "medium": 0.5, "hard": 1.0}  # seconds a decision may take


def worker_options(level: str, scale: float = 1.0) -> dict[str, Any]:
    """The options a level's policy is built with: Hard gets its fixed amount of search
    work, scaled like the time budget (the self-test plays at a twentieth)."""
    if level != "hard":
        return {}
    from game.ai.hard import Settings

    return {"settings": Settings(steps=max(200, round(HARD_STEPS * scale)))}
