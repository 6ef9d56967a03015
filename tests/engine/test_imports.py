"""No import cycle inside the engine: each module can be read (and loaded) after the ones
it uses, so a part of the rules can be understood and tested without the rest. The walker
(``tests/imports.py``) counts imports inside functions and skips ``if TYPE_CHECKING:``."""

from __future__ import annotations

import ast
import textwrap

from tests import imports
from tests.imports import GAME, cycles, import_graph, module_imports

ENGINE = "game.engine"


def in_engine(module: str) -> bool:
    return module == ENGINE or module.startswith(ENGINE + ".")


def test_no_import_cycle_goes_through_the_engine() -> None:
    graph = import_graph()
    assert [c for c in cycles(graph) if any(in_engine(m) for m in c)] == []


def test_the_walker_sees_the_engine_modules_and_their_imports() -> None:
    graph = import_graph(GAME / "engine")
    files = [p.stem for p in (GAME / "engine").glob("*.py") if p.stem != "__init__"]
    assert set(graph) == {ENGINE, *(f"{ENGINE}.{stem}" for stem in files)}
    assert set(graph) > {"game.engine.game", "game.engine.decide", "game.engine.refusals"}
    assert {"game.engine.decide", "game.engine.serialize"} <= graph["game.engine.game"]
    assert "game.engine.game" in graph["game.engine.setup"]
    # apply reads Game for its annotations only: a type-checking import, not a dependency
    assert "game.engine.game" not in graph["game.engine.apply"]


def imports_of(source: str, name: str = "game.engine.x", is_package: bool = False) -> set[str]:
    modules = {"game", ENGINE, "game.engine.x", "game.engine.y", "game.engine.z", "game.data"}
    return module_imports(ast.parse(textwrap.dedent(source)), name, is_package, modules)


def test_imports_inside_functions_count_and_type_checking_ones_do_not() -> None:
    source = """
        from typing import TYPE_CHECKING
        if TYPE_CHECKING:
            from game.engine.z import Z
        def late():
            import game.engine.y
    """
    assert imports_of(source) == {"game.engine.y"}


def test_imports_in_every_kind_of_block_count() -> None:
    """The walker reads each statement list (``else``, ``except``, ``finally``, ``case``,
    loops, ``with``, classes), not only bodies."""
    source = """
        import typing
        try:
            pass
        except ImportError:
            import game.engine.x
        else:
            from game.engine import y
        finally:
            pass
        class C:
            def f(self):
                match self:
                    case 1:
                        with open(""):
                            for _ in ():
                                pass
                            else:
                                import game.engine.z
        if typing.TYPE_CHECKING:
            import game.data
        else:
            while False:
                pass
            else:
                import game
    """
    assert imports_of(source, name="game.engine.w") == {
        "game.engine.x",
        "game.engine.y",
        "game.engine.z",
        "game",
    }


def test_from_a_package_import_a_module_is_that_module_not_the_package() -> None:
    assert imports_of("from game.engine import y") == {"game.engine.y"}
    assert imports_of("from game.engine import Game") == {ENGINE}
    assert imports_of("from . import y\nfrom .z import Z") == {"game.engine.y", "game.engine.z"}
    assert imports_of("from .. import data") == {"game.data"}
    assert imports_of("from . import y", name=ENGINE, is_package=True) == {"game.engine.y"}
    assert imports_of("import game.engine.x") == set()  # a module never imports itself


def test_cycles_are_the_groups_that_import_each_other_in_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"a", "f"}, "f": {"e"}}
    assert cycles(graph) == [["a", "b", "c"], ["e", "f"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_a_kept_graph_serves_only_the_very_sources_it_was_read_from(tmp_path, monkeypatch) -> None:
    """The graph is kept between test processes with the digest of its sources: another
    digest, another set of modules or a damaged file means parsing anew, and one changed
    byte or a renamed module changes the digest."""
    monkeypatch.setattr(imports, "KEPT", tmp_path / "graph.json")
    graph = {"game": frozenset(), "game.x": frozenset({"game"})}
    imports._keep_graph("abc", graph)
    assert imports._kept_graph("abc", {"game", "game.x"}) == graph
    assert imports._kept_graph("abd", {"game", "game.x"}) is None
    assert imports._kept_graph("abc", {"game"}) is None
    (tmp_path / "graph.json").write_text('{"digest": "abc", "gra', encoding="utf-8")
    assert imports._kept_graph("abc", {"game", "game.x"}) is None
    x = {"game.x": GAME / "x.py"}
    digest = imports.source_digest(x, {"game.x": b"import os\n"})
    assert digest != imports.source_digest(x, {"game.x": b"import sys\n"})
    assert digest != imports.source_digest({"game.x": GAME / "y.py"}, {"game.x": b"import os\n"})
