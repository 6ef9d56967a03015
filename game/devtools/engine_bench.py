"""Rules-engine benchmark: ``python -m game.devtools.engine_bench``.

Plays whole games with the baseline policy (``game.ai.levels.easy.baseline_move``: draw until two
uncancelled solitary symbols, Fragment on a drawn Varan, otherwise a uniform legal move
avoiding Take Fragment) on one core and prints one JSON line per player count, then the cost
of the hot primitives.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from game.ai.levels.easy import baseline_move
from game.engine import Game, Phase, new_game


def play_out(g: Game, rand: random.Random) -> int:
    """Play ``g`` to the end with the baseline policy; returns the decisions made."""
    decisions = 0
    while not g.over:
        pending = g.pending()[0]
        g.play(pending.player, baseline_move(g, pending.player, pending.decision, rand))
        decisions += 1
    return decisions


def measure(players: int, games: int, seed: int) -> dict[str, float]:
    reps = []
    for rep in range(5):
        rounds, decisions = [], 0
        start = time.perf_counter()
        for i in range(games):
            g = new_game(players, seed + rep * games + i)
            decisions += play_out(g, random.Random(seed + i))
            rounds.append(g.round)
        elapsed = time.perf_counter() - start
        reps.append((games / elapsed, decisions / elapsed, statistics.mean(rounds)))
    return {
        "players": players,
        "games_per_s": round(statistics.median(r[0] for r in reps), 1),
        "decisions_per_s": round(statistics.median(r[1] for r in reps)),
        "rounds_per_game": round(statistics.median(r[2] for r in reps), 2),
    }


def _median_us(fn, repeat: int = 2000) -> float:
    samples = []
    for _ in range(repeat):
        t = time.perf_counter_ns()
        fn()
        samples.append(time.perf_counter_ns() - t)
    return round(statistics.median(samples) / 1000, 2)


def primitives(seed: int) -> dict[str, float]:
    """Costs on a mid-game 2-player position (after a few rounds)."""
    g = new_game(2, seed)
    rand = random.Random(seed)
    while g.round < 5 or g.phase is not Phase.ACTION:
        pending = g.pending()[0]
        g.play(pending.player, baseline_move(g, pending.player, pending.decision, rand))
    seat = g.pending()[0].player
    return {
        "clone_us": _median_us(g.clone),
        "legal_moves_us": _median_us(lambda: g.legal_moves(seat)),
        "to_json_us": _median_us(g.to_json),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per repetition (2p)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for players in (2, 3, 4):
        games = max(1, args.games * 2 // players)
        print(json.dumps(measure(players, games, args.seed)), flush=True)
    print(json.dumps(primitives(args.seed)), flush=True)


if __name__ == "__main__":
    main()
