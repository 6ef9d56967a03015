"""The review screen: progress while analysing, Cancel, the cache making a second look
instant, a jump from a mark into the replay, and the Review buttons that open it."""

from __future__ import annotations

import pygame
import pytest

from game.ai.runtime.review_job import JobState
from game.app.review_cache import ReviewCache
from game.ui.scene import SceneStack
from game.ui.scenes.replay import ReplayViewerScene
from game.ui.scenes.review import GameRecord, ReviewScene
from game.ui.words.review_text import move_text
from tests.app.screens import SIZES, context, draw_stack, render
from tests.ui.review_screens import FakeJob, analysing_scene, done_scene, game_record, prepared


def _key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def _click(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


# The games the review is drawn for: at 2 players the one the tests below analyse (each
# game's review is worked out once per process), at 4 a short one.
ROUNDS = {2: 3, 4: 2}


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4])
def test_the_review_draws_while_analysing_and_when_done(lang, size, players) -> None:
    rounds = ROUNDS[players]
    for scene in (analysing_scene(players, lang, rounds), done_scene(players, lang, rounds)):
        assert render(scene, size).get_size() == size


def test_analysing_shows_progress_then_the_review_which_is_cached() -> None:
    record, review, blunder = prepared(2, rounds=3)
    jobs: list[FakeJob] = []
    cache = ReviewCache(None)

    def start(request):  # noqa: ANN001, ANN202
        jobs.append(FakeJob(request))
        return jobs[-1]

    scene = ReviewScene(context("en"), record, start_job=start, cache=cache)
    stack = SceneStack()
    stack.push(scene)
    assert scene.analysing and jobs[0].request.humans == (0,)
    assert scene.menu.buttons[-1].label == scene.ctx.tr("review.cancel")
    scene.update(0.1)
    assert scene.analysing and scene.review is None
    jobs[0].finish(review)
    scene.update(0.1)
    assert not scene.analysing and scene.review is review
    assert scene.marks and scene.marks[0].moment.index == blunder
    assert scene.menu.buttons[-1].label == scene.ctx.tr("review.back")
    draw_stack(stack, SIZES[0])
    # A second look is instant: the cache answers and no job starts.
    again = ReviewScene(context("en"), record, start_job=start, cache=cache)
    SceneStack().push(again)
    assert len(jobs) == 1 and not again.analysing and again.review.to_json() == review.to_json()


def test_escape_cancels_the_analysis_and_leaves() -> None:
    scene = analysing_scene(2, rounds=3)
    stack = SceneStack()
    stack.push(context("en") and ReviewScene(context("en"), scene.record, FakeJob,
                                             ReviewCache(None)))  # fmt: skip
    top = stack.top
    job = top.job
    top.handle_event(_key(pygame.K_ESCAPE))
    assert job.state is JobState.CANCELLED and job.cancelled and len(stack) == 0


def test_a_failed_analysis_says_so() -> None:
    record, _ = game_record(2, rounds=3)
    scene = ReviewScene(context("en"), record, FakeJob, ReviewCache(None))
    SceneStack().push(scene)
    scene.job.state, scene.job.error = JobState.FAILED, "boom"
    scene.update(0.1)
    assert scene.error == "boom" and not scene.analysing and scene.review is None


def test_a_mark_opens_the_replay_at_that_moment() -> None:
    scene = done_scene(2, rounds=3)
    stack = SceneStack()
    stack.push(scene)
    blunder = prepared(2, rounds=3)[2]
    scene.handle_event(_key(pygame.K_1))
    viewer = stack.top
    assert isinstance(viewer, ReplayViewerScene) and viewer.replay.index == blunder
    draw_stack(stack, SIZES[0])
    viewer.handle_event(_key(pygame.K_ESCAPE))
    assert stack.top is scene
    scene.handle_event(_click(scene.marks[0].centre))
    assert stack.top.replay.index == blunder
    stack.pop()
    scene.handle_event(_click(scene.menu.buttons[0].rect.center))  # Show this moment
    assert stack.top.replay.index == blunder


def test_a_game_without_humans_shows_the_chart_only() -> None:
    record, _ = game_record(2, rounds=3)
    ai_only = GameRecord(record.players, record.seed, record.first_player, record.moves,
                         record.names, ("easy", "medium"))  # fmt: skip
    jobs: list[object] = []
    scene = ReviewScene(context("ko"), ai_only, start_job=jobs.append, cache=ReviewCache(None))
    SceneStack().push(scene)
    assert jobs == [] and scene.seat == -1 and scene.curve
    assert render(scene, SIZES[0]).get_size() == SIZES[0]


