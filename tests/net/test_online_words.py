"""The online words in both catalogues: the table's status line (where a remote match says
who is connected, who thinks, a step taken back, an undo refused...) fits the banner's share
unshrunk at 1280x720 and 1920x1080, with the names it will hold; the Korean online words use
the catalogue's terms (무르기 for undo, as the Undo button and the keys line say; names
without 님, as the banner writes them)."""

from __future__ import annotations

import re

import pygame
import pytest

from game.i18n import LANGUAGES, Catalog
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.text import TextCache
from game.ui.kit.viewport import Viewport
from game.ui.media.art import Art
from game.ui.table.layout import load_layout

TABLE_LINES = ("connected", "lost", "closed", "away", "thinking", "stand_in", "undone")
TABLE_LINES += ("host_left", "restart", "retry_in", "away_ai", "back")  # the host gone, countdowns
SEASONS = ("spring", "summer", "autumn", "winter")


def status_lines(catalog: Catalog, players: int) -> dict[str, str]:
    """Every line the table's status may show, with the longest default names it holds."""
    tr = catalog.tr
    names = [tr(f"season.{s}") for s in SEASONS]
    others = ", ".join(names[1:players])  # everyone but the viewer away at once
    keys = [f"online.status.{k}" for k in TABLE_LINES] + ["online.status.move_refused"]
    keys += [k for k in catalog.strings if k.startswith("online.undo_refused.")]
    return {k: tr(k, name=max(names, key=len), names=others, seconds=300) for k in keys}


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_status_line_fits_the_banner_unshrunk(size, language: str) -> None:
    pygame.font.init()
    vp = Viewport(size)
    p = Painter(pygame.Surface(vp.window), vp, TextCache(), Art())
    catalog = Catalog.load(language)
    for players in (2, 3, 4):
        banner = load_layout(players)["banner"]
        room = banner.w * 2 // 5  # what draw_status gives the line
        for key, line in status_lines(catalog, players).items():
            width = p.text_size(line, theme.SMALL)[0]
            assert width <= room, (players, key, line, width, room)


def test_the_korean_online_words_use_the_catalogues_terms() -> None:
    ko = Catalog.load("ko").strings
    online = {k: v for k, v in ko.items() if k.startswith("online.")}
    assert ko["button.undo"] == "무르기" and "Backspace 무르기" in ko["keys.action"]
    undo = [v for k, v in online.items() if "undo" in k or k == "online.status.undone"]
    assert undo and all(re.search("무르|무를|물렀", v) for v in undo)  # 무르다, as the button
    assert not any("되돌리" in v for v in ko.values() if "Backspace" in v)
    assert not any("님" in v for v in online.values())  # the banner: "{name}의 차례"
    assert all("테이블" in ko[k] for k in ("online.host", "online.join", "online.lobby_title"))
    assert all("참가" in ko[k] for k in ("online.join", "online.code", "online.join_button"))


# The Host and Join forms' new words (hosting on a server, TLS, the public list): each
# fits its button or its label's room unshrunk, in both languages, at both sizes.
BUTTON_WORDS = {  # key -> the logical width of its button (less the label's margin)
    "online.where.here": 300,
    "online.where.server": 300,
    "online.tls.on": 150,
    "online.tls.off": 150,
    "online.public.on": 260,
    "online.public.off": 260,
    "online.cert_none": 720,
    "online.list": 220,
}
LABEL_WORDS = ("online.server", "online.public_label", "online.cert", "online.key")
NOTE_WORDS = ("online.home_network", "online.tls_note")  # one line under the form


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_host_and_join_words_fit_their_buttons_unshrunk(size, language: str) -> None:
    pygame.font.init()
    vp = Viewport(size)
    p = Painter(pygame.Surface(vp.window), vp, TextCache(), Art())
    tr = Catalog.load(language).tr
    for key, width in BUTTON_WORDS.items():
        assert p.text_size(tr(key), theme.BODY, bold=True)[0] <= width - 12, (key, tr(key))
    for key in LABEL_WORDS:  # the labels' column, before the controls at +300
        assert p.text_size(tr(key), theme.LARGE)[0] <= 280, (key, tr(key))
    for key in NOTE_WORDS:
        assert p.text_size(tr(key), theme.SMALL)[0] <= 1200 - 80, (key, tr(key))
    row = tr("online.table_row", name="Cy and Di's Sunday game", free=3, seats=4)
    assert p.text_size(row, theme.BODY, bold=True)[0] <= 660 - 12, row
