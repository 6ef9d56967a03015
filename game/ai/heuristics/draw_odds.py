"""The draw-or-stop decision from the exact odds of the next cards.

What a seat knows about its own pile: the cards attracted last round sit on top in a known
order (``known_top``), the rest is a known multiset in unknown order, and when the pile is
empty the discard is reshuffled. The value of a Help Line is estimated from tables of what
each action would earn at each element total, so odds over a dozen cards stay cheap.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.ai.heuristics.evaluate import THREAT_PER_FIRE, VARAN_PENALTY, track_value
from game.ai.heuristics.tactics import ROCK_VALUE, card_value, space_scores, tree_scores
from game.engine import Game
from game.engine.moves import DRAW, STOP, USE_FRAGMENT, Move
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
    GOAL,
    N_ROCKS,
    ROCKS,
    SOLITARY_LIMIT,
    TREE_COST,
    VARAN,
    PlayerState,
)

MAX_TOTAL = 40
FRAGMENT_COST = 0.5


@dataclass(frozen=True, slots=True)
class Outlook:
    """What each action would be worth at each element total, for one seat this round."""

    attract: tuple[float, ...]
    extinguish: tuple[float, ...]
    plant: tuple[float, ...]
    move: tuple[float, ...]
    fragment: float
    firepower: int
    fires: int
    base_flowers: int
    forest: tuple[int, ...]

    def line_value(self, elems: list[int] | tuple[int, ...], actions: int) -> float:
        """Worth of stopping with these Help Line elements and this many actions."""
        f = self.forest
        sun = _clip(elems[E_SUN] + f[E_SUN])
        water = _clip(elems[E_WATER] + f[E_WATER])
        plant = _clip(elems[E_PLANT] + f[E_PLANT])
        wind = _clip(elems[E_WIND] + f[E_WIND])
        vals = sorted(
            (
                self.attract[sun],
                self.extinguish[water],
                self.plant[plant],
                self.move[wind],
                self.fragment,
            ),
            reverse=True,
        )
        v = vals[0] + (vals[1] if actions >= 2 else 0.0)
        if self.fires and water < self.firepower:
            v -= THREAT_PER_FIRE * self.fires
        if self.base_flowers + elems[E_FLOWER] >= GOAL:
            v += 100.0
        return v


def _clip(x: int) -> int:
    return 0 if x < 0 else (MAX_TOTAL if x > MAX_TOTAL else x)


def outlook(g: Game, seat: int) -> Outlook:
    p = g.players[seat]
    # Attract: 0/1 knapsack of positive-value Reserve cards by Sun.
    best = [0.0] * (MAX_TOTAL + 1)
    for row in g.reserve:
        for c in row:
            v = card_value(c, p)
            cost = CARD_COST[c]
            if v <= 0:
                continue
            for b in range(MAX_TOTAL, cost - 1, -1):
                with_it = best[b - cost] + v
                if with_it > best[b]:
                    best[b] = with_it
    attract = tuple(best)
    # Extinguish: most tiles that fit, valued on the Fire track.
    fires_now = p.tracks()[1]
    centre = sorted(g.centre)
    ext = []
    for w in range(MAX_TOTAL + 1):
        k, s = 0, 0
        for v in centre:
            if s + v <= w:
                s += v
                k += 1
        ext.append(track_value(fires_now + k) - track_value(fires_now))
    # Plant: the best tree that each Plant total pays for, on the best space (what
    # ``plant_options`` would rank first at that total; the scores are ranked once).
    trees = tree_scores(g, p)
    spaces = space_scores(p)
    best_space = spaces[0][0] if spaces else 0.0
    plant: list[float] = []
    for pl in range(MAX_TOTAL + 1):
        if pl < 3:
            plant.append(0.0)
        elif pl > 11:
            plant.append(plant[-1])
        else:
            tv = next((v for v, k in trees if TREE_COST[k] <= pl), None)
            plant.append((tv + best_space) * 0.8 if tv is not None and spaces else 0.0)
    # Move: best landing (and steals) for each Wind total.
    occupied = {q.rock for q in g.players if q is not p and q.tiles}
    others = {q.rock for q in g.players if q is not p}
    move = [0.0]
    rock, steps, jumped, top = p.rock, 0, 0, 0.0
    for _ in range(2 * N_ROCKS):
        rock = (rock + 1) % N_ROCKS
        if rock in others:
            jumped += 1 if rock in occupied else 0
            continue
        steps += 1
        top = max(top, ROCK_VALUE[ROCKS[rock]] + 1.8 * jumped)
        move.append(top)
        if steps >= N_ROCKS:
            break
    move += [move[-1]] * (MAX_TOTAL + 1 - len(move))
    base_flowers = p.tracks()[2] - p.line_elems[E_FLOWER]
    return Outlook(
        attract=attract,
        extinguish=tuple(ext),
        plant=tuple(plant),
        move=tuple(move[: MAX_TOTAL + 1]),
        fragment=0.45 if g.fragments > 0 else 0.0,
        firepower=sum(g.centre),
        fires=min(len(g.centre), g.varans),
        base_flowers=base_flowers,
        forest=tuple(p.forest_elems),
    )


@dataclass(slots=True)
class _Pile:
    """What the seat knows about the cards still to come."""

    known: list[int]  # known cards on top, next to be drawn last
    hidden: dict[int, int]  # card -> copies (plain dicts: copied at every card looked at)
    discard: dict[int, int]

    def odds(self) -> list[tuple[int, float]]:
        """``next_cards`` without the piles left after each card (the last card looked
        at needs none)."""
        if self.known:
            return [(self.known[-1], 1.0)]
        source = self.hidden if sum(self.hidden.values()) else self.discard
        total = sum(source.values())
        return [(c, n / total) for c, n in source.items() if n > 0]

    def next_cards(self) -> list[tuple[int, float, _Pile]]:
        if self.known:
            c = self.known[-1]
            return [(c, 1.0, _Pile(self.known[:-1], self.hidden, self.discard))]
        source = self.hidden if sum(self.hidden.values()) else self.discard
        total = sum(source.values())
        out = []
        for c, n in source.items():
            if n <= 0:
                continue
            rest = source.copy()
            rest[c] -= 1
            discard = self.discard if source is self.hidden else {}
            out.append((c, n / total, _Pile([], rest, discard)))
        return out


def pile_of(p: PlayerState) -> _Pile:
    """The known top, the hidden multiset and the discard: never the hidden order."""
    hidden_n = len(p.deck) - p.known_top
    hidden, discard = dict(Counter(p.deck[:hidden_n])), dict(Counter(p.discard))
    return _Pile(list(p.deck[hidden_n:]), hidden, discard)


def _actions(balance: int) -> int:
    return 1 if balance >= SOLITARY_LIMIT else 2


class DrawJudge:
    """Values of Draw, Stop and UseFragment for one seat in the Guardian Animals phase."""

    def __init__(self, g: Game, seat: int, look: Outlook | None = None) -> None:
        self.p = g.players[seat]
        self.look = outlook(g, seat) if look is None else look
        self._stops: dict[tuple[int, ...], float] = {}

    def stop_value(self, elems: list[int], balance: int) -> float:
        """``Outlook.line_value`` of stopping with ``elems`` at this ``balance``, remembered:
        the odds reach the same Help Line by several orders of cards."""
        actions = _actions(balance)
        key = (*elems, actions)
        v = self._stops.get(key)
        if v is None:
            v = self._stops[key] = self.look.line_value(elems, actions)
        return v

    def state_value(
        self, elems: list[int], balance: int, frags: int, pile: _Pile, depth: int
    ) -> float:
        stop = self.stop_value(elems, balance)
        if depth <= 0 or balance >= SOLITARY_LIMIT:
            return stop
        return max(stop, self.draw_value(elems, balance, frags, pile, depth))

    def draw_value(
        self, elems: list[int], balance: int, frags: int, pile: _Pile, depth: int
    ) -> float:
        # At the last card looked at (``depth`` 1) what is left of the pile is never read.
        cards = pile.next_cards() if depth > 1 else [(c, x, pile) for c, x in pile.odds()]
        if not cards:
            return float("-inf")
        total = 0.0
        stop_now = self.stop_value(elems, balance)
        for c, prob, rest in cards:
            e = CARD_ELEMS[c]
            new = [elems[i] + e[i] for i in range(5)]
            nb = balance + CARD_SOLITARY[c] - CARD_GREGARIOUS[c]
            sub_depth = depth - 1 if nb <= 1 else 0
            v = self.state_value(new, nb, frags, rest, sub_depth)
            if frags > 0:
                removed = stop_now - FRAGMENT_COST + (VARAN_PENALTY if c == VARAN else 0.0)
                v = max(v, removed)
            total += prob * v
        return total

    def rank(self, legal: list[Move]) -> list[tuple[Move, float]]:
        p = self.p
        elems = list(p.line_elems)
        balance = p.solitary - p.gregarious
        pile = pile_of(p)
        out: list[tuple[Move, float]] = []
        for m in legal:
            if m == DRAW:
                v = self.draw_value(elems, balance, p.fragments, pile, 2)
            elif m == STOP:
                v = self.stop_value(elems, balance) + 0.02
            elif m == USE_FRAGMENT:
                last = p.line[-1]
                e = CARD_ELEMS[last]
                back = [elems[i] - e[i] for i in range(5)]
                nb = balance - CARD_SOLITARY[last] + CARD_GREGARIOUS[last]
                v = self.state_value(back, nb, p.fragments - 1, pile, 2) - FRAGMENT_COST
                if last == VARAN:
                    v += VARAN_PENALTY
            else:
                continue
            out.append((m, v))
        out.sort(key=lambda t: -t[1])
        return out
