"""The Flower race: an opponent's burst this round, and the draws the exact odds should settle.

Help Line Flowers count at the end of the same round (RULES §7), so a seat with a few kept
Flowers and a pile full of them can reach 12 in one draw phase (4 to 12 from a 20-card
line). Hard lost most of its games against the independent bots that way (issue 31): its
endgame switch read the tracks as they stood, where the threat does not show until the
burst is on the table. ``burst_threat`` reads it from what every seat may know of another
(kept Flowers, its pile's contents, its line so far) with ``bloom.bloom_chance``.

``odds_settle`` names the draw decisions where Medium's exact two-card odds are the better
judge than a race over a few sampled worlds (Hard's draw race has half a decision's work,
often fewer than 20 worlds per candidate): the Fragment that buys back the second action
after a third solitary symbol, and a draw at two uncancelled symbols with no Fragment when
the next card is more likely than not to cost an action. In a Flower race (the seat's own
burst, or an opponent's this round) the race decides: only the rollouts see a burst end the
game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.ai.heuristics.bloom import CHASE, MOST_ADDED, bloom_chance, pile_flowers, reach
from game.ai.heuristics.draw_odds import pile_of
from game.engine import Game, Phase
from game.engine.moves import DRAW, STOP, USE_FRAGMENT, Move
from game.engine.state import CARD_GREGARIOUS, CARD_SOLITARY, GOAL, SOLITARY_LIMIT, PlayerState

# A burst this likely this round makes it the last round to plan for (the endgame switch).
THREAT = 0.2
RISKY = 0.5  # chance that the next card costs an action, above which the odds settle a draw
TRIES = 24  # shuffles per estimate (a fixed stream: the same position gives the same answer)


def flower_reach(p: PlayerState) -> bool:
    """Whether the seat's kept Flowers, its line, every Flower in its pile and the most a
    Plant could add might reach the goal this round at all (the cheap test before the
    shuffles)."""
    have = p.tracks()[2]
    return have >= GOAL or have + pile_flowers(p) + MOST_ADDED >= GOAL


def burst_chance(g: Game, p: PlayerState) -> float:
    """Chance that ``p`` stands at 12 Flowers when this round's action phase ends, from
    what the table knows: 1 once its Flowers (line included) are there or its actions
    reach them from the line it has, its drawing odds while it still draws, 0 after it
    stopped short."""
    if p.tracks()[2] >= GOAL:
        return 1.0
    if g.phase is not Phase.DRAW or not flower_reach(p):
        return 0.0
    acts = reach(g, p)
    if acts is not None and acts.now(p):
        return 1.0
    if p.stopped:
        return 0.0
    return bloom_chance(p, random.Random(g.round * 31 + p.seat), TRIES, acts)


def burst_threat(g: Game, seat: int) -> float:
    """The likeliest Flower burst among the other seats this round."""
    return max((burst_chance(g, q) for q in g.players if q.seat != seat), default=0.0)


def racing(g: Game, seat: int) -> bool:
    """A Flower race is on for ``seat``: its own burst is likely, or another seat's."""
    p = g.players[seat]
    own = flower_reach(p) and bloom_chance(p, random.Random(g.round), TRIES, reach(g, p)) >= CHASE
    return own or burst_threat(g, seat) >= THREAT


def bust_risk(p: PlayerState) -> float:
    """Chance that the next card brings the uncancelled solitary symbols to the limit."""
    n = p.solitary - p.gregarious
    risky = 0.0
    for card, prob, _rest in pile_of(p).next_cards():
        if n + CARD_SOLITARY[card] - CARD_GREGARIOUS[card] >= SOLITARY_LIMIT:
            risky += prob
    return risky


def odds_settle(g: Game, seat: int, legal: Sequence[Move]) -> bool:
    """Whether Medium's exact odds should settle this draw decision (see the module text)."""
    p = g.players[seat]
    n = p.solitary - p.gregarious
    bust = n >= SOLITARY_LIMIT and USE_FRAGMENT in legal and STOP in legal
    gamble = n == SOLITARY_LIMIT - 1 and p.fragments == 0 and DRAW in legal and STOP in legal
    if not (bust or (gamble and bust_risk(p) >= RISKY)):
        return False
    return not racing(g, seat)
