"""Every level answers every kind of decision with a legal move, and never peeks."""

from __future__ import annotations

import random
from contextlib import closing

import pytest

from game.ai.levels.hard import HardPolicy, HardSettings
from game.ai.policy import BASELINES, LEVELS, make_policy
from game.engine import Decision
from tests.ai.helpers import random_positions, with_other_hidden_order

POSITIONS = [
    (players, g) for players in (2, 3, 4) for g in random_positions(players, 10 + players, 12)
]


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_fast_levels_return_legal_moves(level: str) -> None:
    policy = make_policy(level)
    seen: set[Decision] = set()
    for _players, g in POSITIONS:
        for pend in g.pending():
            legal = g.legal_moves(pend.player)
            move = policy.choose(g.view(pend.player), pend.decision, legal, random.Random(1), 0.05)
            assert move in legal
            seen.add(pend.decision)
    assert {Decision.DRAW, Decision.ACTION} <= seen


@pytest.mark.parametrize("level", [*LEVELS, *BASELINES])
def test_every_policy_closes_through_the_protocol(level: str) -> None:
    """Callers release a policy with ``close()`` (``contextlib.closing``), never by probing
    for it: every level and yardstick answers it, twice over, after a decision."""
    g = POSITIONS[0][1]
    pend = g.pending()[0]
    legal = g.legal_moves(pend.player)
    options = {"ismcts": {"iterations": 4}, "pimc2": {"worlds": 1}}.get(level, {})
    with closing(make_policy(level, **options)) as policy:
        move = policy.choose(g.view(pend.player), pend.decision, legal, random.Random(1), 0.02)
        assert move in legal
    policy.close()


def test_hard_returns_legal_moves() -> None:
    policy = make_policy("hard")
    for _players, g in POSITIONS[::3]:
        pend = g.pending()[0]
        legal = g.legal_moves(pend.player)
        move = policy.choose(g.view(pend.player), pend.decision, legal, random.Random(2), 0.03)
        assert move in legal


def test_every_decision_kind_in_played_games() -> None:
    """Medium and Hard play whole turns: attract, extinguish, plant, move and steal steps.
    (Two games: every decision kind comes up in them, Hard deciding in both; a third had
    Medium alone deciding, issue 43.)"""
    from game.engine import new_game

    medium = make_policy("medium")
    hard = HardPolicy(settings=HardSettings(iterations=4))
    rng = random.Random(3)
    seen: set[Decision] = set()
    for seed in range(2):
        g = new_game(4, seed=seed)
        for _ in range(260):
            if g.over:
                break
            pend = g.pending()[0]
            legal = g.legal_moves(pend.player)
            policy = hard if pend.player == 0 and len(seen) % 3 == 0 else medium
            move = policy.choose(g.view(pend.player), pend.decision, legal, rng, 0.02)
            assert move in legal
            seen.add(pend.decision)
            g.play(pend.player, move)
    assert {Decision.DRAW, Decision.ACTION, Decision.PLANT, Decision.EXTINGUISH} <= seen


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_no_peeking_at_hidden_orders(level: str) -> None:
    """Two games that differ only in hidden orders get the same choice from the same seed."""
    policy = (
        HardPolicy(settings=HardSettings(iterations=12)) if level == "hard" else make_policy(level)
    )
    checked = 0
    for _players, g in POSITIONS[:: 2 if level != "hard" else 4]:
        h = with_other_hidden_order(g, 99)
        for pend in g.pending()[:2]:
            seat = pend.player
            vg, vh = g.view(seat), h.view(seat)
            assert vg.game.to_json() == vh.game.to_json()
            legal = g.legal_moves(seat)
            a = policy.choose(vg, pend.decision, legal, random.Random(5), 10.0)
            b = policy.choose(vh, pend.decision, legal, random.Random(5), 10.0)
            assert a == b
            checked += 1
    assert checked >= 4


def test_hard_root_parallel_workers() -> None:
    """``workers=2`` merges a helper process's statistics and still answers in time."""
    import time

    g = POSITIONS[0][1]
    pend = g.pending()[0]
    legal = g.legal_moves(pend.player)
    policy = HardPolicy(workers=2)
    try:
        policy.choose(g.view(pend.player), pend.decision, legal, random.Random(1), 0.05)
        start = time.monotonic()
        cands, stats = policy.stats_for(
            g.view(pend.player), pend.decision, legal, random.Random(2), 0.3
        )
        assert time.monotonic() - start < 1.0
        assert len(stats.visits) == len(cands) and sum(stats.visits) >= 1
    finally:
        policy.close()


def test_steps_budget_is_reproducible_and_bounded() -> None:
    """``HardSettings(steps=N)``: the same rng gives the same search; more steps give more work
    unless the race was already settled."""
    import pickle

    settings = HardSettings(steps=400)
    assert pickle.loads(pickle.dumps(settings)) == settings and hash(settings)
    g = next(g for _p, g in POSITIONS if g.phase.value == "action")
    pend = g.pending()[0]
    legal = g.legal_moves(pend.player)
    view = g.view(pend.player)
    runs = []
    settled = []
    for steps in (400, 400, 1600):
        policy = HardPolicy(settings=HardSettings(steps=steps))
        cands, stats = policy.stats_for(view, pend.decision, legal, random.Random(4), 10.0)
        runs.append(stats.visits)
        settled.append(stats.settled())
    if len(cands) > 1:
        assert runs[0] == runs[1]
        assert sum(runs[2]) > sum(runs[0]) or (settled[0] and runs[2] == runs[0])


