"""The table's sprites: the PNGs under ``assets/`` (made by ``tools/build_assets.py``), scaled
to the size the table asks for and cached, so each size is smoothscaled once.

Sizes are ``(width, height)`` in pixels, or one int for square sprites. A missing file raises
``FileNotFoundError`` naming it, rather than drawing a blank.

The card faces carry no words: the animal's name is written into the face's name band at the
size asked, in the current language, by ``Sprites(label=tr)`` (``tr`` maps a catalogue key
such as ``animal.12`` to its text), and cached by card, size and text, so a language switch
draws new names without any cache to clear.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pygame

from game.data import ELEMENTS, animals, boards, trees
from game.resources import asset
from game.ui.kit.surface_cache import SurfaceCache
from game.ui.media.fonts import Fonts

Size = int | tuple[int, int]

CARD_IDS = range(1, 67)  # 65 Guardian Animals and the Fire Varan (66)
FIRE_VALUES = (2, 3, 4)
SYMBOLS = ("solitary", "gregarious")
LEVELS = (1, 2, 3)

# Aspect ratio of the source art, for callers that know only one side.
CARD_ASPECT = 288 / 400
STANDEE_ASPECT = 160 / 240
FOREST_ASPECT = 960 / 600

# The name band of a face, in the 288x400 source pixels (tools/build_assets.py leaves it
# empty): left of the level badge on market cards, the full width on the others. Names are
# written from its left edge.
NAME_BAND = {
    "market": pygame.Rect(20, 336, 188, 48),
    "other": pygame.Rect(22, 336, 244, 48),
}
NAME_PX = 34  # the name's size in source pixels; a longer name shrinks to fit its band
NAME_MAX_PX = 42  # the interface scale grows a name up to this (the band is 48 high)
MIN_NAME_PX = 9  # smaller than this a name is not read, so it is left off (tooltips name it)
MIN_CONDENSE = 0.8  # a long name at MIN_NAME_PX may be condensed to 80% of its width
NAME_INK = (34, 30, 26)
SCALED_BUDGET = 32 * 2**20  # scaled sprites' pixels kept (least recently drawn dropped first)
NAMED_BUDGET = 16 * 2**20  # card faces with their names written


def _wh(size: Size) -> tuple[int, int]:
    if isinstance(size, int):
        return (size, size)
    w, h = size
    return (int(w), int(h))


class Sprites:
    """Loads sprites lazily; one instance per app (it needs a display for ``convert``)."""

    def __init__(self, label: Callable[[str], str] | None = None) -> None:
        """``label`` gives the text of a catalogue key (the catalogue's ``tr``); without it
        the faces have no names."""
        self.label = label
        self._originals: dict[str, pygame.Surface] = {}
        self._scaled = SurfaceCache(SCALED_BUDGET)  # by (name, size): a flying card has many
        self._named = SurfaceCache(NAMED_BUDGET)  # by (card, size, name, scale)
        self._fonts: Fonts | None = None

    # -- generic -----------------------------------------------------------------------------

    def path(self, name: str) -> Path:
        """Path of a sprite file under assets/, e.g. ``cards/card_01.png``."""
        return asset(*name.split("/"))

    def original(self, name: str) -> pygame.Surface:
        """The sprite at its source resolution (cached)."""
        surf = self._originals.get(name)
        if surf is None:
            path = self.path(name)
            if not path.is_file():
                raise FileNotFoundError(f"sprite missing: {path} (run tools/build_assets.py)")
            surf = pygame.image.load(path)
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                surf = surf.convert_alpha() if name.endswith(".png") else surf.convert()
            self._originals[name] = surf
        return surf

    def get(self, name: str, size: Size) -> pygame.Surface:
        """The sprite smoothscaled to ``size`` (cached by name and size)."""
        wh = _wh(size)
        if wh[0] <= 0 or wh[1] <= 0:
            raise ValueError(f"sprite size must be positive, got {wh} for {name}")
        key = (name, wh)
        surf = self._scaled.get(key)
        if surf is None:
            orig = self.original(name)
            surf = orig if orig.get_size() == wh else pygame.transform.smoothscale(orig, wh)
            self._scaled.put(key, surf)
        return surf

    def clear(self) -> None:
        """Forget the scaled copies (e.g. after the window is resized)."""
        self._scaled.clear()
        self._named.clear()

    def label_of(self, name: str, args: tuple) -> str | None:
        """The text a sprite carries in the current language (``None``: no text), so a cache
        of finished pictures (``Art``) can key on it."""
        if name == "card_face" and self.label is not None and args and args[0] in CARD_IDS:
            return self.label(f"animal.{args[0]}")
        return None

    # -- components -------------------------------------------------------------------------

    def card_face(
        self, card_id: int, size: Size, name: str | None = None, scale: float = 1.0
    ) -> pygame.Surface:
        """The face at ``size`` with ``name`` (default: the label of ``animal.N``) written in
        its band, grown by the interface ``scale`` as far as the band holds it; an empty
        name, or one too small to read at this size, is left off."""
        if card_id not in CARD_IDS:
            raise KeyError(f"no card with id {card_id}")
        face = self.get(f"cards/card_{card_id:02d}.png", size)
        if name is None:
            name = self.label_of("card_face", (card_id,))
        if not name:
            return face
        wh = face.get_size()
        key = (card_id, wh, name, scale)
        surf = self._named.get(key)
        if surf is None:
            surf = self._named.put(key, self._write_name(card_id, wh, name, scale))
        return surf

    def card_art(self, card_id: int, size: Size) -> pygame.Surface:
        """The face at ``size`` without its name: a card half covered in a Help Line, whose
        name would show cut ("Goldfis"); its tooltip names it."""
        return self.card_face(card_id, size, "")

    def name_end(self, card_id: int, size: Size, scale: float = 1.0) -> int | None:
        """How far from the face's left edge its written name reaches, in pixels (``None``:
        no name is written at this size), so a half-covered card can keep a name that
        shows whole."""
        name = self.label_of("card_face", (card_id,))
        laid = self.name_layout(card_id, size, name, scale) if name else None
        if laid is None or name is None:
            return None
        band, px, squeeze = laid
        return band.x + math.ceil(self.fonts.get(px, bold=True).size(name)[0] * squeeze)

    def name_layout(
        self, card_id: int, size: Size, name: str, scale: float = 1.0
    ) -> tuple[pygame.Rect, int, float] | None:
        """Where ``name`` goes on a face of ``size``: the band (pixels), the font size and how
        much the letters are condensed (1 = not) to fit it; ``None`` when even condensed the
        name would be below ``MIN_NAME_PX``. The interface ``scale`` grows the name up to
        ``NAME_MAX_PX`` (a long name still shrinks to its band's width)."""
        w, h = _wh(size)
        kind = "market" if animals()[card_id].level >= 1 else "other"
        b = NAME_BAND[kind]
        sx, sy = w / 288, h / 400
        band = pygame.Rect(round(b.x * sx), round(b.y * sy), round(b.w * sx), round(b.h * sy))
        nominal = round(NAME_PX * sy)
        if nominal < MIN_NAME_PX:
            return None
        nominal = max(nominal, round(min(NAME_PX * scale, NAME_MAX_PX) * sy))
        px = self.fonts.fit(name, band.w, nominal, MIN_NAME_PX, bold=True)
        if px is not None:
            return band, px, 1.0
        # A long name at the smallest size: condense its letters a little rather than drop it.
        wide = self.fonts.get(MIN_NAME_PX, bold=True).size(name)[0]
        squeeze = band.w / wide
        return (band, MIN_NAME_PX, squeeze) if squeeze >= MIN_CONDENSE else None

    @property
    def fonts(self) -> Fonts:
        if self._fonts is None:
            self._fonts = Fonts()
        return self._fonts

    def _write_name(
        self, card_id: int, wh: tuple[int, int], name: str, scale: float = 1.0
    ) -> pygame.Surface:
        w, h = wh
        natural = (max(1, round(h * CARD_ASPECT)), h)
        if abs(w - natural[0]) > 2:
            # Squeezed (a card turning over): write at the card's own shape, then squeeze.
            face = self.card_face(card_id, natural, name, scale)
            return pygame.transform.smoothscale(face, wh)
        face = self.get(f"cards/card_{card_id:02d}.png", wh)
        layout = self.name_layout(card_id, wh, name, scale)
        if layout is None:
            return face
        band, px, squeeze = layout
        font = self.fonts.get(px, bold=True)
        img = font.render(name, True, NAME_INK)
        if squeeze < 1:
            img = pygame.transform.smoothscale(
                img, (max(1, int(img.get_width() * squeeze)), img.get_height())
            )
        # Left-aligned, so a card half covered in a Help Line still shows how its name begins;
        # the letters' middle (about 0.36 em above the baseline) on the band's middle, so
        # Latin and Hangul names sit alike whatever their descenders.
        top = round(band.centery + 0.36 * px - font.get_ascent())
        out = face.copy()
        out.blit(img, (band.x, top))
        return out

    def card_back(self, size: Size) -> pygame.Surface:
        return self.get("cards/card_back.png", size)

    def tree(self, kind: int | str, size: Size) -> pygame.Surface:
        """A Protective Tree by kind index (0-11, the order of trees.csv) or ``'start'``."""
        if kind == "start":
            return self.get("trees/tree_start.png", size)
        if not isinstance(kind, int) or not 0 <= kind < len(trees()):
            raise KeyError(f"no tree kind {kind!r}")
        return self.get(f"trees/tree_{kind:02d}.png", size)

    def fire_tile(self, value: int, size: Size) -> pygame.Surface:
        if value not in FIRE_VALUES:
            raise KeyError(f"no Fire tile of value {value}")
        return self.get(f"tiles/fire_{value}.png", size)

    def fragment(self, size: Size) -> pygame.Surface:
        return self.get("tiles/fragment.png", size)

    def victory_tile(self, kind: str, season: str, size: Size) -> pygame.Surface:
        """``kind`` is fire, flower or tree; ``season`` spring, summer, autumn or winter."""
        if kind not in boards().victory_tiles or season not in boards().seasons:
            raise KeyError(f"no Victory tile {kind!r} for {season!r}")
        return self.get(f"tiles/victory_{kind}_{season}.png", size)

    def element_icon(self, name: str, size: Size) -> pygame.Surface:
        if name not in ELEMENTS:
            raise KeyError(f"no element {name!r}")
        return self.get(f"icons/element_{name}.png", size)

    def coin(self, symbol: str, size: Size) -> pygame.Surface:
        """``solitary`` (black coin) or ``gregarious`` (white coin)."""
        if symbol not in SYMBOLS:
            raise KeyError(f"no coin for symbol {symbol!r}")
        return self.get(f"icons/coin_{symbol}.png", size)

    def level_mark(self, level: int, size: Size) -> pygame.Surface:
        if level not in LEVELS:
            raise KeyError(f"no level mark {level!r}")
        return self.get(f"icons/level_{level}.png", size)

    def standee(self, season: str, size: Size) -> pygame.Surface:
        if season not in boards().seasons:
            raise KeyError(f"no standee for season {season!r}")
        return self.get(f"tokens/standee_{season}.png", size)

    def sacred_tree(self, size: Size) -> pygame.Surface:
        return self.get("tokens/sacred_tree.png", size)

    def forest_board(self, size: Size) -> pygame.Surface:
        return self.get("boards/forest.png", size)

    def circle(self, size: Size) -> pygame.Surface:
        return self.get("boards/circle.png", size)

    def background(self, size: Size) -> pygame.Surface:
        return self.get("boards/background.jpg", size)


def forest_geometry(size: Size) -> tuple[pygame.Rect, int]:
    """Where the 5x3 grid of spaces is on a Forest board drawn at ``size``: its rect and the
    cell side, so the table can put trees on the spaces the art shows."""
    w, h = _wh(size)
    sx, sy = w / 960, h / 600
    b = boards()
    cell = 150
    gx = (960 - b.columns * cell) // 2 - 30
    rect = pygame.Rect(round(gx * sx), round(40 * sy), round(b.columns * cell * sx),
                       round(b.rows * cell * sy))  # fmt: skip
    return rect, round(cell * min(sx, sy))


def circle_geometry(size: int) -> tuple[list[tuple[int, int]], int, int]:
    """Centres of the 12 rocks on a Circle drawn at ``size``, the rock radius and the radius of
    the central Fire area."""
    import math

    c = size / 2
    ring = c * 0.72
    n = len(boards().rocks)
    centres = [
        (round(c + math.cos(-math.pi / 2 + i * 2 * math.pi / n) * ring),
         round(c + math.sin(-math.pi / 2 + i * 2 * math.pi / n) * ring))
        for i in range(n)
    ]  # fmt: skip
    return centres, round(74 * size / 880), round(c * 0.42)
