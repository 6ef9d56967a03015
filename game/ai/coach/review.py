"""Game review: where a finished game turned for each human seat.

The game is replayed from its seed and moves. At every human decision with a choice, Hard
is asked (through ``make_policy``) what it would play from that seat's ``View``, and the move
played and Hard's move are both scored by the same paired rollouts: worlds sampled from the
view (``determinize``: hidden orders drawn, never read), each move played in every world,
then every seat follows Medium to the start of the next round, where the calibrated model of
``winchance`` gives the seat's chance. The same worlds for both moves make the difference
precise. The chart is that model at every round start (public facts only).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.ai.coach.review_why import Outcome, Why, why
from game.ai.heuristics.winchance import chances, in_round, model
from game.ai.policy import Policy, make_policy
from game.engine import Decision, Game, Move, View, determinize, new_game
from game.engine.state import VARAN

ANALYSIS_VERSION = 8  # bump whenever the analysis changes: cached reviews are then redone
DECISIONS = frozenset(d.value for d in Decision)
MIN_LOSS = 0.01  # a drop smaller than a point is noise, not a mistake


def version() -> str:
    """The cache key's version: this analysis and the win-chance coefficients it uses."""
    return f"{ANALYSIS_VERSION}.{model().version}"


class Cancelled(Exception):
    """The review was cancelled before it finished."""


@dataclass(frozen=True, slots=True)
class Depth:
    """How hard the review looks: Hard's search per decision (a fixed amount of work, as the
    table's Hard, so a review is reproducible; a time cap besides) and the paired worlds
    each move is scored in."""

    hard_budget_s: float = 0.5
    worlds: int = 8
    hard_steps: int = 1000  # simulated engine moves per search; 0: by time only


DEFAULT_DEPTH = Depth()


@dataclass(frozen=True, slots=True)
class Moment:
    """One human decision: the chances with the move played and with Hard's move."""

    index: int  # moves before this decision (the replay position to show)
    seat: int
    round: int
    decision: str
    played: Move
    best: Move
    played_chance: float
    best_chance: float
    why: Why

    @property
    def loss(self) -> float:
        """How much win chance the move played gave away (never negative)."""
        return max(0.0, self.best_chance - self.played_chance)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seat": self.seat,
            "round": self.round,
            "decision": self.decision,
            "played": self.played.to_json(),
            "best": self.best.to_json(),
            "played_chance": round(self.played_chance, 4),
            "best_chance": round(self.best_chance, 4),
            "why": self.why.to_json(),
        }

    @classmethod
    def from_json(cls, raw: Any) -> Moment:
        if not isinstance(raw, dict):
            raise ValueError("a review moment must be an object")
        ints = [x for k in ("index", "seat", "round") if isinstance(x := raw.get(k), int)]
        floats = [
            float(x)
            for k in ("played_chance", "best_chance")
            if isinstance(x := raw.get(k), int | float)
        ]
        if len(ints) != 3 or min(ints) < 0:
            raise ValueError("a review moment needs whole index, seat and round")
        if len(floats) != 2 or not all(0.0 <= x <= 1.0 for x in floats):
            raise ValueError("a review moment's chances must be between 0 and 1")
        if raw.get("decision") not in DECISIONS:
            raise ValueError("a review moment needs the kind of decision it was")
        return cls(
            ints[0],
            ints[1],
            ints[2],
            raw["decision"],
            Move.from_json(raw.get("played")),
            Move.from_json(raw.get("best")),
            floats[0],
            floats[1],
            Why.from_json(raw.get("why")),
        )


@dataclass(frozen=True, slots=True)
class Point:
    """Every seat's chance at the start of ``round`` (the final point: the result)."""

    round: int
    chances: tuple[float, ...]


