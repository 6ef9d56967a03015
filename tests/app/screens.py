"""Rendering the app engineer's scenes headless, for tests and for looking at them.

``python -m tests.app.screens OUT_DIR`` writes every screen at 1280x720 and 1920x1080 in
English and Korean.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.i18n import Catalog  # noqa: E402
from game.ui.context import Context  # noqa: E402
from game.ui.kit.painter import Painter  # noqa: E402
from game.ui.kit.text import TextCache  # noqa: E402
from game.ui.kit.viewport import Viewport  # noqa: E402
from game.ui.media.art import Art  # noqa: E402
from game.ui.scene import Scene, SceneStack  # noqa: E402
from game.ui.scenes.registry import all_scenes  # noqa: E402
from tests.ui.art_formats import converted_art  # noqa: E402

SIZES = ((1280, 720), (1920, 1080))
_ART: list[Art] = []
_TEXT: list[TextCache] = []


def context(lang: str = "en", storage: Any = None, strict: bool = True) -> Context:
    if not _ART:
        _ART.append(converted_art())  # (no window: its pictures converted for the test surface)
    cat = Catalog.load(lang, strict=strict)
    ctx = Context(tr=cat.tr, art=_ART[0], has_key=cat.has, scenes=all_scenes())
    ctx.settings.language = lang
    ctx.set_language = cat.set_language
    ctx.language = lambda: cat.language
    if storage is not None:
        ctx.storage = storage
    ctx.catalog = cat  # type: ignore[attr-defined]
    return ctx


def render(scene: Scene, size: tuple[int, int], below: Scene | None = None) -> pygame.Surface:
    """Draw ``scene`` (entered on a fresh stack, over ``below`` if given) at ``size``."""
    pygame.display.init()
    pygame.font.init()
    if not _TEXT:
        _TEXT.append(TextCache())
    surface = pygame.Surface(size)
    stack = SceneStack()
    if below is not None:
        stack.push(below)
    stack.push(scene)
    painter = Painter(surface, Viewport(size), _TEXT[0], scene.ctx.art)
    painter.clear()
    stack.draw(painter)
    return surface


def draw_stack(stack: SceneStack, size: tuple[int, int]) -> pygame.Surface:
    """Draw an existing stack (its scenes keep their stack) at ``size``."""
    pygame.display.init()
    pygame.font.init()
    if not _TEXT:
        _TEXT.append(TextCache())
    surface = pygame.Surface(size)
    painter = Painter(surface, Viewport(size), _TEXT[0], stack.scenes[0].ctx.art)
    painter.clear()
    stack.draw(painter)
    return surface


def shoot(out: Path, name: str, make: Callable[[Context], Scene], **ctx_args: Any) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "ko"):
        for size in SIZES:
            args = {k: v() if callable(v) else v for k, v in ctx_args.items()}
            scene = make(context(lang, **args))
            path = out / f"{name}_{lang}_{size[0]}x{size[1]}.png"
            pygame.image.save(render(scene, size), str(path))


def sample_storage(root: Path) -> Any:
    """A FileStorage under ``root`` holding statistics of a dozen varied matches."""
    from game.app.paths import AppPaths
    from game.app.storage import FileStorage
    from game.match_stats import GameSummary

    storage = FileStorage(AppPaths.under(root))
    games = [
        (("human", "easy"), (0,), ("trees",), 11),
        (("human", "medium", "medium"), (1,), ("fires",), 14),
        (("human", "hard"), (0,), ("fires",), 12),
        (("human", "hard", "easy", "medium"), (0,), ("flowers",), 16),
        (("human", "medium"), (0,), ("trees",), 13),
        (("human", "hard"), (1,), ("fires",), 12),
        (("easy", "hard"), (0, 1), ("fires", "trees"), 18),
        (("human", "human", "medium"), (1,), ("trees",), 15),
        (("human", "easy"), (0,), ("fires",), 10),
    ]
    for i, (kinds, winners, victories, rounds) in enumerate(games):
        summary = GameSummary(kinds, winners, victories, rounds, 20 + i, f"g{i}")
        storage.stats_store.record(summary)
    return storage


def replay_storage(root: Path) -> Any:
    """A FileStorage under ``root`` holding three finished matches (so three replays)."""
    from game.app.paths import AppPaths
    from game.app.storage import FileStorage
    from tests.app.helpers import play_match

    storage = FileStorage(AppPaths.under(root))
    for players, seed in ((2, 4), (3, 7), (4, 9)):
        kinds = ("human", "easy", "medium", "hard")[:players]
        storage.record_game(play_match(players, seed, kinds=kinds).to_json())
    return storage


_NEWEST: dict[tuple, Any] = {}


def newest_replay(storage: Any) -> Any:
    """``storage.recent_replays(1)[0]``, read once per set of replay files (a viewer of the
    same replay was built from a fresh read, every legal move checked again, each time)."""
    key = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in storage.list_replays())
    if key not in _NEWEST:
        _NEWEST[key] = storage.recent_replays(1)[0]
    return _NEWEST[key]


def viewer(ctx: Context, where: int) -> Scene:
    """The replay viewer on the newest replay: at move ``where``, or the start of round -where."""
    from game.replay import Replay
    from game.ui.scenes.replay import ReplayViewerScene

    match = newest_replay(ctx.storage)
    replay = Replay.from_match(match)
    if where < 0:
        replay.jump_to_round(-where)
        replay.seek(replay.index + 7)
    else:
        replay.seek(where)
    return ReplayViewerScene(ctx, replay, [s.name for s in match.seats],
                             [s.kind for s in match.seats])  # fmt: skip


def damaged_storage(root: Path) -> Any:
    """A FileStorage whose autosave was cut short by a crash (and has no backup)."""
    from game.app.paths import AppPaths
    from game.app.storage import FileStorage
    from tests.app.helpers import play_match

    paths = AppPaths.under(root)
    paths.saves.mkdir(parents=True)
    data = json.dumps(play_match(3, 5, max_moves=60).to_json()).encode()
    paths.autosave.write_bytes(data[: len(data) // 2])
    return FileStorage(paths)


def main(out: Path) -> None:
    import tempfile

    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.overlays import SettingsOverlay
    from game.ui.scenes.replay import ReplayBrowserScene
    from game.ui.scenes.rules_help import RulesHelpScene
    from game.ui.scenes.statistics import StatisticsScene

    root = Path(tempfile.mkdtemp())
    storage = sample_storage(root)
    shoot(out, "statistics", StatisticsScene, storage=storage)
    shoot(out, "statistics_empty", StatisticsScene)
    shoot(out, "settings", SettingsOverlay)
    shoot(out, "menu_damaged_save", MenuScene,
          storage=lambda: damaged_storage(Path(tempfile.mkdtemp())))  # fmt: skip
    replays = replay_storage(Path(tempfile.mkdtemp()))
    shoot(out, "replays", ReplayBrowserScene, storage=replays)
    shoot(out, "replays_empty", ReplayBrowserScene)
    for name, where in (("start", 0), ("round3", -3), ("end", 10**6)):
        shoot(out, f"replay_{name}", lambda ctx, w=where: viewer(ctx, w), storage=replays)

    for tab in ("round", "actions", "forest", "circle", "onibi", "winning", "animals", "trees"):
        shoot(out, f"rules_{tab}", lambda ctx, t=tab: RulesHelpScene(ctx, t))


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/app_shots"))
