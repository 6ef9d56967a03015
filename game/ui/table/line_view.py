"""Where each card of a Help Line goes and what of it shows: the geometry the table draws
from and the layout test measures.

Two presentations:

* the tray (the own seat): whole cards side by side, tall enough that their element chips
  and solitary/gregarious marker are 16 px at 1280x720; a line too long for that becomes
  *tabs*, one strip per card (marker, element chips, name), in columns.
* a row (an opponent): cards overlapping so each one's element column stays in view, under a
  band that holds every card's marker, while their element chips are 16 px at 1280x720
  (``ROW_CHIP_MIN``); a row too small for that (3-4 players) shows *row tabs* instead, one
  strip per card (marker and element chips, no name: its tooltip and the row opened at
  length name it) flowing in lines like words.

The card art (``tools/build_assets.py``) puts the element chips down the left edge, the
marker at the top right and the name along the bottom; ``art_*`` give those parts for a card
drawn at a rect.

A line's layout depends only on its area, its cards and the interface scale, and the table
asks for it again and again (each redraw of the board, each card flying into a line, each
test measuring it at several window sizes and languages): ``tray_line`` and ``row_line``
keep the last few answers (``LOOKS_KEPT``). The ``CardLook``s they return are shared, so
their rects are read, never changed in place (``Rect(look.rect)`` for a copy to move).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from pygame import Rect

from game.data import Symbol, animals
from game.ui.kit.theme import INK_HEIGHT

ART_W, ART_H = 288, 400  # the face's source pixels
ASPECT = ART_W / ART_H
CHIP_SHARE = 0.45  # the left part of a face that holds its element column
TRAY_CARD_H = 176  # 5 chips of 56/400 and the 56/400 marker: 16 px at 1280x720
GAP = 8
BAND = 30  # the marker band over a row of small cards
MARK = 26  # a marker in a band or a tab: 17 px at 1280x720
TAB_H = MARK  # at most 7 tabs to a column of the tray
ROW_CARD_CAP = 190  # a row's cards never grow past this
ROW_CHIP_MIN = 24  # a row card's element chips at least this high (16 px at 1280x720)
ROW_TAB_GAP = 4  # between a row's tabs, along a line and between lines
ROW_CHIP_GAP = 1  # between a row tab's chips (each has its own margin)
NAME_ONLY_W = 110  # a row tab for a card without elements (the Fire Varan) names it
ROW_TAB_MAX = 40  # a row's tabs grow up to this high while the line fits
LOOKS_KEPT = 512  # line layouts kept (a table shows at most 4 lines; flights ask a few more)


@dataclass(frozen=True)
class CardLook:
    """One card of a line as drawn: ``rect`` the card (or tab), ``visible`` the part no
    later card covers, ``marker`` where its marker shows (``None``: the card has none),
    ``chips`` its element chips as far as they show, ``name`` the band its name is written
    in when the name shows whole (``None`` otherwise). ``style`` is card or tab; ``band``
    says the marker is drawn over the card rather than read from the art."""

    card: int
    rect: Rect
    visible: Rect
    marker: Rect | None
    chips: tuple[Rect, ...]
    name: Rect | None
    style: str = "card"
    band: bool = False


@cache
def entries(card: int) -> tuple[tuple[int, int], ...]:
    """The card's (element index, value) pairs, in the order the art lists them."""
    return tuple((i, v) for i, v in enumerate(animals()[card].elements) if v)


def symbol(card: int) -> Symbol:
    return animals()[card].symbol


def _scaled(r: Rect, x: float, y: float, w: float, h: float) -> Rect:
    sx, sy = r.w / ART_W, r.h / ART_H
    return Rect(round(r.x + x * sx), round(r.y + y * sy), round(w * sx), round(h * sy))


