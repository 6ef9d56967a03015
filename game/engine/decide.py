"""Deciding a move's events: one branch per move type, each handing over to the rules of
the phase that asked for it (``draw_phase``, ``actions``).

The move is already known to be legal (``Game.play`` checks it against ``legal_moves``),
so its type alone says which rule answers it. Cases are in the order moves are most often
played, and the ``match`` ends in ``assert_never``: a new move type fails type checking
here until it has a rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never, cast

import game.engine.actions as actions
import game.engine.draw_phase as draw_phase
from game.engine.moves import (
    AnyMove,
    ChooseAction,
    Draw,
    Finish,
    Move,
    MoveSpirit,
    Pass,
    PickAnimal,
    PickFire,
    Plant,
    SkipBonus,
    Steal,
    Stop,
    UseFragment,
)

if TYPE_CHECKING:
    import game.engine.events as ev
    from game.engine.game import Game


def decide(g: Game, player: int, move: Move, out: list[ev.Event]) -> None:
    """Carry out ``move`` by ``player``: each event decided is applied, then recorded in
    ``out``, before the next is decided."""
    p = g.players[player]
    m = cast(AnyMove, move)
    match m:
        case Draw():
            draw_phase.draw(g, p, out)
        case ChooseAction(action=action):
            actions.choose(g, p, action, out)
        case PickAnimal(card=card):
            actions.pick_animal(g, p, card, out)
        case Finish():
            actions.finish(g, p, out)
        case Stop():
            draw_phase.stop(g, p, False, out)
        case PickFire(value=value):
            actions.pick_fire(g, p, value, out)
        case Plant(tree=tree, x=x, y=y):
            actions.plant(g, p, tree, x, y, out)
        case MoveSpirit(distance=distance):
            actions.move_spirit(g, p, distance, out)
        case Pass():
            actions.pass_turn(g, p, out)
        case Steal(victim=victim, tile=tile):
            actions.steal(g, p, victim, tile, out)
        case SkipBonus():
            actions.skip_bonus(g, p, out)
        case UseFragment():
            draw_phase.use_fragment(g, p, out)
        case _:
            assert_never(m)
