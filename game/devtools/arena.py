"""AI arena: ``python -m game.devtools.arena --players 2 --seats hard,medium --games 200 --jobs 2``.

Games come in deals of ``players`` games that share a seed; within a deal the levels rotate
through the seats (and the first player moves with the deal), so every level meets the same
cards from every position. A seat may carry its own budget (``--seats hard@1.0,hard@0.1``)
and Hard search settings (``--seats "hard[noise=0;horizon_rounds=2],medium"``). The
independent yardsticks ``greedy`` and ``ismcts`` sit like any level.
Prints JSON lines on stdout (win rate with a 95% Wilson interval per entry, mean rounds,
decision time per level) and progress on stderr. ``--record DIR`` also writes every game as
a save document (``game-0007.json``: setup, seats named by level, every move), which the
game's Replays screen and ``game.replay.Replay`` read, so lost games can be read move by move.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from game.ai.policy import make_policy
from game.engine import Game, Move, new_game
from game.savegame import SavedMatch
from game.seats import AI_LEVELS, Seat

MAX_STEPS = 20000


@dataclass(frozen=True, slots=True)
class GameResult:
    index: int
    wins: tuple[float, ...]  # per entry (a share when several win)
    rounds: int
    times: dict[str, list[float]]  # level -> seconds per non-forced decision
    won_on: tuple[str, ...] = ()  # per entry: the track a winner reached 12 on, else ""


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def expand_seats(seats: Sequence[str], players: int) -> list[str]:
    """``hard,medium`` for 4 players means hard against three medium."""
    seats = list(seats)
    if not 1 <= len(seats) <= players:
        raise ValueError(f"give 1 to {players} seat levels")
    return seats + [seats[-1]] * (players - len(seats))


def parse_knobs(level: str) -> tuple[str, dict[str, float | int | bool | str]]:
    """``hard[noise=0,horizon_rounds=2]`` -> ("hard", Settings overrides) for A/B arenas."""
    name, _, rest = level.partition("[")
    knobs: dict[str, float | int | bool | str] = {}
    for item in rest.rstrip("]").split(";" if ";" in rest else ","):
        if not item.strip():
            continue
        key, _, raw = item.partition("=")
        value: float | int | bool | str
        if raw in ("True", "False"):
            value = raw == "True"
        elif raw.lstrip("-").isdigit():
            value = int(raw)
        else:
            try:
                value = float(raw)
            except ValueError:
                value = raw
        knobs[key.strip()] = value
    return name, knobs


def play_one(
    args: tuple[int, int, tuple[str, ...], int, float, int, str | None],
) -> GameResult:
    """One arena game; entry ``j`` sits at seat ``(j + index) % players``."""
    index, players, levels, seed, budget, workers, record = args
    deal, rotation = divmod(index, players)
    game_seed = seed * 1_000_003 + deal
    g = new_game(players, seed=game_seed, first_player=deal % players)
    policies = []
    budgets = []
    for entry in levels:
        level, _, own_budget = entry.partition("@")
        level, knobs = parse_knobs(level)
        opts: dict[str, object] = {"workers": workers} if level == "hard" else {}
        if knobs and level == "hard":
            from game.ai.levels.hard import Settings

            opts["settings"] = Settings(**knobs)  # type: ignore[arg-type]
        elif knobs:
            opts.update(knobs)  # a baseline's own fields, e.g. ismcts[rounds=2]
        policies.append(make_policy(level, **opts))
        budgets.append(float(own_budget) if own_budget else budget)
    entry_of = {(j + rotation) % players: j for j in range(players)}
    rngs = [random.Random(f"{seed}/{index}/{j}") for j in range(players)]
    times: dict[str, list[float]] = {lvl: [] for lvl in levels}
    steps = 0
    history: list[tuple[int, Move]] = []
    while not g.over:
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"game {index} did not finish in {MAX_STEPS} decisions")
        pend = g.pending()[0]
        seat = pend.player
        legal = g.legal_moves(seat)
        if len(legal) == 1:
            move = legal[0]
        else:
            j = entry_of[seat]
            start = time.perf_counter()
            move = policies[j].choose(g.view(seat), pend.decision, legal, rngs[j], budgets[j])
            times[levels[j]].append(time.perf_counter() - start)
        g.play(seat, move)
        history.append((seat, move))
    if record is not None:
        seated = [levels[entry_of[s]] for s in range(players)]
        write_record(Path(record) / f"game-{index:04d}.json", g, seated, history, deal % players)
    winners = g.result().winners
    wins = [0.0] * players
    won_on = [""] * players
    for seat in winners:
        wins[entry_of[seat]] += 1.0 / len(winners)
        won_on[entry_of[seat]] = winning_track(g.players[seat].tracks())
    return GameResult(index, tuple(wins), g.round, times, tuple(won_on))


def write_record(
    path: Path, g: Game, seated: list[str], history: list[tuple[int, Move]], first: int
) -> None:
    """The game as a save document; a seat is named by its level (``ismcts``,
    ``hard@1.0``), and its kind is that level where the table knows it, else "human"."""
    seats = [
        Seat(name[:40], name.partition("@")[0] if name.partition("@")[0] in AI_LEVELS else "human")
        for name in seated
    ]
    doc = SavedMatch(g.n, g.seed, first, seats, g, 0, history).to_json()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc), encoding="utf-8")


TRACKS = ("trees", "fires", "flowers")


def winning_track(tracks: tuple[int, int, int]) -> str:
    """The track that reached the goal (the highest one if several did)."""
    best = max(range(3), key=lambda i: tracks[i])
    return TRACKS[best]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(math.ceil(q * len(s))) - 1)]


def run(
    players: int,
    seats: Sequence[str],
    games: int,
    jobs: int,
    seed: int,
    budget: float,
    workers: int = 1,
    out=sys.stdout,
    progress=sys.stderr,
    record: str | None = None,
) -> list[dict]:
    """Play the arena and return (and print) its summary lines."""
    levels = tuple(expand_seats(seats, players))
    tasks = [(i, players, levels, seed, budget, workers, record) for i in range(games)]
    results: list[GameResult] = []
    start = time.monotonic()

    def report(r: GameResult) -> None:
        results.append(r)
        done = len(results)
        rates = [sum(x.wins[j] for x in results) / done for j in range(players)]
        elapsed = time.monotonic() - start
        eta = elapsed / done * (games - done)
        shown = " ".join(f"{lvl}:{rate:.2f}" for lvl, rate in zip(levels, rates, strict=True))
        print(
            f"[{done}/{games}] {shown} elapsed {elapsed:.0f}s eta {eta:.0f}s",
            file=progress,
            flush=True,
        )

    if jobs > 1:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(jobs) as pool:
            for r in pool.imap_unordered(play_one, tasks):
                report(r)
    else:
        for t in tasks:
            report(play_one(t))
    lines: list[dict] = []
    for j, lvl in enumerate(levels):
        w = sum(r.wins[j] for r in results)
        lo, hi = wilson(w, len(results))
        split = {t: round(sum(r.wins[j] for r in results if r.won_on[j] == t), 2) for t in TRACKS}
        lines.append(
            {
                "entry": j,
                "level": lvl,
                "games": len(results),
                "wins": round(w, 2),
                "win_rate": round(w / max(len(results), 1), 4),
                "ci95": [round(lo, 4), round(hi, 4)],
                "won_on": split,
            }
        )
    lines.append(
        {
            "games": len(results),
            "mean_rounds": round(sum(r.rounds for r in results) / max(len(results), 1), 2),
            "players": players,
            "seats": list(levels),
            "budget_s": budget,
            "seed": seed,
            "wall_s": round(time.monotonic() - start, 1),
        }
    )
    for lvl in dict.fromkeys(levels):
        ts = [t for r in results for t in r.times.get(lvl, [])]
        lines.append(
            {
                "level": lvl,
                "decisions": len(ts),
                "mean_ms": round(1000 * sum(ts) / max(len(ts), 1), 2),
                "p95_ms": round(1000 * percentile(ts, 0.95), 2),
                "max_ms": round(1000 * max(ts, default=0.0), 2),
            }
        )
    for line in lines:
        print(json.dumps(line), file=out, flush=True)
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.devtools.arena", description=__doc__)
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    ap.add_argument(
        "--seats", default="medium,easy", help="levels, comma separated; hard@0.5 sets a budget"
    )
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, default=1.0, help="Hard's seconds per decision")
    ap.add_argument("--workers", type=int, default=1, help="Hard's search processes")
    ap.add_argument("--record", metavar="DIR", help="write every game to DIR as a save document")
    a = ap.parse_args(argv)
    seats = [s.strip() for s in a.seats.split(",") if s.strip()]
    for s in seats:
        make_policy(parse_knobs(s.partition("@")[0])[0])  # reject unknown levels now
    run(a.players, seats, a.games, a.jobs, a.seed, a.budget, a.workers, record=a.record)
    return 0


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
