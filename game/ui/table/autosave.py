"""When the table saves the match. Every move applied is kept at once, before it is shown:
the storage's ``save_moves`` (the app appends it to its journal, fsync'd). The whole match is
saved after every decision, at once for a human's; AI moves in quick succession (fast and
instant speed) are batched to one save per ``AUTOSAVE_GAP_S``. Leaving the table always saves
what is left. The storage writes the whole match off the frame loop (``game/app/writer.py``)."""

from __future__ import annotations

import time

from game.ui.context import Storage
from game.ui.table.match import Match

AUTOSAVE_GAP_S = 0.25


class AutosavePolicy:
    """Whether a decision waits to be saved, when the last save went out, and how many of
    the match's moves the storage already keeps."""

    def __init__(self, storage: Storage, kept: int = 0, saved_at: float = -1e9) -> None:
        self.storage = storage
        self.unsaved = False  # a decision was played since the last save
        self.saved_at = saved_at
        self.kept = kept  # moves of the match the storage keeps (the table's at its start)
        self.last: object = None  # the last of them (the history's own entry), once known

    def played(self, match: Match) -> None:
        """A move may have been applied: the storage keeps it before anything shows it."""
        self.unsaved = True
        history = match.history
        n = len(history)
        if not match.saveable or not history or (n == self.kept and history[-1] is self.last):
            return
        start = self.kept if n > self.kept else n - 1  # (after an undo it was not told of)
        moves = [[seat, move.to_json()] for seat, move in history[start:]]
        self.kept, self.last = n, history[-1]
        self.storage.save_moves(match.head(), start, moves)

    def undone(self, match: Match) -> None:
        """Moves were taken back: the storage forgets them too."""
        self.kept = len(match.history)
        self.last = match.history[-1] if match.history else None
        if match.saveable:
            self.storage.save_moves(match.head(), self.kept, [])

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
            self.storage.save_match(match.to_json())  # never raises: Storage reports it
