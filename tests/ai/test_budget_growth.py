"""Hard turns a bigger time budget into a wider, longer race (``hard_settings.for_budget``)."""

from __future__ import annotations

import random
from dataclasses import replace

from game.ai.levels.hard import HardPolicy
from game.ai.levels.hard_settings import REFERENCE_BUDGET, HardSettings, for_budget
from game.ai.levels.plans import play_plan
from game.devtools.rollout_bench import mid_game
from game.engine import Decision, determinize
from game.engine.moves import CHOOSE, PASS, Action


def test_the_reference_budget_and_fixed_work_keep_the_settings() -> None:
    s = HardSettings()
    assert for_budget(s, REFERENCE_BUDGET) == s
    assert for_budget(s, 0.05) == s
    fixed = replace(s, steps=2500)
    assert for_budget(fixed, 5.0) == fixed
    assert for_budget(replace(s, grow=0.0), 1.0) == replace(s, grow=0.0)


def test_tenfold_time_races_more_candidates_over_more_worlds() -> None:
    s = HardSettings()
    big = for_budget(s, 1.0)
    assert big.z > s.z
    assert big.min_worlds >= 4 * s.min_worlds
    assert big.max_candidates > s.max_candidates
    assert big.prune_margin > s.prune_margin
    assert for_budget(s, 100.0) == big  # capped at tenfold
    half = for_budget(s, 0.3)
    assert s.min_worlds < half.min_worlds < big.min_worlds
    assert s.expand == 0 < half.expand < big.expand  # actions raced with their first step


def _race_shape(budget_s: float, steps: int) -> HardPolicy:
    """Hard with the race ``budget_s`` grows to, run for a fixed amount of work rather than
    against the clock: a loaded machine must not change what the test sees."""
    return HardPolicy(settings=replace(for_budget(HardSettings(), budget_s), steps=steps))


def test_with_more_time_no_candidate_drops_before_the_longer_first_comparison() -> None:
    """At 0.1 s the race drops candidates after 4 worlds; at 1.0 s none before 16."""
    short, long = _race_shape(0.1, 2_500), _race_shape(1.0, 16_000)  # the old and new table's
    early = late = 0
    for g in mid_game(2, seed=4, round_=4, count=12):
        pend = g.pending()[0]
        view, legal = g.view(pend.player), g.legal_moves(pend.player)
        small, s_stats = short.stats_for(view, pend.decision, legal, random.Random(1), 0.1)
        large, l_stats = long.stats_for(view, pend.decision, legal, random.Random(1), 1.0)
        assert len(large) >= len(small)
        if len(small) > 1 and not all(s_stats.alive):
            early += min(s_stats.visits) < for_budget(HardSettings(), 1.0).min_worlds
        if len(large) > 1:
            late += 1
            dropped = [v for v, a in zip(l_stats.visits, l_stats.alive, strict=True) if not a]
            assert all(v >= 16 for v in dropped)
    assert early and late


def _action_positions(count: int):
    out = []
    for g in mid_game(2, seed=4, round_=3, count=2 * count):
        pend = g.pending()[0]
        if pend.decision is Decision.ACTION and len(g.legal_moves(pend.player)) > 2:
            out.append(g)
    return out[:count]


def test_expanded_plans_pair_each_action_with_answers_legal_in_every_world() -> None:
    hard = HardPolicy(settings=HardSettings(expand=2))
    expanded = 0
    for g in _action_positions(3):
        pend = g.pending()[0]
        view, legal = g.view(pend.player), g.legal_moves(pend.player)
        cands = hard.candidates(view, pend.decision, legal)
        plans = hard.plans(view, pend.decision, cands, hard.settings, random.Random(2))
        assert {p[0] if isinstance(p, tuple) else p for p, _ in plans} == {m for m, _ in cands}
        assert hard.plans(view, pend.decision, cands, HardSettings(), random.Random(2)) == cands
        for plan, _prior in plans:
            if not isinstance(plan, tuple):
                continue
            expanded += 1
            for seed in range(3):  # other sampled worlds
                world = determinize(view, random.Random(seed))
                assert play_plan(world, pend.player, plan) == len(plan)
    assert expanded >= 4


def test_an_expanded_race_answers_with_a_legal_first_move() -> None:
    hard = HardPolicy(settings=HardSettings(expand=2, iterations=40))
    for g in _action_positions(2):
        pend = g.pending()[0]
        view, legal = g.view(pend.player), g.legal_moves(pend.player)
        assert hard.choose(view, pend.decision, legal, random.Random(3), 5.0) in legal


def test_a_plan_step_that_is_not_legal_is_left_to_the_rollout() -> None:
    g = _action_positions(1)[0]
    seat = g.pending()[0].player
    stepped = [CHOOSE[a] for a in (Action.ATTRACT, Action.EXTINGUISH, Action.PLANT)]
    action = next(m for m in g.legal_moves(seat) if m in stepped)
    world = determinize(g.view(seat), random.Random(1))
    assert play_plan(world, seat, (action, PASS)) == 1  # Pass answers no step
    assert world.pending()[0].decision in (Decision.ATTRACT, Decision.EXTINGUISH, Decision.PLANT)
