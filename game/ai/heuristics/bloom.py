"""Flower bursts: the chance that drawing on reaches 12 Flowers in this draw phase.

Help Line Flowers count for the end of the same round (RULES §7), so a seat whose pile
holds enough Flowers can win on them in one draw phase by drawing most of it, and a third
uncancelled symbol costs it only one action of two. Neither the rollout rules of thumb nor
Medium's two-card odds look that far: ``ismcts`` found such bursts and won that way
(Flowers 2 to 13 in one round) while Hard's rollouts never drew on, so they saw neither the
threat nor the chance. The estimate shuffles the seat's own pile (the public cards first),
its discard after it, and draws until the goal or a third uncancelled symbol (Fragments
removing the card that brings it), as a seat chasing Flowers would.

The action phase that follows adds Flowers too (``Reach``): a Flower tree planted (Tree 9
brings 2) and the Forest's Flower line that tree completes (2 more). In Hard's 3-player
games against ``pimc`` (seed 41, 106 games) 10 of the 25 Flower finishes took the action
phase's Flowers (8 a Plant, 2 a Move's Victory tile), 6 of them where the draw alone gave
no chance at all.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.heuristics.guards import fragment_worth
from game.engine import Game
from game.engine.moves import DRAW, USE_FRAGMENT, Move
from game.engine.state import (
    CARD_ELEMS,
    CARD_GREGARIOUS,
    CARD_SOLITARY,
    E_FLOWER,
    E_PLANT,
    EMPTY,
    GOAL,
    LINES,
    SOLITARY_LIMIT,
    TREE_COST,
    TREE_ELEMS,
    PlayerState,
)

FLOWERS = tuple(e[E_FLOWER] for e in CARD_ELEMS)
TRIES = 16  # shuffles per estimate: it runs only where the whole pile could reach the goal
# Chance of a burst above which drawing on beats stopping: a third symbol costs one action,
# a burst wins the game.
CHASE = 0.2
PLANT_CAP = max(TREE_COST)  # a Plant total at least this affords every tree
FLOWER_LINES = tuple((spaces, amount) for spaces, element, amount in LINES if element == E_FLOWER)
# The most one Plant can add: the best Flower tree and every Flower line it could complete.
MOST_ADDED = max(e[E_FLOWER] for e in TREE_ELEMS) + sum(a for _, a in FLOWER_LINES)


@dataclass(frozen=True, slots=True)
class Reach:
    """The Flowers a seat's Plant can add this round, by its Plant total: the best Flower
    tree in the supply, and the Flower line that tree would complete.

    Left out: Flower Victory tiles a Move takes from the Spirits it jumps (every seat starts
    with one). Counting them too, the estimate caught 36 of the 37 Flower finishes in 179
    recorded 3-4 player games (5,119 round starts) but predicted 0.95 where 37% came true;
    the Plant alone caught 34 and predicted 0.95 where 54% did, the draw alone 25 and
    71%. Also left out: a second Plant (a landing rock, Tree 11), and a tree an earlier
    seat takes first."""

    plant: tuple[int, ...]  # index: the Plant total, capped at ``PLANT_CAP``

    def gain(self, plant: int) -> int:
        # (a Help Line's Plant may stand below 0 for a while: some cards cost it)
        return self.plant[min(max(plant, 0), PLANT_CAP)]

    def now(self, p: PlayerState) -> bool:
        """Whether the seat's Help Line as it stands already brings the goal in reach."""
        return p.tracks()[2] + self.gain(p.total(E_PLANT)) >= GOAL


NO_REACH = Reach((0,) * (PLANT_CAP + 1))  # the Help Line's Flowers alone


def reach(g: Game, p: PlayerState) -> Reach | None:
    """What ``p``'s Plant can add to its Flowers (``None``: nothing at all)."""
    spaces = p.plantable_spaces()
    if not spaces:
        return None
    line = 0
    for s in spaces:
        line = max(line, sum(a for ls, a in FLOWER_LINES if _completes(p, ls, s)))
    plant = [0] * (PLANT_CAP + 1)
    for k, n in enumerate(g.tree_supply):
        if n > 0:
            for total in range(TREE_COST[k], PLANT_CAP + 1):
                plant[total] = max(plant[total], TREE_ELEMS[k][E_FLOWER] + line)
    return Reach(tuple(plant)) if any(plant) else None


def _completes(p: PlayerState, spaces: tuple[int, ...], space: int) -> bool:
    return space in spaces and all(p.forest[s] != EMPTY for s in spaces if s != space)


def bloom_chance(
    p: PlayerState, rng: random.Random, tries: int = TRIES, acts: Reach | None = None
) -> float:
    """Chance that drawing on brings the seat's Flowers to the goal this round: its Help
    Line's, and with ``acts`` what its action phase adds (0 when it is there already or
    its whole pile could not get it there)."""
    need = GOAL - p.tracks()[2]
    if need <= 0 or (acts is not None and acts.now(p)):
        return 0.0
    hidden = p.deck[: len(p.deck) - p.known_top]
    top = p.deck[len(p.deck) - p.known_top :][::-1]  # the public cards, next first
    most = max(acts.plant) if acts is not None else 0
    if sum(FLOWERS[c] for c in top + hidden + p.discard if FLOWERS[c] > 0) + most < need:
        return 0.0
    wins = 0
    for _ in range(tries):
        pile = hidden[:]
        rng.shuffle(pile)
        rest = p.discard[:]
        rng.shuffle(rest)
        order = top + pile + rest
        wins += _bursts(p, order, need, acts or NO_REACH)
    return wins / tries


def _bursts(p: PlayerState, order: list[int], need: int, acts: Reach) -> bool:
    """Whether drawing ``order`` until the goal or a third uncancelled symbol (Fragments
    removing the card that brings it) reaches the goal, each card's Plant feeding the
    action phase's Flowers (a third symbol leaves one action, enough for the Plant)."""
    solitary, gregarious, fragments = p.solitary, p.gregarious, p.fragments
    got, plant = 0, p.total(E_PLANT)
    for c in order:
        e = CARD_ELEMS[c]
        if got + e[E_FLOWER] + acts.gain(plant + e[E_PLANT]) >= need:
            return True
        s, g = solitary + CARD_SOLITARY[c], gregarious + CARD_GREGARIOUS[c]
        if s - g >= SOLITARY_LIMIT:
            if not fragments:
                return False
            fragments -= 1
            continue
        solitary, gregarious = s, g
        got, plant = got + e[E_FLOWER], plant + e[E_PLANT]
    return False


def chase(g: Game, p: PlayerState, legal: Sequence[Move], rng: random.Random) -> bool:
    """Whether a seat that could stop should draw on for a Flower burst (not when the card
    just revealed is worth a Fragment: that comes first, nor when its actions already
    reach the goal: a third symbol would cost one of them)."""
    if DRAW not in legal or (USE_FRAGMENT in legal and fragment_worth(p)):
        return False
    return bloom_chance(p, rng, acts=reach_if_near(g, p)) >= CHASE


def reach_if_near(g: Game, p: PlayerState) -> Reach | None:
    """``reach``, only where its quick bound leaves the goal within the pile's Flowers (the
    common case, far from it, costs a sum)."""
    need = GOAL - p.tracks()[2]
    if need <= 0 or pile_flowers(p) + MOST_ADDED < need:
        return None
    return reach(g, p)


def pile_flowers(p: PlayerState) -> int:
    """Every Flower the seat's draw and discard piles could still add to its Help Line."""
    return sum(FLOWERS[c] for c in p.deck + p.discard if FLOWERS[c] > 0)