@dataclass(frozen=True)
class Review:
    version: str
    players: int
    humans: tuple[int, ...]
    curve: tuple[Point, ...]
    moments: tuple[Moment, ...] = field(default=())

    def mistakes(self, seat: int | None = None, count: int = 3) -> list[Moment]:
        """The largest drops (of one seat, or of every human), largest first."""
        pool = [m for m in self.moments if (seat is None or m.seat == seat)]
        pool = [m for m in pool if m.loss >= MIN_LOSS]
        out: list[Moment] = []
        for m in sorted(pool, key=lambda m: (-m.loss, m.index)):
            # The same choice repeated (drawing again and again): one mistake, not three.
            same = (m.seat, m.round, m.decision, m.played, m.best)
            if all((o.seat, o.round, o.decision, o.played, o.best) != same for o in out):
                out.append(m)
        return out[:count]

    @staticmethod
    def merge(parts: Sequence[Review]) -> Review:
        """One review from the parts several processes made of the same game."""
        first = parts[0]
        moments = sorted((m for p in parts for m in p.moments), key=lambda m: m.index)
        return Review(first.version, first.players, first.humans, first.curve, tuple(moments))

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "players": self.players,
            "humans": list(self.humans),
            "curve": [
                {"round": p.round, "chances": [round(c, 4) for c in p.chances]} for p in self.curve
            ],  # fmt: skip
            "moments": [m.to_json() for m in self.moments],
        }

    @classmethod
    def from_json(cls, raw: Any) -> Review:
        """A cached review, checked field by field (``ValueError`` if anything is off)."""
        if not isinstance(raw, dict):
            raise ValueError("a review must be an object")
        players, humans = raw.get("players"), raw.get("humans")
        if not isinstance(players, int) or not 2 <= players <= 4:
            raise ValueError("a review needs 2 to 4 players")
        if not isinstance(humans, list) or not all(
            isinstance(h, int) and 0 <= h < players for h in humans
        ):
            raise ValueError("a review's human seats must be seats of the game")
        curve = []
        for p in raw.get("curve") or []:
            if not isinstance(p, dict) or not isinstance(p.get("round"), int):
                raise ValueError("a chart point needs its round")
            cs = p.get("chances")
            if not isinstance(cs, list) or len(cs) != players:
                raise ValueError("a chart point needs one chance per seat")
            if not all(isinstance(c, int | float) and 0.0 <= c <= 1.0 for c in cs):
                raise ValueError("a chart point's chances must be between 0 and 1")
            curve.append(Point(p["round"], tuple(float(c) for c in cs)))
        moments = raw.get("moments")
        if not isinstance(moments, list):
            raise ValueError("a review needs its list of moments")
        version_text = raw.get("version")
        if not isinstance(version_text, str):
            raise ValueError("a review needs its version")
        out = [Moment.from_json(m) for m in moments]
        if any(m.seat >= players for m in out):
            raise ValueError("a review moment names a seat the game does not have")
        return cls(version_text, players, tuple(humans), tuple(curve), tuple(out))


Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class Todo:
    index: int
    seat: int
    game: Game  # the position before the move (the true game; only its view is used)
    move: Move


def positions(
    players: int, seed: int, first_player: int, moves: Sequence[tuple[int, Move]],
    humans: Sequence[int],
) -> tuple[list[Todo], list[Point]]:  # fmt: skip
    """Replay the game: the human decisions that had a choice, and the chart's points."""
    g = new_game(players, seed, first_player)
    todo: list[Todo] = []
    curve = [Point(g.round, tuple(chances(g)))]
    for i, (seat, move) in enumerate(moves):
        if seat in humans and len(g.legal_moves(seat)) > 1:
            todo.append(Todo(i, seat, g.clone(), move))
        before = g.round
        g.play(seat, move)
        if g.round != before or g.over:
            curve.append(Point(g.round, tuple(chances(g))))
    return todo, curve


