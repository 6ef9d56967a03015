"""One real event of every type, with the game just before it, and one move of every type:
what the exhaustiveness tests feed to every consumer of events and moves."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from game.engine import Event, Game, Move, new_game
from game.engine import moves as mv
from game.engine.apply import apply_event

EVENT_TYPES: frozenset[type[Event]] = frozenset(Event._registry.values())
MOVE_TYPES: frozenset[type[Move]] = frozenset(Move._registry.values())


@dataclass(frozen=True)
class Sample:
    before: Game  # the game just before the event (stepped with ``apply_event``)
    event: Event
    after_move: Game  # the game once the whole move that made the event was played


@cache
def one_of_each_event() -> dict[type[Event], Sample]:
    """Random games until every event type has been seen: each first one, with copies of
    the game just before it and once its whole move was played."""
    out: dict[type[Event], Sample] = {}
    for i in range(200):
        g = new_game(2 + i % 3, 20_000 + i)
        rand = random.Random(i)
        while not g.over and len(out) < len(EVENT_TYPES):
            seat = rand.choice(g.pending()).player
            copy = g.clone()
            for e in g.play(seat, rand.choice(g.legal_moves(seat))):
                if type(e) not in out:
                    out[type(e)] = Sample(copy.clone(), e, g.clone())
                apply_event(copy, e)
        if len(out) == len(EVENT_TYPES):
            return out
    raise AssertionError(f"never saw {sorted(t.__name__ for t in EVENT_TYPES - set(out))}")


ONE_OF_EACH_MOVE: tuple[Move, ...] = (
    mv.DRAW,
    mv.STOP,
    mv.USE_FRAGMENT,
    mv.CHOOSE[mv.Action.ATTRACT],
    mv.PASS,
    mv.PICK_ANIMAL[1],
    mv.PICK_FIRE[2],
    mv.FINISH,
    mv.PLANT[(0, 1, 1)],
    mv.MOVE_BY[2],
    mv.STEAL[(1, "fire")],
    mv.SKIP_BONUS,
)
