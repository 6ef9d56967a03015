"""What one player may know, and full games sampled to agree with it.

A view is a copy of the game with every hidden order erased: the unknown part of each
draw pile and every market deck is sorted, and the seed (which would predict future
reshuffles) is zeroed. AI code sees only views; search samples games with ``determinize``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine.game import Game


@dataclass(frozen=True, slots=True)
class View:
    """Player ``player``'s knowledge; ``game`` is readable but refuses to be played."""

    player: int
    game: Game

    def deck_contents(self, seat: int) -> Counter[int]:
        """The multiset of cards in a draw pile (its order is unknown)."""
        return Counter(self.game.players[seat].deck)

    def known_top(self, seat: int) -> list[int]:
        """Cards known to be on top of a draw pile, the next to be drawn last."""
        p = self.game.players[seat]
        return p.deck[len(p.deck) - p.known_top :]


def make_view(g: Game, player: int) -> View:
    v = g.clone()
    for p in v.players:
        hidden = len(p.deck) - p.known_top
        p.deck[:hidden] = sorted(p.deck[:hidden])
    for deck in v.market:
        deck.sort()
    v.seed = 0
    v.is_view = True
    return View(player, v)


def determinize(view: View, rand: random.Random) -> Game:
    """A full game consistent with the view, hidden orders and future seed sampled."""
    g = view.game.clone()
    for p in g.players:
        hidden = p.deck[: len(p.deck) - p.known_top]
        rand.shuffle(hidden)
        p.deck[: len(hidden)] = hidden
    for deck in g.market:
        rand.shuffle(deck)
    g.seed = rand.getrandbits(63)
    g.is_view = False
    return g
