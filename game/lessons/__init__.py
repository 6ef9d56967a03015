"""The guided first game: lessons read from ``game/lessons/*.json``, the runner that keeps a
real engine game on the lesson's script, and how finished lessons are remembered (in a file
by the app, ``game/app/lesson_progress.py``).

A lesson file holds a prepared position (built from ``new_game`` by moving components, so
``check_invariants`` still holds), the opponent's scripted moves, and the steps: the zones to
light, the text in each language, and the one move the learner must make to go on. Nothing
here draws: the tutorial scene (``game/ui/scenes/tutorial.py``) and the tests drive the same
``LessonRunner``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Protocol

from game.data import animals, trees
from game.engine import Game, IllegalMove, Move, Phase, Tile, check_invariants, new_game
from game.engine.state import COLUMNS, MARKET_CARDS, VARAN
from game.i18n import LANGUAGES

LEARNER, OPPONENT = 0, 1
UNTIL: tuple[str, ...] = ("opponent", "end_of_round", "next_round", "game_over")
CARD_IDS: dict[str, int] = {c.name: c.id for c in animals()[1:]}
TREE_IDS: dict[str, int] = {t.id: t.index for t in trees()}


class LessonError(ValueError):
    """A lesson file that cannot be played as written (caught by the tests, never shipped)."""


Text = Mapping[str, str]  # language -> text


@dataclass(frozen=True)
class Step:
    """One thing to read and (usually) one move to make.

    ``move`` is ``None`` for a step the learner reads and closes with Continue; ``until``
    says what must have happened before Continue is offered (see ``UNTIL``).
    """

    zones: tuple[str, ...]
    text: Text
    move: Move | None = None
    wrong: Text = field(default_factory=dict)
    until: str = "opponent"
    panel: str = "auto"


@dataclass(frozen=True)
class Lesson:
    id: str
    title: Text
    summary: Text
    setup: Mapping[str, Any]
    opponent: tuple[Move, ...]
    steps: tuple[Step, ...]

    def build(self) -> Game:
        """The lesson's starting position (a fresh game each time)."""
        return build_position(self.setup)


# -- reading lessons ----------------------------------------------------------------------


def lesson_dir() -> Any:
    return resources.files("game.lessons")


def _text(raw: Any, where: str) -> dict[str, str]:
    if not isinstance(raw, dict):
        raise LessonError(f"{where}: expected an object with {', '.join(LANGUAGES)}")
    out = {}
    for lang in LANGUAGES:
        value = raw.get(lang)
        if not isinstance(value, str) or not value.strip():
            raise LessonError(f"{where}: no {lang} text")
        out[lang] = value
    return out


def _move(raw: Any, where: str) -> Move | None:
    if raw is None:
        return None
    try:
        return Move.from_json(raw)
    except ValueError as e:
        raise LessonError(f"{where}: {e}") from e


def parse_lesson(lesson_id: str, raw: Any) -> Lesson:
    """A lesson from its JSON document; anything malformed raises ``LessonError``."""
    if not isinstance(raw, dict):
        raise LessonError(f"{lesson_id}: a lesson is one JSON object")
    steps = []
    for i, s in enumerate(raw.get("steps") or []):
        where = f"{lesson_id} step {i + 1}"
        zones = s.get("zones", [])
        if not isinstance(zones, list) or not all(isinstance(z, str) for z in zones):
            raise LessonError(f"{where}: zones must be a list of layout names")
        until = s.get("until", "opponent")
        if until not in UNTIL:
            raise LessonError(f"{where}: until must be one of {UNTIL}")
        move = _move(s.get("move"), where)
        wrong = _text(s["wrong"], f"{where} wrong") if move is not None or "wrong" in s else {}
        steps.append(
            Step(
                tuple(zones),
                _text(s.get("text"), where),
                move,
                wrong,
                until,
                str(s.get("panel", "auto")),
            )
        )
    if not steps:
        raise LessonError(f"{lesson_id}: no steps")
    opponent = tuple(
        m for i, r in enumerate(raw.get("opponent") or []) if (m := _move(r, f"opponent {i}"))
    )
    return Lesson(
        lesson_id,
        _text(raw.get("title"), f"{lesson_id} title"),
        _text(raw.get("summary"), f"{lesson_id} summary"),
        dict(raw.get("setup") or {}),
        opponent,
        tuple(steps),
    )


def load_lessons() -> list[Lesson]:
    """Every lesson, in file-name order (``01_drawing.json`` first)."""
    out = []
    for entry in sorted(lesson_dir().iterdir(), key=lambda e: e.name):
        name = entry.name
        if name.endswith(".json") and name[:2].isdigit():
            raw = json.loads(entry.read_text(encoding="utf-8"))
            out.append(parse_lesson(name.removesuffix(".json"), raw))
    return out


