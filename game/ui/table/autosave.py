"""When the table saves the match: every decision is saved, at once for a human's; AI moves
in quick succession (fast and instant speed) are batched to one save per ``AUTOSAVE_GAP_S``.
Leaving the table always saves what is left. The storage writes off the frame loop
(``game/app/writer.py``)."""

from __future__ import annotations

import contextlib
import time

from game.ui.context import Storage
from game.ui.table.match import Match

AUTOSAVE_GAP_S = 0.25


class AutosavePolicy:
    """Whether a decision waits to be saved, and when the last save went out."""

    def __init__(self, storage: Storage, saved_at: float = -1e9) -> None:
        self.storage = storage
        self.unsaved = False  # a decision was played since the last save
        self.saved_at = saved_at

    def played(self) -> None:
        self.unsaved = True

    def save(self, match: Match, force: bool = False) -> None:
        """Save ``match`` if a decision waits: at once with ``force``, else at most once per
        ``AUTOSAVE_GAP_S``. A finished match is recorded, not continued: never saved."""
        if not self.unsaved:
            return
        now = time.monotonic()
        if not force and now - self.saved_at < AUTOSAVE_GAP_S:
            return
        self.unsaved = False
        self.saved_at = now
        if not match.game.over and match.saveable:
            with contextlib.suppress(OSError):
                self.storage.save_match(match.to_json())
