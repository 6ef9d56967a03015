"""Shared by the network tests: a server on 127.0.0.1 (a free port, a fresh store), clients
that play random legal moves, and a bounded loop that plays a table to its end."""

from __future__ import annotations

import asyncio
import math
import random
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from game.net.client import TableClient
from game.net.limits import Limits
from game.net.server import ServerThread

LOCAL = "127.0.0.1"
GAME_S = 60.0  # the longest a whole game may take in these tests
MAX_STEPS = 20_000  # and the most loop steps it may take
SYNC_S = 5.0  # the most a move may take to reach another client
# Scripted clients move far faster than people: the games lift the per-connection rate cap
# (the hostile tests keep the defaults).
FAST = Limits(messages_per_s=10_000.0, message_burst=10_000.0)


@contextmanager
def running_server(db: Path, limits: Limits | None = None) -> Iterator[ServerThread]:
    """A server on a thread here, its SQLite store at ``synchronous=NORMAL`` (``durable``
    off: a commit is in the WAL file, not yet forced to the disk). That loses nothing these
    tests could see (only a power cut could), and the forced writes took most of a whole
    game's time (issue 43); the shipped server's ``FULL`` is tested where its process is
    (``tests/net/server_process.py``)."""
    server = ServerThread(db, LOCAL, 0, limits=limits or FAST, durable=False)
    server.start()
    try:
        yield server
    finally:
        server.stop()


NEWS_S = 0.05  # the longest an app's idle table waits for news before its next frame


def wait_for_news(session: Any, seconds: float = NEWS_S) -> None:
    """Until the app's session has news from the server (``notes``; at most ``seconds``):
    frames drawn meanwhile would show nothing new, and a loop drawing them spins, taking
    the time of the server's thread in the same process (issue 43)."""
    deadline = time.monotonic() + seconds
    while session.notes.empty() and time.monotonic() < deadline:
        time.sleep(0.001)


