"""The layers import in one direction only: engine ← ai ← ui ← app, with the shared modules
directly under ``game/`` (settings, seats, stats, i18n, lessons, data) beside the engine and
the developer entry points (``game.arena``, ``game.arena_losses``, ``game.bench``,
``game.tools``) on top with the app. Every import counts, at module level or inside a
function, except those only for type checkers (``if TYPE_CHECKING:``)."""

from __future__ import annotations

from tests.imports import cycles, import_graph

LAYERS = ("game.engine", "game.ai", "game.ui", "game.app")


TOOLS = ("game.__main__", "game.arena", "game.arena_losses", "game.bench", "game.tools")


def layer(module: str) -> int:
    """0 engine and the shared modules under game/, 1 ai, 2 ui, 3 app and the tools."""
    for rank, top in enumerate(LAYERS):
        if module == top or module.startswith(top + "."):
            return rank
    if any(module == t or module.startswith(t + ".") for t in TOOLS):
        return len(LAYERS) - 1
    return 0


def test_every_import_points_down_or_sideways() -> None:
    graph = import_graph()
    assert len(graph) > 80
    upward = sorted(f"{m} -> {d}" for m, deps in graph.items() for d in deps if layer(d) > layer(m))
    assert upward == []


def test_the_engine_and_the_shared_modules_import_nothing_above_them() -> None:
    graph = import_graph()
    shared = [m for m in graph if layer(m) == 0]
    assert "game.engine.game" in shared and "game.settings" in shared
    bad = sorted(f"{m} -> {d}" for m in shared for d in graph[m] if layer(d) > 0)
    assert bad == []


def test_no_import_cycle_anywhere_in_the_game() -> None:
    """Scenes open each other by name (``SceneRegistry``), the engine's parts import only
    the ones below them: every module can be read after the ones it uses."""
    assert cycles(import_graph()) == []
