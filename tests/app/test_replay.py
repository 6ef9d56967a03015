from __future__ import annotations

import pytest

from game.engine import new_game
from game.replay import CHECKPOINT, Replay
from tests.app.helpers import play_match


@pytest.fixture(scope="module")
def match():
    return play_match(3, seed=21)


def _position(match, index: int) -> dict:
    g = new_game(match.players, match.seed, match.first_player)
    for seat, move in match.moves[:index]:
        g.play(seat, move)
    return g.to_json()


def test_every_step_forward_and_back_matches_a_fresh_replay(match) -> None:
    r = Replay.from_match(match)
    assert len(r) == len(match.moves) and r.final.to_json() == match.game.to_json()
    for i in (1, 2, CHECKPOINT - 1, CHECKPOINT, CHECKPOINT + 1, len(r)):
        r.seek(i)
        assert r.game.to_json() == _position(match, i)
    while r.back():
        pass
    assert r.index == 0 and r.game.to_json() == _position(match, 0)
    for i in range(1, 80):
        assert r.forward() and r.index == i
    assert r.game.to_json() == _position(match, 79)
    assert r.last_step is not None and r.last_step.move == match.moves[78][1]
    r.seek(10**6)
    assert r.index == len(r) and not r.forward() and r.game.over


def test_jump_to_round(match) -> None:
    r = Replay.from_match(match)
    assert r.rounds == list(range(1, match.game.round + 1))
    r.jump_to_round(3)
    assert r.round == 3 and r.game.round == 3
    assert r.steps[r.index - 1].round == 2  # the move before ends round 2
    r.next_round()
    assert r.round == 4
    r.forward()
    r.previous_round()
    assert r.round == 4 and r.index == r.round_start(4)
    r.previous_round()
    assert r.round == 3
    assert sum(r.moves_in_round(x) for x in r.rounds) == len(r)


def test_a_save_without_history_cannot_be_replayed(match) -> None:
    match_v1 = type(match)(**{**match.__dict__, "moves": None})
    with pytest.raises(ValueError):
        Replay.from_match(match_v1)


def test_stepping_forward_applies_each_moves_events_exactly(match) -> None:
    """A replay steps through the recorded events (no rules run again): after every move it
    is the game that was played, field by field, cached sums included."""
    from tests.engine.test_stepping import differences

    r = Replay.from_match(match)
    g = new_game(match.players, match.seed, match.first_player)
    for seat, move in match.moves:
        g.play(seat, move)
        assert r.forward() and differences(r.game, g) == [], r.index
    assert r.game.over
