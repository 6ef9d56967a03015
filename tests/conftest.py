"""Headless drivers for every test, set before anything imports pygame; and a home of the
test run's own, so no test ever reads or writes a player's real settings or saves (each
pytest-xdist worker gets its own)."""

import atexit
import gc
import os
import shutil
import sys
import tempfile

import pytest


def _keep_bytecode() -> None:
    """``PYTHONDONTWRITEBYTECODE`` (set in some shells) made every test process compile
    ``game/`` and rewrite the tests' asserts anew, and every server, app and AI process a
    test starts compile what it imports: about a seventh of the run's CPU (issue 43). The
    test run writes its bytecode where Python keeps it by default, in ``__pycache__``
    folders beside the sources (ignored by git), where the standard library's and the
    installed packages' already are. A cache folder of its own (``sys.pycache_prefix``,
    the earlier choice, to keep the tree clean) hid those too: on a fresh clone the run
    compiled 645 modules of Python's and the packages' again, 14 s of its 104 s of CPU."""
    sys.dont_write_bytecode = False
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


_keep_bytecode()


# Where the tests write their files unless ``LIVING_FOREST_TEST_FILES`` says: "memory"
# (where there is room, see below) or "disk" (the system's temporary folder).
TEST_FILES = "memory"


def _test_files_in_memory() -> None:
    """With ``LIVING_FOREST_TEST_FILES=memory`` (or ``TEST_FILES``) the files the tests
    write go to memory (``/dev/shm``) where the machine has room there (2 GiB free) and
    the caller set no ``TMPDIR``: pytest's ``tmp_path``, the run's home below, the
    PostgreSQL clusters and every process a test starts (they inherit ``TMPDIR``). The app
    fsyncs its journal at every move and each save twice, and on this machine's virtual
    disk an fsync took 3-4 ms: tests/faults and tests/app took 22-24 s on 3 workers on
    disk and 12-15 s in memory (issue 43). No test depends on the disk: a crash is a
    SIGKILL, whose writes the page cache keeps on any file system, and disk faults are
    simulated."""
    if os.environ.get("LIVING_FOREST_TEST_FILES", TEST_FILES) != "memory":
        return
    if "TMPDIR" in os.environ:
        return
    try:
        free = os.statvfs("/dev/shm")
    except (OSError, AttributeError):  # no shared memory file system (no statvfs: Windows)
        return
    if free.f_bavail * free.f_frsize < 2 << 30 or not os.access("/dev/shm", os.W_OK):
        return
    os.environ["TMPDIR"] = "/dev/shm"
    tempfile.tempdir = None  # read again (from ``TMPDIR``) at the next ``gettempdir``


_test_files_in_memory()
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


def _share_fonts_and_pictures() -> None:
    """Each test builds its own app, and each app its own ``Fonts`` and ``Sprites``: the
    same font files were opened and the same pictures scaled again for every test (issue
    43). In a test process they share one font cache and one set of picture caches, each
    keyed by what it holds (font size and weight; picture name and size; a card's name and
    scale) and the picture caches still bounded by their budgets, so every test draws the
    very pixels a fresh app would."""
    from game.ui.kit.surface_cache import SurfaceCache
    from game.ui.media import fonts, sprites

    opened: dict = {}
    fonts_init = fonts.Fonts.__init__

    def one_font_cache(self) -> None:  # noqa: ANN001 - Fonts.__init__'s own shape
        fonts_init(self)
        self._cache = opened

    fonts.Fonts.__init__ = one_font_cache

    originals: dict = {}
    scaled = SurfaceCache(sprites.SCALED_BUDGET)
    named = SurfaceCache(sprites.NAMED_BUDGET)
    sprites_init = sprites.Sprites.__init__

    def one_picture_cache(self, *args, **kwargs) -> None:  # noqa: ANN001, ANN002, ANN003
        sprites_init(self, *args, **kwargs)
        self._originals, self._scaled, self._named = originals, scaled, named

    sprites.Sprites.__init__ = one_picture_cache


_share_fonts_and_pictures()


def pytest_xdist_auto_num_workers(config: object) -> int:
    """``-n auto`` (the project's addopts): two workers more than the cores this process
    may use, at most eight. Much of a network test's time is spent waiting (sockets, app
    and server processes starting, PostgreSQL), which the extra workers fill. On this
    2-core machine, same code, back to back: 2 workers 77 s, 3 workers 62-65 s, 4 workers
    56-60 s (issue 43)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return min(cores + 2, 8)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Spread the network modules evenly among the others, each module's tests kept
    together and in order. The workers take the tests in chunks in this order, and a
    network test mostly waits (sockets, server and app processes, PostgreSQL): in folder
    order the three workers were often all in tests/net at once and the two cores stood
    partly idle (12 % of the run's CPU time)."""
    modules: dict[str, list[pytest.Item]] = {}
    for item in items:
        modules.setdefault(item.nodeid.split("::", 1)[0], []).append(item)
    waiting = [m for m in modules if m.startswith("tests/net/")]
    busy = [m for m in modules if not m.startswith("tests/net/")]
    if not waiting or not busy:
        return
    order: list[str] = []
    step = len(busy) / len(waiting)
    for i, module in enumerate(waiting):
        order += busy[round(i * step) : round((i + 1) * step)]
        order.append(module)
    items[:] = [item for module in order for item in modules[module]]


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """Everything the collection made (the modules, the shipped data, the tests) lives to
    the end of the run: frozen out of the collector's walks (``gc.freeze``), as the server
    freezes what its start made. Each full collection walked it again: 5.1 s of 47 s CPU
    in tests/ui and tests/ai in one process, 2.8 s frozen (issue 43)."""
    gc.collect()
    gc.freeze()
