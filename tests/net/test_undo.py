"""Undo online, agreed by the server, over real sockets on 127.0.0.1: a seat takes back the
steps of its own unfinished action and every client's table agrees; an undo by another
seat, after the action is over or after a draw that showed a card is refused with its
reason and changes nothing; the stored move list always replays to the game as it stands;
a server killed with SIGKILL right after an acknowledged undo loses nothing of it."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

from game.engine import Decision, Game, Phase, new_game
from game.engine.moves import DRAW, PASS, ChooseAction, Finish, Move, SkipBonus
from game.engine.undo import closes
from game.net.client import TableClient
from game.net.hosted import deciding_now
from game.net.redact import view_json
from tests.net.helpers import drain, host, join, play_one, running_server
from tests.net.server_process import ServerProcess, free_port

STEPS = 3_000  # the most loop steps a test's walk through a game may take
WALK_S = 30.0  # and the most seconds


def table(url: str) -> dict[int, TableClient]:
    """Two people, each on a client of their own: seat 0 hosts, seat 1 joins."""
    a = host(url, ("human", "human"), [0])
    return {0: a, 1: join(url, a.mirror.code, 1)}


def settle(clients: dict[int, TableClient]) -> None:
    """Every client has taken in what the server sent (the last message is a few ms old)."""
    for _ in range(3):
        for c in clients.values():
            c.recv(0.02)
            drain(c)


def state(clients: dict[int, TableClient]) -> list[Any]:
    """What each client knows of the table: its view, its log, the move count, its seqs,
    what may be taken back."""
    out: list[Any] = []
    for c in clients.values():
        m = c.mirror
        assert m.game is not None
        log = [(r, e.to_json()) for r, e in m.log]
        out.append((json.dumps(m.game.to_json(), sort_keys=True), log, m.n, dict(m.seq), m.back))
    return out


def deciding(clients: dict[int, TableClient]) -> tuple[int, Decision] | None:
    game = clients[0].mirror.game
    assert game is not None
    pending = game.pending()
    if game.phase is not Phase.ACTION or not pending:
        return None
    return pending[0].player, pending[0].decision


def walk_to_action_choice(clients: dict[int, TableClient], rand: random.Random) -> int:
    """Random moves until a seat must choose its action (not the first of the round unless
    ``rand`` says so); that seat."""
    deadline = time.monotonic() + WALK_S
    for _ in range(STEPS):
        assert time.monotonic() < deadline, "no action choice came in time"
        settle(clients)
        now = deciding(clients)
        game = clients[0].mirror.game
        assert game is not None and not game.over, "the game ended before an action choice"
        legal = game.legal_moves(now[0]) if now is not None else []
        if (
            now is not None
            and now[1] is Decision.ACTION
            and any(isinstance(m, ChooseAction) for m in legal)
        ):
            return now[0]
        for c in rand.sample(list(clients.values()), len(clients)):
            if play_one(c, rand):
                break
    raise AssertionError("no action choice within the step limit")


def choose_of(client: TableClient, seat: int) -> Move:
    assert client.mirror.game is not None
    return next(m for m in client.mirror.game.legal_moves(seat) if isinstance(m, ChooseAction))


def act(client: TableClient, seat: int, move: Move) -> dict[str, Any]:
    """Play ``move`` and wait for its ack (or error), then its events."""
    client.play(seat, move)
    reply = client.wait_for(lambda m: m["type"] in ("ack", "error"))
    if reply["type"] == "ack":
        client.wait_for(lambda m, n=reply["n"]: m["type"] == "events" and m["n"] == n)
    return reply


def undo(client: TableClient, seat: int, seq: int | None = None) -> dict[str, Any]:
    client.undo(seat, seq)
    reply = client.wait_for(lambda m: m["type"] in ("ack", "error"))
    if reply["type"] == "ack":
        client.wait_type("undone")
    return reply


def stored(db: Path) -> tuple[int, list[tuple[int, Move]], Game]:
    """The store's version, its move list, and the game that list replays to."""
    con = sqlite3.connect(db)
    try:
        players, seed, first, version = con.execute(
            "SELECT players, seed, first, version FROM matches"
        ).fetchone()
        rows = con.execute("SELECT seat, move FROM moves ORDER BY idx").fetchall()
    finally:
        con.close()
    moves = [(seat, Move.from_json(json.loads(text))) for seat, text in rows]
    game = new_game(players, seed, first)
    for seat, move in moves:
        game.play(seat, move)
    return version, moves, game


