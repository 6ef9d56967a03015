"""Load benchmark of the match server: N concurrent tables of scripted clients on loopback.

    python -m game.devtools.net_bench --matches 200 --seconds 60 --pace 1 3

The server runs as its own process (``python -m game.net.server``, a fresh store in a
temporary folder), so its CPU and memory are measured alone. Every seat of every table is a
scripted client with its own connection that paces like a person: it waits a random 1-3 s
(``--pace``) before each of its moves, draws included, then plays a random legal move. The
move round trip is the time from sending a move to reading its ``ack`` off the connection
(the move checked, applied and committed to SQLite), taken as the message is read, before
the player's own handling of it. Prints one JSON line.

    python -m game.devtools.net_bench --processes 1 2 --matches 200

runs the same load over PostgreSQL (a throwaway cluster from the installed binaries, fsync
on: ``game.devtools.pg_cluster``; or ``--db postgresql://…``), once per count of server
processes sharing the database, each on a fresh database; one JSON line per count. Seat s
of table m connects to process (m + s) mod P, so with two processes every table has
clients on both and every move is also heard across processes (NOTIFY). The CPU is then
the servers' together and PostgreSQL's (every process of the cluster).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.devtools.net_bench_figures import (
    family,
    proc_cpu_s,
    proc_rss_kb,
    stalls,
    worst_second,
)
from game.devtools.pg_cluster import PgCluster
from game.net.mirror import Mirror
from game.net.protocol import MAX_SERVER_MESSAGE, decode, encode
from game.net.store.checkpointer import EVERY_S as CHECKPOINT_EVERY_S

WIND_DOWN_S = 20.0  # players closing their connections after the measure
SETUP_S = 600.0  # the longest seating every table may take
LAG_TICK_S = 0.01  # the client processes' loop-lag probe
SLOW_S = 0.1  # a round trip this long is a slow move: when they happen is reported


@dataclass
class LoadStats:
    rtt: list[float] = field(default_factory=list)
    slow: list[float] = field(default_factory=list)  # when (wall clock) each slow move was sent
    errors: int = 0
    games_over: int = 0


async def player(
    url: str,
    first: dict,
    pace: tuple[float, float],
    stop: list[float],
    stats: LoadStats,
    seed: int,
    seated: asyncio.Future,
) -> None:
    """A scripted player; ``seated`` fails if it ends (refused, its connection lost or
    never made) before it is welcomed, so the seating says why instead of waiting."""
    try:
        await play(url, first, pace, stop, stats, seed, seated)
    except (OSError, ConnectionClosed) as e:  # TimeoutError is an OSError
        if seated.done():
            raise
        seated.set_exception(RuntimeError(f"not seated: {e!r}"))
    finally:
        if not seated.done():
            seated.set_exception(RuntimeError("not seated: the connection ended"))


async def play(
    url: str,
    first: dict,
    pace: tuple[float, float],
    stop: list[float],  # [deadline]: moved to now when the measure ends
    stats: LoadStats,
    seed: int,
    seated: asyncio.Future,
) -> None:
    rand = random.Random(seed)
    mirror = Mirror()
    async with connect(url, max_size=MAX_SERVER_MESSAGE, compression=None, open_timeout=60) as ws:
        await ws.send(encode(first))
        changed = asyncio.Event()
        acked = asyncio.Event()
        heard = [0.0]  # when the last ack (or error) was read off the connection

        async def read() -> None:
            async for raw in ws:
                now = time.perf_counter()  # before this player's own work on the message
                msg = decode(raw, MAX_SERVER_MESSAGE)
                mirror.handle(msg)
                kind = msg["type"]
                if kind == "welcome" and not seated.done():
                    seated.set_result(mirror.code)
                elif kind == "ack":
                    heard[0] = now
                    acked.set()
                elif kind == "error":
                    if not seated.done():  # a refused create or join: the run cannot be had
                        seated.set_exception(RuntimeError(f"not seated: {msg}"))
                    stats.errors += 1
                    heard[0] = now
                    acked.set()
                changed.set()

        reader = asyncio.create_task(read())
        try:
            while time.monotonic() < stop[0]:
                game = mirror.game
                seat = mirror.yours[0] if mirror.yours else -1
                legal = game.legal_moves(seat) if game is not None and seat >= 0 else []
                if game is not None and game.over:
                    stats.games_over += 1
                    return
                if not legal:
                    changed.clear()
                    await asyncio.wait_for(changed.wait(), max(0.01, stop[0] - time.monotonic()))
                    continue
                await asyncio.sleep(rand.uniform(*pace))
                if mirror.game is not game or game is None or not game.legal_moves(seat):
                    continue
                seq = mirror.seq[seat]
                acked.clear()
                started = time.perf_counter()
                await ws.send(
                    encode(
                        {
                            "type": "play",
                            "seat": seat,
                            "seq": seq,
                            "move": rand.choice(legal).to_json(),
                        }
                    )
                )
                await asyncio.wait_for(acked.wait(), 30)
                stats.rtt.append(heard[0] - started)
                if heard[0] - started >= SLOW_S:
                    stats.slow.append(time.time() - (time.perf_counter() - started))
                while mirror.seq.get(seat, 0) <= seq and time.monotonic() < stop[0]:
                    changed.clear()  # wait until our own move's events are in the mirror
                    await asyncio.wait_for(changed.wait(), 30)
        except TimeoutError:
            return
        finally:
            reader.cancel()


async def seat(
    urls: list[str], args: argparse.Namespace, tables: range, stats: LoadStats, stop: list[float]
) -> list[asyncio.Task]:
    """Create the tables numbered ``tables`` (a host each), then seat everyone else."""
    loop = asyncio.get_running_loop()
    tasks = []
    codes: list[asyncio.Future] = []
    seats = [{"name": f"P{i}", "kind": "human"} for i in range(args.players)]
    pace = (args.pace[0], args.pace[1])
    for i, m in enumerate(tables):  # the hosts, then everyone else joins
        fut = loop.create_future()
        codes.append(fut)
        first = {"type": "create", "seats": seats, "mine": [0]}
        url = urls[m % len(urls)]
        tasks.append(asyncio.create_task(player(url, first, pace, stop, stats, m * 10, fut)))
        if i % 20 == 19:
            await asyncio.sleep(0.05)
    joined: list[asyncio.Future] = []
    for i, (m, fut) in enumerate(zip(tables, codes, strict=True)):
        code = await asyncio.wait_for(fut, 120)
        for s in range(1, args.players):
            first = {"type": "join", "code": code, "seats": [s]}
            url = urls[(m + s) % len(urls)]
            seated = loop.create_future()
            joined.append(seated)
            tasks.append(
                asyncio.create_task(player(url, first, pace, stop, stats, m * 10 + s, seated))
            )
        if i % 20 == 19:
            await asyncio.sleep(0.05)
    # every join welcomed before the measure: a join's claim is written at once, so joins
    # still arriving would be measured as the moves' tail (they were, until this waited)
    await asyncio.wait_for(asyncio.gather(*joined), SETUP_S)
    return tasks


async def lag_probe(lags: list[float], stop: list[float]) -> None:
    """How late this client process's event loop wakes up (a starved client shows here,
    not as the server's round trip)."""
    while time.monotonic() < stop[0]:
        before = time.perf_counter()
        await asyncio.sleep(LAG_TICK_S)
        lags.append(time.perf_counter() - before - LAG_TICK_S)


