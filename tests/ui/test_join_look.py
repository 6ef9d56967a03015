"""Join shows a table announced on the network within a quarter second of its being found
(it looks at what discovery found, not once a second)."""

from __future__ import annotations

import pygame

from game.net.discovery import FoundHost


def test_a_table_found_is_listed_within_a_quarter_second() -> None:
    from game.ui.app import TableApp
    from game.ui.headless import headless_context
    from game.ui.scenes.menu import MenuScene

    ctx = headless_context()
    announced: list[FoundHost] = []
    ctx.online.found = lambda: list(announced)  # what the browser has found so far
    app = TableApp(ctx, (1280, 720))
    try:
        app.stack.push(MenuScene(ctx))
        join = ctx.scenes.make("online_join", ctx)
        app.stack.push(join)
        join.update(0.01)  # the first look: nothing yet
        assert join.found == []
        announced.append(FoundHost("Ana's table", "127.0.0.1:8765"))
        join.update(0.26)
        assert join.found == announced
        assert join.busy()  # drawn at once, not at the idle loop's next redraw
        app.render((1280, 720))
        assert not join.busy()
    finally:
        ctx.online.close()
        pygame.display.quit()
