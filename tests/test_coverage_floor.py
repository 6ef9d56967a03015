"""``tools/coverage_floor.py`` reads line and branch coverage per package from a coverage
data file and fails under its floors (issue 43, item 4)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from coverage import CoverageData

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location(
    "coverage_floor", ROOT / "tools" / "coverage_floor.py"
)
assert spec is not None and spec.loader is not None
floor = importlib.util.module_from_spec(spec)
sys.modules["coverage_floor"] = floor  # (its dataclass looks its module up)
spec.loader.exec_module(floor)

SOURCE = """\
def f(x):
    if x:
        return 1
    return 2
"""


def half_run(tmp_path: Path) -> Path:
    """Coverage data of a module under ``game/engine`` whose ``f`` ran once, with ``x`` true:
    the line ``return 2`` and the branch to it were never run."""
    module = tmp_path / "game" / "engine" / "mod.py"
    module.parent.mkdir(parents=True)
    module.write_text(SOURCE)
    data = CoverageData(basename=str(tmp_path / ".coverage"))
    # Arcs as coverage records them: -1 enters a code object, a negative line leaves it.
    data.add_arcs({str(module): {(-1, 1), (1, -1), (-1, 2), (2, 3), (3, -1)}})
    data.write()
    return tmp_path / ".coverage"


def test_line_and_branch_figures_per_package(tmp_path: Path) -> None:
    counts = floor.measure(half_run(tmp_path), config_file=False)
    engine = counts["game/engine"]
    assert (engine.lines, engine.lines_run) == (4, 3)
    assert (engine.branches, engine.branches_run) == (2, 1)
    assert counts["all"] == engine and counts["game/net"].lines == 0


def test_under_a_floor_it_fails_and_says_which(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--data", str(half_run(tmp_path)), "--rcfile", str(tmp_path / "none.ini")]
    (tmp_path / "none.ini").write_text("")
    monkeypatch.setattr(floor, "LINE_FLOOR", 70.0)
    monkeypatch.setattr(floor, "BRANCH_FLOOR", 40.0)
    assert floor.main(args) == 0  # 75% of lines, 50% of branches
    monkeypatch.setattr(floor, "BRANCH_FLOOR", 60.0)
    assert floor.main(args) == 1
    err = capsys.readouterr().err
    assert "branch coverage 50.00% is under its floor 60.0%" in err and "line" not in err


def test_no_data_is_an_error_not_a_pass(tmp_path: Path) -> None:
    assert floor.main(["--data", str(tmp_path / "none")]) == 2
