"""The lesson's match and what the tutorial's table runs on: the lesson's texts in the
player's language, a storage that keeps nothing of the lesson, a match that first checks
every move against the lesson, and the opponent's scripted seat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ai.coach.review import MemoryReviews, ReviewStore
from game.engine import Game, IllegalMove, Move
from game.lessons import OPPONENT, LessonRunner, Refusal, load_ui_text
from game.match_stats import MatchStats
from game.notice import Notice
from game.player_settings import PlayerSettings
from game.savegame import SavedMatch
from game.ui.context import Storage
from game.ui.table.match import Match, Seat


class UiText:
    """The tutorial screens' strings in the current language (from ``lessons/ui.json``).

    ``language`` answers the language now (``Context.language``: the catalogue's, which
    the settings may switch during a lesson)."""

    def __init__(
        self, language: Callable[[], str], strings: dict[str, dict[str, str]] | None = None
    ) -> None:
        self.language = language
        self.strings = strings if strings is not None else load_ui_text()

    @property
    def lang(self) -> str:
        return self.language()

    def __call__(self, key: str, **fmt: Any) -> str:
        by_lang = self.strings[key]
        text = by_lang.get(self.lang) or by_lang["en"]
        return text.format(**fmt) if fmt else text

    def pick(self, text: dict[str, str] | Any) -> str:
        return text.get(self.lang) or text.get("en", "")


class LessonStorage:
    """The app's storage seen by the lesson's table: settings pass through, but the lesson's
    match is never autosaved, recorded in the statistics, or allowed to clear a real save."""

    def __init__(self, real: Storage) -> None:
        self.real = real

    def load_settings(self) -> PlayerSettings:
        return self.real.load_settings()

    def save_settings(self, settings: PlayerSettings) -> None:
        self.real.save_settings(settings)

    def save_match(self, doc: dict[str, Any]) -> None:
        return None

    def save_moves(self, head: dict[str, Any], start: int, moves: list[list[Any]]) -> None:
        return None

    def load_match(self) -> SavedMatch | None:
        return None

    def clear_match(self) -> None:
        return None

    def load_stats(self) -> MatchStats:
        return self.real.load_stats()

    def save_stats(self, stats: MatchStats) -> None:
        return None

    def reset_stats(self) -> MatchStats:
        return self.real.load_stats()  # a lesson never resets the player's statistics

    def record_game(
        self, doc: dict[str, Any], elsewhere: tuple[int, ...] = ()
    ) -> MatchStats | None:
        return None

    def recent_replays(self, limit: int = 20) -> list[Any]:
        return []

    def take_notices(self) -> list[Notice]:
        return []  # the menu shows them when the lesson is over

    def take_write_failures(self) -> list[Notice]:
        return self.real.take_write_failures()  # a settings write may fail during a lesson

    def save_problem(self) -> Notice | None:
        return None  # nothing of a lesson is saved

    def reviews(self) -> ReviewStore:
        return MemoryReviews()  # a lesson's game is never reviewed

    def close(self) -> None:
        return None  # the real storage is closed by whoever made it


class TutorialMatch(Match):
    """A match whose every move is first checked against the lesson (no undo: the lesson's
    step counter only moves forward)."""

    runner: LessonRunner
    refused: Refusal | None
    lang: str

    @classmethod
    def for_lesson(cls, runner: LessonRunner, names: tuple[str, str], lang: str) -> TutorialMatch:
        m = cls(runner.game, [Seat(names[0], "human"), Seat(names[1], "easy")])
        m.runner = runner
        m.refused = None
        m.lang = lang
        m.ais[OPPONENT] = ScriptedAi(runner)
        return m

    def play(self, seat: int, move: Move) -> list:
        refused = self.runner.refusal(seat, move)
        if refused is not None:
            self.refused = refused
            raise IllegalMove(refused.message(self.lang))
        events = super().play(seat, move)
        self.runner.played(seat, move)
        self.refused = None
        return events

    def can_undo(self) -> bool:
        return False

    def draws_at_once(self) -> bool:
        return False  # the scripted opponent draws in its turn, as the lesson tells it

    def round_end_by_hand(self, mode: str) -> bool:
        return False  # the lesson holds the band itself while its notes talk about it

    def offers(self, move: Move) -> bool:
        step = self.runner.step
        return step is not None and step.move == move

    def lead(self) -> str | None:
        """The prompt while the note leads: Continue (or the lesson's end) is what comes
        next, not the decision the game is at, nor an opponent whose script is used up."""
        runner = self.runner
        if runner.done:
            key = "lesson_over"
        elif runner.step is not None and runner.step.move is None and runner.can_continue():
            last = runner.index + 1 == len(runner.lesson.steps)
            key = "prompt_last" if last else "read_first"
        else:
            return None
        text = runner.ui.get(key, {})
        return text.get(self.lang) or text.get("en", "")


class ScriptedAi:
    """The opponent's seat: answers with the lesson's next scripted move."""

    def __init__(self, runner: LessonRunner) -> None:
        self.runner = runner
        self.answer: Move | None = None

    def submit(self, game: Game, seat: int, seed: int | None = None) -> None:
        self.answer = self.runner.next_opponent_move() if self.runner.opponent_due() else None

    def poll(self) -> Move | None:
        answer, self.answer = self.answer, None
        return answer

    def cancel(self) -> None:
        self.answer = None
