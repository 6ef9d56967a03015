"""The hint asked at the table (H, the Hint button): searched off this process
(``ctx.hint``, ``ui/hinting.py``), its sentence shown in the prompt when it comes and its
target ringed, dropped if the decision has moved on meanwhile. Mixed into ``TableScene``."""

from __future__ import annotations

from collections.abc import Callable

from game.engine import Move
from game.ui.context import Context
from game.ui.match import Match
from game.ui.words import hint_sentence


class HintRequests:
    """The table's hint request: ``hint_job`` while it is computed."""

    ctx: Context
    match: Match
    message: str
    hint_job: tuple | None  # the decision a hint was asked for
    hint: Move | None  # the hinted move, ringed until the next move
    tr: Callable[..., str]

    def human_seat(self) -> int:
        raise NotImplementedError  # the scene's

    def describe(self, move: Move) -> str:
        raise NotImplementedError  # the scene's

    def show_hint(self) -> None:
        """Ask for Hard's advice (``ctx.hint``, off this process); the frames keep going."""
        seat = self.human_seat()
        if seat < 0 or self.ctx.hint is None or self.hint_job is not None:
            return
        self.ctx.hint.submit(self.match.game, seat)
        self.hint_job = self.decision_key()
        self.message = self.tr("hint.thinking")

    def poll_hint(self) -> None:
        if self.hint_job is None or self.ctx.hint is None:
            return
        answer = self.ctx.hint.poll()
        if answer is None:
            return
        version, self.hint_job = self.hint_job, None
        if version == self.decision_key() and answer.advice is not None:
            self.message = hint_sentence(self.tr, answer.advice, self.describe)
            self.hint = answer.advice.move  # its target is ringed until the next move
        elif self.message == self.tr("hint.thinking"):
            self.message = ""

    def cancel_hint(self) -> None:
        """Leaving the table: a hint still being searched is dropped (its decision is over)."""
        if self.hint_job is not None and self.ctx.hint is not None:
            self.ctx.hint.cancel()
            self.hint_job = None

    def decision_key(self) -> tuple:
        """The human's decision now; an AI seat drawing in the background leaves it alone."""
        seat = self.human_seat()
        own = sum(1 for s, _ in self.match.history if s == seat)
        return (seat, own, self.match.game.round, len(self.match.history) if seat < 0 else 0)
