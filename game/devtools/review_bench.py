"""How long a review takes: ``python -m game.devtools.review_bench --players 2 --seed 3``.

Plays a Medium self-play game, treats seat 0 as the human and reviews it at the default
depth, split between two processes as the review screen does, then prints the game's size,
the wall and CPU seconds (children included) and the three largest drops as JSON. The
promise: a 2-player game of about ten rounds in at most 60 s on the reference 2-core
machine.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence

from game.ai.coach.review import DEFAULT_DEPTH, Depth, analyse, positions
from game.ai.policy import make_policy
from game.ai.runtime.review_job import JobState, ReviewJob, ReviewRequest, default_processes
from game.engine import Move, new_game


def self_play(players: int, seed: int) -> tuple[int, list[tuple[int, Move]], int]:
    """A Medium game: (first player, moves, rounds)."""
    g = new_game(players, seed)
    first = g.first
    rng = random.Random(seed)
    medium = make_policy("medium")
    moves: list[tuple[int, Move]] = []
    while not g.over:
        pend = g.pending()
        p = pend[rng.randrange(len(pend))]
        move = medium.choose(g.view(p.player), p.decision, g.legal_moves(p.player), rng, 0.0)
        g.play(p.player, move)
        moves.append((p.player, move))
    return first, moves, g.round


def _cpu() -> float:
    """CPU seconds of this process and its finished children."""
    own = time.process_time()
    try:
        import resource
    except ImportError:  # Windows: this process only
        return own
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own + kids.ru_utime + kids.ru_stime


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.devtools.review_bench", description=__doc__)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--worlds", type=int, default=DEFAULT_DEPTH.worlds)
    ap.add_argument("--hard-steps", type=int, default=DEFAULT_DEPTH.hard_steps)
    ap.add_argument("--processes", type=int, default=default_processes(),
                    help="as the review screen: the decisions split between processes")  # fmt: skip
    a = ap.parse_args(argv)
    depth = Depth(DEFAULT_DEPTH.hard_budget_s, a.worlds, a.hard_steps)
    first, moves, rounds = self_play(a.players, a.seed)
    todo, _ = positions(a.players, a.seed, first, moves, [0])
    wall, cpu = time.perf_counter(), _cpu()
    if a.processes > 1:
        job = ReviewJob(ReviewRequest(a.players, a.seed, first, tuple(moves), (0,), depth),
                        a.processes)  # fmt: skip
        while job.poll() is JobState.RUNNING:
            time.sleep(0.05)
        if job.review is None:
            print(f"review failed: {job.error}", file=sys.stderr)
            return 1
        review = job.review
    else:
        review = analyse(a.players, a.seed, first, moves, [0], depth)
    wall, cpu = time.perf_counter() - wall, _cpu() - cpu
    out = {
        "players": a.players,
        "seed": a.seed,
        "rounds": rounds,
        "moves": len(moves),
        "decisions_reviewed": len(todo),
        "depth": {"worlds": depth.worlds, "hard_steps": depth.hard_steps},
        "processes": a.processes,
        "wall_s": round(wall, 1),
        "cpu_s": round(cpu, 1),
        "top": [
            {
                "index": m.index,
                "round": m.round,
                "played": m.played.describe(),
                "best": m.best.describe(),
                "loss": round(m.loss, 3),
                "why": m.why.key,
            }
            for m in review.mistakes(0)
        ],  # fmt: skip
    }
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
