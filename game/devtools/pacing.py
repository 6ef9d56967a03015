"""How long a person waits at the table: ``python -m game.devtools.pacing [--rounds 3] [--seed 1]
[--human 0] [--speed normal] [--players 4] [--levels medium medium hard] [--think 0]
[--no-ponder]``, JSON on standard output.

Four seats (``--players``), one a scripted human who answers at once, or after ``--think``
seconds at each of its decisions as a person would (draws while fewer than two solitary
symbols are uncancelled, then stops; in the action phase a random legal move, as the
built-in AI); ``--no-ponder`` turns off Hard's thinking during the human's draws
(``game/ui/table/ai_seats/pondering.py``) to compare, ``--ponder-nice N`` sets how much
lower that worker's priority is (10 at the table); the others real AI workers
(``AiPool``; levels cycled from ``--levels``) at the chosen speed, in real time, every
frame drawn (headless). Measured (issue 15's targets: ≤ 2 s and ≤ 12 s):

- ``first_draw_s``: from the round's start on screen to the human's first possible draw;
- ``wait_s``: from the human's last move of a phase (Stop, the end of the turn) to the
  human's next decision, split into ``to_action`` (Stop → the action turn) and ``to_draw``
  (the end of the turn → the next round's first draw, the end-of-round walkthrough included);
- ``ai_answer_s``: each AI decision from the request to its answer in the worker process
  (median, p90, max; per level and decision kind; an answer pondered ahead comes at once),
  and ``ai_draw_phase_s``: a level's draw answers of one round added up (its seats share
  one worker, so they take turns); ``pondered``: the real requests answered ahead, per level;
- ``frame_s``: the table's frame times (median, p90, max): pondering must not slow them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

TARGET_FIRST_DRAW_S = 2.0
TARGET_WAIT_S = 12.0


class TimedAi:
    """An AI seat whose answers are timed (submit to answer), by level and decision."""

    def __init__(
        self,
        ai: Any,
        level: str,
        times: dict[str, list[float]],
        draws: dict[tuple[str, int], float] | None = None,
    ) -> None:
        self.ai, self.level, self.times = ai, level, times
        self.draws = {} if draws is None else draws  # (level, round) -> draw answers' seconds
        self.asked: tuple[float, str, int] | None = None

    def submit(self, game: Any, seat: int, seed: int | None = None) -> None:
        decision = next(p.decision.value for p in game.pending() if p.player == seat)
        self.asked = (time.monotonic(), decision, game.round)
        self.ai.submit(game, seat, seed=seed)

    def poll(self) -> Any:
        move = self.ai.poll()
        if move is not None and self.asked is not None:
            t, decision, rnd = self.asked
            took = time.monotonic() - t
            self.times.setdefault(f"{self.level}.{decision}", []).append(took)
            if decision == "draw":  # seats of one level share a worker: their draws add up
                key = (self.level, rnd)
                self.draws[key] = self.draws.get(key, 0.0) + took
            self.asked = None
        return move

    def cancel(self) -> None:
        self.asked = None
        self.ai.cancel()

    @property
    def lane(self) -> object:
        return self.ai.lane  # seats of one level share their worker


@dataclass
class Pacing:
    first_draw_s: list[float] = field(default_factory=list)
    to_action_s: list[float] = field(default_factory=list)
    to_draw_s: list[float] = field(default_factory=list)
    ai_s: dict[str, list[float]] = field(default_factory=dict)  # AI answer times
    draw_rounds: dict[tuple[str, int], float] = field(default_factory=dict)  # per level, round
    log: list[tuple[int, str, float]] = field(default_factory=list)  # (round, wait, s)
    shown: list[tuple[int, str, str, float]] = field(default_factory=list)  # on screen

    def report(self, setup: dict[str, Any]) -> dict[str, Any]:
        waits = self.to_action_s + self.to_draw_s

        def summary(values: list[float]) -> dict[str, Any]:
            if not values:
                return {"n": 0}
            ordered = sorted(values)
            return {
                "n": len(values),
                "median": round(statistics.median(values), 3),
                "p90": round(ordered[min(len(ordered) - 1, -(-9 * len(ordered) // 10) - 1)], 3),
                "max": round(max(values), 3),
                "each": [round(v, 2) for v in values],
            }

        phases: dict[str, list[float]] = {}
        for (level, _rnd), took in sorted(self.draw_rounds.items()):
            phases.setdefault(level, []).append(took)

        return {
            **setup,
            "first_draw_s": summary(self.first_draw_s),
            "wait_s": summary(waits),
            "to_action_s": summary(self.to_action_s),
            "to_draw_s": summary(self.to_draw_s),
            "waits": self.log,
            "on_screen_s": self.shown,  # (round, scene, who decides as shown, seconds)
            "ai_answer_s": {k: summary(v) | {"each": None} for k, v in sorted(self.ai_s.items())},
            # A level's draw answers of one round added up: the AI draw phase of that round.
            "ai_draw_phase_s": {k: summary(v) for k, v in sorted(phases.items())},
            "targets": {"first_draw_s": TARGET_FIRST_DRAW_S, "wait_s": TARGET_WAIT_S},
            "met": bool(self.first_draw_s)
            and max(self.first_draw_s) <= TARGET_FIRST_DRAW_S
            and bool(waits)
            and max(waits) <= TARGET_WAIT_S,
        }


def scripted_move(match: Any, seat: int, rand: random.Random) -> Any:
    from game.engine.moves import DRAW, STOP
    from game.ui.table.ai_seats.ai_seat import builtin_choice

    moves = match.game.legal_moves(seat)
    if DRAW in moves or STOP in moves:
        drawing = DRAW in moves and match.game.players[seat].uncancelled < 2
        return DRAW if drawing or STOP not in moves else STOP
    return builtin_choice(match.game, seat, rand)


def measure(
    rounds: int,
    seed: int,
    human: int,
    speed: str,
    levels: list[str],
    fps: float = 60.0,
    players: int = 4,
    think: float = 0.0,
    ponder: bool = True,
    ponder_nice: int | None = None,
) -> dict[str, Any]:
    from game.engine import Decision, Phase
    from game.ui.app import TableApp
    from game.ui.headless import headless_context
    from game.ui.scenes.end_round import EndOfRoundOverlay
    from game.ui.scenes.table import TableScene, scene_for_match
    from game.ui.table.ai_seats.ai_seat import AiPool
    from game.ui.table.match import Match, Seat

    ctx = headless_context(speed=speed)
    ctx.settings.hover_help = False
    ctx.settings.round_end = "auto"  # the end of the round plays by itself (and is clicked on)
    pool = AiPool(use_workers=True)
    pool.ponder = ponder
    if ponder_nice is not None:
        pool.ponder_nice = ponder_nice
    out = Pacing()
    ctx.ai_factory = lambda level, seat, seed=0: TimedAi(
        pool.make(level, seat, seed), level, out.ai_s, out.draw_rounds
    )
    ctx.ponder = pool.ponderer
    app = TableApp(ctx, (1280, 720))
    ai = iter(levels * players)
    seats = [
        Seat("You" if i == human else f"AI {i}", "human" if i == human else next(ai))
        for i in range(players)
    ]
    match = Match.new(seats, seed, first_player=0)
    app.stack.clear_to(scene_for_match(ctx, match))
    rand = random.Random(seed)
    round_shown = 0
    round_at = 0.0
    drew_in: set[int] = set()
    left_at: tuple[float, str] | None = None  # when the human's move handed the decision on
    last = start = time.monotonic()
    frames: list[float] = []
    deciding: tuple[int, float] | None = None  # (moves played, since) of the human's decision
    showing: tuple[tuple[int, str, str], float] = ((0, "", ""), start)
    try:
        while time.monotonic() - start < 60 * rounds + 120:
            now = time.monotonic()
            app.step(now - last)
            frames.append(time.monotonic() - now)
            last = now
            top = app.stack.top
            assert top is not None  # the table or a scene over it, until the loop ends
            if top.kind == "game_over" or match.shown.round > rounds:
                break
            a_shown = match.shown_active()
            who = "-" if a_shown is None else seats[a_shown.player].kind
            here = (match.shown.round, top.kind, who)
            if here != showing[0]:
                if showing[0][0]:
                    out.shown.append((*showing[0], round(now - showing[1], 2)))
                showing = (here, now)
            if isinstance(top, EndOfRoundOverlay) and top.waiting():
                top.next_step()  # the scripted player clicks on at once
            if top.kind == "draw" and match.shown.round != round_shown:
                round_shown, round_at = match.shown.round, now
            if isinstance(top, TableScene) and top.human_seat() == human:
                a = match.active()
                if a is not None and a.decision is Decision.DRAW and round_shown not in drew_in:
                    drew_in.add(round_shown)
                    out.first_draw_s.append(now - round_at)
                if left_at is not None:
                    t, kind = left_at
                    (out.to_action_s if kind == "action" else out.to_draw_s).append(now - t)
                    out.log.append((round_shown, kind, round(now - t, 2)))
                    left_at = None
                if deciding is None or deciding[0] != len(match.history):
                    deciding = (len(match.history), now)
                if now - deciding[1] < think:  # the person thinks (the table keeps drawing)
                    time.sleep(max(0.0, 1 / fps - (time.monotonic() - now)))
                    continue
                move = scripted_move(match, human, rand)
                phase, rnd = match.game.phase, match.game.round
                top.play(human, move)
                after = match.active()
                moved_on = match.game.phase is not phase or match.game.round != rnd
                if after is None or after.player != human or moved_on:
                    left_at = (time.monotonic(), "action" if phase is Phase.DRAW else "draw")
            time.sleep(max(0.0, 1 / fps - (time.monotonic() - now)))
    finally:
        match.cancel_ai()
        pondered = {level: p.hits for level, p in pool.ponderers.items()}
        pool.close()
    setup = {
        "players": players,
        "human_seat": human,
        "seats": [s.kind for s in seats],
        "speed": speed,
        "seed": seed,
        "rounds": round_shown,
        "think_s": think,
        "ponder": ponder,
        "ponder_nice": pool.ponder_nice,
    }
    report = out.report(setup)
    ordered = sorted(frames) or [0.0]
    report["frame_s"] = {
        "n": len(frames),
        "median": round(statistics.median(ordered), 4),
        "p90": round(ordered[min(len(ordered) - 1, 9 * len(ordered) // 10)], 4),
        "max": round(ordered[-1], 4),
    }
    report["pondered"] = pondered
    return report


def main(argv: list[str] | None = None) -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    parser = argparse.ArgumentParser(prog="python -m game.devtools.pacing")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--human", type=int, default=0, choices=(0, 1, 2, 3))
    parser.add_argument("--speed", default="normal", choices=("slow", "normal", "fast"))
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument(
        "--levels", nargs="+", default=["medium", "medium", "hard"], help="the AI seats, cycled"
    )
    parser.add_argument("--think", type=float, default=0.0, help="the human's seconds a move")
    parser.add_argument("--no-ponder", action="store_true", help="no thinking ahead")
    parser.add_argument("--ponder-nice", type=int, help="the pondering worker's nice level")
    args = parser.parse_args(argv)
    if args.human >= args.players:
        parser.error("--human must be one of the seats")
    report = measure(
        args.rounds,
        args.seed,
        args.human,
        args.speed,
        args.levels,
        players=args.players,
        think=args.think,
        ponder=not args.no_ponder,
        ponder_nice=args.ponder_nice,
    )
    json.dump(report, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
