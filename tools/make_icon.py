"""Build the application icons from the art: ``assets/icon.png`` and ``assets/icon.ico`` (the
window and Windows), and the freedesktop icon theme sizes ``assets/desktop/hicolor/NxN/apps/
living-forest.png`` (48-512 px) that the Linux launcher uses.

The tree is rendered from its SVG source at each size, so large icons stay sharp. The ICO
holds PNG images directly (supported since Windows Vista), so no imaging library is needed:
pygame draws the picture and this script writes the ICO container.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.resources import asset  # noqa: E402

SIZES = (16, 32, 48, 64, 128, 256)  # inside the ICO
DESKTOP_SIZES = (48, 64, 128, 256, 512)  # freedesktop hicolor theme
TREE_SVG = asset("src", "openmoji", "1F333.svg")


def draw_icon(size: int) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(2, size // 5)
    pygame.draw.rect(surf, (34, 84, 52), surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-size // 10, -size // 10)
    pygame.draw.rect(surf, (58, 128, 74), inner, border_radius=radius)
    # The Sacred Tree token: a golden disc with a ring, the yellow tree on it.
    centre, disc = surf.get_rect().center, size * 0.39
    pygame.draw.circle(surf, (120, 86, 20), centre, disc)
    pygame.draw.circle(surf, (250, 226, 140), centre, disc - max(1, size // 64))
    pygame.draw.circle(surf, (200, 150, 40), centre, disc * 0.86, max(1, size // 96))
    side = int(size * 0.56)
    svg = TREE_SVG.read_bytes().replace(b"#b1cc33", b"#fcea2b").replace(b"#B1CC33", b"#fcea2b")
    tree = pygame.image.load_sized_svg(io.BytesIO(svg), (side, side))
    surf.blit(tree, tree.get_rect(center=(centre[0], centre[1] - size // 64)))
    return surf


def png_bytes(surf: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def write_ico(path: Path, images: list[tuple[int, bytes]]) -> None:
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in images:
        dim = 0 if size >= 256 else size  # 0 means 256 in the ICO directory
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    path.write_bytes(header + entries + blobs)


def main() -> None:
    pygame.display.init()  # not pygame.init(): no mixer, so no audio-device noise
    images = [(s, png_bytes(draw_icon(s))) for s in SIZES]
    asset("icon.png").write_bytes(images[-1][1])
    write_ico(asset("icon.ico"), images)
    for size in DESKTOP_SIZES:
        path = asset("desktop", "hicolor", f"{size}x{size}", "apps", "living-forest.png")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png_bytes(draw_icon(size)))
    print(f"wrote {asset('icon.png')}, {asset('icon.ico')} and {len(DESKTOP_SIZES)} theme icons")


if __name__ == "__main__":
    main()
