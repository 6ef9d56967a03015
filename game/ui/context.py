"""What every scene may use, handed in by the app's composition root.

Nothing here is global: the app builds one ``Context`` (with file storage and the real
catalogue), tests build another (memory storage, strict catalogue).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from game.settings import Settings
from game.ui import theme
from game.ui.art import Art

SPEED_FACTOR = {"slow": 0.5, "normal": 1.0, "fast": 2.5, "instant": 0.0}
THINK_SECONDS = {"slow": 0.9, "normal": 0.5, "fast": 0.15, "instant": 0.0}


@dataclass
class Stats:
    """Finished games, for the Statistics screen."""

    played: int = 0
    human_wins: int = 0
    ai_wins: int = 0
    best_total: int = 0
    rounds: int = 0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, raw: Any) -> Stats:
        s = cls()
        if isinstance(raw, dict):
            for k in asdict(s):
                if isinstance(raw.get(k), int):
                    setattr(s, k, raw[k])
        return s


class Storage(Protocol):
    def load_settings(self) -> Settings: ...
    def save_settings(self, settings: Settings) -> None: ...
    def save_match(self, doc: dict[str, Any]) -> None: ...
    def load_match(self) -> dict[str, Any] | None: ...
    def clear_match(self) -> None: ...
    def load_stats(self) -> Any: ...
    def save_stats(self, stats: Any) -> None: ...
    def record_game(self, doc: dict[str, Any]) -> Any: ...


@dataclass
class MemoryStorage:
    """Storage that keeps everything in memory (tests, self-test)."""

    settings: Settings | None = None
    match: dict[str, Any] | None = None
    stats: Stats = field(default_factory=Stats)

    def load_settings(self) -> Settings:
        return self.settings if self.settings is not None else Settings()

    def save_settings(self, settings: Settings) -> None:
        self.settings = settings

    def save_match(self, doc: dict[str, Any]) -> None:
        self.match = doc

    def load_match(self) -> dict[str, Any] | None:
        return self.match

    def clear_match(self) -> None:
        self.match = None

    def load_stats(self) -> Stats:
        return self.stats

    def save_stats(self, stats: Stats) -> None:
        self.stats = stats

    def record_game(self, doc: dict[str, Any]) -> Stats:
        """Count a finished match from its save document (winners read from its game)."""
        from game.engine import Game

        game = Game.from_json(doc["game"])
        result = game.result()
        kinds = [s["kind"] for s in doc["seats"]]
        s = self.stats
        s.played += 1
        s.rounds += game.round
        s.ai_wins += any(kinds[w] != "human" for w in result.winners)
        s.human_wins += any(kinds[w] == "human" for w in result.winners)
        humans = [sc.total for sc, k in zip(result.scores, kinds, strict=True) if k == "human"]
        s.best_total = max([s.best_total, *humans])
        return s


def _no_op() -> None:
    return None


@dataclass
class Context:
    tr: Callable[..., str]
    art: Art
    settings: Settings = field(default_factory=Settings)
    storage: Storage = field(default_factory=MemoryStorage)
    ai_factory: Callable[[str, int, int], Any] | None = None  # (level, seat, ai_seed) -> AiPlayer
    hint: Callable[[Any, int], Any] | None = None  # (game, seat) -> Advice | None
    sound: Any | None = None
    quit: Callable[[], None] = _no_op
    toggle_fullscreen: Callable[[], None] = _no_op
    set_language: Callable[[str], None] = lambda language: None  # switches ``tr`` in place
    resize_window: Callable[[tuple[int, int]], None] = lambda size: None
    has_key: Callable[[str], bool] = lambda key: True

    @property
    def palette(self) -> theme.Palette:
        """The meaningful colours, colour-blind-safe when the setting is on (read each draw,
        so the switch shows at once)."""
        return theme.palette(self.settings.colour_blind)

    def play_sound(self, name: str) -> None:
        if self.sound is not None:
            try:
                self.sound.play(name)
            except Exception:  # noqa: BLE001 - a missing sound never stops the game
                self.sound = None
