"""The AI-seat driver: asks each AI seat of a match for its moves and plays them at the table's
pace. In the draw phase the AI seats draw in the background
(``game/ui/table/ai_seats/ai_draws.py``); in the action phase the seat deciding is asked as soon
as the real game reaches its decision (it thinks while the last pieces still fly) and played
once the table has shown everything before and rested a moment. An answer that is not legal is
replaced by the built-in move."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.engine import Decision, IllegalMove, Move
from game.ui.context import THINK_SECONDS
from game.ui.table.ai_seats.ai_draws import DRAW_GAP_S
from game.ui.table.ai_seats.ai_seat import (
    AiJob,
    AiPlayer,
    WorkerAi,
    builtin_choice,
    decision_seed,
    make_ai,
)
from game.ui.table.ai_seats.ponderer import Ponderer
from game.ui.table.ai_seats.pondering import Foresight
from game.ui.table.autosave import AutosavePolicy
from game.ui.table.match import Match

ACTION_THINK = 0.5  # an AI's rest before choosing an action, of the speed's THINK_SECONDS
STEP_THINK = 0.15  # and before a step of an action (a pick, a space, a rock)

AiFactory = Callable[[str, int, int], AiPlayer]
PonderFor = Callable[[str], Ponderer | None]
Play = Callable[[int, Move], None]


class AiSeatDriver:
    """The AI seats of one match: their players, their draws and their decisions."""

    def __init__(
        self, match: Match, factory: AiFactory | None, ponder_for: PonderFor | None = None
    ) -> None:
        self.match = match
        self.factory = factory or make_ai
        self.told: dict[int, int] = {}  # seat -> fallbacks already told
        self.ponder_for = ponder_for  # the levels' pondering workers (None: never think ahead)
        self.foresight = Foresight()

    def fallen_back(self) -> list[int]:
        """The seats whose worker made the built-in policy play since the last call (each
        ``WorkerAi`` counts its ``fallbacks``; the other AIs never fall back)."""
        out = []
        for seat, ai in self.match.ais.items():
            count = ai.fallbacks if isinstance(ai, WorkerAi) else 0
            if count > self.told.get(seat, 0):
                out.append(seat)
            self.told[seat] = count
        return out

    def ai_for(self, seat: int) -> AiPlayer:
        """The AI of ``seat``, made on first use (the context's factory: workers or tests')."""
        ai = self.match.ais.get(seat)
        if ai is None:
            kind = self.match.seats[seat].kind
            ai = self.match.ais[seat] = self.factory(kind, seat, self.match.ai_seed)
        return ai

    def run(self, dt: float, speed: str, shown: bool, saver: AutosavePolicy, play: Play) -> bool:
        """The background draws, then the decision in the action phase (``drive``); True
        when a move was played."""
        if not self.match.runs_seats():  # a remote match: its server plays these seats
            return self.match.pump()
        moved = self.step_draws(dt, speed, saver)
        moved = self.drive(dt, speed, shown, play) or moved
        if self.ponder_for is not None:  # after the seats: a real request comes first
            self.foresight.step(self.match, self.ponder_for)
        return moved

    def busy(self) -> bool:
        """An AI seat decides (its dots move) or draws in the background."""
        if not self.match.runs_seats():
            return False
        a = self.match.active()
        deciding = a is not None and self.match.seats[a.player].is_ai
        return deciding or bool(self.match.draws.drawing(self.match))

    def step_draws(self, dt: float, speed: str, saver: AutosavePolicy) -> bool:
        """The AI seats draw in the background, whatever the table shows; each draw is
        played and saved, leaving the human's choices as they are."""

        def play_background(seat: int, move: Move) -> None:
            try:
                self.match.play(seat, move)
            except IllegalMove:
                return
            saver.played(self.match)  # on disk before it is shown
            saver.save(self.match)

        gap = DRAW_GAP_S.get(speed, 0.2)
        return self.match.draws.step(self.match, self.ai_for, play_background, gap, dt)

    def drive(self, dt: float, speed: str, shown: bool, play: Play) -> bool:
        """The AI seat deciding in the action phase; ``shown``: the table has shown every
        event so far (its rest counts only then). True when a move was played."""
        match = self.match
        a = match.active()
        if a is None or match.draws.active(match):
            return False  # nobody, or the draw phase: the AI seats draw in step_draws
        seat = a.player
        if not match.seats[seat].is_ai:
            return False
        ai = self.ai_for(seat)
        job = match.ai_job
        # The decision and the position, not ``match.version``: ``sync`` bumps that when the
        # table has shown the last move, and asking again then threw away the search the
        # worker had half done (it used to kill and respawn the process). An undo or a load
        # resets ``ai_job``.
        key = (a, len(match.history), id(match.game))
        seed = decision_seed(match.ai_seed, len(match.history), seat)
        if job.key != key:
            think = THINK_SECONDS.get(speed, 0.4)
            think *= ACTION_THINK if a.decision is Decision.ACTION else STEP_THINK
            match.ai_job = job = AiJob(key, None, think)
            ai.submit(match.game.clone(), seat, seed=seed)
        if shown:
            job.think -= dt  # the rest counts once what came before is shown
        if job.answer is None:
            job.answer = ai.poll()
        if job.answer is None or job.think > 0 or not match.idle:
            return False
        move, job.answer = job.answer, None
        if move not in match.game.legal_moves(seat):
            move = builtin_choice(match.game, seat, random.Random(seed))
        play(seat, move)
        return True
