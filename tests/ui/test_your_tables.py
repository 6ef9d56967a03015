"""Menu › Your tables (``game/ui/scenes/online_tables.py``): each table held here is listed
under the names of the seats this app plays there, a default name (a marker, "@spring", as
the server and the seats file keep it) shown as the season in this screen's language and a
typed name as typed."""

from __future__ import annotations

import time

import pytest

from game.ui.headless import headless_context
from game.ui.online.held import HeldSeat, MemorySeatBook
from game.ui.scenes.online_tables import TablesScene

TOKEN = "t" * 43


@pytest.mark.parametrize(("language", "shown"), [("en", "Spring, Bo"), ("ko", "봄, Bo")])
def test_a_tables_default_names_read_in_this_screens_language(language: str, shown: str) -> None:
    ctx = headless_context(language)
    ctx.online.book = MemorySeatBook()
    held = HeldSeat("ws://127.0.0.1:8765", "a" * 32, "K7QF-3MZX", (0, 1), (TOKEN, TOKEN), True,
                    "@spring, Bo", time.time())  # fmt: skip
    ctx.online.book.keep(held)
    label = TablesScene(ctx).menu.buttons[0].label
    assert label.startswith(f"{shown} · K7QF-3MZX · "), label
    assert "@" not in label
