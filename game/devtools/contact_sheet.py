"""Render every card face, tree, tile, token and icon at table size onto one PNG, to look at.

``python -m game.devtools.contact_sheet OUT.png [--scale 1.5] [--language ko]``: scale 1 is the
1280x720 table (cards 96x134), 1.5 the 1920x1080 one; the card names are in ``--language``
(English by default).
"""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.data import ELEMENTS, boards, trees  # noqa: E402
from game.i18n import LANGUAGES, Catalog  # noqa: E402
from game.ui.media.fonts import Fonts  # noqa: E402
from game.ui.media.sprites import CARD_IDS, FIRE_VALUES, LEVELS, SYMBOLS, Sprites  # noqa: E402


def render(scale: float = 1.0, width: int = 1500, language: str = "en") -> pygame.Surface:
    """Lay the sprites out in labelled rows; sizes are those the table uses at ``scale``."""
    sprites, fonts = Sprites(label=Catalog.load(language).tr), Fonts()
    pad = 8
    card = (round(96 * scale), round(134 * scale))
    tile, tree, icon = round(64 * scale), round(80 * scale), round(32 * scale)
    sections: list[tuple[str, list[pygame.Surface]]] = [
        ("Guardian Animals 1-65 and the Fire Varan, card back",
         [sprites.card_face(i, card) for i in CARD_IDS] + [sprites.card_back(card)]),
        ("Protective Trees 0-11 and the starting tree",
         [sprites.tree(k, tree) for k in range(len(trees()))] + [sprites.tree("start", tree)]),
        ("Fire 2/3/4, Fragment, Sacred Tree, Victory tiles by season",
         [sprites.fire_tile(v, tile) for v in FIRE_VALUES] + [sprites.fragment(tile),
          sprites.sacred_tree(tile)] + [sprites.victory_tile(k, s, tile)
          for s in boards().seasons for k in boards().victory_tiles]),
        ("Elements, coins, levels, standees",
         [sprites.element_icon(e, icon) for e in ELEMENTS]
         + [sprites.coin(s, icon) for s in SYMBOLS] + [sprites.level_mark(v, icon) for v in LEVELS]
         + [sprites.standee(s, (round(48 * scale), round(72 * scale))) for s in boards().seasons]),
        ("Forest board, Circle of Spirits",
         [sprites.forest_board((round(400 * scale), round(250 * scale))),
          sprites.circle(round(300 * scale))]),
    ]  # fmt: skip
    label_font = fonts.get(round(14 * scale), bold=True)
    # Lay out first to know the height.
    placed: list[tuple[pygame.Surface, tuple[int, int]]] = []
    y = pad
    for title, images in sections:
        placed.append((label_font.render(title, True, (240, 236, 220)), (pad, y)))
        y += label_font.get_linesize() + 2
        x, row_h = pad, 0
        for img in images:
            if x + img.get_width() > width - pad:
                x, y = pad, y + row_h + pad
                row_h = 0
            placed.append((img, (x, y)))
            x += img.get_width() + pad
            row_h = max(row_h, img.get_height())
        y += row_h + 2 * pad
    sheet = pygame.Surface((width, y))
    sheet.blit(sprites.background((width, y)), (0, 0))
    for img, pos in placed:
        sheet.blit(img, pos)
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render all sprites at table size.")
    parser.add_argument("out", help="PNG file to write")
    parser.add_argument("--scale", type=float, default=1.0, help="1 = 1280x720, 1.5 = 1920x1080")
    parser.add_argument("--width", type=int, default=1500)
    parser.add_argument("--language", choices=LANGUAGES, default="en", help="card names")
    args = parser.parse_args(argv)
    pygame.display.init()  # not pygame.init(): no mixer, so no audio-device noise
    pygame.display.set_mode((1, 1))
    sheet = render(args.scale, args.width, args.language)
    pygame.image.save(sheet, args.out)
    print(f"wrote {args.out} ({sheet.get_width()}x{sheet.get_height()})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
