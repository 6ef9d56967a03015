"""A table context with nothing outside the process: the strict catalogue (a missing string
raises), memory storage, the built-in AI in place of worker processes, every scene by name.
For the tests, the screenshot tool and the frame benchmark; the app composes its own.

Its frame clock ticks (``TickClock``): at instant speed the table plays AI moves in a frame
until its 12 ms budget is spent, on the wall clock in the app, so a loaded machine drew
more frames for the same game and a test's frames held a different number of moves run to
run; here every frame holds the same moves."""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import Catalog
from game.ui.context import Context, MemoryStorage, Storage
from game.ui.media.art import Art
from game.ui.online.service import Online
from game.ui.scenes.registry import all_scenes
from game.ui.table.ai_seats.ai_seat import BuiltinAi


@dataclass
class TickClock:
    """A clock that moves on by ``step`` seconds each time it is read (``frame_clock``):
    the table's 12 ms budget holds 12 passes of its loop at 1 ms."""

    step: float = 0.001
    now: float = 0.0

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def headless_context(
    language: str = "en", storage: Storage | None = None, speed: str = "instant"
) -> Context:
    catalog = Catalog.load(language, strict=True)
    ctx = Context(
        tr=catalog.tr,
        art=Art(label=catalog.tr),  # card names in the catalogue's language
        storage=storage if storage is not None else MemoryStorage(),
        has_key=catalog.has,
        scenes=all_scenes(),
    )
    ctx.set_language = catalog.set_language
    ctx.language = lambda: catalog.language
    ctx.settings.language = language
    ctx.ai_factory = lambda level, seat, seed=0: BuiltinAi(level, seat)
    ctx.online = Online(listen="127.0.0.1", port=0, discover=False, ai_processes=0)
    ctx.settings.speed = speed
    ctx.frame_clock = TickClock()
    return ctx
