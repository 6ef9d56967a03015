"""What every scene may use, handed in by the app's composition root.

Nothing here is global: the app builds one ``Context`` (with file storage and the real
catalogue), tests build another (memory storage, strict catalogue).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.ai.coach.review import MemoryReviews, ReviewStore
from game.lessons import LessonProgress, MemoryProgress
from game.match_stats import MatchStats, summarize
from game.notice import Notice
from game.player_settings import PlayerSettings
from game.savegame import SavedMatch, SaveError, parse_save
from game.ui.kit import theme
from game.ui.media.art import Art
from game.ui.scene import SceneRegistry
from game.ui.table.ai_seats.hinting import HintSource

log = logging.getLogger(__name__)

SPEED_FACTOR = {"slow": 0.5, "normal": 1.0, "fast": 2.5, "instant": 0.0}
THINK_SECONDS = {"slow": 0.9, "normal": 0.5, "fast": 0.15, "instant": 0.0}


class SoundPlayer(Protocol):
    def play(self, name: str) -> None: ...
    def set_volume(self, volume: float) -> None: ...
    def set_muted(self, muted: bool) -> None: ...


class Storage(Protocol):
    """Where the player's files go: implemented by the app (files) and by ``MemoryStorage``
    (tests, the self-test). Scenes call these and nothing else.

    No call raises for a file problem: a failed write is kept for the table to say at once
    (``take_write_failures``, ``save_problem``) and for the menu (``take_notices``); a file
    that cannot be read is set aside with a notice. ``record_game`` answers ``None`` when the
    game was not fully kept (the caller then keeps the autosave to record it again).

    ``save_moves`` keeps moves ``start``… (``[seat, move]`` each) of the match whose save
    document's head (``SavedMatch.head``) is ``head`` at once, before the table shows them:
    ``save_match`` may be batched and written later; none means an undo to ``start``."""

    def load_settings(self) -> PlayerSettings: ...
    def save_settings(self, settings: PlayerSettings) -> None: ...
    def save_match(self, doc: dict[str, Any]) -> None: ...
    def save_moves(self, head: dict[str, Any], start: int, moves: list[list[Any]]) -> None: ...
    def load_match(self) -> SavedMatch | None: ...
    def clear_match(self) -> None: ...
    def load_stats(self) -> MatchStats: ...
    def save_stats(self, stats: MatchStats) -> None: ...
    def reset_stats(self) -> MatchStats: ...
    def record_game(
        self, doc: dict[str, Any], elsewhere: tuple[int, ...] = ()
    ) -> MatchStats | None: ...
    def recent_replays(self, limit: int = 20) -> list[Any]: ...
    def take_notices(self) -> list[Notice]: ...
    def take_write_failures(self) -> list[Notice]: ...
    def save_problem(self) -> Notice | None: ...
    def reviews(self) -> ReviewStore: ...
    def close(self) -> None: ...


@dataclass
class MemoryStorage:
    """Storage that keeps everything in memory (tests, self-test)."""

    settings: PlayerSettings | None = None
    match: dict[str, Any] | None = None
    stats: MatchStats = field(default_factory=MatchStats)
    review_store: MemoryReviews = field(default_factory=MemoryReviews)
    notices: list[Notice] = field(default_factory=list)

    def load_settings(self) -> PlayerSettings:
        return self.settings if self.settings is not None else PlayerSettings()

    def save_settings(self, settings: PlayerSettings) -> None:
        self.settings = settings

    def save_match(self, doc: dict[str, Any]) -> None:
        self.match = doc

    def save_moves(self, head: dict[str, Any], start: int, moves: list[list[Any]]) -> None:
        """Nothing to keep: memory is not lost to a kill before the next ``save_match``."""

    def load_match(self) -> SavedMatch | None:
        """The kept document, read by the save codec like a file; a refused one is dropped
        with a notice, as the app's storage does."""
        if self.match is None:
            return None
        try:
            return parse_save(self.match)
        except SaveError as e:
            self.match = None
            self.notices.append(Notice(e.key, {"path": "(memory)"}, e.detail))
            return None

    def clear_match(self) -> None:
        self.match = None

    def load_stats(self) -> MatchStats:
        return self.stats

    def save_stats(self, stats: MatchStats) -> None:
        self.stats = stats

    def reset_stats(self) -> MatchStats:
        self.stats = MatchStats()
        return self.stats

    def record_game(self, doc: dict[str, Any], elsewhere: tuple[int, ...] = ()) -> MatchStats:
        """Count a finished match from its save document (as the app's storage does)."""
        from game.engine import Game

        kinds = [s["kind"] for s in doc["seats"]]
        self.stats.record(summarize(Game.from_json(doc["game"]), kinds, elsewhere=elsewhere))
        return self.stats

    def recent_replays(self, limit: int = 20) -> list[Any]:
        return []  # replays are files: only the app's storage keeps them

    def take_notices(self) -> list[Notice]:
        out, self.notices = self.notices, []
        return out

    def take_write_failures(self) -> list[Notice]:
        return []

    def save_problem(self) -> Notice | None:
        return None

    def reviews(self) -> ReviewStore:
        return self.review_store

    def close(self) -> None:
        """Nothing waits to be written."""


def _no_op() -> None:
    return None


@dataclass
class Context:
    tr: Callable[..., str]
    art: Art
    settings: PlayerSettings = field(default_factory=PlayerSettings)
    storage: Storage = field(default_factory=MemoryStorage)
    ai_factory: Callable[[str, int, int], Any] | None = None  # (level, seat, ai_seed) -> AiPlayer
    ponder: Callable[[str], Any] | None = None  # level -> its Ponderer or None (``pondering``)
    hint: HintSource | None = None  # the Hint button's advice (None: no button)
    online: Any = None  # game.ui.online.service.Online: host and join tables (None: offline)
    sound: SoundPlayer | None = None  # None: no audio device, or sound turned off
    quit: Callable[[], None] = _no_op
    toggle_fullscreen: Callable[[], None] = _no_op
    set_language: Callable[[str], None] = lambda language: None  # switches ``tr`` in place
    language: Callable[[], str] = lambda: "en"  # the catalogue's language now
    resize_window: Callable[[tuple[int, int]], None] = lambda size: None
    has_key: Callable[[str], bool] = lambda key: True
    lesson_progress: LessonProgress = field(default_factory=MemoryProgress)
    scenes: SceneRegistry = field(default_factory=SceneRegistry)  # filled by the composition
    # What instant speed's frame budget (a table's AI moves per frame) is measured on; the
    # headless context's ``TickClock`` makes a frame hold the same moves under any load.
    frame_clock: Callable[[], float] = time.perf_counter

    @property
    def palette(self) -> theme.Palette:
        """The meaningful colours, colour-blind-safe when the setting is on (read each draw,
        so the switch shows at once)."""
        return theme.palette(self.settings.colour_blind)

    def play_sound(self, name: str) -> None:
        if self.sound is not None:
            try:
                self.sound.play(name)
            except Exception:  # noqa: BLE001 - a missing sound never stops the game: silence
                log.warning("sound %r failed: sound is off from now on", name, exc_info=True)
                self.sound = None
