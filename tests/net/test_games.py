"""Whole games over real sockets on 127.0.0.1: 2 and 4 clients with AI seats play to the
end; every byte each client received is scanned for what its seat may not know; a client
that drops mid-round rejoins with its token and the game goes on."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.engine import new_game
from game.net import redact
from game.net.client import TableClient
from tests.net.helpers import (
    drain,
    host,
    join,
    play_one,
    play_to_end,
    running_server,
    seeded_deals,
)
from tests.net.leaks import ai_seed, leaks, secrets_of


def final_result(client: TableClient, players: int) -> list[int]:
    """The winners of the finished match, replayed from what the server sent at the end."""
    final = client.mirror.final
    assert final is not None
    g = new_game(players, final.seed, final.first)
    for seat, move in final.moves:
        g.play(seat, move)
    assert g.over and client.mirror.game is not None and client.mirror.game.over
    return list(g.result().winners)


def check_no_leaks(db: Path, clients: list[TableClient], players: int) -> int:
    final = clients[0].mirror.final
    assert final is not None
    secrets = secrets_of(players, final.seed, final.first, final.moves)
    secrets.add(str(ai_seed(db, clients[0].mirror.match)))
    assert len(secrets) > 5  # the game had hidden orders to keep
    for c in clients:
        assert c.received and leaks(c.received, secrets) == []
    return len(secrets)


def test_two_clients_and_an_ai_seat_play_a_whole_game_and_learn_nothing_hidden(
    tmp_path: Path,
) -> None:
    db = tmp_path / "m.db"
    with running_server(db) as server:
        a = host(server.url, ("human", "human", "easy"), [0], keep=True)
        b = join(server.url, a.mirror.code, 1, keep=True)
        assert a.mirror.yours == [0] and b.mirror.yours == [1]
        play_to_end([a, b], random.Random(1), undo_rate=0.3)
        assert final_result(a, 3) == final_result(b, 3)
        check_no_leaks(db, [a, b], 3)  # the tables sent at each step taken back too
        assert all(any('"type":"undone"' in t for t in c.received) for c in (a, b))
        for c in (a, b):
            c.close()


def test_four_clients_one_of_them_hot_seat_play_to_the_end(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with running_server(db) as server:
        a = host(server.url, ("human", "human", "human", "medium"), [0, 1], keep=True)
        b = join(server.url, a.mirror.code, 2, keep=True)
        assert a.mirror.yours == [0, 1]
        play_to_end([a, b], random.Random(2))
        check_no_leaks(db, [a, b], 4)
        a.close()
        b.close()


def test_the_scan_finds_a_reshuffles_order_when_redaction_is_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scan is not blind: without the redaction, the reshuffled piles' orders reach
    the clients and the scan says so."""
    monkeypatch.setattr(redact, "HIDDEN_ORDERS", {})
    db = tmp_path / "m.db"
    with running_server(db) as server:
        a = host(server.url, ("human", "easy"), [0], keep=True)
        play_to_end([a], random.Random(3))
        final = a.mirror.final
        assert final is not None
        found = leaks(a.received, secrets_of(2, final.seed, final.first, final.moves))
        assert found
        a.close()


def test_a_client_that_drops_mid_round_rejoins_with_its_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded_deals(monkeypatch, 4)  # one game every run (it was 400 to 1,000 moves)
    db = tmp_path / "m.db"
    rand = random.Random(4)
    with running_server(db) as server:
        a = host(server.url, ("human", "human"), [0])
        b = join(server.url, a.mirror.code, 1)
        assert play_one(b, rand)  # b starts drawing (round 1's draw phase: a has not yet)
        drain(a)
        before = a.mirror.game.to_json()
        token, match = b.mirror.tokens[1], b.mirror.match
        b.close()
        a.wait_for(lambda m: m["type"] == "presence" and m["connected"] == [True, False])
        assert play_one(a, rand)  # the table goes on without it where it can
        b2 = TableClient(server.url)
        b2.resume(match, [token])
        welcome = b2.wait_type("welcome")
        assert welcome["type"] == "welcome" and welcome["yours"] == [1]
        assert "tokens" not in welcome  # a token is handed out once, at the join
        drain(a)
        assert b2.mirror.game.to_json() == a.mirror.game.to_json() != before
        assert len(b2.mirror.log) == len(a.mirror.log)
        play_to_end([a, b2], rand)
        assert a.mirror.final is not None and b2.mirror.final is not None
        a.close()
        b2.close()
