"""Unit tests of the Medium evaluation (``game/ai/heuristics/evaluate.py``), which Medium's look-
ahead, Hard's rollout scores and the hint all stand on."""

from __future__ import annotations

import itertools
import random

import pytest

from game.ai.heuristics.evaluate import (
    LIKELY_WIN,
    WIN,
    evaluate,
    expected_cards,
    player_value,
    track_value,
)
from game.engine import Phase, new_game
from game.engine.state import CARD_ELEMS, GOAL, VARAN
from tests.ai.helpers import random_positions
from tests.ai.positions import action_position


def test_track_value_rewards_specialising() -> None:
    steps = [track_value(t + 1) - track_value(t) for t in range(GOAL)]
    assert all(s > 0 for s in steps)
    assert all(a < b for a, b in itertools.pairwise(steps))  # convex: 12 in one beats 4+4+4
    assert track_value(12) > 3 * track_value(4)


def test_expected_cards_are_the_mean_of_everything_owned() -> None:
    g = new_game(2, seed=5)
    p = g.players[0]
    owned = p.deck + p.discard + p.line
    drawn, mean = expected_cards(p)
    for e in range(5):
        assert mean[e] == pytest.approx(sum(CARD_ELEMS[c][e] for c in owned) / len(owned))
    assert 0 < drawn <= len(owned)


def test_finished_games_score_the_result() -> None:
    rng = random.Random(3)
    g = new_game(3, seed=3)
    while not g.over:
        seat = g.pending()[0].player
        g.play(seat, rng.choice(g.legal_moves(seat)))
    winners = g.result().winners
    for seat in range(3):
        expected = WIN / len(winners) if seat in winners else -WIN
        assert evaluate(g, seat) == expected


def test_a_seat_at_twelve_in_the_action_phase_is_a_likely_winner() -> None:
    g = action_position(line=[CARD_ELEMS.index((2, 0, 0, 0, 0))])
    g.players[1].fires = [2] * GOAL
    assert g.phase is Phase.ACTION
    assert evaluate(g, 1) >= LIKELY_WIN and evaluate(g, 0) == -LIKELY_WIN


@pytest.mark.parametrize("players", [2, 3, 4])
def test_progress_raises_my_value_and_lowers_theirs(players: int) -> None:
    checked = 0
    for g in random_positions(players, seed=21, count=5):
        if max(max(p.tracks()) for p in g.players) >= GOAL - 1:
            continue
        before = [evaluate(g, s) for s in range(players)]
        g.players[0].fires.append(3)
        after = [evaluate(g, s) for s in range(players)]
        assert after[0] > before[0]
        assert all(after[s] < before[s] for s in range(1, players))
        checked += 1
    assert checked >= 3


def test_a_varan_in_the_pile_costs_value() -> None:
    g = new_game(2, seed=9)
    p = g.players[0]
    before = player_value(g, p)
    p.discard.append(VARAN)
    assert player_value(g, p) < before


def test_the_onibi_threat_costs_value_in_the_action_phase() -> None:
    g = action_position(line=[CARD_ELEMS.index((2, 0, 0, 0, 0))], centre=(2, 3))
    p = g.players[0]
    threatened = player_value(g, p)
    g.centre = []
    assert player_value(g, p) > threatened


def test_a_point_taken_from_a_seat_at_eleven_outweighs_one_from_a_low_track() -> None:
    """The engine counts for the rounds the table's leader leaves, so taking the Fire tile
    of a seat at 11 Fires (one short of winning) beats taking its Flower tile. Weighed by
    the victim's own lead, its engine gained back most of what the Fire tile was worth."""
    g = action_position([36, 5, 2, 14, 20, 19])
    me, them = g.players
    them.fires = [2] * 10
    assert them.tracks()[1] == GOAL - 1
    took: dict[str, float] = {}
    for kind in ("fire", "flower"):
        c = g.clone()
        c.players[1].tiles.remove((kind, next(s for k, s in them.tiles if k == kind)))
        c.players[0].tiles.append((kind, 0))
        took[kind] = evaluate(c, 0)
    assert took["fire"] > took["flower"] + 1.0
