"""Hostile clients over real sockets: each bad message gets a clear error, changes nothing,
and the server goes on serving everyone else."""

from __future__ import annotations

import contextlib
import json
import random
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from game.engine import Phase
from game.engine.moves import DRAW, PASS, STOP
from game.net.client import TableClient
from game.net.limits import Limits
from game.net.protocol import MAX_MESSAGE
from game.net.server import ServerThread
from tests.net.helpers import drain, host, join, play_one, running_server, seats


def state(server: ServerThread, match: str) -> tuple[int, dict]:
    hub = server.server.hub
    assert hub is not None
    m = hub.matches[match]
    return m.moves, m.game.to_json()


def error(client: TableClient) -> dict:
    msg = client.wait_for(lambda m: m["type"] in ("error", "ack", "welcome"))
    assert msg["type"] == "error", msg
    assert msg["text"]  # a sentence for people, beside the code for programs
    return msg


@pytest.fixture
def table(tmp_path: Path):
    with running_server(tmp_path / "m.db") as server:
        a = host(server.url, ("human", "human"), [0])
        b = join(server.url, a.mirror.code, 1)
        yield server, a, b
        a.close()
        b.close()


BAD = [
    ("{not json", "bad_json"),
    ("[1, 2]", "bad_message"),
    ('{"v": 1}', "bad_message"),
    ('{"v": 99, "type": "play"}', "bad_version"),
    ('{"v": 1, "type": "shout"}', "unknown_type"),
    ('{"v": 1, "type": "play", "seat": 0, "seq": 0}', "bad_message"),
    ('{"v": 1, "type": "play", "seat": true, "seq": 0, "move": {"kind": "draw"}}', "bad_message"),
    ('{"v": 1, "type": "play", "seat": 0, "seq": 0, "move": {"kind": "win"}}', "bad_move"),
    (
        '{"v": 1, "type": "play", "seat": 0, "seq": 0, "move": {"kind": "draw"}, "x": 1}',
        "bad_message",
    ),
    ('{"v": 1, "type": "play", "seat": 0, "seq": NaN, "move": {"kind": "draw"}}', "bad_json"),
    ('{"v": 1, "type": "resume", "match": "../etc", "tokens": ["x"]}', "bad_message"),
    ('{"v": 1, "type": "create", "seats": [], "mine": []}', "bad_seats"),
    (
        json.dumps({"v": 1, "type": "create", "seats": seats("human", "easy"), "mine": []}),
        "already_joined",
    ),
    ("[" * 100_0 + "]" * 100_0, "bad_json"),
    ("x" * (MAX_MESSAGE + 1), "too_large"),
    (b"\x00\x01binary", "bad_json"),
]


def stop_drawing(client: TableClient, seat: int) -> None:
    """Stop (drawing first where the rules want a card) until the seat has stopped."""
    for _ in range(40):
        drain(client)
        game = client.mirror.game
        legal = game.legal_moves(seat)
        if not legal or game.phase is not Phase.DRAW:  # stopped (perhaps forced by a draw)
            return
        client.play(seat, STOP if STOP in legal else DRAW)
        reply = client.wait_type("ack")
        assert reply["type"] == "ack", reply
        n = reply["n"]
        client.wait_for(lambda m, n=n: m["type"] == "events" and m["n"] == n)
    raise AssertionError("the seat never stopped drawing")


def test_malformed_and_oversized_messages_are_refused_and_change_nothing(table) -> None:
    server, a, b = table
    before = state(server, a.mirror.match)
    for raw, code in BAD:
        a.send_raw(raw)
        assert error(a)["code"] == code, raw[:40]
    assert state(server, a.mirror.match) == before
    assert play_one(a, random.Random(1))  # the connection still plays


