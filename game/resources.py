"""Where the game's read-only files (``assets/``, ``levels/``) are, wherever it runs from.

From a source checkout they sit beside the ``game`` package; an installed wheel carries them
inside the package as ``game/assets`` and ``game/levels``; a PyInstaller bundle unpacks them
under ``sys._MEIPASS``. Every loader asks this module, so the three cases never diverge.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def _root(folder: str) -> Path:
    candidates = [_PACKAGE / folder, _PACKAGE.parent / folder]
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        candidates.insert(0, Path(frozen) / folder)
    for path in candidates:
        if path.is_dir():
            return path
    tried = ", ".join(str(p) for p in candidates)
    raise FileNotFoundError(f"the game's '{folder}' folder is missing (looked in {tried})")


def asset(*parts: str) -> Path:
    """Path of a file under ``assets/`` (it need not exist yet)."""
    return _root("assets").joinpath(*parts)


def level(*parts: str) -> Path:
    """Path of a file under ``levels/``."""
    return _root("levels").joinpath(*parts)
