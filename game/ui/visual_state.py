"""Step a *display copy* of the game forward one event at a time.

``Game.play`` returns all the events of a move at once; the table shows them one after
another. It keeps a clone (``Match.shown``), applies each event here as its animation starts
or ends, and replaces the clone with the real game once the queue is empty, so any detail
this approximation misses is corrected at the end of every move.
"""

from __future__ import annotations

from game.engine import Game
from game.engine import events as ev
from game.engine.state import CARD_ELEMS, CARD_GREGARIOUS, CARD_SOLITARY, TREE_ELEMS, VARAN


def apply(g: Game, e: ev.Event) -> None:  # noqa: C901 - one small branch per event kind
    """Update the display copy ``g`` for ``e`` (never called on the real game)."""
    if isinstance(e, ev.Reshuffled):
        p = g.players[e.player]
        p.deck, p.discard = p.discard + p.deck, []
    elif isinstance(e, ev.CardRevealed):
        p = g.players[e.player]
        if e.card in p.deck:
            p.deck.remove(e.card)
        elif p.deck:
            p.deck.pop()
        p.line.append(e.card)
        for i, v in enumerate(CARD_ELEMS[e.card]):
            p.line_elems[i] += v
        p.solitary += CARD_SOLITARY[e.card]
        p.gregarious += CARD_GREGARIOUS[e.card]
        p.just_revealed = True
    elif isinstance(e, ev.FragmentUsed):
        p = g.players[e.player]
        if p.line:
            card = p.line.pop()
            for i, v in enumerate(CARD_ELEMS[card]):
                p.line_elems[i] -= v
            p.solitary -= CARD_SOLITARY[card]
            p.gregarious -= CARD_GREGARIOUS[card]
            if card != VARAN:
                p.discard.append(card)
        p.fragments = max(0, p.fragments - 1)
        g.fragments += 1
    elif isinstance(e, ev.PlayerStopped):
        g.players[e.player].stopped = True
        g.players[e.player].actions_left = e.actions
    elif isinstance(e, ev.TurnStarted):
        g.turn = e.player
    elif isinstance(e, ev.ActionChosen):
        p = g.players[e.player]
        p.actions_left = max(0, p.actions_left - 1)
    elif isinstance(e, ev.Passed):
        g.players[e.player].actions_left = 0
    elif isinstance(e, ev.FragmentsTaken):
        g.players[e.player].fragments += e.count
        g.fragments -= e.count
    elif isinstance(e, ev.AnimalAttracted):
        row = g.reserve[e.level - 1]
        if e.card in row:
            row.remove(e.card)
        g.players[e.player].deck.append(e.card)
    elif isinstance(e, ev.FireExtinguished):
        if e.value in g.centre:
            g.centre.remove(e.value)
        g.players[e.player].fires.append(e.value)
    elif isinstance(e, ev.TreePlanted):
        p = g.players[e.player]
        p.forest[e.y * 5 + e.x] = e.tree
        g.tree_supply[e.tree] -= 1
        for i, v in enumerate(TREE_ELEMS[e.tree]):
            p.forest_elems[i] += v
    elif isinstance(e, ev.StandeeMoved):
        g.players[e.player].rock = e.end
    elif isinstance(e, ev.TileStolen):
        victim = g.players[e.victim]
        for i in range(len(victim.tiles) - 1, -1, -1):
            if victim.tiles[i][0] == e.tile:
                g.players[e.thief].tiles.append(victim.tiles.pop(i))
                break
    elif isinstance(e, ev.VaransDealt):
        g.players[e.player].discard.extend([VARAN] * e.count)
        g.varans -= e.count
    elif isinstance(e, ev.FiresAdded):
        g.centre.extend(e.values)
    elif isinstance(e, ev.ReserveRefilled):
        g.reserve[e.level - 1].extend(e.cards)
        deck = g.market[e.level - 1]
        del deck[max(0, len(deck) - len(e.cards)) :]
    elif isinstance(e, ev.HelpLinesReturned):
        for p in g.players:
            p.discard.extend(p.line)
            p.line = []
            p.line_elems = [0, 0, 0, 0, 0]
            p.solitary = p.gregarious = 0
            p.stopped = p.just_revealed = False
            p.actions_left = 0
    elif isinstance(e, ev.SacredTreePassed):
        g.first = e.player
    elif isinstance(e, ev.RoundStarted):
        g.round = e.round
