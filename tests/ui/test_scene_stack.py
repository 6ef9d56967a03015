"""The scene stack: push, pop, replace, overlays drawn over the scene below."""

from __future__ import annotations

import pytest

from game.ui.scene import Scene, SceneStack


class Probe(Scene):
    def __init__(self, name: str, transparent: bool = False, log: list | None = None) -> None:
        super().__init__(None)  # type: ignore[arg-type]
        self.name = name
        self.transparent = transparent
        self.log = log if log is not None else []
        self.events: list = []
        self.updates = 0
        self.drawn = 0

    def enter(self) -> None:
        self.log.append(("enter", self.name))

    def exit(self) -> None:
        self.log.append(("exit", self.name))

    def pause(self) -> None:
        self.log.append(("pause", self.name))

    def resume(self) -> None:
        self.log.append(("resume", self.name))

    def handle_event(self, event) -> None:
        self.events.append(event)

    def update(self, dt: float) -> None:
        self.updates += 1

    def draw(self, painter) -> None:
        self.drawn += 1
        self.log.append(("draw", self.name))


def test_push_pop_call_the_lifecycle_in_order() -> None:
    log: list = []
    s = SceneStack()
    a, b = Probe("a", log=log), Probe("b", log=log)
    s.push(a)
    s.push(b)
    assert s.top is b and a.stack is s
    assert s.pop() is b
    assert b.stack is None and s.top is a
    assert log == [("enter", "a"), ("pause", "a"), ("enter", "b"), ("exit", "b"), ("resume", "a")]


def test_replace_swaps_only_the_top() -> None:
    log: list = []
    s = SceneStack()
    a, b, c = Probe("a", log=log), Probe("b", log=log), Probe("c", log=log)
    s.push(a)
    s.push(b)
    log.clear()
    assert s.replace(c) is b
    assert s.scenes == [a, c]
    assert log == [("exit", "b"), ("enter", "c")]  # a is not resumed in between


def test_only_the_top_scene_gets_input_and_updates() -> None:
    s = SceneStack()
    a, b = Probe("a"), Probe("b", transparent=True)
    s.push(a)
    s.push(b)
    s.handle_event("click")
    s.update(0.016)
    assert b.events == ["click"] and a.events == []
    assert b.updates == 1 and a.updates == 0


def test_overlays_draw_over_the_scene_below_and_opaque_scenes_hide_it() -> None:
    log: list = []
    s = SceneStack()
    base, opaque = Probe("base", log=log), Probe("opaque", log=log)
    o1, o2 = Probe("o1", True, log), Probe("o2", True, log)
    for scene in (base, opaque, o1, o2):
        s.push(scene)
    log.clear()
    s.draw(None)  # type: ignore[arg-type]
    assert [n for kind, n in log if kind == "draw"] == ["opaque", "o1", "o2"]
    s.pop()
    s.pop()
    s.pop()
    log.clear()
    s.draw(None)  # type: ignore[arg-type]
    assert [n for kind, n in log if kind == "draw"] == ["base"]


def test_clear_to_and_find_and_empty_pop() -> None:
    s = SceneStack()
    a, b = Probe("a"), Probe("b")
    a.kind = "menu"
    s.push(a)
    s.push(b)
    assert s.find("menu") is a
    c = Probe("c")
    s.clear_to(c)
    assert s.scenes == [c] and a.stack is None
    s.pop()
    with pytest.raises(IndexError):
        s.pop()
