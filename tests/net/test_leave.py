"""Leave table (``leave``): the server forgets the leaver's seats, which an AI plays from
then on or which stay open for someone to join (the host's ``left_seat``), across a
restart of the server too; the leaver is answered ``bye``/``left``. A server that stops
says so first (``bye``): ``restart`` from a dedicated server, ``host_left`` from the app's.
Presence carries the away times for the table's countdown."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.net.client import TableClient
from game.net.protocol import Leave, ProtocolError, encode, parse_client
from game.net.server import ServerThread
from tests.net.helpers import FAST, LOCAL, drain, join, play_one, running_server, seats


def create(url: str, left: str | None, away: int = 0) -> TableClient:
    a = TableClient(url)
    msg = {"type": "create", "seats": seats("human", "human"), "mine": [0], "away_ai_s": away}
    if left is not None:
        msg["left_seat"] = left
    a.send(msg)
    assert a.wait_type("welcome")["type"] == "welcome"
    return a


def test_leave_and_left_seat_are_checked() -> None:
    assert parse_client(encode({"type": "leave"})) == Leave()
    with pytest.raises(ProtocolError):
        parse_client(encode({"type": "leave", "seat": 1}))
    create_msg = {"type": "create", "seats": seats("human", "human"), "mine": [0]}
    for bad in ("bot", 1, ["ai"], None):
        with pytest.raises(ProtocolError):
            parse_client(encode({**create_msg, "left_seat": bad}))
    assert parse_client(encode(create_msg)).left_seat == "ai"  # old clients: the default


def test_a_seat_left_is_played_by_the_ai_from_then_on(tmp_path: Path) -> None:
    rand = random.Random(3)
    with running_server(tmp_path / "m.db") as server:
        a = create(server.url, None)
        b = join(server.url, a.mirror.code, 1)
        token, match = b.mirror.tokens[1], b.mirror.match
        b.send({"type": "leave"})
        assert b.wait_type("bye")["reason"] == "left"
        told = a.wait_for(lambda m: m["type"] == "presence" and m["seats"][1]["kind"] != "human")
        assert told["seats"][1] == {"name": "Bo", "kind": "medium"} and told["connected"][1]
        for _ in range(200):  # bounded: seat 1's moves come from the AI now
            drain(a)
            if a.mirror.n - a.mirror.seq[0] > 0:
                break
            if not play_one(a, rand):
                a.recv(0.1)
        assert a.mirror.n - a.mirror.seq[0] > 0
        b2 = TableClient(server.url)
        b2.resume(match, [token])
        assert b2.wait_type("welcome")["code"] == "bad_token"  # the seat is not theirs now
        for c in (a, b, b2):
            c.close()
    with running_server(tmp_path / "m.db") as server:  # and so after a restart
        stored = server.server.hub.matches[match].stored
        assert stored.seats[1].kind == "medium" and 1 not in stored.tokens


def test_a_seat_left_open_is_taken_by_the_next_to_join(tmp_path: Path) -> None:
    with running_server(tmp_path / "m.db") as server:
        a = create(server.url, "open")
        b = join(server.url, a.mirror.code, 1)
        b.send({"type": "leave"})
        assert b.wait_type("bye")["reason"] == "left"
        a.wait_for(lambda m: m["type"] == "presence" and m["connected"] == [True, False])
        c = join(server.url, a.mirror.code, 1)  # the seat is free again
        assert c.mirror.yours == [1] and c.mirror.seats[1].kind == "human"
        for x in (a, b, c):
            x.close()


def test_a_dedicated_server_says_it_restarts_and_presence_counts_down(tmp_path: Path) -> None:
    server = ServerThread(tmp_path / "m.db", LOCAL, 0, limits=FAST)
    server.start()
    try:
        a = create(server.url, None, away=60)
        told = a.wait_for(lambda m: m["type"] == "presence")
        assert told["away_ai_s"] == 60 and 0 <= told["away"]["1"] < 5  # seat 1: nobody yet
    finally:
        server.stop()
    assert a.wait_type("bye")["reason"] == "restart"
    a.close()
