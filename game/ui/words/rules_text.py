"""The rules text shown on hover and right-click, for every thing on the table."""

from __future__ import annotations

from dataclasses import dataclass

from game.data import ELEMENTS, animals, boards, trees
from game.engine import Game
from game.engine.state import COLUMNS, CORNERS, LINES, ROCKS, START_SPACE
from game.ui.table.targets import Target
from game.ui.words.sentences import (
    Tr,
    card_name,
    counted,
    element_name,
    season_name,
    tile_name,
    tree_name,
)


@dataclass(frozen=True)
class RulesText:
    title: str
    body: str
    image: tuple = ()  # (art name, *args) to show enlarged, or empty


def _elements(tr: Tr, values: tuple[int, ...]) -> str:
    parts = [f"{v:+d} {element_name(tr, e)}" for e, v in zip(ELEMENTS, values, strict=True) if v]
    return ", ".join(parts) if parts else tr("rules.no_elements")


def card_text(tr: Tr, card: int) -> RulesText:
    c = animals()[card]
    if c.is_varan:
        return RulesText(card_name(tr, card), tr("rules.varan"), ("card_face", card))
    level = (
        tr("rules.card_start")
        if c.level == 0
        else tr("rules.card_level", level=c.level, cost=c.cost)
    )
    body = "\n".join(
        [
            level,
            tr(f"rules.symbol.{c.symbol}"),
            tr("rules.gives", elements=_elements(tr, c.elements)),
        ]
    )
    return RulesText(card_name(tr, card), body, ("card_face", card))


def tree_text(tr: Tr, kind: int, game: Game | None = None) -> RulesText:
    t = trees()[kind]
    lines = [
        tr("rules.tree_cost", cost=t.cost),
        tr("rules.gives", elements=_elements(tr, t.elements)),
    ]
    if t.special:
        lines.append(tr("rules.tree_11"))
    if game is not None:
        lines.append(tr("rules.tree_left", count=game.tree_supply[kind]))
    lines.append(tr("rules.tree_victory"))
    return RulesText(tree_name(tr, kind), "\n".join(lines), ("tree", kind))


def space_text(tr: Tr, game: Game, seat: int, x: int, y: int) -> RulesText:
    space = y * COLUMNS + x
    tree = game.players[seat].forest[space]
    lines = []
    if space == START_SPACE:
        lines.append(tr("rules.start_tree"))
    elif tree >= 0:
        t = tree_text(tr, tree)
        lines.append(t.title + ": " + t.body.split("\n")[1])
    else:
        lines.append(tr("rules.space_empty"))
    corner = CORNERS.get(space)
    if corner is not None:
        lines.append(tr(f"rules.corner.{corner.bonus}", amount=corner.amount))
    for spaces, element, amount in LINES:
        if space in spaces:
            lines.append(tr("rules.line", amount=amount, element=element_name(tr, element)))
    title = tr("rules.space_title", column=x + 1, row=y + 1)
    image = ("tree", "start" if space == START_SPACE else tree) if tree >= 0 else ()
    if space == START_SPACE:
        image = ("tree", "start")
    return RulesText(title, "\n".join(lines), image)


def describe_target(tr: Tr, t: Target, game: Game) -> RulesText | None:  # noqa: C901
    """Rules text for the thing under the pointer, or ``None`` for plain background."""
    k = t.kind
    if k in ("reserve", "help_card"):
        return card_text(tr, t.a if k == "reserve" else t.c)
    if k == "tree_kind":
        return tree_text(tr, t.a, game)
    if k == "space":
        return space_text(tr, game, t.a, t.b, t.c)
    if k == "rock":
        return RulesText(
            tr("rules.rock_title", rock=t.a),
            tr("rules.rock", bonus=tr(f"rock.{ROCKS[t.a]}")) + "\n" + tr("rules.move"),
        )
    if k == "centre_fire":
        return RulesText(tr("rules.fire_title", value=t.a), tr("rules.fire"), ("fire_tile", t.a))
    if k == "market":
        left = len(game.market[t.a - 1])
        return RulesText(
            tr("rules.market_title", level=t.a), counted(tr, "rules.market", left, count=left)
        )
    if k == "draw_pile":
        p = game.players[t.a]
        return RulesText(
            tr("rules.draw_pile_title", name=season_name(tr, t.a)),
            counted(tr, "rules.draw_pile", len(p.deck), count=len(p.deck), known=p.known_top),
            ("card_back",),
        )
    if k == "discard":
        p = game.players[t.a]
        return RulesText(
            tr("rules.discard_title", name=season_name(tr, t.a)),
            counted(tr, "rules.discard", len(p.discard), count=len(p.discard)),
        )
    if k in ("fragments", "fragment_supply"):
        return RulesText(tr("rules.fragment_title"), tr("rules.fragment"), ("fragment",))
    if k == "varan_supply":
        return RulesText(
            tr("rules.varan_title"),
            tr("rules.varan") + "\n" + tr("rules.varan_supply", count=game.varans),
            ("card_face", 66),
        )
    if k in ("fires", "fire_supply"):
        return RulesText(tr("rules.fires_title"), tr("rules.fire"), ("fire_tile", 2))
    if k == "victory":
        return RulesText(
            tile_name(tr, t.s),
            tr(f"rules.victory.{t.s}"),
            ("victory_tile", t.s, boards().seasons[max(0, t.b)]),
        )
    if k == "tracks":
        return RulesText(tr("rules.tracks_title"), tr("rules.tracks"))
    if k == "totals":
        return RulesText(tr("rules.totals_title"), tr("rules.totals"))
    if k == "standee":
        return RulesText(
            season_name(tr, t.a), tr("rules.standee"), ("standee", boards().seasons[t.a])
        )
    if k == "sacred_tree":
        return RulesText(tr("rules.sacred_tree_title"), tr("rules.sacred_tree"), ("sacred_tree",))
    if k == "firepower":
        return RulesText(tr("rules.onibi_title"), tr("rules.onibi"))
    return None
