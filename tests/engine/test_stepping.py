"""Events are the only mutation: a copy stepped event by event with ``apply_event`` is the
real game after every single event and once each move is done, field by field (every
slot of the game and every field of each seat, the cached sums the JSON leaves out too; the
JSON itself at each game's end), over random 2-, 3- and 4-player games."""

from __future__ import annotations

import random

import pytest

from game.engine import Event, Game, new_game
from game.engine import events as ev
from game.engine.apply import apply_event


def differences(a: Game, b: Game) -> list[str]:
    """The fields where ``a`` and ``b`` differ (empty when they are the same state): every
    slot of the game and every field of each seat, the cached sums too. (The JSON is made
    from these alone, so it is compared once a game, not after every event.)"""
    out = [k for k in Game.__slots__ if k != "players" and getattr(a, k) != getattr(b, k)]
    if len(a.players) != len(b.players):
        return [*out, "players"]
    for seat, (pa, pb) in enumerate(zip(a.players, b.players, strict=True)):
        if pa == pb:  # (every field at once; named one by one only when they differ)
            continue
        for name in pa.__dataclass_fields__:
            if getattr(pa, name) != getattr(pb, name):
                out.append(f"seats[{seat}].{name}")
    return out


def play_stepped(players: int, seed: int, seen: set[type[Event]]) -> int:
    """Play one random game, checking the stepped copy after every event; returns the
    number of events checked."""
    g = new_game(players, seed)
    rand = random.Random(seed)
    checked = 0
    while not g.over:
        pending = g.pending()
        seat = rand.choice(pending).player
        move = rand.choice(g.legal_moves(seat))
        copy = g.clone()

        def step(e: Event, copy: Game = copy, move: object = move) -> None:
            nonlocal checked
            apply_event(copy, e)
            seen.add(type(e))
            diff = differences(copy, g)
            assert not diff, f"seed {seed}, {move!r}, after {e!r}: {diff}"
            checked += 1

        g.play_watched(seat, move, step)
        # and once the move is done (a change after its last event would be caught by
        # nothing else: the next move starts from a fresh copy)
        assert not (diff := differences(copy, g)), f"seed {seed}, after {move!r}: {diff}"
        last = copy
    assert last.to_json() == g.to_json(), f"seed {seed}: the JSON differs at the end"
    return checked


def run(games: int) -> set[type[Event]]:
    seen: set[type[Event]] = set()
    total = 0
    for i in range(games):
        total += play_stepped(2 + i % 3, 10_000 + i, seen)
    assert total > games * 100  # whole games, not a few moves
    return seen


def test_a_stepped_copy_is_the_real_game_after_every_event() -> None:
    """Six games, two of each size: every event type comes up in the first five (the
    last, NothingToSteal, in the fifth); the thousand games are ``-m slow``."""
    seen = run(6)
    assert seen == set(Event._registry.values()), "every event type was stepped"


@pytest.mark.slow
def test_a_stepped_copy_is_the_real_game_over_a_thousand_games() -> None:
    seen = run(1000)
    assert seen == set(Event._registry.values()), "every event type was stepped"


def test_the_display_copy_is_not_the_game() -> None:
    """The check above can fail: a copy that misses one event differs from the game."""
    g = new_game(3, 5)
    copy = g.clone()
    seat = g.pending()[0].player
    events = g.play(seat, g.legal_moves(seat)[0])
    assert events and differences(copy, g)
    for e in events:
        apply_event(copy, e)
    assert differences(copy, g) == []


def test_play_watched_gives_the_same_events_and_state_as_play() -> None:
    a, b = new_game(2, 3), new_game(2, 3)
    rand = random.Random(3)
    watched: list[Event] = []
    while not a.over:
        seat = a.pending()[0].player
        move = rand.choice(a.legal_moves(seat))
        assert a.play(seat, move) == b.play_watched(seat, move, watched.append)
    assert a.to_json() == b.to_json() and len(watched) > 100


def test_a_reshuffle_carries_the_new_pile_in_order() -> None:
    g = new_game(2, 11, first_player=0)
    p = g.players[0]
    p.discard, p.deck = p.discard + p.deck, []
    events = g.play(0, g.legal_moves(0)[0])
    assert isinstance(events[0], ev.Reshuffled)
    assert list(events[0].deck[:-1]) == p.deck and events[1].card == events[0].deck[-1]


def test_an_event_from_an_older_log_loads_with_the_new_fields_at_their_default() -> None:
    old = {"kind": "reshuffled", "player": 1, "cards": 12}
    assert Event.from_json(old) == ev.Reshuffled(1, 12)
