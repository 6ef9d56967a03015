"""Replaying a finished (or saved) match step by step from its seed and moves.

The engine is deterministic from the seed, so a match is just its setup plus its moves. One
pass at load keeps a snapshot every ``CHECKPOINT`` moves and each move's events; any position
is then a snapshot plus the events of at most ``CHECKPOINT - 1`` moves, stepped with the
engine's own ``apply_event`` (events carry every outcome, so stepping them is exact), and
stepping back is as cheap as stepping forward.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine import Event, Game, Move, new_game
from game.engine.apply import apply_event

CHECKPOINT = 32


@dataclass(frozen=True)
class Step:
    seat: int
    move: Move
    events: tuple[Event, ...]
    round: int  # the round in which the move was made


class Replay:
    def __init__(
        self, players: int, seed: int, first_player: int, moves: list[tuple[int, Move]]
    ) -> None:
        g = new_game(players, seed, first_player)
        self._start = (players, seed, first_player)
        self._checkpoints: list[Game] = [g.clone()]
        self.steps: list[Step] = []
        self._round_at: list[int] = [g.round]  # round of the position after i moves
        for i, (seat, move) in enumerate(moves):
            rnd = g.round
            events = g.play(seat, move)  # IllegalMove propagates: the caller validated
            self.steps.append(Step(seat, move, tuple(events), rnd))
            self._round_at.append(g.round)
            if (i + 1) % CHECKPOINT == 0:
                self._checkpoints.append(g.clone())
        self.final = g
        self.index = 0
        self._game = self._checkpoints[0].clone()

    @classmethod
    def from_match(cls, match: Any) -> Replay:
        """From a saved match (``game.savegame.SavedMatch``: players, seed, first_player,
        moves)."""
        if match.moves is None or match.first_player is None:
            raise ValueError("this save has no move history to replay")
        return cls(match.players, match.seed, match.first_player, match.moves)

    # -- where we are --------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def game(self) -> Game:
        """The position after ``index`` moves (read only: never play on it)."""
        return self._game

    @property
    def last_step(self) -> Step | None:
        """The move that led to the current position."""
        return self.steps[self.index - 1] if self.index else None

    @property
    def round(self) -> int:
        return self._round_at[self.index]

    @property
    def rounds(self) -> list[int]:
        return sorted(set(self._round_at))

    def round_start(self, rnd: int) -> int:
        """The index of the first position of round ``rnd`` (clamped to the match)."""
        rnd = max(self._round_at[0], min(rnd, self._round_at[-1]))
        return next(i for i, r in enumerate(self._round_at) if r >= rnd)

    # -- moving ----------------------------------------------------------------------------

    def seek(self, index: int) -> None:
        index = max(0, min(index, len(self.steps)))
        if index == self.index:
            return
        if self.index < index and index - self.index < CHECKPOINT:
            start, g = self.index, self._game
        else:
            k = min(index // CHECKPOINT, len(self._checkpoints) - 1)
            start, g = k * CHECKPOINT, self._checkpoints[k].clone()
        for step in self.steps[start:index]:
            for e in step.events:
                apply_event(g, e)
        self.index, self._game = index, g

    def forward(self) -> bool:
        if self.index >= len(self.steps):
            return False
        self.seek(self.index + 1)
        return True

    def back(self) -> bool:
        if self.index == 0:
            return False
        self.seek(self.index - 1)
        return True

    def jump_to_round(self, rnd: int) -> None:
        self.seek(self.round_start(rnd))

    def next_round(self) -> None:
        later = [r for r in self.rounds if r > self.round]
        self.seek(self.round_start(later[0]) if later else len(self.steps))

    def previous_round(self) -> None:
        """To the start of this round, or of the one before if already at its start."""
        start = self.round_start(self.round)
        self.seek(start if start < self.index else self.round_start(self.round - 1))

    def moves_in_round(self, rnd: int) -> int:
        return sum(1 for s in self.steps if s.round == rnd)


__all__ = ["CHECKPOINT", "Replay", "Step"]
