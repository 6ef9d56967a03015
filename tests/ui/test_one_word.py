"""One word for one thing (issue 32, items 1 and 10): the solitary symbol is a "symbol"
everywhere a player reads about it (its look, a black or white coin, only described in
brackets), the help's round follows RULES.md §4.3, and lesson 1 describes the screen the
table really shows."""

from __future__ import annotations

import re

from game.i18n import read_strings
from game.lessons import load_lessons
from game.ui.table.layout import load_layout


def player_texts(lang: str) -> list[tuple[str, str]]:
    out = list(read_strings(lang).items())
    for lesson in load_lessons():
        for i, step in enumerate(lesson.steps, start=1):
            out.append((f"{lesson.id} step {i}", step.text[lang]))
            if step.wrong:
                out.append((f"{lesson.id} step {i} wrong", step.wrong[lang]))
    return out


def test_the_symbol_is_called_a_symbol_in_english() -> None:
    bad = []
    for key, text in player_texts("en"):
        if re.search(r"\bmarks?\b", text, re.I) and "Sacred Tree" not in text:
            bad.append(key)
        # "coin" only describes the look, in brackets: "(black coin)", "(a white coin)"
        for m in re.finditer(r"\bcoins?\b", text, re.I):
            before = text[: m.start()]
            if before.count("(") <= before.count(")"):
                bad.append(key)
    assert not bad, f"'mark'/'coin' used as the symbol's name in {sorted(set(bad))}"


def test_the_symbol_has_one_korean_word() -> None:
    bad = [key for key, text in player_texts("ko") if "상징" in text or "표시(" in text]
    assert not bad, f"the solitary symbol is 기호, not 상징/표시: {bad}"


def test_the_help_round_says_fires_are_added() -> None:
    """RULES.md §4.3: Onibi attacks the players, then Fires are added for the animals
    attracted, then the Reserve is refilled."""
    en = read_strings("en")["help.round.body"]
    step3 = en[en.index("3. End of the round") :]
    assert "Fires are added" in step3
    assert step3.index("Onibi attacks") < step3.index("Fires are added") < step3.index("Reserve")
    ko = read_strings("ko")["help.round.body"]
    assert "불꽃 타일이 더해지며" in ko[ko.index("3. 라운드 종료") :]


def test_lesson_1_describes_the_screen_as_it_is() -> None:
    """Your tray is along the bottom, the opponent's panel at the top right; and everyone
    draws at once (the lesson never says the opponent draws after you)."""
    layout = load_layout(2)
    tray, opponent = layout["p0_panel"], layout["p1_panel"]
    assert tray.top > opponent.bottom - 1, "the learner's tray is below the opponent"
    assert opponent.centerx > 960, "the opponent sits on the right"
    lesson = load_lessons()[0]
    first = lesson.steps[0].text
    assert "along the bottom" in first["en"] and "Summer, at the top right" in first["en"]
    assert "아래쪽" in first["ko"] and "오른쪽 위의 여름" in first["ko"]
    assert "same time" in first["en"] and "동시에" in first["ko"]
    for step in lesson.steps:
        assert "Now Summer draws" not in step.text["en"]
        assert "이제 여름이 뽑습니다" not in step.text["ko"]
