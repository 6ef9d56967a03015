"""Near the goal Hard races runners-up even when Medium's ranking puts one turn far ahead.

The position is from an arena game (``data/exposed_tile_4p.json``: Hard in seat 2 of four,
seed 11): in the last round Hard can reach 12 Trees, one of them a Victory tile. Medium's
ranking put Plant-then-Move (its standee landing one rock before the last seat's) 5 points
ahead of every other turn, so Hard raced nothing and played it; the last seat planted to 12
Flowers, moved one rock to jump Hard, took the Tree tile and won alone. Moving first and
planting on the other corner keeps Hard out of reach and wins on the sum.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from game.ai.levels.budgets import worker_options
from game.ai.levels.hard import HardPolicy
from game.ai.policy import make_policy
from game.engine import Decision, Game, Phase, new_game
from game.engine.moves import ChooseAction
from game.savegame import load_bytes

DATA = Path(__file__).with_name("data") / "exposed_tile_4p.json"
HARD, LAST = 2, 3


def hard_to_act() -> Game:
    """The game at Hard's first action of round 8 (the last)."""
    m = load_bytes(DATA.read_bytes())
    g = new_game(m.players, m.seed, m.first_player)
    for seat, move in m.moves:
        if g.phase is Phase.ACTION and g.round == 8 and seat == HARD:
            return g
        g.play(seat, move)
    raise AssertionError("the record never reaches Hard's last turn")


def finish(g: Game, hard: HardPolicy) -> None:
    """Hard plays its turn, the last seat Medium's (which finds any steal in reach)."""
    medium = make_policy("medium")
    rng = random.Random(3)
    for _ in range(200):
        if g.over:
            return
        pend = g.pending()[0]
        legal = g.legal_moves(pend.player)
        policy = hard if pend.player == HARD else medium
        move = policy.choose(g.view(pend.player), pend.decision, legal, rng, 1.0)
        g.play(pend.player, move)
    raise AssertionError("the round did not end")


def test_the_position_is_the_one_lost_before() -> None:
    g = hard_to_act()
    assert g.players[HARD].tracks()[0] == 11 and g.players[LAST].tracks()[2] == 10
    assert [p.seat for p in g.players if max(p.tracks()) >= 12] == []


def test_hard_as_shipped_keeps_its_twelve_out_of_the_last_seats_reach() -> None:
    g = hard_to_act()
    settings = worker_options("hard", processes=1)["settings"]
    hard = HardPolicy(workers=1, settings=settings)
    view = g.view(HARD)
    cands = hard.candidates(view, Decision.ACTION, g.legal_moves(HARD))
    assert len(cands) >= settings.endgame_breadth  # the runners-up race too
    finish(g, hard)
    assert tuple(g.result().winners) == (HARD,)


def test_without_the_breadth_hard_plays_medium_s_favourite_and_loses() -> None:
    """The same with ``endgame_breadth=0``: the old behaviour, so the test above is not
    won by chance."""
    g = hard_to_act()
    settings = worker_options("hard", processes=1)["settings"]
    narrow = replace(settings, endgame_breadth=0)
    hard = HardPolicy(workers=1, settings=narrow)
    cands = hard.candidates(g.view(HARD), Decision.ACTION, g.legal_moves(HARD))
    assert [m for m, _ in cands] == [ChooseAction(4)]
    finish(g, hard)
    assert tuple(g.result().winners) == (LAST,)
