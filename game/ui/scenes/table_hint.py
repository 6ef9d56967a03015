"""The hint asked at the table (H, the Hint button): computed off the frame loop, its
sentence shown in the prompt when it comes, dropped if the decision has moved on meanwhile.
Mixed into ``TableScene`` as a unit (the hint is moving into the AI worker process)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from game.engine import Move
from game.ui.context import Context
from game.ui.match import Match
from game.ui.words import hint_sentence


class HintRequests:
    """The table's hint request: ``hint_job`` while it is computed."""

    ctx: Context
    match: Match
    message: str
    hint_job: tuple | None
    tr: Callable[..., str]

    def human_seat(self) -> int:
        raise NotImplementedError  # the scene's

    def describe(self, move: Move) -> str:
        raise NotImplementedError  # the scene's

    def show_hint(self) -> None:
        """Ask the AI's hint in a thread (it searches for a moment); the frame keeps going."""
        seat = self.human_seat()
        if seat < 0 or self.ctx.hint is None or self.hint_job is not None:
            return
        game, fn, version = self.match.game.clone(), self.ctx.hint, self.decision_key()
        box: dict[str, Any] = {}

        def work() -> None:
            try:
                box["advice"] = fn(game, seat)
            except Exception as e:  # noqa: BLE001 - a failing hint must not end the game
                box["error"] = str(e)

        thread = threading.Thread(target=work, name="hint", daemon=True)
        self.hint_job = (thread, box, version)
        self.message = self.tr("hint.thinking")
        thread.start()

    def poll_hint(self) -> None:
        if self.hint_job is None:
            return
        thread, box, version = self.hint_job
        if thread.is_alive():
            return
        self.hint_job = None
        if version == self.decision_key() and "advice" in box:
            self.message = hint_sentence(self.tr, box["advice"], self.describe)
        elif self.message == self.tr("hint.thinking"):
            self.message = ""

    def decision_key(self) -> tuple:
        """The human's decision now; an AI seat drawing in the background leaves it alone."""
        seat = self.human_seat()
        own = sum(1 for s, _ in self.match.history if s == seat)
        return (seat, own, self.match.game.round, len(self.match.history) if seat < 0 else 0)
