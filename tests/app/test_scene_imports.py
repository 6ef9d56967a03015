"""Scenes open each other by name (``SceneRegistry``), so no module under
``game/ui/scenes`` imports another scene module: only the registry knows them all. Helpers
that live there without a scene (the table's hint request) may be imported."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

from game.ui.scene import Scene

ROOT = Path(__file__).resolve().parents[2]
SCENES = ROOT / "game" / "ui" / "scenes"
PACKAGE = "game.ui.scenes"


def _imports(source: str) -> set[str]:
    """Every module a source imports, wherever the import stands (TYPE_CHECKING included)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}  # from package import mod
    return out


def _is_scene_module(name: str) -> bool:
    module = importlib.import_module(name)
    return any(
        isinstance(v, type) and issubclass(v, Scene) and v.__module__ == name
        for v in vars(module).values()
    )


def scene_imports(folder: Path = SCENES) -> list[tuple[str, str]]:
    """(importer, imported) for each scene module imported by another module there."""
    scene_modules = {
        f"{PACKAGE}.{p.stem}"
        for p in SCENES.glob("*.py")
        if _is_scene_module(f"{PACKAGE}.{p.stem}")
    }
    out = []
    for path in sorted(folder.glob("*.py")):
        if path.stem in ("registry", "__init__"):
            continue
        me = f"{PACKAGE}.{path.stem}"
        for name in sorted(_imports(path.read_text(encoding="utf-8")) & scene_modules - {me}):
            out.append((path.stem, name.rsplit(".", 1)[1]))
    return out


def test_no_scene_module_imports_another() -> None:
    assert scene_imports() == []


def test_the_check_sees_an_import_even_for_type_hints_only(tmp_path: Path) -> None:
    (tmp_path / "results.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from game.ui.scenes.table import TableScene\n"
        "from game.ui.scenes import menu\n"
        "from game.ui.scenes.table_hint import HintRequest\n"  # a helper, not a scene
    )
    assert scene_imports(tmp_path) == [("results", "menu"), ("results", "table")]


def test_the_registry_names_every_scene_module() -> None:
    registry = (SCENES / "registry.py").read_text(encoding="utf-8")
    for path in SCENES.glob("*.py"):
        if _is_scene_module(f"{PACKAGE}.{path.stem}"):
            assert f"{PACKAGE}.{path.stem}" in _imports(registry), path.stem
