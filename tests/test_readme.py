"""Every command the README gives names something that exists in this repository: modules
run with ``python -m``, scripts, pip extras and the options passed to our own programs."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import tomllib
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def commands() -> list[str]:
    """Fenced shell blocks and inline code spans that run something, split at ``&&``."""
    fenced = re.findall(r"```sh\n(.*?)```", README, re.S)
    inline = re.findall(
        r"`((?:python|pip|living-forest|pyinstaller)[^`]*)`", README.replace("\n", " ")
    )
    lines = [line.split("#")[0] for block in fenced for line in block.splitlines()] + inline
    return [c.strip() for line in lines for c in line.split("&&") if c.strip()]


def test_the_readme_has_its_two_commands_and_they_are_found() -> None:
    cmds = commands()
    assert "python -m game" in cmds
    assert any(c.startswith("SDL_VIDEODRIVER=dummy") and "pytest -q" in c for c in cmds)
    assert len(cmds) > 15


def test_every_module_and_script_exists() -> None:
    for cmd in commands():
        for module in re.findall(r"python -m ([\w.]+)", cmd):
            if module in ("venv", "pytest", "pip"):
                continue
            assert importlib.util.find_spec(module) is not None, cmd
        for script in re.findall(r"(?:python|pyinstaller) ((?:tools/)?[\w./-]+\.(?:py|spec))", cmd):
            assert (ROOT / script).is_file(), cmd


def test_every_pip_extra_is_declared() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    named = {e for cmd in commands() for e in re.findall(r"\.\[(\w+)\]", cmd)}
    assert named and named <= set(extras)


def test_the_slow_marker_the_readme_names_is_registered() -> None:
    assert "-m slow" in README
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert any(m.startswith("slow:") for m in options["markers"])
    assert "not slow" in options["addopts"]


@cache
def _help(module: str) -> str:
    out = subprocess.run(
        [sys.executable, "-m", module, "--help"], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


@pytest.mark.parametrize("module", ["game", "game.devtools.arena"])
def test_every_option_the_readme_passes_is_accepted(module: str) -> None:
    runs = rf"python -m {re.escape(module)}( |$)" + (
        "|(\\./)?living-forest( |$)" * (module == "game")
    )
    used = [
        flag for cmd in commands() if re.match(runs, cmd) for flag in re.findall(r"--[\w-]+", cmd)
    ]
    assert used, module
    assert [f for f in used if f not in _help(module)] == []


def test_every_developer_tool_listed_exists() -> None:
    text = (ROOT / "docs" / "tools.md").read_text(encoding="utf-8")
    modules = set(re.findall(r"`python -m ([\w.]+)", text)) - {"pytest"}
    scripts = set(re.findall(r"`python (tools/[\w./-]+\.py)", text))
    assert len(modules) >= 10 and len(scripts) >= 5
    assert [m for m in sorted(modules) if importlib.util.find_spec(m) is None] == []
    assert [s for s in sorted(scripts) if not (ROOT / s).is_file()] == []
