"""Finished lessons, in ``tutorial.json`` of the user's data folder. Progress is a
convenience: an unreadable file only forgets which lessons were done, and a failed write
never stops a lesson."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from game.app.atomic import read_bytes_limited, write_json_atomic

log = logging.getLogger(__name__)

PROGRESS_FILE = "tutorial.json"
PROGRESS_LIMIT = 64 * 1024


class ProgressStore:
    """``game.lessons.LessonProgress`` kept in a file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.done: list[str] = []
        self.load()

    def load(self) -> None:
        try:
            if not self.path.is_file():  # (an unreadable folder raises here)
                return
            raw = json.loads(read_bytes_limited(self.path, PROGRESS_LIMIT).decode("utf-8"))
        except (OSError, ValueError, RecursionError) as e:
            log.warning("lesson progress unreadable (%s): %s", self.path, e)
            return  # an unreadable file only forgets which lessons were done
        done = raw.get("completed") if isinstance(raw, dict) else None
        if isinstance(done, list):
            self.done = [str(x) for x in done if isinstance(x, str)]

    def completed(self, lesson_id: str) -> bool:
        return lesson_id in self.done

    def mark_done(self, lesson_id: str) -> None:
        if lesson_id in self.done:
            return
        self.done.append(lesson_id)
        try:
            write_json_atomic(self.path, {"version": 1, "completed": self.done})
        except OSError as e:  # a failed write never stops a lesson
            log.warning("lesson progress not saved (%s): %s", self.path, e)
