"""Who imports whom under ``game/``, read from the source with ``ast`` (nothing is imported).

Every import counts, at module level or inside a function, except those only for type
checkers (``if TYPE_CHECKING:``): they never run. ``from a.b import c`` is an import of the
module ``a.b.c`` when there is one, else of ``a.b``; the package ``__init__`` that Python
runs first on the way to any submodule is not counted, or every submodule would "import"
its package and every package would be a cycle.
"""

from __future__ import annotations

import ast
import hashlib
import json
import logging
import os
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"
# The graph read last, kept under pytest's cache folder (ignored by git) with the digest of
# everything it was read from: every module's path and bytes, this walker's own source and
# the Python version (whose parser made the trees). Parsing the whole game took 0.4-0.5 s
# in each test process that asked (issue 43); the same bytes give the same graph.
KEPT = GAME.parent / ".pytest_cache" / "d" / "import-graph.json"
log = logging.getLogger(__name__)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(GAME.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


# The fields of a statement (or of the module, an ``except`` clause, a ``case``) that
# hold statements: an import is one, and expressions never hold any, so the walk reads
# these lists alone, not every child node (most of a module's nodes are expressions).
_STATEMENT_LISTS = ("body", "orelse", "finalbody", "handlers", "cases")


def _type_checking(test: ast.expr) -> bool:
    """Whether an ``if`` tests ``TYPE_CHECKING`` (or ``typing.TYPE_CHECKING``)."""
    return any(
        (isinstance(n, ast.Name) and n.id == "TYPE_CHECKING")
        or (isinstance(n, ast.Attribute) and n.attr == "TYPE_CHECKING")
        for n in ast.walk(test)
    )


def runtime_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every statement (and the module), skipping the bodies of ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _type_checking(node.test):
            stack.extend(node.orelse)
            continue
        yield node
        for field in _STATEMENT_LISTS:
            stack.extend(getattr(node, field, ()))


def _imported(node: ast.AST, name: str, is_package: bool, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that ``node`` (in module ``name``) imports."""
    if isinstance(node, ast.Import):
        return {a.name for a in node.names if a.name in modules}
    if not isinstance(node, ast.ImportFrom):
        return set()
    base = node.module or ""
    if node.level:  # relative: from the package holding ``name`` (``name`` itself if one)
        package = name.split(".")
        if not is_package:
            package = package[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join([*package, base] if base else package)
    out = set()
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        if sub in modules:
            out.add(sub)
        elif base in modules:
            out.add(base)
    return out


def import_graph(root: Path = GAME) -> dict[str, set[str]]:
    """Each module under ``root`` (dotted from ``game``) -> the modules under ``game`` it
    imports at run time (itself excluded). The whole game's is read once per test process
    (several tests ask for it or a part; each gets its own copy)."""
    paths, graph = _read_graph()
    return {name: set(deps) for name, deps in graph.items() if paths[name].is_relative_to(root)}


@cache
def _read_graph() -> tuple[dict[str, Path], dict[str, frozenset[str]]]:
    paths = {module_name(p): p for p in sorted(GAME.rglob("*.py"))}
    sources = {name: path.read_bytes() for name, path in paths.items()}
    digest = source_digest(paths, sources)
    graph = _kept_graph(digest, set(paths))
    if graph is None:
        modules = set(paths)
        graph = {}
        for name, path in paths.items():
            tree = ast.parse(sources[name].decode("utf-8"))
            graph[name] = frozenset(module_imports(tree, name, path.name == "__init__.py", modules))
        _keep_graph(digest, graph)
    return paths, graph


def source_digest(paths: dict[str, Path], sources: dict[str, bytes]) -> str:
    """What the graph is read from, as one digest: each module's path and bytes, this
    walker's source and the Python version."""
    h = hashlib.sha256(Path(__file__).read_bytes())
    h.update(repr(sys.version_info[:2]).encode())
    for name in sorted(paths):
        h.update(b"\0" + paths[name].relative_to(GAME).as_posix().encode() + b"\0")
        h.update(sources[name])
    return h.hexdigest()


def _kept_graph(digest: str, modules: set[str]) -> dict[str, frozenset[str]] | None:
    """The kept graph if it was read from exactly these sources, else ``None`` (none kept,
    another digest, or a damaged file: the rule is to parse anew)."""
    try:
        doc = json.loads(KEPT.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(doc, dict) or doc.get("digest") != digest:
        return None
    graph = doc.get("graph")
    if not isinstance(graph, dict) or set(graph) != modules:
        return None
    return {name: frozenset(deps) for name, deps in graph.items()}


def _keep_graph(digest: str, graph: dict[str, frozenset[str]]) -> None:
    """Write the graph for the next test process (whole, then renamed into place: several
    test processes may write it at once). A folder that cannot be written keeps nothing:
    each process then parses, as before."""
    doc = {"digest": digest, "graph": {name: sorted(deps) for name, deps in graph.items()}}
    temp = KEPT.with_name(f"{KEPT.name}.{os.getpid()}.tmp")
    try:
        KEPT.parent.mkdir(parents=True, exist_ok=True)
        temp.write_text(json.dumps(doc), encoding="utf-8")
        os.replace(temp, KEPT)
    except OSError:
        log.warning("the import graph could not be kept in %s", KEPT, exc_info=True)
        temp.unlink(missing_ok=True)


def module_imports(tree: ast.AST, name: str, is_package: bool, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that the module ``name`` (source ``tree``) imports when it
    runs, itself excluded."""
    deps: set[str] = set()
    for node in runtime_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            deps |= _imported(node, name, is_package, modules)
    deps.discard(name)
    return deps


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that import each other in a circle (the strongly connected
    components with more than one module), each sorted, smallest name first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        # iterative Tarjan: (node, its remaining successors)
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for nxt in successors:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))
    return sorted(found)
