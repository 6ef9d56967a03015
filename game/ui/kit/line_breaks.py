"""A paragraph broken into lines that fit a width, by the greedy rule, measuring few strings.

The rule (``greedy_lines``): a line takes words while the line so far, joined by spaces,
fits the width; a line's first word always goes in. Applied literally it measures one
string per word, and measuring was most of the cost of laying out a long note at many
sizes (a lesson's note tries each size down to the smallest; issue 43).

``break_lines`` gives the same lines measuring about two strings per line: it guesses each
line from its words' estimated widths (the sum of their letters' advances), then measures
the guess and the guess with one more word, and moves the guess a word at a time until the
first fits and the second does not. That is the greedy line because a line never gets
narrower when a word is added at its end: the words before it keep their places.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import accumulate

Measure = Callable[[str], int]


def greedy_lines(words: list[str], width: int, measure: Measure) -> list[str]:
    """The rule itself, one measure per word (kept for paragraphs with empty words, where
    a line's leading empty words vanish, and as the reference the tests hold
    ``break_lines`` to)."""
    lines: list[str] = []
    cur = ""
    for word in words:
        trial = word if not cur else cur + " " + word
        if not cur or measure(trial) <= width:
            cur = trial
        else:
            lines.append(cur)
            cur = word
    lines.append(cur)
    return lines


def word_estimates(words: list[str], advances: Sequence[int]) -> list[int]:
    """Each word's estimated width: the sum of its letters' ``advances`` (one per letter of
    the words joined by single spaces)."""
    sums = list(accumulate(advances, initial=0))
    out: list[int] = []
    at = 0
    for word in words:
        out.append(sums[at + len(word)] - sums[at])
        at += len(word) + 1
    return out


def break_lines(
    words: list[str], width: int, measure: Measure, estimates: Sequence[int], space: int
) -> list[str]:
    """``greedy_lines(words, width, measure)``, measuring a guess per line (see the module
    docstring); ``estimates``: each word's estimated width, ``space`` a space's: they only
    guide the guess, so an error in them costs measures, never a different line."""
    if "" in words:
        return greedy_lines(words, width, measure)
    lines: list[str] = []
    n = len(words)
    start = 0
    while start < n:
        end = start + 1  # words[start:end] is the guess
        guess = estimates[start]
        while end < n:
            guess += space + estimates[end]
            if guess > width:
                break
            end += 1
        if end - start > 1 and measure(" ".join(words[start:end])) > width:
            end -= 1
            while end - start > 1 and measure(" ".join(words[start:end])) > width:
                end -= 1
        else:
            while end < n and measure(" ".join(words[start : end + 1])) <= width:
                end += 1
        lines.append(" ".join(words[start:end]))
        start = end
    return lines
