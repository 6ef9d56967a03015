"""Statistics of finished matches: what is counted and how (the app keeps them in a file,
``game/app/stats_file.py``; tests and the self-test keep them in memory).

Counted per seat: each seat of a finished match adds one game played (and maybe one win) to
its kind ("human" or an AI level). Victory types count the winners' winning tracks; streaks
count consecutive matches a human seat won (matches without a human seat leave them alone).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from game.engine import Game
from game.engine.state import GOAL
from game.seats import SEAT_KINDS

VICTORIES: tuple[str, ...] = ("trees", "fires", "flowers")
RECENT = 20


@dataclass
class Tally:
    played: int = 0
    won: int = 0

    @property
    def rate(self) -> float:
        return self.won / self.played if self.played else 0.0


@dataclass(frozen=True)
class GameSummary:
    """What statistics need from one finished match."""

    kinds: tuple[str, ...]  # seat kinds, by seat
    winners: tuple[int, ...]
    victories: tuple[str, ...]  # the winning track of each winner
    rounds: int
    best_human_total: int  # 0 without a human seat
    key: str = ""  # identifies the match, so recording it twice counts once
    # Seats a person played at another screen (online): a human's, but not this player's,
    # so their win is neither this player's nor an AI's.
    elsewhere: tuple[int, ...] = ()

    def ours(self, seat: int) -> bool:
        return self.kinds[seat] == "human" and seat not in self.elsewhere

    @property
    def human_won(self) -> bool:
        return any(self.ours(w) for w in self.winners)

    @property
    def has_human(self) -> bool:
        return any(self.ours(i) for i in range(len(self.kinds)))


def summarize(
    game: Game, kinds: list[str] | tuple[str, ...], key: str = "", elsewhere: tuple[int, ...] = ()
) -> GameSummary:
    result = game.result()
    victories = []
    for w in result.winners:
        s = result.scores[w]
        tracks = {"trees": s.trees, "fires": s.fires, "flowers": s.flowers}
        victories.append(max(VICTORIES, key=lambda t: (tracks[t] >= GOAL, tracks[t])))
    humans = [
        result.scores[i].total for i, k in enumerate(kinds) if k == "human" and i not in elsewhere
    ]
    return GameSummary(
        tuple(kinds),
        tuple(result.winners),
        tuple(victories),
        game.round,
        max(humans, default=0),
        key,
        elsewhere,
    )


@dataclass
class MatchStats:
    played: int = 0
    human_wins: int = 0
    ai_wins: int = 0
    best_total: int = 0
    rounds: int = 0  # summed over matches, for the average
    by_kind: dict[str, Tally] = field(default_factory=lambda: {k: Tally() for k in SEAT_KINDS})
    by_victory: dict[str, int] = field(default_factory=lambda: dict.fromkeys(VICTORIES, 0))
    shared: int = 0  # matches whose victory was shared after a tie
    streak: int = 0
    best_streak: int = 0
    recent: list[bool] = field(default_factory=list)  # human won, latest last
    last_key: str = ""

    @property
    def average_rounds(self) -> float:
        return self.rounds / self.played if self.played else 0.0

    def record(self, g: GameSummary) -> bool:
        """Count one finished match; ``False`` if it was already counted."""
        if g.key and g.key == self.last_key:
            return False
        self.last_key = g.key
        self.played += 1
        self.rounds += g.rounds
        for seat, kind in enumerate(g.kinds):
            tally = self.by_kind.setdefault(kind, Tally())
            tally.played += 1
            tally.won += seat in g.winners
        for v in g.victories:
            self.by_victory[v] = self.by_victory.get(v, 0) + 1
        self.shared += len(g.winners) > 1
        if any(g.kinds[w] != "human" for w in g.winners):
            self.ai_wins += 1
        if g.has_human:
            self.best_total = max(self.best_total, g.best_human_total)
            self.human_wins += g.human_won
            self.streak = self.streak + 1 if g.human_won else 0
            self.best_streak = max(self.best_streak, self.streak)
            self.recent = [*self.recent, g.human_won][-RECENT:]
        return True

    def to_json(self) -> dict[str, Any]:
        return {"version": 1, **asdict(self)}

    @classmethod
    def from_json(cls, raw: Any) -> MatchStats:
        """Statistics from a document; ``ValueError`` if anything is the wrong type."""
        if type(raw) is not dict or raw.get("version") != 1:
            raise ValueError("not a statistics file of version 1")
        s = cls()
        for name in (
            "played",
            "human_wins",
            "ai_wins",
            "best_total",
            "rounds",
            "shared",
            "streak",
            "best_streak",
        ):
            setattr(s, name, _count(raw.get(name, 0)))
        kinds = raw.get("by_kind", {})
        if type(kinds) is not dict or not all(k in SEAT_KINDS for k in kinds):
            raise ValueError("by_kind must count seat kinds")
        for k, t in kinds.items():
            if type(t) is not dict:
                raise ValueError("a tally must be an object")
            s.by_kind[k] = Tally(_count(t.get("played", 0)), _count(t.get("won", 0)))
        victories = raw.get("by_victory", {})
        if type(victories) is not dict or not all(k in VICTORIES for k in victories):
            raise ValueError("by_victory must count victory types")
        s.by_victory.update({k: _count(v) for k, v in victories.items()})
        recent = raw.get("recent", [])
        if type(recent) is not list or not all(type(b) is bool for b in recent):
            raise ValueError("recent must be a list of true/false")
        s.recent = recent[-RECENT:]
        key = raw.get("last_key", "")
        s.last_key = key if type(key) is str and len(key) < 200 else ""
        return s


def _count(v: Any) -> int:
    if type(v) is not int or not 0 <= v < 10**9:
        raise ValueError("a count must be a non-negative integer")
    return v
