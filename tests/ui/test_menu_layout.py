"""The main menu's widgets never overlap: circle, title, buttons, notice and key help, at
1280x720 and 1920x1080, in English and Korean (the Korean title once ran into New game)."""

from __future__ import annotations

import itertools

import pytest

from game.i18n import Catalog
from game.ui.scenes.menu import MenuScene


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_no_two_menu_widgets_overlap(app, ctx, language: str, size: tuple[int, int]) -> None:
    catalog = Catalog.load(language, strict=True)
    ctx.tr = catalog.tr
    menu = MenuScene(ctx)
    app.stack.push(menu)
    menu.error = "\n".join([ctx.tr("notice.settings_reset") + " a long reason" * 8] * 2)
    app.render(size)
    drawn = menu.drawn
    assert {"circle", "title", "button0", "button7", "notice", "keys"} <= set(drawn)
    clashes = [
        (a, b) for a, b in itertools.combinations(drawn, 2) if drawn[a].colliderect(drawn[b])
    ]
    assert clashes == []
    assert all(app.stack.top is menu and r.w > 0 and r.h > 0 for r in drawn.values())
