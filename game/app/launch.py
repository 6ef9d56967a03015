"""The composition root: builds the catalogue, storage, art, sound and AI pool, and hands
them to the table as one ``Context``. Nothing else in the game creates these."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from game.i18n import Catalog
from game.ui.scenes.registry import all_scenes
from game.ui.table.ai_seats.ai_seat import AiPool


@dataclass
class Services:
    """Everything built here that must be closed on the way out."""

    ctx: Any
    pool: AiPool

    def close(self) -> None:
        """Quit: the last autosave reaches the disk, the AI processes end."""
        close = getattr(self.ctx.storage, "close", None)  # FileStorage's writer thread
        if close is not None:
            close()
        self.pool.close()


def strict_catalogue() -> bool:
    """Missing strings raise in tests and the self-test, show their key for players."""
    return os.environ.get("LIVING_FOREST_STRICT_I18N", "") == "1"


def build(
    storage: Any = None,
    settings: Any = None,
    progress: Any = None,
    strict: bool | None = None,
    use_workers: bool = True,
    budget_scale: float = 1.0,
    sound: bool = True,
) -> Services:
    from game.ui.context import Context, MemoryStorage
    from game.ui.media.art import Art

    if storage is None:
        storage = MemoryStorage()
    if settings is None:
        settings = storage.load_settings()
    language = settings.language
    catalog = Catalog.load(language, strict=strict_catalogue() if strict is None else strict)
    pool = AiPool(use_workers=use_workers, budget_scale=budget_scale)
    ctx = Context(tr=catalog.tr, art=Art(label=catalog.tr), storage=storage, has_key=catalog.has)
    ctx.set_language = catalog.set_language
    ctx.scenes = all_scenes()
    ctx.settings = settings
    if progress is not None:
        ctx.lesson_progress = progress
    ctx.ai_factory = pool.make
    ctx.hint = pool.hinter()
    if sound:
        ctx.sound = _sound(ctx.settings.volume)
        if ctx.sound is not None and ctx.settings.muted:
            ctx.sound.set_muted(True)
    return Services(ctx, pool)


def _sound(volume: float) -> Any:
    try:
        from game.ui.media.sound import Sound

        return Sound(volume=volume)
    except Exception:  # noqa: BLE001 - no audio device: play silently
        return None


def file_services() -> tuple[Any, Any]:
    """The player's files: saves, settings and statistics, and the lesson progress."""
    from game.app.lesson_progress import PROGRESS_FILE, ProgressStore
    from game.app.paths import AppPaths
    from game.app.storage import FileStorage

    paths = AppPaths.default()
    return FileStorage(paths, background=True), ProgressStore(paths.data / PROGRESS_FILE)


def run_window() -> int:
    """Open the window on the menu and play until the player quits."""
    import pygame

    from game.ui.app import TableApp
    from game.ui.scenes.menu import MenuScene

    storage, progress = file_services()
    services = build(storage=storage, progress=progress)
    ctx = services.ctx
    size = ctx.settings.window
    try:
        app = TableApp(ctx, size, fullscreen=ctx.settings.fullscreen)
        app.run(MenuScene(ctx))
        while app.stack.scenes:  # each scene's exit: the table saves what it has not yet
            app.stack.pop()
    finally:
        services.close()
        pygame.quit()
    return 0
