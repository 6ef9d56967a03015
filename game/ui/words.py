"""Sentences from the catalogue: moves, log lines, names. Every visible word goes through
``tr`` so a translation only adds a locale file."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.data import ELEMENTS, animals, boards, trees
from game.engine import Game, IllegalMove, Move
from game.engine import events as ev
from game.engine.moves import (
    ChooseAction,
    Draw,
    Finish,
    MoveSpirit,
    Pass,
    PickAnimal,
    PickFire,
    Plant,
    SkipBonus,
    Steal,
    Stop,
    UseFragment,
)
from game.engine.state import N_ROCKS

Tr = Callable[..., str]
SEASONS = boards().seasons


def counted(tr: Tr, key: str, amount: int, /, **fmt: object) -> str:
    """``key`` for a count: its ``.one`` form for exactly one, so no "(s)" is ever shown."""
    return tr(f"{key}.one" if amount == 1 else key, **fmt)


def card_name(tr: Tr, card: int) -> str:
    return tr(f"animal.{card}")


def tree_name(tr: Tr, kind: int | str) -> str:
    if kind == "start" or kind == len(trees()):
        return tr("tree.start")
    return tr(f"tree.{trees()[int(kind)].id}")


def season_name(tr: Tr, seat: int) -> str:
    return tr(f"season.{SEASONS[seat]}")


def element_name(tr: Tr, element: int | str) -> str:
    name = element if isinstance(element, str) else ELEMENTS[element]
    return tr(f"element.{name}")


def tile_name(tr: Tr, kind: str) -> str:
    return tr(f"tile.{kind}")


def rock_destination(game: Game, seat: int, distance: int) -> int:
    """Where ``distance`` rocks clockwise lands, jumping other standees (RULES §4.2)."""
    occupied = {q.rock for q in game.players if q.seat != seat}
    rock, steps = game.players[seat].rock, 0
    while steps < distance:
        rock = (rock + 1) % N_ROCKS
        if rock not in occupied:
            steps += 1
    return rock


def describe_move(
    tr: Tr, move: Move, game: Game | None = None, seat: int = -1, names: Sequence[str] = ()
) -> str:
    """What a click will do, as one plain sentence (the catalogue's ``Move.describe``)."""
    if isinstance(move, Draw):
        return tr("move.draw")
    if isinstance(move, Stop):
        return tr("move.stop")
    if isinstance(move, UseFragment):
        return tr("move.use_fragment")
    if isinstance(move, ChooseAction):
        return tr(f"move.action.{move.action}")
    if isinstance(move, Pass):
        return tr("move.pass")
    if isinstance(move, PickAnimal):
        return tr("move.pick_animal", name=card_name(tr, move.card), cost=animals()[move.card].cost)
    if isinstance(move, PickFire):
        return tr("move.pick_fire", value=move.value)
    if isinstance(move, Finish):
        return tr("move.finish")
    if isinstance(move, Plant):
        return tr("move.plant", tree=tree_name(tr, move.tree), column=move.x + 1, row=move.y + 1)
    if isinstance(move, MoveSpirit):
        if game is not None and seat >= 0:
            dest = rock_destination(game, seat, move.distance)
            bonus = tr(f"rock.{boards().rocks[dest]}")
            return counted(
                tr, "move.move_to", move.distance, n=move.distance, rock=dest, bonus=bonus
            )
        return counted(tr, "move.move", move.distance, n=move.distance)
    if isinstance(move, Steal):
        who = names[move.victim] if names else season_name(tr, move.victim)
        return tr("move.steal", tile=tile_name(tr, move.tile), name=who)
    if isinstance(move, SkipBonus):
        return tr("move.skip_bonus")
    return move.describe()


def log_sentence(tr: Tr, e: ev.Event, names: Sequence[str]) -> str | None:  # noqa: C901
    """The game log's sentence for ``e`` (``None`` for events the log leaves out)."""

    def n(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else str(seat)

    if isinstance(e, ev.RoundStarted):
        return tr("log.round_started", round=e.round, name=n(e.first_player))
    if isinstance(e, ev.Reshuffled):
        return counted(tr, "log.reshuffled", e.cards, name=n(e.player), cards=e.cards)
    if isinstance(e, ev.CardRevealed):
        return tr(
            "log.card_revealed", name=n(e.player), card=card_name(tr, e.card), solitary=e.solitary
        )
    if isinstance(e, ev.FragmentUsed):
        key = "log.fragment_used_varan" if e.to_varan_supply else "log.fragment_used"
        return tr(key, name=n(e.player), card=card_name(tr, e.card))
    if isinstance(e, ev.PlayerStopped):
        key = "log.player_forced" if e.forced else "log.player_stopped"
        return counted(tr, key, e.actions, name=n(e.player), solitary=e.solitary, actions=e.actions)
    if isinstance(e, ev.ActionPhaseStarted):
        return tr("log.action_phase")
    if isinstance(e, ev.TurnStarted):
        return counted(tr, "log.turn_started", e.actions, name=n(e.player), actions=e.actions)
    if isinstance(e, ev.ActionChosen):
        return tr("log.action_chosen", name=n(e.player), action=tr(f"action.{e.action}"))
    if isinstance(e, ev.BonusStarted):
        return tr(
            "log.bonus_started",
            name=n(e.player),
            bonus=tr(f"bonus.{e.bonus}"),
            source=tr(f"source.{e.source}"),
            extra=e.extra,
        )
    if isinstance(e, ev.BonusSkipped):
        return tr("log.bonus_skipped", name=n(e.player), bonus=tr(f"bonus.{e.bonus}"))
    if isinstance(e, ev.FragmentsTaken):
        return counted(tr, "log.fragments_taken", e.count, name=n(e.player), count=e.count)
    if isinstance(e, ev.AnimalAttracted):
        return tr("log.animal_attracted", name=n(e.player), card=card_name(tr, e.card))
    if isinstance(e, ev.FireExtinguished):
        return tr("log.fire_extinguished", name=n(e.player), value=e.value)
    if isinstance(e, ev.TreePlanted):
        text = tr(
            "log.tree_planted",
            name=n(e.player),
            tree=tree_name(tr, e.tree),
            column=e.x + 1,
            row=e.y + 1,
        )
        if e.line_bonuses:
            text += " " + tr("log.line_bonus", count=len(e.line_bonuses))
        return text
    if isinstance(e, ev.StandeeMoved):
        return tr("log.standee_moved", name=n(e.player), rock=e.end, steps=len(e.path))
    if isinstance(e, ev.TileStolen):
        return tr(
            "log.tile_stolen", name=n(e.thief), victim=n(e.victim), tile=tile_name(tr, e.tile)
        )
    if isinstance(e, ev.NothingToSteal):
        return tr("log.nothing_to_steal", name=n(e.thief), victim=n(e.victim))
    if isinstance(e, ev.Passed):
        return tr("log.passed", name=n(e.player), left=e.actions_left)
    if isinstance(e, ev.OnibiAttack):
        return counted(tr, "log.onibi_attack", e.fires, power=e.firepower, fires=e.fires)
    if isinstance(e, ev.VaransDealt):
        return counted(tr, "log.varans_dealt", e.count, name=n(e.player), count=e.count)
    if isinstance(e, ev.FiresAdded):
        values = ", ".join(str(v) for v in e.values)
        return counted(tr, "log.fires_added", len(e.values), count=len(e.values), values=values)
    if isinstance(e, ev.ReserveRefilled):
        return counted(tr, "log.reserve_refilled", len(e.cards), level=e.level, count=len(e.cards))
    if isinstance(e, ev.HelpLinesReturned):
        return tr("log.help_lines_returned")
    if isinstance(e, ev.SacredTreePassed):
        return tr("log.sacred_tree_passed", name=n(e.player))
    if isinstance(e, ev.GameOver):
        if not e.winners:
            return tr("log.game_over_none")
        return tr("log.game_over", names=", ".join(n(w) for w in e.winners))
    return None


def hint_sentence(tr: Tr, advice: Any, describe: Callable[[Move], str]) -> str:
    """The hint bar's sentence for ``game.ai.hint.Advice`` (``None``: nothing to decide)."""
    if advice is None:
        return tr("hint.nothing")
    why = tr("hint.join").join(_reason(tr, key, params) for key, params in advice.reasons)
    return tr("hint.says", move=describe(advice.move), why=why)


def _reason(tr: Tr, key: str, params: dict[str, Any]) -> str:
    fmt = dict(params)
    if key == "track":
        fmt["track"] = tr(f"hint.track.{fmt['track']}")
    elif key == "for_good":
        fmt["element"] = tr(f"element.{fmt['element']}")
        fmt["n"] = f"{fmt['n']:+d}"
        return tr("hint.reason.for_good", **fmt)
    n = fmt.get("n")
    if isinstance(n, int):
        return counted(tr, f"hint.reason.{key}", n, **fmt)
    return tr(f"hint.reason.{key}", **fmt)


def refusal_text(tr: Tr, error: IllegalMove, has: Callable[[str], bool] | None = None) -> str:
    """The engine's reason for refusing a move, in the player's language."""
    key = f"illegal.{error.code}"
    if has is not None and not has(key):
        return str(error)
    fmt: dict[str, object] = dict(error.numbers)
    if "action" in fmt:
        fmt["name"] = tr(f"action.{fmt['action']}")
    return tr(key, **fmt)


def as_sentence(text: str) -> str:
    """A refusal shown on its own (the catalogue words it to follow "Not now:"): a capital
    first letter and a full stop. Korean has no case; its sentences get the stop only."""
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text[-1] in ".!?" else ".")
