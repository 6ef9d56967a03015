"""Rules of thumb every level obeys, each against a blunder seen in game logs (issue 13).

They trim a level's ranked candidates, so Medium, Hard's search candidates and Hard's
rollouts (which play Medium) all keep them:

- **Free draw**: at 1 or fewer uncancelled solitary symbols a card adds at most one, so the
  seat keeps its two actions whatever comes: never stop there while a card is left to draw
  (unless Help Line Flowers already reach 12 and a card in the pile could take one away);
  the same at 2 with two Fragments in hand (a third symbol is undone, a Fragment remains).
- **Fragment**: only on a card that costs something: one that brings the count to 3 (an
  action lost), or a Varan when it brings the count to 2 (it would end the free draws) or
  when the seat keeps a Fragment in hand afterwards (a Varan removed is gone for good).
- **Pass**: only when no action is worth as much as ending the turn.
- **Onibi**: at the last action of a turn, when Onibi would deal two or more Varans and an
  affordable Extinguish leaves the firepower at or below the seat's Water, put those Fires
  out (only a move that wins the game beats it, or one whose planned turn saves the seat
  too: a Move landing on an Extinguish rock, a Plant on the Extinguish corner); inside
  any Extinguish, pick only Fires of some saving set and do not finish before the seat is
  safe.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.ai.heuristics.planner import Line, play_macro, sandbox
from game.engine import Action, Game, TaskKind
from game.engine.moves import CHOOSE, DRAW, PASS, STOP, USE_FRAGMENT, Move, PickFire
from game.engine.state import (
    CARD_ELEMS,
    E_FLOWER,
    E_WATER,
    GOAL,
    SOLITARY_LIMIT,
    VARAN,
    PlayerState,
)

EXTINGUISH = CHOOSE[Action.EXTINGUISH]
SPARE_FRAGMENTS = 2  # Fragments that make a draw at two uncancelled symbols free too
SAVED_VARANS = 2  # Varans a save must avoid to come before everything but a win
WINNING = 100.0  # a Medium value this high means the move reaches 12 (evaluate.LIKELY_WIN)

Ranked = list[tuple[Move, float]]


def balance(p: PlayerState) -> int:
    """Solitary minus gregarious symbols in the Help Line (may be negative)."""
    return p.solitary - p.gregarious


def free_draw(p: PlayerState, legal: Sequence[Move]) -> bool:
    """Drawing cannot cost an action here, so stopping only wastes a card. At two
    uncancelled symbols with two Fragments in hand a bust is undone and a spare stays."""
    n = balance(p)
    if DRAW not in legal or n > 2 or (n == 2 and p.fragments < SPARE_FRAGMENTS):
        return False
    if p.tracks()[2] >= GOAL:
        pile = p.deck + p.discard
        return not any(CARD_ELEMS[c][E_FLOWER] < 0 for c in pile)
    return True


def fragment_worth(p: PlayerState) -> bool:
    """The just-revealed card is worth a Fragment (see the module text)."""
    if not p.line:
        return False
    n = balance(p)
    if n >= SOLITARY_LIMIT:
        return True
    return p.line[-1] == VARAN and (n >= 2 or p.fragments >= 2)


def draw_only(p: PlayerState, legal: Sequence[Move]) -> bool:
    """The guards leave Draw alone here (a free draw, no Fragment worth spending): a caller
    may play it without valuing the pile."""
    return free_draw(p, legal) and not (USE_FRAGMENT in legal and fragment_worth(p))


def draw_guard(p: PlayerState, legal: Sequence[Move], ranked: Ranked) -> Ranked:
    """Drop Stop at a free draw and a Fragment on a harmless card (best first kept)."""
    drop: set[Move] = set()
    if USE_FRAGMENT in legal and not fragment_worth(p):
        drop.add(USE_FRAGMENT)
    if free_draw(p, legal):
        drop.add(STOP)
    kept = [(m, v) for m, v in ranked if m not in drop]
    return kept or ranked


def pass_guard(ranked: Ranked) -> Ranked:
    """Drop Pass when some action is valued at least as high."""
    value = dict(ranked).get(PASS)
    if value is None or len(ranked) == 1:
        return ranked
    if any(v >= value for m, v in ranked if m != PASS):
        return [(m, v) for m, v in ranked if m != PASS]
    return ranked


def threatened(g: Game, p: PlayerState) -> int:
    """Varans Onibi deals this seat at the end of the round if the centre stays."""
    if not g.centre or p.total(E_WATER) >= sum(g.centre):
        return 0
    return min(len(g.centre), g.varans)


def saving_values(g: Game, p: PlayerState, budget: int) -> set[int]:
    """Fire values that belong to some set within ``budget`` Water leaving the seat safe."""
    water = p.total(E_WATER)
    fire = sum(g.centre)
    have = {v: g.centre.count(v) for v in (2, 3, 4)}
    out: set[int] = set()
    for a in range(have[2] + 1):
        for b in range(have[3] + 1):
            for c in range(have[4] + 1):
                cost = 2 * a + 3 * b + 4 * c
                if 0 < cost <= budget and fire - cost <= water:
                    out |= {v for v, k in ((2, a), (3, b), (4, c)) if k}
    return out


def saved_by(g: Game, seat: int, line: Line) -> bool:
    """Whether the seat is safe from Onibi once it has played ``line`` (its turn's moves)."""
    after, _, _ = play_macro(sandbox(g, seat), seat, line)
    return threatened(after, after.players[seat]) < SAVED_VARANS


def onibi_guard(
    g: Game,
    seat: int,
    legal: Sequence[Move],
    ranked: Ranked,
    lines: Mapping[Move, Line] | None = None,
) -> Ranked:
    """At the last action, or inside an Extinguish, keep the moves that save the Varans:
    with ``lines`` (the planner's turn for each move) also an action whose turn saves them
    another way, such as a Move whose landing rock puts the Fires out."""
    p = g.players[seat]
    if threatened(g, p) < SAVED_VARANS:
        return ranked
    if EXTINGUISH in legal and p.actions_left == 1 and not g.tasks:
        if saving_values(g, p, p.total(E_WATER)):
            known = lines or {}
            kept = [
                (m, v)
                for m, v in ranked
                if m == EXTINGUISH or v >= WINNING or (m in known and saved_by(g, seat, known[m]))
            ]
            return kept or ranked
        return ranked
    if g.tasks and g.tasks[0].kind is TaskKind.EXTINGUISH:
        budget = g.pending()[0].budget
        values = saving_values(g, p, budget)
        if values:
            kept = [
                (m, v)
                for m, v in ranked
                if (isinstance(m, PickFire) and m.value in values) or v >= WINNING
            ]
            return kept or ranked
    return ranked
