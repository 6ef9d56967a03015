"""One door to the table's pictures: the real sprites when they exist, placeholders otherwise.

``Art.image(name, *args, size=...)`` calls the method of the same name on ``Sprites``; a
missing file falls back to ``FallbackArt`` once and is remembered, so a partial asset set
still draws every component.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from game.ui.kit.surface_cache import SurfaceCache
from game.ui.media.art_fallback import FallbackArt

log = logging.getLogger(__name__)

ART_BUDGET = 32 * 2**20  # pixels kept (least recently drawn dropped first)


def _real_sprites(label: Callable[[str], str] | None = None) -> Any | None:
    try:
        from game.ui.media.sprites import Sprites
    except ImportError:  # pragma: no cover - art not installed
        return None
    return Sprites(label=label)


class Art:
    def __init__(
        self,
        sprites: Any | None = None,
        use_real: bool = True,
        label: Callable[[str], str] | None = None,
    ) -> None:
        """``label`` (the catalogue's ``tr``) writes the animals' names on the card faces in
        the current language."""
        if sprites is None and use_real:
            sprites = _real_sprites(label)
        self.real = sprites
        self.fallback = FallbackArt()
        self._broken: set[tuple] = set()
        self._cache = SurfaceCache(ART_BUDGET)  # finished pictures by name, args, size, text

    def image(
        self, name: str, *args: Any, size: tuple[int, int], text_scale: float = 1.0
    ) -> pygame.Surface:
        """``text_scale``: the interface scale, for the words a picture carries (a card's
        name); other pictures ignore it."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        label_of = getattr(self.real, "label_of", None)
        # The text a picture carries is part of its key: a new language, a new picture.
        text = label_of(name, args) if label_of is not None else None
        scaled = {"scale": text_scale} if text is not None and text_scale != 1.0 else {}
        key = (name, args, size, text, text_scale if scaled else 1.0)
        surf = self._cache.get(key)
        if surf is not None:
            return surf
        surf = None
        if self.real is not None and (name, args) not in self._broken:
            try:
                surf = getattr(self.real, name)(*args, size, **scaled)
            except (FileNotFoundError, KeyError, pygame.error) as e:  # its placeholder, once
                log.warning("art %s%s missing: a placeholder is drawn (%s)", name, args, e)
                self._broken.add((name, args))
        if surf is None:
            surf = getattr(self.fallback, name)(*args, size)
        return self._cache.put(key, surf)

    def name_end(self, card: int, size: tuple[int, int], text_scale: float = 1.0) -> int | None:
        """How far from its left edge the name written on ``card``'s face at ``size``
        (and interface scale) reaches (``None``: no name written; the placeholder art
        writes none to measure)."""
        measure = getattr(self.real, "name_end", None)
        if measure is None or ("card_face", (card,)) in self._broken:
            return None
        return measure(card, size, text_scale) if text_scale != 1.0 else measure(card, size)

    def clear(self) -> None:
        """Forget scaled copies (after a resize)."""
        self._cache.clear()
        if self.real is not None and hasattr(self.real, "clear"):
            self.real.clear()
