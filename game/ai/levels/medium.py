"""Medium: odds-based drawing and a one-turn look-ahead, no tree search.

``rank`` works on any game the caller may read (a view's copy, or a determinized game in a
Hard rollout) and scores each candidate move; ``MediumPolicy.choose`` takes the best.
Medium values its engine higher than Hard's search does (``CASUAL``): income counted for
up to three rounds at twice the weight, so it builds its deck and draws long Help Lines
instead of racing on the cards it starts with (which an independent one-ply bot, the
arena's ``greedy``, outgrew: 47% with the shared weights, see README). It also contests
the Fires (``fire_contest``): the Fires its turn leaves in the centre count for the seats
still to play this round (their Help Lines' Water) and those its animals feed count for
the next round's first seats, so it puts out the Fires a rival needs for 12 and does not
feed a rival at 10 the two it lacks (54% against ``greedy`` before, see README).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.ai.heuristics.draw_odds import DrawJudge, Outlook
from game.ai.heuristics.evaluate import SHARED, Engine
from game.ai.heuristics.guards import draw_guard, onibi_guard, pass_guard
from game.ai.heuristics.planner import Line, Widths, rank_lines
from game.engine import Decision, Game, Move, View

FULL = Widths()
FAST = Widths(wide=2, narrow=1, second_action=False, max_leaves=24)
CASUAL = Engine(weight=2.0, rounds=3.0, span=3.0, now=1.0, later=0.5)  # Medium's own


def rank(
    g: Game,
    seat: int,
    decision: Decision,
    legal: Sequence[Move],
    widths: Widths = FULL,
    look: Outlook | None = None,
    engine: Engine = SHARED,
) -> list[tuple[Move, float]]:
    """Candidate moves with their Medium values, best first (at least one entry), less
    the moves ``guards`` rules out (a refused free draw, a wasted Fragment, a needless Pass,
    Varans left to Onibi).

    ``look`` reuses a seat's draw-phase outlook (it does not change while cards are drawn);
    ``engine`` is how much income counts in the action phase (Hard's search: ``SHARED``).
    """
    return rank_with_lines(g, seat, decision, legal, widths, look, engine)[0]


def rank_with_lines(
    g: Game,
    seat: int,
    decision: Decision,
    legal: Sequence[Move],
    widths: Widths = FULL,
    look: Outlook | None = None,
    engine: Engine = SHARED,
) -> tuple[list[tuple[Move, float]], dict[Move, Line]]:
    """``rank`` and, for an action-phase step, each ranked move's best line (the moves of
    the turn the planner valued it on, starting with that move; none for a draw)."""
    legal = list(legal)
    if len(legal) == 1:
        return [(legal[0], 0.0)], {}
    lines: dict[Move, Line] = {}
    if decision is Decision.DRAW:
        ranked = draw_guard(g.players[seat], legal, DrawJudge(g, seat, look).rank(legal))
    else:
        found = rank_lines(g, seat, decision, legal, widths, engine)
        ranked = [(m, v) for m, v, _ in found]
        lines = {m: line for m, _, line in found}
        if decision is Decision.ACTION:
            ranked = pass_guard(ranked)
        if decision in (Decision.ACTION, Decision.EXTINGUISH):
            ranked = onibi_guard(g, seat, legal, ranked, lines)
    return ranked or [(legal[0], 0.0)], lines


@dataclass(frozen=True, slots=True)
class MediumPolicy:
    level: str = "medium"
    widths: Widths = field(default=FULL)
    # How much its engine counts (``CASUAL``; arena knobs, e.g. ``medium[engine_weight=1]``).
    engine_weight: float = CASUAL.weight
    engine_rounds: float = CASUAL.rounds
    engine_span: float = CASUAL.span
    # How much the Fires each seat can take after its turn count (``fire_contest``; 0, 0:
    # only the Fires a seat holds, as Hard's search counts them).
    fires_now: float = CASUAL.now
    fires_later: float = CASUAL.later

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
        engine = Engine(
            self.engine_weight,
            self.engine_rounds,
            self.engine_span,
            self.fires_now,
            self.fires_later,
        )
        g = view.game
        return rank(g, view.player, decision, legal_moves, self.widths, None, engine)[0][0]
