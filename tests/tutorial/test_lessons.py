"""Lesson files: they load, play through on the real engine, light only existing zones,
speak both languages with the RULES.md terms and the font's glyphs, and refuse wrong moves
with an explanation and no change."""

from __future__ import annotations

import string
from functools import cache

import pygame
import pytest

from game.engine import IllegalMove, TaskKind, check_invariants
from game.engine.moves import DRAW, PASS, STOP, ChooseAction, MoveSpirit
from game.i18n import LANGUAGES
from game.lessons import (
    LEARNER,
    OPPONENT,
    LessonError,
    LessonRunner,
    build_position,
    load_lessons,
    load_ui_text,
    parse_lesson,
)
from game.ui.lessons.lesson_note import PLACE_ORDER
from game.ui.media.fonts import Fonts
from game.ui.table.layout import load_layout
from tests.glossary import LESSON_TERMS

LESSONS = load_lessons()
IDS = [lesson.id for lesson in LESSONS]
TERMS = LESSON_TERMS  # English words → the Korean term of RULES.md §1


def play_through(runner: LessonRunner) -> None:
    while not runner.done:
        runner.run_opponent()
        step = runner.step
        assert step is not None
        if step.move is None:
            runner.cont()
        else:
            runner.play(LEARNER, step.move)


def texts() -> list[tuple[str, dict[str, str]]]:
    out = []
    for lesson in LESSONS:
        out += [(f"{lesson.id} title", lesson.title), (f"{lesson.id} summary", lesson.summary)]
        for i, s in enumerate(lesson.steps, start=1):
            out.append((f"{lesson.id} step {i}", s.text))
            if s.wrong:
                out.append((f"{lesson.id} step {i} wrong", s.wrong))
    out += [(f"ui {k}", v) for k, v in load_ui_text().items()]
    return out


def test_five_lessons_in_order() -> None:
    assert IDS == [
        "01_drawing",
        "02_varan",
        "03_attract_extinguish",
        "04_forest_circle",
        "05_winning",
    ]


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_each_lesson_plays_through_on_the_engine(lesson) -> None:
    runner = LessonRunner(lesson)
    check_invariants(runner.game)
    play_through(runner)
    assert runner.scripted == len(lesson.opponent), "the opponent's script was not all used"
    check_invariants(runner.game)


def test_the_lessons_teach_what_they_promise() -> None:
    """Each lesson's position really produces its lesson (the decks are fixed)."""
    from game.engine.state import VARAN

    kinds: dict[str, set[str]] = {}
    for lesson in LESSONS:
        runner = LessonRunner(lesson)
        seen: set[str] = set()
        while not runner.done:
            for e in runner.run_opponent():
                seen.add(f"opp:{e.kind}")
            step = runner.step
            if step.move is None:
                runner.cont()
            else:
                seen |= {e.kind for e in runner.play(LEARNER, step.move)}
        kinds[lesson.id] = seen
    assert {"card_revealed", "player_stopped"} <= kinds["01_drawing"]
    assert "opp:player_stopped" in kinds["01_drawing"]  # the forced stop at three solitary
    assert "fragment_used" in kinds["02_varan"]
    assert {"animal_attracted", "fire_extinguished"} <= kinds["03_attract_extinguish"]
    assert {"opp:onibi_attack", "opp:varans_dealt", "opp:fires_added"} <= kinds[
        "03_attract_extinguish"
    ]
    assert {"tree_planted", "standee_moved", "tile_stolen", "fragments_taken"} <= kinds[
        "04_forest_circle"
    ]
    assert {"fragments_taken", "fire_extinguished"} <= kinds["05_winning"]
    assert "opp:game_over" in kinds["05_winning"]
    # the Varan of lesson 2 went back to the supply
    runner = LessonRunner(LESSONS[1])
    play_through(runner)
    assert VARAN not in runner.game.players[LEARNER].discard + runner.game.players[0].line


def test_the_last_lesson_is_won_by_the_learner() -> None:
    runner = LessonRunner(LESSONS[-1])
    play_through(runner)
    result = runner.game.result()
    assert runner.game.over and result.winners == (LEARNER,)


