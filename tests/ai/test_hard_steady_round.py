"""Every candidate's round is finished by the same rollout players (``HardSettings.steady``).

The position is from an arena game against ``greedy`` as shipped (``data/second_fire_2p.json``:
seed 4, game 1, Hard in seat 2): round 6, Hard at 8 Fires with one action, has put out a
3 and holds 2 Water; a 2 is left in the centre. Taking it brings Hard to 10 Fires, the
``endgame`` mark where the rollouts turn from the rules of thumb to Medium's planner. The
rollouts chose the planner by the position after the candidate, so the rest of this round
(``greedy``'s whole turn) was played by the planner after the second Fire and by the rules
of thumb after Finish: the stronger opponent made the extra Fire look worse, and Hard left
it in the centre in every sampled race. It lost that game to a Flower burst two rounds
later, still at 9 Fires.
"""

from __future__ import annotations

import random
from dataclasses import replace

from game.ai.levels.budgets import worker_options
from game.ai.levels.hard import HardPolicy
from game.ai.levels.hard_settings import HardSettings
from game.ai.levels.race import near_goal, rollout
from game.engine import Decision, Game
from game.engine.moves import FINISH, PickFire
from tests.ai.positions import recorded_position

HARD = 1
AT = 160  # moves played before Hard's choice


def before_second_fire() -> Game:
    return recorded_position("second_fire_2p.json", AT)


def choices(settings: HardSettings, seeds: range) -> list[object]:
    g = before_second_fire()
    hard = HardPolicy(workers=1, settings=settings)
    legal = g.legal_moves(HARD)
    return [
        hard.choose(g.view(HARD), Decision.EXTINGUISH, legal, random.Random(s), 1.0) for s in seeds
    ]


def test_the_position() -> None:
    g = before_second_fire()
    assert g.deciding() == ([HARD], Decision.EXTINGUISH)
    assert g.legal_moves(HARD) == [PickFire(2), FINISH]
    assert g.players[HARD].tracks()[1] == 9  # the 3 is taken
    assert not near_goal(g, HardSettings().endgame)


def test_hard_as_shipped_takes_the_second_fire() -> None:
    settings = worker_options("hard", processes=1)["settings"]
    assert settings.steady
    assert choices(settings, range(2)) == [PickFire(2)] * 2


def test_with_the_policy_chosen_after_the_candidate_it_left_the_fire() -> None:
    """The old behaviour (before ``steady``, and before the pile term), so the test above
    is not won by chance."""
    shipped = worker_options("hard", processes=1)["settings"]
    settings = replace(shipped, steady=False, engine=0.0, thin=False)
    assert choices(settings, range(2)) == [FINISH] * 2


def test_a_steady_rollout_finishes_the_round_with_the_root_s_players() -> None:
    """After the second Fire Hard stands at 10: without ``root`` the rollout plays the rest of
    the round with the planner (work units above the engine moves), with the root's verdict
    it plays the rules of thumb (one unit a move)."""
    settings = HardSettings(horizon_rounds=1)  # to the end of this round
    g = before_second_fire()
    g.play(HARD, PickFire(2))
    assert near_goal(g, settings.endgame)
    plain, steady = [0, 0], [0, 0]
    rollout(g.clone(), HARD, random.Random(1), settings, 0.0, counter=plain)
    rollout(g.clone(), HARD, random.Random(1), settings, 0.0, counter=steady, root=(g.round, False))
    assert plain[0] > plain[1]
    assert steady[0] == steady[1] > 0
