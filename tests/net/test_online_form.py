"""The online forms' small manners, driven through the app's events as a player's mouse and
keys: clicking the text field being typed into keeps it (focus and text), a click elsewhere
ends typing; one button only is outlined as the default, also after the list of tables
found above it changes."""

from __future__ import annotations

import os

import pygame
import pytest

from game.net.discovery import FoundHost

os.environ["LIVING_FOREST_STRICT_I18N"] = "1"


@pytest.fixture
def ctx():
    from game.ui.headless import headless_context

    context = headless_context()
    yield context
    context.online.close()


def click(app, rect) -> None:
    pos = app.viewport.point(rect.center)
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def type_text(app, text: str) -> None:
    app.feed(pygame.event.Event(pygame.TEXTINPUT, text=text))


def outlined(form) -> list[str]:
    """The buttons drawn with the accent outline (the focus, or a highlight)."""
    return [b.label for b in form.menu.buttons if b.enabled and (b.focused or b.highlight)]


def join_form(app, ctx):
    from game.ui.scenes.menu import MenuScene

    app.stack.push(MenuScene(ctx))
    form = ctx.scenes.make("online_join", ctx)
    app.stack.push(form)
    app.step(1 / 60)
    return form


def test_clicking_the_field_being_typed_into_keeps_typing_and_the_text(app, ctx) -> None:
    form = join_form(app, ctx)
    click(app, form.field_at["code"])
    assert form.editing == "code"
    type_text(app, "k7qf3")
    assert form.fields["code"] == "K7QF-3"
    click(app, form.field_at["code"])  # again, on the active field
    assert form.editing == "code" and form.fields["code"] == "K7QF-3"
    type_text(app, "mzx")
    assert form.fields["code"] == "K7QF-3MZX"
    click(app, pygame.Rect(380, 90, 4, 4))  # the panel, off every button: typing ends
    assert form.editing == "" and form.fields["code"] == "K7QF-3MZX"
    type_text(app, "zz")
    assert form.fields["code"] == "K7QF-3MZX"


def test_one_default_only_on_join_also_when_tables_are_found(app, ctx) -> None:
    found: list[FoundHost] = []
    ctx.online.found = lambda: list(found)
    form = join_form(app, ctx)
    form.fields.update(address="127.0.0.1:8765", code="K7QF-3MZX")
    form.build()
    join = ctx.tr("online.join_button")
    assert outlined(form) == [join]
    found += [FoundHost("Ana", "192.168.1.20:8765"), FoundHost("Minji", "192.168.1.31:8765")]
    form.update(1.0)  # the network's tables come in above the buttons
    assert len(form.menu.buttons) == 8
    assert outlined(form) == [join]
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode=""))
    assert outlined(form) == [ctx.tr("setup.back")]  # the keys move the one outline


def test_one_default_only_on_host_as_seats_are_added(app, ctx) -> None:
    from game.ui.scenes.menu import MenuScene

    app.stack.push(MenuScene(ctx))
    form = ctx.scenes.make("online_host", ctx)
    app.stack.push(form)
    host = ctx.tr("online.start_hosting")
    assert outlined(form) == [host]
    form.set_count(1)
    form.toggle_public()
    assert outlined(form) == [host]


def test_a_server_from_before_the_list_refusing_a_public_table_is_said_in_words(ctx) -> None:
    from game.net.client import Session

    session = Session("ws://127.0.0.1:9", {"type": "create"})  # never started: no socket
    lobby = ctx.scenes.make("online_lobby", ctx, session, True)
    text = "unexpected fields: ['public', 'table_name']"  # what such a server answers
    lobby.take({"type": "error", "code": "bad_message", "text": text})
    assert lobby.error == ctx.tr("online.error.bad_message") and "older" in lobby.error


@pytest.mark.parametrize("where", ["here", "server"])
def test_the_host_forms_rows_and_its_note_stay_clear_of_each_other(app, ctx, where) -> None:
    """Every row of the Host form, with four seats, a certificate and a public name, and the
    note under them (the error, or whether the table is encrypted) keep apart from the Back
    and Host buttons: a row added once pushed the note under them."""
    from game.ui.online.form import BOX
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.online import NOTE_Y

    app.stack.push(MenuScene(ctx))
    form = ctx.scenes.make("online_host", ctx)
    app.stack.push(form)
    form.count, form.public, form.where = 4, True, where
    form.build()
    note = pygame.Rect(BOX.x + 40, NOTE_Y, BOX.w - 80, 70)
    rects = [b.rect for b in form.menu.buttons]
    assert all(BOX.contains(r) for r in rects)
    for i, r in enumerate(rects):
        assert not any(r.colliderect(o) for o in rects[i + 1 :]), r
    footer = [r for r in rects if r.y >= BOX.bottom - 100]
    assert len(footer) == 2 and not any(note.colliderect(r) for r in footer)
    assert all(r.bottom <= note.y for r in rects if r not in footer)
