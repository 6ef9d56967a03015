"""Every storage the scenes may be handed answers every call of the ``Storage`` protocol, so
the scenes call it directly (no probing) and a new call cannot be forgotten by one of them."""

from __future__ import annotations

import inspect

import pytest

from game.app.storage import FileStorage
from game.ui.context import MemoryStorage, Storage
from game.ui.lessons.lesson_match import LessonStorage

CALLS = sorted(
    name
    for name, value in vars(Storage).items()
    if not name.startswith("_") and inspect.isfunction(value)
)


def test_the_protocol_names_what_the_scenes_use() -> None:
    assert {"save_problem", "take_write_failures", "take_notices", "recent_replays"} <= set(CALLS)
    assert {"load_settings", "reset_stats", "record_game"} <= set(CALLS)


@pytest.mark.parametrize("storage", [MemoryStorage, FileStorage, LessonStorage])
def test_every_storage_answers_every_call_with_the_same_parameters(storage: type) -> None:
    for name in CALLS:
        method = getattr(storage, name, None)
        assert callable(method), f"{storage.__name__} lacks {name}"
        wanted = list(inspect.signature(getattr(Storage, name)).parameters)
        assert list(inspect.signature(method).parameters) == wanted, (storage.__name__, name)
