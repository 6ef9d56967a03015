"""Look-ahead over the rest of one turn: the action pair, their steps and bonus actions.

The planner plays candidate macros on private copies of the game (a view copy can be played
through one's own turn: nothing in it draws from a hidden order) and scores each leaf with
the Medium evaluation. The Sacred Tree is handed to the planning seat in the copy so its
turn never ends the round: the leaf is always "my turn is over, others still to play".
Each first move also keeps its best line (every move of the turn the value came from), so
Hard can play a candidate's whole turn the way Medium would in every world it samples.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.heuristics.evaluate import SHARED, Engine, evaluate
from game.ai.heuristics.tactics import macros
from game.engine import Decision, Game, Move, Phase
from game.engine.moves import ChooseAction, listed

Line = tuple[Move, ...]  # moves of one seat's turn, in order


@dataclass(frozen=True, slots=True)
class Widths:
    """How many macros to try: ``wide`` for the current action, ``narrow`` after it."""

    wide: int = 3
    narrow: int = 1
    second_action: bool = True
    max_leaves: int = 160
    # Also try the Attract sets with a gregarious card, valued on the pile it joins
    # (``tactics.attract_sets``): Hard's candidates; False for Medium (its cheap scores).
    thin: bool = False


class _Search:
    __slots__ = ("seat", "widths", "leaves", "root_action", "engine")

    def __init__(self, seat: int, widths: Widths, root_action: bool, engine: Engine) -> None:
        self.seat = seat
        self.widths = widths
        self.leaves = 0
        self.root_action = root_action
        self.engine = engine

    def width(self, actions: int) -> int:
        wide = actions == 0 or (self.root_action and actions == 1)
        if self.leaves > self.widths.max_leaves:
            return 1
        return self.widths.wide if wide else self.widths.narrow

    def value(self, g: Game, actions: int) -> tuple[float, Line]:
        """The best value reachable from ``g`` within the turn, and the moves to it."""
        seat = self.seat
        if g.phase is not Phase.ACTION or g.turn != seat:
            self.leaves += 1
            return evaluate(g, seat, self.engine), ()
        decision = g.deciding()[1]  # (the kind alone: no Pending built at every node)
        legal = g.legal_moves(seat)
        if decision is Decision.ACTION:
            if not self.widths.second_action:
                self.leaves += 1
                return evaluate(g, seat, self.engine), ()
            options: list[tuple[float, Line]] = [(0.0, (m,)) for m in legal]
        else:
            assert decision is not None  # the seat is deciding in the action phase
            options = macros(g, seat, decision, legal, self.width(actions), self.widths.thin)
        best: tuple[float, Line] = (float("-inf"), ())
        for _score, seq in options:
            child, played, moves = play_macro(g, seat, seq, checked=False)
            v, rest = self.value(child, actions + played)
            if v > best[0]:
                best = (v, moves + rest)
        return best


def play_macro(g: Game, seat: int, seq: Line, checked: bool = True) -> tuple[Game, int, Line]:
    """A copy of ``g`` after the macro (stopping where a move no longer applies), the
    actions it chose and the moves it played.

    Inner look-ahead nodes pass ``checked=False``: their macros are built from the position
    itself, and later moves are tested against ``legal_moves`` here, so the engine's own
    check would only repeat that work.
    """
    c = g.clone()
    depth = len(c.tasks)
    actions = 0
    n = len(seq)
    for i, m in enumerate(seq):
        if i > 0 and (len(c.tasks) < depth or c.turn != seat or not listed(m, c.legal_moves(seat))):
            n = i
            break
        if i == 0 and checked:
            c.play(seat, m)
        else:
            c.play_unchecked(seat, m)
        if isinstance(m, ChooseAction):
            actions += 1
    return c, actions, seq[:n]


def sandbox(g: Game, seat: int) -> Game:
    """A playable copy in which ``seat``'s turn ends without ending the round."""
    c = g.clone()
    c.is_view = False
    if c.phase is Phase.ACTION:
        c.first = seat
    return c


def rank_lines(
    g: Game,
    seat: int,
    decision: Decision,
    legal: list[Move],
    widths: Widths,
    engine: Engine = SHARED,
) -> list[tuple[Move, float, Line]]:
    """Each candidate first move with the value of the best turn that starts with it, and
    that turn's line: its moves from the first move on (best first); leaves valued with
    ``engine`` (how much income counts)."""
    root = sandbox(g, seat)
    search = _Search(seat, widths, decision is Decision.ACTION, engine)
    if decision is Decision.ACTION:
        options: list[tuple[float, Line]] = [(0.0, (m,)) for m in legal]
    else:
        options = macros(root, seat, decision, legal, widths.wide, widths.thin)
    best: dict[Move, tuple[float, Line]] = {}
    for _score, seq in options:
        child, played, moves = play_macro(root, seat, seq)
        v, rest = search.value(child, played)
        if v > best.get(seq[0], (float("-inf"), ()))[0]:
            best[seq[0]] = (v, moves + rest)
    ranked = sorted(best.items(), key=lambda t: -t[1][0])
    return [(m, v, line) for m, (v, line) in ranked]
