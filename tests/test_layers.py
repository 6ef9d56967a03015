"""The layers import in one direction only: engine ← ai ← net ← ui ← app ← devtools.

The shared modules directly under ``game/`` (settings, seats, stats, i18n, lessons, data, the
save document) sit beside the engine; ``game.__main__`` is the app's entry point; the
developer tools (``game.devtools``: benchmarks, arena, fitting, screenshots) are the top layer
and never ship. Every import counts, at module level or inside a function, except those only
for type checkers (``if TYPE_CHECKING:``)."""

from __future__ import annotations

from tests.imports import GAME, cycles, import_graph

# Bottom to top; a module belongs to the first package it is in, else to layer 0 (shared).
LAYERS = ("game.engine", "game.ai", "game.net", "game.ui", "game.app", "game.devtools")
ENTRY = {"game.__main__": "game.app"}


def layer(module: str) -> int:
    module = ENTRY.get(module, module)
    for rank, top in enumerate(LAYERS):
        if module == top or module.startswith(top + "."):
            return rank
    return 0


def test_every_import_points_down_or_sideways() -> None:
    graph = import_graph()
    assert len(graph) > 80
    upward = sorted(f"{m} -> {d}" for m, deps in graph.items() for d in deps if layer(d) > layer(m))
    assert upward == []


def test_the_engine_and_the_shared_modules_import_nothing_above_them() -> None:
    graph = import_graph()
    shared = [m for m in graph if layer(m) == 0]
    assert "game.engine.game" in shared and "game.player_settings" in shared
    bad = sorted(f"{m} -> {d}" for m in shared for d in graph[m] if layer(d) > 0)
    assert bad == []


def test_every_package_under_game_has_its_place_in_the_layers() -> None:
    """A new folder is a decision about the plan: it must be a layer, inside one, or shared."""
    known = {top.split(".")[1] for top in LAYERS} | {"data", "lessons", "locale"}
    folders = {p.name for p in GAME.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders - known == set()


def test_the_layer_measure_places_modules_where_the_plan_says() -> None:
    assert layer("game.engine.game") == 0 and layer("game.savegame") == 0
    assert layer("game.ai.levels.hard") < layer("game.ui.table.match") < layer("game.app.launch")
    assert layer("game.__main__") == layer("game.app") < layer("game.devtools.arena")
    assert layer("game.engineering") == 0  # a prefix is not a package


def test_no_import_cycle_anywhere_in_the_game() -> None:
    """Scenes open each other by name (``SceneRegistry``), the engine's parts import only
    the ones below them: every module can be read after the ones it uses."""
    assert cycles(import_graph()) == []
