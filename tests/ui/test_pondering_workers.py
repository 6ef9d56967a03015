"""A pondered answer is the answer computed on demand: the table's pondering worker (one
process, lower priority: ``AiPool.ponderer``) and the seat's own worker (Hard's shards on
two processes) give the identical move for the same request, so a game resumed without
the pondered answers replays the same moves."""

from __future__ import annotations

import pickle
import time

from game.engine import Decision, Game, Phase, new_game
from game.engine.moves import DRAW, STOP
from game.ui.table.ai_seats.ai_seat import AiPool, WorkerAi, decision_seed
from game.ui.table.ai_seats.ponderer import request_key


def wait(poll: object, limit_s: float = 120.0) -> object:
    start = time.monotonic()
    while time.monotonic() - start < limit_s:
        answer = poll()  # type: ignore[operator]
        if answer is not None:
            return answer
        time.sleep(0.01)
    raise AssertionError("no answer in time")


def positions() -> list[tuple[Game, int]]:
    """A draw decision and an action decision of a 2-seat game, with several candidates."""
    g = new_game(2, seed=5, first_player=0)
    out: list[tuple[Game, int]] = []
    for _ in range(3):
        g.play(0, DRAW)
    out.append((g.clone(), 0))
    while g.phase is Phase.DRAW:
        seat = g.pending()[0].player
        g.play(seat, STOP if g.players[seat].line else DRAW)
    out.append((g.clone(), g.pending()[0].player))
    return out


def test_the_pondering_worker_answers_exactly_as_the_seats_own() -> None:
    pool = AiPool(use_workers=True)
    try:
        ponderer = pool.ponderer("hard")
        assert ponderer is not None and ponderer.worker.nice > 0
        own = pool.make("hard", seat=1, seed=9)
        assert isinstance(own, WorkerAi) and own.ponder is ponderer
        assert dict(own.worker.options)["workers"] != dict(ponderer.worker.options)["workers"]
        for moves, (g, seat) in enumerate(positions()):
            seed = decision_seed(9, moves, seat)
            view, decision = g.view(seat), g.pending()[0].decision
            legal = g.legal_moves(seat)
            assert len(legal) > 1 and decision in (Decision.DRAW, Decision.ACTION)
            ahead = request_key(view, decision, legal, seed)
            assert ponderer.ask(ahead, view, decision, legal)
            pondered = wait(lambda key=ahead: (ponderer.poll(), ponderer.lookup(key))[1])
            ponderer.answers.clear()  # the seat's worker must answer on its own
            own.submit(g, seat, seed=seed)
            on_demand = wait(own.poll)
            assert pickle.dumps(pondered) == pickle.dumps(on_demand)
    finally:
        pool.close()