def client_process(urls: list[str], args: argparse.Namespace, tables: range, pipe: Any) -> None:
    """One process of scripted players (a share of the tables): seats them, says so, waits
    for "go", measures ``args.seconds`` and sends back what it saw."""

    async def main() -> None:
        stats, stop = LoadStats(), [time.monotonic() + 3600]
        lags: list[float] = []
        tasks = await seat(urls, args, tables, stats, stop)
        gc.collect()
        gc.freeze()  # the players' own collector must not pause what is measured
        gc.disable()
        pipe.send("seated")
        await asyncio.to_thread(pipe.recv)
        stats.rtt.clear()
        stats.slow.clear()
        stats.errors = 0
        probe = asyncio.create_task(lag_probe(lags, [time.monotonic() + args.seconds]))
        own0 = time.process_time()
        await asyncio.sleep(args.seconds)
        pipe.send(
            {
                "rtt": stats.rtt,
                "slow": stats.slow,
                "errors": stats.errors,
                "cpu_s": time.process_time() - own0,
                "lags": lags,
            }
        )
        await probe
        stop[0] = time.monotonic()  # every player's loop ends at its next turn
        for t in tasks:
            t.cancel()
        await asyncio.wait(tasks, timeout=WIND_DOWN_S)

    asyncio.run(main())
    pipe.close()


