"""Issue 32, item 8: at 150% text size the board's words grow too, as far as their places
hold them, never leaving them nor overlapping each other or an icon. Measured on the drawn
ink: the tray, the rows (cards and tabs), the Reserve, the supplies, the card names on the
faces and the end-of-round band, for 2-4 players at 1280x720 and 1920x1080, in English and
Korean."""

from __future__ import annotations

import pygame
import pytest
from pygame import Rect

from game.data import animals
from game.engine import Game, new_game
from game.engine.state import VICTORY_KINDS
from game.i18n import Catalog
from game.ui.kit.text import TextCache
from game.ui.kit.viewport import Viewport
from game.ui.media.art import Art
from game.ui.media.sprites import NAME_INK
from game.ui.table.board import BoardView
from game.ui.table.layout import load_layout
from game.ui.table.line_view import art_name_band
from game.ui.table.match import Seat
from game.ui.table.targets import Target
from tests.ui.text_ink import (
    InkRecorder,
    leaf_zones,
    misplaced,
    overfull,
    overlaps,
    shared_art,
    shared_texts,
)

SIZES = [(1280, 720), (1920, 1080)]
CARDS = [a.id for a in animals() if a is not None]


def staged(players: int, tray_cards: int) -> Game:
    """Every kind of label the board writes: the tray with whole cards (5) or tabs (12),
    rows of cards and of tabs, trees, Fires, Fragments, Victory tiles, a Sacred Tree."""
    g = new_game(players, seed=2)
    lengths = [tray_cards, 3, 12, 7]
    for seat in range(players):
        q = g.players[seat]
        q.line = [CARDS[(seat * 13 + i) % len(CARDS)] for i in range(lengths[seat])]
        q.forest[3], q.forest[9] = 0, 5
        q.fires = [2, 3, 4][: seat + 1]
        q.fragments = 10 + seat
        q.tiles = [(VICTORY_KINDS[k], (seat + 1) % players) for k in range(3)]
        q.deck = CARDS[20 : 20 + 11 + seat]
        q.discard = [CARDS[40 + seat], 66]  # the Fire Varan on top: a long name
    g.centre[:] = [2, 3, 4]
    g.first = 1
    return g


def draw(
    players: int, size: tuple[int, int], language: str, scale: int, g: Game
) -> tuple[BoardView, InkRecorder]:
    tr = Catalog.load(language).tr
    board = BoardView(load_layout(players), players, tr)
    vp = Viewport(size)
    p = InkRecorder(pygame.Surface(vp.window), vp, shared_texts(), shared_art(language))
    p.text_scale = scale / 100
    names = ["Ana", "Bo", "Cy", "Di"][:players]
    board.render(p, g, names, ["human"] + ["medium"] * (players - 1), 0)
    return board, p


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_board_words_grow_where_they_have_room_and_keep_their_places(
    players: int, size: tuple[int, int], language: str
) -> None:
    pygame.font.init()
    for tray_cards in (5, 12):
        g = staged(players, tray_cards)
        drawn = {}
        for scale in (100, 125, 150):
            board, p = draw(players, size, language, scale, g)
            where = f"{players}p {size} {language} {scale}% tray {tray_cards}"
            assert not misplaced(p, leaf_zones(board.layout)), where
            assert not overlaps(p), where
            assert not overfull(p), where
            pile = board.pz(0, "discard")  # its count's badge leaves the name in view
            badges = [f for f in p.fills if pile.contains(f) and f.w < pile.w]
            assert badges and not any(f.colliderect(art_name_band(66, pile)) for f in badges)
            drawn[scale] = p.inks
        before, after = drawn[100], drawn[150]
        assert [i.text for i in before] == [i.text for i in after]  # the same words
        assert all(b.px >= a.px for a, b in zip(before, after, strict=True)), "none shrinks"
        grown = sum(1 for a, b in zip(before, after, strict=True) if b.px >= 1.1 * a.px)
        assert grown >= len(before) // 2, f"{grown} of {len(before)} words grew"


