"""The ``pimc`` yardstick: determinized Monte Carlo over the greedy bot (arena only).

Written from RULES.md and the greedy yardstick, never from the levels: for each decision it
samples ``worlds`` deals of what the seat cannot know (``determinize``: hidden orders drawn
from its view), tries each candidate on the same deals, lets the greedy bot play the rest
of the round for every seat and scores the round's end with greedy's own score. The best
mean wins. The work is fixed (worlds x candidates rollouts), never a clock, so a result
does not depend on the machine's load.

Candidates: every legal move of a draw decision; in the action phase greedy's ``shortlist``
best one-ply moves (its ranking on the first world), so the search spends its rollouts on
the moves a greedy player would weigh.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.yardsticks.greedy import LineJudge, ranked_moves
from game.ai.yardsticks.greedy_score import score
from game.engine import Decision, Game, Move, Phase, View, determinize

MAX_MOVES = 2000  # a rollout that has not reached the round's end stops here
# The stronger yardstick of issue 42 (``pimc2``): twice the sampled deals, and rollouts that
# play on to the end of the next round, so a move that sets up the next round is seen.
# It won 22 of 30 two-player games against ``pimc`` (seed 7).
PIMC2 = {"level": "pimc2", "worlds": 12, "rounds": 2}


@dataclass(frozen=True, slots=True)
class PimcPolicy:
    level: str = "pimc"
    worlds: int = 6  # sampled deals per decision
    shortlist: int = 4  # action-phase candidates (greedy's best one-ply moves)
    rounds: int = 1  # each rollout plays to the end of this many rounds (1: this one)

    def close(self) -> None:
        """Nothing to release: this yardstick holds no processes."""

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
        seat = view.player
        seeds = [rng.getrandbits(62) for _ in range(self.worlds)]
        worlds = [determinize(view, random.Random(s)) for s in seeds]
        if decision is Decision.DRAW:
            cands = legal
        else:
            ranked = ranked_moves(worlds[0], seat, legal)
            cands = [m for m, _ in ranked[: self.shortlist]]
            if len(cands) == 1:
                return cands[0]
        totals = [0.0] * len(cands)
        for world, s in zip(worlds, seeds, strict=True):
            for i, move in enumerate(cands):
                g = world.clone()
                g.play_unchecked(seat, move)
                finish_round(g, random.Random(s), self.rounds)
                totals[i] += score(g, seat)
        best = max(range(len(cands)), key=lambda i: (totals[i], -i))
        return cands[best]


def finish_round(g: Game, rng: random.Random, rounds: int = 1) -> None:
    """Every seat plays the greedy bot on this (fully known) world until ``rounds`` rounds
    end (1: this one) or the game does; the draw phase's seats take their cards in a
    random order (a later round deals from the world's own shuffles)."""
    end = g.round + rounds
    # A seat's action tables hold for the whole draw phase of a round (its cards and Forest
    # stay put) until it spends a Fragment, which changes what one more Fragment is worth.
    judges: dict[tuple[int, int, int], LineJudge] = {}
    for _ in range(MAX_MOVES * rounds):
        if g.phase is Phase.OVER or g.round >= end:
            return
        seats, decision = g.deciding()
        who = seats[rng.randrange(len(seats))] if len(seats) > 1 else seats[0]
        legal = g.legal_moves(who)
        if len(legal) == 1:
            move = legal[0]
        elif decision is Decision.DRAW:
            key = (g.round, who, g.players[who].fragments)
            judge = judges.get(key)
            if judge is None:
                judge = judges[key] = LineJudge(g, who)
            move = judge.choose(legal)
        else:
            move = ranked_moves(g, who, legal)[0][0]
        g.play_unchecked(who, move)
