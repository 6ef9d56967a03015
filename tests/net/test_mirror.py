"""A client's view, stepped over the redacted events it is sent, is exactly the server's
``make_view`` of the real game after every move (full JSON and the cached sums), and the
redaction hides each reshuffle's order and nothing else."""

from __future__ import annotations

import random

import pytest

from game.engine import Game, new_game
from game.engine import events as ev
from game.engine.view import make_view
from game.net.mirror import Mirror, MirrorError
from game.net.redact import redact, redacted_json, step_view, view_json


def same_view(stepped: Game, real: Game, seat: int) -> list[str]:
    want = make_view(real, seat).game
    out = [] if stepped.to_json() == want.to_json() else ["json"]
    for i, (a, b) in enumerate(zip(stepped.players, want.players, strict=True)):
        out += [f"{i}.{f}" for f in a.__dataclass_fields__ if getattr(a, f) != getattr(b, f)]
    return out


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_a_stepped_view_is_the_servers_view_after_every_move(players: int, seed: int) -> None:
    g = new_game(players, seed)
    rand = random.Random(seed)
    seat = seed % players
    view = make_view(g, seat).game
    reshuffles = 0
    for _ in range(5000):  # a random game ends well within this
        if g.over:
            break
        mover = rand.choice(g.pending()).player
        for e in g.play(mover, rand.choice(g.legal_moves(mover))):
            reshuffles += isinstance(e, ev.Reshuffled)
            step_view(view, ev.Event.from_json(redacted_json(e)))
        assert same_view(view, g, seat) == []
    assert g.over and reshuffles > 0


def test_redaction_sorts_a_reshuffles_order_and_keeps_every_other_event() -> None:
    e = ev.Reshuffled(1, 4, (9, 3, 7, 3))
    assert redact(e) == ev.Reshuffled(1, 4, (3, 3, 7, 9))
    other = ev.CardRevealed(1, 9, 0)
    assert redact(other) is other and redacted_json(other) == other.to_json()


def test_a_view_carries_no_seed_and_sorted_hidden_piles() -> None:
    g = new_game(3, 123456789)
    doc = view_json(g, 0)
    assert doc["seed"] == 0 and "123456789" not in str(doc)
    assert all(m == sorted(m) for m in doc["market"])


def test_the_mirror_refuses_events_out_of_step() -> None:
    g = new_game(2, 5)
    mirror = Mirror(game=make_view(g, 0).game, n=3)
    with pytest.raises(MirrorError, match="out of step"):
        mirror.events({"type": "events", "n": 7, "seat": 0, "events": []})
    with pytest.raises(MirrorError):
        mirror.events({"type": "events", "n": 4, "seat": 0, "events": [{"kind": "nonsense"}]})
