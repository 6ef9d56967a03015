"""The hidden-information scan: everything a seat may not know during a game, as the text
it would take in the compact JSON the server writes."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from game.engine import Game, Move, new_game
from game.engine import events as ev

MIN_RUN = 8  # shorter runs of card ids turn up by chance in public lists (starter cards repeat)


def run_text(cards: list[int] | tuple[int, ...]) -> str | None:
    """A hidden order as it would appear inside a JSON list, if long and telling enough to
    be searched for (a sorted run is what the views show anyway)."""
    cards = list(cards)
    if len(cards) < MIN_RUN or cards == sorted(cards) or len(set(cards)) < 4:
        return None
    return ",".join(map(str, cards))


def hidden_orders(g: Game) -> set[str]:
    out = set()
    for p in g.players:
        hidden = p.deck[: len(p.deck) - p.known_top]
        for cards in (hidden, hidden[-MIN_RUN:]):  # the whole order, and the next cards
            if (text := run_text(cards)) is not None:
                out.add(text)
    for deck in g.market:
        for cards in (deck, deck[-MIN_RUN:]):
            if (text := run_text(cards)) is not None:
                out.add(text)
    return out


def secrets_of(players: int, seed: int, first: int, moves: list[tuple[int, Move]]) -> set[str]:
    """Every hidden order of the game at every position, each reshuffle's order, the seed."""
    g = new_game(players, seed, first)
    found = hidden_orders(g) | {str(seed)}
    for seat, move in moves:
        for e in g.play(seat, move):
            if isinstance(e, ev.Reshuffled) and (text := run_text(e.deck)) is not None:
                found.add(text)
        found |= hidden_orders(g)
    return found


def ai_seed(db: Path, match: str) -> int:
    con = sqlite3.connect(db)
    try:
        (value,) = con.execute("SELECT ai_seed FROM matches WHERE id=?", (match,)).fetchone()
    finally:
        con.close()
    return int(value)


def leaks(texts: list[str], secrets: set[str]) -> list[str]:
    """The secrets that occur in the texts a client received before the game ended."""
    before = []
    for t in texts:
        if '"type":"final"' in t:
            break
        before.append(t)
    blob = "\n".join(before)
    return sorted(s for s in secrets if s in blob)
