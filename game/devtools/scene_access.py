"""The scenes a screenshot or timing tool drives, with their own types: a tool reaches into
a form's fields or a lobby's mirror, and says which scene it expects to find, so a scene
renamed or replaced fails here with its name instead of deep in a drawing."""

from __future__ import annotations

from typing import Any, TypeVar

from game.ui.scene import Scene

S = TypeVar("S", bound=Scene)


def top_of(app: Any, kind: type[S]) -> S:
    """The scene on top of ``app``'s stack, which must be a ``kind``."""
    scene = app.stack.top
    if not isinstance(scene, kind):
        raise TypeError(f"expected {kind.__name__} on top, found {type(scene).__name__}")
    return scene


def pushed(app: Any, ctx: Any, name: str, kind: type[S], *args: Any) -> S:
    """Scene ``name`` made from the registry (a ``kind``) and pushed on ``app``'s stack."""
    scene = ctx.scenes.make(name, ctx, *args)
    if not isinstance(scene, kind):
        raise TypeError(f"{name} made a {type(scene).__name__}, not a {kind.__name__}")
    app.stack.push(scene)
    return scene
