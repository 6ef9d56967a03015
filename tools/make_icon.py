"""Build the application icon (``assets/icon.png`` and ``assets/icon.ico``) from the art.

The ICO holds PNG images directly (supported since Windows Vista), so no imaging library
is needed: pygame draws the picture and this script writes the ICO container.
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

SIZES = (16, 32, 48, 64, 128, 256)


def draw_icon(size: int) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(2, size // 5)
    pygame.draw.rect(surf, (34, 84, 52), surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-size // 10, -size // 10)
    pygame.draw.rect(surf, (58, 128, 74), inner, border_radius=radius)
    tree = pygame.image.load(str(asset("tokens", "sacred_tree.png")))
    side = int(size * 0.78)
    tree = pygame.transform.smoothscale(tree, (side, side))
    surf.blit(tree, tree.get_rect(center=surf.get_rect().center))
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
    pygame.init()
    images = [(s, png_bytes(draw_icon(s))) for s in SIZES]
    asset("icon.png").write_bytes(images[-1][1])
    write_ico(asset("icon.ico"), images)
    print(f"wrote {asset('icon.png')} and {asset('icon.ico')}")


if __name__ == "__main__":
    main()