def run(urls: list[str], args: argparse.Namespace, pids: list[int], pg: int = 0) -> dict:
    """The load on the servers at ``urls`` (process ids ``pids``; PostgreSQL's ``pg``),
    from ``args.client_processes`` processes of players (each with a share of the tables,
    so the players are not what is measured)."""
    ctx = multiprocessing.get_context("fork")
    count = max(1, min(args.client_processes, args.matches))
    rss0 = sum(proc_rss_kb(p) for p in pids)
    setup_started = time.monotonic()
    pipes, procs = [], []
    for i in range(count):
        mine, theirs = ctx.Pipe()
        proc = ctx.Process(
            target=client_process, args=(urls, args, range(i, args.matches, count), theirs)
        )
        proc.start()
        theirs.close()  # the child's end: a child that dies is then an EOF here, not a wait
        pipes.append(mine)
        procs.append(proc)
    try:
        for pipe in pipes:
            try:
                seated = pipe.poll(SETUP_S) and pipe.recv() == "seated"
            except EOFError:
                raise RuntimeError("a client process ended before seating its tables") from None
            if not seated:
                raise RuntimeError("a client process did not seat its tables in time")
        time.sleep(args.settle)  # everyone seated; tables wait for the first paced moves
        rss_idle = sum(proc_rss_kb(p) for p in pids)
        setup_s = time.monotonic() - setup_started
        cpu0, t0, wall0 = proc_cpu_s(*pids), time.monotonic(), time.time()
        db0 = proc_cpu_s(*family(pg)) if pg else 0.0
        for pipe in pipes:
            pipe.send("go")
        results = []
        for pipe in pipes:
            try:
                if not pipe.poll(args.seconds + 60):
                    raise RuntimeError("a client process did not report")
                results.append(pipe.recv())
            except EOFError:
                raise RuntimeError("a client process ended without its figures") from None
        cpu1, t1, wall1 = proc_cpu_s(*pids), time.monotonic(), time.time()
        db1 = proc_cpu_s(*family(pg)) if pg else 0.0
        rss = sum(proc_rss_kb(p) for p in pids)
    finally:
        for proc in procs:
            proc.join(WIND_DOWN_S + 10)
            if proc.is_alive():
                proc.kill()
                proc.join(5)
    rtt = sorted(r for res in results for r in res["rtt"])
    slow = sorted(at for res in results for at in res["slow"])
    worst = worst_second(slow)
    lags = sorted(lag for res in results for lag in res["lags"])

    def pct(values: list[float], p: float) -> float:
        return (
            round(values[min(len(values) - 1, int(p * len(values)))] * 1000, 2) if values else -1.0
        )

    elapsed = t1 - t0
    return {
        "store": "postgresql" if pg or args.db else "sqlite",
        "processes": len(pids),
        "concurrent_matches": args.matches,
        "players": args.players,
        "connections": args.matches * args.players,
        "pacing_s": list(args.pace),
        "seconds": round(elapsed, 1),
        "moves": len(rtt),
        "moves_per_s": round(len(rtt) / elapsed, 1),
        "rtt_p50_ms": pct(rtt, 0.5),
        "rtt_p99_ms": pct(rtt, 0.99),
        "rtt_max_ms": round(rtt[-1] * 1000, 2) if rtt else -1.0,
        "errors": sum(res["errors"] for res in results),
        "slow_moves": len(slow),
        "slow_moves_worst_second": worst[0],
        "slow_moves_worst_second_at_s": round(worst[1] - wall0, 1) if worst[0] else None,
        "server_cpu_cores": round((cpu1 - cpu0) / elapsed, 3),
        "server_cpu_ms_per_move": round((cpu1 - cpu0) * 1000 / max(1, len(rtt)), 3),
        "server_rss_mb": round(rss / 1024, 1),
        "idle_kb_per_match": round((rss_idle - rss0) / args.matches, 1),
        "client_processes": count,
        "clients_cpu_cores": round(sum(res["cpu_s"] for res in results) / elapsed, 3),
        "client_loop_lag_p99_ms": pct(lags, 0.99),
        "client_loop_lag_max_ms": round(lags[-1] * 1000, 1) if lags else -1.0,
        "postgres_cpu_cores": round((db1 - db0) / elapsed, 3) if pg else None,
        "load_average_1m": round(os.getloadavg()[0], 1),
        "setup_s": round(setup_s, 1),
        "window": [round(wall0, 3), round(wall1, 3)],  # when it measured (wall clock)
    }


