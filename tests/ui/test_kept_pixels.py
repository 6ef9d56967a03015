"""A button blits back what it drew in an earlier frame while its looks and the pixels under
it are unchanged (``game/ui/kit/kept_pixels.py``): the window then holds exactly what drawing
it again would give, and anything changed (its label, hover, the pixels under it, the
interface scale) draws it again."""

from __future__ import annotations

import pygame
from pygame import Rect

from game.ui.kit.painter import Painter
from game.ui.kit.text import TextCache
from game.ui.kit.viewport import Viewport
from game.ui.kit.widgets import Button
from game.ui.media.art import Art

SIZE = (1280, 720)


def painters() -> tuple[Painter, Painter]:
    vp, texts, art = Viewport(SIZE), TextCache(), Art(use_real=False)
    kept = Painter(pygame.Surface(SIZE), vp, texts, art, reuse=True)
    fresh = Painter(pygame.Surface(SIZE), vp, texts, art)
    return kept, fresh


def frame(p: Painter, buttons: list[Button], under: tuple[int, int, int]) -> bytes:
    p.surface.fill(under)
    p.surface.fill((200, 10, 10), Rect(0, 0, 300, 40))  # something under the first button
    for b in buttons:
        b.draw(p)
    return pygame.image.tobytes(p.surface, "RGB")


def test_buttons_drawn_again_or_blitted_back_give_the_same_pixels() -> None:
    kept, fresh = painters()
    mine = [Button(Rect(20, 10, 300, 60), "Confirm", lambda: None, key_hint="Enter"),
            Button(Rect(400, 10, 240, 60), "Undo", lambda: None, enabled=False)]  # fmt: skip
    theirs = [Button(b.rect, b.label, b.action, b.enabled, b.key_hint) for b in mine]
    steps = [
        lambda: None,  # the same frame again: blitted back
        lambda: setattr(mine[0], "hovered", True),
        lambda: setattr(mine[1], "label", "Undo the Plant"),
        lambda: setattr(mine[0], "highlight", True),
        lambda: setattr(kept, "text_scale", 1.5),
    ]
    under = (30, 40, 30)
    assert frame(kept, mine, under) == frame(fresh, theirs, under)
    for i, change in enumerate(steps):
        hits = [b.kept.hits for b in mine]
        change()
        for b, t in zip(mine, theirs, strict=True):
            t.hovered, t.label, t.highlight = b.hovered, b.label, b.highlight
        fresh.text_scale = kept.text_scale
        assert frame(kept, mine, under) == frame(fresh, theirs, under), i
        if i == 0:
            assert [b.kept.hits for b in mine] == [h + 1 for h in hits]
    hits = [b.kept.hits for b in mine]
    assert frame(kept, mine, (90, 90, 90)) == frame(fresh, theirs, (90, 90, 90))
    assert [b.kept.hits for b in mine] == hits  # new pixels under them: drawn again
    assert frame(kept, mine, (90, 90, 90)) == frame(fresh, theirs, (90, 90, 90))
    assert [b.kept.hits for b in mine] == [h + 1 for h in hits]


def test_a_painter_that_records_sees_every_drawing() -> None:
    """Only the app's window painter reuses: a test's painter is called for every button."""
    calls: list[str] = []

    class Recording(Painter):
        def text(self, s, *args, **kw):  # noqa: ANN001, ANN002, ANN003, ANN201
            calls.append(s)
            return super().text(s, *args, **kw)

    p = Recording(pygame.Surface(SIZE), Viewport(SIZE), TextCache(), Art(use_real=False))
    b = Button(Rect(20, 10, 300, 60), "Confirm", lambda: None)
    b.draw(p)
    b.draw(p)
    assert calls == ["Confirm", "Confirm"] and b.kept.hits == 0
