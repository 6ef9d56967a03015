"""A lesson speaks only of what the table shows (issue 40): nothing on a card marks its
solitary symbol cancelled (RULES.md §4.1: a gregarious symbol cancels one solitary symbol,
a count shown in the bar), so no step speaks of "the cancelled Bear"; the animals the
Chimpanzee step of lesson 1 names as still giving their elements are on the Help Line."""

from __future__ import annotations

import re

from game.i18n import read_strings
from game.lessons import LEARNER, LessonRunner, load_lessons


def test_no_lesson_names_a_cancelled_card() -> None:
    for lesson in load_lessons():
        for step in lesson.steps:
            assert not re.search(r"cancelled (the )?[A-Z]", step.text["en"]), step.text["en"]


def test_the_animals_lesson_one_names_are_on_the_help_line() -> None:
    animals = {v: int(k.split(".")[1]) for k, v in read_strings("en").items()
               if re.fullmatch(r"animal\.\d+", k)}  # fmt: skip
    runner = LessonRunner(load_lessons()[0])
    checked = 0
    while not runner.done:
        runner.run_opponent()
        step = runner.step
        assert step is not None
        text = step.text["en"]
        if "still gives its elements" in text:
            line = runner.game.players[LEARNER].line
            named = [name for name in animals if re.search(rf"\b{name}\b", text)]
            assert named and all(animals[name] in line for name in named), (named, line)
            assert "bar above" in text  # where the cancellation shows: the count
            checked += 1
        if step.move is None:
            runner.cont()
        else:
            runner.play(LEARNER, step.move)
    assert checked == 1
