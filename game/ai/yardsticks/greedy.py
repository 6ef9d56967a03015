"""The ``greedy`` baseline seat: one-ply look-ahead with its own score (arena yardstick).

Written from RULES.md, not from Medium: in the action phase it plays each legal move on one
sampled world (``determinize``), finishes the step it opens by the same one-ply rule (every
pick, the landing bonus of a Move) and keeps the move whose position scores best under
``greedy_score``. In the Guardian Animals phase it weighs Stop against Draw and Fragment by
the exact odds of the next card from what it knows of its pile (the known top, then the
hidden multiset, then the discard that a reshuffle would bring), looking two cards ahead;
at one uncancelled solitary symbol or none it always draws, since no card can then cost
an action.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from operator import add
from typing import assert_never

from game.ai.yardsticks.greedy_score import FRAGMENT, REACHED, VARAN_COST, horizon, progress, score
from game.ai.yardsticks.greedy_score import remembered_worth as worth
from game.engine import Decision, Game, Move, Phase, TaskKind, View, determinize
from game.engine.moves import DRAW, STOP, USE_FRAGMENT
from game.engine.quick_init import quick_init
from game.engine.state import (
    CARD_COST,
    CARD_ELEMS,
    CARD_GREGARIOUS,
    CARD_SOLITARY,
    E_FLOWER,
    E_PLANT,
    E_SUN,
    E_WATER,
    E_WIND,
    EMPTY,
    GOAL,
    LINES,
    N_ROCKS,
    ROCKS,
    SOLITARY_LIMIT,
    TREE_COST,
    VARAN,
    PlayerState,
)

TOP = 40  # element totals beyond this are treated as this
SPARE = 0.06  # worth of an element point below the next step of an action
STEAL = 1.5  # a Victory tile taken: one step for me, one lost by a rival


@dataclass(frozen=True, slots=True)
class GreedyPolicy:
    level: str = "greedy"

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
        if decision is Decision.DRAW:
            return LineJudge(view.game, view.player).choose(legal)
        world = determinize(view, rng)
        return best_move(world, view.player, legal)


def best_move(g: Game, seat: int, legal: Sequence[Move]) -> Move:
    """The move whose finished step scores best (ties: the first listed)."""
    return ranked_moves(g, seat, legal)[0][0]


def ranked_moves(g: Game, seat: int, legal: Sequence[Move]) -> list[tuple[Move, float]]:
    """Every move with the score of its finished step, best first (ties: as listed)."""
    out = []
    for m in legal:
        c = g.clone()
        c.play_unchecked(seat, m)
        out.append((m, finish_step(c, seat)))
    out.sort(key=lambda mv: -mv[1])  # stable: the first listed wins a tie
    return out


def finish_step(g: Game, seat: int, whole_turn: bool = False) -> float:
    """Play the rest of the current step (or turn) one-ply and score what it leaves. The
    Fires this turn's animals feed to the centre count in every seat's ``reach``: for
    whoever has the Water to put them out next round.

    The best candidate's copy becomes the game played on (the engine is deterministic:
    playing the move again would give the same state), and when the step ends there its
    score is the answer already."""
    known: float | None = None  # the score of ``g`` when it was a scored candidate
    for _ in range(40):
        if g.phase is not Phase.ACTION or g.turn != seat or not (g.tasks or whole_turn):
            break
        legal = g.legal_moves(seat)
        known = None
        if len(legal) > 1:
            best, best_v = None, float("-inf")
            for m in legal:
                c = g.clone()
                c.play_unchecked(seat, m)
                v = score(c, seat)
                if v > best_v:
                    best, best_v = c, v
            if best is not None:
                g, known = best, best_v
                continue
        g.play_unchecked(seat, legal[0])
    return score(g, seat) if known is None else known


# --- the Guardian Animals phase ----------------------------------------------------------


# A card's solitary less gregarious symbols.
_BALANCE = tuple(s - g for s, g in zip(CARD_SOLITARY, CARD_GREGARIOUS, strict=True))


def _clip(x: int) -> int:
    return 0 if x < 0 else (TOP if x > TOP else x)


class LineJudge:
    """Worth of stopping with a given Help Line, from tables of what each action earns."""

    def __init__(self, g: Game, seat: int) -> None:
        self.g = g
        self.p = p = g.players[seat]
        self.lead = max(max(q.tracks()) for q in g.players)
        self.base = worth(g, p, self.lead)
        self.h = min(1.0, horizon(max(p.tracks())))
        self.attract = self._attract_table()
        self.plant = self._plant_table()
        self.fires = p.tracks()[1]
        self.centre = sorted(g.centre)
        self.firepower = sum(g.centre)
        self.fragment = FRAGMENT[min(p.fragments + 1, 4)] - FRAGMENT[min(p.fragments, 4)]
        self.fragment = self.fragment if g.fragments > 0 else 0.0
        self.flowers = p.tracks()[2] - p.line_elems[E_FLOWER]
        self.forest = p.forest_elems
        self._ext_known: dict[tuple[int, int], tuple[float, float]] = {}
        self._lines_known: dict[tuple[int, ...], float] = {}
        self._raw_known: dict[tuple[int, ...], float] = {}

    def _attract_table(self) -> list[float]:
        """Best worth gained by Reserve animals whose total cost fits each Sun total."""
        best = [0.0] * (TOP + 1)
        for row in self.g.reserve:
            for c in row:
                q = self.p.clone()
                q.deck.append(c)
                gain = worth(self.g, q, self.lead) - self.base
                if gain <= 0:
                    continue
                for s in range(TOP, CARD_COST[c] - 1, -1):
                    if best[s - CARD_COST[c]] + gain > best[s]:
                        best[s] = best[s - CARD_COST[c]] + gain
        return best

    def _plant_table(self) -> list[float]:
        """Best worth gained by one tree (any free space) for each Plant total.

        ``seat_worth`` reads the Forest through its kinds and its elements (the trees' and
        the complete lines'), never where a tree stands: a kind on two spaces that leave the
        same lines complete is worth the same, so it is scored once."""
        gains: dict[int, float] = {}
        spaces = self.p.plantable_spaces()
        forest = self.p.forest
        complete = [
            sum(
                1 << i
                for i, (line, _e, _n) in enumerate(LINES)
                if all(forest[t] != EMPTY or t == s for t in line)
            )
            for s in spaces
        ]
        for k, n in enumerate(self.g.tree_supply):
            if n <= 0:
                continue
            top = 0.0
            scored: dict[int, float] = {}
            for s, lines in zip(spaces, complete, strict=True):
                gain = scored.get(lines)
                if gain is None:
                    q = self.p.clone()
                    q.forest[s] = k
                    q.recompute()
                    gain = scored[lines] = worth(self.g, q, self.lead) - self.base
                top = max(top, gain)
            gains[k] = top
        table = []
        for pl in range(TOP + 1):
            table.append(max((v for k, v in gains.items() if TREE_COST[k] <= pl), default=0.0))
        return table

    def _threat(self, water: int, removed: int, tiles: int) -> int:
        left = len(self.centre) - tiles
        if left <= 0 or water >= self.firepower - removed:
            return 0
        return min(left, self.g.varans)

    def _extinguish(self, water: int) -> tuple[float, float]:
        """(worth of the best Extinguish, the Onibi penalty without one) at this Water,
        remembered: every Help Line weighed asks it (``g.varans`` is in the key, since
        a judge lasts a draw phase in which a Varan may go back to the supply)."""
        key = (water, self.g.varans)
        known = self._ext_known.get(key)
        if known is None:
            known = self._ext_known[key] = self._extinguish_at(water)
        return known

    def _extinguish_at(self, water: int) -> tuple[float, float]:
        cost = VARAN_COST * self.h
        none = -cost * self._threat(water, 0, 0)
        best = 0.0
        for order in (self.centre, self.centre[::-1]):
            spent = tiles = 0
            for v in order:
                if spent + v <= water:
                    spent += v
                    tiles += 1
            if tiles:
                gain = progress(self.fires + tiles) - progress(self.fires)
                gain += none + cost * self._threat(water, spent, tiles)
                best = max(best, gain)
        return best, none

    def _move(self, wind: int, sun: int, water: int, plant: int) -> float:
        """Best landing (its bonus and the Victory tiles it takes) within ``wind`` rocks."""
        p, g = self.p, self.g
        others = {q.rock: bool(q.tiles) for q in g.players if q is not p}
        rock, steps, jumped, best = p.rock, 0, 0, 0.0
        for _ in range(2 * N_ROCKS):
            if steps >= wind:
                break
            rock = (rock + 1) % N_ROCKS
            if rock in others:
                jumped += others[rock]
                continue
            steps += 1
            bonus = ROCKS[rock]
            match bonus:
                case TaskKind.PLANT:
                    v = self.plant[plant]
                case TaskKind.ATTRACT:
                    v = self.attract[sun]
                case TaskKind.EXTINGUISH:
                    v = self._extinguish(water)[0]
                case TaskKind.FRAGMENT:
                    v = self.fragment
                case _:
                    assert_never(bonus)
            best = max(best, v + STEAL * jumped)
        return best

    def line_value(self, elems: Sequence[int], balance: int) -> float:
        """Worth of stopping now: the best one or two different actions, Onibi, a win.

        Remembered by what it reads (the clipped sums, whether two actions are left, the
        Flower goal, the Varans left): the two-card look-ahead asks the same line sums
        again and again (in ``pimc``'s rollouts about nine times in ten). First by the
        sums as they are, which skips the clipping (the Forest and the Flower track it adds
        stay as they were for the draw phase a judge lasts)."""
        raw = (*elems, balance < SOLITARY_LIMIT, self.g.varans)
        v = self._raw_known.get(raw)
        if v is None:
            v = self._raw_known[raw] = self._clipped_value(elems, balance)
        return v

    def _clipped_value(self, elems: Sequence[int], balance: int) -> float:
        f = self.forest
        sun = _clip(elems[E_SUN] + f[E_SUN])
        water = _clip(elems[E_WATER] + f[E_WATER])
        plant = _clip(elems[E_PLANT] + f[E_PLANT])
        wind = _clip(elems[E_WIND] + f[E_WIND])
        two = balance < SOLITARY_LIMIT
        reached = self.flowers + elems[E_FLOWER] >= GOAL
        key = (sun, water, plant, wind, two, reached, self.g.varans)
        v = self._lines_known.get(key)
        if v is None:
            v = self._lines_known[key] = self._line_value(sun, water, plant, wind, two, reached)
        return v

    def _line_value(
        self, sun: int, water: int, plant: int, wind: int, two: bool, reached: bool
    ) -> float:
        ext, none = self._extinguish(water)
        options = sorted(
            (
                self.attract[sun],
                ext,
                self.plant[plant],
                self._move(wind, sun, water, plant) if wind else 0.0,
                self.fragment,
            ),
            reverse=True,
        )
        v = none + options[0]
        if two:
            v += options[1]
        # The tables are steps (a tree costs 3 or 5, a Fire 2 to 4): a little credit for
        # every element lets the odds see cards that add up toward the next step.
        v += SPARE * (sun + water + plant + wind)
        if reached:
            v += REACHED
        return v

    def value(self, elems: list[int], balance: int, pile: Pile, frags: int, depth: int) -> float:
        stop = self.line_value(elems, balance)
        if depth <= 0 or balance >= SOLITARY_LIMIT or pile.empty():
            return stop
        return max(stop, self.draw(elems, balance, pile, frags, depth))

    def draw(self, elems: list[int], balance: int, pile: Pile, frags: int, depth: int) -> float:
        """Expected worth of revealing the next card (then the best reply to it)."""
        now = self.line_value(elems, balance)
        total = 0.0
        # A known card is no gamble: it does not use up the look-ahead.
        deeper = depth if pile.known else depth - 1
        if frags > 0:  # (each card's Fragment fallback: the same sums, taken once)
            drop = now - (FRAGMENT[min(frags, 4)] - FRAGMENT[min(frags - 1, 4)])
            drop_varan = drop + VARAN_COST * self.h
            drop = drop + 0.0  # (as the per-card sum was: a -0.0 becomes 0.0, bit for bit)
        if deeper <= 0:
            # No look-ahead left after this card: what is left of the pile is never read,
            # and the card's worth is that of stopping with it.
            for c, prob in pile.odds():
                v = self.line_value(list(map(add, elems, CARD_ELEMS[c])), balance + _BALANCE[c])
                if frags > 0:
                    v = max(v, drop_varan if c == VARAN else drop)
                total += prob * v
            return total
        for c, prob, rest in pile.next_cards():
            new = list(map(add, elems, CARD_ELEMS[c]))
            v = self.value(new, balance + _BALANCE[c], rest, frags, deeper)
            if frags > 0:
                v = max(v, drop_varan if c == VARAN else drop)
            total += prob * v
        return total

    def choose(self, legal: list[Move]) -> Move:
        p = self.p
        elems = list(p.line_elems)
        balance = p.solitary - p.gregarious
        pile = Pile.of(p)
        values: dict[Move, float] = {}
        # At most one uncancelled solitary symbol the next card cannot cost an action.
        if STOP in legal and not (DRAW in legal and balance <= 1):
            values[STOP] = self.line_value(elems, balance)
        if DRAW in legal:
            values[DRAW] = self.draw(elems, balance, pile, p.fragments, 2)
        if USE_FRAGMENT in legal:
            last = p.line[-1]
            e = CARD_ELEMS[last]
            back = [elems[i] - e[i] for i in range(5)]
            nb = balance - CARD_SOLITARY[last] + CARD_GREGARIOUS[last]
            cost = FRAGMENT[min(p.fragments, 4)] - FRAGMENT[min(p.fragments - 1, 4)]
            v = self.value(back, nb, pile, p.fragments - 1, 2) - cost
            values[USE_FRAGMENT] = v + (VARAN_COST * self.h if last == VARAN else 0.0)
        return max(values, key=lambda m: values[m])


@quick_init  # one per card looked at
@dataclass(frozen=True, slots=True)
class Pile:
    """What a seat knows of its coming cards: a known top, a hidden multiset, a discard."""

    known: tuple[int, ...]  # next card last
    hidden: dict[int, int]  # card -> copies (plain dicts: copied at every card looked at)
    discard: dict[int, int]

    @classmethod
    def of(cls, p: PlayerState) -> Pile:
        n = len(p.deck) - p.known_top
        return cls(tuple(p.deck[n:]), dict(Counter(p.deck[:n])), dict(Counter(p.discard)))

    def empty(self) -> bool:
        return not self.known and not sum(self.hidden.values()) and not sum(self.discard.values())

    def odds(self) -> list[tuple[int, float]]:
        """``next_cards`` without the piles left after each card."""
        if self.known:
            return [(self.known[-1], 1.0)]
        source = self.hidden if sum(self.hidden.values()) > 0 else self.discard
        n = sum(source.values())
        return [(c, k / n) for c, k in source.items() if k > 0]

    def next_cards(self) -> list[tuple[int, float, Pile]]:
        if self.known:
            return [(self.known[-1], 1.0, Pile(self.known[:-1], self.hidden, self.discard))]
        from_hidden = sum(self.hidden.values()) > 0
        source = self.hidden if from_hidden else self.discard
        n = sum(source.values())
        out = []
        for c, k in source.items():
            if k <= 0:
                continue
            rest = source.copy()
            rest[c] -= 1
            nxt = Pile((), rest, self.discard) if from_hidden else Pile((), rest, {})
            out.append((c, k / n, nxt))
        return out
