"""Sentences from the catalogue: moves, log lines, names. Every visible word goes through
``tr`` so a translation only adds a locale file."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, assert_never, cast

from game.data import ELEMENTS, animals, boards, trees
from game.engine import Game, IllegalMove, Move, SkipReason, TaskKind
from game.engine import events as ev
from game.engine.moves import (
    AnyMove,
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
from game.engine.state import N_ROCKS, ROCKS

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


def line_bonus_sentence(tr: Tr, line: int) -> str:
    """A completed line of the Forest and what it gives for good (``TreePlanted.lines``
    holds indexes into the board's line bonuses)."""
    b = boards().line_bonuses[line]
    where = tr(f"line.{b.line}", n=b.index + 1)
    return tr("log.line_done", line=where, amount=b.amount, element=element_name(tr, b.element))


def bonus_skipped_sentence(tr: Tr, name: str, bonus: TaskKind, reason: SkipReason) -> str:
    fmt = {"name": name, "bonus": tr(f"bonus.{bonus}")}
    match reason:
        case SkipReason.DECLINED:
            return tr("log.bonus_declined", **fmt)
        case SkipReason.NOTHING_POSSIBLE:
            return tr("log.bonus_impossible", **fmt)
        case SkipReason.SUPPLY_EMPTY:
            return tr("log.bonus_no_fragment", **fmt)
        case _:
            assert_never(reason)


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
    m = cast(AnyMove, move)
    match m:
        case Draw():
            return tr("move.draw")
        case Stop():
            return tr("move.stop")
        case UseFragment():
            return tr("move.use_fragment")
        case ChooseAction():
            return tr(f"move.action.{m.action}")
        case Pass():
            return tr("move.pass")
        case PickAnimal():
            cost = animals()[m.card].cost
            return tr("move.pick_animal", name=card_name(tr, m.card), cost=cost)
        case PickFire():
            return tr("move.pick_fire", value=m.value)
        case Finish():
            return tr("move.finish")
        case Plant():
            return tr("move.plant", tree=tree_name(tr, m.tree), column=m.x + 1, row=m.y + 1)
        case MoveSpirit():
            if game is not None and seat >= 0:
                dest = rock_destination(game, seat, m.distance)
                bonus = tr(f"rock.{ROCKS[dest]}")
                return counted(tr, "move.move_to", m.distance, n=m.distance, rock=dest, bonus=bonus)
            return counted(tr, "move.move", m.distance, n=m.distance)
        case Steal():
            who = names[m.victim] if names else season_name(tr, m.victim)
            return tr("move.steal", tile=tile_name(tr, m.tile), name=who)
        case SkipBonus():
            return tr("move.skip_bonus")
        case _:
            assert_never(m)


def log_sentence(tr: Tr, event: ev.Event, names: Sequence[str]) -> str | None:  # noqa: C901
    """The game log's sentence for an event (``None`` for events the log leaves out)."""

    def n(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else str(seat)

    e = cast(ev.AnyEvent, event)
    match e:
        case ev.RoundStarted():
            return tr("log.round_started", round=e.round, name=n(e.first_player))
        case ev.Reshuffled():
            return counted(tr, "log.reshuffled", e.cards, name=n(e.player), cards=e.cards)
        case ev.CardRevealed():
            card = card_name(tr, e.card)
            return tr("log.card_revealed", name=n(e.player), card=card, solitary=e.solitary)
        case ev.FragmentUsed():
            key = "log.fragment_used_varan" if e.to_varan_supply else "log.fragment_used"
            return tr(key, name=n(e.player), card=card_name(tr, e.card))
        case ev.PlayerStopped():
            key = "log.player_forced" if e.forced else "log.player_stopped"
            fmt = {"name": n(e.player), "solitary": e.solitary, "actions": e.actions}
            return counted(tr, key, e.actions, **fmt)
        case ev.ActionPhaseStarted():
            return tr("log.action_phase")
        case ev.TurnStarted():
            return counted(tr, "log.turn_started", e.actions, name=n(e.player), actions=e.actions)
        case ev.ActionChosen():
            return tr("log.action_chosen", name=n(e.player), action=tr(f"action.{e.action}"))
        case ev.BonusStarted() if e.bonus == TaskKind.STEAL:
            return tr("log.steal_started", name=n(e.player))  # a jumped Spirit, not the rock
        case ev.BonusStarted():
            return tr(
                "log.bonus_started",
                name=n(e.player),
                bonus=tr(f"bonus.{e.bonus}"),
                source=tr(f"source.{e.source}"),
                extra=e.extra,
            )
        case ev.BonusSkipped():
            return bonus_skipped_sentence(tr, n(e.player), e.bonus, e.reason)
        case ev.StepEnded() | ev.TurnEnded():
            return None  # the next line (a turn, a bonus) says it
        case ev.FragmentsTaken():
            return counted(tr, "log.fragments_taken", e.count, name=n(e.player), count=e.count)
        case ev.AnimalAttracted():
            return tr("log.animal_attracted", name=n(e.player), card=card_name(tr, e.card))
        case ev.FireExtinguished():
            return tr("log.fire_extinguished", name=n(e.player), value=e.value)
        case ev.TreePlanted():
            text = tr(
                "log.tree_planted",
                name=n(e.player),
                tree=tree_name(tr, e.tree),
                column=e.x + 1,
                row=e.y + 1,
            )
            return " ".join([text, *(line_bonus_sentence(tr, i) for i in e.lines)])
        case ev.StandeeMoved():
            return tr("log.standee_moved", name=n(e.player), rock=e.end, steps=len(e.path))
        case ev.TileStolen():
            tile = tile_name(tr, e.tile)
            return tr("log.tile_stolen", name=n(e.thief), victim=n(e.victim), tile=tile)
        case ev.NothingToSteal():
            return tr("log.nothing_to_steal", name=n(e.thief), victim=n(e.victim))
        case ev.Passed():
            return tr("log.passed", name=n(e.player), left=e.actions_left)
        case ev.OnibiAttack():
            return counted(tr, "log.onibi_attack", e.fires, power=e.firepower, fires=e.fires)
        case ev.VaransDealt():
            return counted(tr, "log.varans_dealt", e.count, name=n(e.player), count=e.count)
        case ev.FiresAdded():
            values = ", ".join(str(v) for v in e.values)
            count = len(e.values)
            return counted(tr, "log.fires_added", count, count=count, values=values)
        case ev.ReserveRefilled():
            count = len(e.cards)
            return counted(tr, "log.reserve_refilled", count, level=e.level, count=count)
        case ev.HelpLinesReturned():
            return tr("log.help_lines_returned")
        case ev.SacredTreePassed():
            return tr("log.sacred_tree_passed", name=n(e.player))
        case ev.GameOver():
            if not e.winners:
                return tr("log.game_over_none")
            return tr("log.game_over", names=", ".join(n(w) for w in e.winners))
        case _:
            assert_never(e)


def hint_sentence(tr: Tr, advice: Any, describe: Callable[[Move], str]) -> str:
    """The hint bar's sentence for ``game.ai.coach.hint.Advice`` (``None``: nothing to decide)."""
    if advice is None:
        return tr("hint.nothing")
    why = tr("hint.join").join(reason_text(tr, key, params) for key, params in advice.reasons)
    return tr("hint.says", move=describe(advice.move), why=why)


def reason_text(tr: Tr, key: str, params: dict[str, Any]) -> str:
    """One of the hint's reasons (``game.ai.coach.hint``), worded: the hint bar and the review."""
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
    counts = list(error.numbers.values())[:1]  # a reason's first number is its count
    if counts == [1] and has is not None and has(f"{key}.one"):
        key = f"{key}.one"
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
