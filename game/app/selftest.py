"""``python -m game --selftest [--screenshots DIR]``: a whole 4-seat AI game, headless,
through the real scenes at instant speed, with a screenshot of every scene kind at 1920x1080
and 1280x720. Exit code 0 on success, 1 on any exception."""

from __future__ import annotations

import os
import sys
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from game.ui.scene import Scene

S = TypeVar("S", bound="Scene")

SIZES = ((1920, 1080), (1280, 720))
MAX_SECONDS = 600.0


def run_selftest(out: Path | None, sizes: tuple[tuple[int, int], ...] = SIZES) -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    run: SelfTest | None = None
    try:
        run = SelfTest(out, sizes)
        run.play()
    except Exception:  # noqa: BLE001 - report anything and fail
        traceback.print_exc()
        return 1
    finally:
        if run is not None:
            run.services.close()  # AI worker processes must not outlive a failed run
    print(f"self-test passed: {run.summary()}")
    return 0


class SelfTest:
    def __init__(self, out: Path | None, sizes: tuple[tuple[int, int], ...]) -> None:
        import pygame

        from game.app.launch import build
        from game.ui.app import TableApp

        self.pygame = pygame
        self.out = out
        self.sizes = sizes
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
        self.services = build(strict=True, use_workers=True, budget_scale=0.05, sound=False)
        self.ctx = self.services.ctx
        self.ctx.settings.speed = "instant"
        self.app = TableApp(self.ctx, sizes[0])
        self.shots: list[str] = []
        self.frames = 0

    def summary(self) -> str:
        g = self.match.game if hasattr(self, "match") else None
        rounds = g.round if g is not None else 0
        return f"{self.frames} frames, {rounds} rounds, screenshots: {', '.join(self.shots)}"

    # -- helpers ---------------------------------------------------------------------------

    def shot(self, name: str) -> None:
        if name in self.shots:
            return
        self.shots.append(name)
        if self.out is None:
            self.app.render(self.sizes[-1])
            return
        for size in self.sizes:
            surf = self.app.render(size)
            self.pygame.image.save(surf, str(self.out / f"{name}_{size[0]}x{size[1]}.png"))

    def frame(self, dt: float = 1 / 60) -> None:
        self.app.step(dt)
        self.frames += 1

    def click(self, logical: tuple[int, int], button: int = 1) -> None:
        pos = self.app.viewport.point(logical)
        pg = self.pygame
        self.app.feed(pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.app.feed(pg.event.Event(pg.MOUSEBUTTONDOWN, pos=pos, button=button))
        self.app.feed(pg.event.Event(pg.MOUSEBUTTONUP, pos=pos, button=button))

    def hover(self, logical: tuple[int, int]) -> None:
        pos = self.app.viewport.point(logical)
        pg = self.pygame
        self.app.feed(pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))

    def key(self, key: int) -> None:
        pg = self.pygame
        self.app.feed(pg.event.Event(pg.KEYDOWN, key=key, mod=0, unicode="", scancode=0))

    def top(self) -> str:
        top = self.app.stack.top
        return top.kind if top is not None else ""

    def scene(self, kind: type[S]) -> S:
        """The scene on top, which must be a ``kind`` (else the self-test fails, naming it)."""
        top = self.app.stack.top
        if not isinstance(top, kind):
            raise AssertionError(f"expected a {kind.__name__}, got {self.top()}")
        return top

    def button(self, label_key: str) -> tuple[int, int]:
        from game.ui.kit.widgets import ButtonList

        menu = getattr(self.app.stack.top, "menu", None)  # the scenes with a column of buttons
        if not isinstance(menu, ButtonList):
            raise AssertionError(f"{self.top()} has no buttons to click")
        label = self.ctx.tr(label_key)
        for b in menu.buttons:
            if b.label == label:
                return b.rect.center
        raise AssertionError(f"no button {label!r} on {self.top()}")

    def expect(self, kind: str) -> None:
        if self.top() != kind:
            raise AssertionError(f"expected the {kind} scene, got {self.top()}")

    # -- the run ---------------------------------------------------------------------------

    def play(self) -> None:
        from game.ui.scenes.menu import MenuScene
        from game.ui.scenes.setup import SetupScene
        from game.ui.scenes.table import TableScene

        pg = self.pygame
        self.app.stack.push(MenuScene(self.ctx))
        self.frame()
        self.shot("menu")
        for label, kind in (
            ("menu.statistics", "statistics"),
            ("menu.credits", "credits"),
            ("menu.settings", "settings"),
            ("menu.rules", "rules_help"),
            ("menu.learn", "tutorial_menu"),
        ):
            self.click(self.button(label))
            self.frame()
            self.expect(kind)
            self.shot(kind)
            self.key(pg.K_ESCAPE)
            self.frame()
            self.expect("menu")
        self.click(self.button("menu.new_game"))
        self.frame()
        self.expect("setup")
        setup = self.scene(SetupScene)
        for i, level in enumerate(("easy", "medium", "easy", "medium")):
            setup.all_seats[i].kind = level
        setup.count = 4
        setup.seed = "20240601"
        setup.build()
        self.frame()
        self.shot("setup")
        self.click(self.button("setup.start"))
        self.frame()
        self.match = self.scene(TableScene).match
        self.play_to_the_end()
        self.services.close()

    def play_to_the_end(self) -> None:
        pg = self.pygame
        start = time.perf_counter()
        extras_done = False
        while self.top() != "game_over":
            if time.perf_counter() - start > MAX_SECONDS:
                raise AssertionError(f"the game did not end in {MAX_SECONDS:.0f} s")
            kind = self.top()
            if kind in ("draw", "action", "end_of_round"):
                self.shot(kind)
            if kind == "action" and not extras_done and self.match.game.round >= 3:
                extras_done = True
                self.overlays(pg)
            self.frame()
        self.frame()
        self.shot("game_over")
        if not self.match.game.over:
            raise AssertionError("the game-over scene is up but the game is not over")

    def overlays(self, pg: object) -> None:
        """Open each in-game overlay once, look at it, close it."""
        from game.ui.scenes.table import TableScene

        scene = self.scene(TableScene)
        layout = scene.layout
        # hover a Reserve card for the rules tooltip
        card = scene.board.rect_of_kind("reserve")
        if card is not None:
            self.hover(card.center)
            for _ in range(30):
                self.app.draw()
                scene.pointer.hover_time += 1 / 60
            self.shot("action_hover")
        self.key(self.pygame.K_ESCAPE)
        self.expect("pause")
        self.shot("pause")
        self.key(self.pygame.K_ESCAPE)
        self.click(layout.player(0, "discard").center)
        self.expect("discard")
        self.shot("discard")
        self.key(self.pygame.K_ESCAPE)
        from game.ui.scenes.overlays import ConfirmDialog

        self.app.stack.push(ConfirmDialog(self.ctx, self.ctx.tr("confirm.pass", n=1), lambda: None))
        self.shot("confirm")
        self.key(self.pygame.K_ESCAPE)
        self.click(layout["circle"].center, button=3)
        if self.top() == "rules":
            self.shot("rules_card")
            self.key(self.pygame.K_ESCAPE)
        self.expect("action")


if __name__ == "__main__":
    sys.exit(run_selftest(Path(sys.argv[1]) if len(sys.argv) > 1 else None))
