"""AI arena: ``python -m game.devtools.arena --players 2 --seats hard,medium --games 200 --jobs 2``.

Games come in deals of ``players`` games that share a seed; within a deal the levels rotate
through the seats (and the first player moves with the deal), so every level meets the same
cards from every position. A seat may carry its own budget (``--seats hard@1.0,hard@0.1``)
and Hard search settings (``--seats "hard[noise=0;horizon_rounds=2],medium"``). The
independent yardsticks ``greedy``, ``pimc`` and ``ismcts`` sit like any level.

``--as-shipped`` measures what players meet: each level is built exactly as the table
builds it (``worker_options`` and ``BUDGET_S``: Hard's fixed work budget), every decision
is seeded as the table seeds it (``decision_seed``, ``draw_seed``), and in the draw phase
every seat, yardsticks included, draws on its own copy of the round as it started, as the
table's AI seats do (``ai_draws``): nobody sees another seat's Help Line while drawing.
Without it, seats draw one after another on the shared game (a later seat sees the earlier
seats' finished lines) and Hard searches ``--budget`` seconds a decision.

Prints JSON lines on stdout (win rate with a 95% Wilson interval per entry, its wins by
track and its other games by cause of loss, mean rounds, decision times per level for
draws and actions apart) and progress on stderr. ``--record DIR`` also writes every game as
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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game.ai.levels.budgets import BUDGET_S, worker_options
from game.ai.levels.hard_settings import HardSettings
from game.ai.policy import Policy, make_policy
from game.engine import Decision, Game, Move, Phase, new_game
from game.engine.state import E_FLOWER, GOAL
from game.savegame import SavedMatch
from game.seats import AI_LEVELS, Seat
from game.ui.table.ai_seats.ai_draws import draw_seed
from game.ui.table.ai_seats.ai_seat import decision_seed

MAX_STEPS = 20000
KINDS = ("draw", "action")  # decision timings are kept apart: a draw asks far less
BURST = 4  # Flowers gained in the last round that make a loss a Flower burst
CAUSES = ("flower_burst", "tie_break", "outraced", "shared")


@dataclass(frozen=True, slots=True)
class GameResult:
    index: int
    wins: tuple[float, ...]  # per entry (a share when several win)
    rounds: int
    times: dict[str, list[float]]  # level -> seconds per non-forced decision
    won_on: tuple[str, ...] = ()  # per entry: the track a winner reached 12 on, else ""
    lost_by: tuple[str, ...] = ()  # per entry: ``loss_cause`` of a game not won alone


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
    """``hard[noise=0,horizon_rounds=2]`` -> ("hard", HardSettings overrides) for A/B arenas."""
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


@dataclass(slots=True)
class Sitter:
    """One arena entry as it sits at the table: its policy, budget and time log."""

    name: str
    policy: Policy
    budget: float


def build(entry: str, budget: float, workers: int, shipped: bool) -> Sitter:
    """The entry's policy. As shipped, a table level is built exactly as the table builds
    it (``worker_options``, ``BUDGET_S``; ``workers`` > 0 caps Hard's processes, which
    changes its speed, not its moves); otherwise Hard searches ``budget`` seconds with
    ``workers`` processes. Knobs (``hard[z=3]``) and an own budget (``hard@1.0``) apply in
    both modes."""
    level, _, own_budget = entry.partition("@")
    level, knobs = parse_knobs(level)
    opts: dict[str, object] = {}
    seconds = budget
    if shipped and level in AI_LEVELS:
        opts.update(worker_options(level, processes=workers or None))
        seconds = BUDGET_S[level]
    elif level == "hard":
        opts["workers"] = workers
    if knobs and level == "hard":
        base = opts.get("settings")
        if not isinstance(base, HardSettings):  # none from the table's options
            base = HardSettings()
        opts["settings"] = replace(base, **knobs)  # type: ignore[arg-type]  # knobs checked
    elif knobs:
        opts.update(knobs)  # a baseline's own fields, e.g. ismcts[rounds=2]
    if own_budget:
        seconds = float(own_budget)
    return Sitter(entry, make_policy(level, **opts), seconds)


def play_one(
    args: tuple[int, int, tuple[str, ...], int, float, int, str | None, bool],
) -> GameResult:
    """One arena game; entry ``j`` sits at seat ``(j + index) % players``."""
    index, players, levels, seed, budget, workers, record, shipped = args
    deal, rotation = divmod(index, players)
    game_seed = seed * 1_000_003 + deal
    g = new_game(players, seed=game_seed, first_player=deal % players)
    sitters = [build(entry, budget, workers, shipped) for entry in levels]
    entry_of = {(j + rotation) % players: j for j in range(players)}
    rngs = [random.Random(f"{seed}/{index}/{j}") for j in range(players)]
    times: dict[str, list[float]] = {f"{lvl}.{k}": [] for lvl in levels for k in KINDS}
    history: list[tuple[int, Move]] = []
    starts: list[list[int]] = []  # each seat's kept Flowers at every round start

    def decide(game: Game, seat: int, decision: Decision, legal: list[Move], rng: Any) -> Move:
        j = entry_of[seat]
        t0 = time.perf_counter()
        move = sitters[j].policy.choose(game.view(seat), decision, legal, rng, sitters[j].budget)
        kind = "draw" if decision is Decision.DRAW else "action"
        times[f"{levels[j]}.{kind}"].append(time.perf_counter() - t0)
        return move

    try:
        for _ in range(MAX_STEPS):
            if g.over:
                break
            if len(starts) < g.round:
                starts.append([p.tracks()[2] - p.line_elems[E_FLOWER] for p in g.players])
            if shipped and g.phase is Phase.DRAW:
                for seat, move in private_draws(g, history, game_seed, decide):
                    g.play(seat, move)
                    history.append((seat, move))
                continue
            pend = g.pending()[0]
            seat = pend.player
            legal = g.legal_moves(seat)
            if len(legal) == 1:
                move = legal[0]
            else:
                rng = (
                    random.Random(decision_seed(game_seed, len(history), seat))
                    if shipped
                    else rngs[entry_of[seat]]
                )
                move = decide(g, seat, pend.decision, legal, rng)
            g.play(seat, move)
            history.append((seat, move))
        else:
            raise RuntimeError(f"game {index} did not finish in {MAX_STEPS} decisions")
    finally:
        for sitter in sitters:
            sitter.policy.close()
    if record is not None:
        seated = [levels[entry_of[s]] for s in range(players)]
        write_record(Path(record) / f"game-{index:04d}.json", g, seated, history, deal % players)
    winners = g.result().winners
    wins = [0.0] * players
    won_on = [""] * players
    lost_by = [""] * players
    for seat in winners:
        wins[entry_of[seat]] += 1.0 / len(winners)
        won_on[entry_of[seat]] = winning_track(g.players[seat].tracks())
    for seat in range(players):
        if seat not in winners or len(winners) > 1:
            lost_by[entry_of[seat]] = loss_cause(g, seat, winners, starts[-1] if starts else [])
    return GameResult(index, tuple(wins), g.round, times, tuple(won_on), tuple(lost_by))


def private_draws(
    g: Game,
    history: list[tuple[int, Move]],
    ai_seed: int,
    decide: Callable[[Game, int, Decision, list[Move], Any], Move],
) -> list[tuple[int, Move]]:
    """The draw phase as the table plays it for AI seats (``ai_draws``): each seat draws on
    its own copy of the round as it started, seeing its own draws only, seeded by its own
    move count (``draw_seed``). The engine deals every seat's cards from that seat's own
    stream, so playing the seats one after another in the real game gives the same cards."""
    out: list[tuple[int, Move]] = []
    for seat in g.turn_order():
        own = g.clone()
        count = sum(1 for s, _ in history if s == seat)
        while not own.players[seat].stopped and own.phase is Phase.DRAW:
            legal = own.legal_moves(seat)
            if len(legal) == 1:
                move = legal[0]
            else:
                rng = random.Random(draw_seed(ai_seed, count, seat))
                move = decide(own, seat, Decision.DRAW, legal, rng)
            own.play(seat, move)
            out.append((seat, move))
            count += 1
    return out


def loss_cause(g: Game, seat: int, winners: Sequence[int], flowers_then: Sequence[int]) -> str:
    """Why ``seat`` did not win alone: ``shared`` (a tie on the sum), ``tie_break`` (it
    reached 12 but another qualifier had the higher sum, RULES §7), ``flower_burst`` (a
    winner went to 12 on Flowers in the last round from 8 or fewer kept) or ``outraced``."""
    if seat in winners:
        return "shared"
    if max(g.players[seat].tracks()) >= GOAL:
        return "tie_break"
    for w in winners:
        t = g.players[w].tracks()
        if t[2] >= GOAL and flowers_then and flowers_then[w] <= GOAL - BURST:
            return "flower_burst"
    return "outraced"


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
    shipped: bool = False,
    start: int = 0,
    indices: Sequence[int] | None = None,
    hard_processes: int = 0,
) -> list[dict]:
    """Play the arena and return (and print) its summary lines: games ``start`` to
    ``start + games - 1``, or the game ``indices`` given (a game is the same whichever
    others are played with it: its deal, seats and seeds follow from its index alone)."""
    levels = tuple(expand_seats(seats, players))
    chosen = list(indices) if indices is not None else list(range(start, start + games))
    games = len(chosen)
    if shipped:
        # As the table builds it Hard runs its shards on helper processes, which a game
        # already played in a pool's (daemonic) process may not start: there Hard runs them
        # all itself (the same moves). One game at a time: as the table (0: no cap), or at
        # most ``hard_processes`` (the same moves on fewer cores, slower).
        workers = 1 if jobs > 1 else hard_processes
    tasks = [(i, players, levels, seed, budget, workers, record, shipped) for i in chosen]
    results: list[GameResult] = []
    began = time.monotonic()

    def report(r: GameResult) -> None:
        results.append(r)
        done = len(results)
        rates = [sum(x.wins[j] for x in results) / done for j in range(players)]
        elapsed = time.monotonic() - began
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
                "lost_by": {c: sum(1 for r in results if r.lost_by[j] == c) for c in CAUSES},
            }
        )
    lines.append(
        {
            "games": len(results),
            "mean_rounds": round(sum(r.rounds for r in results) / max(len(results), 1), 2),
            "players": players,
            "seats": list(levels),
            "budget_s": "as shipped" if shipped else budget,
            "seed": seed,
            "wall_s": round(time.monotonic() - began, 1),
        }
    )
    for lvl in dict.fromkeys(levels):
        for kind in KINDS:
            ts = [t for r in results for t in r.times.get(f"{lvl}.{kind}", [])]
            lines.append(
                {
                    "level": lvl,
                    "decisions": kind,
                    "count": len(ts),
                    "mean_ms": round(1000 * sum(ts) / max(len(ts), 1), 2),
                    "p50_ms": round(1000 * percentile(ts, 0.5), 2),
                    "p90_ms": round(1000 * percentile(ts, 0.9), 2),
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
    ap.add_argument(
        "--start", type=int, default=0, help="play games START to START+GAMES-1 (the indices)"
    )
    ap.add_argument(
        "--indices",
        help="play just these games, comma separated (e.g. the losses arena_losses names: "
        "game-0017.json is index 17)",
    )
    ap.add_argument("--budget", type=float, default=1.0, help="Hard's seconds per decision")
    ap.add_argument("--workers", type=int, default=1, help="Hard's search processes")
    ap.add_argument(
        "--hard-processes",
        type=int,
        default=0,
        help="as shipped with --jobs 1: at most this many processes for Hard's shards (0: as "
        "the table, one a core); the moves are the same, only the time changes",
    )
    ap.add_argument("--record", metavar="DIR", help="write every game to DIR as a save document")
    ap.add_argument(
        "--as-shipped",
        action="store_true",
        help="build each level as the table does (budgets, work, seeds) and let every seat "
        "draw on its own copy of the round, as the table's AI seats do",
    )
    a = ap.parse_args(argv)
    if a.start < 0:
        ap.error("--start must be 0 or more")
    indices = None
    if a.indices is not None:
        try:
            indices = [int(x) for x in a.indices.split(",") if x.strip()]
        except ValueError:
            ap.error(f"--indices takes game numbers separated by commas, not {a.indices!r}")
        if not indices or min(indices) < 0:
            ap.error("--indices needs at least one game number, none below 0")
    seats = [s.strip() for s in a.seats.split(",") if s.strip()]
    for s in seats:
        make_policy(parse_knobs(s.partition("@")[0])[0]).close()  # reject unknown levels now
    run(
        a.players, seats, a.games, a.jobs, a.seed, a.budget, a.workers,
        record=a.record, shipped=a.as_shipped, start=a.start, indices=indices,
        hard_processes=max(0, a.hard_processes),
    )  # fmt: skip
    return 0


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
