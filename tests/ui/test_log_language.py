"""The game log is worded from the events' keys and numbers in the player's language: a
Korean game's log holds no English, and what used to be English inside the events (the
line bonuses, why a bonus was skipped) is now worded by the catalogue."""

from __future__ import annotations

import random
import re

import pytest

from game.data import trees
from game.engine import SkipReason, TaskKind, new_game
from game.engine import events as ev
from game.i18n import Catalog
from game.ui.words.sentences import log_sentence
from tests.engine.samples import one_of_each_event

KOREAN_NAMES = ["봄", "여름", "가을", "겨울"]
TREE_IDS = re.compile("|".join(sorted((t.id for t in trees()), key=len, reverse=True)))


def korean_log(games: int) -> list[str]:
    tr = Catalog.load("ko", strict=True).tr
    lines = [log_sentence(tr, s.event, KOREAN_NAMES) for s in one_of_each_event().values()]
    for i in range(games):
        g, rand = new_game(2 + i % 3, 900 + i), random.Random(i)
        for _ in range(3000):
            if g.over:
                break
            seat = rand.choice(g.pending()).player
            for e in g.play(seat, rand.choice(g.legal_moves(seat))):
                lines.append(log_sentence(tr, e, KOREAN_NAMES[: g.n]))
    return [line for line in lines if line is not None]


def test_a_korean_games_log_holds_no_english() -> None:
    lines = korean_log(12)
    assert len(lines) > 1000
    # Latin letters appear only in the printed tree numbers ("보호수 4B")
    english = [line for line in lines if re.search("[A-Za-z]", TREE_IDS.sub("", line))]
    assert english == []


@pytest.mark.parametrize(
    "lang,expected",
    [
        ("en", "Column 3 is complete: +1\u00a0Sun for good."),  # (no break before Sun)
        ("ko", "3열 완성: 태양 +1 (계속 유지)."),
    ],
)
def test_a_completed_line_is_worded_from_its_index(lang: str, expected: str) -> None:
    tr = Catalog.load(lang, strict=True).tr
    planted = ev.TreePlanted(0, 5, 2, 2, (1,), None)  # the old "column 3: +1 sun"
    line = log_sentence(tr, planted, KOREAN_NAMES)
    assert line is not None and line.endswith(" " + expected)
    two = log_sentence(tr, ev.TreePlanted(0, 5, 3, 1, (2, 3), None), KOREAN_NAMES)
    column = tr("log.line_done", line=tr("line.column", n=4), amount=1, element=tr("element.wind"))
    row = tr("log.line_done", line=tr("line.row", n=2), amount=2, element=tr("element.flower"))
    assert two is not None and two.endswith(f" {column} {row}")


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_each_reason_for_a_skipped_bonus_has_its_own_sentence(lang: str) -> None:
    tr = Catalog.load(lang, strict=True).tr
    said = {
        reason: log_sentence(tr, ev.BonusSkipped(1, TaskKind.ATTRACT, reason), ["A", "B"])
        for reason in SkipReason
    }
    assert len(set(said.values())) == len(SkipReason)
    assert all(line and "B" in line for line in said.values())