def load_ui_text() -> dict[str, dict[str, str]]:
    """The tutorial screens' own strings (``lessons/ui.json``): key -> language -> text."""
    raw = json.loads(lesson_dir().joinpath("ui.json").read_text(encoding="utf-8"))
    return {k: _text(v, f"ui {k}") for k, v in raw.items() if not k.startswith("_")}


# -- prepared positions -------------------------------------------------------------------


def _card(name: str) -> int:
    if name not in CARD_IDS:
        raise LessonError(f"no animal called {name!r}")
    return CARD_IDS[name]


def _take_card(g: Game, seat: int, card: int) -> None:
    """Remove ``card`` from where it lies now: the seat's own deck, a market deck, the
    Reserve (refilled from its deck), or the Varan supply."""
    if card == VARAN:
        if g.varans <= 0:
            raise LessonError("the Varan supply is empty")
        g.varans -= 1
        return
    deck = g.players[seat].deck
    if card in deck:
        deck.remove(card)
        return
    for level, ids in MARKET_CARDS.items():
        if card in ids:
            row, market = g.reserve[level - 1], g.market[level - 1]
            if card in market:
                market.remove(card)
            elif card in row:
                row.remove(card)
                if market:
                    row.append(market.pop())
            else:
                raise LessonError(f"animal {card} is already used")
            return
    raise LessonError(f"seat {seat} has no animal {card} left to place")


def _arrange_seat(g: Game, seat: int, spec: Mapping[str, Any]) -> None:
    p = g.players[seat]
    top = [_card(n) for n in spec.get("deck_top", [])]
    discard = [_card(n) for n in spec.get("discard", [])]
    for card in top + discard:
        _take_card(g, seat, card)
    p.deck.extend(reversed(top))
    p.discard.extend(discard)
    n = int(spec.get("fragments", 0))
    if n > g.fragments:
        raise LessonError("not enough Fragments in the supply")
    g.fragments -= n
    p.fragments += n
    for tree_id, x, y in spec.get("forest", []):
        kind = TREE_IDS[tree_id]
        if g.tree_supply[kind] <= 0:
            raise LessonError(f"no Tree {tree_id} left")
        g.tree_supply[kind] -= 1
        p.forest[y * COLUMNS + x] = kind
    for value in spec.get("fires", []):
        g.fire_supply[value] -= 1
        p.fires.append(value)
    if "rock" in spec:
        p.rock = int(spec["rock"])


def _arrange_reserve(g: Game, rows: list[list[str]]) -> None:
    for level, names in enumerate(rows, start=1):
        wanted = [_card(n) for n in names]
        row, market = g.reserve[level - 1], g.market[level - 1]
        for card in wanted:
            if card in row:
                row.remove(card)
            elif card in market:
                market.remove(card)
            else:
                raise LessonError(f"animal {card} is not in the level-{level} market")
        market[0:0] = row  # the displaced cards go under the deck
        g.reserve[level - 1] = wanted


def build_position(setup: Mapping[str, Any]) -> Game:
    """``new_game(2, seed, first_player=0)`` rearranged as ``setup`` says, then the prelude
    moves played through the engine. Components are moved, never made: the result passes
    ``check_invariants``."""
    g = new_game(2, int(setup.get("seed", 1)), first_player=0)
    g.round = int(setup.get("round", 1))
    for seat_name, spec in (setup.get("seats") or {}).items():
        _arrange_seat(g, int(seat_name), spec)
    if "reserve" in setup:
        _arrange_reserve(g, setup["reserve"])
    if "centre" in setup:
        for v in g.centre:
            g.fire_supply[v] += 1
        g.centre = [int(v) for v in setup["centre"]]
        for v in g.centre:
            g.fire_supply[v] -= 1
    if "tiles" in setup:
        for seat_name, tiles in setup["tiles"].items():
            g.players[int(seat_name)].tiles = [(Tile(k), int(s)) for k, s in tiles]
    for p in g.players:
        p.recompute()
    try:
        check_invariants(g)
    except ValueError as e:
        raise LessonError(f"the prepared position is not a legal one: {e}") from e
    for seat, raw in setup.get("prelude", []):
        move = _move(raw, "prelude")
        assert move is not None
        try:
            g.play(int(seat), move)
        except IllegalMove as e:
            raise LessonError(f"prelude move {raw} refused: {e}") from e
    return g


# -- the runner ---------------------------------------------------------------------------


