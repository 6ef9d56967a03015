"""The AI seats' turns at a hosted table: which seats are asked to decide now, and what
happens to an answer (played and stored, or asked again when the game moved on). The
decisions themselves run on ``ai_seats.AiRunner``, fairly across tables."""

from __future__ import annotations

import asyncio
import logging
import random
from functools import partial
from typing import TYPE_CHECKING

from game.ai.levels.easy import baseline_move
from game.engine import Decision, Move, Phase
from game.net.ai_seats import decision_seed
from game.net.group_commit import Unstored
from game.net.hosted import HostedMatch
from game.net.store import StaleMatch, StoreError

if TYPE_CHECKING:
    from game.net.hub import Hub

log = logging.getLogger("game.net.hub")
RETRY_S = 1.0  # after a store failure, an AI seat asks again this much later


def kick(hub: Hub, match: HostedMatch) -> None:
    """Ask every AI seat that must decide now and is not already thinking (if this
    server process is the one that runs the match's AI seats), while someone sits at
    the table (one process: with several, its players may be on another)."""
    if match.game.over or not hub.store.runs_ai(match.id):
        return
    if not match.peers and not hub.store.shared:
        return
    for seat, decision in match.deciding():
        if not match.ai_plays(seat) or seat in match.thinking:
            continue
        moves = match.own[seat] if decision is Decision.DRAW else match.moves
        seed = decision_seed(match.stored.ai_seed, moves, seat)
        view = match.game.view(seat)
        legal = match.game.legal_moves(seat)
        try:
            level, owner = match.ai_level(seat), match.creator
            fut = hub.ai.ask(level, view, decision, legal, seed, match.id, owner)
        except RuntimeError:  # no worker could start (a shut-down pool): try again soon
            log.exception("match %s: AI seat %d could not be asked", match.id, seat)
            asyncio.get_running_loop().call_later(RETRY_S, hub.kick_ai, match)
            return
        match.thinking.add(seat)
        hub.pending_ai.add(fut)
        key = (match.moves, match.own[seat])
        fut.add_done_callback(partial(answered, hub, match, seat, key))


def answered(
    hub: Hub, match: HostedMatch, seat: int, key: tuple[int, int], fut: asyncio.Future[Move]
) -> None:
    hub.pending_ai.discard(fut)
    match.thinking.discard(seat)
    if fut.cancelled() or hub.matches.get(match.id) is not match:
        return
    if fut.exception() is not None:  # the level crashed: the baseline plays this move
        log.error("match %s: AI seat %d failed", match.id, seat, exc_info=fut.exception())
        move = baseline_move(match.game, seat, match.deciding_of(seat), random.Random(key[0]))
    else:
        move = fut.result()
    if not match.ai_plays(seat):  # its player came back while it thought
        return
    stale = key[1] != match.own[seat] or move not in match.game.legal_moves(seat)
    if match.game.phase is not Phase.DRAW and key[0] != match.moves:
        stale = True
    if stale:
        hub.kick_ai(match)  # the game moved on meanwhile: ask again
        return
    if hub.group_commit:
        events = match.apply(seat, move, by_ai=True)  # legal: checked just above
        idx, back = match.moves - 1, match.back.to_json()
        hub.group.add(Unstored(match, idx, seat, move, events, None, {}, back))
        return
    try:
        events = match.play(hub.store, seat, move, by_ai=True)
    except StaleMatch:  # another server process moved first: take its moves, ask again
        hub.catch_up(match)
        return
    except StoreError:  # logged by the match; ask again in a moment
        asyncio.get_running_loop().call_later(RETRY_S, hub.kick_ai, match)
        return
    hub.after_move(match, seat, move, events, match.moves, match.back.to_json())