def start_servers(
    db: str, count: int, args: argparse.Namespace, logs: Path
) -> tuple[list[subprocess.Popen], list[str]]:
    """``count`` server processes on ``db``, each logging (warnings: its stalls) to a file
    in the folder ``logs``."""
    procs: list[subprocess.Popen] = []
    urls: list[str] = []
    for i in range(count):
        cmd = [sys.executable, "-m", "game.net.server", "--host", "127.0.0.1", "--port", "0"]
        cmd += ["--db", db, "--ai-processes", "0", "--log-level", "WARNING", "--sync", args.sync]
        cmd += ["--stall-ms", str(args.stall_ms), "--checkpoint-s", str(args.checkpoint_s)]
        with (logs / f"server-{i}.log").open("w") as log_file:  # the child keeps its copy
            proc = subprocess.Popen(
                # every scripted player connects from 127.0.0.1: the per-address caps made
                # for a public server would refuse the load this measures
                [
                    *cmd,
                    "--creates-per-minute",
                    "100000",
                    "--tables-per-address",
                    "100000",
                    "--connections-per-address",
                    "100000",
                ],  # fmt: skip
                stdout=subprocess.PIPE,
                stderr=log_file,
                text=True,
            )
        procs.append(proc)
        try:
            out = procs[-1].stdout
            assert out is not None  # started with stdout=PIPE
            urls.append(json.loads(out.readline())["listening"])
        except (ValueError, KeyError):
            stop_servers(procs)
            raise RuntimeError("a server process did not start") from None
    return procs, urls


def stop_servers(procs: list[subprocess.Popen]) -> None:
    for proc in procs:
        proc.terminate()
    for proc in procs:
        proc.wait(20)


def over_postgres(args: argparse.Namespace) -> int:
    """One run per count of server processes, each on a fresh PostgreSQL database."""
    cluster = None if args.db else PgCluster(durable=True).start()
    try:
        for count in args.processes:
            if cluster is not None:
                db = cluster.create_database(f"bench_{count}p_{os.getpid()}_{time.time_ns()}")
                pg = int((cluster.folder / "data" / "postmaster.pid").read_text().split()[0])
            else:
                db, pg = args.db, 0
            with tempfile.TemporaryDirectory() as logs:
                procs, urls = start_servers(db, count, args, Path(logs))
                try:
                    result = run(urls, args, [p.pid for p in procs], pg)
                finally:
                    stop_servers(procs)
                result |= stalls(Path(logs), result.pop("window"))
            print(json.dumps(result), flush=True)
    finally:
        if cluster is not None:
            cluster.stop()
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=50)
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--pace", type=float, nargs=2, default=(1.0, 3.0), metavar=("MIN", "MAX"))
    ap.add_argument(
        "--settle", type=float, default=2.0, help="seconds between seating and measuring"
    )
    ap.add_argument("--sync", default="full", choices=["full", "normal"], help="the store's")
    ap.add_argument(
        "--processes", type=int, nargs="+", help="server processes over PostgreSQL, per run"
    )
    ap.add_argument("--db", help="with --processes: a PostgreSQL URL (default: a throwaway one)")
    ap.add_argument("--client-processes", type=int, default=2, help="processes the players run in")
    ap.add_argument(
        "--checkpoint-s",
        type=float,
        default=CHECKPOINT_EVERY_S,
        help="SQLite: the servers copy the WAL back on a thread this often (0: in the commits)",
    )
    ap.add_argument(
        "--stall-ms",
        type=float,
        default=50.0,
        help="the servers' stall watch: loop stops and commits this long are counted and named",
    )
    args = ap.parse_args(argv)
    if args.processes:
        return over_postgres(args)
    with tempfile.TemporaryDirectory() as tmp:
        procs, urls = start_servers(str(Path(tmp) / "bench.db"), 1, args, Path(tmp))
        try:
            result = run(urls, args, [p.pid for p in procs])
        finally:
            stop_servers(procs)
        result |= stalls(Path(tmp), result.pop("window"))
    print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