def analyse(
    players: int,
    seed: int,
    first_player: int,
    moves: Sequence[tuple[int, Move]],
    humans: Sequence[int],
    depth: Depth = DEFAULT_DEPTH,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
    share: tuple[int, int] = (0, 1),
) -> Review:
    """Review every human decision; ``Cancelled`` if ``cancelled()`` turns true.

    ``share=(r, k)``: only every k-th decision from the r-th, so k processes can split one
    game (``Review.merge`` puts the parts together).
    """
    todo, curve = positions(players, seed, first_player, moves, humans)
    part, parts = share
    if not 0 <= part < parts:
        raise ValueError(f"share {share} is not a part of a whole")
    todo = todo[part::parts]
    out: list[Moment] = []
    with closing(hard_policy(depth)) as hard:
        for done, item in enumerate(todo):
            if cancelled is not None and cancelled():
                raise Cancelled
            if progress is not None:
                progress(done, len(todo))
            out.append(judge(item, hard, depth, seed * 7919 + item.index))
    if progress is not None:
        progress(len(todo), len(todo))
    return Review(version(), players, tuple(sorted(set(humans))), tuple(curve), tuple(out))


def hard_policy(depth: Depth) -> Policy:
    """Hard with the table's reproducible work budget (its time budget without one)."""
    if depth.hard_steps:
        from game.ai.levels.hard_settings import HardSettings

        return make_policy("hard", settings=HardSettings(steps=depth.hard_steps))
    return make_policy("hard")


def judge(item: Todo, hard: Policy, depth: Depth, seed: int) -> Moment:
    """Hard's move for the decision, and both moves scored over the same sampled worlds."""
    g, seat = item.game, item.seat
    view = g.view(seat)
    pend = next(p for p in g.pending() if p.player == seat)
    legal = g.legal_moves(seat)
    best = hard.choose(view, pend.decision, legal, random.Random(seed), depth.hard_budget_s)
    moves = [item.move] if best == item.move else [item.move, best]
    results = score(view, moves, depth.worlds, seed)
    played = results[0]
    better = results[-1]
    reason = why(g, seat, pend.decision, item.move, best, played, better)
    return Moment(
        item.index, seat, g.round, str(pend.decision), item.move, best,
        played.chance, better.chance, reason,
    )  # fmt: skip


def score(view: View, moves: Sequence[Move], worlds: int, seed: int) -> list[Outcome]:
    """Each move's mean chance and round-end consequences over ``worlds`` sampled deals."""
    seat = view.player
    medium = make_policy("medium")
    sums = [Outcome() for _ in moves]
    for j in range(worlds):
        world_seed = seed * 1009 + j
        base = determinize(view, random.Random(world_seed))
        for i, move in enumerate(moves):
            g = base.clone()
            g.play(seat, move)
            rollout(g, medium, random.Random(world_seed))
            p = g.players[seat]
            cards = p.deck + p.discard + p.line
            sums[i].add(
                chances(g)[seat],
                p.tracks(),
                sum(1 for c in cards if c == VARAN),
                len(cards),
            )
    out = [s.mean() for s in sums]
    for o in out:
        o.chance = in_round(o.chance)
    return out


def rollout(g: Game, medium: Policy, rng: random.Random, limit: int = 600) -> None:
    """Every seat plays Medium until the next round starts or the game ends."""
    start = g.round
    for _ in range(limit):
        if g.over or g.round != start:
            return
        pend = g.pending()
        p = pend[rng.randrange(len(pend))] if len(pend) > 1 else pend[0]
        legal = g.legal_moves(p.player)
        # A sampled world is the rollout's own game: Medium reads it as its seat's view
        # (Medium uses pile contents only, never their order).
        move = legal[0] if len(legal) == 1 else medium.choose(
            View(p.player, g), p.decision, legal, rng, 0.0
        )  # fmt: skip
        g.play_unchecked(p.player, move)


class ReviewStore(Protocol):
    """Where finished reviews are kept by game key (``review_job.game_key``): beside the
    replays for the app (``game.app.review_cache``), in memory elsewhere. ``load`` gives
    ``None`` for a review that is missing, damaged or made by another analysis version."""

    def load(self, key: str) -> Review | None: ...
    def save(self, key: str, review: Review) -> None: ...


@dataclass
class MemoryReviews:
    """Reviews for one run only (tests, the self-test, a lesson)."""

    kept: dict[str, Review] = field(default_factory=dict)

    def load(self, key: str) -> Review | None:
        review = self.kept.get(key)
        return review if review is not None and review.version == version() else None

    def save(self, key: str, review: Review) -> None:
        self.kept[key] = review
