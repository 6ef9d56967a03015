"""Where a lesson's note goes on the table and how it is laid out: the places it may take
(from the table's own zones), and the note sized to its text with its buttons placed."""

from __future__ import annotations

from collections.abc import Callable

from pygame import Rect

from game.lessons import OPPONENT
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.widgets import Button
from game.ui.table.layout import Layout

# The places a step's note may take, in the order tried when its own place would cover
# something the step talks about (see ``note_places``).
Laid = tuple[Rect, Rect, int]  # the note's panel, its text box, its text size
PLACE_ORDER: tuple[str, ...] = ("left", "right", "low", "bottom")
# What the end of the round animates or explains: the note keeps off these while it runs.
ROUND_END_ZONES: tuple[str, ...] = (
    "onibi_panel",
    "circle_centre",
    "market_1",
    "market_2",
    "market_3",
    "reserve_1",
    "reserve_2",
    "reserve_3",
    "varan_supply",
    "fire_supply",
)
ROUND_END_SEAT_ZONES: tuple[str, ...] = ("help_line", "discard", "draw_pile")


def note_places(layout: Layout) -> dict[str, Rect]:
    """Where a lesson's note may sit, taken from the table's own zones so that a new layout
    moves the notes with it: over the Reserve (``left``), over the opponent's row
    (``right``), over the log and the tree supply beside it, clear of the supplies the end
    of the round takes from (``low``), and over the prompt and buttons (``bottom``)."""
    reserve = layout["market_3"].unionall(
        [layout[f"{kind}_{level}"] for kind in ("market", "reserve") for level in (1, 2, 3)]
    )
    supply, log = layout["tree_supply"], layout["log"]
    top = max(supply.top, log.top, reserve.bottom + 4)
    return {
        "left": reserve,
        "right": layout.player(OPPONENT, "panel"),
        "low": Rect(log.x, top, supply.right - log.x, layout["fire_supply"].top - 4 - top),
        "bottom": layout["onibi_panel"],
    }


def zones_kept_clear(layout: Layout, zones: tuple[str, ...], round_end: bool) -> list[Rect]:
    """The step's lit ``zones``, and while the end of the round runs what it moves."""
    names = list(zones)
    if round_end:
        names += ROUND_END_ZONES
        names += [f"p{s}_{z}" for s in range(2) for z in ROUND_END_SEAT_ZONES]
    return [layout.zones[n] for n in names if n in layout.zones]


def place_note(layout: Layout, own: str, keep: list[Rect], fit: Callable[[Rect], Laid]) -> Laid:
    """The note in its ``own`` place unless it would cover something to ``keep`` clear
    there, else in the first place (``PLACE_ORDER``) where it covers nothing; ``fit`` lays
    it out in a place."""
    places = note_places(layout)
    first = own if own in places else PLACE_ORDER[0]
    for name in (first, *(n for n in PLACE_ORDER if n != first)):
        laid = fit(places[name])
        if not any(laid[0].colliderect(k) for k in keep):
            return laid
    return fit(places[first])


def lay_out_note(
    p: Painter,
    place: Rect,
    text: str,
    msg: str,
    buttons: list[Button],
    with_continue: bool,
) -> Laid:
    """Size the note to its ``text`` (and a refusal's ``msg``) at most ``place`` and put its
    three buttons (Continue, Skip, Lessons) in it; ``with_continue``: the step is read, not
    played, so Continue takes a row of its own. A wide place keeps the buttons in a column at
    its right. Returns the panel, the text box and the text size."""
    cont, skip, lessons = buttons
    if place.w >= 2.5 * place.h:  # a wide strip: buttons in a column at its right end
        bw = min(600, round(place.w * 0.3))
        x = place.right - bw - 20
        text_h = place.h - 52 - (36 if msg else 0)
        text_box = Rect(place.x + 18, place.y + 44, x - place.x - 36, text_h)
        cont.rect = Rect(x, place.y + 14, bw, 64)
        if bw >= 400:
            half = (bw - 20) // 2
            skip.rect = Rect(x, place.y + 92, half, 60)
            lessons.rect = Rect(x + half + 20, place.y + 92, half, 60)
        else:
            skip.rect = Rect(x, place.y + 88, bw, 56)
            lessons.rect = Rect(x, place.y + 152, bw, 56)
        size = theme.BODY
        while size > theme.SMALL - 4 and p.text_height(text, text_box.w, size) > text_box.h:
            size -= 1
        return place, text_box, size
    w = place.w - 36
    extra = (p.text_height(msg, w, theme.SMALL, True) + 12) if msg else 0
    buttons_h = 80 + (76 if with_continue else 0)
    size = theme.BODY
    while True:
        text_h = p.text_height(text, w, size)
        h = 46 + text_h + 14 + extra + buttons_h
        if h <= place.h or size <= theme.SMALL - 2:
            break
        size -= 1
    r = Rect(place.x, place.y, place.w, min(place.h, h))
    text_box = Rect(r.x + 18, r.y + 46, w, text_h + 4)
    y = r.bottom - 76
    half = (r.w - 48) // 2
    cont.rect = Rect(r.x + 16, y - 76, r.w - 32, 64)
    skip.rect = Rect(r.x + 16, y, half, 60)
    lessons.rect = Rect(r.x + 32 + half, y, half, 60)
    return r, text_box, size
