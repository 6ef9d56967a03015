"""Several server processes over one PostgreSQL database, over real sockets on 127.0.0.1:
the clients of one match spread over two processes play it to the end; one process is
SIGKILLed mid-game, its clients resume on the other, which also takes over the AI seat,
and the game ends with every told move in place; two processes race to apply a move of
the same seat and exactly one wins every time."""

from __future__ import annotations

import json
import os
import random
import statistics
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

pytest.importorskip("psycopg", reason="psycopg is not installed")

import psycopg  # noqa: E402

from game.devtools.pg_cluster import PgCluster  # noqa: E402
from game.engine import Move, new_game  # noqa: E402
from game.net.client import TableClient  # noqa: E402
from game.net.redact import view_json  # noqa: E402
from tests.net.helpers import GAME_S, drain, host, join  # noqa: E402
from tests.net.server_process import ServerProcess, free_port  # noqa: E402

SYNC_S = 5.0  # the most a move may take to reach the clients on the other process
STEPS = 3000  # the most moves a test loop makes (a game takes a few hundred)


LEASE_S = "2.5"  # the AI lease a killed process leaves (the shipped 5 s, waited for nothing)


@contextmanager
def servers(url: str, count: int = 2) -> Iterator[list[ServerProcess]]:
    procs = [
        ServerProcess(url, free_port(), extra=("--ai-lease-s", LEASE_S))  # type: ignore[arg-type]
        for _ in range(count)
    ]
    try:
        for p in procs:
            p.start()
        yield procs
    finally:
        for p in procs:
            p.kill()


Shared = tuple[str, list[ServerProcess]]  # a database's URL and two servers over it


@pytest.fixture(scope="module")
def shared(pg_cluster: PgCluster) -> Iterator[Shared]:
    """Two server processes over one database, for the tests that kill neither: each plays
    a match of its own (and reads the database by its match id), so the processes start
    once for them all (issue 43)."""
    url = pg_cluster.create_database(f"servers{os.getpid()}")
    with servers(url) as procs:
        yield url, procs


def running(shared: Shared) -> Shared:
    url, procs = shared
    for p in procs:
        assert p.proc is not None and p.proc.poll() is None, "a shared server process ended"
    return url, procs


def resume(url: str, match: str, tokens: list[str]) -> TableClient:
    client = TableClient(url)
    client.keep = True
    client.resume(match, tokens)
    welcome = client.wait_type("welcome")
    assert welcome["type"] == "welcome", welcome
    return client


def sync(clients: list[TableClient], n: int) -> float:
    """Wait until every client has been told move ``n``; the seconds it took."""
    started = time.monotonic()
    for c in clients:
        if c.mirror.n < n and c.mirror.final is None:
            c.wait_for(lambda m, c=c: c.mirror.n >= n, SYNC_S)
    return time.monotonic() - started


def send(client: TableClient, seat: int, move: Move, seq: int) -> dict:
    """Play ``move``; the reply (ack or error). The servers keep their default message
    rate cap (20 a second per connection), faster than people play but slower than this
    script: told to slow down (said once a second; what else it drops is not answered), it
    waits a second, as the bucket refills, and sends again."""
    for _ in range(10):
        client.play(seat, move, seq)
        reply = client.wait_for(lambda m: m["type"] in ("ack", "error"))
        if reply.get("code") != "rate_limited":
            return reply
        time.sleep(1.0)
    raise AssertionError("rate limited for ten seconds")


