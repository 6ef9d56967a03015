"""The app engineer's screens: they draw at 1280x720 and 1920x1080 in both languages, answer
the mouse and keys, and follow a language switch without being rebuilt."""

from __future__ import annotations

import pygame
import pytest

from game.ui.scene import Scene, SceneStack
from game.ui.scenes.replay import STRIP
from game.ui.scenes.rules_help import FILTERS, PER_PAGE, TABS, RulesHelpScene, animals_for
from tests.app.screens import SIZES, context, draw_stack, render


def _key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")


def _click(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("tab", TABS)
def test_rules_help_draws(lang: str, size: tuple[int, int], tab: str) -> None:
    surf = render(RulesHelpScene(context(lang), tab), size)
    assert surf.get_size() == size


def test_rules_help_tabs_pages_and_close() -> None:
    ctx = context("en")
    stack = SceneStack()
    stack.push(Scene(ctx))
    help_ = RulesHelpScene(ctx)
    stack.push(help_)
    trees_tab = help_.tabs.buttons[TABS.index("trees")]
    help_.handle_event(_click(trees_tab.rect.center))
    assert help_.tab == "trees" and help_.pages == 1
    help_.go("animals")
    help_.pick("1")
    assert help_.pages == -(-len(animals_for("1")) // PER_PAGE) == 2
    help_.handle_event(_key(pygame.K_PAGEDOWN))
    help_.handle_event(_key(pygame.K_PAGEDOWN))
    assert help_.page == 1
    assert sum(len(animals_for(f)) for f in FILTERS) == 66
    help_.handle_event(_key(pygame.K_ESCAPE))
    assert stack.top is not help_


def test_language_switch_shows_at_once() -> None:
    ctx = context("en")
    help_ = RulesHelpScene(ctx, "onibi")
    render(help_, SIZES[0])
    assert help_.tabs.buttons[0].label == "A round"
    ctx.catalog.set_language("ko")  # type: ignore[attr-defined]
    render(help_, SIZES[0])
    assert help_.tabs.buttons[0].label == "한 라운드"


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("size", SIZES)
def test_statistics_draws_with_app_stats_and_with_a_plain_storage(
    tmp_path, lang: str, size: tuple[int, int]
) -> None:
    from game.ui.scenes.statistics import StatisticsScene
    from tests.app.screens import sample_storage

    for storage in (sample_storage(tmp_path), None):
        scene = StatisticsScene(context(lang, storage=storage))
        assert render(scene, size).get_size() == size


def test_statistics_reset_asks_first(tmp_path) -> None:
    from game.ui.scenes.statistics import StatisticsScene
    from tests.app.screens import sample_storage

    storage = sample_storage(tmp_path)
    ctx = context("en", storage=storage)
    stack = SceneStack()
    scene = StatisticsScene(ctx)
    stack.push(scene)
    assert scene.stats.played == 9
    draw_stack(stack, SIZES[0])
    reset = scene.menu.buttons[1]
    scene.handle_event(_click(reset.rect.center))
    assert stack.top.kind == "confirm" and storage.load_stats().played == 9
    stack.top.handle_event(_key(pygame.K_ESCAPE))  # no
    assert stack.top is scene and storage.load_stats().played == 9
    scene.handle_event(_click(reset.rect.center))
    stack.top.handle_event(_key(pygame.K_RETURN))  # yes
    assert stack.top is scene and scene.stats.played == 0
    assert storage.load_stats().played == 0


@pytest.fixture(scope="module")
def replays(tmp_path_factory):  # noqa: ANN201
    from tests.app.screens import replay_storage

    return replay_storage(tmp_path_factory.mktemp("replays"))


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("size", SIZES)
def test_replay_screens_draw(replays, lang: str, size: tuple[int, int]) -> None:  # noqa: ANN001
    from game.ui.scenes.replay import ReplayBrowserScene
    from tests.app.screens import viewer

    for scene in (
        ReplayBrowserScene(context(lang, storage=replays)),
        ReplayBrowserScene(context(lang)),
        viewer(context(lang, storage=replays), 0),
        viewer(context(lang, storage=replays), -2),
        viewer(context(lang, storage=replays), 10**6),
    ):
        assert render(scene, size).get_size() == size


def test_replay_viewer_controls(replays) -> None:  # noqa: ANN001
    from game.ui.scenes.replay import ReplayBrowserScene, ReplayViewerScene, log_entries

    ctx = context("en", storage=replays)
    stack = SceneStack()
    browser = ReplayBrowserScene(ctx)
    stack.push(browser)
    assert len(browser.matches) == 3
    browser.handle_event(_key(pygame.K_RETURN))
    viewer = stack.top
    assert isinstance(viewer, ReplayViewerScene)
    r = viewer.replay
    draw_stack(stack, SIZES[0])
    viewer.handle_event(_key(pygame.K_RIGHT))
    viewer.handle_event(_key(pygame.K_RIGHT))
    assert r.index == 2
    viewer.handle_event(_key(pygame.K_LEFT))
    assert r.index == 1
    viewer.handle_event(_key(pygame.K_PAGEDOWN))
    assert r.round == 2 and r.index == r.round_start(2)
    forward = viewer.controls.buttons[2]
    viewer.handle_event(_click(forward.rect.center))
    assert r.index == r.round_start(2) + 1
    viewer.handle_event(_click((STRIP.right - 3, STRIP.centery)))  # the last round
    assert r.round == r.rounds[-1]
    viewer.handle_event(_key(pygame.K_HOME))
    viewer.handle_event(_key(pygame.K_SPACE))
    assert viewer.playing
    viewer.update(1.0)
    assert r.index == 2
    viewer.handle_event(_key(pygame.K_END))
    assert r.index == len(r) and r.game.over and not viewer.playing
    log = log_entries(r)
    assert log[-1].event.kind == "game_over"
    viewer.handle_event(_key(pygame.K_ESCAPE))
    assert stack.top is browser


def test_settings_overlay_switches_language_and_saves(paths) -> None:  # noqa: ANN001
    from game.app.storage import FileStorage
    from game.ui.scenes.overlays import SettingsOverlay

    storage = FileStorage(paths)
    ctx = context("en", storage=storage)
    ctx.settings = storage.load_settings()
    ctx.settings.language = "en"  # whatever the machine's own language is
    stack = SceneStack()
    stack.push(Scene(ctx))
    overlay = SettingsOverlay(ctx)
    stack.push(overlay)
    assert overlay.menu.buttons[0].label == "Language: English"
    overlay.handle_event(_click(overlay.menu.buttons[0].rect.center))
    assert ctx.tr("menu.new_game") == "새 게임"
    assert overlay.menu.buttons[0].label == "언어: 한국어"
    sizes = []
    ctx.resize_window = sizes.append
    for i in (1, 5, 6, 7):  # window, sound, colour-blind, confirm before passing
        overlay.handle_event(_click(overlay.menu.buttons[i].rect.center))
    assert sizes == [(1600, 900)]
    saved = storage.load_settings()
    assert (saved.language, saved.window, saved.muted) == ("ko", (1600, 900), True)
    assert saved.colour_blind and not saved.confirm_pass
    draw_stack(stack, SIZES[0])


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("size", SIZES)
def test_rules_texts_fit_their_box(lang: str, size: tuple[int, int]) -> None:
    from game.ui.kit import theme
    from game.ui.kit.painter import Painter
    from game.ui.kit.text import TextCache
    from game.ui.kit.viewport import Viewport
    from game.ui.scenes.rules_help import CONTENT, TEXT_TABS, help_text

    ctx = context(lang)
    render(RulesHelpScene(ctx), size)  # initialises the display and fonts
    p = Painter(pygame.Surface(size), Viewport(size), TextCache(), ctx.art)
    for tab in TEXT_TABS:
        height = p.text_height(help_text(ctx.tr, tab), CONTENT.w, theme.BODY)
        assert height <= CONTENT.h - 56, (tab, height)
