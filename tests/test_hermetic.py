"""The suite needs nothing outside the repository: the reference copies are the verbatim
files their README names, and no test names a path outside the clone."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from tests.reference import DATA

TESTS = Path(__file__).resolve().parent


def test_reference_copies_are_the_files_their_readme_names() -> None:
    table = dict(
        re.findall(r"`([\w.]+)` \| [^|]+\| `([0-9a-f]{64})`", (DATA / "README.md").read_text())
    )
    assert sorted(table) == ["RULES.md", "animals.csv", "trees.csv"]
    for name, digest in table.items():
        assert hashlib.sha256((DATA / name).read_bytes()).hexdigest() == digest, name


def test_no_test_names_a_path_outside_the_repository() -> None:
    """Absolute paths and the studio's shared folder exist only on the developers' machines."""
    outside = re.compile(
        r"""Path\(\s*["']/|["']/work/|\.\./shared|["']shared["']|parents\[\d\]\.parent"""
    )
    offenders = [
        f"{p.relative_to(TESTS)}:{n}"
        for p in TESTS.rglob("*.py")
        if p != Path(__file__).resolve()
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if outside.search(line)
    ]
    assert offenders == []
