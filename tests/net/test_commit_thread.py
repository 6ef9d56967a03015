"""A group commit is written on the store writer's thread: while the disk flushes, the
server's event loop goes on serving (pings, another table's welcome and moves); a move is
acknowledged only after its own commit, and the moves that arrive meanwhile go in the next
one. A failed commit undoes its moves and the ones applied on top of them, nothing else; a
welcome waits for the commit of its table's moves, and shutdown for the commit in flight.

The store here is the real one, whose move commits can be held as a slow disk would hold
them, until the test lets them go (events, not timing)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from game.engine.moves import DRAW
from game.net import server as server_module
from game.net.ai_seats import AiRunner
from game.net.client import TableClient
from game.net.hub import Hub
from game.net.protocol import encode
from game.net.store import SqliteStore, StoreError
from game.net.store.base import NewMove
from tests.net.helpers import host, running_server
from tests.net.test_group_commit import Peer, _tables, landed

HOLD_S = 5.0  # a held commit gives up after this (old code: the loop would wait that long)
WAIT_S = 3.0  # the test's bound on anything it waits for while a commit is held


class HeldStore(SqliteStore):
    """The real SQLite store; while ``hold`` is set each move commit waits for ``go``
    (``holding`` says one waits); ``fail`` refuses the next one as a full disk would."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.hold, self.holding, self.go = threading.Event(), threading.Event(), threading.Event()
        self.fail = False
        self.commits: list[list[tuple[str, int]]] = []  # (match, idx) of each commit's moves

    def stage_moves(self, moves: list[NewMove], finished: list[str]) -> Callable[[], None]:
        """The group commit's way in: the statements here, the commit held on the writer."""
        commit = super().stage_moves(moves, finished)

        def held() -> None:
            if self.hold.is_set():
                self.holding.set()
                if not self.go.wait(HOLD_S):
                    fail_now("held past its bound")
            self.commits.append([(m[0], m[1]) for m in moves])
            if self.fail:
                self.fail = False
                fail_now("disk full")
            commit()

        def fail_now(why: str) -> None:  # as a disk that refuses the commit: rolled back
            self.db.execute("ROLLBACK")
            self.idle.set()
            raise StoreError(why)

        return held

    def add_moves(self, moves: list[NewMove], finished: list[str]) -> None:
        """A commit in one step (the group commit before the writer thread: the test's
        checks then fail on the old code, not its set-up)."""
        if self.hold.is_set():
            self.holding.set()
            if not self.go.wait(HOLD_S):
                raise StoreError("held past its bound")
        self.commits.append([(m[0], m[1]) for m in moves])
        if self.fail:
            self.fail = False
            raise StoreError("disk full")
        super().add_moves(moves, finished)


def _unread(client: TableClient) -> list[dict[str, Any]]:
    """The messages already waiting for ``client`` (none is waited for)."""
    got = []
    while (msg := client.recv(0.0)) is not None:
        got.append(msg)
    return got


def test_the_loop_serves_other_tables_while_a_commit_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "m.db"
    store = HeldStore(db)
    monkeypatch.setattr(
        server_module, "open_store", lambda _db, durable=True, ai_lease_s=None: store
    )
    with running_server(db) as server:
        a = host(server.url, ("human", "human"), [0, 1])
        b = host(server.url, ("human", "human"), [0, 1])
        b_welcome = b.mirror
        b_match, b_tokens = b_welcome.match, list(b_welcome.tokens.values())
        store.hold.set()
        try:
            a.play(0, DRAW)
            assert store.holding.wait(WAIT_S), "the move's commit did not start"
            # the commit is being written (held): the server goes on serving meanwhile
            assert b.ws.ping().wait(WAIT_S), "no pong while a commit was written"
            again = TableClient(server.url, timeout=WAIT_S)
            again.resume(b_match, b_tokens)
            assert again.wait_type("welcome")["type"] == "welcome"
            again.play(0, DRAW)  # taken, and waits for the next commit
            assert a.ws.ping().wait(WAIT_S)  # and still answers
            assert not [m for m in _unread(a) if m["type"] in ("ack", "events")]
            assert not [m for m in _unread(again) if m["type"] in ("ack", "events")]
            assert store.commits == []
        finally:
            store.go.set()
        assert a.wait_type("ack")["n"] == 1
        assert again.wait_type("ack")["n"] == 1
        assert store.commits == [[(a.mirror.match, 0)], [(b_match, 0)]]  # the next commit
        for c in (a, b, again):
            c.close()


async def commit_started(store: HeldStore) -> None:
    """Until the held store's commit has begun (bounded by ``WAIT_S``)."""
    for _ in range(int(WAIT_S / 0.005)):
        if store.holding.is_set():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the commit did not start")


