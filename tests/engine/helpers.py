"""Building positions for scenario tests: stack decks, draw, plant, reach the action phase."""

from __future__ import annotations

from game.data import animals, trees
from game.engine import Decision, Game, new_game
from game.engine.moves import CHOOSE, DRAW, FINISH, PASS, STOP, Action, Move
from game.engine.state import COLUMNS, VARAN

CARD = {c.name: c.id for c in animals()[1:]}
TREE = {t.id: t.index for t in trees()}
assert CARD["FireVaran"] == VARAN


def stack(g: Game, seat: int, cards: list[int]) -> None:
    """Put ``cards`` on top of the draw pile so they are drawn in the order given."""
    g.players[seat].deck.extend(reversed(cards))


def give_fragments(g: Game, seat: int, n: int) -> None:
    """Hand Fragments from the supply, as the Take a Fragment action would."""
    g.fragments -= n
    g.players[seat].fragments += n


def draw(g: Game, seat: int, n: int = 1) -> list:
    out = []
    for _ in range(n):
        out += g.play(seat, DRAW)
    return out


def plant_direct(g: Game, seat: int, tree: str, x: int, y: int) -> None:
    """Place a tree without the Plant action (setting up a Forest)."""
    p = g.players[seat]
    kind = TREE[tree]
    g.tree_supply[kind] -= 1
    p.forest[y * COLUMNS + x] = kind
    p.recompute()


def to_actions(g: Game, lines: dict[int, list[int]]) -> list:
    """Each seat draws exactly its listed cards then stops; the action phase begins."""
    events = []
    for seat in range(g.n):
        cards = lines.get(seat, [CARD["Hare"]])
        stack(g, seat, cards)
        for _ in cards:
            if g.players[seat].stopped:
                break
            events += g.play(seat, DRAW)
        if not g.players[seat].stopped:
            events += g.play(seat, STOP)
    assert g.pending()[0].decision is Decision.ACTION
    return events


def game2(seed: int = 7, first: int = 0, players: int = 2) -> Game:
    return new_game(players, seed, first_player=first)


def act(g: Game, *moves: Move) -> list:
    """Play moves for whoever must decide now."""
    events = []
    for m in moves:
        events += g.play(g.pending()[0].player, m)
    return events


def choose(action: Action) -> Move:
    return CHOOSE[action]


def pass_all(g: Game) -> list:
    """Everyone still to act in this action phase passes."""
    events = []
    while g.phase.value == "action":
        events += act(g, PASS)
    return events


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


__all__ = ["CARD", "FINISH", "STOP", "TREE", "act", "choose", "draw", "kinds", "pass_all"]
