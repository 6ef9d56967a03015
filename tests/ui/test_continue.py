"""The table's save document goes through the app's file storage and comes back whole."""

from __future__ import annotations

import random

from game.app.paths import AppPaths
from game.app.storage import FileStorage
from game.ui.table.ai_seats.ai_seat import builtin_choice
from game.ui.table.match import Match, Seat


def test_a_match_saved_by_the_table_continues_exactly(tmp_path) -> None:
    match = Match.new([Seat("Ana"), Seat("Bo", "easy"), Seat("Cy", "hard")], seed=11)
    rand = random.Random(1)
    for _ in range(60):
        a = match.active()
        match.play(a.player, builtin_choice(match.game, a.player, rand))
    storage = FileStorage(AppPaths.under(tmp_path))
    storage.save_match(match.to_json())
    doc = storage.load_match()
    assert doc is not None, storage.take_notices()
    back = Match.from_saved(doc)
    assert back.game.to_json() == match.game.to_json()
    assert [s.kind for s in back.seats] == ["human", "easy", "hard"]
    assert back.history == match.history


def test_continue_from_the_menu_opens_the_saved_match(app, ctx) -> None:
    from game.ui.scenes.menu import MenuScene

    match = Match.new([Seat("Ana"), Seat("Bo")], seed=5)
    ctx.storage.save_match(match.to_json())
    menu = MenuScene(ctx)
    app.stack.push(menu)
    menu.continue_game()
    app.step(1 / 60)
    assert app.stack.top.kind == "draw"
    assert app.stack.top.match.game.to_json() == match.game.to_json()