def test_outcome_win_chances_sum_to_one() -> None:
    """The fitted leaf is a distribution over seats; it reads only what a view shows."""
    from game.ai.heuristics.winchance import win_chance

    for players, g in POSITIONS[::5]:
        chances = [win_chance(g, s) for s in range(players)]
        assert abs(sum(chances) - 1.0) < 1e-9 and all(0.0 < c < 1.0 for c in chances)
        assert win_chance(g.view(0).game, 0) == win_chance(g, 0)


def test_race_drops_a_candidate_only_on_a_clear_paired_deficit() -> None:
    """Paired differences decide: a steady small deficit is dropped, a noisy one is kept."""
    from game.ai.levels.race import RaceStats

    steady = RaceStats([[5.0, 6.0, 7.0, 8.0], [4.9, 5.9, 6.9, 7.9]], [True, True])
    steady.prune(2.0)
    assert steady.alive == [True, False] and steady.settled() and steady.best() == 0
    noisy = RaceStats([[5.0, 6.0, 7.0, 8.0], [9.0, 2.0, 8.0, 6.5]], [True, True])
    noisy.prune(2.0)
    assert noisy.alive == [True, True] and not noisy.settled()
    # With no data the Medium prior picks; a shallower verdict (``chosen``) overrides.
    fresh = RaceStats.empty(3, [-1.0, 0.0, -0.5])
    assert fresh.best() == 1
    fresh.chosen = 2
    assert fresh.best() == 2


def test_deepening_spends_a_steps_budget_once_and_reproducibly() -> None:
    """A settled race looks a round deeper within the same ``steps`` budget; the same rng
    gives the same move."""
    settings = HardSettings(steps=3000, horizon_rounds=1, max_horizon=3)
    deepened = 0
    for _players, g in POSITIONS:
        pend = g.pending()[0]
        if pend.decision is not Decision.ACTION:
            continue
        legal = g.legal_moves(pend.player)
        view = g.view(pend.player)
        cands, stats = HardPolicy(settings=settings).stats_for(
            view, pend.decision, legal, random.Random(9), 30.0
        )
        if len(cands) < 2:
            continue
        # A rollout may overrun by its own length, never by a whole extra race.
        assert stats.work <= 3000 + 400
        deepened += stats.horizon > 1
        again = HardPolicy(settings=settings).choose(
            view, pend.decision, legal, random.Random(9), 30.0
        )
        assert again == cands[stats.best()][0]
    assert deepened


def test_sharded_work_gives_the_same_race_on_one_process_or_two() -> None:
    """The table's Hard splits its fixed work into shards with seeds drawn in a fixed
    order: one process running both shards and two processes sharing them reach the same
    statistics and the same move (so a resumed game replays on any machine), and the
    shards together do the whole budget's work."""
    settings = HardSettings(steps=600, shards=2, min_worlds=2)
    g = next(
        g for _p, g in POSITIONS if g.phase.value == "action" and len(g.legal_moves(g.turn)) > 3
    )
    pend = g.pending()[0]
    legal = g.legal_moves(pend.player)
    view = g.view(pend.player)
    out = []
    for workers in (1, 2):
        with closing(HardPolicy(workers=workers, settings=settings)) as policy:
            cands, stats = policy.stats_for(view, pend.decision, legal, random.Random(5), 1.0)
            move = policy.choose(view, pend.decision, legal, random.Random(5), 1.0)
        out.append((stats.samples, stats.alive, move))
        assert stats.work >= 600 or stats.settled()
    assert out[0] == out[1]


def test_the_table_builds_hard_with_sharded_fixed_work() -> None:
    """As shipped, Hard's race is the one a second's time budget grows, bounded by a fixed
    number of simulated moves split into shards (no clock in the answer)."""
    from game.ai.levels.budgets import HARD_SHARDS, HARD_STEPS, worker_options

    opts = worker_options("hard")
    s = opts["settings"]
    assert (s.steps, s.shards) == (HARD_STEPS, HARD_SHARDS) and s.expand >= 1 and s.z > 2
    assert 1 <= opts["workers"] <= HARD_SHARDS
    assert worker_options("hard", 0.05)["workers"] == 1  # the self-test spawns no helpers
    assert worker_options("hard", processes=1)["workers"] == 1  # the server's own pool


def test_a_bigger_table_shares_the_fixed_work_out() -> None:
    """Four Spirits make each simulated round twice as long: the table's fixed budget is
    set for two and shrinks in proportion, so a 4-player decision takes about as long."""
    from game.ai.levels.budgets import HARD_STEPS, worker_options
    from game.ai.levels.hard_settings import for_table

    s = worker_options("hard")["settings"]
    assert for_table(s, 2).steps == HARD_STEPS
    assert for_table(s, 4).steps == HARD_STEPS // 2
    assert for_table(HardSettings(steps=900), 4).steps == 900  # not asked for: unchanged
