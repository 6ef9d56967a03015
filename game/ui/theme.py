"""Colours and text sizes of the table (logical pixels), in one place."""

from __future__ import annotations

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

# Text sizes in logical pixels; the smallest is still 13 px at 1280x720.
SMALL = 20
BODY = 24
LARGE = 30
TITLE = 44
HUGE = 72