def active_seat(g: Game) -> int:
    """Who decides now, as the table sees it (draw phase: first seat in turn order)."""
    pending = g.pending()
    if not pending:
        return -1
    if g.phase is Phase.DRAW:
        seats = {p.player for p in pending}
        return next(s for s in g.turn_order() if s in seats)
    return pending[0].player


@dataclass(frozen=True)
class Refusal:
    """Why a move is not the one now: the step's explanation and, if the rules forbid the
    move outright, the engine's reason (English, as the table shows it)."""

    text: Text
    engine: str = ""
    error: IllegalMove | None = None  # the engine's refusal, for the table to word

    def message(self, lang: str, engine: str | None = None) -> str:
        """The step's explanation, then the rules' reason (``engine``: already worded in
        ``lang`` by the table; the engine's English otherwise)."""
        text = self.text.get(lang) or self.text.get("en", "")
        reason = engine if engine is not None else self.engine
        return f"{text} ({reason})" if reason else text


class LessonRunner:
    """Keeps a real game on the lesson: the learner's moves must be the steps' moves, the
    opponent plays its script, and continue-steps wait for what they talk about."""

    def __init__(
        self,
        lesson: Lesson,
        game: Game | None = None,
        ui: Mapping[str, dict[str, str]] | None = None,
    ) -> None:
        self.lesson = lesson
        self.game = game if game is not None else lesson.build()
        self.index = 0
        self.scripted = 0
        self.start_round = self.game.round
        self.ui = dict(ui or {})

    @property
    def step(self) -> Step | None:
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def opponent_due(self) -> bool:
        """The opponent must decide and its script has a move left (a finished script means
        the lesson ends here: the opponent waits)."""
        return active_seat(self.game) == OPPONENT and self.scripted < len(self.lesson.opponent)

    def next_opponent_move(self) -> Move:
        if self.scripted >= len(self.lesson.opponent):
            raise LessonError(f"{self.lesson.id}: the opponent's script ran out")
        return self.lesson.opponent[self.scripted]

    def until_met(self, until: str) -> bool:
        """The game-side part of a continue-step's condition (the scene adds the screen's)."""
        g = self.game
        if until in ("end_of_round", "next_round"):
            return g.round > self.start_round or g.over
        if until == "game_over":
            return g.over
        return True

    def can_continue(self) -> bool:
        step = self.step
        return (
            step is not None
            and step.move is None
            and not self.opponent_due()
            and self.until_met(step.until)
        )

    def refusal(self, seat: int, move: Move) -> Refusal | None:
        """``None`` when ``move`` by ``seat`` is the one the lesson wants now."""
        if seat == OPPONENT:
            if self.opponent_due() and move == self.next_opponent_move():
                return None
            return Refusal({"en": "it is not your opponent's scripted move"})
        engine, error = "", None
        try:
            self.game.clone().play(seat, move)
        except IllegalMove as e:
            engine, error = str(e), e
        step = self.step
        if step is None:
            text = self.ui.get("lesson_over", {"en": "the lesson is over"})
            return Refusal(text, engine, error)
        if step.move is None:
            return Refusal(self.ui.get("read_first", {"en": "press Continue first"}), engine, error)
        if move != step.move:
            return Refusal(step.wrong, engine, error)
        return None

    def played(self, seat: int, move: Move) -> None:
        """Record a move the game has accepted (after ``refusal`` said yes)."""
        if seat == OPPONENT:
            self.scripted += 1
        else:
            self.index += 1

    def cont(self) -> None:
        if not self.can_continue():
            raise LessonError(f"{self.lesson.id}: cannot continue at step {self.index + 1}")
        self.index += 1

    # headless play (tests, and the scene's fallbacks)

    def play(self, seat: int, move: Move) -> list:
        refused = self.refusal(seat, move)
        if refused is not None:
            raise IllegalMove(refused.message("en"))
        events = self.game.play(seat, move)
        self.played(seat, move)
        return events

    def run_opponent(self) -> list:
        events: list = []
        while self.opponent_due():
            events += self.play(OPPONENT, self.next_opponent_move())
        return events


# -- progress -----------------------------------------------------------------------------


class LessonProgress(Protocol):
    """Which lessons are done: kept in a file by the app, in memory elsewhere."""

    def completed(self, lesson_id: str) -> bool: ...
    def mark_done(self, lesson_id: str) -> None: ...


@dataclass
class MemoryProgress:
    """Progress for one run only (tests, the self-test, an app without files)."""

    done: list[str] = field(default_factory=list)

    def completed(self, lesson_id: str) -> bool:
        return lesson_id in self.done

    def mark_done(self, lesson_id: str) -> None:
        if lesson_id not in self.done:
            self.done.append(lesson_id)
