"""The player's preferences, kept in ``settings.json`` in the user's config folder.

Reading never fails: a missing file gives the defaults silently; a damaged one (bad JSON, the
wrong shape, values out of range) gives the defaults for what is wrong, a notice for the
player, and the damaged file is moved aside rather than overwritten.
"""

from __future__ import annotations

import json
import locale
import logging
import os
from collections.abc import Mapping

from game.app.atomic import move_aside, read_bytes_limited, write_json_atomic
from game.app.paths import AppPaths
from game.notice import Notice
from game.player_settings import PlayerSettings

log = logging.getLogger(__name__)

MAX_SETTINGS_BYTES = 64 * 1024


def system_language(env: Mapping[str, str] | None = None) -> str:
    """The first-run language: Korean on a Korean system, English otherwise."""
    env = os.environ if env is None else env
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return "ko" if value.lower().startswith("ko") else "en"
    try:
        name = locale.getlocale()[0] or ""
    except ValueError:  # a locale Python cannot parse: English, the default
        name = ""
    return "ko" if name.lower().startswith(("ko", "korean")) else "en"


class SettingsStore:
    """Loads and saves ``PlayerSettings`` at ``paths.settings``."""

    def __init__(self, paths: AppPaths, env: Mapping[str, str] | None = None) -> None:
        self.paths = paths
        self.env = env

    def load(self) -> tuple[PlayerSettings, Notice | None]:
        path = self.paths.settings
        if not path.exists():
            return PlayerSettings(language=system_language(self.env)), None
        try:
            raw = json.loads(read_bytes_limited(path, MAX_SETTINGS_BYTES).decode("utf-8"))
        except (OSError, ValueError, RecursionError) as e:  # nested [[[…]]] is RecursionError
            log.warning("settings damaged (%s): %s; defaults used", path, e)
            move_aside(path, self.paths.config / "damaged")
            return PlayerSettings(), Notice("notice.settings_damaged", detail=str(e))
        settings, bad = PlayerSettings.from_json(raw)
        if bad:
            log.warning("settings reset: %s", ", ".join(bad))
            move_aside(path, self.paths.config / "damaged")
            return settings, Notice("notice.settings_reset", detail=", ".join(bad))
        return settings, None

    def save(self, settings: PlayerSettings) -> Notice | None:
        """Write the settings; a failure is reported, never raised (the game goes on)."""
        try:
            write_json_atomic(self.paths.settings, settings.to_json())
        except OSError as e:
            return Notice("notice.settings_not_saved", detail=str(e))
        return None
