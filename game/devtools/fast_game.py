"""``python -m game.devtools.fast_game [--seed 7] [--speed fast] [--frame-s 0.0167]``: the
app, headless, playing a game of AI seats, printing each move as it is shown.
``LIVING_FOREST_HOME`` says where its files go. The kill tests
(``tests/faults/test_kill_journal.py``) and the fault audit (``tools/fault_audit.py --parts
journal``) SIGKILL it and compare what it showed with what the next launch continues.

It is built by the app's own composition root (``file_services``, ``build``: file storage,
in-process AI) and runs the real table scene frame by frame without sleeping, each frame
``--frame-s`` long (a 60 Hz frame; longer frames show the same moves in fewer frames). It continues
the saved match if there is one (as Continue does), else starts one (as the setup does).
After every frame it prints the moves that frame applied, and so shows, one line each:
``shown <index> <[seat, move]>``; ``start <moves>`` first, ``over`` at the game's end.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

MAX_FRAMES = 200_000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--speed", default="fast", choices=["slow", "normal", "fast", "instant"])
    parser.add_argument("--frame-s", type=float, default=1 / 60, help="each frame's length")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.app.launch import build, file_services
    from game.ui.app import TableApp
    from game.ui.online.service import Online
    from game.ui.table.match import Match, Seat

    files = file_services()
    if not isinstance(files, tuple):
        print(f"folder problem: {files}", flush=True)
        return 3
    storage, progress = files
    offline = Online(listen="127.0.0.1", port=0, discover=False, ai_processes=0)
    services = build(
        storage=storage, progress=progress, use_workers=False, sound=False, online=offline
    )
    ctx = services.ctx
    ctx.settings.speed = args.speed
    app = TableApp(ctx, (1280, 720))
    saved = storage.load_match()
    if saved is not None:
        match = Match.from_saved(saved)
    else:
        seats = [Seat("Ana", "easy"), Seat("Bo", "medium"), Seat("Cy", "easy")]
        match = Match.new(seats, args.seed, 0)
        storage.save_match(match.to_json())  # as the setup does
    print(f"start {len(match.history)}", flush=True)
    app.stack.push(ctx.scenes.make("table", ctx, match))
    told = len(match.history)
    for _ in range(MAX_FRAMES):
        app.step(args.frame_s)
        for i in range(told, len(match.history)):
            seat, move = match.history[i]
            print(f"shown {i} {json.dumps([seat, move.to_json()])}", flush=True)
        told = len(match.history)
        if app.stack.top is None or app.stack.top.kind == "game_over":
            break
    print("over", flush=True)
    services.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
