"""Hard's leaf sees the coming Fire race (issue 42, ``HardSettings.fire_reach``).

At four players Hard lost most of its games against three ``greedy`` seats to one Fire race:
a seat with a big Help Line of Water and the first turn of the round puts out four to eight
tiles in one action phase and reaches 12 Fires. The fitted win chance reads Fires, Water
and the first turn as separate linear features, so it cannot see that race coming; with
``fire_reach`` every seat's Fires count the tiles its typical Water takes from the centre,
the seats taking them in turn order.
"""

from __future__ import annotations

from pathlib import Path

from game.ai.heuristics.winchance import SCALE, leaf_value, table_features, with_fire_reach
from game.engine import Game, Phase, new_game
from game.savegame import load_bytes

DATA = Path(__file__).with_name("data") / "fire_race_4p.json"
HARD, RACER = 2, 1


def round_start(rnd: int) -> Game:
    """Seed 21, game 34 against three ``greedy`` as shipped (Hard in seat 2, lost): the
    draw phase of round ``rnd``, before anyone has drawn."""
    m = load_bytes(DATA.read_bytes())
    g = new_game(m.players, m.seed, m.first_player)
    for seat, move in m.moves:
        if g.round == rnd and g.phase is Phase.DRAW:
            return g
        g.play(seat, move)
    raise AssertionError(f"the record never reaches round {rnd}")


def test_the_position_of_the_lost_race() -> None:
    g = round_start(10)
    assert g.first == RACER
    racer = g.players[RACER]
    assert racer.tracks()[1] == 9 and max(p.tracks()[1] for p in g.players) < 12


def test_the_first_seat_with_the_water_is_seen_to_win_the_fire_race() -> None:
    """Round 10: the seat playing first has 9 Fires and a pile whose Help Line brings
    about 15 Water, with four tiles in the centre: it went to 13 Fires and won. The plain
    leaf gives it less than Hard; with the Fire reach it is the clear favourite."""
    g = round_start(10)
    plain = [leaf_value(g, s) for s in range(g.n)]
    seen = [leaf_value(g, s, fires=True) for s in range(g.n)]
    assert plain[RACER] < plain[HARD] and plain[RACER] < 0.3 * SCALE
    assert seen[RACER] > 0.7 * SCALE and seen[HARD] < plain[HARD]
    assert abs(sum(seen) - SCALE) < 1e-9


def test_the_seats_take_the_tiles_in_turn_order() -> None:
    """Two tiles of 2 and two seats with 4 Water: the first seat takes both."""
    g = new_game(2, seed=1, first_player=1)
    g.centre = [2, 2]
    rows = table_features(g)
    for row in rows:
        row[7] = 4.0  # Water in a typical Help Line
    fires = [row[1] for row in rows]
    out = with_fire_reach(g, [r[:] for r in rows])
    assert out[1][1] == fires[1] + 2 and out[0][1] == fires[0]
    assert out[1][3] == max(out[1][:3])  # the best track read again


def test_outside_the_draw_phase_the_features_are_as_given() -> None:
    g = round_start(10)
    while g.phase is Phase.DRAW:
        seats, _ = g.deciding()
        g.play(seats[0], g.legal_moves(seats[0])[-1])
    rows = table_features(g)
    assert with_fire_reach(g, [r[:] for r in rows]) == rows
