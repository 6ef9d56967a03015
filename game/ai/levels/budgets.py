"""How much each AI level thinks at the table: a time budget for the levels that search by
time, and a fixed amount of work for Hard, so that a resumed match makes exactly the choices
the uninterrupted one would (time-budgeted search depends on the CPU)."""

from __future__ import annotations

from typing import Any

# Hard's search size. With the fast rollouts (game/ai/levels/rollout.py) 2500 simulated moves
# cost, per decision in four-player games (Hard playing three whole games, seeds 1-3, every choice
# from round 2 on: 863 draws, 526 other decisions; CPU time, one core): draw median 0.001 s, p90
# 0.014 s, max 0.04 s; other decisions median 0.008 s, p90 0.067 s, max 0.14 s (a race that
# settles early returns sooner). Wall time on the loaded shared 2-core machine: p90 0.19 s, max
# 0.50 s: well inside 1 s. A fixed work budget keeps the settings as given (no ``for_budget``
# growth). Once a seat nears 12 the rollouts play the Medium planner, each planner decision
# costing ``race.PLANNER_WORK`` units of the budget: late-game decisions (any seat's best track 9
# or more, 176 from three 2-player games) CPU median 0.001 s, p90 0.058 s, max 0.16 s.
HARD_STEPS = 2500
BUDGET_S = {"easy": 0.2, "medium": 0.5, "hard": 1.0}  # seconds a decision may take


def worker_options(level: str, scale: float = 1.0) -> dict[str, Any]:
    """The options a level's policy is built with: Hard gets its fixed amount of search
    work, scaled like the time budget (the self-test plays at a twentieth)."""
    if level != "hard":
        return {}
    from game.ai.levels.hard_settings import Settings

    return {"settings": Settings(steps=max(200, round(HARD_STEPS * scale)))}
