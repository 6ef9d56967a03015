"""Issue 32 item 17: hostile review-cache files crashed the review screen (deep nesting:
``RecursionError``; an out-of-range card, tree or tile in a stored move: ``IndexError``; a
word where a reason needs a number: ``ValueError``). A cache is only a cache: anything odd is
dropped, the game is analysed again, and the screen draws and shows its moments."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ai.coach.review import Depth, Review, analyse
from game.app.review_cache import ReviewCache
from game.ui.scene import SceneStack
from game.ui.scenes.review import GameRecord, ReviewScene
from tests.app.screens import SIZES, context, draw_stack
from tests.ui.review_screens import FakeJob, game_record


@cache
def reviewed() -> tuple[GameRecord, Review]:
    """The review screens' two-player game (three rounds, a refused free draw) and a quick
    review of it: one sampled world, 20 steps. The cache's checks read a review's shape,
    not its depth (the same 15 moments and top mistake as the screens' review of it, which
    took 0.54 s of CPU in each test process; this one 0.16 s; issue 43)."""
    record, _ = game_record(2, rounds=3)
    review = analyse(2, record.seed, record.first_player, record.moves, [0], Depth(1.0, 1, 20))
    return record, review


def _top_mistake(doc: dict[str, Any]) -> dict[str, Any]:
    """The moment the screen shows first (the largest loss)."""
    return max(doc["moments"], key=lambda m: m["best_chance"] - m["played_chance"])


def _set(part: str, field: str, value: Any):  # noqa: ANN202
    def mutate(doc: dict[str, Any]) -> None:
        moment = _top_mistake(doc)
        target = moment["why"]["params"] if part == "params" else moment[part]
        target[field] = value

    return mutate


def _reason_word(doc: dict[str, Any]) -> None:
    for m in doc["moments"]:
        m["why"]["params"] = {k: "many" for k in m["why"]["params"]} or {"n": "many"}
        m["why"]["reasons"] = [["steals", {"n": "many"}]]


MUTATIONS = {
    "played tree 999": _set("played", "tree", 999),
    "best tree 999": _set("best", "tree", 999),
    "best card 999": _set("best", "card", 999),
    "best tile x 99": _set("best", "x", 99),
    "best of another kind": lambda doc: _top_mistake(doc).update(
        best={"kind": "plant", "tree": 3, "x": 9, "y": -4}
    ),
    "index past the end": _set("index", "", None),
    "a word for a number": _reason_word,
}


def _write(tmp_path: Path, text: str) -> tuple[Any, ReviewCache]:
    record, review = reviewed()
    cache = ReviewCache(tmp_path)
    cache.save(record.key, review)
    (tmp_path / f"{record.key}.json").write_text(text, encoding="utf-8")
    return record, cache


def _open_and_show(record: Any, cache: ReviewCache) -> ReviewScene:
    jobs: list[FakeJob] = []

    def start(request: Any) -> FakeJob:
        jobs.append(FakeJob(request))
        return jobs[-1]

    scene = ReviewScene(context("en"), record, start_job=start, cache=cache)
    stack = SceneStack()
    stack.push(scene)
    draw_stack(stack, SIZES[0])
    if scene.marks:
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0))
        draw_stack(stack, SIZES[0])
        stack.pop()
    assert scene.review is None and len(jobs) == 1  # dropped: analysed again
    _, good = reviewed()
    jobs[0].finish(good)
    scene.update(0.1)
    assert scene.review is good and cache.load(record.key) is not None  # saved over it
    return scene


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000,
                                  '{"moments": ' + "[" * 50_000 + "]" * 50_000 + "}"])  # fmt: skip
def test_deep_nesting_is_dropped(tmp_path: Path, text: str) -> None:
    _open_and_show(*_write(tmp_path, text))


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_a_review_that_does_not_fit_its_game_is_dropped(tmp_path: Path, name: str) -> None:
    _, review = reviewed()
    doc = copy.deepcopy(review.to_json())
    if name == "index past the end":
        _top_mistake(doc)["index"] = 10**6
    else:
        MUTATIONS[name](doc)
    _open_and_show(*_write(tmp_path, json.dumps(doc)))
