"""The ``ismcts`` baseline seat: textbook single-observer information-set MCTS.

One tree over the acting seat's information set (Cowling, Powley and Whitehouse's SO-ISMCTS):
each iteration samples a world consistent with the view (``determinize``), descends by UCB1
over the children whose moves are legal in that world (each counts how often it was
available), expands one untried move, then plays lightly filtered random moves (or, with ``playout``
"greedy", lets every seat play ``pimc``'s greedy round out to the horizon). Rollouts
are cut short so that a 0.1 s budget buys a few hundred iterations rather than a few dozen:
at the end of the current round or after ``depth`` moves, whichever comes first, each
seat's reward is a soft win chance from ``greedy_score``'s worth. Written from RULES.md as
a yardstick, sharing nothing with Medium or Hard.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.ai.yardsticks.greedy_score import seat_worth
from game.ai.yardsticks.pimc import finish_round
from game.engine import Action, Decision, Game, Move, Phase, View, determinize
from game.engine.moves import (
    CHOOSE,
    DRAW,
    FINISH,
    PASS,
    SKIP_BONUS,
    STOP,
    USE_FRAGMENT,
    Plant,
)
from game.engine.state import VARAN

TAKE_FRAGMENT = CHOOSE[Action.FRAGMENT]
# Looked up by hash: one Python ``__hash__`` per legal move, where ``in`` on a tuple or list
# calls a move's Python ``__eq__`` (and its reflection) against every entry.
_DRAW_OR_STOP = frozenset((DRAW, STOP))
_WASTE = frozenset((PASS, FINISH, SKIP_BONUS, TAKE_FRAGMENT))
SHARPNESS = 0.6  # win-chance logit per track point of the score
WORTH_SHARPNESS = 0.15  # the same per point of greedy_score's (convex) worth
DOUBT = 0.2  # share of a cut-off reward spread evenly over the seats


@dataclass(slots=True)
class Node:
    """Reached by ``move``, played by ``player``; rewards are from that player's side."""

    move: Move | None
    player: int
    parent: Node | None
    children: dict[Move, Node] = field(default_factory=dict)
    visits: int = 0
    reward: float = 0.0
    available: int = 0

    def ucb(self, c: float) -> float:
        return self.reward / self.visits + c * math.sqrt(
            math.log(max(self.available, 1)) / self.visits
        )


@dataclass(frozen=True, slots=True)
class IsmctsPolicy:
    level: str = "ismcts"
    exploration: float = 0.4
    sharpness: float = 0.5  # reward logit per point of greedy_score's worth
    rounds: int = 0  # rollouts stop at the end of the round this many rounds later
    depth: int = 32  # ... or after this many moves past the tree, whichever comes first
    iterations: int = 0  # > 0: a fixed number of iterations (reproducible; for tests)
    leaf: str = "worth"  # cut-off reward: "tracks" alone, or "worth" (greedy_score's)
    # Below the tree: "random" (lightly filtered random moves, cut after ``depth``) or
    # "greedy" (every seat plays ``pimc``'s greedy round to the horizon: dearer, surer)
    playout: str = "random"

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
        me = view.player
        legal = sensible(view.game, me, list(legal_moves))
        if len(legal) == 1:
            return legal[0]
        root = Node(None, -1, None)
        deadline = time.monotonic() + budget_s * 0.9
        n = 0
        while True:
            if self.iterations and n >= self.iterations:
                break
            if not self.iterations and n >= len(legal) and time.monotonic() > deadline:
                break
            n += 1
            g = determinize(view, rng)
            self.iterate(g, me, legal, root, rng)
        best = max(root.children.values(), key=lambda c: (c.visits, c.reward))
        assert best.move is not None
        return best.move

    def iterate(
        self, g: Game, me: int, root_legal: list[Move], root: Node, rng: random.Random
    ) -> None:
        """One selection, expansion, rollout and back-up on the sampled world ``g``."""
        stop_round = g.round + self.rounds
        node = root
        who, legal = me, root_legal
        while True:
            legal = sensible(g, who, legal)
            untried = []  # (one look-up per move: a move's hash is Python code)
            for m in legal:
                child = node.children.get(m)
                if child is None:
                    untried.append(m)
                else:
                    child.available += 1
            if untried:
                m = rng.choice(untried)
                child = node.children[m] = Node(m, who, node, available=1)
                g.play_unchecked(who, m)
                node = child
                break
            node = max((node.children[m] for m in legal), key=lambda c: c.ucb(self.exploration))
            assert node.move is not None
            g.play_unchecked(who, node.move)
            nxt = _next_decision(g, stop_round)
            if nxt is None:
                break
            who, legal = nxt
        if self.playout == "greedy":
            finish_round(g, rng, stop_round + 1 - g.round)
            got = rewards(g, self.leaf, self.sharpness)
        else:
            got = rollout(g, rng, stop_round, self.leaf, self.depth, self.sharpness)
        up: Node | None = node
        while up is not None:
            up.visits += 1
            if up.player >= 0:
                up.reward += got[up.player]
            up = up.parent


