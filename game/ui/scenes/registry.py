"""Every scene by the name other scenes open it with. The composition root (the app, a test,
the self-test) puts ``all_scenes()`` into the context; scenes then open each other with
``self.push("rules_help")``, ``self.replace("table", match)``, ``self.clear_to("menu")``."""

from __future__ import annotations

from collections.abc import Callable

from game.ui.context import Context
from game.ui.online.remote_match import RemoteMatch
from game.ui.scene import Scene, SceneRegistry
from game.ui.scenes.end_round import EndOfRoundOverlay
from game.ui.scenes.game_over import GameOverScene
from game.ui.scenes.info import CreditsScene, LaunchErrorScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.online import HostScene, OnlineScene
from game.ui.scenes.online_join import JoinScene
from game.ui.scenes.online_lobby import LobbyScene
from game.ui.scenes.online_overlays import HostGoneOverlay, OnlineMenuOverlay
from game.ui.scenes.online_tables import TablesScene
from game.ui.scenes.overlays import (
    ConfirmDialog,
    DiscardBrowser,
    PauseOverlay,
    RulesHelpOverlay,
    SettingsOverlay,
)
from game.ui.scenes.replay import ReplayBrowserScene, ReplayViewerScene
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.rules_help import RulesHelpScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.statistics import StatisticsScene
from game.ui.scenes.table import TableScene, scene_for_match
from game.ui.scenes.tutorial import TutorialMenuScene
from game.ui.table.match import Match


def pause_for(ctx: Context, match: Match | None = None) -> Scene:
    """The in-game menu of ``match``: an online table's neither pauses nor saves."""
    if isinstance(match, RemoteMatch):
        return OnlineMenuOverlay(ctx, match)
    return PauseOverlay(ctx, match)


SCENES: dict[str, Callable[..., Scene]] = {
    "menu": MenuScene,
    "setup": SetupScene,
    "online": OnlineScene,  # Menu › Play online: host or join (docs/network.md)
    "online_host": HostScene,
    "online_join": JoinScene,
    "online_lobby": LobbyScene,
    "online_tables": TablesScene,  # Menu › Your tables: the online seats held here
    "host_gone": HostGoneOverlay,  # over an online table: the host's app quit
    "table": scene_for_match,  # the table of a new or loaded match (game over: the results)
    "draw": TableScene,  # one table scene for the whole match: both phases' names open it
    "action": TableScene,
    "end_of_round": EndOfRoundOverlay,  # pushed by the table over itself, with the events
    "game_over": GameOverScene,
    "tutorial_menu": TutorialMenuScene,
    "rules_help": RulesHelpScene,
    "rules_help_about": RulesHelpScene.about,  # opened at what a target concerns
    "rules_card": RulesHelpOverlay,
    "statistics": StatisticsScene,
    "credits": CreditsScene,
    "launch_error": LaunchErrorScene,  # a folder of the player's files cannot be used
    "replays": ReplayBrowserScene,
    "replay": ReplayViewerScene,
    "review": ReviewScene,
    "pause": pause_for,  # the in-game menu (online: back to menu, leave the table)
    "settings": SettingsOverlay,
    "confirm": ConfirmDialog,
    "discard": DiscardBrowser,
}


def all_scenes() -> SceneRegistry:
    registry = SceneRegistry()
    for name, maker in SCENES.items():
        registry.register(name, maker)
    return registry
