"""Where a lesson's note goes on the table and how it is laid out: the places it may take
(from the table's own zones), and the note sized to its text with its buttons placed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pygame import Rect

from game.lessons import OPPONENT
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.widgets import Button
from game.ui.table.layout import Layout

# The places a step's note may take, in the order tried when its own place would cover
# something the step talks about (see ``note_places``).
MIN_SIZE = theme.SMALL - 2  # the smallest text a note shrinks to before it grows instead
SCREEN_BOTTOM = 1080 - 8  # (logical) a note that grows stays on the screen


@dataclass(frozen=True)
class NoteLayout:
    """A note laid out: its panel, its text's box and size, the refusal's box below it."""

    panel: Rect
    text: Rect
    size: int
    msg: Rect


PLACE_ORDER: tuple[str, ...] = ("left", "right", "low", "bottom", "beside")
# A note over the Reserve covers it whole: a short one would leave the cards' lower edges
# peeking out below it, cut, as if drawn by mistake. Other places hold rows a learner may
# want to see, so a note there is only as tall as its text.
FILLED: frozenset[str] = frozenset({"left"})
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
    of the round takes from (``low``), over the prompt and buttons (``bottom``), and over the
    opponent's Forest, beside its Help Line (``beside``: free while the round ends)."""
    reserve = layout["market_3"].unionall(
        [layout[f"{kind}_{level}"] for kind in ("market", "reserve") for level in (1, 2, 3)]
    )
    supply, log = layout["tree_supply"], layout["log"]
    row, help_line = layout.player(OPPONENT, "panel"), layout.player(OPPONENT, "help_line")
    top = max(supply.top, log.top, reserve.bottom + 4)
    return {
        "left": reserve,
        "right": layout.player(OPPONENT, "panel"),
        "low": Rect(log.x, top, supply.right - log.x, layout["fire_supply"].top - 4 - top),
        "bottom": layout["onibi_panel"],
        "beside": Rect(row.x, help_line.y, help_line.x - 8 - row.x, row.bottom - help_line.y),
    }


def zones_kept_clear(layout: Layout, zones: tuple[str, ...], round_end: bool) -> list[Rect]:
    """The step's lit ``zones``, and while the end of the round runs what it moves."""
    names = list(zones)
    if round_end:
        names += ROUND_END_ZONES
        names += [f"p{s}_{z}" for s in range(2) for z in ROUND_END_SEAT_ZONES]
    return [layout.zones[n] for n in names if n in layout.zones]


def place_note(
    layout: Layout, own: str, keep: list[Rect], fit: Callable[[Rect, bool], NoteLayout]
) -> NoteLayout:
    """The note in its ``own`` place unless it would cover something to ``keep`` clear
    there, else in the first place (``PLACE_ORDER``) where it covers nothing, else where it
    covers least; ``fit`` lays it out in a place (and places its buttons there)."""
    places = note_places(layout)
    first = own if own in places else PLACE_ORDER[0]
    covers: dict[str, int] = {}
    for name in (first, *(n for n in PLACE_ORDER if n != first)):
        panel = fit(places[name], name in FILLED).panel
        covers[name] = sum(r.w * r.h for r in (panel.clip(k) for k in keep))
        if covers[name] == 0:
            return fit(places[name], name in FILLED)
    best = min(covers, key=lambda n: covers[n])
    return fit(places[best], best in FILLED)


def lay_out_note(
    p: Painter,
    place: Rect,
    text: str,
    msg: str,
    buttons: list[Button],
    with_continue: bool,
    fill: bool = False,
) -> NoteLayout:
    """Size the note to its ``text`` (and a refusal's ``msg``, below the text) in ``place``
    and put its three buttons (Continue, Skip, Lessons) under both; ``with_continue``: the
    step is read, not played, so Continue takes a row of its own. A wide place keeps the
    buttons in a column at its right. The text shrinks to ``MIN_SIZE`` at most; a text that
    still does not fit makes the note taller than its place (kept on the screen), so no
    word is ever cut or drawn under a button. ``fill``: the note is at least as tall as its
    place, its buttons at the bottom."""
    cont, skip, lessons = buttons
    wide = place.w >= 2.5 * place.h
    if wide:  # a wide strip: buttons in a column at its right end
        bw = min(600, round(place.w * 0.3))
        roomy = place.h >= 154  # else the buttons shrink to the strip's height
        gap = 14 if roomy else 10
        cont_h = 64 if roomy else (place.h - 3 * gap) * 52 // 100
        skip_h = 60 if roomy else place.h - 3 * gap - cont_h
        text_w = place.right - bw - 20 - place.x - 36
        buttons_h = gap + cont_h + gap + skip_h + 2
    else:
        text_w = place.w - 36
        buttons_h = 80 + (76 if with_continue else 0)
    size = theme.BODY
    while True:
        text_h = p.text_height(text, text_w, size) + 4
        msg_h = (p.text_height(msg, text_w, theme.SMALL, True) + 8) if msg else 0
        body_h = 46 + text_h + msg_h + 8
        h = max(body_h, buttons_h) if wide else body_h + 6 + buttons_h
        if h <= place.h or size <= MIN_SIZE:
            break
        size -= 1
    r = Rect(place.x, place.y, place.w, max(place.h, h) if wide or fill else h)
    if r.bottom > SCREEN_BOTTOM:
        r.bottom = SCREEN_BOTTOM
    text_box = Rect(r.x + 18, r.y + 46, text_w, text_h)
    msg_box = Rect(text_box.x, text_box.bottom + 8, text_w, max(0, msg_h - 8))
    if wide:
        x = r.right - bw - 20
        cont.rect = Rect(x, r.y + gap, bw, cont_h)
        half = (bw - 20) // 2
        skip.rect = Rect(x, cont.rect.bottom + gap, half, skip_h)
        lessons.rect = Rect(x + half + 20, cont.rect.bottom + gap, half, skip_h)
        return NoteLayout(r, text_box, size, msg_box)
    y = r.bottom - 76
    half = (r.w - 48) // 2
    cont.rect = Rect(r.x + 16, y - 76, r.w - 32, 64)
    skip.rect = Rect(r.x + 16, y, half, 60)
    lessons.rect = Rect(r.x + 32 + half, y, half, 60)
    return NoteLayout(r, text_box, size, msg_box)
