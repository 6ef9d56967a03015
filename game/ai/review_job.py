"""Run a game review off the UI thread: ``start`` it, ``poll`` each frame, ``cancel`` any time.

The analysis runs in its own process (a pure-Python search in a thread would take the GIL
from the frame loop), separate from the seat's AI worker so a review never delays a move.
The child sends ``("progress", done, total)`` messages and finally ``("done", review_json)``
or ``("failed", text)``; ``cancel`` ends the child at once.
"""

from __future__ import annotations

import contextlib
import multiprocessing
from dataclasses import dataclass
from enum import StrEnum
from multiprocessing.connection import Connection
from typing import Any

from game.ai.review import DEFAULT_DEPTH, Depth, Review, analyse
from game.engine import Move


@dataclass(frozen=True, slots=True)
class ReviewRequest:
    """A finished game as its setup and moves, and the seats to review."""

    players: int
    seed: int
    first_player: int
    moves: tuple[tuple[int, Move], ...]
    humans: tuple[int, ...]
    depth: Depth = DEFAULT_DEPTH

    def run(self, progress: Any = None, cancelled: Any = None) -> Review:
        return analyse(self.players, self.seed, self.first_player, self.moves, self.humans,
                       self.depth, progress, cancelled)  # fmt: skip


class JobState(StrEnum):
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"


def _serve(conn: Connection, request: ReviewRequest) -> None:
    """Child process: analyse, reporting progress, then send the review (or the failure)."""
    try:
        review = request.run(lambda done, total: conn.send(("progress", done, total)))
        conn.send(("done", review.to_json()))
    except (BrokenPipeError, OSError):
        return
    except Exception as e:  # noqa: BLE001 - the parent shows it; the child must not die silently
        with contextlib.suppress(BrokenPipeError, OSError):
            conn.send(("failed", f"{type(e).__name__}: {e}"))
    finally:
        conn.close()


class ReviewJob:
    """One review in a background process; not thread-safe."""

    def __init__(self, request: ReviewRequest) -> None:
        ctx = multiprocessing.get_context("spawn")
        parent, child = ctx.Pipe(duplex=False)
        self._conn: Connection | None = parent
        self._proc: Any = ctx.Process(target=_serve, args=(child, request), name="review",
                                      daemon=True)  # fmt: skip
        self._proc.start()
        child.close()
        self.state = JobState.RUNNING
        self.done = 0
        self.total = 0
        self.review: Review | None = None
        self.error = ""

    @property
    def fraction(self) -> float:
        if self.state is JobState.DONE:
            return 1.0
        return self.done / self.total if self.total else 0.0

    def poll(self) -> JobState:
        """Read whatever the child has sent; never blocks."""
        conn = self._conn
        if self.state is not JobState.RUNNING or conn is None:
            return self.state
        try:
            while conn.poll():
                msg = conn.recv()
                if msg[0] == "progress":
                    self.done, self.total = int(msg[1]), int(msg[2])
                elif msg[0] == "done":
                    self.review = Review.from_json(msg[1])
                    self._finish(JobState.DONE)
                    break
                else:
                    self.error = str(msg[1])
                    self._finish(JobState.FAILED)
                    break
        except (EOFError, OSError):
            self.error = "the review process ended unexpectedly"
            self._finish(JobState.FAILED)
        return self.state

    def cancel(self) -> None:
        """Stop now (the child is ended); a finished job keeps its review."""
        if self.state is JobState.RUNNING:
            self._finish(JobState.CANCELLED)

    def _finish(self, state: JobState) -> None:
        self.state = state
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        proc = self._proc
        if proc is not None:
            if proc.is_alive() and state is not JobState.DONE:
                proc.terminate()
            proc.join(timeout=2.0)
            if proc.is_alive():
                proc.kill()
                proc.join(timeout=1.0)

    @property
    def alive(self) -> bool:
        """Whether the child process still runs (for tests and shutdown)."""
        return self._proc is not None and self._proc.is_alive()
