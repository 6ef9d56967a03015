"""PNG screenshots written quickly, for the tools that take dozens a run.

pygame's encoder (libpng: a filter chosen for each row, zlib at its default level) takes
about 0.1 s of CPU for a 1920x1080 screen; the two-screen test writes 46 such files. Rows
left unfiltered and compressed at zlib's fastest level take about a third of that, for a file
a few percent larger: the same pixels, read by any PNG reader (issue 43)."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pygame

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 1  # zlib's fastest: screenshots are looked at, not shipped


def chunk(tag: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(tag + data)
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", crc)


def png_bytes(surface: pygame.Surface, level: int = LEVEL) -> bytes:
    """The surface as a whole PNG file: 8-bit RGB, or RGBA when it has per-pixel alpha."""
    alpha = bool(surface.get_flags() & pygame.SRCALPHA)
    colour_type, depth = (6, 4) if alpha else (2, 3)
    width, height = surface.get_size()
    pixels = memoryview(pygame.image.tobytes(surface, "RGBA" if alpha else "RGB"))
    stride = width * depth
    rows = b"".join(b"\x00" + pixels[y * stride : (y + 1) * stride] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return (
        SIGNATURE
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, level))
        + chunk(b"IEND", b"")
    )


def save_png(surface: pygame.Surface, path: Path | str) -> None:
    Path(path).write_bytes(png_bytes(surface))
