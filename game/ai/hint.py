"""The hint button: what Hard would do here, and why, in one short sentence."""

from __future__ import annotations

import random

from game.ai.drawing import pile_of
from game.ai.hard import HardPolicy
from game.ai.medium import rank
from game.ai.planner import sandbox
from game.engine import Decision, Game, Move, Phase, View
from game.engine.moves import DRAW, STOP, USE_FRAGMENT
from game.engine.state import CARD_GREGARIOUS, CARD_SOLITARY, SOLITARY_LIMIT, VARAN

ELEMENT_NAMES = ("Sun", "Water", "Plant", "Wind", "Flower")


def hint(view: View, budget_s: float = 0.5, seed: int = 0) -> str:
    """One sentence for the table, e.g. "Plant Tree 6 at column 5, row 1: +2 Water"."""
    g = view.game
    seat = view.player
    pend = [p for p in g.pending() if p.player == seat]
    if not pend:
        return "Nothing to decide now: wait for the other Spirits."
    decision = pend[0].decision
    legal = g.legal_moves(seat)
    move = HardPolicy().choose(view, decision, legal, random.Random(seed), budget_s)
    return f"{move.describe()}: {explain(g, seat, decision, move)}."


def explain(g: Game, seat: int, decision: Decision, move: Move) -> str:
    """Why: the odds behind a draw decision, or what the step gains on the board."""
    if decision is Decision.DRAW:
        return _explain_draw(g, seat, move)
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
    parts: list[str] = []
    names = ("Trees", "Fires", "Flowers")
    for name, a, b in zip(names, before.tracks(), after.tracks(), strict=True):
        if b != a:
            parts.append(f"{name} {a}→{b}")
    for i, name in enumerate(ELEMENT_NAMES[:4]):
        d = after.forest_elems[i] - before.forest_elems[i]
        if d:
            parts.append(f"{d:+d} {name} for good")
    if after.fragments > before.fragments:
        n = after.fragments - before.fragments
        parts.append(f"{n} Fragment{'s' if n > 1 else ''}")
    attracted = len(after.deck) - len(before.deck)
    if attracted > 0:
        parts.append(f"{attracted} new animal{'s' if attracted > 1 else ''} on top of your pile")
    stolen = len(after.tiles) - len(before.tiles)
    if stolen > 0:
        parts.append(f"steals {stolen} Victory tile{'s' if stolen > 1 else ''}")
    if not parts:
        return "the best-rated option for the rest of your turn"
    return ", ".join(parts[:3])


def _explain_draw(g: Game, seat: int, move: Move) -> str:
    p = g.players[seat]
    balance = p.solitary - p.gregarious
    pile = pile_of(p)
    risky = 0.0
    for card, prob, _rest in pile.next_cards():
        if balance + CARD_SOLITARY[card] - CARD_GREGARIOUS[card] >= SOLITARY_LIMIT:
            risky += prob
    if move == USE_FRAGMENT:
        last = p.line[-1]
        return "send the Varan back" if last == VARAN else "it would cost you an action"
    if move == DRAW:
        if not p.line:
            return "you must reveal at least one card"
        return f"only {risky:.0%} chance the next card costs you an action"
    if move == STOP:
        if balance >= SOLITARY_LIMIT - 1:
            return f"{risky:.0%} chance the next card would cost you an action"
        return "your Help Line already covers your best actions"
    return "the best-rated choice"
