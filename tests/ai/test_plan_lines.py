"""Hard races an action-phase candidate as its whole turn, as Medium's planner plays it."""

from __future__ import annotations

import random

from game.ai.levels.hard import HardPolicy, HardSettings
from game.ai.levels.medium import rank, rank_with_lines
from game.ai.levels.plans import Scripted, first_move, play_plan
from game.devtools.rollout_bench import mid_game
from game.engine import Decision, Game, Phase, determinize
from game.engine.moves import PASS, ChooseAction


def _first_actions(count: int, first: bool | None = None) -> list[Game]:
    """Positions where a seat is about to choose the first of its two actions (``first``:
    only the round's first player's, or only the others')."""
    out = []
    for seed in range(4, 30):
        for g in mid_game(2, seed=seed, round_=3, count=8):
            pend = g.pending()[0]
            p = g.players[pend.player]
            start = pend.decision is Decision.ACTION and p.actions_left == 2 and not g.tasks
            if start and (first is None or first == (pend.player == g.first)):
                out.append(g)
        if len(out) >= count:
            return out[:count]
    raise AssertionError("too few positions")


def test_each_ranked_move_keeps_the_line_of_its_value() -> None:
    for g in _first_actions(3):
        seat = g.pending()[0].player
        legal = g.legal_moves(seat)
        ranked, lines = rank_with_lines(g, seat, Decision.ACTION, legal)
        assert ranked == rank(g, seat, Decision.ACTION, legal)  # ranking unchanged
        for move, _value in ranked:
            line = lines[move]
            assert line[0] == move
            # The whole turn, not only its first step: the second action (or a Pass) too.
            assert sum(1 for m in line if isinstance(m, ChooseAction) or m == PASS) == 2


def test_line_plans_play_the_whole_turn_in_every_sampled_world() -> None:
    hard = HardPolicy()
    for g in _first_actions(3):
        seat = g.pending()[0].player
        view, legal = g.view(seat), g.legal_moves(seat)
        cands, lines = hard.candidate_lines(view, Decision.ACTION, legal)
        plans = hard.plans(view, Decision.ACTION, cands, hard.settings, random.Random(1), lines)
        assert [p[0] if isinstance(p, tuple) else p for p, _ in plans] == [m for m, _ in cands]
        assert [v for _, v in plans] == [v for _, v in cands]
        for plan, _prior in plans:
            assert isinstance(plan, tuple) and len(plan) >= 2
            for seed in range(3):
                world = determinize(view, random.Random(seed))
                assert play_plan(world, seat, plan) == len(plan)
                seats, decision = world.deciding()
                assert world.phase is not Phase.ACTION or seats != [seat] or decision is None


def test_without_lines_the_race_plays_the_bare_moves() -> None:
    hard = HardPolicy(settings=HardSettings(lines=False))
    g = _first_actions(1)[0]
    seat = g.pending()[0].player
    view, legal = g.view(seat), g.legal_moves(seat)
    cands, lines = hard.candidate_lines(view, Decision.ACTION, legal)
    assert lines
    assert hard.plans(view, Decision.ACTION, cands, hard.settings, random.Random(1), lines) == (
        cands
    )


def test_a_race_over_lines_answers_with_a_legal_first_move() -> None:
    hard = HardPolicy(settings=HardSettings(iterations=30))
    for g in _first_actions(2):
        seat = g.pending()[0].player
        legal = g.legal_moves(seat)
        assert hard.choose(g.view(seat), Decision.ACTION, legal, random.Random(2), 5.0) in legal


def test_near_the_goal_the_next_seats_reply_turn_is_raced_with_each_candidate() -> None:
    # endgame=3: every mid-game position counts as near the goal.
    hard = HardPolicy(settings=HardSettings(endgame=3))
    for g in _first_actions(2, first=True):
        seat = g.pending()[0].player
        view, legal = g.view(seat), g.legal_moves(seat)
        cands, lines = hard.candidate_lines(view, Decision.ACTION, legal)
        plans = hard.plans(view, Decision.ACTION, cands, hard.settings, random.Random(1), lines)
        assert [first_move(p) for p, _ in plans] == [m for m, _ in cands]
        for plan, _prior in plans:
            assert isinstance(plan, Scripted) and plan.own == lines[plan.own[0]]
            assert plan.replies and {who for who, _ in plan.replies} == {(seat + 1) % 2}
            for seed in range(3):
                world = determinize(view, random.Random(seed))
                assert play_plan(world, seat, plan) == len(plan.own) + len(plan.replies)
                # Both turns were played whole: the round's action phase is over.
                assert world.phase is not Phase.ACTION or world.round > g.round


def test_replies_only_near_the_goal_and_none_after_the_last_seat() -> None:
    g = _first_actions(1, first=True)[0]
    seat = g.pending()[0].player
    view, legal = g.view(seat), g.legal_moves(seat)
    far = HardPolicy(settings=HardSettings(endgame=0))
    cands, lines = far.candidate_lines(view, Decision.ACTION, legal)
    plans = far.plans(view, Decision.ACTION, cands, far.settings, random.Random(1), lines)
    assert not any(isinstance(p, Scripted) for p, _ in plans)
    near = HardPolicy(settings=HardSettings(endgame=3))
    last = _first_actions(1, first=False)[0]
    seat = last.pending()[0].player
    view, legal = last.view(seat), last.legal_moves(seat)
    cands, lines = near.candidate_lines(view, Decision.ACTION, legal)
    plans = near.plans(view, Decision.ACTION, cands, near.settings, random.Random(1), lines)
    assert all(isinstance(p, Scripted) and not p.replies for p, _ in plans)
    assert near.choose(view, Decision.ACTION, legal, random.Random(2), 0.05) in legal
