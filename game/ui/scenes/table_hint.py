"""The hint asked at the table (H, the Hint button), one request at a time.

The advice is searched off this process (``ctx.hint``, ``ui/hinting.py``). The request
remembers which decision it was asked for, so an answer that arrives after the player (or
an AI seat's background draw) has moved on is dropped instead of advising the wrong
position; the hinted move stays ringed until the next move is played.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine import Move
from game.ui.table.ai_seats.hinting import HintSource
from game.ui.table.match import Match
from game.ui.words.sentences import hint_sentence


def decision_key(match: Match, seat: int) -> tuple:
    """A human's decision now; an AI seat drawing in the background leaves it alone."""
    own = sum(1 for s, _ in match.history if s == seat)
    return (seat, own, match.game.round, len(match.history) if seat < 0 else 0)


class HintRequest:
    """``job`` while a hint is being searched; ``move`` once its advice came (ringed).

    The prompt's notice stays the table's: ``ask`` and ``poll`` take it and return what it
    becomes (the thinking line, then the advice, or nothing if the search came to nothing).
    """

    def __init__(
        self, source: HintSource | None, tr: Callable[..., str], describe: Callable[[Move], str]
    ) -> None:
        self.source = source
        self.tr = tr
        self.describe = describe
        self.job: tuple | None = None  # the decision the pending hint was asked for
        self.move: Move | None = None

    @property
    def available(self) -> bool:
        return self.source is not None

    def ask(self, match: Match, seat: int, message: str) -> str:
        """Start a search for ``seat`` (not without a source, a human seat, or while one
        runs); the notice becomes the thinking line."""
        if seat < 0 or self.source is None or self.job is not None:
            return message
        self.source.submit(match.game, seat)
        self.job = decision_key(match, seat)
        return self.tr("hint.thinking")

    def poll(self, match: Match, seat: int, message: str) -> str:
        """Each frame: when the search ends, the notice becomes the advice if it is still
        about the decision at hand; a failed or out-of-date one just clears the thinking line."""
        if self.job is None or self.source is None:
            return message
        answer = self.source.poll()
        if answer is None:
            return message
        asked, self.job = self.job, None
        if asked != decision_key(match, seat) or answer.advice is None:
            return "" if message == self.tr("hint.thinking") else message
        self.move = answer.advice.move
        return hint_sentence(self.tr, answer.advice, self.describe)

    def played(self) -> None:
        """A move was played: the ring goes (a search still running stays, and its answer
        will be found out of date)."""
        self.move = None

    def cancel(self) -> None:
        """Leaving the table: a search still running is dropped (its decision is over)."""
        if self.job is not None and self.source is not None:
            self.source.cancel()
        self.job = None
