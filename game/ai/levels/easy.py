"""Easy: the engine benchmark's baseline with a little common sense.

Draws until two uncancelled solitary symbols, spends a Fragment on a drawn Varan when
``guards.fragment_worth`` says it costs something, and
otherwise plays at random, but never passes or takes a Fragment when a real action is
possible and never finishes a pick step early.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.ai.heuristics.guards import fragment_worth
from game.engine import Action, Decision, Game, Move, View
from game.engine.moves import (
    CHOOSE,
    DRAW,
    FINISH,
    PASS,
    SKIP_BONUS,
    STOP,
    USE_FRAGMENT,
    ChooseAction,
)
from game.engine.state import VARAN

_TAKE_FRAGMENT = CHOOSE[Action.FRAGMENT]


def baseline_move(g: Game, seat: int, decision: Decision, rand: random.Random) -> Move:
    """The baseline policy: the engine benchmark's, the table's built-in seat (used when an
    AI worker fails) and the floor the Easy level builds on."""
    moves = g.legal_moves(seat)
    if decision is Decision.DRAW:
        p = g.players[seat]
        if USE_FRAGMENT in moves and p.line[-1] == VARAN:
            return USE_FRAGMENT
        if DRAW in moves and (p.uncancelled < 2 or not p.line):
            return DRAW
        return STOP if STOP in moves else moves[0]
    if len(moves) > 1 and _TAKE_FRAGMENT in moves:
        moves = [m for m in moves if m is not _TAKE_FRAGMENT]
    return rand.choice(moves)


class EasyPolicy:
    level = "easy"

    def close(self) -> None:
        """Nothing to release: this level holds no processes."""

    def choose(
        self,
        view: View,
        decision: Decision,
        legal_moves: Sequence[Move],
        rng: random.Random,
        budget_s: float,
    ) -> Move:
        legal = list(legal_moves)
        if len(legal) == 1:
            return legal[0]
        p = view.game.players[view.player]
        if decision is Decision.DRAW:
            if USE_FRAGMENT in legal and p.line[-1] == VARAN and fragment_worth(p):
                return USE_FRAGMENT
            if DRAW in legal and (p.uncancelled < 2 or not p.line):
                return DRAW
            return STOP if STOP in legal else legal[0]
        if decision is Decision.ACTION:
            real = [m for m in legal if isinstance(m, ChooseAction) and m.action != Action.FRAGMENT]
            if real:
                return rng.choice(real)
            frag = [m for m in legal if m != PASS]
            return rng.choice(frag) if frag else PASS
        picks = [m for m in legal if m not in (FINISH, SKIP_BONUS)]
        return rng.choice(picks) if picks else legal[0]
