"""Invariants over many random games (hypothesis), and whole games finishing."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.devtools.engine_bench import baseline_move
from game.engine import Game, Phase, check_invariants, new_game
from game.engine.moves import DRAW, STOP

games = st.tuples(
    st.sampled_from([2, 3, 4]),
    st.integers(0, 2**40),
    st.lists(st.integers(0, 2**16), min_size=20, max_size=500),
)


def drive(players, seed, choices, each_step=None):
    g = new_game(players, seed)
    history = []
    for c in choices:
        if g.over:
            break
        pending = g.pending()
        assert pending, "an unfinished game always has someone to decide"
        seat = pending[c % len(pending)].player
        legal = g.legal_moves(seat)
        assert legal, f"seat {seat} must have a legal move for {pending}"
        move = legal[(c >> 3) % len(legal)]
        g.play(seat, move)
        history.append((seat, move))
        if each_step:
            each_step(g)
    return g, history


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_components_conserved_and_always_a_legal_move(case):
    drive(*case, each_step=check_invariants)


@settings(max_examples=40, deadline=None)
@given(games)
def test_same_seed_and_moves_give_identical_json(case):
    g1, history = drive(*case)
    g2 = new_game(case[0], case[1])
    for seat, move in history:
        g2.play(seat, move)
    assert json.dumps(g1.to_json()) == json.dumps(g2.to_json())


@settings(max_examples=40, deadline=None)
@given(games, st.integers(0, 2**16))
def test_json_round_trip_at_any_point_changes_nothing(case, tail_seed):
    g, _ = drive(*case)
    h = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert h.to_json() == g.to_json()
    r1, r2 = random.Random(tail_seed), random.Random(tail_seed)
    for _ in range(60):
        if g.over:
            break
        seat = g.pending()[0].player
        assert g.legal_moves(seat) == h.legal_moves(seat)
        assert g.play(seat, r1.choice(g.legal_moves(seat))) == h.play(
            seat, r2.choice(h.legal_moves(seat))
        )
    assert h.to_json() == g.to_json()


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([2, 3, 4]),
    st.integers(0, 2**40),
    st.lists(st.integers(1, 8), min_size=4, max_size=4),
    st.randoms(use_true_random=False),
)
def test_draw_phase_outcome_does_not_depend_on_interleaving(players, seed, wants, rand):
    def run(order_rand):
        g = new_game(players, seed)
        while g.phase is Phase.DRAW:
            seat = order_rand.choice(g.pending()).player
            p = g.players[seat]
            want_more = len(p.line) < wants[seat] and DRAW in g.legal_moves(seat)
            g.play(seat, DRAW if want_more else STOP)
        return [p.line for p in g.players]

    assert run(random.Random(0)) == run(rand)


def finish_games(players: int, games: int) -> None:
    """Whole games with the baseline policy: each ends with a winner in a sane number of
    rounds, and the invariants hold every 50 decisions along the way, not only at the end.
    (``play_unchecked``: the baseline picks from ``legal_moves`` itself, so ``play``'s check
    could not refuse it; the tests above play every move through that check.)"""
    for i in range(games):
        g = new_game(players, 10_000 * players + i)
        rand = random.Random(i)
        decisions = 0
        while not g.over:
            seats, decision = g.deciding()  # (``pending`` without its details)
            assert decision is not None
            move = baseline_move(g, seats[0], decision, rand)
            g.play_unchecked(seats[0], move)
            decisions += 1
            if decisions % 50 == 0:
                check_invariants(g)
        check_invariants(g)
        assert g.result().winners and g.round < 200


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_hundred_games_finish(players):
    finish_games(players, 100)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_thousand_games_finish(players):
    finish_games(players, 1000)
