"""The server killed with SIGKILL in the middle of a game loses no acknowledged move: the
moves are on disk, the restarted server resumes the match from its store, the clients come
back (one by itself, as the app's session does), and the game ends exactly as an
uninterrupted run of the same moves. SIGTERM shuts down cleanly."""

from __future__ import annotations

import json
import queue
import random
import sqlite3
import time
from pathlib import Path

import pytest

from game.engine import Move, new_game
from game.net.client import Session, Status, TableClient
from game.net.mirror import Mirror
from tests.net.helpers import GAME_S, drain, host, play_one
from tests.net.server_process import ServerProcess, free_port

Told = dict[int, tuple[int, Move]]  # move number (1-based) -> (seat, move)


def take_told(client: TableClient, told: Told) -> None:
    """Record every move the client was told of (each is told only once it is stored)."""
    for text in client.received:
        msg = json.loads(text)
        if msg["type"] == "events":
            told[msg["n"]] = (msg["seat"], Move.from_json(msg["move"]))
    client.received.clear()


def stored_moves(db: Path) -> int:
    con = sqlite3.connect(db)
    try:
        return con.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
    finally:
        con.close()


def watch(session: Session, mirror: Mirror, seconds: float, want=None) -> bool:
    """Feed the session's notes to its mirror for a while, or until ``want`` is true."""
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        try:
            note = session.notes.get(timeout=0.02)
        except queue.Empty:
            continue
        if note.message is not None:
            mirror.handle(note.message)
        if want is not None and want(note):
            return True
    return False


def session_play(session: Session, mirror: Mirror, rand: random.Random) -> bool:
    """One random move of the session's seat, waited for until the table has it."""
    seat = mirror.yours[0]
    legal = mirror.game.legal_moves(seat) if mirror.game is not None else []
    if not legal or mirror.game.over or session.status is not Status.CONNECTED:
        return False
    seq = mirror.seq[seat]
    move = rand.choice(legal)
    session.send({"type": "play", "seat": seat, "seq": seq, "move": move.to_json()})
    refused = []

    def done(note) -> bool:
        if note.message is not None and note.message.get("type") == "error":
            refused.append(note.message)
        return mirror.seq[seat] > seq or bool(refused)

    assert watch(session, mirror, 5.0, done) and not refused, refused
    return True


def resume(url: str, match: str, token: str) -> TableClient:
    client = TableClient(url)
    client.keep = True
    client.resume(match, [token])
    assert client.wait_type("welcome")["type"] == "welcome"
    return client


def run_with_kills(
    tmp_path: Path, kills: int, seed: int, stretch: tuple[int, int] = (3, 12)
) -> int:
    """Play with ``kills`` SIGKILLs ``stretch`` moves apart (fewer if the game ends first),
    then to the end; the kills made."""
    db = tmp_path / "m.db"
    server = ServerProcess(db, free_port())
    rand = random.Random(seed)
    a = host(server.start(), ("human", "human", "easy"), [0], keep=True)
    match, token = a.mirror.match, a.mirror.tokens[0]
    b = Session(server.url, {"type": "join", "code": a.mirror.code, "seats": [1]})
    b.start()
    mirror = Mirror()
    told: Told = {}
    made = 0
    try:
        assert watch(b, mirror, 10, lambda note: note.status is Status.CONNECTED)
        for _ in range(kills):
            for _ in range(rand.randint(*stretch)):  # a stretch of play, then the crash
                play_one(a, rand)
                session_play(b, mirror, rand)
            if mirror.final is not None:
                break
            drain(a)
            take_told(a, told)
            server.kill()
            made += 1
            assert stored_moves(db) >= max(told, default=0)  # every move told is on disk
            a.close()
            a = resume(server.start(), match, token)
            assert a.mirror.n >= max(told, default=0)
            assert watch(b, mirror, 10, lambda note: note.status is Status.CONNECTED)
        deadline = time.monotonic() + GAME_S
        while mirror.final is None or a.mirror.final is None:
            assert time.monotonic() < deadline, "the game did not end in time"
            drain(a)
            played = play_one(a, rand) if a.mirror.final is None else False
            played = session_play(b, mirror, rand) or played
            if not played:
                watch(b, mirror, 0.05)
        take_told(a, told)
        final = a.mirror.final
        assert len(told) > 20 and all(final.moves[n - 1] == m for n, m in told.items())
        uninterrupted = new_game(3, final.seed, final.first)
        for seat, move in final.moves:
            uninterrupted.play(seat, move)
        assert uninterrupted.over and a.mirror.game.over and mirror.game.over
        assert uninterrupted.result() == a.mirror.game.result() == mirror.game.result()
        assert server.terminate() == 0  # SIGTERM: a clean exit
        return made
    finally:
        b.close()
        a.close()
        server.kill()


def test_two_kills_mid_game_lose_nothing_and_the_game_ends_the_same(tmp_path: Path) -> None:
    assert run_with_kills(tmp_path, kills=2, seed=5) == 2


@pytest.mark.slow
def test_fifty_kills_during_play_lose_no_acknowledged_move(tmp_path: Path) -> None:
    assert run_with_kills(tmp_path, kills=50, seed=6, stretch=(1, 2)) == 50
