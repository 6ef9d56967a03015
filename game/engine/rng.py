"""Seeded, version-stable randomness: one counter-based stream per deck.

Each shuffle draws from ``(game seed, deck stream, shuffle number)`` alone, so a deck's
order never depends on what other players did first (the draw phase is simultaneous), the
whole random state is a few integers that clone and serialise for free, and results do not
change between Python versions (``random.Random`` makes no such promise for ``shuffle``).
"""

from __future__ import annotations

from typing import Any

_MASK = (1 << 64) - 1


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def derive(seed: int, *parts: int) -> int:
    """A 64-bit value that depends on the seed and every part, in order."""
    z = _mix(seed & _MASK)
    for part in parts:
        z = _mix((z + 0x9E3779B97F4A7C15 + (part & _MASK)) & _MASK)
    return z


def shuffle(items: list[Any], seed: int, stream: int, counter: int) -> None:
    """Fisher-Yates shuffle in place, driven by splitmix64 from the derived state."""
    state = derive(seed, stream, counter)
    for i in range(len(items) - 1, 0, -1):
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        j = _mix(state) % (i + 1)
        items[i], items[j] = items[j], items[i]


# Stream numbers: players' draw piles use their seat index; market decks use these.
MARKET_STREAM = {1: 101, 2: 102, 3: 103}
FIRST_PLAYER_STREAM = 200
