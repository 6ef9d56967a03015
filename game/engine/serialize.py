"""Exact JSON round trip of a Game, with validation of everything read back.

The random state is the seed plus a shuffle counter per deck, so a restored game continues
exactly as the original would. Reading checks types, ranges and that every component is
somewhere exactly once; a bad document raises ``InvalidState`` with the reason.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import TYPE_CHECKING, Any

from game.engine.state import (
    CARD_LEVEL,
    CARDS,
    EMPTY,
    FIRE_SUPPLY,
    MARKET_CARDS,
    N_ROCKS,
    NEIGHBOURS,
    SPACES,
    START_SPACE,
    START_TREE,
    STARTING_CARDS,
    SUPPLY,
    TREES,
    VARAN,
    VICTORY_KINDS,
    Phase,
    PlayerState,
    Task,
)
from game.engine.vocab import Source, TaskKind, Tile, parse

if TYPE_CHECKING:
    from game.engine.game import Game

SCHEMA_VERSION = 1


class InvalidState(ValueError):
    """A saved game that cannot be a position of Living Forest."""


def game_to_json(g: Game) -> dict[str, Any]:
    return {
        "schema_version": SCHEMA_VERSION,
        "players": g.n,
        "seed": g.seed,
        "round": g.round,
        "phase": g.phase.value,
        "first": g.first,
        "turn": g.turn,
        "reserve": [r[:] for r in g.reserve],
        "market": [m[:] for m in g.market],
        "centre": g.centre[:],
        "fire_supply": {str(k): v for k, v in sorted(g.fire_supply.items())},
        "varans": g.varans,
        "fragments": g.fragments,
        "tree_supply": g.tree_supply[:],
        "attracted": g.attracted[:],
        "tasks": [_task_to_json(t) for t in g.tasks],
        "is_view": g.is_view,
        "seats": [_player_to_json(p) for p in g.players],
    }


def _player_to_json(p: PlayerState) -> dict[str, Any]:
    return {
        "deck": p.deck[:],
        "known_top": p.known_top,
        "shuffles": p.shuffles,
        "discard": p.discard[:],
        "line": p.line[:],
        "just_revealed": p.just_revealed,
        "stopped": p.stopped,
        "forest": p.forest[:],
        "fragments": p.fragments,
        "fires": p.fires[:],
        "tiles": [[str(k), s] for k, s in p.tiles],
        "rock": p.rock,
        "actions_left": p.actions_left,
        "used": p.used,
    }


def _task_to_json(t: Task) -> list[Any]:
    return [str(t.kind), str(t.source), t.extra, t.spent, t.picks, t.victim, t.announced]


# --- reading ---------------------------------------------------------------------------


def _int(raw: Any, name: str, lo: int, hi: int) -> int:
    if type(raw) is not int or not lo <= raw <= hi:
        raise InvalidState(f"{name} must be an integer from {lo} to {hi}")
    return raw


def _bool(raw: Any, name: str) -> bool:
    if type(raw) is not bool:
        raise InvalidState(f"{name} must be true or false")
    return raw


def _ints(raw: Any, name: str, lo: int, hi: int, max_len: int = 1000) -> list[int]:
    if type(raw) is not list or len(raw) > max_len:
        raise InvalidState(f"{name} must be a list of at most {max_len} integers")
    return [_int(v, f"{name} item", lo, hi) for v in raw]


def _obj(raw: Any, name: str) -> dict[str, Any]:
    if type(raw) is not dict:
        raise InvalidState(f"{name} must be an object")
    return raw


def game_from_json(raw: Any, blank: Game) -> Game:
    """Fill ``blank`` (a ``Game.__new__(Game)``, no field set: this module sits below the
    class) from ``raw`` and check the result; ``InvalidState`` says what is wrong."""
    raw = _obj(raw, "the game")
    version = raw.get("schema_version")
    if version != SCHEMA_VERSION:
        raise InvalidState(f"unknown schema_version {version!r} (expected {SCHEMA_VERSION})")
    try:
        g = _read_game(raw, blank)
    except KeyError as e:
        raise InvalidState(f"missing field {e.args[0]!r}") from None
    except (TypeError, ValueError) as e:  # a shape the field checks did not foresee
        if isinstance(e, InvalidState):
            raise
        raise InvalidState(f"malformed game: {e}") from None
    check_invariants(g)
    return g


def _read_game(raw: dict[str, Any], g: Game) -> Game:
    n = _int(raw["players"], "players", 2, 4)
    g.n = n
    g.seed = _int(raw["seed"], "seed", -(2**63), 2**64)
    g.round = _int(raw["round"], "round", 1, 10_000)
    phase = raw["phase"]
    if type(phase) is not str or phase not in {p.value for p in Phase}:
        raise InvalidState(f"unknown phase {phase!r}")
    g.phase = Phase(phase)
    g.first = _int(raw["first"], "first", 0, n - 1)
    g.turn = _int(raw["turn"], "turn", -1, n - 1)
    last_card = len(CARDS) - 1
    reserve, market = raw["reserve"], raw["market"]
    if not all(type(x) is list and len(x) == 3 for x in (reserve, market)):
        raise InvalidState("reserve and market must each hold three levels")
    g.reserve = [_ints(r, "reserve", 1, last_card, 4) for r in reserve]
    g.market = [_ints(m, "market", 1, last_card, 100) for m in market]
    g.centre = _ints(raw["centre"], "centre", 2, 4, 7)
    fs = _obj(raw["fire_supply"], "fire_supply")
    if set(fs) != {str(v) for v in FIRE_SUPPLY}:
        raise InvalidState("fire_supply must give each Fire value")
    g.fire_supply = {int(k): _int(v, "fire_supply", 0, FIRE_SUPPLY[int(k)]) for k, v in fs.items()}
    g.varans = _int(raw["varans"], "varans", 0, SUPPLY.varans)
    g.fragments = _int(raw["fragments"], "fragments", 0, SUPPLY.fragments)
    g.tree_supply = _ints(raw["tree_supply"], "tree_supply", 0, 4, len(TREES))
    if len(g.tree_supply) != len(TREES):
        raise InvalidState("tree_supply must list every tree kind")
    g.attracted = _ints(raw["attracted"], "attracted", 0, 65, 3)
    if len(g.attracted) != 3:
        raise InvalidState("attracted must hold three levels")
    tasks = raw["tasks"]
    if type(tasks) is not list or len(tasks) > 32:
        raise InvalidState("tasks must be a short list")
    g.tasks = [_read_task(t, n) for t in tasks]
    g.is_view = _bool(raw["is_view"], "is_view")
    seats = raw["seats"]
    if type(seats) is not list or len(seats) != n:
        raise InvalidState("there must be one seat per player")
    g.players = [_read_player(s, i) for i, s in enumerate(seats)]
    return g


def _read_task(raw: Any, n: int) -> Task:
    if type(raw) is not list or len(raw) != len(Task._fields):
        raise InvalidState("a task must be a list of its fields")
    kind, source, extra, spent, picks, victim, announced = raw
    try:
        kind, source = parse(TaskKind, kind, "a task's kind"), parse(Source, source, "its source")
    except ValueError as e:
        raise InvalidState(str(e)) from None
    return Task(
        kind,
        source,
        _int(extra, "task extra", 0, 10),
        _int(spent, "task spent", 0, 1000),
        _int(picks, "task picks", 0, 100),
        _int(victim, "task victim", -1, n - 1),
        _bool(announced, "task announced"),
    )


def _read_player(raw: Any, seat: int) -> PlayerState:
    raw = _obj(raw, "a seat")
    last_card = len(CARDS) - 1
    line = _ints(raw["line"], "line", 1, last_card, 200)
    forest = _ints(raw["forest"], "forest", -1, START_TREE, SPACES)
    if len(forest) != SPACES or forest[START_SPACE] != START_TREE:
        raise InvalidState("a Forest has 15 spaces with the starting tree in the centre")
    tiles = raw["tiles"]
    if type(tiles) is not list or len(tiles) > 12:
        raise InvalidState("tiles must be a short list")
    parsed_tiles = []
    for t in tiles:
        if type(t) is not list or len(t) != 2:
            raise InvalidState("a Victory tile is [kind, season]")
        try:
            kind = parse(Tile, t[0], "a Victory tile")
        except ValueError as e:
            raise InvalidState(str(e)) from None
        parsed_tiles.append((kind, _int(t[1], "tile season", 0, 3)))
    p = PlayerState(
        seat=seat,
        deck=_ints(raw["deck"], "deck", 1, last_card, 200),
        known_top=_int(raw["known_top"], "known_top", 0, 200),
        shuffles=_int(raw["shuffles"], "shuffles", 0, 1_000_000),
        discard=_ints(raw["discard"], "discard", 1, last_card, 200),
        line=line,
        line_elems=[],
        solitary=0,
        gregarious=0,
        just_revealed=_bool(raw["just_revealed"], "just_revealed"),
        stopped=_bool(raw["stopped"], "stopped"),
        forest=forest,
        forest_elems=[0, 0, 0, 0, 0],
        lines_done=0,
        fragments=_int(raw["fragments"], "fragments", 0, 20),
        fires=_ints(raw["fires"], "fires", 2, 4, 60),
        tiles=parsed_tiles,
        rock=_int(raw["rock"], "rock", 0, N_ROCKS - 1),
        actions_left=_int(raw["actions_left"], "actions_left", 0, 2),
        used=_int(raw["used"], "used", 0, 63),
    )
    if p.known_top > len(p.deck):
        raise InvalidState("known_top cannot exceed the deck")
    p.recompute()
    return p


def check_invariants(g: Game) -> None:
    """Every component in exactly one place, and the state reachable by the rules."""
    # (each component counted in one pass, written out: the tests check every few moves of
    # thousands of games, and every load checks once)
    n = g.n
    pile: list[int] = []
    for p in g.players:
        pile += p.deck
        pile += p.discard
        pile += p.line
    for row in g.reserve:
        pile += row
    for deck in g.market:
        pile += deck
    cards = Counter(pile)
    expected = _all_cards(n)
    varans_out = cards.pop(VARAN, 0)
    if cards != expected:  # (against a plain dict: compared as dicts, no zero counts here)
        diff = (cards - Counter(expected)) + (Counter(expected) - cards)
        raise InvalidState(f"cards are missing or duplicated: {sorted(diff)}")
    if varans_out + g.varans != SUPPLY.varans:
        raise InvalidState("Fire Varans in play and in the supply do not add up")
    for level, row in enumerate(g.reserve, start=1):
        for c in row + g.market[level - 1]:
            if CARD_LEVEL[c] != level:
                raise InvalidState(f"a card of the wrong level is in the level-{level} market")
    fires: Counter[int] = Counter(g.centre)
    for p in g.players:
        fires.update(p.fires)
    for v, total in FIRE_SUPPLY.items():
        if fires[v] + g.fire_supply[v] != total:
            raise InvalidState(f"Fire tiles of value {v} do not add up")
    if g.fragments + sum(p.fragments for p in g.players) != SUPPLY.fragments:
        raise InvalidState("Fragments do not add up")
    planted: Counter[int] = Counter()
    for p in g.players:
        planted.update(p.forest)
    for k, tree in enumerate(TREES):
        if planted[k] + g.tree_supply[k] != tree.copies[n]:
            raise InvalidState(f"{tree.name} tiles do not add up")
    tiles: Counter[tuple[Tile, int]] = Counter()
    for p in g.players:
        tiles.update(p.tiles)
    if tiles != _all_tiles(n):
        raise InvalidState("Victory tiles do not add up")
    rocks = [p.rock for p in g.players]
    if len(set(rocks)) != n:
        raise InvalidState("two Spirits stand on the same rock")
    for p in g.players:
        forest = p.forest
        # trees beside the starting space's own: the Forest must connect them to it
        others = SPACES - forest.count(EMPTY) - (forest[START_SPACE] != EMPTY)
        if others and not _connected(forest):
            raise InvalidState("a Forest tree is not connected to the starting tree")
        if p.uncancelled > 3:
            raise InvalidState("a Help Line holds more than three uncancelled solitary symbols")
    _check_phase(g)


@cache
def _all_cards(n: int) -> dict[int, int]:
    """Every animal card of an ``n``-player game, Varans aside, and how many of each (read,
    never changed; a plain dict, which a ``Counter`` of the cards found equals exactly
    when they are the same cards)."""
    expected: dict[int, int] = {}
    for c in STARTING_CARDS:
        expected[c] = n
    for ids in MARKET_CARDS.values():
        for c in ids:
            expected[c] = 1
    return expected


@cache
def _all_tiles(n: int) -> dict[tuple[Tile, int], int]:
    """Every Victory tile of an ``n``-player game, by (kind, season): as ``_all_cards``."""
    return dict(Counter((k, s) for s in range(n) for k in VICTORY_KINDS))


def _connected(forest: list[int]) -> bool:
    seen, todo = {START_SPACE}, [START_SPACE]
    while todo:
        s = todo.pop()
        for t in NEIGHBOURS[s]:
            if forest[t] != EMPTY and t not in seen:
                seen.add(t)
                todo.append(t)
    # every tree reached: as many trees as spaces seen (the start is seen even when empty)
    return SPACES - forest.count(EMPTY) == len(seen) - (forest[START_SPACE] == EMPTY)


def _check_phase(g: Game) -> None:
    if g.phase is Phase.DRAW:
        if g.turn != -1 or g.tasks:
            raise InvalidState("no one takes actions during the draw phase")
        if all(p.stopped for p in g.players):
            raise InvalidState("everyone has stopped but the action phase has not begun")
    elif g.phase is Phase.ACTION:
        if g.turn < 0 or not all(p.stopped for p in g.players):
            raise InvalidState("the action phase needs a player to act and everyone stopped")
        if g.tasks and g.tasks[0].kind == TaskKind.FRAGMENT:
            raise InvalidState("a Fragment bonus is never left waiting")
    elif g.turn != -1 or g.tasks:
        raise InvalidState("a finished game has no one to act")
