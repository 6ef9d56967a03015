"""The app's log: a rotating file in the data folder, the terminal with ``--verbose``, lines
about saves, and no caught exception in the game that neither logs nor follows a stated rule."""

from __future__ import annotations

import ast
import logging
import logging.handlers
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.app.logs import LOG_BYTES, configure_logging, log_path
from game.app.paths import AppPaths
from game.app.saves import SaveStore
from game.engine import new_game
from game.savegame import SavedMatch
from game.seats import Seat

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def game_logger() -> Iterator[logging.Logger]:
    """``configure_logging`` changes the ``game`` logger: put it back afterwards."""
    root = logging.getLogger("game")
    handlers, level = list(root.handlers), root.level
    yield root
    for h in list(root.handlers):
        if h not in handlers:
            root.removeHandler(h)
            h.close()
    root.setLevel(level)


def _match() -> SavedMatch:
    g = new_game(2, 5, 0)
    return SavedMatch(2, 5, 0, [Seat("Ana", "human"), Seat("Bo", "easy")], g)


def test_the_log_file_rotates_in_the_data_folder(tmp_path: Path, game_logger) -> None:
    path = configure_logging(tmp_path / "data")
    assert path == log_path(tmp_path / "data")
    files = [h for h in game_logger.handlers if isinstance(h, logging.FileHandler)]
    assert len(files) == 1 and isinstance(files[0], logging.handlers.RotatingFileHandler)
    assert files[0].maxBytes == LOG_BYTES and files[0].backupCount >= 1
    logging.getLogger("game.app.saves").info("a line for the file")
    files[0].flush()
    assert "a line for the file" in path.read_text(encoding="utf-8")
    configure_logging(tmp_path / "data")  # again (a second run in one process): not twice
    assert len([h for h in game_logger.handlers if isinstance(h, logging.FileHandler)]) == 1


def test_verbose_prints_the_saves_on_the_terminal(tmp_path: Path, game_logger, capsys) -> None:
    configure_logging(None, verbose=True)
    store = SaveStore(AppPaths.under(tmp_path))
    assert store.autosave(_match()) is None
    assert store.load_autosave().match is not None
    store.clear_autosave()
    err = capsys.readouterr().err
    assert "autosave written" in err and "save loaded" in err and "autosave cleared" in err


def test_without_verbose_the_terminal_stays_quiet(tmp_path: Path, game_logger, capsys) -> None:
    configure_logging(tmp_path / "data", verbose=False)
    SaveStore(AppPaths.under(tmp_path)).autosave(_match())
    assert capsys.readouterr().err == ""


def test_an_unwritable_data_folder_costs_only_the_file(tmp_path: Path, game_logger, capsys) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be")
    assert configure_logging(blocker) is None
    assert "no log file" in capsys.readouterr().err


def test_a_failed_autosave_is_logged_with_its_traceback(tmp_path: Path, caplog) -> None:
    (tmp_path / "data").write_text("not a folder")
    with caplog.at_level(logging.WARNING, logger="game"):
        notice = SaveStore(AppPaths.under(tmp_path)).autosave(_match())
    assert notice is not None
    record = next(r for r in caplog.records if "autosave failed" in r.getMessage())
    assert record.exc_info is not None


# -- no silent failures ------------------------------------------------------------------------

# Broad handlers that neither log nor raise, each with the rule that makes it right.
RULES = {
    # the review's child process sends its error to the parent, which shows it
    ("game/ai/runtime/review_job.py", "_serve"): "the parent shows the error",
    # a broken pipe means the child is gone: WorkerDied is raised, and the AI seat logs it
    ("game/ai/runtime/worker.py", "poll"): "WorkerDied, logged by the seat",
}


def _broad(handler: ast.ExceptHandler) -> bool:
    names = []
    if handler.type is None:
        return True
    for node in ast.walk(handler.type):
        if isinstance(node, ast.Name):
            names.append(node.id)
    return bool({"Exception", "BaseException"} & set(names))


def _speaks(body: list[ast.stmt]) -> bool:
    """The handler raises, logs, or prints the traceback."""
    for node in ast.walk(ast.Module(body=body, type_ignores=[])):
        if isinstance(node, ast.Raise):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            name = owner.id if isinstance(owner, ast.Name) else ""
            if name in ("log", "logging", "traceback", "logger"):
                return True
    return False


def _silent_handlers() -> list[tuple[str, str, int]]:
    out = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("game/devtools/"):
            continue
        text = path.read_text(encoding="utf-8")
        if "Exception" not in text and not re.search(r"except\s*:", text):
            continue  # no broad handler nor suppress(...) to look at: nothing names one
            # (parsing every module was most of the time)
        tree = ast.parse(text)
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(func):
                silent = isinstance(node, ast.ExceptHandler) and _broad(node)
                if silent and not _speaks(node.body) and (rel, func.name) not in RULES:
                    out.append((rel, func.name, node.lineno))
                if isinstance(node, ast.With):
                    for item in node.items:
                        call = item.context_expr
                        if (
                            isinstance(call, ast.Call)
                            and isinstance(call.func, ast.Attribute)
                            and call.func.attr == "suppress"
                            and any(
                                isinstance(a, ast.Name) and a.id in ("Exception", "BaseException")
                                for a in call.args
                            )
                        ):
                            out.append((rel, func.name, node.lineno))
    return out


def test_no_broad_exception_is_swallowed_without_a_word() -> None:
    assert _silent_handlers() == []


def test_the_audit_finds_a_silent_handler(tmp_path: Path, monkeypatch) -> None:
    """The check above can fail: a module with ``except Exception: pass`` is reported."""
    fake = tmp_path / "game" / "quiet.py"
    fake.parent.mkdir()
    fake.write_text(
        "import contextlib\n"
        "def f():\n    try:\n        g()\n    except Exception:\n        pass\n"
        "def h():\n    with contextlib.suppress(Exception):\n        g()\n"
    )
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    assert _silent_handlers() == [("game/quiet.py", "f", 5), ("game/quiet.py", "h", 8)]
