"""The engine stays in small parts: no module over 600 lines, no class over 400."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "game" / "engine"


def test_no_engine_module_over_600_lines_and_no_class_over_400() -> None:
    files = sorted(ENGINE.glob("*.py"))
    assert len(files) > 10
    too_long = []
    for path in files:
        source = path.read_text(encoding="utf-8")
        if len(source.splitlines()) > 600:
            too_long.append(path.name)
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > 400:
                too_long.append(f"{path.name}: class {node.name}")
    assert too_long == []