class Table:
    """Clients of one match (on any process) playing random legal moves, one at a time,
    each move waited for on every client; what each was told is kept."""

    def __init__(self, clients: list[TableClient], rand: random.Random) -> None:
        self.clients, self.rand = clients, rand
        self.acks: list[tuple[int, int]] = []  # (seat, seq) of every acknowledged move
        self.lags: list[float] = []  # seconds from the ack to the last client told

    def step(self) -> bool:
        for c in self.clients:
            drain(c)
        movers = [
            (c, s)
            for c in self.clients
            for s in c.mirror.yours
            if c.mirror.game is not None and not c.mirror.game.over and c.mirror.game.legal_moves(s)
        ]
        if not movers:
            return False
        c, seat = self.rand.choice(movers)
        seq = c.mirror.seq[seat]
        reply = send(c, seat, self.rand.choice(c.mirror.game.legal_moves(seat)), seq)
        assert reply["type"] == "ack", reply
        self.acks.append((seat, seq))
        self.lags.append(sync(self.clients, reply["n"]))
        return True

    def play_to_end(self, until: float) -> None:
        for _ in range(STEPS):
            assert time.monotonic() < until, "the game did not end in time"
            if all(c.mirror.final is not None for c in self.clients):
                return
            if not self.step():  # the AI seat thinks on its server
                self.clients[0].recv(0.05)
        raise AssertionError("the game did not end within the step limit")

    def check_final(self, url: str, players: int) -> None:
        finals = [c.mirror.final for c in self.clients]
        assert all(f is not None and f.moves == finals[0].moves for f in finals)
        g = new_game(players, finals[0].seed, finals[0].first)
        for seat, move in finals[0].moves:
            g.play(seat, move)
        assert g.over
        results = {str(c.mirror.game.result()) for c in self.clients}
        assert results == {str(g.result())}
        assert len(set(self.acks)) == len(self.acks)  # no (seat, seq) acknowledged twice
        match = self.clients[0].mirror.match
        with psycopg.connect(url) as conn:
            sql = "SELECT COUNT(*) FROM moves WHERE match = %s"
            (stored,) = conn.execute(sql, (match,)).fetchone()
        assert stored == len(finals[0].moves)  # nothing stored twice, nothing lost


def test_clients_spread_over_two_processes_play_one_match_to_the_end(shared: Shared) -> None:
    pg_url, (p1, p2) = running(shared)
    a = host(p1.url, ("human", "human", "human", "easy"), [0], keep=True)
    b = join(p2.url, a.mirror.code, 1, keep=True)
    c = join(p2.url, a.mirror.code, 2, keep=True)
    table = Table([a, b, c], random.Random(11))
    table.play_to_end(time.monotonic() + GAME_S)
    table.check_final(pg_url, 4)
    assert len(table.acks) > 50
    # the other process hears of a move at once (NOTIFY), not at its periodic check
    assert statistics.median(table.lags) < 0.5, statistics.median(table.lags)
    for client in (a, b, c):
        client.close()


def test_a_killed_process_loses_nothing_and_the_other_finishes_the_match(pg_url: str) -> None:
    rand = random.Random(12)
    with servers(pg_url) as (p1, p2):
        a = host(p1.url, ("human", "human", "human", "easy"), [0], keep=True)  # p1 runs the AI
        b = join(p2.url, a.mirror.code, 1, keep=True)
        c = join(p1.url, a.mirror.code, 2, keep=True)
        table = Table([a, b, c], rand)
        for _ in range(40):  # a stretch of play, then p1 dies
            if not table.step():
                a.recv(0.05)
        told = [(c.mirror.n, list(c.mirror.log)) for c in (a, b, c)]
        p1.kill()
        a = resume(p2.url, a.mirror.match, [a.mirror.tokens[0]])
        c = resume(p2.url, c.mirror.match, [c.mirror.tokens[2]])
        assert a.mirror.n >= told[0][0] and c.mirror.n >= told[2][0]
        table.clients = [a, b, c]
        table.play_to_end(time.monotonic() + GAME_S)  # p2 takes over the AI seat's lease
        table.check_final(pg_url, 4)
        for before_n, before_log in told:  # every move told before the kill is in place
            assert a.mirror.log[: len(before_log)] == before_log and before_n <= len(
                a.mirror.final.moves
            )
        for client in (a, b, c):
            client.close()


def race(clients: list[TableClient], seat: int, rand: random.Random) -> list[dict]:
    """Both clients send their own move for ``seat`` at the same instant; the replies."""
    seq = clients[0].mirror.seq[seat]
    moves = [rand.choice(c.mirror.game.legal_moves(seat)) for c in clients]
    barrier = threading.Barrier(len(clients))
    replies: list[dict] = [{} for _ in clients]

    def send(i: int) -> None:
        barrier.wait(5)
        clients[i].play(seat, moves[i], seq)
        replies[i] = clients[i].wait_for(lambda m: m["type"] in ("ack", "error"))

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(clients))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    return replies


