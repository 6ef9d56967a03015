"""Issue 32, item 8: a card name in an opponent's Help Line is never cut mid-word. A row's
cards overlap, and the art writes each name from the left, so a covered card showed "Goldfis"
or "Wease"; a half-covered card keeps its name only when it shows whole ("Fox"), else it is
drawn without it (its tooltip names it). Measured on the drawn table: every name written on
a row card lies in the open, for 2-4 players, rows and a row opened at length, at 1280x720
and 1920x1080, in English and Korean."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from pygame import Rect

from game.data import animals
from game.engine import new_game
from game.i18n import Catalog
from game.ui.kit.painter import Painter
from game.ui.kit.text import TextCache
from game.ui.kit.viewport import Viewport
from game.ui.media.art import Art
from game.ui.media.sprites import Sprites
from game.ui.table.board import BoardView
from game.ui.table.layout import load_layout
from game.ui.table.line_view import art_name_band
from tests.ui.art_formats import ConvertedSprites

CARDS = [a.id for a in animals() if a is not None]
SIZES = [(1280, 720), (1920, 1080)]


class Recorder(Painter):
    """A painter that also notes every card picture it draws, and where (logical)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.cards: list[tuple[str, int, Rect]] = []

    def image(self, name: str, *args: Any, rect: Rect | tuple, **kw: Any) -> Rect:
        if name in ("card_face", "card_art") and isinstance(rect, Rect):
            self.cards.append((name, args[0], Rect(rect)))
        return super().image(name, *args, rect=rect, **kw)


def cut_names(p: Recorder, sprites: Sprites, vp: Viewport, area: Rect) -> list[str]:
    """Names written on a card in ``area`` that a card drawn later covers in part."""
    drawn = [c for c in p.cards if area.contains(c[2])]
    out = []
    for i, (kind, card, r) in enumerate(drawn):
        pr = vp.rect(r)
        end = sprites.name_end(card, pr.size)
        if kind != "card_face" or end is None:
            continue  # no name written on this face
        band = vp.rect(art_name_band(card, r))
        written = Rect(pr.x, band.y, end, band.h)
        if any(vp.rect(later).colliderect(written) for _, _, later in drawn[i + 1 :]):
            out.append(f"{sprites.label_of('card_face', (card,))} at {pr}")
    return out


def covered_faces(p: Recorder, area: Rect) -> list[int]:
    """Cards in ``area`` drawn with their name although a later card covers part of them."""
    drawn = [c for c in p.cards if area.contains(c[2])]
    return [
        card
        for i, (kind, card, r) in enumerate(drawn)
        if kind == "card_face" and any(later.colliderect(r) for _, _, later in drawn[i + 1 :])
    ]


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_card_name_in_a_row_is_cut(players: int, size: tuple[int, int], language: str) -> None:
    pygame.font.init()
    vp = Viewport(size)
    tr = Catalog.load(language).tr
    sprites = ConvertedSprites(label=tr)
    board = BoardView(load_layout(players), players, tr)
    names = ["A", "B", "C", "D"][:players]
    kinds = ["human"] + ["easy"] * (players - 1)
    art = kept = 0
    for length in (3, 5, 8, 12):
        g = new_game(players, seed=1)
        for seat in range(1, players):
            g.players[seat].line = [CARDS[(seat * 7 + i) % len(CARDS)] for i in range(length)]
        p = Recorder(pygame.Surface(vp.window), vp, TextCache(), Art(sprites))
        board.render(p, g, names, kinds, 0)
        for seat in range(1, players):
            area = board.pz(seat, "help_line")
            assert not cut_names(p, sprites, vp, area), (length, seat)
        p.cards.clear()
        board.render_expanded(p, g, 1, names, kinds)
        area = board.layout["expand_help_line"]
        assert not cut_names(p, sprites, vp, area), ("opened", length)
        art += sum(1 for c in p.cards if c[0] == "card_art")
        kept += len(covered_faces(p, area))
    assert art, "the opened row covers some names: the case is tested"
    assert kept, "a half-covered card whose name shows whole keeps it"
