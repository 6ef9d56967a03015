"""The review screen headless, for tests and for looking at it:
``python -m tests.ui.review_screens OUT_DIR`` writes it for 2 and 4 players, analysing and
done, at 1280x720 and 1920x1080, in English and Korean."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.ai.coach.review import Depth, Review, analyse  # noqa: E402
from game.ai.runtime.review_job import JobState  # noqa: E402
from game.app.review_cache import ReviewCache  # noqa: E402
from game.ui.scenes.review import GameRecord, ReviewScene  # noqa: E402
from tests.ai.review_games import free_draw_refused  # noqa: E402
from tests.app.screens import SIZES, context, render  # noqa: E402

NAMES = ("Ana", "Bo", "Cy", "Di")
SEEDS = {2: 5, 3: 3, 4: 4}


@dataclass
class FakeJob:
    """A review job that answers from memory: ``finish`` hands the review over."""

    request: Any
    review: Review | None = None
    state: JobState = JobState.RUNNING
    done: int = 12
    total: int = 40
    cancelled: list[bool] = field(default_factory=list)
    error: str = ""

    def poll(self) -> JobState:
        return self.state

    def cancel(self) -> None:
        self.cancelled.append(True)
        if self.state is JobState.RUNNING:
            self.state = JobState.CANCELLED

    def finish(self, review: Review) -> None:
        self.review, self.state = review, JobState.DONE


def game_record(players: int, rounds: int = 99) -> tuple[GameRecord, int]:
    """A game with a refused free draw by the human (seat 0), and the blunder's index."""
    return _game_record(players, rounds)  # (one cache entry however the rounds are passed)


@cache
def _game_record(players: int, rounds: int) -> tuple[GameRecord, int]:
    seed = SEEDS[players]
    first, moves, blunder = free_draw_refused(players, seed, blunder_round=2, rounds=rounds)
    kinds = ("human", *("medium",) * (players - 1))
    return GameRecord(players, seed, first, tuple(moves), NAMES[:players], kinds), blunder


def prepared(players: int, rounds: int = 99) -> tuple[GameRecord, Review, int]:
    """That game and its quick review."""
    return _prepared(players, rounds)  # (``functools.cache`` keys ``(2, 3)`` and
    # ``(2, rounds=3)`` apart: each review was worked out twice)


@cache
def _prepared(players: int, rounds: int) -> tuple[GameRecord, Review, int]:
    record, blunder = game_record(players, rounds)
    # One sampled world per move: the screen's tests need a review, not a precise one (the
    # planted blunder is still the largest drop; 4 worlds took 1.4 s for the two games).
    review = analyse(players, record.seed, record.first_player, record.moves, [0],
                     Depth(1.0, 1, 150))  # fmt: skip
    return record, review, blunder


def done_scene(players: int, lang: str = "en", rounds: int = 99) -> ReviewScene:
    record, review, _ = prepared(players, rounds)
    cache_ = ReviewCache(None)
    cache_.save(record.key, review)
    return ReviewScene(context(lang), record, cache=cache_)


def analysing_scene(players: int, lang: str = "en", rounds: int = 99) -> ReviewScene:
    record, _ = game_record(players, rounds)
    return ReviewScene(context(lang), record, start_job=FakeJob, cache=ReviewCache(None))


def main(out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    for players in (2, 4):
        for lang in ("en", "ko"):
            for state, make in (("done", done_scene), ("analysing", analysing_scene)):
                for size in SIZES:
                    surf = render(make(players, lang), size)
                    name = f"review_{players}p_{state}_{lang}_{size[0]}x{size[1]}.png"
                    pygame.image.save(surf, str(out / name))
    print(f"wrote review screens to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
