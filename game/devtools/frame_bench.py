"""Frame budget: ``python -m game.devtools.frame_bench``.

Renders the action-phase scene of a mid-game 4-player position for 600 frames at 1280x720
and 1920x1080 (headless, the pointer sweeping over the table so hover highlights and tooltips
are drawn) and prints the median and p99 frame times as JSON lines; then the CPU the real
frame loop uses while nothing happens (the menu, and a table waiting for the human) over
``--idle-seconds`` (10); then the time from process start to the first menu frame.
Targets: p99 <= 8 ms at 1920x1080, idle CPU <= 5% of a core, start <= 1.5 s.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time

FRAMES = 600
SIZES = ((1280, 720), (1920, 1080))


def _setup_env() -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def mid_game(seed: int = 5, rounds: int = 5):  # noqa: ANN201 - a Match
    """A 4-player match in round ``rounds``, with seat 0 (human) to act."""
    from game.engine import Phase
    from game.ui.table.ai_seats.ai_seat import builtin_choice
    from game.ui.table.match import Match, Seat

    seats = [Seat("Ana", "human")] + [Seat(n, "medium") for n in ("Bo", "Cy", "Di")]
    match = Match.new(seats, seed, first_player=0)
    rand = random.Random(seed)
    g = match.game
    while not (g.round >= rounds and g.phase is Phase.ACTION and g.turn == 0 and not g.tasks):
        if g.over:
            raise RuntimeError("the bench game ended early; pick another seed")
        a = match.active()
        if a is None:  # a local match of AI seats always has someone deciding
            raise RuntimeError("nobody decides in the bench game")
        match.play(a.player, builtin_choice(g, a.player, rand))
    match.queue.clear()
    match.sync()
    return match


def frame_times(size: tuple[int, int], frames: int = FRAMES) -> list[float]:
    import pygame

    from game.ui.app import TableApp
    from game.ui.headless import headless_context
    from game.ui.scenes.table import TableScene, scene_for_match

    ctx = headless_context(speed="normal")
    app = TableApp(ctx, size)
    match = mid_game()
    app.stack.push(scene_for_match(ctx, match))
    for _ in range(5):  # warm the caches (first layer, first text)
        app.step(1 / 60)
    table = app.stack.top
    assert isinstance(table, TableScene)
    layout = table.layout
    path = [layout[f"reserve_{lvl}"].center for lvl in (1, 2, 3)]
    path += [layout.player(p, "help_line").center for p in range(4)]
    path += [layout["circle"].center, layout["tree_supply"].center]
    out = []
    for i in range(frames):
        pos = app.viewport.point(path[(i // 20) % len(path)])
        ev = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        t0 = time.perf_counter()
        app.feed(ev)
        app.step(1 / 60)
        out.append((time.perf_counter() - t0) * 1000)
    pygame.display.quit()
    return out


def idle_cpu(scene: str, seconds: float, size: tuple[int, int] = (1920, 1080)) -> float:
    """Percent of one core the app's own loop (``TableApp.run``) uses over ``seconds`` on
    an idle ``scene`` ("menu", or "table": a human to act, nothing moving)."""
    import pygame

    from game.ui.app import TableApp
    from game.ui.headless import headless_context
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.table import scene_for_match

    ctx = headless_context(speed="normal")
    app = TableApp(ctx, size)
    first = MenuScene(ctx) if scene == "menu" else scene_for_match(ctx, mid_game())
    threading.Timer(1.0 + seconds, app.stop).start()
    timer = threading.Timer(1.0, lambda: marks.append(time.process_time()))
    marks: list[float] = []
    timer.start()  # the first second settles (first frames, caches); then we count
    app.run(first)
    cpu = time.process_time() - marks[0]
    pygame.display.quit()
    return 100 * cpu / seconds


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def start_time() -> float:
    """Seconds from launching the game (``python -m game --first-frame``: the real
    composition root, fonts, art) to its first menu frame."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    t0 = time.time()
    out = subprocess.run(
        [sys.executable, "-m", "game", "--first-frame"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    return float(out.stdout.split("first_frame_at")[1].split()[0]) - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.devtools.frame_bench", description=__doc__)
    ap.add_argument("--idle-seconds", type=float, default=10.0, help="idle CPU window")
    args = ap.parse_args(argv)
    _setup_env()
    for size in SIZES:
        times = frame_times(size)
        print(json.dumps({
            "scene": "action",
            "size": f"{size[0]}x{size[1]}",
            "frames": len(times),
            "median_ms": round(statistics.median(times), 3),
            "p99_ms": round(p99(times), 3),
            "max_ms": round(max(times), 3),
        }))  # fmt: skip
    for scene in ("menu", "table"):
        cpu = idle_cpu(scene, args.idle_seconds)
        print(
            json.dumps({"idle": scene, "seconds": args.idle_seconds, "cpu_percent": round(cpu, 1)})
        )
    print(json.dumps({"start_to_menu_s": round(start_time(), 3)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
