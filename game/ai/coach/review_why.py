"""Why a reviewed move cost win chance: one reason, as a catalogue key and its numbers.

The reasons come from what the paired rollouts saw at the end of the round (Fire Varans
received, track points, animals gained) and, for draw decisions, from the odds the hint
uses; when nothing stands out, the hint's own reasons for Hard's move are kept
(``game.ai.coach.hint.explain``). The table words them under ``review.why.`` (en/ko).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeGuard

from game.ai.coach.hint import Reason, explain
from game.engine import Decision, Game, Move
from game.engine.moves import Draw, Stop
from game.engine.state import CARD_GREGARIOUS, CARD_SOLITARY, SOLITARY_LIMIT

TRACKS = ("trees", "fires", "flowers")


@dataclass(slots=True)
class Outcome:
    """Sums (then means) over sampled worlds of what one move led to by the round's end."""

    chance: float = 0.0
    tracks: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])
    varans: float = 0.0
    cards: float = 0.0
    n: int = 0

    def add(self, chance: float, tracks: tuple[int, int, int], varans: int, cards: int) -> None:
        self.chance += chance
        for i in range(3):
            self.tracks[i] += tracks[i]
        self.varans += varans
        self.cards += cards
        self.n += 1

    def mean(self) -> Outcome:
        n = max(1, self.n)
        return Outcome(self.chance / n, [t / n for t in self.tracks], self.varans / n,
                       self.cards / n, self.n)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Why:
    """``key`` under ``review.why.`` with ``params``; ``reasons`` are hint reasons."""

    key: str
    params: dict[str, int | str] = field(default_factory=dict)
    reasons: tuple[Reason, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params),
                "reasons": [[k, dict(p)] for k, p in self.reasons]}  # fmt: skip

    @classmethod
    def from_json(cls, raw: Any) -> Why:
        if not isinstance(raw, dict) or raw.get("key") not in KEYS:
            raise ValueError("a review reason must name a known reason")
        params = raw.get("params")
        reasons = raw.get("reasons")
        if not _flat(params) or not isinstance(reasons, list):
            raise ValueError("a review reason's numbers must be a flat object")
        if not NEEDS[raw["key"]] <= set(params) or params.get("track", "trees") not in TRACKS:
            raise ValueError("a review reason lacks the numbers its sentence needs")
        out: list[Reason] = []
        for r in reasons:
            if not (isinstance(r, list) and len(r) == 2 and isinstance(r[0], str)
                    and r[0] in HINT_KEYS and _flat(r[1])):  # fmt: skip
                raise ValueError("a hint reason must be [key, numbers]")
            out.append((r[0], dict(r[1])))
        return cls(raw["key"], dict(params), tuple(out))


def _flat(d: Any) -> TypeGuard[dict[str, int | str]]:
    return isinstance(d, dict) and all(
        isinstance(k, str) and isinstance(v, int | str) and not isinstance(v, bool)
        for k, v in d.items()
    )


# Each reason and the numbers its sentence needs (a cached review is checked against this).
NEEDS: dict[str, frozenset[str]] = {
    "free_draw": frozenset({"solitary", "cards", "percent"}),
    "risky_draw": frozenset({"solitary", "cards", "percent"}),
    "varans": frozenset({"n"}),
    "track": frozenset({"track", "n"}),
    "cards": frozenset({"n"}),
    "hint": frozenset(),
    "same": frozenset(),
}
KEYS = tuple(NEEDS)
HINT_KEYS = frozenset({"attracted", "best_rated", "draw_odds", "for_good", "fragments",
                       "line_enough", "longer_line", "must_reveal", "steals", "stop_odds",
                       "track", "varan_back", "would_cost_action"})  # fmt: skip


def bust_percent(g: Game, seat: int) -> int:
    """Chance (%) that the next card revealed brings the solitary count to the limit."""
    p = g.players[seat]
    balance = p.solitary - p.gregarious
    if p.known_top:
        pool = [p.deck[-1]]
    else:
        hidden = p.deck[: len(p.deck) - p.known_top]
        pool = hidden or p.discard
    if not pool:
        return 0
    risky = sum(
        1 for c in pool if balance + CARD_SOLITARY[c] - CARD_GREGARIOUS[c] >= SOLITARY_LIMIT
    )
    return round(100 * risky / len(pool))


def why(
    g: Game, seat: int, decision: Decision, played: Move, best: Move,
    was: Outcome, could: Outcome,
) -> Why:  # fmt: skip
    """The one reason worth telling for playing ``best`` instead of ``played``."""
    if best == played:
        return Why("same")
    p = g.players[seat]
    if decision is Decision.DRAW and isinstance(played, Stop) and isinstance(best, Draw):
        risk = bust_percent(g, seat)
        cards = len(p.deck) if p.deck else len(p.discard)
        key = "free_draw" if risk == 0 else "risky_draw"
        return Why(key, {"solitary": p.uncancelled, "cards": cards, "percent": risk})
    varans = was.varans - could.varans
    if varans >= 0.5:
        return Why("varans", {"n": max(1, round(varans))})
    gains = [c - w for w, c in zip(was.tracks, could.tracks, strict=True)]
    k = max(range(3), key=lambda i: gains[i])
    if gains[k] >= 0.5:
        return Why("track", {"track": TRACKS[k], "n": max(1, round(gains[k]))})
    if could.cards - was.cards >= 0.5:
        return Why("cards", {"n": max(1, round(could.cards - was.cards))})
    reasons = explain(g.view(seat).game, seat, decision, best)
    return Why("hint", {}, reasons)
