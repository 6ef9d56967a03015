"""The window's class matches the launcher's StartupWMClass (issue 32, item 12), so a
taskbar ties the window to its launcher: ``python -m game`` names it before pygame would
name it after ``__main__.py``."""

from __future__ import annotations

import subprocess
import sys

from game.app.desktop_entry import APP_ID, claim_window_class, desktop_entry

PROBE = """
import os, sys
os.environ["DISPLAY"] = ":0"  # (pygame names the class only under X11)
os.environ.pop("SDL_VIDEO_X11_WMCLASS", None)
sys.argv = ["/somewhere/game/__main__.py", "--version"]
import game.__main__ as entry
try:
    entry.main()
except SystemExit:
    pass
import pygame
print(os.environ["SDL_VIDEO_X11_WMCLASS"], os.environ["SDL_VIDEO_WAYLAND_WMCLASS"])
"""


def test_the_launcher_names_the_window_class() -> None:
    lines = desktop_entry().splitlines()
    assert f"StartupWMClass={APP_ID}" in lines


def test_the_window_gets_the_launchers_class() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60, check=True
    )
    assert out.stdout.split()[-2:] == [APP_ID, APP_ID]


def test_a_class_set_by_the_user_is_kept() -> None:
    env = {"SDL_VIDEO_X11_WMCLASS": "mine"}
    claim_window_class(env)
    assert env == {"SDL_VIDEO_X11_WMCLASS": "mine", "SDL_VIDEO_WAYLAND_WMCLASS": APP_ID}
