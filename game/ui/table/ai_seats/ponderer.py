"""Answers thought out ahead, kept by the exact request (issue 31, item 4; ``pondering``).

``request_key`` is a request as an AI seat's worker gets it: the seat's view in its saved
form, the decision, the legal moves and the seed. ``Ponderer`` is a worker of its own that
answers predicted requests, and the answers it gave; ``WorkerAi`` takes one only for an
identical request (and tells it the seats' real answers, so the chain of predicted
decisions goes on past them).
"""

from __future__ import annotations

import json
import logging
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from game.engine import Decision, Move, View
from game.engine.moves import check_move_types

log = logging.getLogger(__name__)

KEEP = 64  # answers kept (a chain is a few turns of a few decisions each)

Key = tuple[int, str, str, tuple[Move, ...], int]


def request_key(view: View, decision: Decision, legal: Sequence[Move], seed: int) -> Key:
    """The exact request an AI seat's worker gets: equal keys, equal answers."""
    position = json.dumps(view.game.to_json(), sort_keys=True, separators=(",", ":"))
    return (view.player, position, decision.value, tuple(legal), seed)


class Ponderer:
    """A worker that answers predicted requests, and the answers it gave, by request.

    One request at a time; a worker that fails ends the pondering for good (it only ever
    saves time: the seats' own workers answer every decision anyway)."""

    def __init__(self, worker: Any, budget_s: float | None = None) -> None:
        self.worker = worker  # game.ai.runtime.worker.AIWorker (its ``nice`` lowered)
        self.budget_s = budget_s
        self.answers: OrderedDict[Key, Move] = OrderedDict()
        self.asked: tuple[Key, int] | None = None  # the request in flight and its seat
        self.failed = False
        self.fresh = False  # an answer came since the chain was last walked
        self.hits = 0  # real requests answered from here (the pacing tool reports them)

    @property
    def busy(self) -> bool:
        return self.asked is not None

    def lookup(self, key: Key) -> Move | None:
        return self.answers.get(key)

    def remember(self, key: Key, move: Move) -> None:
        """A seat's real answer: the chain goes on past it (the next seat's decision)."""
        self._keep(key, move)
        self.fresh = True

    def take(self, key: Key) -> Move | None:
        """The answer to a real request, if it was pondered (counted)."""
        move = self.answers.get(key)
        if move is not None:
            self.hits += 1
        return move

    def ask(self, key: Key, view: View, decision: Decision, legal: Sequence[Move]) -> bool:
        """Start pondering ``key`` unless a request is in flight; True when asked."""
        if self.failed or self.asked is not None or key in self.answers:
            return False
        try:
            self.worker.submit(view, decision, legal, seed=key[4], budget_s=self.budget_s)
        except Exception:  # noqa: BLE001 - the rule: pondering stops, the seats play on
            log.warning("the pondering worker could not be asked; pondering stops", exc_info=True)
            self.failed = True
            return False
        self.asked = (key, view.player)
        return True

    def key_for(self, view: View, decision: Decision, legal: Sequence[Move], seed: int) -> Key:
        return request_key(view, decision, legal, seed)

    def poll(self) -> bool:
        """Collect the answer in flight; True when there is news for the chain: the request
        in flight ended (answered, or the worker failed), or a seat's real answer came."""
        fresh, self.fresh = self.fresh, False
        if self.asked is None:
            return fresh
        key, seat = self.asked
        try:
            answer = self.worker.poll()
        except Exception:  # noqa: BLE001 - the rule: pondering stops, the seats play on
            log.warning("the pondering worker failed; pondering stops", exc_info=True)
            self.failed, self.asked = True, None
            return True
        if answer is None:
            return fresh
        self.asked = None
        if check_move_types(answer, seat) is not None or answer not in key[3]:
            log.warning("the pondering worker answered %r, not a legal move; ignored", answer)
            return True
        self._keep(key, answer)
        return True

    def _keep(self, key: Key, move: Move) -> None:
        self.answers[key] = move
        self.answers.move_to_end(key)
        while len(self.answers) > KEEP:
            self.answers.popitem(last=False)

    def close(self) -> None:
        self.worker.close()
