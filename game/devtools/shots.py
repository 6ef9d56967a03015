"""Screenshots of the human's own turns: ``python -m game.devtools.shots DIR [--players 2 3 4]
[--size 1920x1080 ...] [--language ko] [--scale 125]``.

The self-test plays AI seats only, so it never shows what a person sees when it is their
turn (buttons, highlights, a tree to place). This plays seat 0 as a human by the table's own
handlers (keys and clicks), the others with the built-in AI, and writes one PNG per
situation, player count and size: ``{n}p_{situation}_{w}x{h}.png``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

SIZES: tuple[tuple[int, int], ...] = ((1920, 1080), (1280, 720))


def _size(text: str) -> tuple[int, int]:
    w, h = text.lower().split("x")
    return int(w), int(h)


class Shots:
    """Drives one match per player count and saves what the human sees."""

    def __init__(
        self,
        out: Path,
        sizes: tuple[tuple[int, int], ...],
        language: str = "en",
        scale: int = 100,
    ) -> None:
        import pygame

        from game.ui.app import TableApp
        from game.ui.headless import headless_context

        self.pygame = pygame
        self.out = out
        self.sizes = sizes
        out.mkdir(parents=True, exist_ok=True)
        self.language = language
        self.ctx = headless_context(language)
        self.ctx.settings.ui_scale = scale
        self.scale = scale
        self.app = TableApp(self.ctx, sizes[0])
        self.written: list[str] = []

    # -- helpers ---------------------------------------------------------------------------

    def shot(self, n: int, name: str) -> None:
        for w, h in self.sizes:
            lang = "" if self.language == "en" else f"_{self.language}"
            lang += "" if self.scale == 100 else f"_{self.scale}"
            path = self.out / f"{n}p_{name}{lang}_{w}x{h}.png"
            self.pygame.image.save(self.app.render((w, h)), str(path))
            self.written.append(path.name)

    def frames(self, count: int = 1) -> None:
        for _ in range(count):
            self.app.step(1 / 60)

    def key(self, key: int) -> None:
        pg = self.pygame
        self.app.feed(pg.event.Event(pg.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        self.frames()

    def hover(self, logical: tuple[int, int]) -> None:
        pg = self.pygame
        pos = self.app.viewport.point(logical)
        self.app.feed(pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.frames()

    @property
    def top(self) -> Any:
        return self.app.stack.top

    def wait_for_human(self, limit: int = 3000) -> bool:
        """Run frames until seat 0 may act (False if the game ends or it never comes)."""
        for _ in range(limit):
            if self.top.kind in ("game_over", "end_of_round"):
                return False
            if self.top.kind in ("draw", "action") and self.top.human_seat() == 0:
                return True
            self.frames()
        return False

    # -- one match -------------------------------------------------------------------------

    def play(self, n: int, seed: int = 11) -> None:
        from game.engine import Decision
        from game.engine.moves import DRAW, ChooseAction
        from game.ui.scenes.table import scene_for_match
        from game.ui.table.match import Match, Seat

        pg = self.pygame
        names = ["Ana", "Bo", "Cy", "Di"][:n]
        seats = [Seat(names[0], "human")] + [Seat(x, "easy") for x in names[1:]]
        match = Match.new(seats, seed, first_player=0)
        self.app.stack.clear_to(scene_for_match(self.ctx, match))
        self.frames(2)
        self.wait_for_human()
        self.key(pg.K_SPACE)
        self.key(pg.K_SPACE)
        self.wait_for_human()
        self.shot(n, "draw_human")
        while self.wait_for_human() and self.top.kind == "draw":
            seat = match.game.players[0]
            self.key(pg.K_SPACE if seat.uncancelled < 2 and DRAW in match.legal() else pg.K_RETURN)
        # Staged: enough Plant to place a tree in round 1, so the Plant step is shown.
        match.game.players[0].forest_elems[2] += 4
        match.sync()
        taken: set[str] = set()
        for _ in range(40):
            if not self.wait_for_human() or self.top.kind != "action":
                break
            a = match.active()
            if a is None:  # nobody decides at this screen now: the round has moved on
                break
            moves = match.legal()
            if a.decision is Decision.ACTION:
                if "action" not in taken:
                    self.shot(n, "action_human")
                    taken.add("action")
                for act in (4, 2, 3, 5, 1):
                    if ChooseAction(act).canonical() in moves:
                        self.key(pg.K_0 + act)
                        break
                else:
                    self.key(pg.K_p)
                    self.key(pg.K_RETURN)
            elif a.decision is Decision.PLANT:
                if "plant_tree" not in taken:
                    self.shot(n, "plant_tree")
                    taken.add("plant_tree")
                self.key(pg.K_RIGHT)
                self.key(pg.K_RETURN)
                space = next(c for c in self.top.targets.choices if c.target.kind == "space")
                self.hover(self.top.board.rect_of(space.target).center)
                self.top.pointer.hover_time = 1.0
                self.shot(n, "plant_space")
                self.key(pg.K_RIGHT)
                self.key(pg.K_RETURN)
                self.key(pg.K_RETURN)
            elif a.decision in (Decision.ATTRACT, Decision.EXTINGUISH):
                name = a.decision.value
                if name not in taken:
                    self.shot(n, name)
                    taken.add(name)
                self.key(pg.K_RIGHT)
                self.key(pg.K_RETURN)
                still = match.active()
                if still is not None and still.decision is a.decision:
                    self.key(pg.K_RETURN)
            else:
                self.key(pg.K_RIGHT)
                self.key(pg.K_RETURN)
        for _ in range(3000):
            if self.top.kind == "end_of_round":
                self.shot(n, "end_of_round_before")
                self.ctx.settings.speed = "normal"
                for _step in range(5):
                    self.frames(40)
                    self.shot(n, f"end_of_round_{_step}")
                    self.key(pg.K_RIGHT)
                self.ctx.settings.speed = "instant"
                break
            if self.top.kind == "action" and self.top.human_seat() == 0:
                self.key(pg.K_p)
                self.key(pg.K_RETURN)
            self.frames()


def main(argv: list[str] | None = None) -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["LIVING_FOREST_STRICT_I18N"] = "1"
    parser = argparse.ArgumentParser(prog="python -m game.devtools.shots")
    parser.add_argument("out", type=Path)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--size", type=_size, nargs="+", default=list(SIZES))
    parser.add_argument("--language", default="en", help="catalogue language (en, ko)")
    parser.add_argument("--scale", type=int, default=100, choices=(100, 125, 150))
    args = parser.parse_args(argv)
    shots = Shots(args.out, tuple(args.size), args.language, args.scale)
    for n in args.players:
        shots.play(n)
    print(f"wrote {len(shots.written)} screenshots to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
