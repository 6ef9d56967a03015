"""``python -m game.devtools.memory [--games 180] [--at 0 20 60 120 180] [--trace 20 180]``:
does the app's memory grow game after game? JSON lines on standard output.

The app, headless, built by its composition root (``launch.build``: file storage in a
throwaway ``LIVING_FOREST_HOME``, the AI in worker processes, as the window does), plays
games of four AI seats at instant speed through the real scenes, one after another: the
setup, the table, the game over (its statistics and replay written), then Play again. At
each game count in ``--at`` it prints the main process's resident memory (RSS, MB) and the
sizes of the app's long-lived collections (``--sizes``); with ``--trace A B`` it takes
``tracemalloc`` snapshots at games A and B and prints the allocation sites that grew most
between them (tracing slows the run about threefold).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

MAX_FRAMES_PER_GAME = 100_000
SEATS = ("easy", "medium", "easy", "medium")


def rss_mb() -> float:
    """The process's resident memory (Linux ``/proc``; elsewhere the peak, from ``resource``)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Games:
    """The app, headless, and a loop of AI games through its scenes."""

    def __init__(self, home: Path, use_workers: bool = True, size: tuple[int, int] = (1280, 720)):
        os.environ["LIVING_FOREST_HOME"] = str(home)
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        from game.app.launch import build, file_services
        from game.ui.app import TableApp
        from game.ui.online.service import Online
        from game.ui.scenes.menu import MenuScene

        files = file_services()
        if not isinstance(files, tuple):
            raise SystemExit(f"cannot use {files.folder}: {files.reason}")
        storage, progress = files
        offline = Online(listen="127.0.0.1", port=0, discover=False, ai_processes=0)
        self.services = build(
            storage=storage,
            progress=progress,
            use_workers=use_workers,
            budget_scale=0.05,
            sound=False,
            online=offline,
        )
        self.ctx = self.services.ctx
        self.ctx.settings.speed = "instant"
        self.app = TableApp(self.ctx, size)
        self.app.stack.push(MenuScene(self.ctx))
        self.app.step(1 / 60)
        self.played = 0

    def top(self) -> Any:
        return self.app.stack.top

    def start(self, seed: int) -> None:
        """A new game of four AI seats, from the menu or from Play again."""
        top = self.top()
        if top.kind == "game_over":
            top.play_again()
        else:
            top.new_game() if hasattr(top, "new_game") else self.app.stack.push(
                self.ctx.scenes.make("setup", self.ctx)
            )
        self.app.step(1 / 60)
        setup = self.top()
        assert setup.kind == "setup", setup.kind
        for i, level in enumerate(SEATS):
            setup.all_seats[i].kind = level
        setup.count = len(SEATS)
        setup.seed = str(seed)
        setup.build()
        setup.start()
        self.app.step(1 / 60)

    def play_one(self, seed: int) -> None:
        self.start(seed)
        for _ in range(MAX_FRAMES_PER_GAME):
            self.app.step(1 / 60)
            if self.top().kind == "game_over":
                break
        else:
            raise RuntimeError(f"game {self.played} did not end in {MAX_FRAMES_PER_GAME} frames")
        for _ in range(3):  # the results show (the game is recorded)
            self.app.step(1 / 60)
        self.played += 1

    def close(self) -> None:
        self.services.close()


def _surfaces(cache: dict) -> tuple[int, int]:
    """How many surfaces a cache holds, and their pixels' size in KB."""
    values = list(cache.values())
    kb = sum(v.get_width() * v.get_height() * v.get_bytesize() for v in values) // 1024
    return len(values), kb


def sizes(games: Games) -> dict[str, int]:
    """The long-lived caches and collections that could grow game after game: count and KB."""
    art, painter = games.ctx.art, games.app.painter
    caches = {"art": art._cache, "text": painter.texts._surfaces, "alpha": painter._alpha,
              "fallback": art.fallback._cache}  # fmt: skip
    real = art.real
    if real is not None:
        caches.update({"sprites_scaled": real._scaled, "sprites_named": real._named})
    out: dict[str, int] = {}
    for name, cache in caches.items():
        out[name], out[f"{name}_kb"] = _surfaces(cache)
        if hasattr(cache, "dropped"):  # pictures dropped for room (drawn again if needed)
            out[f"{name}_dropped"] = cache.dropped
    out["gc_objects"] = len(gc.get_objects())
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=180)
    parser.add_argument("--at", type=int, nargs="+", default=[0, 20, 60, 120, 180])
    parser.add_argument("--trace", type=int, nargs=2, default=None, metavar=("A", "B"))
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--depth", type=int, default=6, help="frames kept per allocation")
    parser.add_argument("--in-process", action="store_true", help="the AI in this process")
    parser.add_argument("--size", default="1280x720", help="the window, e.g. 1920x1080")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.lower().split("x"))
    with tempfile.TemporaryDirectory(prefix="lf-memory-") as home:
        games = Games(Path(home), use_workers=not args.in_process, size=(width, height))
        snaps: dict[int, Any] = {}
        if args.trace:
            tracemalloc.start(args.depth)
        start = time.perf_counter()
        try:
            for n in range(args.games + 1):
                if n in args.at or (args.trace and n in args.trace):
                    gc.collect()
                    seconds = round(time.perf_counter() - start, 1)
                    row = {"games": n, "rss_mb": round(rss_mb(), 1), "seconds": seconds}
                    row.update(sizes(games))
                    print(json.dumps(row), flush=True)
                    if args.trace and n in args.trace:
                        snaps[n] = tracemalloc.take_snapshot()
                if n < args.games:
                    games.play_one(seed=1000 + n)
        finally:
            games.close()
        if args.trace and len(snaps) == 2:
            a, b = (snaps[n] for n in args.trace)
            for stat in b.compare_to(a, "traceback")[: args.top]:
                frames = [f"{f.filename.split('site-packages/')[-1]}:{f.lineno}"
                          for f in stat.traceback[-6:]]  # fmt: skip
                print(json.dumps({"grew_kb": round(stat.size_diff / 1024, 1),
                                  "count_diff": stat.count_diff, "where": frames}))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