class Frames:
    """The app's frames as its window's loop (``TableApp.run``) runs them: the screen is
    drawn while the top scene is busy, after input, when another scene came up and at least
    once each ``IDLE_REDRAW_S``; else only its timers run (the table takes in news there,
    and news starts an animation, which is drawn). A test that stepped every pass drew
    hundreds of frames that showed nothing new (issue 43)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.drawn = -math.inf
        self.count = 0  # frames drawn

    def step(self, dt: float, fed: bool) -> None:
        """One pass; ``fed``: this pass gave the app input (a move, a press)."""
        from game.ui.app import IDLE_REDRAW_S

        stack, now = self.app.stack, time.monotonic()
        top = stack.top
        if stack.busy() or fed or now - self.drawn > IDLE_REDRAW_S:
            self.draw(dt, now)
            return
        stack.update(dt)
        if stack.busy() or stack.top is not top:
            self.draw(0.0, now)

    def draw(self, dt: float, now: float) -> None:
        self.app.step(dt)
        self.drawn = now
        self.count += 1


def seats(*kinds: str) -> list[dict[str, str]]:
    names = ("Ana", "Bo", "Cy", "Di")
    return [{"name": names[i], "kind": k} for i, k in enumerate(kinds)]


def host(url: str, kinds: tuple[str, ...], mine: list[int], keep: bool = False) -> TableClient:
    client = TableClient(url)
    client.keep = keep
    client.create(seats(*kinds), mine)
    welcome = client.wait_type("welcome")
    assert welcome["type"] == "welcome", welcome
    return client


def join(url: str, code: str, seat: int, keep: bool = False) -> TableClient:
    client = TableClient(url)
    client.keep = keep
    client.join(code, [seat])
    welcome = client.wait_type("welcome")
    assert welcome["type"] == "welcome", welcome
    return client


def drain(client: TableClient) -> None:
    """Take in every message already waiting (bounded: the socket's buffer is finite)."""
    for _ in range(10_000):
        if client.recv(0.0) is None:
            return


def play_one(client: TableClient, rand: random.Random, undo_rate: float = 0.0) -> bool:
    """One random legal move for one of the client's seats that must decide (or, at
    ``undo_rate``, a step of its action taken back when the server says it may be); True if
    made. The move is acknowledged before this returns."""
    game = client.mirror.game
    assert game is not None
    back = client.mirror.back
    if back is not None and back[0] in client.mirror.yours and rand.random() < undo_rate:
        client.undo(back[0])
        reply = client.wait_for(lambda m: m["type"] in ("ack", "error"))
        assert reply["type"] == "ack", reply
        client.wait_type("undone")
        return True
    for seat in client.mirror.yours:
        legal = game.legal_moves(seat)
        if legal and not game.over:
            client.play(seat, rand.choice(legal))
            reply = client.wait_for(lambda m: m["type"] in ("ack", "error"))
            assert reply["type"] == "ack", reply
            n = reply["n"]  # its events follow the ack: the mirror is up to date after them
            client.wait_for(lambda m, n=n: m["type"] == "events" and m["n"] == n)
            return True
    return False


def play_to_end(clients: list[TableClient], rand: random.Random, undo_rate: float = 0.0) -> int:
    """Every client plays its seats at random until the game is over (AI seats play on the
    server), taking steps back at ``undo_rate``; returns the moves these clients made."""
    deadline = time.monotonic() + GAME_S
    made = 0
    for _ in range(MAX_STEPS):
        assert time.monotonic() < deadline, "the game did not end in time"
        for c in clients:
            drain(c)
        if all(c.mirror.final is not None for c in clients):
            return made
        moved = False
        for c in rand.sample(clients, len(clients)):
            if play_one(c, rand, undo_rate):
                moved = True
                catch_up(clients, c)
        made += moved
        if not moved:  # the AI seats think on the server: wait for their moves
            clients[0].recv(0.05)
    raise AssertionError("the game did not end within the step limit")


class SeededDeals:
    """The hub's ``secrets`` with its deals (``randbelow``: the match's and the AI's seeds)
    drawn from a seeded generator, and its tokens and codes still from ``secrets``: with
    ``catch_up`` a test then plays the same game every run. A drawn deal made one test play
    games of 400 to 1,000 moves, its CPU swinging with them (issue 43)."""

    def __init__(self, seed: int) -> None:
        self.rand = random.Random(seed)

    def randbelow(self, n: int) -> int:
        return self.rand.randrange(n)

    def __getattr__(self, name: str) -> Any:
        return getattr(secrets, name)


def seeded_deals(monkeypatch: Any, seed: int) -> None:
    """The server's deals in this process from ``seed`` (``SeededDeals``), for one test."""
    from game.net import hub

    monkeypatch.setattr(hub, "secrets", SeededDeals(seed))


def catch_up(clients: list[TableClient], mover: TableClient) -> None:
    """Each client takes in the moves ``mover`` has seen before the next one decides: each
    then decides on the table as it is, and a seeded deal (``seeded_deals``) is one game
    whatever the timing."""
    for c in clients:
        if c is not mover:
            while c.mirror.n < mover.mirror.n:
                if c.recv(SYNC_S) is None:
                    raise AssertionError(f"a move did not reach a client in {SYNC_S} s")


def seats_in(msg: dict[str, Any]) -> list[int]:
    return [int(s) for s in msg["yours"]]


class FakeClock:
    """A clock a test moves by hand (the hub's ``clock``): no sleeping for time rules."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def on_loop(server: ServerThread, fn: Callable[[], Any]) -> Any:
    """Run ``fn`` on the server's event loop (the hub is not thread-safe) and return its
    result."""

    async def call() -> Any:
        return fn()

    assert server._loop is not None
    return asyncio.run_coroutine_threadsafe(call(), server._loop).result(10)


def fake_clock(server: ServerThread) -> FakeClock:
    """Give the running server's hub a clock the test moves."""
    hub = server.server.hub
    assert hub is not None
    clock = FakeClock(hub.clock())
    on_loop(server, lambda: setattr(hub, "clock", clock))
    return clock
