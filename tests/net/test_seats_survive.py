"""Online seats survive anything short of leaving, through the app's own scenes (headless,
127.0.0.1 only, every wait bounded): a friend's app killed and started again is back in its
seat by Menu › Continue online game, or by joining again with the code; the in-app host
quits and comes back to its own table (its server reopens on its file) and the friend's
table follows by itself, having said in words that the host left; a player who really
leaves says so and the seat is forgotten here."""

from __future__ import annotations

import os

import pytest

from game.devtools.app_screens import drive, press
from game.devtools.net_restart import Table, seated
from game.net.client import Status

os.environ["LIVING_FOREST_STRICT_I18N"] = "1"


@pytest.fixture
def table(tmp_path):
    import pygame

    pygame.display.init()
    pygame.font.init()
    t = Table(tmp_path)
    try:
        t.sit_down()
        yield t
    finally:
        t.close()


def labels(scene) -> list[str]:  # noqa: ANN001
    return [b.label for b in scene.menu.buttons]


def test_continue_online_game_resumes_a_killed_friend(table: Table) -> None:
    held = table.friend.ctx.online.book.all()
    assert [h.seats for h in held] == [(1,)] and not held[0].hosted
    table.kill(table.friend)
    table.friend = table.start("friend")  # a new app on the same data folder
    from game.ui.scenes.menu import MenuScene

    menu = table.friend.push(MenuScene(table.friend.ctx))
    assert table.tr("menu.continue_online") in labels(menu)
    assert menu.menu.buttons[menu.menu.focus].label == table.tr("menu.continue_online")
    press(menu, table.tr("menu.continue_online"))
    drive(table.screens, lambda: seated(table.friend), "the friend back in its seat")
    assert table.friend.top.match.mirror.yours == [1]
    assert table.friend.top.match.mirror.code == held[0].code


def test_joining_again_with_the_code_resumes_the_seat(table: Table) -> None:
    code = table.friend.ctx.online.book.all()[0].code
    table.kill(table.friend)
    table.friend = table.start("friend")
    from game.ui.scenes.menu import MenuScene

    menu = table.friend.push(MenuScene(table.friend.ctx))
    menu.online()
    press(table.friend.top, table.tr("online.join"))
    join = table.friend.top
    join.fields.update(address=f"127.0.0.1:{table.port}", code=code.lower())
    join.build()
    press(join, table.tr("online.join_button"))  # today: "That table has no free seat."
    drive(table.screens, lambda: seated(table.friend), "the friend back by its code")
    assert table.friend.top.match.mirror.yours == [1]


def test_the_host_quits_and_comes_back_and_the_friend_follows(table: Table) -> None:
    friend = table.friend.top
    table.host.ctx.online.close()  # the host's app quits: its server says bye first
    table.host.reset()
    drive([table.friend], lambda: table.friend.top.kind == "host_gone", "the host-left word")
    assert friend.match.status() == table.tr("online.status.host_left")
    assert friend.human_seat() == -1  # no action lit while nobody could receive it
    assert table.tr("online.menu.leave") in labels(table.friend.top)
    table.host = table.start("host")  # the host's app again, on its data folder
    from game.ui.scenes.menu import MenuScene

    menu = table.host.push(MenuScene(table.host.ctx))
    press(menu, table.tr("menu.continue_online"))
    drive(table.screens, lambda: seated(table.host), "the host back at its own table")
    assert table.host.ctx.online.server is not None  # reopened on its file and port
    assert table.host.top.match.mirror.yours == [0]
    drive(
        table.screens,
        lambda: friend.match.link is Status.CONNECTED and table.friend.top is friend,
        "the friend back by itself, the word gone",
    )
    back = table.tr("online.status.back", name=friend.match.names[0])  # for a few seconds
    assert friend.match.status() in (back, table.tr("online.status.connected"))


def host_back(table: Table) -> None:
    """The host's app starts again and goes back to its table (its server reopens)."""
    from game.ui.scenes.menu import MenuScene

    table.host = table.start("host")
    press(table.host.push(MenuScene(table.host.ctx)), table.tr("menu.continue_online"))
    drive(table.screens, lambda: seated(table.host), "the host back at its own table")


def leave_while_the_host_is_gone(table: Table) -> None:
    table.host.ctx.online.close()
    table.host.reset()
    drive([table.friend], lambda: table.friend.top.kind == "host_gone", "the host-left word")
    press(table.friend.top, table.tr("online.menu.leave"))
    assert table.friend.top.kind == "confirm"  # asked first
    table.friend.top.yes()
    assert table.friend.top.kind == "menu"
    assert table.tr("menu.continue_online") not in labels(table.friend.top)
    held = table.friend.ctx.online.book.all()  # kept apart until the server is told
    assert [(h.seats, h.leaving) for h in held] == [((1,), True)]


def the_seat_is_left_at_the_server(table: Table) -> None:
    hub = table.host.ctx.online.server.server.hub
    match = next(iter(hub.matches.values()))
    drive(table.screens, lambda: 1 not in match.stored.tokens, "the server told of the leave")
    drive(table.screens, lambda: table.friend.ctx.online.book.all() == [], "the seat forgotten")
    assert match.stored.seats[1].kind == "medium"  # the host's choice: an AI plays it


def test_the_friend_leaves_when_the_host_has_left(table: Table) -> None:
    """Leave while the server cannot be told: the seat is no longer offered, and the
    server hears of it as soon as it is back (it used to keep the seat waiting for good)."""
    leave_while_the_host_is_gone(table)
    host_back(table)
    the_seat_is_left_at_the_server(table)


def test_a_leave_not_yet_told_is_told_at_the_next_start(table: Table) -> None:
    leave_while_the_host_is_gone(table)
    table.kill(table.friend)
    table.friend = table.start("friend")  # told from the seats file, once a server answers
    host_back(table)
    the_seat_is_left_at_the_server(table)


def test_the_online_menu_keeps_the_seat_or_leaves_the_table(table: Table) -> None:
    friend = table.friend.top
    friend.open_pause()
    menu = table.friend.top
    words = labels(menu)
    assert table.tr("pause.menu") not in words and table.tr("pause.title") not in words
    assert table.tr("online.menu.to_menu") in words and table.tr("online.menu.leave") in words
    press(menu, table.tr("online.menu.to_menu"))  # the seat is kept
    assert table.friend.top.kind == "menu" and len(table.friend.ctx.online.book.all()) == 1
    press(table.friend.top, table.tr("menu.continue_online"))
    drive(table.screens, lambda: seated(table.friend), "the friend back at the table")
    table.friend.top.open_pause()
    press(table.friend.top, table.tr("online.menu.leave"))
    table.friend.top.yes()
    assert table.friend.ctx.online.book.all() == []
    hub = table.host.ctx.online.server.server.hub
    match = next(iter(hub.matches.values()))
    drive(table.screens, lambda: 1 not in match.stored.tokens, "the server forgot the seat")
    assert match.stored.seats[1].kind == "medium"  # the host's choice: an AI plays it
