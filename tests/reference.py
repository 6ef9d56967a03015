"""Where the tests find the rules source: copies inside the repository (tests/data), so a
fresh clone with nothing beside it runs the whole suite."""

from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
RULES_MD = DATA / "RULES.md"


def rules_text() -> str:
    return RULES_MD.read_text(encoding="utf-8")
