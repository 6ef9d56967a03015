"""The Host form's port: it opens on the port remembered in the settings, refuses one that is
not a port a table can listen on (saying why, nothing started), hosts on the one chosen and
remembers it, and a port another program holds gives a clear message instead of a crash
(the form stays, another port works). The server listens on 127.0.0.1 only."""

from __future__ import annotations

import logging
import os
import socket
import time

import pygame
import pytest

from game.player_settings import DEFAULT_PORT, PlayerSettings
from game.ui.scenes.online import HostScene
from tests.net.helpers import wait_for_news
from tests.net.server_process import free_port

os.environ["LIVING_FOREST_STRICT_I18N"] = "1"


@pytest.fixture
def ctx():
    from game.ui.headless import headless_context

    context = headless_context()
    yield context
    context.online.close()


def host_form(app, ctx) -> HostScene:
    from game.ui.scenes.menu import MenuScene

    app.stack.push(MenuScene(ctx))
    form = ctx.scenes.make("online_host", ctx)
    app.stack.push(form)
    return form


def type_port(app, form: HostScene, text: str) -> None:
    """Click the port field, clear it and type ``text`` as a player would."""
    form.fields["port"] = ""
    form.edit("port")
    app.feed(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))


def test_the_form_opens_on_the_remembered_port_and_takes_only_digits(app, ctx) -> None:
    assert HostScene(ctx).fields["port"] == str(DEFAULT_PORT)  # the default, as before
    ctx.settings.host_port = 23456
    form = host_form(app, ctx)
    assert form.fields["port"] == "23456"
    type_port(app, form, "4a5-1 23999")
    assert form.fields["port"] == "45123"  # digits only, five at most
    app.render((1280, 720))


@pytest.mark.parametrize("typed", ["80", "1023", "70000", ""])
def test_a_port_no_table_can_listen_on_is_refused_with_the_reason(app, ctx, typed) -> None:
    form = host_form(app, ctx)
    type_port(app, form, typed)
    form.start()
    assert "1024" in form.error and "65535" in form.error
    assert ctx.online.server is None and app.stack.top is form  # nothing started
    assert ctx.settings.host_port == DEFAULT_PORT
    app.render((1280, 720))


def test_the_chosen_port_is_hosted_on_and_remembered(app, ctx) -> None:
    port = free_port()
    form = host_form(app, ctx)
    type_port(app, form, str(port))
    form.start()
    assert form.error == "" and ctx.online.hosted_port == port
    assert ctx.settings.host_port == port
    assert ctx.storage.load_settings().host_port == port  # saved with the settings
    lobby = app.stack.top
    deadline = time.monotonic() + 10
    while not lobby.mirror.joined:  # the app's own client reached the table on that port
        assert time.monotonic() < deadline
        app.step(1 / 60)
        wait_for_news(lobby.session)
    assert ctx.online.addresses() == [f"127.0.0.1:{port}"]


def test_a_port_in_use_says_so_and_another_one_works(app, ctx, caplog) -> None:
    with socket.socket() as holder:  # another program listening on the port
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        taken = holder.getsockname()[1]
        form = host_form(app, ctx)
        type_port(app, form, str(taken))
        form.start()
        assert (
            form.error == f"Port {taken} is already in use on this computer: choose another port."
        )
        assert ctx.online.server is None and app.stack.top is form
        assert ctx.settings.host_port == DEFAULT_PORT  # a port that failed is not remembered
        # The player was told; the log says it in one line, not as a crash with a traceback.
        busy = [r for r in caplog.records if "could not start" in r.getMessage()]
        assert busy and all(r.exc_info is None for r in busy)
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        app.render((1280, 720))
        type_port(app, form, str(port := free_port()))
        assert form.error == ""  # typing clears it
        form.start()
    assert ctx.online.hosted_port == port and app.stack.top.kind == "online_lobby"


def test_a_port_read_from_the_settings_file_is_checked() -> None:
    for bad in (80, 70000, "8765", 8765.0, True, None):
        settings, reset = PlayerSettings.from_json({"host_port": bad})
        assert settings.host_port == DEFAULT_PORT and reset == ["host_port"], bad
    settings, reset = PlayerSettings.from_json({"host_port": 40000})
    assert settings.host_port == 40000 and reset == []
    assert PlayerSettings.from_json(settings.to_json())[0].host_port == 40000


def test_a_second_table_is_hosted_on_the_running_servers_port(app, ctx) -> None:
    """The server started by the first table keeps its port: the form opens on it, and
    another port typed is refused with the port tables are served on (nothing changes)."""
    first = free_port()
    form = host_form(app, ctx)
    type_port(app, form, str(first))
    form.start()
    assert ctx.online.hosted_port == first and app.stack.top.kind == "online_lobby"
    again = host_form(app, ctx)
    assert again.fields["port"] == str(first)
    type_port(app, again, str(other := free_port()))
    assert other != first
    again.start()
    assert str(first) in again.error and "quit" in again.error
    assert app.stack.top is again and ctx.online.hosted_port == first
    assert ctx.settings.host_port == first
    app.render((1280, 720))
    type_port(app, again, str(first))
    again.start()
    assert again.error == "" and app.stack.top.kind == "online_lobby"
