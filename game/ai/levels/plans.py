"""What a candidate of Hard's race plays in a sampled world before the rollout takes over.

A candidate is one move, a move and the rest of the seat's turn (the line Medium's planner
valued it on), or a turn and the next seats' replies to it (``Scripted``). In the action
phase no hidden order changes what anyone can do, so these moves are legal in every world
Hard samples; ``play_plan`` checks them all the same and leaves the rest to the rollout.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.heuristics.planner import Line
from game.ai.levels.medium import FULL, rank_with_lines
from game.engine import Game, Move, Phase
from game.engine.moves import listed


@dataclass(frozen=True, slots=True)
class Scripted:
    """A candidate turn followed by the next seats' reply turns. In the action phase no
    hidden order changes what anyone can do, so the turns Medium's planner finds for the
    seats after ours are the same in every sampled world: computed once per candidate and
    replayed in each world, instead of played by the rollout rules. Near the goal that is
    what decides: the reply that reaches 12 with a higher sum, or steals the tile back."""

    own: tuple[Move, ...]
    replies: tuple[tuple[int, Move], ...]


# A candidate: one move, a move and the rest of its turn, or a turn and the replies to it.
Plan = Move | tuple[Move, ...] | Scripted


def as_plan(line: Line) -> Plan:
    """A line of one move is that move; a longer one is raced as a tuple."""
    return line if len(line) > 1 else line[0]


def first_move(plan: Plan) -> Move:
    """The move a candidate makes now."""
    if isinstance(plan, Scripted):
        return plan.own[0]
    return plan[0] if isinstance(plan, tuple) else plan


def play_plan(g: Game, seat: int, plan: Plan) -> int:
    """Play a candidate in a sampled world; returns the engine moves played. A step answer
    is public (it never depends on a hidden order), so it is legal in every world; it is
    checked all the same, and one that is not is left to the rollout."""
    if isinstance(plan, Scripted):
        played = play_plan(g, seat, as_plan(plan.own))
        if played < len(plan.own):
            return played
        return played + _play_legal(g, plan.replies)
    if not isinstance(plan, tuple):
        g.play_unchecked(seat, plan)
        return 1
    g.play_unchecked(seat, plan[0])
    return 1 + _play_legal(g, [(seat, m) for m in plan[1:]])


def _play_legal(g: Game, moves: Sequence[tuple[int, Move]]) -> int:
    """Play (seat, move) pairs while each is the deciding seat's legal move; returns how
    many were played."""
    for played, (who, move) in enumerate(moves):
        if g.deciding()[0] != [who] or not listed(move, g.legal_moves(who)):
            return played
        g.play_unchecked(who, move)
    return len(moves)


def reply_turns(world: Game, seat: int, own: tuple[Move, ...], turns: int) -> Scripted:
    """``own`` played on a copy of ``world``, then up to ``turns`` whole turns of the seats
    that act next in this action phase, each the line Medium's full planner ranks first."""
    g = world.clone()
    out: list[tuple[int, Move]] = []
    if play_plan(g, seat, as_plan(own)) == len(own):
        for _ in range(turns):
            seats, decision = g.deciding()
            if g.phase is not Phase.ACTION or decision is None or seats == [seat]:
                break
            who = seats[0]
            turn = g.turn
            while g.phase is Phase.ACTION and g.turn == turn and g.deciding()[0] == [who]:
                _, decision = g.deciding()
                assert decision is not None
                legal = g.legal_moves(who)
                ranked, lines = rank_with_lines(g, who, decision, legal, FULL)
                line = [(who, m) for m in lines.get(ranked[0][0], (ranked[0][0],))]
                out.extend(line[: _play_legal(g, line)])
    return Scripted(own, tuple(out))
