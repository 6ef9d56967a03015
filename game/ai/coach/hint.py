"""The hint button: what Hard would do here, and why (the table words it)."""

from __future__ import annotations

import random
from contextlib import closing
from dataclasses import dataclass

from game.ai.heuristics.draw_odds import pile_of
from game.ai.heuristics.evaluate import expected_cards
from game.ai.heuristics.planner import sandbox
from game.ai.levels.hard import HardPolicy
from game.ai.levels.medium import rank
from game.engine import Decision, Game, Move, Phase, View
from game.engine.moves import DRAW, STOP, USE_FRAGMENT
from game.engine.state import (
    CARD_GREGARIOUS,
    CARD_SOLITARY,
    SOLITARY_LIMIT,
    VARAN,
    PlayerState,
)

ELEMENT_KEYS = ("sun", "water", "plant", "wind", "flower")
TRACK_KEYS = ("trees", "fires", "flowers")
LONGER_LINE = 0.3  # cards a round: below this a longer Help Line is not worth saying

Reason = tuple[str, dict[str, int | str]]


@dataclass(frozen=True, slots=True)
class Advice:
    """What Hard would play and why, as catalogue keys so the table can say it in any
    language: each reason is ``(key, params)`` under ``hint.reason.`` in the catalogues."""

    move: Move
    reasons: tuple[Reason, ...]


def advise(view: View, budget_s: float = 0.5, seed: int = 0) -> Advice | None:
    """Hard's move for the viewer and up to three reasons; ``None`` with nothing to decide."""
    g = view.game
    seat = view.player
    pend = [p for p in g.pending() if p.player == seat]
    if not pend:
        return None
    decision = pend[0].decision
    legal = g.legal_moves(seat)
    with closing(HardPolicy()) as hard:
        move = hard.choose(view, decision, legal, random.Random(seed), budget_s)
    return Advice(move, explain(g, seat, decision, move))


def explain(g: Game, seat: int, decision: Decision, move: Move) -> tuple[Reason, ...]:
    """Why: the odds behind a draw decision, or what the step gains on the board."""
    if decision is Decision.DRAW:
        return (_explain_draw(g, seat, move),)
    before = g.players[seat]
    c = sandbox(g, seat)
    c.play(seat, move)
    start_tasks = len(c.tasks)
    # Follow Medium through the rest of this step (picks, bonus steps) to show its effect.
    for _ in range(30):
        if c.phase is not Phase.ACTION or c.turn != seat or not c.tasks:
            break
        if len(c.tasks) < start_tasks and decision is not Decision.ACTION:
            break
        pend = c.pending()[0]
        c.play(seat, rank(c, seat, pend.decision, c.legal_moves(seat))[0][0])
    after = c.players[seat]
    parts: list[Reason] = []
    for track, a, b in zip(TRACK_KEYS, before.tracks(), after.tracks(), strict=True):
        if b != a:
            parts.append(("track", {"track": track, "before": a, "after": b}))
    for i, element in enumerate(ELEMENT_KEYS[:4]):
        d = after.forest_elems[i] - before.forest_elems[i]
        if d:
            parts.append(("for_good", {"n": d, "element": element}))
    if after.fragments > before.fragments:
        parts.append(("fragments", {"n": after.fragments - before.fragments}))
    attracted = len(after.deck) - len(before.deck)
    if attracted > 0:
        parts.append(("attracted", {"n": attracted}))
        longer = _longer_line(before, after, after.deck[len(after.deck) - attracted :])
        if longer is not None:
            parts.append(longer)
    stolen = len(after.tiles) - len(before.tiles)
    if stolen > 0:
        parts.append(("steals", {"n": stolen}))
    return tuple(parts[:3]) or (("best_rated", {}),)


def _longer_line(before: PlayerState, after: PlayerState, cards: list[int]) -> Reason | None:
    """A gregarious animal costs Sun and gives little this round; what it buys is a longer
    Help Line every round after (the cards a typical round reveals from the pile, as Hard's
    pile term counts them). Said when that grows by at least ``LONGER_LINE`` cards."""
    if not any(CARD_GREGARIOUS[c] for c in cards):
        return None
    was, now = expected_cards(before)[0], expected_cards(after)[0]
    if now - was < LONGER_LINE:
        return None
    return ("longer_line", {"before": f"{was:.1f}", "after": f"{now:.1f}"})


def _explain_draw(g: Game, seat: int, move: Move) -> Reason:
    p = g.players[seat]
    balance = p.solitary - p.gregarious
    pile = pile_of(p)
    risky = 0.0
    for card, prob, _rest in pile.next_cards():
        if balance + CARD_SOLITARY[card] - CARD_GREGARIOUS[card] >= SOLITARY_LIMIT:
            risky += prob
    # Never "0%" for a small risk nor "100%" for a near-certain one: the ends are exact.
    percent = min(99, max(1, round(risky * 100))) if 0 < risky < 1 else round(risky * 100)
    if move == USE_FRAGMENT:
        return ("varan_back", {}) if p.line[-1] == VARAN else ("would_cost_action", {})
    if move == DRAW:
        if not p.line:
            return ("must_reveal", {})
        return ("draw_safe", {}) if risky == 0 else ("draw_odds", {"percent": percent})
    if move == STOP:
        if balance >= SOLITARY_LIMIT - 1:
            return ("stop_odds", {"percent": percent})
        return ("line_enough", {})
    return ("best_rated", {})
