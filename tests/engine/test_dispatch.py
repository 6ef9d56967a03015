"""Moves are dispatched by type with ``match`` ending in ``assert_never``: every move type
is answered by a rule when legal and by a refusal when not, in every kind of decision."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

import pytest

from game.engine import Decision, Game, Move, new_game
from game.engine.decide import decide
from game.engine.refusals import why
from tests.engine.samples import ONE_OF_EACH_MOVE


@dataclass(frozen=True, slots=True)
class Unknown(Move):
    """A move type no rule knows (``kind`` empty: it stays out of the registry)."""

    kind: ClassVar[str] = ""


def one_position_per_decision() -> dict[Decision, Game]:
    """Random games until a seat has had to make every kind of decision."""
    out: dict[Decision, Game] = {}
    for i in range(100):
        g = new_game(2 + i % 3, 30_000 + i)
        rand = random.Random(i)
        while not g.over and len(out) < len(Decision):
            pending = rand.choice(g.pending())
            out.setdefault(pending.decision, g.clone())
            g.play(pending.player, rand.choice(g.legal_moves(pending.player)))
    assert set(out) == set(Decision)
    return out


def test_every_move_type_is_refused_with_a_reason_in_every_kind_of_decision() -> None:
    for decision, g in one_position_per_decision().items():
        for seat in range(g.n):
            legal = g.legal_moves(seat)
            for move in ONE_OF_EACH_MOVE:
                if move in legal:
                    continue
                code, numbers, text = why(g, seat, move)
                assert code and text and all(type(v) is int for v in numbers.values())
                assert code != "not_a_move", (decision, move)


def test_a_move_of_no_known_type_is_refused_and_has_no_rule() -> None:
    g = new_game(2, 1)
    assert why(g, 0, Unknown())[0] == "not_a_move"
    with pytest.raises(AssertionError):
        decide(g, 0, Unknown(), [])