def test_the_forest_lesson_completes_a_line_and_a_corner() -> None:
    runner = LessonRunner(LESSONS[3])
    events = []
    while not runner.done:
        events += runner.run_opponent()
        step = runner.step
        events += runner.cont() or [] if step.move is None else runner.play(LEARNER, step.move)
    planted = [e for e in events if e.kind == "tree_planted"]
    assert planted[0].lines and planted[1].corner is TaskKind.FRAGMENT
    moved = next(e for e in events if e.kind == "standee_moved")
    assert moved.jumped == (OPPONENT,)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_lit_zone_and_panel_exists_in_the_layout(lesson) -> None:
    zones = load_layout(2).zones
    for i, step in enumerate(lesson.steps, start=1):
        missing = [z for z in step.zones if z not in zones]
        assert missing == [], f"{lesson.id} step {i}"
        assert step.panel in (*PLACE_ORDER, "auto"), f"{lesson.id} step {i}"


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_step_in_both_languages(lesson) -> None:
    for i, step in enumerate(lesson.steps, start=1):
        for lang in LANGUAGES:
            assert step.text[lang].strip(), f"{lesson.id} step {i} {lang}"
            if step.move is not None:
                assert step.wrong[lang].strip(), f"{lesson.id} step {i} wrong {lang}"
        assert step.text["ko"] != step.text["en"]


def test_korean_uses_the_rules_terms() -> None:
    wrong = []
    for where, text in texts():
        for term, korean in TERMS.items():
            english = text["en"].lower().replace("living forest", "")  # the game's name
            if term.lower() in english and korean not in text["ko"]:
                wrong.append((where, term, korean))
    assert wrong == []


def test_ui_strings_have_the_same_fields() -> None:
    def fields(s: str) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(s) if f}

    for key, by_lang in load_ui_text().items():
        assert fields(by_lang["en"]) == fields(by_lang["ko"]), key


@cache
def _fonts() -> Fonts:
    pygame.font.init()
    return Fonts()


@pytest.mark.parametrize("bold", [False, True])
def test_every_character_has_a_glyph(bold: bool) -> None:
    """Only characters the bundled font draws (its Hangul is KS X 1001's 2,350 syllables)."""

    def pixels(text: str) -> tuple:
        surf = _fonts().get(28, bold).render(text, True, (0, 0, 0))
        return surf.get_size(), pygame.image.tobytes(surf, "RGBA")

    notdef = pixels("\U000f0000")
    chars = {c for _, t in texts() for lang in LANGUAGES for c in t[lang]}
    missing = sorted(c for c in chars if not c.isspace() and pixels(c) == notdef)
    assert missing == []


def test_hangul_is_within_ks_x_1001() -> None:
    hangul = {c for _, t in texts() for c in t["ko"] if "\uac00" <= c <= "\ud7a3"}
    assert hangul, "no Korean text"
    for c in hangul:
        c.encode("euc-kr")  # raises for a syllable outside KS X 1001


# -- wrong moves -----------------------------------------------------------------------------


def wrong_moves(runner: LessonRunner) -> list:
    """Every legal move that is not the step's, plus a few the rules forbid now."""
    step = runner.step
    legal = runner.game.legal_moves(LEARNER)
    out = [m for m in legal if m != step.move]
    for m in (DRAW, STOP, PASS, ChooseAction(2).canonical(), MoveSpirit(9).canonical()):
        if m not in legal and m != step.move:
            out.append(m)
    return out


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_wrong_moves_are_refused_with_a_reason_and_change_nothing(lesson) -> None:
    runner = LessonRunner(lesson, ui=load_ui_text())
    refused = 0
    while not runner.done:
        runner.run_opponent()
        step = runner.step
        before = (runner.game.to_json(), runner.index, runner.scripted)
        legal = set(runner.game.legal_moves(LEARNER))
        for move in wrong_moves(runner):
            why = runner.refusal(LEARNER, move)
            assert why is not None, f"{lesson.id} step {runner.index + 1}: {move} accepted"
            for lang in LANGUAGES:
                assert why.message(lang).strip()
            assert bool(why.engine) == (move not in legal)
            with pytest.raises(IllegalMove):
                runner.play(LEARNER, move)
            assert (runner.game.to_json(), runner.index, runner.scripted) == before
            refused += 1
        if step.move is None:
            runner.cont()
        else:
            runner.play(LEARNER, step.move)
    assert refused > len(lesson.steps)


def test_continue_waits_for_the_opponent() -> None:
    runner = LessonRunner(LESSONS[0])
    while runner.step.move is not None or runner.index == 0:
        if runner.step.move is None:
            runner.cont()
        else:
            runner.play(LEARNER, runner.step.move)
    assert runner.opponent_due() and not runner.can_continue()
    with pytest.raises(LessonError):
        runner.cont()
    runner.run_opponent()
    assert runner.can_continue()


def test_a_broken_lesson_is_reported() -> None:
    with pytest.raises(LessonError):
        parse_lesson("x", {"title": {"en": "a"}, "summary": {}, "steps": []})
    with pytest.raises(LessonError):
        build_position({"seats": {"0": {"deck_top": ["Unicorn"]}}})
    with pytest.raises(LessonError):
        build_position({"prelude": [[0, {"kind": "stop"}]]})