def test_a_frame_over_the_socket_limit_closes_only_that_connection(table) -> None:
    server, a, b = table
    a.send_raw("x" * (70 * 1024))
    with pytest.raises(ConnectionClosed) as closed:
        a.wait_for(lambda m: False, timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # message too big
    assert play_one(b, random.Random(2))


def test_stale_replayed_out_of_turn_and_foreign_moves_are_refused(table) -> None:
    server, a, b = table
    play = {"type": "play", "seat": 0, "seq": 0, "move": DRAW.to_json()}
    a.send(play)
    n = a.wait_type("ack")["n"]
    a.wait_for(lambda m: m["type"] == "events" and m["n"] == n)  # the mirror has it
    before = state(server, a.mirror.match)
    a.send(play)  # the same message again
    assert error(a)["code"] == "replayed"
    a.send({**play, "seq": 5})
    assert error(a)["code"] == "out_of_sequence"
    a.send({**play, "seat": 1, "seq": 0})  # b's seat
    assert error(a)["code"] == "not_your_seat"
    a.send({**play, "seat": 3, "seq": 0})  # no such seat at a two-player table
    assert error(a)["code"] == "not_your_seat"
    a.send({**play, "seq": 1, "move": PASS.to_json()})  # not a draw-phase move
    refused = error(a)
    assert refused["code"] == "illegal" and refused["rule"] and refused["seq"] == 1
    assert state(server, a.mirror.match) == before
    # the action phase: whoever is not to act is refused with the rules' reason
    stop_drawing(a, 0)
    stop_drawing(b, 1)
    hub = server.server.hub
    m = hub.matches[a.mirror.match]
    assert m.game.phase is Phase.ACTION
    idle = 1 - m.game.turn
    c = a if idle == 0 else b
    before = state(server, a.mirror.match)
    c.send({"type": "play", "seat": idle, "seq": m.own[idle], "move": PASS.to_json()})
    assert error(c)["code"] == "illegal"
    assert state(server, a.mirror.match) == before


def test_wrong_tokens_and_guessed_codes_are_refused_and_guessing_is_limited(tmp_path: Path) -> None:
    limits = Limits(failed_joins=5)
    with running_server(tmp_path / "m.db", limits) as server:
        a = host(server.url, ("human", "human", "human"), [0])
        match, code = a.mirror.match, a.mirror.code
        thief = TableClient(server.url)
        thief.resume(match, ["A" * 43])
        assert error(thief)["code"] == "bad_token"
        thief.resume("0" * 32, ["A" * 43])
        assert error(thief)["code"] == "no_such_match"
        for guess in ("AAAA-AAAA", "BBBB-BBBB", "CCCC-CCCC"):
            thief.join(guess)
            assert error(thief)["code"] == "no_such_code"
        thief.join(code)  # six tries: even the right code is refused now
        limited = error(thief)
        assert limited["code"] == "join_limited" and limited["retry_after"] > 0
        assert server.server.hub.matches[match].open_seats() == [1, 2]
        thief.close()
        a.close()


def test_a_flood_is_cut_off_and_other_matches_keep_their_pace(tmp_path: Path) -> None:
    limits = Limits(messages_per_s=20, message_burst=40, flood_close=300)
    with running_server(tmp_path / "m.db", limits) as server:
        a = host(server.url, ("human", "human"), [0], keep=True)  # nobody else moves
        other = host(server.url, ("human", "easy"), [0])
        before = state(server, a.mirror.match)
        junk = json.dumps({"v": 1, "type": "play", "seat": 0, "seq": 99, "move": {"kind": "draw"}})
        with pytest.raises(ConnectionClosed):
            for _ in range(2000):  # bounded: the server closes it well before the end
                a.send_raw(junk)
            a.wait_for(lambda m: False, timeout=5)
        with contextlib.suppress(ConnectionClosed):  # what came before the close is read
            for _ in range(100):
                a.recv(0.1)
        assert "rate_limited" in "".join(a.received)  # said once, then the connection closed
        assert state(server, a.mirror.match) == before
        started = time.monotonic()
        assert play_one(other, random.Random(3))
        assert time.monotonic() - started < 1.0
        other.close()
