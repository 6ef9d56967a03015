"""Group commit: the moves that arrive while the server's loop is busy are stored in one
transaction (one disk flush), and each is acknowledged and told only after it; a commit that
fails undoes its moves, refuses their movers and tells nobody of them."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.engine import new_game
from game.engine.moves import DRAW
from game.net.ai_seats import AiRunner
from game.net.hub import Client, Hub
from game.net.limits import Limits
from game.net.protocol import encode
from game.net.store import SqliteStore, StoreError
from game.net.store.base import NewMove

TABLES = 3


class Peer(Client):
    """A connection without a socket: what the hub sends it, in order."""

    def __init__(
        self, name: str, limits: Limits | None = None, clock: Callable[[], float] = lambda: 0.0
    ) -> None:
        super().__init__(name, limits or Limits(), clock)
        self.got: list[dict[str, Any]] = []
        self.closed: tuple[int, str] | None = None
        self.closes = 0  # how many times the hub asked to close it

    def push(self, text: str) -> None:
        self.got.append(json.loads(text))

    def close_soon(self, code: int, reason: str) -> None:
        self.closed = (code, reason)
        self.closes += 1

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.got if m["type"] == kind]


class CountingStore(SqliteStore):
    """The real SQLite store, counting the transactions that store moves; ``fail`` makes
    the next one raise as a full disk would."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.transactions = 0
        self.fail = False

    def add_moves(self, moves: list[NewMove], finished: list[str]) -> None:
        self.transactions += 1
        if self.fail:
            self.fail = False
            raise StoreError("disk full")
        super().add_moves(moves, finished)

    def stage_moves(self, moves: list[NewMove], finished: list[str]) -> Callable[[], None]:
        """The group commit's way in (its statements here, its commit on the writer)."""
        self.transactions += 1
        if self.fail:
            self.fail = False
            raise StoreError("disk full")
        return super().stage_moves(moves, finished)


async def landed(hub: Hub) -> None:
    """Until no move waits for a commit and none is being written (bounded)."""
    for _ in range(2000):
        if not hub.group.waiting and getattr(hub.group, "running", None) is None:
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the group commit did not land in 10 s")


def _tables(hub: Hub) -> list[Peer]:
    peers = []
    for i in range(TABLES):
        peer = Peer(f"peer{i}")
        seats = [{"name": "Ana", "kind": "human"}, {"name": "Bo", "kind": "human"}]
        hub.receive(peer, encode({"type": "create", "seats": seats, "mine": [0, 1]}))
        assert peer.of("welcome"), peer.got
        peers.append(peer)
    return peers


def _draw_everywhere(hub: Hub, peers: list[Peer]) -> None:
    """Both seats of every table draw, all within one turn of the loop."""
    for peer in peers:
        for seat in (0, 1):
            play = {"type": "play", "seat": seat, "seq": 0, "move": DRAW.to_json()}
            hub.receive(peer, encode(play))


def test_moves_of_many_tables_share_one_commit_and_are_told_after_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = CountingStore(tmp_path / "m.db")
        hub = Hub(store, AiRunner(0))
        peers = _tables(hub)
        _draw_everywhere(hub, peers)
        assert all(not p.of("ack") and not p.of("events") for p in peers)  # not stored yet
        await landed(hub)
        assert store.transactions == 1  # six moves, one transaction
        for peer in peers:
            assert [(a["seat"], a["n"]) for a in peer.of("ack")] == [(0, 1), (1, 2)]
            assert [m["n"] for m in peer.of("events")] == [1, 2]
            stored = store.load(peer.match.id)
            assert stored.moves == [(0, DRAW), (1, DRAW)]
            assert stored.moves == peer.match.stored.moves
        hub.close()

    asyncio.run(asyncio.wait_for(scenario(), 10))


def test_a_failed_commit_undoes_its_moves_and_refuses_them(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = CountingStore(tmp_path / "m.db")
        hub = Hub(store, AiRunner(0))
        peers = _tables(hub)
        before = [p.match.game.to_json() for p in peers]
        store.fail = True
        _draw_everywhere(hub, peers)
        await landed(hub)
        for peer, was in zip(peers, before, strict=True):
            assert [e["code"] for e in peer.of("error")] == ["storage", "storage"]
            assert not peer.of("ack") and not peer.of("events")  # nobody heard of them
            assert peer.match.game.to_json() == was
            assert peer.match.own == [0, 0] and store.load(peer.match.id).moves == []
        _draw_everywhere(hub, peers)  # sent again, the same moves are taken
        await landed(hub)
        for peer in peers:
            assert [a["n"] for a in peer.of("ack")] == [1, 2]
            game = new_game(2, peer.match.stored.seed, peer.match.stored.first)
            for seat, move in store.load(peer.match.id).moves:
                game.play(seat, move)
            assert game.to_json() == peer.match.game.to_json()
        hub.close()

    asyncio.run(asyncio.wait_for(scenario(), 10))


def test_a_welcome_holds_only_stored_moves(tmp_path: Path) -> None:
    """A client that resumes while moves wait for their commit is welcomed after it."""

    async def scenario() -> None:
        store = CountingStore(tmp_path / "m.db")
        hub = Hub(store, AiRunner(0))
        peer = _tables(hub)[0]
        match, tokens = peer.match, peer.of("welcome")[0]["tokens"]
        _draw_everywhere(hub, [peer])
        other = Peer("again")
        resume = {"type": "resume", "match": match.id, "tokens": list(tokens.values())}
        hub.receive(other, encode(resume))
        assert store.transactions == 1  # flushed before the welcome
        assert other.of("welcome")[0]["n"] == len(store.load(match.id).moves) == 2
        hub.close()

    asyncio.run(asyncio.wait_for(scenario(), 10))
