"""Issue 32 item 20: the picture caches are bounded by the memory their pixels take, not by a
count. Game after game the main process grew from 154 to 273 MB: every log line rendered
stayed until 4,000 of them were kept (~25 KB each at 1920x1080), every size a flying card
was scaled to stayed for good. Now each cache drops its least recently drawn pictures past
its budget, and what is drawn again and again stays."""

from __future__ import annotations

import pygame
import pytest

from game.ui.kit.painter import Painter
from game.ui.kit.surface_cache import SurfaceCache, surface_bytes
from game.ui.kit.text import TextCache
from game.ui.kit.viewport import Viewport
from game.ui.media.art import Art
from game.ui.media.sprites import Sprites

MB = 2**20


def held(cache: object) -> int:
    """The pixels a cache keeps, in bytes (its values: a dict's or a ``SurfaceCache``'s)."""
    return sum(surface_bytes(s) for s in cache.values())  # type: ignore[attr-defined]


@pytest.fixture(scope="module", autouse=True)
def display() -> None:
    pygame.init()
    pygame.display.set_mode((64, 64))


def test_a_session_of_log_lines_keeps_at_most_16_mb_of_text() -> None:
    cache = TextCache()
    kept = cache.render("Your turn", 24, (255, 255, 255))
    for i in range(1200):  # ~60 KB each: 70 MB if every one stayed
        cache.render(f"Round {i}: Bo attracts the Goldfish and takes a Fire of {i % 4}", 30,
                     (240, 230, 200))  # fmt: skip
        assert cache.render("Your turn", 24, (255, 255, 255)) is kept  # drawn every frame
    assert held(cache._surfaces) <= 16 * MB


def test_a_card_flying_through_every_size_keeps_a_bounded_sprite_cache() -> None:
    sprites = Sprites(label=lambda key: "Goldfish")
    art = Art(sprites=sprites, label=lambda key: "Goldfish")
    for w in range(120, 420):  # a card growing as it flies: ~300 sizes of ~250 KB
        art.image("card_face", 12, size=(w, round(w * 400 / 288)))
    assert held(art._cache) <= 32 * MB
    assert held(sprites._scaled) <= 32 * MB and held(sprites._named) <= 16 * MB
    assert art.image("card_face", 12, size=(419, 582)) is art.image(
        "card_face", 12, size=(419, 582)
    )


def test_translucent_boxes_of_many_sizes_keep_at_most_32_mb() -> None:
    surface = pygame.Surface((1280, 720))
    painter = Painter(surface, Viewport((1280, 720)), TextCache(), Art(use_real=False))
    for i in range(40):  # a box the size of most of the window, 3.5 MB each
        painter.rect((0, 0, 1240 + i, 700), (0, 0, 0, 120))
    assert held(painter._alpha) <= 32 * MB


def test_the_least_recently_used_go_first_and_the_bytes_add_up() -> None:
    cache = SurfaceCache(budget=3 * 100 * 100 * 4)
    a, b, c, d = (pygame.Surface((100, 100), pygame.SRCALPHA) for _ in range(4))
    cache.put("a", a), cache.put("b", b), cache.put("c", c)
    assert cache.get("a") is a  # now the most recent
    cache.put("d", d)
    assert "b" not in cache and [k in cache for k in "acd"] == [True] * 3
    assert cache.bytes == 3 * surface_bytes(a) and cache.dropped == 1
    huge = pygame.Surface((400, 400), pygame.SRCALPHA)
    assert cache.put("huge", huge) is huge and "huge" not in cache and len(cache) == 3
    cache.clear()
    assert cache.bytes == 0 and len(cache) == 0
