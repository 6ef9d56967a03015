"""The app's side of network play, headless, over a real server on 127.0.0.1: Menu › Play
online › Host starts the server inside the app, the lobby shows the join code, a friend's
client joins, and the one table scene plays the whole game on a ``RemoteMatch`` to the
game-over scene, which records it like a local game. A lost server shows on the status
line, and a move made meanwhile is not sent."""

from __future__ import annotations

import os
import random
import time

import pygame
import pytest

from game.ui.online.remote_match import RemoteMatch
from tests.net.helpers import FAST, GAME_S, drain, join, play_one

os.environ["LIVING_FOREST_STRICT_I18N"] = "1"
# The table shows every event for some frames (1/60 s each): a random game of many rounds
# takes tens of thousands of frames. Bounded by this count and by GAME_S of wall time.
FRAMES = 150_000


@pytest.fixture
def ctx():
    from game.ui.headless import headless_context

    context = headless_context()
    # The scripted friend moves as fast as its acks come back, far above a person's pace and
    # the default per-connection cap (20 a second); the hostile tests keep the defaults.
    context.online.limits = FAST
    yield context
    context.online.close()


@pytest.fixture
def app(ctx):
    from game.ui.app import TableApp

    a = TableApp(ctx, (1280, 720))
    yield a
    pygame.display.quit()


def host_table(app, ctx, kinds: list[str]):
    """Menu › Play online › Host with these seats; the lobby once the server welcomed us."""
    from game.ui.scenes.menu import MenuScene

    menu = MenuScene(ctx)
    app.stack.push(menu)
    menu.online()
    app.stack.top.build()
    host = ctx.scenes.make("online_host", ctx)
    app.stack.push(host)
    host.count = len(kinds)
    host.kinds[: len(kinds)] = kinds
    host.build()
    host.start()
    lobby = app.stack.top
    assert lobby.kind == "online_lobby"
    deadline = time.monotonic() + 10
    while not lobby.mirror.joined:
        assert time.monotonic() < deadline, "the hosted server never welcomed the host"
        app.step(1 / 60)
    return lobby


def test_host_in_the_app_a_friend_joins_and_the_table_plays_to_the_end(app, ctx) -> None:
    lobby = host_table(app, ctx, ["here", "friend", "easy"])
    assert len(lobby.mirror.code) == 9 and ctx.online.addresses()
    url = ctx.online.host("unused")  # the running server's address (started once)
    friend = join(url, lobby.mirror.code, 1)
    lobby.to_table()
    table = app.stack.top
    match = table.match
    assert isinstance(match, RemoteMatch) and table.kind == "draw"
    assert match.plays_here(0) and not match.plays_here(1) and not match.runs_seats()
    rand = random.Random(7)
    deadline = time.monotonic() + GAME_S
    for step in range(FRAMES):
        assert time.monotonic() < deadline, "the online game did not end in time"
        top = app.stack.top
        if top.kind == "game_over" and friend.mirror.final is not None:
            break
        seat = top.human_seat() if hasattr(top, "human_seat") else -1
        if seat >= 0 and top.kind in ("draw", "action"):
            moves = match.game.legal_moves(seat)
            top.play(seat, rand.choice(moves))  # a planting goes straight in
        drain(friend)
        play_one(friend, rand)
        app.step(1 / 60)
        if step % 200 == 0:
            app.render((1280, 720))  # the table draws on a remote match too
    assert app.stack.top.kind == "game_over", (match.game.round, len(match.history))
    final = friend.mirror.final
    assert match.history == final.moves and match.game.over and match.seed == final.seed
    assert ctx.storage.match is None  # a remote match never takes the local autosave slot
    assert ctx.storage.stats.played == 1  # recorded like a local game
    friend.close()


def test_a_lost_server_shows_and_a_move_made_meanwhile_is_not_sent(app, ctx) -> None:
    lobby = host_table(app, ctx, ["here", "here"])
    lobby.to_table()
    table = app.stack.top
    assert "everyone is connected" in table.match.status()
    ctx.online.server.stop()
    deadline = time.monotonic() + 10
    while "lost" not in table.match.status():
        assert time.monotonic() < deadline, "the lost connection never showed"
        app.step(1 / 60)
    seat = table.human_seat()
    assert seat >= 0
    before = table.match.mirror.n
    table.play(seat, table.match.game.legal_moves(seat)[0])  # not sent: nothing changes
    assert table.match.waiting is None and table.match.mirror.n == before
    assert "lost" in table.match.status()
