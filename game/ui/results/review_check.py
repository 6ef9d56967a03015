"""Whether a cached review fits the game it is shown for.

A review read back from ``replays/reviews/`` was checked field by field when it was parsed
(``Review.from_json``), but not against the game: a file edited or damaged on disk can name a
move index past the game's end, a card, tree or tile no position has, or a reason whose
numbers are words. The review screen would then fail while drawing. A cache is only a cache:
the screen asks ``review_problem`` first and analyses the game again when it answers.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.ai.coach.hint import ELEMENT_KEYS, TRACK_KEYS
from game.ai.coach.review import Review
from game.ai.runtime.review_job import GameRecord
from game.engine import IllegalMove, new_game

WORDS = {"track": frozenset(TRACK_KEYS), "element": frozenset(ELEMENT_KEYS)}


def _params_problem(params: Mapping[str, object]) -> str | None:
    for name, value in params.items():
        allowed = WORDS.get(name)
        if allowed is not None:
            if value not in allowed:
                return f"{name} {value!r} is not one the game knows"
        elif type(value) is not int or abs(value) > 10**6:
            return f"{name} must be a number, not {value!r}"
    return None


def review_problem(review: Review, record: GameRecord) -> str | None:
    """Why ``review`` cannot be the review of ``record`` (``None``: it fits)."""
    if review.players != record.players or tuple(review.humans) != record.humans:
        return "the review is of another table"
    moves = record.moves
    last_round = 1
    by_index = {}
    for m in review.moments:
        if not 0 <= m.index < len(moves):
            return f"moment {m.index} is past the game's {len(moves)} moves"
        if moves[m.index] != (m.seat, m.played):
            return f"moment {m.index} is not the move played there"
        for params in (m.why.params, *(p for _, p in m.why.reasons)):
            problem = _params_problem(params)
            if problem is not None:
                return f"moment {m.index}: {problem}"
        by_index[m.index] = m
    game = new_game(record.players, record.seed, record.first_player)
    for i, (seat, move) in enumerate(moves):
        moment = by_index.get(i)
        if moment is not None and moment.best not in game.legal_moves(seat):
            return f"moment {i}: the better move is not one the position allows"
        try:
            game.play(seat, move)
        except IllegalMove as e:
            return f"the game itself does not replay: {e}"
        last_round = game.round
    if any(not 1 <= p.round <= last_round + 1 for p in review.curve):
        return "a chart point is outside the game's rounds"
    if any(not 1 <= m.round <= last_round for m in review.moments):
        return "a moment is outside the game's rounds"
    return None
