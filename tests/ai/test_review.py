"""The game review: a planted blunder is found and ranked first, cancel stops the analysis,
the win chance is a table-wide distribution read from public facts, and cached reviews are
checked and dropped when the analysis version changes."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from functools import cache

import pytest

from game.ai.coach.review import Cancelled, Depth, Review, analyse, version
from game.ai.heuristics.winchance import Model, chances, in_round, model
from game.ai.runtime.review_job import JobState, ReviewJob, ReviewRequest, game_key
from game.app.review_cache import ReviewCache
from game.engine import new_game
from game.engine.moves import DRAW, STOP
from tests.ai.helpers import random_positions, with_other_hidden_order
from tests.ai.review_games import free_draw_refused

QUICK = Depth(hard_budget_s=1.0, worlds=4, hard_steps=150)


@cache
def planted() -> tuple[tuple, Review]:
    first, moves, blunder = free_draw_refused()
    return (first, moves, blunder), analyse(2, 5, first, moves, [0], QUICK)


def test_a_refused_free_draw_is_found_and_ranked_first() -> None:
    (first, moves, blunder), review = planted()
    top = review.mistakes(0)
    assert top, "the blunder was not found"
    m = top[0]
    assert m.index == blunder and m.played == STOP and m.best == DRAW
    assert m.loss >= 0.03 and m.why.key == "free_draw"
    assert m.why.params["solitary"] <= 1 and m.why.params["percent"] == 0
    # only the human seat's decisions with a choice are judged, each once
    assert {x.seat for x in review.moments} == {0}
    assert len({x.index for x in review.moments}) == len(review.moments)
    assert all(moves[x.index][0] == 0 for x in review.moments)


def test_the_chart_has_a_point_per_round_start_and_the_result() -> None:
    (first, moves, _), review = planted()
    rounds = [p.round for p in review.curve]
    assert rounds == sorted(rounds) and rounds[0] == 1
    assert len(rounds) == len(set(rounds))  # the game is not over: no final point
    for p in review.curve:
        assert abs(sum(p.chances) - 1.0) < 1e-9


def test_a_review_survives_json_and_refuses_damaged_data() -> None:
    _, review = planted()
    raw = json.loads(json.dumps(review.to_json()))
    again = Review.from_json(raw)
    assert again.mistakes(0)[0].index == review.mistakes(0)[0].index
    assert again.to_json() == review.to_json()
    bad = json.loads(json.dumps(raw))
    bad["moments"][0]["played_chance"] = 1.5
    with pytest.raises(ValueError):
        Review.from_json(bad)
    bad = json.loads(json.dumps(raw))
    bad["moments"][0]["why"]["key"] = "__import__"
    with pytest.raises(ValueError):
        Review.from_json(bad)
    bad = json.loads(json.dumps(raw))
    top = next(m for m in bad["moments"] if m["why"]["key"] == "free_draw")
    top["why"]["params"] = {"solitary": 1}  # a sentence without its numbers
    with pytest.raises(ValueError):
        Review.from_json(bad)
    bad = json.loads(json.dumps(raw))
    bad["moments"][0]["decision"] = "{__class__}"
    with pytest.raises(ValueError):
        Review.from_json(bad)
    bad = json.loads(json.dumps(raw))
    bad["curve"][0]["chances"] = [0.5]
    with pytest.raises(ValueError):
        Review.from_json(bad)


def test_cancelling_stops_the_analysis_between_decisions() -> None:
    first, moves, _ = free_draw_refused()
    seen: list[int] = []
    with pytest.raises(Cancelled):
        analyse(2, 5, first, moves, [0], QUICK, lambda done, total: seen.append(done),
                lambda: len(seen) >= 2)  # fmt: skip
    assert seen == [0, 1]


def test_a_background_review_reports_progress_and_cancel_ends_its_process() -> None:
    first, moves, _ = free_draw_refused()
    job = ReviewJob(ReviewRequest(2, 5, first, tuple(moves), (0,), Depth(0.5, 12, 400)))
    try:
        deadline = time.monotonic() + 60
        while job.poll() is JobState.RUNNING and job.total == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert job.state is JobState.RUNNING and job.total > 0
        job.cancel()
        assert job.state is JobState.CANCELLED and not job.alive
        assert job.poll() is JobState.CANCELLED and job.review is None
    finally:
        job.cancel()


def test_a_background_review_delivers_the_review() -> None:
    first, moves, _ = free_draw_refused(rounds=1, blunder_round=1)
    job = ReviewJob(ReviewRequest(2, 5, first, tuple(moves), (0,), Depth(0.5, 2, 50)))
    try:
        deadline = time.monotonic() + 90
        while job.poll() is JobState.RUNNING and time.monotonic() < deadline:
            time.sleep(0.05)
        assert job.state is JobState.DONE and job.fraction == 1.0
        assert job.review is not None and job.review.moments
    finally:
        job.cancel()


# -- the win chance ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_win_chances_sum_to_one_and_read_no_hidden_order(players: int) -> None:
    for g in random_positions(players, seed=players, count=6):
        c = chances(g)
        assert len(c) == players and abs(sum(c) - 1.0) < 1e-9
        assert all(0.0 < x < 1.0 for x in c)
        assert chances(g.view(0).game) == pytest.approx(c)
        assert chances(with_other_hidden_order(g, 9)) == pytest.approx(c)


def test_a_finished_game_has_exact_chances() -> None:
    first, moves, _ = free_draw_refused()
    g = new_game(2, 5, first)
    for seat, move in moves:
        g.play(seat, move)
    g.phase = type(g.phase).OVER
    winners = g.result().winners
    assert chances(g) == [1.0 / len(winners) if s in winners else 0.0 for s in range(2)]


def test_the_shipped_coefficients_load_and_bad_ones_are_refused() -> None:
    m = model()
    assert Model.from_json(m.to_json()).weights == pytest.approx(m.weights)
    raw = m.to_json()
    raw["features"] = ["trees"]
    with pytest.raises(ValueError):
        Model.from_json(raw)
    raw = m.to_json()
    raw["weights"] = ["1"] * len(m.weights)
    with pytest.raises(ValueError):
        Model.from_json(raw)
    raw = m.to_json()
    raw["in_round"] = [1.0]
    with pytest.raises(ValueError):
        Model.from_json(raw)
    identity = Model(m.version, m.weights, (1.0, 0.0))
    assert in_round(0.3, identity) == pytest.approx(0.3)
    shrink = Model(m.version, m.weights, (0.5, 0.0))
    assert 0.5 < in_round(0.9, shrink) < 0.9 and 0.1 < in_round(0.1, shrink) < 0.5


# -- the cache -----------------------------------------------------------------------------


def test_the_cache_keeps_a_review_and_drops_it_when_the_version_changes(tmp_path) -> None:
    (first, moves, _), review = planted()
    key = game_key(2, 5, first, moves, [0])
    assert key == game_key(2, 5, first, list(moves), (0,))
    assert key != game_key(2, 5, first, moves[:-1], [0])
    folder = tmp_path / "reviews"
    ReviewCache(folder).save(key, review)
    assert ReviewCache(folder).load(key).to_json() == review.to_json()
    assert review.version == version()
    newer = ReviewCache(folder, current=version() + ".next")
    assert newer.load(key) is None
    assert not (folder / f"{key}.json").exists()  # the stale file is gone
    assert ReviewCache(folder).load(key) is None


def test_a_damaged_cached_review_is_dropped(tmp_path) -> None:
    folder = tmp_path / "reviews"
    folder.mkdir()
    (folder / "abc.json").write_text('{"version": "x", "players": 9}', encoding="utf-8")
    cache_ = ReviewCache(folder)
    assert cache_.load("abc") is None
    assert not (folder / "abc.json").exists()
    with pytest.raises(ValueError):
        cache_.load("../escape")


def test_two_shares_of_a_game_merge_into_the_whole_review() -> None:
    first, moves, _ = free_draw_refused(rounds=1, blunder_round=1)
    depth = Depth(1.0, 2, 60)
    whole = analyse(2, 5, first, moves, [0], depth)
    parts = [analyse(2, 5, first, moves, [0], depth, share=(r, 2)) for r in (0, 1)]
    assert all(p.moments for p in parts)
    assert Review.merge(parts).to_json() == whole.to_json()
    with pytest.raises(ValueError):
        analyse(2, 5, first, moves, [0], depth, share=(2, 2))


def test_the_calibration_table_bins_predictions_and_judges_only_full_bins() -> None:
    from game.devtools.calibrate import MIN_COUNT, report, table

    pairs = [(0.04, 0.0)] * MIN_COUNT + [(0.95, 1.0)] * (MIN_COUNT - 1) + [(0.55, 1.0)] * 3
    bins = table(pairs)
    assert [b.n for b in bins] == [MIN_COUNT, 0, 0, 0, 0, 3, 0, 0, 0, MIN_COUNT - 1]
    out = report(pairs, "test", 1)
    judged = [b for b in out["bins"] if b["judged"]]
    assert len(judged) == 1 and judged[0]["bin"] == "0-10%"
    assert out["max_judged_difference"] == 0.04 and out["within_5_points"]
    out = report([(0.05, 1.0)] * MIN_COUNT, "test", 1)
    assert not out["within_5_points"]


def test_a_choice_repeated_in_one_phase_is_one_mistake() -> None:
    _, review = planted()
    top = review.mistakes(0)[0]
    twins = [replace(top, index=top.index + k, best_chance=top.best_chance - k / 100)
             for k in (1, 2)]  # fmt: skip
    again = Review(review.version, review.players, review.humans, review.curve,
                   (*review.moments, *twins))  # fmt: skip
    assert [m.index for m in again.mistakes(0)].count(top.index) == 1
    assert not any(m.index in (top.index + 1, top.index + 2) for m in again.mistakes(0))
