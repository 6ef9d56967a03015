"""At three players Hard values the pile it builds too (issue 42, ``engine_players``).

The pile term and the gregarious Attracts (``test_hard_engine``) were on at two players
only. At three, against two ``greedy`` as shipped (seed 21), Hard lost 9 of the first 24
games, 6 of them to a seat reaching 12 Fires first; with the term on it won every game it
had won and seven of those it had lost. The position is from one of them (game 17, Hard in
seat 2): round 3, Hard has taken one animal and picks another with 8 Sun.
"""

from __future__ import annotations

import random
from dataclasses import replace

from game.ai.levels.budgets import worker_options
from game.ai.levels.hard import HardPolicy, HardSettings
from game.ai.levels.hard_settings import for_table
from game.engine import Decision, Game, Move
from game.engine.moves import PICK_ANIMAL
from game.engine.state import CARD_GREGARIOUS
from tests.ai.positions import recorded_position

AT = 87  # moves played before Hard's second pick of its round-3 Attract
HARD = 2
GREGARIOUS, PLAIN = 33, 31  # both level 1 in the Reserve; the plain one is what Hard took


def second_pick() -> Game:
    return recorded_position("gregarious_attract_3p.json", AT)


def picks(players_with_term: int) -> list[Move]:
    g = second_pick()
    shipped = worker_options("hard", processes=1)["settings"]
    hard = HardPolicy(workers=1, settings=replace(shipped, engine_players=players_with_term))
    legal = g.legal_moves(HARD)
    return [
        hard.choose(g.view(HARD), Decision.ATTRACT, legal, random.Random(s), 1.0) for s in range(4)
    ]


def test_the_position() -> None:
    g = second_pick()
    assert g.deciding() == ([HARD], Decision.ATTRACT) and g.n == 3 and g.round == 3
    assert g.players[HARD].totals()[0] == 8
    assert CARD_GREGARIOUS[GREGARIOUS] and not CARD_GREGARIOUS[PLAIN]
    assert {GREGARIOUS, PLAIN} <= set(g.reserve[0])


def test_on_at_three_players_off_at_four() -> None:
    shipped = HardSettings()
    assert for_table(shipped, 3) == shipped and shipped.engine > 0 and shipped.thin
    assert for_table(shipped, 4).engine == 0.0 and not for_table(shipped, 4).thin


def test_hard_as_shipped_takes_the_gregarious_animal_at_three_players() -> None:
    """As shipped (the term on at three) Hard takes the gregarious animal in every seeded
    race; with the term at two players only (the old gate) it took the plain one."""
    assert picks(HardSettings().engine_players) == [PICK_ANIMAL[GREGARIOUS]] * 4
    assert picks(2) == [PICK_ANIMAL[PLAIN]] * 4
