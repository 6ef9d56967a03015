"""Colours and text sizes of the table (logical pixels), in one place."""

from __future__ import annotations

from dataclasses import dataclass

Color = tuple[int, int, int] | tuple[int, int, int, int]

BG = (28, 40, 30)
LETTERBOX = (0, 0, 0)
PANEL = (44, 60, 46)
PANEL_DARK = (30, 42, 32)
PANEL_EDGE = (90, 118, 88)
ACTIVE_EDGE = (255, 255, 255)
TEXT = (240, 236, 220)
TEXT_DIM = (178, 182, 166)
TEXT_DARK = (30, 30, 28)
ACCENT = (250, 214, 92)
LEGAL = (120, 230, 140)
HOVER = (255, 255, 255)
SELECTED = (255, 170, 60)
DANGER = (236, 96, 72)
BUTTON = (64, 96, 70)
BUTTON_HOVER = (88, 128, 94)
BUTTON_OFF = (52, 60, 54)
SHADE = (0, 0, 0, 150)
TOOLTIP = (250, 246, 228)

SEASON_COLOURS: tuple[Color, ...] = (
    (132, 200, 96),  # spring
    (246, 196, 64),  # summer
    (222, 120, 60),  # autumn
    (120, 176, 236),  # winter
)
ELEMENT_COLOURS: tuple[Color, ...] = (
    (250, 200, 50),
    (80, 160, 240),
    (110, 200, 90),
    (150, 210, 210),
    (240, 120, 180),
)


@dataclass(frozen=True)
class Palette:
    """The colours that carry meaning (whose seat, which element, legal/selected, hit/safe):
    the one thing the colour-blind setting changes (shapes and patterns come from the art)."""

    seasons: tuple[Color, ...] = SEASON_COLOURS
    elements: tuple[Color, ...] = ELEMENT_COLOURS
    legal: Color = LEGAL
    selected: Color = SELECTED
    danger: Color = DANGER
    safe: Color = LEGAL


NORMAL = Palette()
# After Okabe & Ito: every pair stays >= 20 CIELAB units apart under simulated deuteranopia
# and protanopia (tests/ui/test_palette.py); the normal seasons fall to 14 (spring/summer).
COLOUR_BLIND = Palette(
    seasons=((0, 170, 130), (245, 230, 80), (200, 80, 20), (110, 170, 255)),
    elements=((250, 220, 60), (30, 100, 210), (0, 175, 125), (225, 225, 225), (200, 100, 160)),
    legal=(86, 180, 233),
    selected=(230, 159, 0),
    danger=(213, 94, 0),
    safe=(86, 180, 233),
)


def palette(colour_blind: bool) -> Palette:
    return COLOUR_BLIND if colour_blind else NORMAL


# A line's letters, parentheses and descenders included, span at most this many times its
# size (the bundled fonts, Latin and Hangul): what a band a line grows into must hold.
INK_HEIGHT = 1.1

# Text sizes in logical pixels; the smallest is still 13 px at 1280x720.
SMALL = 20
BODY = 24
LARGE = 30
TITLE = 44
HUGE = 72
