"""Every table layout parses with pytmx and names every zone the table needs."""

from __future__ import annotations

import pytest
from pygame import Rect

from game.resources import level
from game.ui.kit.viewport import LOGICAL
from game.ui.table.layout import LayoutError, load_layout, read_layout, required_zones


def tmx_files():
    return sorted(level().glob("*.tmx")) if hasattr(level(), "glob") else []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_count_has_a_layout_with_every_zone(players: int) -> None:
    path = level(f"table_{players}p.tmx")
    layout = read_layout(path)
    assert layout.size == LOGICAL
    assert layout.missing(players) == [], path
    canvas = Rect(0, 0, *LOGICAL)
    for name in required_zones(players):
        assert canvas.contains(layout[name]), f"{path.name}: {name} leaves the canvas"


def test_every_tmx_in_levels_parses_and_is_complete() -> None:
    files = sorted(level("x").parent.glob("*.tmx"))
    assert len(files) >= 3
    for path in files:
        layout = read_layout(path)
        players = int(path.stem.split("_")[1][0])
        assert not layout.missing(players), path.name


@pytest.mark.parametrize("players", [2, 3, 4])
def test_player_panels_do_not_overlap(players: int) -> None:
    layout = read_layout(level(f"table_{players}p.tmx"))
    panels = [layout.player(p, "panel") for p in range(players)]
    for i, a in enumerate(panels):
        for b in panels[i + 1 :]:
            assert not a.colliderect(b)


def test_a_missing_zone_is_reported(tmp_path) -> None:
    from game.ui.table import layout as mod

    src = level("table_2p.tmx").read_text(encoding="utf-8")
    broken = tmp_path / "table_2p.tmx"
    broken.write_text(src.replace('name="log"', 'name="not_the_log"'), encoding="utf-8")
    assert "log" in read_layout(broken).missing(2)
    with pytest.raises(LayoutError):
        original = mod.layout_path
        mod.load_layout.cache_clear()
        mod.layout_path = lambda n: broken
        try:
            mod.load_layout(2)
        finally:
            mod.layout_path = original
            mod.load_layout.cache_clear()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_opponent_forest_is_larger_than_your_own(players: int) -> None:
    """Issue 32, item 8: at 2 players the opponent's Forest was drawn 300 high against the
    tray's 182; a row's Forest is now at most the size of the player's own."""
    layout = load_layout(players)
    own = layout["p0_forest"]
    for seat in range(1, players):
        forest = layout[f"p{seat}_forest"]
        assert forest.h <= own.h and forest.w <= own.w, (seat, forest, own)
    if players == 2:
        assert layout["p1_forest"].h == own.h  # the one opponent: the same size
    assert layout["expand_forest"].h > own.h  # a row opened at length still shows it large


ROW_PARTS = ("name", "totals", "draw_pile", "discard", "fragments", "fires", "victory", "tracks",
             "forest", "help_line")  # fmt: skip


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_seats_zones_lie_in_its_panel_and_never_overlap(players: int) -> None:
    """The tray, every opponent's row and the row opened at length: each part in its own
    place (issue 32, item 8: the rows were reworked to read at 1280x720)."""
    layout = load_layout(players)
    for pre in [f"p{s}_" for s in range(players)] + ["expand_"]:
        panel = layout[pre + "panel"]
        parts = [layout[pre + z] for z in ROW_PARTS]
        for i, a in enumerate(parts):
            assert panel.contains(a), (pre, ROW_PARTS[i], a, panel)
            assert a.collidelist(parts[i + 1 :]) < 0, (pre, ROW_PARTS[i])
