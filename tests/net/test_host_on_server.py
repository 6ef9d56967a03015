"""Hosting from the app on a dedicated server, over real sockets on 127.0.0.1: the Host form
"on a server" sends ``create`` to a separately started server process (the app starts no
server of its own) and shows the same lobby; a friend finds the public table in Join's
list (address and code filled from it) and joins; a private table is not listed and is
joined by its code typed."""

from __future__ import annotations

import os
import time

import pytest

from game.net.browse import fetch_tables
from game.net.client import Status
from game.ui.scenes.online import HostScene
from tests.net.server_process import ServerProcess, free_port

os.environ["LIVING_FOREST_STRICT_I18N"] = "1"


@pytest.fixture
def ctx():
    from game.ui.headless import headless_context

    context = headless_context()
    yield context
    context.online.close()


@pytest.fixture
def server(tmp_path):
    process = ServerProcess(tmp_path / "dedicated.db", free_port())
    process.start()
    yield process
    process.kill()


def step_until(app, done, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    for _ in range(100_000):
        app.step(1 / 60)
        if done():
            return
        assert time.monotonic() < deadline, "the app did not get there in time"
        time.sleep(0.002)


def host_on_server(app, ctx, port: int, public: bool, name: str = "") -> object:
    """Menu › Play online › Host › On a server, as a player fills it; the lobby, seated."""
    from game.ui.scenes.menu import MenuScene

    app.stack.push(MenuScene(ctx))
    form: HostScene = ctx.scenes.make("online_host", ctx)
    app.stack.push(form)
    form.move()  # "On this computer" -> "On a server"
    assert form.where == "server"
    form.fields.update(server="127.0.0.1", server_port=str(port))
    if public:
        form.toggle_public()
        if name:
            form.fields["table"] = name
    form.build()
    form.start()
    lobby = app.stack.top
    assert lobby.kind == "online_lobby" and form.error == ""
    step_until(app, lambda: lobby.mirror.joined)
    return lobby


def test_a_public_table_hosted_on_a_server_is_found_in_join_and_joined(app, ctx, server) -> None:
    lobby = host_on_server(app, ctx, server.port, public=True, name="Ana's forest")
    assert ctx.online.server is None  # the app started no server of its own
    assert lobby.session.url == f"ws://127.0.0.1:{server.port}"
    assert ctx.online.addresses_for(lobby.session) == [lobby.session.url]
    assert lobby.security_note(lobby.session, True) == ""  # the server's own business
    code = lobby.mirror.code
    assert ctx.settings.host_server == "127.0.0.1"  # remembered for the next table
    assert ctx.storage.load_settings().host_server_port == server.port
    app.render((1280, 720))
    # The friend: Join, the server's address, List tables, a pick, Join.
    join = ctx.scenes.make("online_join", ctx)
    app.stack.push(join)
    join.fields["address"] = f"127.0.0.1:{server.port}"
    join.build()
    join.ask()
    step_until(app, lambda: join.listed is not None)
    assert [(t.code, t.name, t.open) for t in join.listed] == [(code, "Ana's forest", 1)]
    app.render((1920, 1080))
    join.pick_table(join.listed[0])
    assert join.fields["code"] == code and join.fields["address"] == f"127.0.0.1:{server.port}"
    join.join()
    step_until(app, lambda: getattr(app.stack.top, "match", None) is not None)  # the table
    friend = app.stack.top.match
    step_until(app, lambda: all(friend.mirror.connected[:2]))  # both seats held
    assert friend.mirror.code == code and friend.mirror.yours == [1]
    assert fetch_tables(server.url) == []  # no free seat left: no longer listed


def test_a_private_table_is_not_listed_and_is_joined_by_its_code(app, ctx, server) -> None:
    lobby = host_on_server(app, ctx, server.port, public=False)
    code = lobby.mirror.code
    assert fetch_tables(server.url) == []
    join = ctx.scenes.make("online_join", ctx)
    app.stack.push(join)
    join.fields.update(address=f"127.0.0.1:{server.port}", code=code, name="Bo")
    join.build()
    join.join()
    step_until(app, lambda: getattr(app.stack.top, "match", None) is not None)  # the table
    friend = app.stack.top.match
    assert friend.session.status is Status.CONNECTED and friend.mirror.code == code
    assert friend.mirror.seats[1].name == "Bo" and friend.mirror.yours == [1]


def test_a_server_address_or_port_missing_is_said_and_nothing_is_sent(app, ctx) -> None:
    from game.ui.scenes.menu import MenuScene

    app.stack.push(MenuScene(ctx))
    form: HostScene = ctx.scenes.make("online_host", ctx)
    app.stack.push(form)
    form.move()
    form.fields.update(server="", server_port="8765")
    form.start()
    assert form.error == ctx.tr("online.error.server_address") and app.stack.top is form
    form.fields.update(server="127.0.0.1", server_port="0")
    form.start()
    assert form.error == ctx.tr("online.error.server_port") and app.stack.top is form
    assert ctx.online.sessions == [] and ctx.online.server is None


def test_a_server_that_does_not_answer_the_list_is_said(app, ctx) -> None:
    join = ctx.scenes.make("online_join", ctx)
    app.stack.push(join)
    join.fields["address"] = f"127.0.0.1:{free_port()}"  # nobody listens there
    join.build()
    join.ask()
    step_until(app, lambda: join.fetch is None)
    assert join.error == ctx.tr("online.error.unreachable") and join.listed is None
