"""The interface scale (100/125/150%): chosen in PlayerSettings, remembered, and applied to the
table's words (prompt, log, tooltips) and to the board's labels as far as their places hold
them (``tests/ui/test_text_scale.py`` measures where they land)."""

from __future__ import annotations

import json

import pygame

from game.app.paths import AppPaths
from game.app.settings_file import SettingsStore
from game.player_settings import PlayerSettings
from game.ui.kit.painter import Painter
from game.ui.table.match import Seat
from tests.ui.test_table import start


def test_the_scale_is_remembered_and_a_bad_one_reset(tmp_path) -> None:
    paths = AppPaths.under(tmp_path)
    store = SettingsStore(paths)
    assert store.save(PlayerSettings(ui_scale=150)) is None
    assert store.load()[0].ui_scale == 150
    paths.settings.write_text(json.dumps({"ui_scale": 130}))
    settings, notice = store.load()
    assert settings.ui_scale == 100 and notice is not None and "ui_scale" in notice.detail


def test_settings_cycle_the_scale_and_save_it(app, ctx) -> None:
    from game.ui.scenes.overlays import SettingsOverlay

    overlay = SettingsOverlay(ctx)
    app.stack.push(overlay)
    row = next(b for b in overlay.menu.buttons if "100%" in b.label and "Text" in b.label)
    seen = []
    for _ in range(3):
        row.click()
        seen.append(ctx.settings.ui_scale)
        assert ctx.storage.settings is ctx.settings  # saved at once
        row = next(b for b in overlay.menu.buttons if "Text" in b.label)
    assert seen == [125, 150, 100]


def test_the_table_words_grow_and_the_board_labels_with_them(app, ctx) -> None:
    d, match = start(app, ctx, [Seat("Ana", "human"), Seat("Bo", "easy")])
    scene = d.top
    drawn = {}
    for scale in (100, 150):
        ctx.settings.ui_scale = scale
        p = Recording(pygame.Surface((1280, 720)), app.viewport, app.text, ctx.art)
        scene.draw(p)
        assert p.text_scale == 1.0  # the overlays above the table keep theirs
        drawn[scale] = p.seen
    assert max(drawn[150]) >= 1.4 * max(drawn[100])  # banner, prompt, buttons
    sizes = {}
    for scale in (1.0, 1.5):
        p = Recording(pygame.Surface((1280, 720)), app.viewport, app.text, ctx.art)
        p.text_scale = scale
        scene.board.render(p, match.shown, match.names, ["human", "easy"], 0)
        assert p.text_scale == scale  # given back as it was
        sizes[scale] = p.seen
    assert sizes[1.0] and len(sizes[1.0]) == len(sizes[1.5])
    assert all(b >= a for a, b in zip(sizes[1.0], sizes[1.5], strict=True))
    assert max(sizes[1.5]) >= 1.25 * max(sizes[1.0])  # issue 32, item 8: they kept 100%


class Recording(Painter):
    """A painter that notes every text size it is asked for."""

    def __init__(self, *args) -> None:  # noqa: ANN002
        super().__init__(*args)
        self.seen: list[int] = []

    def px(self, size: int, room: float | None = None) -> int:
        value = super().px(size, room)
        self.seen.append(value)
        return value
