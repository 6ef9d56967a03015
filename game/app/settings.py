"""The player's preferences, kept in ``settings.json`` in the user's config folder.

Reading never fails: a missing file gives the defaults silently; a damaged one (bad JSON, the
wrong shape, values out of range) gives the defaults for what is wrong, a notice for the
player, and the damaged file is moved aside rather than overwritten.
"""

from __future__ import annotations

import json
import locale
import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from game.app.atomic import FileTooLarge, move_aside, read_bytes_limited, write_json_atomic
from game.app.notice import Notice
from game.app.paths import AppPaths

LANGUAGES: tuple[str, ...] = ("en", "ko")
SPEEDS: tuple[str, ...] = ("slow", "normal", "fast", "instant")
UI_SCALES: tuple[int, ...] = (100, 125, 150)  # interface (text) scale, percent
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
MAX_SETTINGS_BYTES = 64 * 1024


@dataclass
class Settings:
    """Every preference; the field names match what the table's scenes read."""

    language: str = "en"
    fullscreen: bool = False
    window_width: int = 1280
    window_height: int = 720
    speed: str = "normal"
    volume: float = 0.6
    muted: bool = False
    colour_blind: bool = False
    confirm_pass: bool = True
    hover_help: bool = True
    ui_scale: int = 100

    @property
    def window(self) -> tuple[int, int]:
        return (self.window_width, self.window_height)

    @property
    def effective_volume(self) -> float:
        return 0.0 if self.muted else self.volume

    def to_json(self) -> dict[str, Any]:
        return {"version": 1, **asdict(self)}

    @classmethod
    def from_json(cls, raw: Any) -> tuple[Settings, list[str]]:
        """Settings from a document, plus the names of the fields that had to be reset."""
        s = cls()
        if not isinstance(raw, dict):
            return s, ["<file>"]
        bad: list[str] = []
        for f in fields(cls):
            if f.name not in raw:
                continue
            value = _valid(f.name, raw[f.name])
            if value is None:
                bad.append(f.name)
            else:
                setattr(s, f.name, value)
        return s, bad


def _valid(name: str, v: Any) -> Any:
    """The value if it is acceptable for ``name``, else ``None``."""
    if name == "language":
        return v if v in LANGUAGES else None
    if name == "speed":
        return v if v in SPEEDS else None
    if name == "ui_scale":
        return v if type(v) is int and v in UI_SCALES else None
    if name in ("fullscreen", "muted", "colour_blind", "confirm_pass", "hover_help"):
        return v if type(v) is bool else None
    if name in ("window_width", "window_height"):
        return v if type(v) is int and 320 <= v <= 16384 else None
    if name == "volume":
        ok = type(v) in (int, float) and 0.0 <= v <= 1.0
        return float(v) if ok else None
    return None


def system_language(env: Mapping[str, str] | None = None) -> str:
    """The first-run language: Korean on a Korean system, English otherwise."""
    env = os.environ if env is None else env
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return "ko" if value.lower().startswith("ko") else "en"
    try:
        name = locale.getlocale()[0] or ""
    except ValueError:
        name = ""
    return "ko" if name.lower().startswith(("ko", "korean")) else "en"


class SettingsStore:
    """Loads and saves ``Settings`` at ``paths.settings``."""

    def __init__(self, paths: AppPaths, env: Mapping[str, str] | None = None) -> None:
        self.paths = paths
        self.env = env

    def load(self) -> tuple[Settings, Notice | None]:
        path = self.paths.settings
        if not path.exists():
            return Settings(language=system_language(self.env)), None
        try:
            raw = json.loads(read_bytes_limited(path, MAX_SETTINGS_BYTES).decode("utf-8"))
        except (OSError, ValueError, FileTooLarge) as e:
            move_aside(path, self.paths.config / "damaged")
            return Settings(), Notice("notice.settings_damaged", detail=str(e))
        settings, bad = Settings.from_json(raw)
        if bad:
            move_aside(path, self.paths.config / "damaged")
            return settings, Notice("notice.settings_reset", detail=", ".join(bad))
        return settings, None

    def save(self, settings: Settings) -> Notice | None:
        """Write the settings; a failure is reported, never raised (the game goes on)."""
        try:
            write_json_atomic(self.paths.settings, settings.to_json())
        except OSError as e:
            return Notice("notice.settings_not_saved", detail=str(e))
        return None
