"""Hard's cheap rollout policy and the rollout benchmark."""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stdout

import pytest

from game.ai.levels import rollout
from game.ai.levels.hard import HardPolicy, HardSettings
from game.devtools.rollout_bench import main as bench_main
from game.devtools.rollout_bench import mid_game, searched
from game.engine import Decision, new_game
from game.engine.moves import DRAW, STOP, USE_FRAGMENT, Plant
from game.engine.state import COLUMNS, VARAN
from tests.ai.positions import draw_position


def test_cheap_policy_plays_whole_games_with_legal_moves() -> None:
    """Every decision kind comes up; each answer is legal (``play`` checks it)."""
    seen: set[Decision] = set()
    rng = random.Random(1)
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        g = new_game(players, seed=seed)
        for _ in range(6000):
            if g.over:
                break
            pend = g.pending()[0]
            legal = g.legal_moves(pend.player)
            move = (
                legal[0]
                if len(legal) == 1
                else rollout.choose(g, pend.player, pend.decision, legal, rng)
            )
            seen.add(pend.decision)
            g.play(pend.player, move)
        assert g.over
    assert set(Decision) - {Decision.STEAL} <= seen


def test_cheap_policy_keeps_the_draw_guards() -> None:
    rng = random.Random(1)
    free = draw_position([10, 8], deck=[VARAN, VARAN, 7], fragments=2)
    assert rollout.choose(free, 0, Decision.DRAW, [DRAW, STOP, USE_FRAGMENT], rng) == DRAW
    bust = draw_position([1, 2, 3], deck=[8, 9], fragments=1)
    assert rollout.choose(bust, 0, Decision.DRAW, [STOP, USE_FRAGMENT], rng) == USE_FRAGMENT
    risky = draw_position([1, 2, 8], deck=[VARAN, VARAN, 3, 4, 9])
    assert rollout.choose(risky, 0, Decision.DRAW, [DRAW, STOP], rng) == STOP


def test_fast_rollouts_do_more_work_in_the_same_time() -> None:
    """In the same time the fast policy simulates several times the engine moves (it runs
    near 30x Medium's speed, so a 3x margin stays safe on a loaded machine)."""
    for g in mid_game(2, seed=4, round_=3, count=4):
        pend = g.pending()[0]
        view, legal = g.view(pend.player), g.legal_moves(pend.player)
        if len(HardPolicy().candidates(view, pend.decision, legal)) > 1:
            break
    work = {}
    for policy in ("medium", "fast"):
        hard = HardPolicy(settings=HardSettings(policy=policy, z=1e9))
        _cands, stats = hard.stats_for(view, pend.decision, legal, random.Random(2), 0.2)
        work[policy] = stats.moves  # engine moves, not budget units
    assert work["fast"] > 3 * work["medium"] > 0


def test_bench_prints_json_for_both_table_sizes() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        bench_main(["--positions", "2", "--budget", "0.05", "--policies", "fast"])
    lines = [json.loads(s) for s in out.getvalue().splitlines()]
    assert [x["players"] for x in lines] == [2, 4]
    keys = {"moves_per_s", "rollouts_per_s", "moves_per_rollout", "moves_per_cpu_s"}
    assert all(keys <= set(x) for x in lines)
    # Every measured position has a race (the bench skips the ones with one candidate).
    assert all(x["moves_per_s"] > 0 and x["rollouts_per_s"] > 0 for x in lines)


@pytest.mark.parametrize("count", [1, 2, pytest.param(5, marks=pytest.mark.slow)])
def test_bench_positions_all_have_a_race(count: int) -> None:
    """``count``: one and two in the default run (issue 43: a fifth of the self-play), five
    with ``-m slow``. One used to find none: a game offered its first draw alone."""
    positions = searched(4, seed=1, round_=5, count=count)
    assert len(positions) == count
    for g in positions:
        pend = g.pending()[0]
        view, legal = g.view(pend.player), g.legal_moves(pend.player)
        assert len(HardPolicy().candidates(view, pend.decision, legal)) > 1


def test_a_draw_decision_gets_its_share_of_the_work() -> None:
    """A draw phase asks several times: each draw search spends ``draw_share`` of steps."""
    found = 0
    for g in mid_game(2, seed=6, round_=3, count=8):
        pend = g.pending()[0]
        view, legal = g.view(pend.player), g.legal_moves(pend.player)
        hard = HardPolicy(settings=HardSettings(steps=4000, draw_share=0.25, z=1e9))
        cands, stats = hard.stats_for(view, pend.decision, legal, random.Random(3), 60.0)
        if len(cands) < 2:
            continue
        found += 1
        if pend.decision is Decision.DRAW:
            assert 1000 <= stats.work < 1000 + 3000  # one rollout may overrun
        else:
            assert stats.work >= 4000
    assert found


def _plant_by_scoring_every_move(p, legal):
    """The rollout's Plant rule written plainly: score every (tree, space) move in order."""
    kinds = set(p.forest)
    best, best_v = None, float("-inf")
    for m in legal:
        if isinstance(m, Plant):
            s = m.y * COLUMNS + m.x
            v = rollout.TREE_WORTH[m.tree] + (1.6 if m.tree not in kinds else 0.0)
            v += rollout.SPACE_WORTH[s]
            if v > best_v:
                best, best_v = m, v
    return best


def test_cheap_plant_picks_what_scoring_every_move_picks() -> None:
    rng = random.Random(7)
    checked = 0
    for players, seed in ((2, 11), (3, 12), (4, 13), (2, 14)):
        g = new_game(players, seed=seed)
        while not g.over:
            pend = g.pending()[0]
            legal = g.legal_moves(pend.player)
            if len(legal) == 1:
                g.play(pend.player, legal[0])
                continue
            move = rollout.choose(g, pend.player, pend.decision, legal, rng)
            if pend.decision is Decision.PLANT:
                plain = _plant_by_scoring_every_move(g.players[pend.player], legal)
                assert move == (plain or move)
                checked += plain is not None
            g.play(pend.player, move)
    assert checked >= 20


def test_planner_moves_in_the_endgame_cost_more_of_a_fixed_budget() -> None:
    """Once a seat nears the goal the rollouts play the Medium planner, and each planner
    decision costs ``PLANNER_WORK`` units of a ``steps`` budget, so a fixed budget (the
    table's, the review's) stays about as long in the endgame; without the endgame switch
    the budget is the engine moves themselves."""
    from game.ai.levels.race import PLANNER_WORK

    checked = 0
    for g in mid_game(2, seed=6, round_=3, count=8):
        pend = g.pending()[0]
        view, legal = g.view(pend.player), g.legal_moves(pend.player)
        view.game.players[1].tiles += [("flower", 0)] * 9  # the opponent nears 12 Flowers
        assert max(view.game.players[1].tracks()) >= 10
        if len(HardPolicy().candidates(view, pend.decision, legal)) < 2:
            continue  # nothing to race: no work spent
        for endgame in (10, 0):
            hard = HardPolicy(settings=HardSettings(steps=1500, endgame=endgame, z=1e9))
            _c, stats = hard.stats_for(view, pend.decision, legal, random.Random(3), 60.0)
            assert stats.work >= 1500 * (0.5 if pend.decision is Decision.DRAW else 1)
            if endgame:
                assert stats.moves < stats.work <= stats.moves * PLANNER_WORK
            else:
                assert stats.moves == stats.work
        checked += 1
    assert checked
