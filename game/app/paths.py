"""Where the game keeps the player's files: settings in the config folder, saves, replays and
statistics in the data folder (``platformdirs``), never beside the program.

``LIVING_FOREST_HOME`` moves everything under one folder, so tests and portable installs use
their own directory and never touch the real one.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "LivingForest"
HOME_ENV = "LIVING_FOREST_HOME"


@dataclass(frozen=True)
class AppPaths:
    config: Path
    data: Path

    @property
    def settings(self) -> Path:
        return self.config / "settings.json"

    @property
    def saves(self) -> Path:
        return self.data / "saves"

    @property
    def autosave(self) -> Path:
        return self.saves / "autosave.json"

    @property
    def journal(self) -> Path:
        """Each move as it is played, since the last autosave (``game/app/journal.py``)."""
        return self.saves / "autosave.journal"

    @property
    def quarantine(self) -> Path:
        """Damaged files moved aside (kept for a bug report, never read again)."""
        return self.saves / "damaged"

    @property
    def replays(self) -> Path:
        return self.saves / "replays"

    @property
    def stats(self) -> Path:
        return self.saves / "statistics.json"

    @classmethod
    def under(cls, root: Path) -> AppPaths:
        return cls(config=root / "config", data=root / "data")

    @classmethod
    def default(cls, env: Mapping[str, str] | None = None) -> AppPaths:
        """The user's folders, or ``$LIVING_FOREST_HOME`` when it is set."""
        env = os.environ if env is None else env
        home = env.get(HOME_ENV, "").strip()
        if home:
            return cls.under(Path(home).expanduser())
        return cls(
            config=Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
            data=Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        )
