"""Headless drivers for every test, set before anything imports pygame; and a home of the
test run's own, so no test ever reads or writes a player's real settings or saves (each
pytest-xdist worker gets its own)."""

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
_HOME = tempfile.mkdtemp(prefix="living-forest-tests-")
os.environ["LIVING_FOREST_HOME"] = _HOME
atexit.register(shutil.rmtree, _HOME, ignore_errors=True)
