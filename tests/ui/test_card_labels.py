"""The card faces carry no words: the game writes each animal's name in the current language."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.data import animals
from game.i18n import LANGUAGES, Catalog
from game.ui.media.art import Art
from game.ui.media.sprites import CARD_IDS, MIN_NAME_PX, NAME_BAND, Sprites

# Card sizes the table draws faces at (1280x720 and 1920x1080, 2-4 players): the Reserve
# at 4 players, the 2-player Help Line and tooltips, the 1920x1080 ones.
NAMED_SIZES = [(76, 106), (96, 134), (108, 150), (115, 161), (144, 200)]
# Help Lines at 3-4 players and the end-of-round strip: too small for a name to be read.
UNNAMED_SIZES = [(44, 61), (52, 72), (60, 84)]


@pytest.fixture(scope="module")
def catalogs() -> dict[str, Catalog]:
    pygame.init()
    return {lang: Catalog.load(lang, strict=True) for lang in LANGUAGES}


def _band(card_id: int, size: tuple[int, int]) -> pygame.Rect:
    b = NAME_BAND["market" if animals()[card_id].level >= 1 else "other"]
    sx, sy = size[0] / 288, size[1] / 400
    return pygame.Rect(round(b.x * sx), round(b.y * sy), round(b.w * sx), round(b.h * sy))


def _changed(a: pygame.Surface, b: pygame.Surface) -> pygame.Rect | None:
    """The bounding box of the pixels where ``a`` and ``b`` differ (None: identical). A
    row's first and last differing bytes are the highest and lowest set bits of the two
    rows' bytes XORed as one number (no loop over pixels)."""
    w, h = a.get_size()
    ra, rb = pygame.image.tobytes(a, "RGBA"), pygame.image.tobytes(b, "RGBA")
    n = w * 4
    xs, ys = [], []
    for y in range(h):
        row = slice(y * n, (y + 1) * n)
        if ra[row] == rb[row]:
            continue
        bits = int.from_bytes(ra[row], "big") ^ int.from_bytes(rb[row], "big")
        first = n - (bits.bit_length() + 7) // 8  # the first byte that differs
        last = n - 1 - ((bits & -bits).bit_length() - 1) // 8  # and the last
        xs += [first // 4, last // 4]
        ys.append(y)
    if not xs:
        return None
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def test_built_faces_leave_the_name_band_empty() -> None:
    pygame.init()
    sprites = Sprites()
    for card in CARD_IDS:
        face = sprites.original(f"cards/card_{card:02d}.png")
        band = _band(card, face.get_size())
        pixels = pygame.image.tobytes(face.subsurface(band), "RGBA")  # row by row
        one_colour = pixels[:4] * (band.w * band.h)
        assert pixels == one_colour, f"card {card}: something is drawn in the name band"


def test_korean_face_differs_from_english_only_in_the_name_band(catalogs) -> None:
    en, ko = Sprites(label=catalogs["en"].tr), Sprites(label=catalogs["ko"].tr)
    bare = Sprites()
    for card in (1, 20, 52, 66):
        size = (96, 134)
        a, b = en.card_face(card, size), ko.card_face(card, size)
        assert a.get_size() == b.get_size() == size
        diff = _changed(a, b)
        assert diff is not None, f"card {card}: same face in English and Korean"
        assert _band(card, size).inflate(2, 2).contains(diff), (card, diff)
        assert _changed(bare.card_face(card, size), a) is not None  # the name is written


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_name_fits_its_band_at_table_sizes(catalogs, language: str) -> None:
    tr = catalogs[language].tr
    sprites, bare = Sprites(label=tr), Sprites()
    left_off = []
    for size in NAMED_SIZES:
        for card in CARD_IDS:
            name = tr(f"animal.{card}")
            layout = sprites.name_layout(card, size, name)
            if layout is None:
                left_off.append((size, name))
                continue
            band, px, squeeze = layout
            assert px >= MIN_NAME_PX and squeeze >= 0.8
            width = sprites.fonts.get(px, bold=True).size(name)[0] * squeeze
            assert width <= band.w, (size, name, px)
            ink = _changed(bare.card_face(card, size), sprites.card_face(card, size))
            assert ink is not None and band.inflate(2, 2).contains(ink), (size, name, ink)
    if language == "ko":
        assert left_off == []  # every Korean name is written, even on the smallest Reserve
    else:  # one very long name may be left off at the 4-player Reserve (tooltips name it)
        assert all(size == NAMED_SIZES[0] for size, _ in left_off) and len(left_off) <= 2


def test_names_are_left_off_where_they_could_not_be_read(catalogs) -> None:
    sprites, bare = Sprites(label=catalogs["ko"].tr), Sprites()
    for size in UNNAMED_SIZES:
        for card in (1, 20, 66):
            assert _changed(bare.card_face(card, size), sprites.card_face(card, size)) is None


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_name_has_its_glyphs(catalogs, language: str) -> None:
    font = Sprites().fonts.get(20, bold=True)
    for card in CARD_IDS:
        name = catalogs[language].tr(f"animal.{card}")
        assert all(m is not None for m in font.metrics(name)), name


def test_switching_language_redraws_the_faces() -> None:
    pygame.init()
    catalog = Catalog.load("en", strict=True)
    art = Art(label=catalog.tr)
    size = (96, 134)
    english = art.image("card_face", 20, size=size).copy()
    assert art.image("card_face", 20, size=size) is art.image("card_face", 20, size=size)
    catalog.set_language("ko")
    korean = art.image("card_face", 20, size=size)
    diff = _changed(english, korean)
    assert diff is not None and _band(20, size).inflate(2, 2).contains(diff)
    catalog.set_language("en")
    assert _changed(english, art.image("card_face", 20, size=size)) is None


def test_explicit_name_and_squeezed_faces() -> None:
    pygame.init()
    sprites = Sprites()
    named = sprites.card_face(1, (96, 134), name="곰")
    assert named is sprites.card_face(1, (96, 134), name="곰")  # cached by card, size, text
    assert _changed(sprites.card_face(1, (96, 134)), named) is not None
    # A card turning over is drawn squeezed: the name is squeezed with it, never re-fitted.
    assert sprites.card_face(1, (30, 134), name="곰").get_size() == (30, 134)
    assert sprites.label_of("card_face", (1,)) is None
    assert Sprites(label=lambda key: key).label_of("card_face", (1,)) == "animal.1"


def test_contact_sheet_in_korean(tmp_path: Path) -> None:
    """In this process (``test_assets`` runs the command itself, in English)."""
    from game.devtools.contact_sheet import main

    out = tmp_path / "sheet_ko.png"
    try:
        assert main([str(out), "--language", "ko"]) == 0
    finally:
        pygame.display.quit()
    assert pygame.image.load(out).get_width() >= 1000


def test_the_app_writes_card_names_in_its_language() -> None:
    from game.app.launch import build

    pygame.init()
    services = build(strict=True, use_workers=False, sound=False)
    try:
        ctx = services.ctx
        size = (96, 134)
        english = ctx.art.image("card_face", 1, size=size).copy()
        ctx.set_language("ko")
        diff = _changed(english, ctx.art.image("card_face", 1, size=size))
        assert diff is not None and _band(1, size).inflate(2, 2).contains(diff)
    finally:
        services.close()