def name_ink(surface: pygame.Surface, band: Rect) -> int:
    """The height of the ink written in a card's name band (pixels)."""
    sub = surface.subsurface(band.clip(surface.get_rect()))
    mask = pygame.mask.from_threshold(sub, NAME_INK, (40, 40, 40, 255))
    rects = mask.get_bounding_rects()
    return max((r.bottom for r in rects), default=0) - min((r.top for r in rects), default=0)


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize("size", SIZES)
def test_the_names_on_the_cards_grow(size: tuple[int, int], language: str) -> None:
    pygame.font.init()
    g = staged(2, 5)
    heights = {}
    for scale in (100, 150):
        board, p = draw(2, size, language, scale, g)
        looks = board.line_looks(0, g.players[0].line)
        assert {look.style for look in looks} == {"card"}
        heights[scale] = [name_ink(p.surface, p.vp.rect(look.name)) for look in looks]
    assert all(h > 0 for h in heights[100])
    assert all(b >= a for a, b in zip(heights[100], heights[150], strict=True))
    grown = sum(1 for a, b in zip(heights[100], heights[150], strict=True) if b >= 1.1 * a)
    assert grown >= 3, heights


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_end_of_round_band_grows_and_keeps_its_words_apart(language: str) -> None:
    from game.ui.app import TableApp
    from game.ui.headless import headless_context
    from tests.ui.test_round_end_mode import to_round_end

    ctx = headless_context(language)
    app = TableApp(ctx, (1280, 720))
    try:
        d, walk = to_round_end(app, ctx, human_water=0)
        layout = walk.table.layout
        places = {"onibi_panel": layout["onibi_panel"]}
        places |= {f"line_{s}": layout.player(s, "help_line") for s in range(2)}
        seen = set()
        for _ in range(5):
            for _ in range(90):  # the step's flights land (then it waits for a key)
                if walk.waiting():
                    break
                d.frames()
            title = {}
            for scale in (100, 150):
                ctx.settings.ui_scale = scale
                p = InkRecorder(pygame.Surface(app.window.get_size()), app.viewport, TextCache(),
                                ctx.art)  # fmt: skip
                walk.draw_panel(p)
                step = walk.steps[walk.index].name
                where = f"{language} {scale}% step {step}"
                assert not misplaced(p, places), where
                assert not overlaps(p), where
                assert not overfull(p), where
                title[scale] = p.inks[0].px
            assert title[150] >= 1.25 * title[100]
            seen.add(step)
            if d.top is not walk:
                break
            d.key(pygame.K_SPACE)
        assert "attack" in seen and len(seen) >= 3
    finally:
        pygame.display.quit()


def test_with_no_room_a_word_keeps_its_size_at_100() -> None:
    """``room`` never lowers a word below its 100% size, nor lets it pass its room."""
    from game.ui.kit.painter import Painter

    pygame.font.init()
    p = Painter(pygame.Surface((1280, 720)), Viewport((1280, 720)), TextCache(), Art())
    p.text_scale = 1.5
    assert p.em(20, room=10) == pytest.approx(20, abs=1)  # no room: its 100% size
    assert p.em(20, room=26.4) == pytest.approx(24, abs=1)  # letters 1.1 times the size
    assert p.em(20, room=60) == pytest.approx(30, abs=1)
    assert p.em(20) == pytest.approx(30, abs=1)
    p.text_scale = 1.0
    assert p.em(20, room=40) == pytest.approx(20, abs=1)


def test_the_table_passes_the_scale_to_the_board(app, ctx) -> None:
    from tests.ui.test_table import start

    d, _ = start(app, ctx, [Seat("Ana", "human"), Seat("Bo", "easy")])
    ctx.settings.ui_scale = 150
    d.frames(2)
    assert d.top.board.text_scale == 1.5


def test_a_card_in_a_tooltip_grows_with_the_scale(app, ctx) -> None:
    """A card's costs and element chips are words printed on its picture: the tooltip's
    card grows with the interface scale, and the tooltip still ends above the tray."""
    from tests.ui.test_table import start

    ctx.settings.hover_help = True
    d, match = start(app, ctx, [Seat("Ana", "human"), Seat("Bo", "easy")])
    card = match.game.reserve[0][0]
    shown = {}
    for scale in (100, 150):
        ctx.settings.ui_scale = scale
        d.move(d.target(Target("reserve", card)))
        d.frames(40)
        assert d.top.tooltip() is not None
        p = InkRecorder(pygame.Surface(app.window.get_size()), app.viewport, TextCache(),
                        ctx.art)  # fmt: skip
        d.top.draw(p)
        faces = [r for name, args, r in p.placed if name == "card_face" and args == (card,)]
        assert faces, "the tooltip shows the card"
        shown[scale] = faces[-1]
        tray = d.top.layout.player(d.top.seating.tray, "panel")
        assert shown[scale].bottom <= tray.top
        d.move(d.top.layout["circle"].center)  # away: the next hover starts afresh
        d.frames(5)
    assert shown[150].h >= 1.4 * shown[100].h