def art_chips(card: int, r: Rect) -> list[Rect]:
    """The element chips of the face drawn at ``r`` (the art's element column): each as
    ``_scaled(r, 16, 18 + k * (row_h + gap), 108, row_h)``, the parts every chip shares
    worked out once (a row's layout asks for thousands)."""
    n = len(entries(card))
    row_h, gap = _chip_rows(n)
    sx, sy = r.w / ART_W, r.h / ART_H
    x, w, h = round(r.x + 16 * sx), round(108 * sx), round(row_h * sy)
    return [Rect(x, round(r.y + (18 + k * (row_h + gap)) * sy), w, h) for k in range(n)]


def _chip_rows(n: int) -> tuple[int, int]:
    """The art's chip height and gap for a card of ``n`` elements."""
    return (64, 6) if n <= 4 else (56, 4)


def art_chip_height(card: int, r: Rect) -> int | None:
    """The height of every element chip of the face at ``r`` (``None``: it has none)."""
    n = len(entries(card))
    return round(_chip_rows(n)[0] * (r.h / ART_H)) if n else None


def art_marker(card: int, r: Rect) -> Rect | None:
    """The marker coin of the face at ``r``: top right (under the cost on market cards)."""
    a = animals()[card]
    if a.symbol is Symbol.NEUTRAL:
        return None
    cx, cy = 230, 58 + (88 if a.level >= 1 else 0)
    if not entries(card):
        cx, cy = 56, 58
    return _scaled(r, cx - 28, cy - 28, 56, 56)


def art_name_band(card: int, r: Rect) -> Rect:
    from game.ui.media.sprites import NAME_BAND

    b = NAME_BAND["market" if animals()[card].level >= 1 else "other"]
    return _scaled(r, b.x, b.y, b.w, b.h)


def _clip(parts: Sequence[Rect], visible: Rect) -> tuple[Rect, ...]:
    return tuple(c for c in (p.clip(visible) for p in parts) if c.w > 0)


# -- the tray -------------------------------------------------------------------------------


def tray_fits(area: Rect, count: int) -> bool:
    h = min(area.h, TRAY_CARD_H)
    w = round(h * ASPECT)
    return count * w + (count - 1) * GAP <= area.w


def tray_line(area: Rect, cards: Sequence[int], grow: float = 1.0) -> list[CardLook]:
    """The own Help Line: whole cards while they fit side by side, else tabs (their words
    grown by the interface scale ``grow``)."""
    return list(_tray_line(tuple(area), tuple(cards), grow))


@lru_cache(maxsize=LOOKS_KEPT)
def _tray_line(
    at: tuple[int, int, int, int], cards: tuple[int, ...], grow: float
) -> tuple[CardLook, ...]:
    return tuple(_lay_tray(Rect(at), cards, grow))


def _lay_tray(area: Rect, cards: Sequence[int], grow: float) -> list[CardLook]:
    if not cards:
        return []
    if not tray_fits(area, len(cards)):
        return tabs(area, cards, grow)
    h = min(area.h, TRAY_CARD_H)
    w = round(h * ASPECT)
    y = area.y + (area.h - h) // 2
    out = []
    for i, card in enumerate(cards):
        r = Rect(area.x + i * (w + GAP), y, w, h)
        out.append(
            CardLook(
                card, r, r, art_marker(card, r), tuple(art_chips(card, r)), art_name_band(card, r)
            )
        )
    return out


