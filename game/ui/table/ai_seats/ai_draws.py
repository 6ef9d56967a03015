"""The AI seats' part of the simultaneous draw phase (RULES §4.1: everyone draws at once).

While the humans draw, each AI seat decides Draw / Stop / Fragment in the background and its
Help Line grows as its answers come (public, as at a real table). An AI seat decides on its
own copy of the game: the round as it started plus its own draws only. So what it does never
depends on how fast the human clicks (nor on what the human has drawn so far), its seeds come
from its own move count (``draw_seed``), and the phase's outcome is the one a table drawing
seat after seat would reach: the engine deals every seat's cards from that seat's own stream.

Seats sharing one worker process (two Medium seats) take turns on it; seats of different
levels think at the same time.

After Continue in the middle of a draw phase the copies are rebuilt the same way: the round's
first position, replayed from the setup, plus that seat's own draws, so a continued match makes
the very choices the uninterrupted one would (tests/ui/test_app_shell.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.engine import Game, Move, Phase
from game.replay import Replay
from game.ui.table.ai_seats.ai_seat import AiPlayer, builtin_choice, decision_seed

if TYPE_CHECKING:
    from game.ui.table.match import Match

# The least time between two cards of one AI seat (the line visibly grows, but fast).
DRAW_GAP_S = {"slow": 0.45, "normal": 0.2, "fast": 0.08, "instant": 0.0}


def draw_seed(ai_seed: int, own_moves: int, seat: int) -> int:
    """The seed of an AI seat's draw decision: its own move count, not the table's, so the
    order in which seats happen to answer changes nothing."""
    return decision_seed(ai_seed ^ 0x5EED_D4A7, own_moves, seat)


def own_moves(match: Match, seat: int) -> int:
    return sum(1 for s, _ in match.history if s == seat)


def round_start(match: Match) -> tuple[Game, int]:
    """The current round's first position, replayed from the setup, and the number of moves
    played before it (a replay of a few hundred moves: milliseconds, once per round joined)."""
    replay = Replay(match.game.n, match.seed, match.first_player, match.history)
    mark = replay.round_start(match.game.round)
    replay.seek(mark)
    return replay.game.clone(), mark


def round_copies(match: Match, seats: list[int]) -> dict[int, Game]:
    """Each AI seat's own copy of the round: its first position plus the seat's own draws.
    Before anyone has drawn (every Help Line empty) that is the game itself; joined later
    (Continue in the middle of a draw phase) the copies are rebuilt, so that nobody else's
    draws leak into them."""
    g = match.game
    if not any(p.line for p in g.players):
        return {s: g.clone() for s in seats}
    start, mark = round_start(match)
    copies = {s: start.clone() for s in seats}
    for seat, move in match.history[mark:]:
        if seat in copies:
            copies[seat].play_unchecked(seat, move)
    return copies


@dataclass
class AiDraws:
    """The AI seats drawing in the background of one match (kept on the match across the
    phase scenes: the AI seats may start drawing during the end-of-round walkthrough)."""

    round: int = -1
    private: dict[int, Game] = field(default_factory=dict)
    asked: set[int] = field(default_factory=set)  # seats whose worker is thinking
    answers: dict[int, Move] = field(default_factory=dict)  # answered, waiting for the gap
    wait: dict[int, float] = field(default_factory=dict)  # seconds until the next card

    def active(self, match: Match) -> bool:
        g = match.game
        return g.phase is Phase.DRAW and match.draws_at_once() and not g.over

    def drawing(self, match: Match) -> list[int]:
        """The AI seats still drawing in the real game, in turn order."""
        if not self.active(match):
            return []
        pending = {p.player for p in match.game.pending()}
        return [s for s in match.game.turn_order() if s in pending and match.seats[s].is_ai]

    def reset(self) -> None:
        self.private.clear()
        self.asked.clear()
        self.answers.clear()
        self.wait.clear()

    def step(
        self,
        match: Match,
        ai_for: Callable[[int], AiPlayer],
        play: Callable[[int, Move], None],
        gap: float,
        dt: float,
    ) -> bool:
        """Ask, poll and play; True when an AI seat played a card (or stopped)."""
        seats = self.drawing(match)
        if not seats:
            if self.private:
                self.reset()
            return False
        g = match.game
        if self.round != g.round:
            self.reset()
            self.round = g.round
        if not self.private:  # every copy as the round started, before anyone's answer
            self.private = round_copies(match, seats)
        played = False
        busy = {id(ai_for(s).lane) for s in self.asked}
        for seat in seats:
            ai = ai_for(seat)
            self.wait[seat] = self.wait.get(seat, 0.0) - dt
            if seat in self.asked:
                move = ai.poll()
                if move is None:
                    continue
                self.asked.discard(seat)
                busy.discard(id(ai.lane))
                self.answers[seat] = move
            if seat in self.answers:
                if self.wait[seat] > 0:
                    continue
                self.play(match, seat, self.answers.pop(seat), play)
                self.wait[seat] = gap
                played = True
                continue
            worker = id(ai.lane)
            if worker in busy:
                continue  # a seat of the same level is using the process
            private = self.private.setdefault(seat, g.clone())
            seed = draw_seed(match.ai_seed, own_moves(match, seat), seat)
            ai.submit(private.clone(), seat, seed=seed)
            self.asked.add(seat)
            busy.add(worker)
            if gap <= 0:  # instant: answer in the same frame where the AI allows it
                move = ai.poll()
                if move is not None:
                    self.asked.discard(seat)
                    busy.discard(worker)
                    self.play(match, seat, move, play)
                    played = True
        return played

    def play(self, match: Match, seat: int, move: Move, play: Callable[[int, Move], None]) -> None:
        """Play an answer in the real game and in the seat's own copy."""
        g = match.game
        if move not in g.legal_moves(seat):
            rand = random.Random(draw_seed(match.ai_seed, own_moves(match, seat), seat))
            move = builtin_choice(g, seat, rand)
        private = self.private.get(seat)
        play(seat, move)
        if private is not None:
            try:
                private.play(seat, move)
            except ValueError:  # the copy went its own way (a loaded game): start afresh
                self.private.pop(seat, None)

    def cancel(self) -> None:
        self.reset()
