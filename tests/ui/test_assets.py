"""Every sprite, font and sound the table relies on exists, loads and behaves headless."""

from __future__ import annotations

import array
import importlib
import math
import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pytest

from game.data import ELEMENTS, animals, boards, trees
from game.resources import asset
from game.ui.media import sound as sound_module
from game.ui.media.fonts import Fonts
from game.ui.media.sound import EFFECTS, Sound
from game.ui.media.sprites import (
    CARD_IDS,
    FIRE_VALUES,
    LEVELS,
    SYMBOLS,
    Sprites,
    circle_geometry,
    forest_geometry,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def sprites() -> Sprites:
    pygame.init()
    return Sprites()


@pytest.fixture(scope="module")
def fonts() -> Fonts:
    pygame.font.init()
    return Fonts()


def test_card_ids_cover_every_card() -> None:
    assert list(CARD_IDS) == [c.id for c in animals()[1:]]
    assert animals()[66].is_varan


@pytest.mark.parametrize("card_id", list(CARD_IDS))
def test_card_face_loads_and_scales(sprites: Sprites, card_id: int) -> None:
    face = sprites.card_face(card_id, (96, 134))
    assert face.get_size() == (96, 134)
    assert sprites.original(f"cards/card_{card_id:02d}.png").get_size() == (288, 400)


def test_scaled_sprites_are_cached(sprites: Sprites) -> None:
    assert sprites.card_face(1, (96, 134)) is sprites.card_face(1, (96, 134))
    assert sprites.card_face(1, (144, 200)).get_size() == (144, 200)


def test_every_promised_sprite_loads(sprites: Sprites) -> None:
    got = [sprites.card_back((96, 134))]
    got += [sprites.tree(k, 80) for k in range(len(trees()))] + [sprites.tree("start", 80)]
    got += [sprites.fire_tile(v, 64) for v in FIRE_VALUES] + [sprites.fragment(64)]
    got += [
        sprites.victory_tile(kind, season, 64)
        for kind in boards().victory_tiles
        for season in boards().seasons
    ]
    got += [sprites.element_icon(e, 32) for e in ELEMENTS]
    got += [sprites.coin(s, 32) for s in SYMBOLS] + [sprites.level_mark(v, 32) for v in LEVELS]
    got += [sprites.standee(s, (48, 72)) for s in boards().seasons]
    got += [sprites.sacred_tree(64), sprites.forest_board((480, 300)), sprites.circle(400)]
    got += [sprites.background((1280, 720))]
    assert all(isinstance(s, pygame.Surface) for s in got)
    assert len(got) == 1 + 13 + 4 + 12 + 5 + 5 + 4 + 3 + 1


def test_unknown_components_raise(sprites: Sprites) -> None:
    for call in (
        lambda: sprites.card_face(0, 10),
        lambda: sprites.card_face(67, 10),
        lambda: sprites.tree(12, 10),
        lambda: sprites.fire_tile(5, 10),
        lambda: sprites.victory_tile("fire", "monsoon", 10),
        lambda: sprites.element_icon("fire", 10),
        lambda: sprites.coin("neutral", 10),
        lambda: sprites.level_mark(0, 10),
    ):
        with pytest.raises(KeyError):
            call()


def test_missing_file_names_the_file(sprites: Sprites) -> None:
    with pytest.raises(FileNotFoundError, match="no_such_sprite.png"):
        sprites.get("cards/no_such_sprite.png", 10)


def test_geometry_helpers_match_the_rules(sprites: Sprites) -> None:
    rect, cell = forest_geometry((960, 600))
    assert rect.width == 5 * cell and rect.height == 3 * cell
    centres, rock_r, centre_r = circle_geometry(880)
    assert len(centres) == len(boards().rocks) == 12
    assert rock_r > 0 and centre_r > rock_r


def test_assets_stay_small() -> None:
    total = sum(p.stat().st_size for p in asset().rglob("*") if p.is_file())
    assert total < 6_000_000, f"assets/ holds {total} bytes"


# -- fonts ------------------------------------------------------------------------------------


def _ink(surface: pygame.Surface) -> pygame.mask.Mask:
    return pygame.mask.from_surface(surface, 127)


def _pixels(surface: pygame.Surface) -> tuple[tuple[int, int], bytes]:
    return surface.get_size(), pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("bold", [False, True])
def test_font_renders_hangul_not_notdef(fonts: Fonts, bold: bool) -> None:
    font = fonts.get(32, bold)
    notdef = _pixels(font.render("\U000f0000", True, (0, 0, 0)))  # private use: .notdef box
    # The method works: a syllable outside the KS X 1001 subset draws the very same box.
    assert _pixels(font.render("\uac02", True, (0, 0, 0))) == notdef
    for ch in "수호동물숲정령불꽃":
        img = font.render(ch, True, (0, 0, 0))
        assert _pixels(img) != notdef, f"{ch!r} renders as the missing-glyph box"
        assert _ink(img).count() > 0
    assert _pixels(font.render("수", True, (0, 0, 0))) != _pixels(
        font.render("호", True, (0, 0, 0))
    )
    assert font.size("수호 동물")[0] > font.size("수호")[0]
    for ch in "AéÜ→×−":
        assert _pixels(font.render(ch, True, (0, 0, 0))) != notdef, repr(ch)


def test_font_metrics_report_glyphs(fonts: Fonts) -> None:
    font = fonts.get(24)
    assert all(m is not None for m in font.metrics("수호 동물 Living Forest"))


def test_fonts_are_cached_and_bundled(fonts: Fonts) -> None:
    assert fonts.get(20) is fonts.get(20)
    assert fonts.get(20) is not fonts.get(20, bold=True)
    for bold in (False, True):
        assert Fonts.path(bold).parent == asset("fonts")
    licence = asset("fonts", "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE" in licence.upper()


def test_no_default_or_system_font_in_ui_code() -> None:
    for path in (ROOT / "game").rglob("*.py"):
        code = path.read_text(encoding="utf-8")
        assert "SysFont" not in code, path
        assert "Font(None" not in code, path


# -- sound ------------------------------------------------------------------------------------


def test_sound_files_exist() -> None:
    for name in EFFECTS:
        assert asset("sounds", f"{name}.wav").is_file()
    on_disk = {p.stem for p in asset("sounds", "draw.wav").parent.glob("*.wav")}
    assert on_disk == set(EFFECTS)  # and nothing the game never plays


def measure(name: str) -> tuple[float, float, float, float]:
    """Duration (s), peak, RMS and mean (full scale 1.0) of a 16-bit mono effect."""
    with wave.open(str(asset("sounds", f"{name}.wav")), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth()) == (1, 2), name
        rate, frames = w.getframerate(), w.readframes(w.getnframes())
    samples = array.array("h", frames)
    if sys.byteorder == "big":
        samples.byteswap()
    values = [v / 32768 for v in samples]
    rms = math.sqrt(sum(v * v for v in values) / len(values))
    return len(values) / rate, max(abs(v) for v in values), rms, sum(values) / len(values)


def test_effects_are_short_unclipped_and_equally_loud() -> None:
    """Nobody can listen in CI: every effect is 0.1-1.5 s, peaks below 0.99, has no DC
    offset, and its RMS is within 6 dB of every other effect's (none silent, none blaring)."""
    levels = {}
    for name in EFFECTS:
        seconds, peak, rms, mean = measure(name)
        assert 0.1 <= seconds <= 1.5, (name, seconds)
        assert peak < 0.99, (name, peak)
        assert abs(mean) < 0.005, (name, mean)
        assert rms > 0.03, (name, rms)  # about -30 dBFS: audible
        levels[name] = 20 * math.log10(rms)
    assert max(levels.values()) - min(levels.values()) <= 6.0, levels


def test_sound_with_dummy_driver() -> None:
    snd = Sound()
    for name in EFFECTS:
        snd.play(name)
    snd.set_volume(2.0)
    assert snd.volume == 1.0
    snd.set_muted(True)
    snd.play("win")
    assert snd.muted
    if snd.available:
        assert snd.effect("draw") is snd.effect("draw")
        assert snd.effect("draw").get_length() < 2.0
    with pytest.raises(KeyError):
        snd.play("no-such-effect")


def test_sound_without_a_mixer(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken_init(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    snd = Sound()
    assert not snd.available
    for name in EFFECTS:
        snd.play(name)
        assert snd.effect(name) is None
    snd.set_volume(0.3)
    snd.set_muted(True)


def test_sound_module_reloads_without_state() -> None:
    importlib.reload(sound_module)
    assert not [n for n, v in vars(sound_module).items() if isinstance(v, sound_module.Sound)]


# -- credits and tools ------------------------------------------------------------------------


def test_credits_name_every_source() -> None:
    credits = asset("CREDITS.md").read_text(encoding="utf-8")
    for needle in ("OpenMoji", "CC BY-SA 4.0", "Noto Sans CJK", "SIL Open Font License"):
        assert needle in credits
    assert asset("LICENSE-OpenMoji.txt").is_file()
    used = {p.stem for p in asset("src", "openmoji").glob("*.svg")}
    for code in used:
        assert code in credits, f"CREDITS.md does not list OpenMoji {code}"
    for own in asset("src", "own").glob("*.svg"):
        assert own.stem in credits, f"CREDITS.md does not mention own drawing {own.name}"


def test_contact_sheet_renders(tmp_path: Path) -> None:
    out = tmp_path / "sheet.png"
    subprocess.run(
        [sys.executable, "-m", "game.devtools.contact_sheet", str(out)], check=True, cwd=ROOT
    )
    sheet = pygame.image.load(out)
    assert sheet.get_width() >= 1000 and sheet.get_height() >= 800