def test_two_processes_racing_to_apply_a_move_never_both_win(shared: Shared) -> None:
    rand = random.Random(13)
    pg_url, (p1, p2) = running(shared)
    a = host(p1.url, ("human", "human"), [0], keep=True)
    twin = resume(p2.url, a.mirror.match, [a.mirror.tokens[0]])  # seat 0 on both
    b = join(p2.url, a.mirror.code, 1, keep=True)
    clients = [a, twin, b]
    races = 0
    deadline = time.monotonic() + GAME_S
    for _ in range(STEPS):
        assert time.monotonic() < deadline
        for c in clients:
            drain(c)
        game = a.mirror.game
        if game.over or races >= 40:
            break
        if game.legal_moves(0):
            replies = race([a, twin], 0, rand)
            kinds = sorted(r.get("type", "none") for r in replies)
            assert kinds == ["ack", "error"], replies
            assert next(r for r in replies if r["type"] == "error")["code"] == "replayed"
            sync(clients, next(r for r in replies if r["type"] == "ack")["n"])
            races += 1
        elif game.legal_moves(1):
            reply = send(b, 1, rand.choice(b.mirror.game.legal_moves(1)), b.mirror.seq[1])
            assert reply["type"] == "ack", reply
            sync(clients, reply["n"])
    assert races >= 20
    with psycopg.connect(pg_url) as conn:
        sql = "SELECT COUNT(*) FROM moves WHERE match = %s AND seat = 0"
        seat0 = conn.execute(sql, (a.mirror.match,)).fetchone()[0]
    assert seat0 == races == a.mirror.seq[0] == twin.mirror.seq[0]  # one move per race
    for c in clients:
        c.close()


def test_a_step_taken_back_on_one_process_reaches_the_clients_on_the_other(shared: Shared) -> None:
    """Seat 0 plays on one process, seat 1 on the other: what may be taken back is told on
    both; a take-back made through one is stored and reaches the other's client as the
    table stands (its view as before the step); play goes on, and the stored moves replay
    to exactly what each client sees."""
    from tests.net.test_undo import choose_of, deciding, undo  # noqa: PLC0415

    rand = random.Random(14)
    pg_url, (p1, p2) = running(shared)
    a = host(p1.url, ("human", "human"), [0], keep=True)
    b = join(p2.url, a.mirror.code, 1, keep=True)
    clients = {0: a, 1: b}
    table = Table([a, b], rand)
    undone = 0
    deadline = time.monotonic() + GAME_S
    for _ in range(STEPS):
        assert time.monotonic() < deadline, "three take-backs did not come in time"
        if undone >= 3:
            break
        for c in (a, b):
            drain(c)
        now = deciding(clients)
        game = a.mirror.game
        assert not game.over, "the game ended before three take-backs"
        legal = game.legal_moves(now[0]) if now is not None else []
        if now is None or now[1].value != "action" or PASS_ONLY(legal):
            if not table.step():
                a.recv(0.05)
            continue
        seat = now[0]
        me, other = clients[seat], clients[1 - seat]
        before = (other.mirror.game.to_json(), other.mirror.n)
        reply = send(me, seat, choose_of(me, seat), me.mirror.seq[seat])
        assert reply["type"] == "ack", reply
        sync([a, b], reply["n"])
        if me.mirror.back != (seat, 1):  # the choice ended the turn by itself
            continue
        assert other.mirror.back == (seat, 1)  # told by the other process too
        assert undo(me, seat)["type"] == "ack"
        other.wait_for(lambda m, o=other, n=before[1]: o.mirror.n == n, 3 * SYNC_S)
        assert (other.mirror.game.to_json(), other.mirror.n) == before
        assert other.mirror.back is None and me.mirror.back is None
        undone += 1
        if not table.step():  # something else this time
            a.recv(0.05)
    for _ in range(20):  # play goes on from the tables as they stand
        if not table.step():
            a.recv(0.05)
    with psycopg.connect(pg_url) as conn:
        match = (a.mirror.match,)
        sql = "SELECT players, seed, first FROM matches WHERE id = %s"
        setup = conn.execute(sql, match).fetchone()
        sql = "SELECT seat, move FROM moves WHERE match = %s ORDER BY idx"
        rows = conn.execute(sql, match).fetchall()
    sync([a, b], len(rows))
    g = new_game(*setup)  # the stored moves replay to what each client sees
    for seat, text in rows:
        g.play(seat, Move.from_json(json.loads(text)))
    for seat, c in clients.items():
        assert c.mirror.n == len(rows) and view_json(g, seat) == c.mirror.game.to_json()
    for c in (a, b):
        c.close()


def PASS_ONLY(legal: list) -> bool:  # noqa: N802
    """No action left to choose (only Pass)."""
    return not any(m.kind == "choose_action" for m in legal)
