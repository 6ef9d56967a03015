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


def _decode_each_asset_once() -> None:
    """The shipped art is decoded once per test process, not once per test: each test builds
    its own app (so its own ``Sprites``), and decoding the same PNGs again was a good part of
    the UI tests' time (issue 43). Each caller gets a copy of the decoded picture, as from a
    fresh load; files outside ``assets/`` (pictures a test writes) are always read anew."""
    import pygame

    from game.resources import asset

    load = pygame.image.load
    root = os.path.realpath(asset())
    decoded: dict[tuple[str, int, int], pygame.Surface] = {}

    def load_once(file, namehint=""):  # noqa: ANN001, ANN202 - pygame.image.load's own shape
        if not isinstance(file, str | os.PathLike):
            return load(file, namehint)
        path = os.path.realpath(file)
        if not path.startswith(root + os.sep):
            return load(file, namehint)
        stat = os.stat(path)
        key = (path, stat.st_mtime_ns, stat.st_size)
        if key not in decoded:
            decoded[key] = load(path)
        return decoded[key].copy()

    pygame.image.load = load_once


_decode_each_asset_once()
