"""Run a game review off the UI thread: ``start`` it, ``poll`` each frame, ``cancel`` any time.

The analysis runs in its own processes (a pure-Python search in a thread would take the GIL
from the frame loop), separate from the seats' AI worker so a review never delays a move.
The decisions are split between ``processes`` children (the player is waiting at the
review screen, and the machine has two cores); each sends ``("progress", done, total)``
messages and finally ``("done", review_json)`` or ``("failed", text)``. ``cancel`` ends
every child at once.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import multiprocessing
import os
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from multiprocessing.connection import Connection
from typing import Any

from game.ai.coach.review import DEFAULT_DEPTH, Depth, Review, analyse
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

    def run(self, progress: Any = None, share: tuple[int, int] = (0, 1)) -> Review:
        return analyse(self.players, self.seed, self.first_player, self.moves, self.humans,
                       self.depth, progress, None, share)  # fmt: skip


class JobState(StrEnum):
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"


def _serve(conn: Connection, request: ReviewRequest, share: tuple[int, int]) -> None:
    """Child process: analyse its share, reporting progress, then send the review part."""
    try:
        review = request.run(lambda done, total: conn.send(("progress", done, total)), share)
        conn.send(("done", review.to_json()))
    except (BrokenPipeError, OSError):
        return
    except Exception as e:  # noqa: BLE001 - the parent shows it; the child must not die silently
        with contextlib.suppress(BrokenPipeError, OSError):
            conn.send(("failed", f"{type(e).__name__}: {e}"))
    finally:
        conn.close()


def default_processes() -> int:
    return max(1, min(2, os.cpu_count() or 1))


@dataclass
class _Child:
    proc: Any
    conn: Connection | None
    done: int = 0
    total: int = 0
    part: Review | None = None


class ReviewJob:
    """One review in background processes; not thread-safe."""

    def __init__(self, request: ReviewRequest, processes: int | None = None) -> None:
        ctx = multiprocessing.get_context("spawn")
        k = processes or default_processes()
        self._children: list[_Child] = []
        for r in range(k):
            parent, child = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_serve, args=(child, request, (r, k)),
                               name=f"review-{r}", daemon=True)  # fmt: skip
            proc.start()
            child.close()
            self._children.append(_Child(proc, parent))
        self.state = JobState.RUNNING
        self.review: Review | None = None
        self.error = ""

    @property
    def done(self) -> int:
        return sum(c.done for c in self._children)

    @property
    def total(self) -> int:
        """Decisions to review (0 until every child has counted its share)."""
        if any(c.total == 0 and c.part is None for c in self._children):
            return 0
        return sum(c.total for c in self._children)

    @property
    def fraction(self) -> float:
        if self.state is JobState.DONE:
            return 1.0
        return self.done / self.total if self.total else 0.0

    def poll(self) -> JobState:
        """Read whatever the children have sent; never blocks."""
        if self.state is not JobState.RUNNING:
            return self.state
        for c in self._children:
            self._read(c)
            if self.state is not JobState.RUNNING:
                return self.state
        if all(c.part is not None for c in self._children):
            self.review = Review.merge([c.part for c in self._children if c.part is not None])
            self._finish(JobState.DONE)
        return self.state

    def _read(self, c: _Child) -> None:
        conn = c.conn
        if conn is None:
            return
        try:
            while conn.poll():
                msg = conn.recv()
                if msg[0] == "progress":
                    c.done, c.total = int(msg[1]), int(msg[2])
                elif msg[0] == "done":
                    c.part = Review.from_json(msg[1])
                    c.done = c.total
                    conn.close()
                    c.conn = None
                    return
                else:
                    self.error = str(msg[1])
                    self._finish(JobState.FAILED)
                    return
        except (EOFError, OSError):
            self.error = "the review process ended unexpectedly"
            self._finish(JobState.FAILED)

    def cancel(self) -> None:
        """Stop now (every child is ended); a finished job keeps its review."""
        if self.state is JobState.RUNNING:
            self._finish(JobState.CANCELLED)

    def _finish(self, state: JobState) -> None:
        self.state = state
        for c in self._children:
            if c.conn is not None:
                c.conn.close()
                c.conn = None
            if c.proc.is_alive() and state is not JobState.DONE:
                c.proc.terminate()
        for c in self._children:
            c.proc.join(timeout=2.0)
            if c.proc.is_alive():
                c.proc.kill()
                c.proc.join(timeout=1.0)

    @property
    def alive(self) -> bool:
        """Whether any child process still runs (for tests and shutdown)."""
        return any(c.proc.is_alive() for c in self._children)


def game_key(
    players: int, seed: int, first_player: int, moves: Sequence[tuple[int, Move]],
    humans: Sequence[int],
) -> str:  # fmt: skip
    """A stable name for one game's review (the same game always gives the same key)."""
    doc = [players, seed, first_player, sorted(set(humans)),
           [[s, m.to_json()] for s, m in moves]]  # fmt: skip
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True)
class GameRecord:
    """A finished game as the review needs it: setup, moves, names and seat kinds."""

    players: int
    seed: int
    first_player: int
    moves: tuple[tuple[int, Move], ...]
    names: tuple[str, ...]
    kinds: tuple[str, ...]

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, k in enumerate(self.kinds) if k == "human")

    @property
    def key(self) -> str:
        return game_key(self.players, self.seed, self.first_player, self.moves, self.humans)

    def request(self) -> ReviewRequest:
        return ReviewRequest(self.players, self.seed, self.first_player, self.moves, self.humans)

    @classmethod
    def from_match(cls, match: Any) -> GameRecord:
        """From the table's match (game over)."""
        return cls(
            len(match.seats),
            match.seed,
            match.first_player,
            tuple(match.history),
            tuple(s.name for s in match.seats),
            tuple(s.kind for s in match.seats),
        )

    @classmethod
    def from_saved(cls, saved: Any) -> GameRecord:
        """From a replay file (``game.savegame.SavedMatch``)."""
        if saved.moves is None or saved.first_player is None:
            raise ValueError("this game has no move history to review")
        return cls(
            saved.players,
            saved.seed,
            saved.first_player,
            tuple(saved.moves),
            tuple(s.name for s in saved.seats),
            tuple(s.kind for s in saved.seats),
        )
