"""The review screen's sentences: a mistake's moves, its cost and its one reason (en/ko)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai.coach.review import Moment
from game.ui.words.sentences import Tr, counted, describe_move, reason_text


def percent(x: float) -> int:
    return round(100 * x)


def move_text(tr: Tr, move: Any, seat: int, names: Sequence[str]) -> str:
    return describe_move(tr, move, None, seat, names)


def cost_text(tr: Tr, m: Moment) -> str:
    """Both chances and the difference in points."""
    best, played = percent(m.best_chance), percent(m.played_chance)
    return tr("review.difference", best=best, played=played, points=max(1, best - played))


def why_text(tr: Tr, m: Moment, names: Sequence[str]) -> str:
    """The one sentence of why, from the reason the analysis kept."""
    w = m.why
    better = move_text(tr, m.best, m.seat, names)
    params = dict(w.params)
    n = params.get("n")
    match w.key:
        case "free_draw":
            return counted(tr, "review.why.free_draw", int(params.get("cards", 0)), **params)
        case "risky_draw":
            return tr(f"review.why.{w.key}", **params)
        case "varans" | "cards" | "track":
            if "track" in params:
                params["track"] = tr(f"hint.track.{params['track']}")
            params["better"] = better
            return counted(tr, f"review.why.{w.key}", int(n or 0), **params)
        case "hint":
            reasons = tr("hint.join").join(_reasons(tr, w.reasons))
            return tr("review.why.hint", better=better, reasons=reasons or better)
        case _:
            return tr("review.why.same")


def _reasons(tr: Tr, reasons: Sequence[tuple[str, dict[str, Any]]]) -> list[str]:
    """The hint's reasons worded; one whose numbers do not fit its sentence is left out."""
    out = []
    for key, params in reasons:
        try:
            out.append(reason_text(tr, key, params))
        except (KeyError, ValueError, IndexError):
            continue
    return out
