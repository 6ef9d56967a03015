"""What the scenes around the table hold it by. The end-of-round walkthrough, the game's
results and a lesson open the table by name (``SceneRegistry``) and never import its scene
module; they reach it through ``TableRole``, and tell a table from other scenes by its
``kind`` (``TABLE_KINDS``)."""

from __future__ import annotations

from typing import Any, Protocol, cast

import pygame

from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.table.alerts import TableAlerts
from game.ui.table.board import BoardView
from game.ui.table.event_director import EventDirector
from game.ui.table.hud import Pointer
from game.ui.table.layout import Layout
from game.ui.table.match import Match
from game.ui.table.target_map import TargetMap
from game.ui.table.targets import Target

TABLE_KINDS: tuple[str, ...] = ("draw", "action")  # the table scene's kind, by phase shown


class TableRole(Protocol):
    """The table scene (``game.ui.scenes.table.TableScene``) as the scenes around it use it."""

    match: Match
    board: BoardView
    director: EventDirector
    targets: TargetMap
    pointer: Pointer
    alerts: TableAlerts
    tentative: object | None  # a planting waiting for Confirm
    selected_tree: int

    @property
    def kind(self) -> str: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def palette(self) -> theme.Palette: ...
    @property
    def speed(self) -> float: ...

    def human_seat(self) -> int: ...
    def hit(self, pos: tuple[int, int]) -> Target | None: ...
    def autosave(self, force: bool = False) -> None: ...
    def tick(self, dt: float) -> None: ...
    def run_seats(self, dt: float) -> bool: ...
    def advance(self, dt: float) -> bool: ...
    def busy(self) -> bool: ...
    def open_rules(self) -> None: ...
    def handle_event(self, event: pygame.event.Event) -> None: ...
    def finish_shown(self) -> None: ...
    def draw(self, p: Painter) -> None: ...
    def resized(self) -> None: ...


class Walkthrough(Protocol):
    """The end-of-round walkthrough as the table sees it while it is up."""

    def banner_text(self) -> str: ...


def table_of(scene: Any) -> TableRole | None:
    """The table a scene is or holds: the table itself, or the one the walkthrough or the
    results hold (scenes are known by kind, never by class); ``None`` for any other."""
    if scene is None:
        return None
    if scene.kind in TABLE_KINDS:
        return cast(TableRole, scene)
    if scene.kind in ("end_of_round", "game_over"):
        return cast(TableRole, scene.table)
    return None
