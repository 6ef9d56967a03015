"""The app engineer's screens: they draw at 1280x720 and 1920x1080 in both languages, answer
the mouse and keys, and follow a language switch without being rebuilt."""

from __future__ import annotations

import pygame
import pytest

from game.ui.scene import Scene, SceneStack
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