def faithful(db: Path, clients: dict[int, TableClient]) -> None:
    """The stored moves replay to the game each client sees (through its seat's view)."""
    _, moves, game = stored(db)
    for seat, c in clients.items():
        assert c.mirror.n == len(moves)
        assert view_json(game, seat) == c.mirror.game.to_json()


def a_step(game: Game, seat: int) -> Move | None:
    """A step of the seat's action turn that keeps the way back open (a choice, a pick, a
    plant...), tried first on a copy of the client's view by the engine's rule; None if
    every step would close it."""
    for move in game.legal_moves(seat):
        if isinstance(move, Finish | SkipBonus) or move is PASS:
            continue
        trial = game.clone()
        trial.is_view = False  # an action step touches no hidden pile: the view plays it
        before = deciding_now(trial)
        events = trial.play(seat, move)
        if closes(before, seat, move, events, deciding_now(trial)) is None:
            return move
    return None


def test_a_seat_takes_back_its_own_steps_and_every_client_agrees(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    rand = random.Random(11)
    most = 0  # the most steps taken back in a row
    with running_server(db) as server:
        clients = table(server.url)
        for _ in range(12):  # action turns, until one had two steps or more to take back
            seat = walk_to_action_choice(clients, rand)
            me, other = clients[seat], clients[1 - seat]
            states = [state(clients)]  # the tables before each step that may be taken back
            for k in (1, 2, 3):  # up to three steps, while each may be taken back
                step = a_step(me.mirror.game, seat)
                if step is None or act(me, seat, step)["type"] != "ack":
                    break
                settle(clients)
                assert me.mirror.back == (seat, k)  # the server agrees with the rule
                assert other.mirror.back == (seat, k)  # and every client is told
                states.append(state(clients))
            if me.mirror.back is None:
                continue
            faithful(db, clients)
            for before in reversed(states[:-1]):
                version = stored(db)[0]
                reply = undo(me, seat)
                assert reply["type"] == "ack" and reply["n"] == before[0][2], reply
                settle(clients)
                assert state(clients) == before  # views, logs, counts and way back, all agree
                assert stored(db)[0] == version + 1  # the take-back is a stored change
                faithful(db, clients)  # and the stored moves replay to the table as it stands
            most = max(most, len(states) - 1)
            step = a_step(me.mirror.game, seat)
            assert step is not None and act(me, seat, step)["type"] == "ack"  # plays on
            if most >= 2:
                break
        assert most >= 2, "no action turn had two steps that could be taken back"
        for c in clients.values():
            c.close()


def test_undo_is_refused_for_another_seat_after_the_action_and_after_a_draw(
    tmp_path: Path,
) -> None:
    db = tmp_path / "m.db"
    rand = random.Random(5)
    with running_server(db) as server:
        clients = table(server.url)
        settle(clients)
        a = clients[0]
        assert a.mirror.game.phase is Phase.DRAW
        assert act(a, 0, DRAW)["type"] == "ack"
        settle(clients)
        refusals = {}

        def refused(client: TableClient, seat: int, seq: int | None = None) -> dict[str, Any]:
            before, stored_before = state(clients), stored(db)[:2]
            reply = undo(client, seat, seq)
            assert reply["type"] == "error", reply
            settle(clients)
            assert state(clients) == before and stored(db)[:2] == stored_before
            refusals[reply.get("reason", reply["code"])] = reply["text"]
            return reply

        assert refused(a, 0)["reason"] == "draw"  # the draw showed a card
        for _ in range(10):  # action turns, until a choice of an action may be taken back
            seat = walk_to_action_choice(clients, rand)
            me, other = clients[seat], clients[1 - seat]
            assert act(me, seat, choose_of(me, seat))["type"] == "ack"
            settle(clients)
            if me.mirror.back == (seat, 1):
                break
        else:
            raise AssertionError("no choice of an action could be taken back")
        assert refused(other, seat)["code"] == "not_your_seat"  # not a seat it holds
        assert refused(other, 1 - seat)["reason"] == "not_your_action"
        assert refused(me, seat, me.mirror.seq[seat] - 1)["code"] == "replayed"  # stale
        assert undo(me, seat)["type"] == "ack"
        settle(clients)
        assert refused(me, seat)["reason"] == "nothing"  # back at the start of the turn
        assert act(me, seat, PASS)["type"] == "ack"
        settle(clients)
        reason = refused(me, seat)["reason"]
        assert reason == ("finished" if me.mirror.game.phase is Phase.ACTION else "draw")
        assert all(text for text in refusals.values())  # each refusal says why in words
        faithful(db, clients)
        for c in clients.values():
            c.close()


def test_an_acknowledged_undo_survives_sigkill(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    server = ServerProcess(db, free_port())
    url = server.start()
    try:
        clients = table(url)
        rand = random.Random(2)
        for _ in range(10):
            seat = walk_to_action_choice(clients, rand)
            me = clients[seat]
            choice = next(
                m for m in me.mirror.game.legal_moves(seat) if isinstance(m, ChooseAction)
            )
            act(me, seat, choice)
            settle(clients)
            if me.mirror.back == (seat, 1):
                break
        else:
            raise AssertionError("no choice of an action could be taken back")
        assert undo(me, seat)["type"] == "ack"
        settle(clients)
        after = state(clients)
        tokens = {s: c.mirror.tokens[s] for s, c in clients.items()}
        match = clients[0].mirror.match
        for c in clients.values():
            c.close()
        server.kill()  # right after the ack: nothing may be lost
        server.start()
        back = {}
        for s, token in tokens.items():
            c = TableClient(url)
            c.resume(match, [token])
            assert c.wait_type("welcome")["type"] == "welcome"
            back[s] = c
        settle(back)
        assert state(back) == after  # the undo held: same views, log, counts, no way back
        faithful(db, back)
        assert act(back[seat], seat, choice)["type"] == "ack"  # the game goes on from there
        for c in back.values():
            c.close()
    finally:
        server.kill()


def test_an_undo_sent_right_behind_its_move_takes_it_back_once_it_is_stored(
    tmp_path: Path,
) -> None:
    """The move and the undo arrive together (the move still waits for the group commit):
    the move is stored and told first, then taken back; the tables end as before both."""
    db = tmp_path / "m.db"
    rand = random.Random(8)
    with running_server(db) as server:
        clients = table(server.url)
        for _ in range(10):
            seat = walk_to_action_choice(clients, rand)
            me = clients[seat]
            step = a_step(me.mirror.game, seat)
            if step is not None:
                break
        else:
            raise AssertionError("no step that could be taken back")
        before, seq = state(clients), me.mirror.seq[seat]
        me.play(seat, step, seq)
        me.undo(seat, seq + 1)  # at once: not waiting for the move's ack
        replies = [me.wait_for(lambda m: m["type"] in ("ack", "error")) for _ in range(2)]
        assert [r["type"] for r in replies] == ["ack", "ack"], replies
        assert replies[1].get("undo") and replies[1]["n"] == replies[0]["n"] - 1
        me.wait_type("undone")
        settle(clients)
        assert state(clients) == before
        faithful(db, clients)
        for c in clients.values():
            c.close()
