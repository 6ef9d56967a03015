"""Flower bursts: the chance that drawing on reaches 12 Flowers in this draw phase.

Help Line Flowers count for the end of the same round (RULES §7), so a seat whose pile
holds enough Flowers can win on them in one draw phase by drawing most of it, and a third
uncancelled symbol costs it only one action of two. Neither the rollout rules of thumb nor
Medium's two-card odds look that far: ``ismcts`` found such bursts and won that way
(Flowers 2 to 13 in one round) while Hard's rollouts never drew on, so they saw neither the
threat nor the chance. The estimate shuffles the seat's own pile (the public cards first),
its discard after it, and draws until the goal or a third uncancelled symbol (Fragments
removing the card that brings it), as a seat chasing Flowers would.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.ai.heuristics.guards import fragment_worth
from game.engine.moves import DRAW, USE_FRAGMENT, Move
from game.engine.state import (
    CARD_ELEMS,
    CARD_GREGARIOUS,
    CARD_SOLITARY,
    E_FLOWER,
    GOAL,
    SOLITARY_LIMIT,
    PlayerState,
)

FLOWERS = tuple(e[E_FLOWER] for e in CARD_ELEMS)
TRIES = 16  # shuffles per estimate: it runs only where the whole pile could reach the goal
# Chance of a burst above which drawing on beats stopping: a third symbol costs one action,
# a burst wins the game.
CHASE = 0.2


def bloom_chance(p: PlayerState, rng: random.Random, tries: int = TRIES) -> float:
    """Chance that drawing on brings the seat's Flowers to the goal this draw phase (0 when
    it is there already or its whole pile could not get it there)."""
    need = GOAL - p.tracks()[2]
    if need <= 0:
        return 0.0
    hidden = p.deck[: len(p.deck) - p.known_top]
    top = p.deck[len(p.deck) - p.known_top :][::-1]  # the public cards, next first
    if sum(FLOWERS[c] for c in top + hidden + p.discard if FLOWERS[c] > 0) < need:
        return 0.0
    wins = 0
    for _ in range(tries):
        pile = hidden[:]
        rng.shuffle(pile)
        rest = p.discard[:]
        rng.shuffle(rest)
        wins += _bursts(p, top + pile + rest, need)
    return wins / tries


def _bursts(p: PlayerState, order: list[int], need: int) -> bool:
    solitary, gregarious, fragments, got = p.solitary, p.gregarious, p.fragments, 0
    for c in order:
        got += FLOWERS[c]
        if got >= need:
            return True
        s, g = solitary + CARD_SOLITARY[c], gregarious + CARD_GREGARIOUS[c]
        if s - g >= SOLITARY_LIMIT:
            if not fragments:
                return False
            fragments -= 1
            got -= FLOWERS[c]
            continue
        solitary, gregarious = s, g
    return False


def chase(p: PlayerState, legal: Sequence[Move], rng: random.Random) -> bool:
    """Whether a seat that could stop should draw on for a Flower burst (not when the card
    just revealed is worth a Fragment: that comes first)."""
    if DRAW not in legal or (USE_FRAGMENT in legal and fragment_worth(p)):
        return False
    return bloom_chance(p, rng) >= CHASE