def test_a_failed_commit_undoes_the_moves_on_top_of_it_and_nothing_else(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        store = HeldStore(tmp_path / "m.db")
        hub = Hub(store, AiRunner(0))
        x, y = _tables(hub)[:2]
        was = x.match.game.to_json()
        store.hold.set()
        hub.receive(x, encode({"type": "play", "seat": 0, "seq": 0, "move": DRAW.to_json()}))
        await commit_started(store)
        # while it is written: x's other seat moves on top of it, and y moves
        hub.receive(x, encode({"type": "play", "seat": 1, "seq": 0, "move": DRAW.to_json()}))
        hub.receive(y, encode({"type": "play", "seat": 0, "seq": 0, "move": DRAW.to_json()}))
        store.fail = True
        store.go.set()
        await landed(hub)
        assert store.commits == [[(x.match.id, 0)], [(y.match.id, 0)]]
        refused = [(e["code"], e["seat"]) for e in x.of("error")]
        assert refused == [("storage", 0), ("storage", 1)]
        assert not x.of("ack") and not x.of("events")  # nobody heard of x's moves
        assert x.match.game.to_json() == was and x.match.own == [0, 0]
        assert store.load(x.match.id).moves == [] and x.match.stored.moves == []
        assert [a["n"] for a in y.of("ack")] == [1]  # y's move was not on top of them
        assert store.load(y.match.id).moves == [(0, DRAW)] == y.match.stored.moves
        hub.close()

    asyncio.run(asyncio.wait_for(scenario(), 20))


def test_a_welcome_waits_for_its_tables_commit_in_flight_and_told_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = HeldStore(tmp_path / "m.db")
        hub = Hub(store, AiRunner(0))
        peer = _tables(hub)[0]
        match, tokens = peer.match, peer.of("welcome")[0]["tokens"]
        store.hold.set()
        hub.receive(peer, encode({"type": "play", "seat": 0, "seq": 0, "move": DRAW.to_json()}))
        await commit_started(store)
        hub.receive(peer, encode({"type": "play", "seat": 1, "seq": 0, "move": DRAW.to_json()}))
        threading.Timer(0.05, store.go.set).start()  # the disk finishes while the hub waits
        other = Peer("again")
        resume = {"type": "resume", "match": match.id, "tokens": list(tokens.values())}
        hub.receive(other, encode(resume))
        assert other.of("welcome")[0]["n"] == len(store.load(match.id).moves) == 2
        await landed(hub)
        await asyncio.sleep(0.05)  # the commit's own landing comes after: it tells nothing
        assert [a["n"] for a in peer.of("ack")] == [1, 2]
        assert [e["n"] for e in other.of("events")] == []
        hub.close()

    asyncio.run(asyncio.wait_for(scenario(), 20))


def test_shutdown_waits_for_the_commit_in_flight(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = HeldStore(tmp_path / "m.db")
        hub = Hub(store, AiRunner(0))
        peer = _tables(hub)[0]
        match_id = peer.match.id
        store.hold.set()
        hub.receive(peer, encode({"type": "play", "seat": 0, "seq": 0, "move": DRAW.to_json()}))
        await commit_started(store)
        threading.Timer(0.05, store.go.set).start()
        hub.close()  # waits for the commit, tells its move, then closes the store
        assert [a["n"] for a in peer.of("ack")] == [1]
        again = SqliteStore(tmp_path / "m.db")
        assert again.load(match_id).moves == [(0, DRAW)]
        again.close()

    asyncio.run(asyncio.wait_for(scenario(), 20))


def test_a_staged_transaction_keeps_every_other_use_of_the_store_waiting(tmp_path: Path) -> None:
    """The group commit's statements run on the loop's thread and its commit on the
    writer's: in between, a table created (or anything else) waits for the commit instead
    of writing into the open transaction."""
    store = SqliteStore(tmp_path / "m.db")

    async def seat_one() -> tuple[str, int]:
        hub = Hub(store, AiRunner(0))
        peer = _tables(hub)[0]
        hub.group.close()  # nothing waits; the store stays open for the test
        return peer.match.id, peer.match.version

    match_id, version = asyncio.run(seat_one())
    commit = store.stage_moves([(match_id, 0, 0, DRAW, version)], [])
    answered = threading.Event()
    other = threading.Thread(target=lambda: (store.code_taken("ABCDEFGH"), answered.set()))
    other.start()
    assert not answered.wait(0.2)  # it waits for the commit
    commit()
    assert answered.wait(WAIT_S)
    other.join(WAIT_S)
    assert store.load(match_id).moves == [(0, DRAW)]
    store.close()


def test_a_commit_the_writer_cannot_take_is_made_at_once(tmp_path: Path) -> None:
    """The interpreter exiting (the writer refuses new work): the staged transaction is
    committed on the loop's thread, never left open (the store would wait for it forever)."""

    async def scenario() -> None:
        store = SqliteStore(tmp_path / "m.db")
        hub = Hub(store, AiRunner(0))
        peer = _tables(hub)[0]
        gone = ThreadPoolExecutor(1)
        gone.shutdown()
        hub.group._writer = gone  # as at the interpreter's exit
        hub.receive(peer, encode({"type": "play", "seat": 0, "seq": 0, "move": DRAW.to_json()}))
        await landed(hub)
        assert [a["n"] for a in peer.of("ack")] == [1]
        assert store.load(peer.match.id).moves == [(0, DRAW)]  # and the store is usable
        hub.close()

    asyncio.run(asyncio.wait_for(scenario(), 20))