def test_game_over_and_the_replay_list_offer_a_review(monkeypatch, tmp_path) -> None:
    import game.ui.scenes.review as review_scene
    from game.ui.scenes.game_over import GameOverScene
    from game.ui.scenes.replay import ReplayBrowserScene
    from game.ui.table.match import Match, Seat
    from tests.app.helpers import play_match
    from tests.app.screens import replay_storage

    monkeypatch.setattr(review_scene, "ReviewJob", FakeJob)
    # A whole game, by the save tests' quick policy (Medium's took 0.25 s to play).
    played = play_match(2, seed=5)
    match = Match.new([Seat("Ana", "human"), Seat("Bo", "medium")], played.seed,
                      played.first_player)  # fmt: skip
    for seat, move in played.moves:
        match.play(seat, move)
    assert match.game.over
    ctx = context("en")
    stack = SceneStack()
    over = GameOverScene(ctx, match)
    stack.push(over)
    over.celebration.finish()  # the first click would only skip the celebration
    button = next(b for b in over.menu.buttons if b.label == ctx.tr("review.button"))
    over.handle_event(_click(button.rect.center))
    assert isinstance(stack.top, ReviewScene) and list(stack.top.record.moves) == played.moves
    assert isinstance(stack.top.job, FakeJob)

    ctx = context("ko", storage=replay_storage(tmp_path))
    browser = ReplayBrowserScene(ctx)
    stack = SceneStack()
    stack.push(browser)
    draw_stack(stack, SIZES[0])
    review_button = browser.menu.buttons[0]
    assert review_button.label == ctx.tr("review.button")
    browser.handle_event(_click(review_button.rect.center))
    assert isinstance(stack.top, ReviewScene) and stack.top.record.humans == (0,)


def test_a_history_that_does_not_replay_is_refused_without_an_analysis() -> None:
    from game.engine.moves import ChooseAction

    record, _ = game_record(2, rounds=3)
    moves = ((0, ChooseAction(5)), *record.moves)  # an action in the draw phase
    broken = GameRecord(2, record.seed, record.first_player, moves, record.names, record.kinds)
    jobs: list[object] = []
    scene = ReviewScene(context("en"), broken, start_job=jobs.append, cache=ReviewCache(None))
    SceneStack().push(scene)
    assert jobs == [] and scene.error and not scene.marks
    assert render(scene, SIZES[0]).get_size() == SIZES[0]


def test_the_review_speaks_of_win_chance_and_labels_the_moment_it_shows() -> None:
    """Issue 32, item 11: "−8" is win chance, not game points; the replay opened from a
    moment says what was played there and which move was better."""
    scene = done_scene(2, rounds=3)
    stack = SceneStack()
    stack.push(scene)
    tr = scene.ctx.tr
    m = scene.marks[0].moment
    when = tr("review.when", round=m.round, step=tr(f"decision.{m.decision}"), points=5)
    assert "to win" in when and "%" in when and "points" not in when
    assert scene.keys_text() == tr("review.keys")
    scene.handle_event(_key(pygame.K_1))
    viewer = stack.top
    assert isinstance(viewer, ReplayViewerScene)
    names = scene.record.names
    better = move_text(tr, m.best, m.seat, names)
    played = move_text(tr, m.played, m.seat, names)
    assert better in viewer.prompt_text() and played in viewer.prompt_text()
    assert viewer.prompt_text().startswith("Review")
    viewer.handle_event(_key(pygame.K_RIGHT))  # one move on: the bar shows that move
    assert not viewer.prompt_text().startswith("Review")


def test_a_review_without_humans_offers_no_moment_to_show() -> None:
    record, _ = game_record(2, rounds=3)
    ai_only = GameRecord(record.players, record.seed, record.first_player, record.moves,
                         record.names, ("easy", "medium"))  # fmt: skip
    scene = ReviewScene(context("en"), ai_only, start_job=list, cache=ReviewCache(None))
    SceneStack().push(scene)
    assert scene.keys_text() == scene.ctx.tr("review.keys_back")
    assert "1" not in scene.keys_text()
    assert not any(b.label == scene.ctx.tr("review.show") for b in scene.menu.buttons)
