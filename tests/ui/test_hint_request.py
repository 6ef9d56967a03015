"""The table's hint request (``game/ui/scenes/table_hint.py``): one search at a time, its
answer shown only while the decision it was asked for is still the one at hand."""

from __future__ import annotations

from game.ai.coach.hint import Advice
from game.engine.moves import DRAW
from game.ui.table.ai_seats.hinting import HintAnswer
from game.ui.table.match import Match, Seat


class Source:
    def __init__(self) -> None:
        self.asked = 0
        self.cancelled = 0
        self.answer: HintAnswer | None = None

    def submit(self, game, seat) -> None:  # noqa: ANN001
        self.asked += 1

    def poll(self) -> HintAnswer | None:
        answer, self.answer = self.answer, None
        return answer

    def cancel(self) -> None:
        self.cancelled += 1


def _request(source: Source):  # noqa: ANN202
    from game.ui.scenes.table_hint import HintRequest

    return HintRequest(source, lambda key, **kw: key, lambda move: "draw a card")


def test_the_advice_replaces_the_thinking_line_and_rings_its_move() -> None:
    source, match = Source(), Match.new([Seat("Ana", "human"), Seat("Bo", "easy")], 3, 0)
    hints = _request(source)
    message = hints.ask(match, 0, "")
    assert message == "hint.thinking" and hints.job is not None
    assert hints.ask(match, 0, message) == message and source.asked == 1  # one at a time
    assert hints.poll(match, 0, message) == message  # still searching
    source.answer = HintAnswer(Advice(DRAW, ()))
    message = hints.poll(match, 0, message)
    assert message.startswith("hint.") and hints.job is None and hints.move == DRAW


def test_an_answer_for_a_decision_already_taken_is_dropped() -> None:
    source, match = Source(), Match.new([Seat("Ana", "human"), Seat("Bo", "easy")], 3, 0)
    hints = _request(source)
    message = hints.ask(match, 0, "")
    match.play(0, DRAW)  # the player moved on before the search ended
    source.answer = HintAnswer(Advice(DRAW, ()))
    assert hints.poll(match, 0, message) == "" and hints.move is None


def test_no_human_seat_or_no_source_asks_nothing_and_leaving_cancels() -> None:
    source, match = Source(), Match.new([Seat("Ana", "human"), Seat("Bo", "easy")], 3, 0)
    hints = _request(source)
    assert hints.ask(match, -1, "kept") == "kept" and source.asked == 0
    hints.ask(match, 0, "")
    hints.cancel()
    assert source.cancelled == 1 and hints.job is None
    assert _request(None).ask(match, 0, "kept") == "kept"  # type: ignore[arg-type]