def tab_columns(area: Rect, count: int) -> tuple[int, int, int]:
    """(columns, tabs per column, gap between tabs) for ``count`` tabs in ``area``: as few
    columns as hold them (names need the width), the tabs spread down each column."""
    most = max(1, area.h // TAB_H)
    cols = math.ceil(count / most)
    per = math.ceil(count / cols)
    gap = min(8, (area.h - per * TAB_H) // max(1, per - 1))
    return cols, per, gap


CHIP_W = 46  # a tab's chip: icon and value
TAB_TEXT = 20  # a tab's words at 100% (theme.SMALL), for a tab TAB_H high


@cache
def tab_text(h: int, grow: float = 1.0) -> float:
    """The size of the words on a tab ``h`` high: in proportion to it, grown by the
    interface scale ``grow`` as far as the tab holds them (``Painter.px``'s ``room``)."""
    base = TAB_TEXT * h / TAB_H
    return max(base, min(base * grow, h / INK_HEIGHT))


@cache
def chip_width(h: int, grow: float = 1.0) -> int:
    """A tab's chip ``h`` high: its icon and its value ("-3": 0.9 em), wider as the value's
    words grow."""
    return max(round(CHIP_W * h / TAB_H), math.ceil(h + 4 + 0.9 * tab_text(h, grow)))


def tabs(area: Rect, cards: Sequence[int], grow: float = 1.0) -> list[CardLook]:
    """One strip per card, column by column: marker, element chips, then the name."""
    cols, per, gap = tab_columns(area, len(cards))
    col_w = (area.w - (cols - 1) * GAP) // cols
    top = area.y + (area.h - (per * (TAB_H + gap) - gap)) // 2
    out = []
    for i, card in enumerate(cards):
        c, k = divmod(i, per)
        r = Rect(area.x + c * (col_w + GAP), top + k * (TAB_H + gap), col_w, TAB_H)
        marker = Rect(r.x + 8, r.y, MARK, MARK) if symbol(card) is not Symbol.NEUTRAL else None
        x = r.x + 8 + MARK + 4
        chips = []
        for _ in entries(card):
            chips.append(Rect(x, r.y, chip_width(TAB_H, grow), MARK))
            x += chips[-1].w + 3
        name = Rect(x + 4, r.y, max(0, r.right - 6 - (x + 4)), TAB_H)
        out.append(CardLook(card, r, r, marker, tuple(chips), name, style="tab", band=True))
    return out


# -- a row ------------------------------------------------------------------------------------


def _row_size(area: Rect, count: int, rows: int) -> int:
    """The tallest card height that puts ``count`` cards in ``rows`` rows of ``area`` with
    each card's element column (and marker) in view."""
    per = math.ceil(count / rows)
    h = (area.h - rows * BAND - (rows - 1) * GAP) // rows
    h = min(h, ROW_CARD_CAP)
    if per > 1:
        fit = area.w / (ASPECT * (1 + CHIP_SHARE * (per - 1)))
        h = min(h, int(fit))
    return h


def row_line(area: Rect, cards: Sequence[int], grow: float = 1.0) -> list[CardLook]:
    """An opponent's Help Line: cards while their element chips stay readable
    (``ROW_CHIP_MIN``), else row tabs; cards again when even the tabs do not fit."""
    return list(_row_line(tuple(area), tuple(cards), grow))


@lru_cache(maxsize=LOOKS_KEPT)
def _row_line(
    at: tuple[int, int, int, int], cards: tuple[int, ...], grow: float
) -> tuple[CardLook, ...]:
    return tuple(_lay_row(Rect(at), cards, grow))


def _lay_row(area: Rect, cards: Sequence[int], grow: float) -> list[CardLook]:
    looks = row_cards(area, cards)
    if smallest_chip(looks) >= ROW_CHIP_MIN:
        return looks
    return row_tabs(area, cards, grow) or looks


def smallest_chip(looks: Sequence[CardLook]) -> float:
    """The height of the smallest element chip of the cards drawn (tabs: their chips)."""
    heights: list[int] = []
    for look in looks:
        if look.style == "tab":
            heights += [c.h for c in look.chips]
        elif (h := art_chip_height(look.card, look.rect)) is not None:
            heights.append(h)
    return min(heights, default=math.inf)


@cache
def row_tab_width(card: int, h: int = TAB_H, grow: float = 1.0) -> int:
    """A row tab ``h`` high: its level edge, its marker, its element chips (or, without
    any, its name)."""
    w = 8 + (h + 4 if symbol(card) is not Symbol.NEUTRAL else 0)
    n = len(entries(card))
    if not n:
        return w + round(NAME_ONLY_W * h / TAB_H * tab_text(h, grow) / tab_text(h)) + 3
    return w + n * (chip_width(h, grow) + ROW_CHIP_GAP) + 3


def row_tabs(area: Rect, cards: Sequence[int], grow: float = 1.0) -> list[CardLook] | None:
    """One strip per card, in order, flowing left to right in lines from the top of
    ``area``, as high as lets them all fit (``ROW_CHIP_MIN`` to ``ROW_TAB_MAX``), their
    words grown by ``grow`` where that still fits; ``None`` when they do not fit."""
    for g in dict.fromkeys((grow, 1.0)):
        for h in range(ROW_TAB_MAX, ROW_CHIP_MIN - 1, -2):
            looks = _flow_tabs(area, cards, h, g)
            if looks is not None:
                return looks
    return None


def _flow_tabs(area: Rect, cards: Sequence[int], h: int, grow: float) -> list[CardLook] | None:
    places: list[tuple[int, int, int]] = []  # (line, x, width)
    line, x = 0, area.x
    most = (area.h + ROW_TAB_GAP) // (h + ROW_TAB_GAP)  # the lines that fit
    for card in cards:
        w = row_tab_width(card, h, grow)
        if w > area.w:
            return None
        if x > area.x and x + w > area.right:
            line, x = line + 1, area.x
            if line >= most:  # (as the check below would find, without the rest)
                return None
        places.append((line, x, w))
        x += w + ROW_TAB_GAP
    lines = line + 1
    if lines * h + (lines - 1) * ROW_TAB_GAP > area.h:
        return None
    chip_w = chip_width(h, grow)
    out = []
    for card, (k, x, w) in zip(cards, places, strict=True):
        r = Rect(x, area.y + k * (h + ROW_TAB_GAP), w, h)
        cx = r.x + 8
        marker = None
        if symbol(card) is not Symbol.NEUTRAL:
            marker = Rect(cx, r.y, h, h)
            cx += h + 4
        chips = []
        for _ in entries(card):
            chips.append(Rect(cx, r.y, chip_w, h))
            cx += chip_w + ROW_CHIP_GAP
        name = None if chips else Rect(cx, r.y, r.right - 3 - cx, h)
        out.append(CardLook(card, r, r, marker, tuple(chips), name, style="tab", band=True))
    return out


def row_cards(area: Rect, cards: Sequence[int]) -> list[CardLook]:
    """An opponent's Help Line as cards under a band of markers, wrapped into as many rows
    as make the cards largest."""
    n = len(cards)
    if n == 0:
        return []
    rows = max(range(1, 5), key=lambda r: (_row_size(area, n, r), -r))
    h = max(20, _row_size(area, n, rows))
    w = round(h * ASPECT)
    per = math.ceil(n / rows)
    step = w + GAP
    if per > 1 and w + step * (per - 1) > area.w:
        step = max(4, (area.w - w) // (per - 1))
    out: list[CardLook] = []
    rects: list[Rect] = []
    for i in range(n):
        row, k = divmod(i, per)
        y = area.y + row * (BAND + h + GAP)
        rects.append(Rect(area.x + k * step, y + BAND, w, h))
    for i, (card, r) in enumerate(zip(cards, rects, strict=True)):
        last = i == n - 1 or rects[i + 1].y != r.y
        visible = r if last else Rect(r.x, r.y, min(w, rects[i + 1].x - r.x), h)
        marker = None
        if symbol(card) is not Symbol.NEUTRAL:
            size = min(MARK, BAND - 4)
            marker = Rect(r.x + (min(step, w) - size) // 2, r.y - BAND + 2, size, size)
        name = art_name_band(card, r) if last or step >= w else None
        out.append(
            CardLook(card, r, visible, marker, _clip(art_chips(card, r), visible), name, band=True)
        )
    return out
