"""Abuse benchmark: honest tables on a server while one abuse runs against it.

    python -m game.devtools.net_abuse --abuse failed-join --seconds 30
    python -m game.devtools.net_abuse --abuse all                 (each abuse in turn)

The server runs as its own process (``python -m game.net.server``, default limits, a fresh
store, one AI worker process). Honest tables: ``--honest`` tables of four scripted players
pacing 1-3 s a move (as ``net_bench``), and one table of a person and a Medium AI seat
whose AI wait is measured (from the move that hands the AI its turn to the AI's move);
``--abuse none`` measures them alone, for comparison.
The abuses run in a process of their own (every address on 127/8 is loopback on Linux, so
"many machines" are 127.0.0.x):

- ``failed-join``: 64 addresses send wrong join codes as fast as they are answered; the
  honest players join (with the right codes) while it runs.
- ``resume-storm``: a seat holder with a long game (200 moves) resumes over and over on 16
  connections at once (half asking for the whole log, as an old client does).
- ``all-ai``: 12 tables of four Hard seats (refused now: ``no_human_seat``), then 12 tables
  from one address, each of one scripted person and three Hard seats, the person playing
  as fast as the server answers.
- ``create-flood``: 16 addresses create tables as fast as they are answered.

Prints one JSON line per abuse: the honest round trip (move sent to ``ack``) p50/p99/max,
the honest AI wait p50/p99, the honest errors, what the abuse did and how it was answered.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from game.devtools.net_bench import LoadStats, player
from game.net.mirror import Mirror
from game.net.protocol import MAX_SERVER_MESSAGE, decode, encode

ABUSES = ("none", "failed-join", "resume-storm", "all-ai", "create-flood")
STOP_POLL_S = 0.05  # how often the abuse looks for the stop word
MOVE_GAP_S = 0.06  # an abuser's moves come this fast (the per-connection limit is 20/s)
HUMANS4 = [{"name": f"P{i}", "kind": "human"} for i in range(4)]


async def ws_open(url: str, source: str = "") -> Any:
    extra: dict[str, Any] = {"local_addr": (source, 0)} if source else {}
    return await connect(
        url, max_size=MAX_SERVER_MESSAGE, compression=None, open_timeout=30, proxy=None, **extra
    )


async def ask(ws: Any, message: dict[str, Any], want: str = "welcome") -> dict[str, Any]:
    """Send ``message``; the first reply of type ``want`` or an error."""
    await ws.send(encode(message))
    for _ in range(10_000):
        msg = decode(await asyncio.wait_for(ws.recv(), 30), MAX_SERVER_MESSAGE)
        if msg["type"] in (want, "error"):
            return msg
    raise RuntimeError("no reply")


def answer(reply: dict[str, Any]) -> str:
    """What a reply was: its error code, else its type."""
    return str(reply["code"]) if reply["type"] == "error" else str(reply["type"])


# -- the honest side -------------------------------------------------------------------


async def honest_tables(url: str, count: int, stats: LoadStats, stop: list[float]) -> list:
    tasks = []
    joined: list[asyncio.Future] = []
    loop = asyncio.get_running_loop()
    for m in range(count):
        seated = loop.create_future()
        first = {"type": "create", "seats": HUMANS4, "mine": [0]}
        tasks.append(asyncio.create_task(player(url, first, (1.0, 3.0), stop, stats, m, seated)))
        code = await asyncio.wait_for(seated, 60)
        for s in range(1, 4):
            first = {"type": "join", "code": code, "seats": [s]}
            fut = loop.create_future()
            joined.append(fut)
            tasks.append(
                asyncio.create_task(player(url, first, (1.0, 3.0), stop, stats, m * 10 + s, fut))
            )
    await asyncio.wait_for(asyncio.gather(*joined), 60)  # every seat welcomed, as net_bench
    return tasks


async def heard(ws: Any, stop: list[float]) -> AsyncIterator[dict[str, Any]]:
    """The server's messages on ``ws`` until ``stop[0]`` (``time.monotonic()``), or until
    none comes before it."""
    while time.monotonic() < stop[0]:
        try:
            raw = await asyncio.wait_for(ws.recv(), max(0.05, stop[0] - time.monotonic()))
        except TimeoutError:
            return
        yield decode(raw, MAX_SERVER_MESSAGE)


async def honest_ai_table(url: str, waits: list[float], stop: list[float]) -> None:
    """A person (seat 0) and an Easy AI seat (it decides in milliseconds, so its wait is
    the server's queue): the AI's wait after each hand-over."""
    rand = random.Random(7)
    mirror = Mirror()
    seats = [{"name": "Me", "kind": "human"}, {"name": "AI", "kind": "easy"}]
    async with await ws_open(url) as ws:
        await ws.send(encode({"type": "create", "seats": seats, "mine": [0]}))
        asked_at = None
        async for msg in heard(ws, stop):
            mirror.handle(msg)
            game = mirror.game
            if msg["type"] == "events" and msg["seat"] == 1 and asked_at is not None:
                waits.append(time.perf_counter() - asked_at)
                asked_at = None
            if game is None or game.over:
                if game is not None:
                    return
                continue
            deciding = {p.player for p in game.pending()}
            if 1 in deciding and asked_at is None:
                asked_at = time.perf_counter()
            legal = game.legal_moves(0) if 0 in deciding else []
            if legal and msg["type"] in ("welcome", "events"):
                await asyncio.sleep(rand.uniform(0.2, 0.6))
                move = {"type": "play", "seat": 0, "seq": mirror.seq[0]}
                await ws.send(encode({**move, "move": rand.choice(legal).to_json()}))


# -- the abuses ------------------------------------------------------------------------


async def failed_join(url: str, stop: list[float], seen: collections.Counter) -> None:
    async def one(i: int) -> None:
        async with await ws_open(url, f"127.0.0.{2 + i}") as ws:
            for k in range(1_000_000):
                if time.monotonic() >= stop[0]:
                    return
                reply = await ask(ws, {"type": "join", "code": f"ZZZZ-{k % 10_000:04d}"})
                seen[answer(reply)] += 1

    await asyncio.gather(*(one(i) for i in range(64)), return_exceptions=True)


async def resume_storm(url: str, stop: list[float], seen: collections.Counter) -> None:
    rand = random.Random(3)
    async with await ws_open(url, "127.0.0.9") as ws:  # the attacker's own long game
        welcome = await ask(ws, {"type": "create", "seats": HUMANS4[:2], "mine": [0, 1]})
        mirror = Mirror()
        mirror.handle(welcome)
        match, tokens = welcome["match"], list(welcome["tokens"].values())
        for _ in range(3000):
            game = mirror.game
            if game is None or game.over or mirror.n >= 200:
                break
            seat = next((s for s in (0, 1) if game.legal_moves(s)), None)
            if seat is None:
                break
            move = rand.choice(game.legal_moves(seat)).to_json()
            await asyncio.sleep(MOVE_GAP_S)  # under the connection's message rate limit
            await ws.send(
                encode({"type": "play", "seat": seat, "seq": mirror.seq[seat], "move": move})
            )
            for _ in range(100):
                msg = decode(await asyncio.wait_for(ws.recv(), 10), MAX_SERVER_MESSAGE)
                mirror.handle(msg)
                if msg["type"] in ("events", "error"):
                    break
    seen["log_entries"] = len(mirror.log)

    async def one(i: int) -> None:
        for _ in range(1_000_000):
            if time.monotonic() >= stop[0]:
                return
            async with await ws_open(url, f"127.0.0.{100 + i}") as ws:
                doc: dict[str, Any] = {"type": "resume", "match": match, "tokens": tokens}
                if i % 2:
                    doc["since"] = mirror.since()
                reply = await ask(ws, doc)
                seen[answer(reply)] += 1

    await asyncio.gather(*(one(i) for i in range(16)), return_exceptions=True)


async def all_ai(url: str, stop: list[float], seen: collections.Counter) -> None:
    hard = [{"name": f"H{i}", "kind": "hard"} for i in range(4)]

    async def one(i: int) -> None:
        async with await ws_open(url, f"127.0.0.{30 + i}") as ws:
            reply = await ask(ws, {"type": "create", "seats": hard, "mine": []})
            seen["all_ai_" + answer(reply)] += 1
        async with await ws_open(url, "127.0.0.30") as ws:  # one machine's twelve tables
            seats = [{"name": "Me", "kind": "human"}, *hard[:3]]
            await ws.send(encode({"type": "create", "seats": seats, "mine": [0]}))
            mirror, rand = Mirror(), random.Random(i)
            async for msg in heard(ws, stop):
                mirror.handle(msg)
                seen["ai_moves"] += msg["type"] == "events" and msg["seat"] != 0
                game = mirror.game
                if game is None or game.over or msg["type"] not in ("welcome", "events"):
                    continue
                legal = game.legal_moves(0)
                if legal:
                    await asyncio.sleep(MOVE_GAP_S)
                    move = rand.choice(legal).to_json()
                    await ws.send(
                        encode({"type": "play", "seat": 0, "seq": mirror.seq[0], "move": move})
                    )

    await asyncio.gather(*(one(i) for i in range(12)), return_exceptions=True)


async def create_flood(url: str, stop: list[float], seen: collections.Counter) -> None:
    async def one(i: int) -> None:
        for _ in range(1_000_000):
            if time.monotonic() >= stop[0]:
                return
            async with await ws_open(url, f"127.0.0.{150 + i}") as ws:
                reply = await ask(ws, {"type": "create", "seats": HUMANS4[:2], "mine": [0]})
                seen[answer(reply)] += 1
                if reply["type"] == "error":
                    await asyncio.sleep(min(1.0, float(reply.get("retry_after", 0.2))))

    await asyncio.gather(*(one(i) for i in range(16)), return_exceptions=True)


async def attacker(abuse: str, url: str, stop: list[float], seen: collections.Counter) -> None:
    """Run ``abuse`` until ``stop``; a failure of the attack itself is counted, not hidden."""
    runs = {
        "failed-join": failed_join,
        "resume-storm": resume_storm,
        "all-ai": all_ai,
        "create-flood": create_flood,
    }
    if abuse == "none":
        return
    try:
        await runs[abuse](url, stop, seen)
    except (OSError, RuntimeError, TimeoutError, ValueError) as e:
        seen[f"attack_failed: {e!r}"[:120]] += 1


def attack_process(abuse: str, url: str, seconds: float, pipe: Any) -> None:
    """The abuse in a process of its own (so the attackers' work does not slow the honest
    players' reads, which would count as round trip): runs until the measuring side says
    stop on ``pipe`` (at most ``seconds``), then sends its counts."""
    seen: collections.Counter = collections.Counter()
    stop = [time.monotonic() + seconds]

    async def run() -> None:
        attack = asyncio.create_task(attacker(abuse, url, stop, seen))
        while not attack.done():  # the stop word ends it now, not at the bound
            if pipe.poll():
                pipe.recv()
                stop[0] = time.monotonic()
                break
            await asyncio.wait({attack}, timeout=STOP_POLL_S)
        await attack

    asyncio.run(run())
    pipe.send(dict(seen))
    pipe.close()


async def measure(url: str, abuse: str, args: argparse.Namespace) -> dict[str, Any]:
    stop = [time.monotonic() + args.seconds + 3600]
    mine, theirs = multiprocessing.get_context("spawn").Pipe()
    lasts = args.warmup + args.seconds + 12.0  # past the honest players' seating
    proc = multiprocessing.get_context("spawn").Process(
        target=attack_process, args=(abuse, url, lasts, theirs)
    )
    proc.start()
    await asyncio.sleep(args.warmup)  # the abuse is under way before the honest players sit
    stats = LoadStats()
    waits: list[float] = []
    honest = await honest_tables(url, args.honest, stats, stop)
    ai_table = asyncio.create_task(honest_ai_table(url, waits, stop))
    await asyncio.sleep(args.settle)  # the tables seated and playing before the measure
    stats.rtt.clear()
    waits.clear()
    started = time.monotonic()
    await asyncio.sleep(args.seconds)
    rtt, ai = sorted(stats.rtt), sorted(waits)
    elapsed = time.monotonic() - started
    stop[0] = time.monotonic()
    for t in [*honest, ai_table]:
        t.cancel()
    await asyncio.wait([*honest, ai_table], timeout=20)
    with contextlib.suppress(OSError):  # an abuse already over ("none") has hung up
        mine.send("stop")  # the abuse ends with the measure (``lasts`` is only its bound)
    seen = await asyncio.to_thread(lambda: mine.recv() if mine.poll(lasts + 60) else {})
    proc.join(30)
    if proc.is_alive():
        proc.kill()
        proc.join(5)

    def pct(values: list[float], p: float) -> float:
        if not values:
            return -1.0
        return round(values[min(len(values) - 1, int(p * len(values)))] * 1000, 2)

    return {
        "abuse": abuse,
        "seconds": round(elapsed, 1),
        "honest_tables": args.honest,
        "honest_moves": len(rtt),
        "honest_rtt_p50_ms": pct(rtt, 0.5),
        "honest_rtt_p99_ms": pct(rtt, 0.99),
        "honest_rtt_max_ms": round(rtt[-1] * 1000, 2) if rtt else -1.0,
        "honest_errors": stats.errors,
        "honest_ai_waits": len(ai),
        "honest_ai_wait_p50_ms": pct(ai, 0.5),
        "honest_ai_wait_p99_ms": pct(ai, 0.99),
        "abuse_answers": seen,
        "load_average_1m": round(os.getloadavg()[0], 1),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--abuse", choices=[*ABUSES, "all"], default="all")
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--honest", type=int, default=5, help="honest tables of four players")
    ap.add_argument("--warmup", type=float, default=3.0, help="seconds of abuse before")
    ap.add_argument("--settle", type=float, default=2.0, help="seconds of play before")
    args = ap.parse_args(argv)
    for abuse in ABUSES if args.abuse == "all" else (args.abuse,):
        with tempfile.TemporaryDirectory() as tmp:
            cmd = [sys.executable, "-m", "game.net.server", "--host", "127.0.0.1", "--port", "0"]
            cmd += ["--db", str(Path(tmp) / "abuse.db"), "--log-level", "ERROR"]
            proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
            try:
                assert proc.stdout is not None  # started with stdout=PIPE
                url = json.loads(proc.stdout.readline())["listening"]
                result = asyncio.run(measure(url, abuse, args))
            finally:
                proc.terminate()
                proc.wait(30)
        print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
