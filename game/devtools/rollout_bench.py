"""Rollout benchmark: ``python -m game.devtools.rollout_bench`` prints JSON lines.

For 2 and 4 players, a few mid-game positions (Medium self-play from round ``--round``, both
draw and action decisions, each with at least two candidates to race) are searched by Hard
with each rollout policy for ``--budget`` seconds each, on one core. Reported: engine moves
simulated per second inside the search (``moves_per_s``, wall clock), rollouts per second,
the mean rollout length, and the moves per second of the process's own CPU time
(``moves_per_cpu_s``: the one-core speed on a shared machine, where ``cpu_share`` says how
much of the wall time the process got).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from dataclasses import replace

from game.ai.levels.hard import HardPolicy, HardSettings
from game.ai.levels.medium import rank
from game.engine import Decision, Game, new_game

PER_GAME = 8  # positions ``searched`` looks at in each self-play game, at least


def mid_game(players: int, seed: int, round_: int, count: int) -> list[Game]:
    """``count`` positions with a real choice, from Medium self-play around ``round_``."""
    g = new_game(players, seed=seed)
    out: list[Game] = []
    kinds: dict[Decision, int] = {}
    while not g.over and len(out) < count:
        pend = g.pending()[0]
        legal = g.legal_moves(pend.player)
        wanted = pend.decision in (Decision.DRAW, Decision.ACTION) and g.round >= round_
        if wanted and len(legal) > 1 and kinds.get(pend.decision, 0) < (count + 1) // 2:
            kinds[pend.decision] = kinds.get(pend.decision, 0) + 1
            out.append(g.clone())
        move = legal[0] if len(legal) == 1 else rank(g, pend.player, pend.decision, legal)[0][0]
        g.play(pend.player, move)
    return out


def searched(players: int, seed: int, round_: int, count: int) -> list[Game]:
    """``count`` mid-game positions where Hard races at least two candidates (a draw with
    one sensible answer is not searched, and would measure nothing), from as many Medium
    self-play games as it takes. Each game offers at least ``PER_GAME`` positions: offered
    one, a game gave its first draw, which Hard seldom races, and a single position was
    never found."""
    hard = HardPolicy()
    out: list[Game] = []
    for s in range(seed, seed + 50):
        for g in mid_game(players, s, round_, max(count, PER_GAME)):
            pend = g.pending()[0]
            legal = g.legal_moves(pend.player)
            if len(hard.candidates(g.view(pend.player), pend.decision, legal)) > 1:
                out.append(g)
        if len(out) >= count:
            break
    return out[:count]


def measure(players: int, policy: str, args: argparse.Namespace) -> dict[str, object]:
    settings = replace(HardSettings(), policy=policy, z=1e9)  # z: never settle early
    hard = HardPolicy(settings=settings)
    work = rollouts = 0
    elapsed = cpu = 0.0
    positions = searched(players, args.seed, args.round, args.positions)
    for g in positions:
        pend = g.pending()[0]
        legal = g.legal_moves(pend.player)
        view = g.view(pend.player)
        start, start_cpu = time.perf_counter(), time.process_time()
        cands, stats = hard.stats_for(view, pend.decision, legal, random.Random(1), args.budget)
        elapsed += time.perf_counter() - start
        cpu += time.process_time() - start_cpu
        if len(cands) > 1:
            work += stats.moves
            rollouts += sum(stats.visits)
    return {
        "players": players,
        "rollout_policy": policy,
        "positions": len(positions),
        "round": args.round,
        "budget_s": args.budget,
        "moves_per_s": round(work / elapsed) if elapsed else 0,
        "rollouts_per_s": round(rollouts / elapsed, 1) if elapsed else 0,
        "moves_per_rollout": round(work / rollouts, 1) if rollouts else 0,
        # Per second of this process's own CPU time: the one-core speed, whatever the load.
        "moves_per_cpu_s": round(work / cpu) if cpu else 0,
        "cpu_share": round(cpu / elapsed, 2) if elapsed else 0,
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m game.devtools.rollout_bench", description=__doc__)
    ap.add_argument("--positions", type=int, default=8, help="positions per table size")
    ap.add_argument("--round", type=int, default=5, help="the mid-game round to sample")
    ap.add_argument("--budget", type=float, default=0.5, help="search seconds per position")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--policies", default="medium,fast", help="rollout policies to compare")
    args = ap.parse_args(argv)
    for players in (2, 4):
        for policy in args.policies.split(","):
            print(json.dumps(measure(players, policy.strip(), args)), flush=True)


if __name__ == "__main__":
    main()
