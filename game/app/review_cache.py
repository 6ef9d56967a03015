"""Finished reviews kept beside the replays (``saves/replays/reviews/<key>.json``), so a
second look at a game is instant.

The key is a hash of the game itself (setup, moves, reviewed seats), so the game-over screen
and the replay list find the same review without knowing the replay's file name. A cached
review made by another analysis version (``game.ai.coach.review.version``: the analysis and its
win-chance coefficients) is stale: it is removed and the game is analysed again. A file
that does not parse (not JSON, nested too deep, a field of the wrong type or range) is
treated the same way; the review screen also checks that a review fits its game
(``game.ui.results.review_check``).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from game.ai.coach.review import Review, version
from game.app.atomic import read_bytes_limited, write_json_atomic

log = logging.getLogger(__name__)

MAX_REVIEW_BYTES = 2 * 1024 * 1024
# What a cached file may break in parsing: each means "not a usable review", never a crash.
DAMAGED = (OSError, ValueError, KeyError, TypeError, IndexError, RecursionError)


class ReviewCache:
    """Reviews by game key, on disk under ``folder`` (or in memory when it is ``None``)."""

    def __init__(self, folder: Path | None, current: str | None = None) -> None:
        self.folder = folder
        self.current = current if current is not None else version()
        self._memory: dict[str, dict[str, Any]] = {}

    def _path(self, key: str) -> Path | None:
        if not key.isalnum():
            raise ValueError(f"not a review key: {key!r}")
        return None if self.folder is None else self.folder / f"{key}.json"

    def load(self, key: str) -> Review | None:
        """The cached review, or ``None`` (missing, damaged or from another version)."""
        path = self._path(key)
        raw: Any
        if path is None:
            raw = self._memory.get(key)
        else:
            try:
                raw = json.loads(read_bytes_limited(path, MAX_REVIEW_BYTES))
            except FileNotFoundError:
                return None  # not reviewed yet
            except DAMAGED as e:
                log.warning("cached review %s unreadable: %s", path, e)
                raw = None
        if raw is None:
            self.forget(key)
            return None
        try:
            review = Review.from_json(raw)
        except DAMAGED as e:
            log.warning("cached review %s damaged: %s", key, e)
            self.forget(key)
            return None
        if review.version != self.current:
            self.forget(key)
            return None
        return review

    def save(self, key: str, review: Review) -> None:
        """Keep a finished review; a full disk only costs a second analysis later."""
        path = self._path(key)
        if path is None:
            self._memory[key] = review.to_json()
            return
        try:
            write_json_atomic(path, review.to_json(), compact=True)
        except (OSError, ValueError) as e:
            log.warning("review not cached (%s): %s", path, e)

    def forget(self, key: str) -> None:
        path = self._path(key)
        self._memory.pop(key, None)
        if path is not None:
            try:
                path.unlink(missing_ok=True)
            except OSError as e:  # the next save replaces it
                log.warning("could not remove the cached review %s: %s", path, e)
