"""Plays lessons through the real tutorial scene with synthetic mouse and keyboard events."""

from __future__ import annotations

import pygame

from game.engine import Move
from game.engine.moves import (
    DRAW,
    FINISH,
    PASS,
    SKIP_BONUS,
    STOP,
    USE_FRAGMENT,
    ChooseAction,
    MoveSpirit,
    PickAnimal,
    PickFire,
    Plant,
    Steal,
)
from game.ui.scenes.tutorial import TutorialScene
from game.ui.table.targets import Target
from game.ui.words.sentences import rock_destination

BUTTONS = {
    DRAW: "button_draw",
    STOP: "button_stop",
    USE_FRAGMENT: "button_fragment",
    PASS: "button_pass",
    FINISH: "button_finish",
    SKIP_BONUS: "button_skip",
}


class LessonDriver:
    """Clicks in canvas coordinates, sent through the app the way the window sends them."""

    def __init__(self, app, dt: float = 1 / 60) -> None:
        self.app = app
        self.dt = dt  # a frame's time step

    @property
    def scene(self) -> TutorialScene:
        top = self.app.stack.top
        assert isinstance(top, TutorialScene), top
        return top

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step(self.dt)

    def settle(self, limit: int = 400) -> None:
        """Frames until the lesson waits for the learner (animations and script done)."""
        for _ in range(limit):
            s = self.scene
            step = s.runner.step
            table = s.table
            if s.complete or step is None:
                return
            if step.move is None and s.can_continue():
                return
            if step.move is not None and table is not None and table.human_seat() == 0:
                return
            self.frames()
        raise AssertionError(f"the lesson did not settle at step {self.scene.runner.index + 1}")

    def click(self, logical: tuple[int, int], button: int = 1) -> None:
        pos = self.app.viewport.point(logical)
        self.app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,) * 3))
        self.app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        self.app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.frames()

    def key(self, key: int) -> None:
        self.app.feed(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        self.frames()

    def target(self, t: Target) -> tuple[int, int]:
        table = self.scene.table
        assert table is not None
        rect = table.board.rect_of(t)
        assert rect is not None, f"{t} is not on the table"
        return rect.center

    def zone(self, name: str) -> tuple[int, int]:
        table = self.scene.table
        assert table is not None
        return table.layout[name].center

    def clicks_for(self, move: Move) -> list[tuple[int, int] | str]:
        """Where to click for ``move`` (a string names a layout zone: a button)."""
        table = self.scene.table
        assert table is not None
        g = self.scene.match.game
        if move in BUTTONS:
            if move is DRAW:
                return [self.target(Target("draw_pile", 0))]
            return [BUTTONS[move]]
        if isinstance(move, ChooseAction):
            return [f"button_action_{move.action}"]
        if isinstance(move, PickAnimal):
            return [self.target(Target("reserve", move.card))]
        if isinstance(move, PickFire):
            return [self.target(Target("centre_fire", move.value, g.centre.index(move.value)))]
        if isinstance(move, Plant):
            return [
                self.target(Target("tree_kind", move.tree)),
                self.target(Target("space", 0, move.x, move.y)),
                "button_confirm",
            ]
        if isinstance(move, MoveSpirit):
            return [self.target(Target("rock", rock_destination(g, 0, move.distance)))]
        if isinstance(move, Steal):
            for t, r in table.board.targets:
                if t.kind == "victory" and t.a == move.victim and t.s == move.tile:
                    return [r.center]
        raise AssertionError(f"no click for {move}")

    def make(self, move: Move) -> None:
        for c in self.clicks_for(move):
            self.click(self.zone(c) if isinstance(c, str) else c)
        table = self.scene.table
        if isinstance(move, PickAnimal | PickFire) and table is not None and table.tentative:
            self.click(self.zone("button_confirm"))  # the pick that ends its step

    def press_continue(self) -> None:
        cont = self.scene.buttons.buttons[0]
        assert cont.enabled, "Continue is not offered"
        self.click(cont.rect.center)

    def play_step(self) -> None:
        """Settle, then make the step's move (or press Continue) by clicking."""
        self.settle()
        s = self.scene
        step = s.runner.step
        assert step is not None
        before = s.runner.index
        if step.move is None:
            self.press_continue()
        else:
            self.make(step.move)
        self.frames(2)
        assert s.complete or s.runner.index == before + 1, f"step {before + 1} did not advance"
