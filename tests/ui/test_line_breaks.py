"""Wrapped text breaks where the plain greedy rule breaks it (``line_breaks``), with far
fewer strings measured: the lessons' notes, laid out at every size down to the smallest,
spent most of their time measuring (issue 43)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.lessons import load_lessons
from game.ui.kit.line_breaks import break_lines, greedy_lines, word_estimates
from game.ui.kit.text import TextCache
from game.ui.media.fonts import Fonts

WIDTHS = (1, 60, 301, 555)


def lesson_texts(lang: str) -> list[str]:
    """Every lesson's notes and refusals in ``lang``: the longest texts the game wraps."""
    out: list[str] = []
    for lesson in load_lessons():
        for step in lesson.steps:
            out += [t[lang] for t in (step.text, step.wrong) if t]
    return out


def measurer(font: pygame.font.Font) -> Callable[[str], int]:
    return lambda s: font.size(s)[0]


class Counting:
    """A font source whose fonts count the strings they measure."""

    def __init__(self) -> None:
        self.fonts = Fonts()
        self.sizes = 0

    def __call__(self, px: int, bold: bool) -> pygame.font.Font:
        font = self.fonts.get(px, bold)
        counter = self

        class Font:
            def size(self, s: str) -> tuple[int, int]:
                counter.sizes += 1
                return font.size(s)

            def __getattr__(self, name: str):  # noqa: ANN204 - the font's own attributes
                return getattr(font, name)

        return Font()  # type: ignore[return-value]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_wrapped_lines_are_the_greedy_rules_lines(lang: str) -> None:
    """At several widths, and with double spaces and newlines, which the rule treats its
    own way; in English at a second size and weight too (the estimates scaled from the
    first size: the same code for every language, and Hangul measures slowly)."""
    texts = lesson_texts(lang) + ["a  b c\n\nd  ", " lead and trail ", "one"]
    fonts = Fonts()
    cache = TextCache(fonts.get)
    for px, bold in ((17, False), (12, True))[: 2 if lang == "en" else 1]:
        measure = measurer(fonts.get(px, bold))
        for text in texts:
            for width in WIDTHS:
                want = [
                    line
                    for para in text.split("\n")
                    for line in greedy_lines(para.split(" "), width, measure)
                ]
                assert cache.wrap(text, px, width, bold) == want, (text, px, width)


def test_the_estimates_only_guide_the_guess() -> None:
    """Estimates far too small or far too large cost measures, never a different line."""
    font = Fonts().get(16, False)
    text = lesson_texts("en")[3]
    words = text.replace("\n", " ").split(" ")

    measure = measurer(font)
    true = word_estimates(words, [m[4] for m in font.metrics(" ".join(words))])
    for width in WIDTHS:
        want = greedy_lines(words, width, measure)
        for estimates in (true, [0] * len(words), [10**6] * len(words)):
            assert break_lines(words, width, measure, estimates, 4) == want


def test_a_note_is_wrapped_measuring_a_few_strings_a_line() -> None:
    """The rule measures a string per word; the guided break about two per line."""
    counting = Counting()
    cache = TextCache(counting)
    texts = lesson_texts("en")
    lines = words = 0
    for text in texts:
        for width in (301, 555):
            lines += len(cache.wrap(text, 18, width))
            words += len(text.split())
    assert counting.sizes <= 2.5 * lines < words / 2, (counting.sizes, lines, words)
