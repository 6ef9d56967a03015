"""The composition root: builds the catalogue, storage, art, sound and AI pool, and hands
them to the table as one ``Context``. Nothing else in the game creates these."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.i18n import Catalog
from game.ui.scenes.registry import all_scenes
from game.ui.table.ai_seats.ai_seat import AiPool

log = logging.getLogger(__name__)


@dataclass
class Services:
    """Everything built here that must be closed on the way out."""

    ctx: Any
    pool: AiPool

    def close(self) -> None:
        """Quit: the last autosave reaches the disk, the AI processes end, a hosted table's
        server stops (its tables stay in its store)."""
        self.ctx.storage.close()
        self.pool.close()
        if self.ctx.online is not None:
            self.ctx.online.close()


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
    online: Any = None,
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
    ctx.language = lambda: catalog.language
    ctx.scenes = all_scenes()
    ctx.settings = settings
    if progress is not None:
        ctx.lesson_progress = progress
    ctx.ai_factory = pool.make
    ctx.ponder = pool.ponderer
    ctx.hint = pool.hinter()
    ctx.online = online if online is not None else _online(None)
    ctx.online.farewells()  # seats left while their server could not be told: told now
    if sound:
        ctx.sound = _sound(ctx.settings.volume)
        if ctx.sound is not None and ctx.settings.muted:
            ctx.sound.set_muted(True)
    return Services(ctx, pool)


def _online(db: Path | None, book: Any = None) -> Any:
    """Host and join tables: a hosted table's server listens on every interface (friends on
    the network join it) and keeps its tables in ``db`` (None: in memory); the seats held
    are kept in ``book`` (the app: ``online-seats.json``; None: in memory)."""
    from game.ui.online.service import Online

    return Online(db=db) if book is None else Online(db=db, book=book)


def _sound(volume: float) -> Any:
    try:
        from game.ui.media.sound import Sound

        return Sound(volume=volume)
    except Exception:  # noqa: BLE001 - no audio device: play silently, and say why in the log
        log.warning("sound is off: the mixer could not be opened", exc_info=True)
        return None


@dataclass(frozen=True)
class FolderProblem:
    """A folder of the player's files that cannot be read or written at launch."""

    folder: Path
    reason: str


def folder_problem(folders: list[Path]) -> FolderProblem | None:
    """The first of ``folders`` the game cannot create, list, write and remove a file in
    (permissions, a file in a folder's place, a read-only disk), or ``None``."""
    import tempfile

    for folder in folders:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            list(folder.iterdir())
            with tempfile.NamedTemporaryFile(dir=folder, prefix=".probe-", suffix=".tmp"):
                pass
        except OSError as e:
            return FolderProblem(folder, e.strerror or str(e))
    return None


def file_services() -> tuple[Any, Any] | FolderProblem:
    """The player's files: saves, settings and statistics, and the lesson progress; or the
    folder that cannot be used (the window then says so instead of the game dying)."""
    from game.app.lesson_progress import PROGRESS_FILE, ProgressStore
    from game.app.paths import AppPaths
    from game.app.storage import FileStorage

    paths = AppPaths.default()
    problem = folder_problem([paths.config, paths.data, paths.saves])
    if problem is not None:
        return problem
    try:
        storage = FileStorage(paths, background=True)
        storage.record_left_over()  # a game over the app was killed during
        return storage, ProgressStore(paths.data / PROGRESS_FILE)
    except OSError as e:  # a file inside that refuses us although the folder let us in
        return FolderProblem(paths.data, e.strerror or str(e))


def run_window(verbose: bool = False) -> int:
    """Open the window on the menu and play until the player quits. With a folder the game
    cannot use, the window shows what is wrong and what to do, and the exit status is
    ``EXIT_FOLDER_PROBLEM``."""
    import pygame

    from game.app.logs import configure_logging
    from game.app.paths import AppPaths
    from game.ui.app import TableApp

    log_file = configure_logging(AppPaths.default().data, verbose)
    log.info("Living Forest starting; log file %s", log_file)
    files = file_services()
    if isinstance(files, FolderProblem):
        log.error("cannot use %s: %s", files.folder, files.reason)
        services = build(settings=_first_run_settings(), use_workers=False, sound=False)
        first = services.ctx.scenes.make(
            "launch_error", services.ctx, str(files.folder), files.reason
        )
        status = EXIT_FOLDER_PROBLEM
    else:
        storage, progress = files
        from game.app.online_seats import SeatFile

        paths = AppPaths.default()
        hosted = _online(paths.data / "hosted-tables.db", SeatFile.of(paths))
        services = build(storage=storage, progress=progress, online=hosted)
        first = services.ctx.scenes.make("menu", services.ctx)
        status = 0
    ctx = services.ctx
    try:
        app = TableApp(ctx, ctx.settings.window, fullscreen=ctx.settings.fullscreen)
        app.run(first)
        while app.stack.scenes:  # each scene's exit: the table saves what it has not yet
            app.stack.pop()
    finally:
        services.close()
        pygame.quit()
        log.info("Living Forest closed")
    return status


EXIT_FOLDER_PROBLEM = 3


def _first_run_settings() -> Any:
    """Settings when the config folder cannot be read: the defaults, in the system's language."""
    from game.app.settings_file import system_language
    from game.player_settings import PlayerSettings

    return PlayerSettings(language=system_language())
