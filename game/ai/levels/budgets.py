"""How much each AI level thinks at the table: a time budget for the levels that search by
time, and a fixed amount of work for Hard, so that a resumed match makes exactly the choices
the uninterrupted one would (time-budgeted search depends on the CPU).

Hard uses the time a player gladly gives it (issue 31: up to about a second a decision, a
draw less): its race is the one a 1.0 s time budget grows (``hard_settings.for_budget``:
more candidates, more first worlds, a stricter cut, each action raced with its best first
steps), bounded by ``HARD_STEPS`` simulated moves at two players (fewer in proportion at a bigger
table, whose rounds are longer: ``hard_settings.for_table``) split into ``HARD_SHARDS``
races of equal work (``HardPolicy._sharded``), run on up to that many cores at once. The
split is fixed, so the moves are the same on a one-core machine, only slower.
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import Any

# Before issue 31: 2,500 steps of the 0.1 s race, about 11 ms a decision (p90 0.07 s for an
# action), while a player waits seconds for the animations anyway. Three times the work for
# an action (48,000 steps, draws kept at 8,000: ``hard[steps=48000;draw_share=0.1667]``)
# bought nothing against ``greedy`` as shipped: 80.5% of seed 1's 100 deals against 81.5%
# at 16,000 (7 games won only with the bigger budget, 9 only with this one), at about twice
# the time a decision (median 0.20 s, p90 0.48 s in the arena). What Hard misses there is
# not found by more of the same search.
HARD_STEPS = 16000
HARD_SHARDS = 2
HARD_STEPS_PLAYERS = 2  # HARD_STEPS is for two Spirits; a bigger table shares it out
HARD_REFERENCE_S = 1.0  # the time budget whose race shape Hard plays at the table
BUDGET_S = {"easy": 0.2, "medium": 0.5, "hard": 1.0}  # seconds a decision may take


def hard_processes() -> int:
    """Processes Hard's shards run on: the machine's cores, at most one a shard."""
    return max(1, min(HARD_SHARDS, os.cpu_count() or 1))


def worker_options(level: str, scale: float = 1.0, processes: int | None = None) -> dict[str, Any]:
    """The options a level's policy is built with: Hard gets its fixed amount of search
    work, scaled like the time budget (the self-test plays at a twentieth), and the
    processes to spread it over (``processes``: at most that many; a server that builds a
    policy per decision on its own pool passes 1, and the moves stay the same)."""
    if level != "hard":
        return {}
    from game.ai.levels.hard_settings import HardSettings, for_budget

    shape = for_budget(HardSettings(), HARD_REFERENCE_S)
    steps = max(200, round(HARD_STEPS * scale))
    settings = replace(shape, steps=steps, shards=HARD_SHARDS, steps_players=HARD_STEPS_PLAYERS)
    workers = hard_processes() if scale >= 1.0 else 1
    if processes is not None:
        workers = max(1, min(workers, processes))
    return {"settings": settings, "workers": workers}
