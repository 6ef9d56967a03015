"""``SurfaceCache``: pictures kept for reuse, bounded by the memory their pixels take.

The table renders texts and scales sprites once and reuses them. Each cache used to be a
dict emptied at a count of entries (4,000 texts, 3,000 pictures) or never (the scaled
sprites): the count says little about memory (a line of text at 1920x1080 takes ~25 KB, a
card face 100 KB), and a flying card is scaled to a new size every frame. Game after game
the main process grew from 154 to 273 MB (issue 32, item 20). Here the least recently used
pictures go first once the pixels pass ``budget`` bytes, so what a frame draws stays and
the rest is bounded.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterator

import pygame


def surface_bytes(surf: pygame.Surface) -> int:
    """The memory a surface's pixels take (its rows, padding included)."""
    return surf.get_pitch() * surf.get_height()


class SurfaceCache:
    """Surfaces by key; the least recently used are dropped past ``budget`` bytes."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self._items: OrderedDict[Hashable, tuple[pygame.Surface, int]] = OrderedDict()
        self.bytes = 0
        self.dropped = 0  # pictures dropped for room (for measurements)

    def get(self, key: Hashable) -> pygame.Surface | None:
        item = self._items.get(key)
        if item is None:
            return None
        self._items.move_to_end(key)
        return item[0]

    def put(self, key: Hashable, surf: pygame.Surface) -> pygame.Surface:
        """Keep ``surf`` under ``key`` (and return it); older pictures go if need be. One
        picture larger than the whole budget is returned but not kept."""
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        size = surface_bytes(surf)
        if size > self.budget:
            return surf
        while self._items and self.bytes + size > self.budget:
            _, (_, dropped) = self._items.popitem(last=False)
            self.bytes -= dropped
            self.dropped += 1
        self._items[key] = (surf, size)
        self.bytes += size
        return surf

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

    def values(self) -> Iterator[pygame.Surface]:
        return (surf for surf, _ in self._items.values())

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items
