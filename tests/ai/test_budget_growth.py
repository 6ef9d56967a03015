"""Hard turns a bigger time budget into a wider, longer race (``hard.for_budget``)."""

from __future__ import annotations

import random
from dataclasses import replace

from game.ai.bench import mid_game
from game.ai.hard import REFERENCE_BUDGET, HardPolicy, Settings, for_budget


def test_the_reference_budget_and_fixed_work_keep_the_settings() -> None:
    s = Settings()
    assert for_budget(s, REFERENCE_BUDGET) == s
    assert for_budget(s, 0.05) == s
    fixed = replace(s, steps=2500)
    assert for_budget(fixed, 5.0) == fixed
    assert for_budget(replace(s, grow=0.0), 1.0) == replace(s, grow=0.0)


def test_tenfold_time_races_more_candidates_over_more_worlds() -> None:
    s = Settings()
    big = for_budget(s, 1.0)
    assert big.z > s.z
    assert big.min_worlds >= 4 * s.min_worlds
    assert big.max_candidates > s.max_candidates
    assert big.prune_margin > s.prune_margin
    assert for_budget(s, 100.0) == big  # capped at tenfold
    half = for_budget(s, 0.3)
    assert s.min_worlds < half.min_worlds < big.min_worlds


def test_with_more_time_no_candidate_drops_before_the_longer_first_comparison() -> None:
    """At 0.1 s the race drops candidates after 4 worlds; at 1.0 s none before 16."""
    hard = HardPolicy()
    early = late = 0
    for g in mid_game(2, seed=4, round_=4, count=6):
        pend = g.pending()[0]
        view, legal = g.view(pend.player), g.legal_moves(pend.player)
        small, s_stats = hard.stats_for(view, pend.decision, legal, random.Random(1), 0.1)
        large, l_stats = hard.stats_for(view, pend.decision, legal, random.Random(1), 1.0)
        assert len(large) >= len(small)
        if len(small) > 1 and not all(s_stats.alive):
            early += min(s_stats.visits) < for_budget(Settings(), 1.0).min_worlds
        if len(large) > 1:
            late += 1
            dropped = [v for v, a in zip(l_stats.visits, l_stats.alive, strict=True) if not a]
            assert all(v >= 16 for v in dropped)
    assert early and late
