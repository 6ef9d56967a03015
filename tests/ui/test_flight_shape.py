"""A flying card keeps its shape (issue 32, item 7): a card attracted by an opponent flies
to the pile counter in its row's header as a small card, never as a thin streak across the
header's name and counters."""

from __future__ import annotations

import pytest
from pygame import Rect

from game.engine import events as ev
from game.ui.kit.anim import Flight, same_shape
from game.ui.table.match import Seat
from tests.ui.test_table import start


def test_a_card_keeps_its_shape_into_a_strip() -> None:
    card, strip = Rect(100, 100, 98, 136), Rect(1028, 104, 250, 28)
    f = Flight(1.0, image=("card_face", 20), src=card, dst=strip, arc=0)
    aspect = card.w / card.h
    for k in range(11):
        r = f.rect_at(k / 10)
        assert abs(r.w / r.h - aspect) < 0.1, (k, r)
    end = f.rect_at(1.0)
    assert strip.contains(end) and end.w < strip.w // 4
    assert same_shape(strip, card)[1] == card  # from a strip to a card: the card's shape


@pytest.mark.parametrize("players", [2, 4])
def test_an_opponents_attracted_card_lands_inside_its_pile_counter(app, ctx, players) -> None:
    ctx.settings.speed = "normal"
    d, match = start(app, ctx, [Seat("Ana")] + [Seat(f"AI {i}", "easy") for i in range(1, players)])
    table = d.top
    card = match.shown.reserve[0][0]
    table.director.show(ev.AnimalAttracted(1, card, 1), 1.0)
    flights = [a for a in table.anims.queue if isinstance(a, Flight)]
    assert flights
    f = flights[-1]
    pile = table.layout.player(1, "draw_pile")
    name = table.layout.player(1, "name")
    for k in range(11):
        r = f.rect_at(k / 10)
        assert 0.5 < r.w / r.h < 1.0, (k, r)  # a card, not a streak
    assert pile.contains(f.rect_at(1.0))
    assert not f.rect_at(0.95).colliderect(name)  # the seat's name stays readable