def sensible(g: Game, who: int, legal: list[Move]) -> list[Move]:
    """The legal moves less the plainly silly: stopping while the next card cannot cost an
    action (one uncancelled solitary symbol or none), passing while an action is open (a
    Fragment at least never hurts), and planting a kind already in the Forest while a new
    kind (one more step on the Trees track) can be planted."""
    if len(legal) < 2:
        return legal
    first = legal[0]
    if legal[-1] == PASS:
        return legal[:-1]
    if first == DRAW:
        p = g.players[who]
        if p.solitary - p.gregarious <= 1 and STOP in legal:
            return [m for m in legal if m != STOP]
        return legal
    if not isinstance(first, Plant):
        return legal
    owned = g.players[who].forest
    new = [m for m in legal if not isinstance(m, Plant) or m.tree not in owned]
    return new if any(isinstance(m, Plant) for m in new) else legal


def _next_decision(g: Game, stop_round: int) -> tuple[int, list[Move]] | None:
    """The next real decision (forced moves played), or None at the search horizon."""
    while g.phase is not Phase.OVER and g.round <= stop_round:
        who = g.pending()[0].player
        legal = g.legal_moves(who)
        if len(legal) > 1:
            return who, legal
        g.play_unchecked(who, legal[0])
    return None


def rollout_move(g: Game, who: int, legal: list[Move], rng: random.Random) -> Move:
    """Random, filtered only against plain waste: draw to two uncancelled solitary
    symbols, a Fragment only on a Varan, never pass or finish a pick step early."""
    if len(legal) == 1:
        return legal[0]
    if not _DRAW_OR_STOP.isdisjoint(legal):  # (``DRAW in legal or STOP in legal``)
        p = g.players[who]
        if USE_FRAGMENT in legal and p.line[-1] == VARAN:
            return USE_FRAGMENT
        if DRAW in legal and p.solitary - p.gregarious < 2:
            return DRAW
        return STOP
    real = [m for m in legal if m not in _WASTE]
    if real:
        return real[rng.randrange(len(real))]
    return TAKE_FRAGMENT if TAKE_FRAGMENT in legal else legal[0]


def rollout(
    g: Game,
    rng: random.Random,
    stop_round: int,
    leaf: str = "tracks",
    depth: int = 1000,
    sharpness: float = WORTH_SHARPNESS,
) -> list[float]:
    """Play to the end of ``stop_round`` (or the game, or ``depth`` moves) and give each
    seat its reward."""
    while g.phase is not Phase.OVER and g.round <= stop_round and depth > 0:
        depth -= 1
        who = g.pending()[0].player
        g.play_unchecked(who, rollout_move(g, who, sensible(g, who, g.legal_moves(who)), rng))
    return rewards(g, leaf, sharpness)


def rewards(g: Game, leaf: str = "tracks", sharpness: float = WORTH_SHARPNESS) -> list[float]:
    """1 for a win (shared when tied), 0 for a loss; else a win chance from the tracks
    (or from each seat's ``greedy_score`` worth, tracks and income together)."""
    if g.phase is Phase.OVER:
        winners = g.result().winners
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(g.n)]
    scores = []
    sharp = SHARPNESS
    if leaf == "worth":
        scores = [seat_worth(g, p) for p in g.players]
        sharp = sharpness
    else:
        for p in g.players:
            t = p.tracks()
            scores.append(max(t) + 0.25 * (t[0] + t[1] + t[2]))
    top = max(scores)
    ex = [math.exp(sharp * (s - top)) for s in scores]
    total = sum(ex)
    # A heuristic lead is never as sure as a won game: keep cut-off rewards off 0 and 1,
    # so the search still tells the move that wins now from one that leads by a lot.
    n = len(scores)
    return [(1.0 - DOUBT) * x / total + DOUBT / n for x in ex]
