"""Release check (run by ``.ci/run`` after the tests): the wheel and the desktop bundle work.

1. Build the wheel, install it into a fresh virtual environment, and run ``living-forest
   --version`` and ``--selftest`` from a folder outside the source tree.
2. Build the bundle with ``pyinstaller build.spec`` and run its ``--selftest`` headless.
3. Print the bundle size (target <= 80 MB) and the time to first frame of both, as JSON.
Exits non-zero when any step fails or the bundle is over the size target.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZE_TARGET_MB = 80.0


def run(cmd: list[str], cwd: Path, env: dict[str, str], timeout: float = 900) -> str:
    print("$", " ".join(cmd), flush=True)
    out = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    if out.returncode != 0:
        print(out.stdout[-4000:], out.stderr[-4000:], sep="\n", file=sys.stderr)
        raise SystemExit(f"release check failed: {' '.join(cmd)} exited {out.returncode}")
    return out.stdout


def first_frame_s(cmd: list[str], cwd: Path, env: dict[str, str]) -> float:
    start = time.time()
    out = run([*cmd, "--first-frame"], cwd, env)
    return round(float(out.split("first_frame_at")[1].split()[0]) - start, 3)


def folder_mb(path: Path) -> float:
    files = [f for f in path.rglob("*") if f.is_file() and not f.is_symlink()]
    return round(sum(f.stat().st_size for f in files) / 2**20, 1)


def main() -> int:
    work = Path(tempfile.mkdtemp(prefix="lf-release-"))
    outside = work / "elsewhere"
    outside.mkdir()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["LIVING_FOREST_HOME"] = str(work / "home")
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    try:
        pip = [sys.executable, "-m", "pip"]
        run([*pip, "wheel", "-q", "--no-deps", "-w", str(work), "."], ROOT, env)
        wheel = next(work.glob("living_forest-*.whl"))
        venv.create(work / "venv", with_pip=True)
        bindir = work / "venv" / ("Scripts" if os.name == "nt" else "bin")
        run([str(bindir / "python"), "-m", "pip", "install", "-q", str(wheel)], outside, env)
        exe = [str(bindir / "living-forest")]
        print(run([*exe, "--version"], outside, env).strip())
        print(run([*exe, "--selftest"], outside, env).strip().splitlines()[-1])
        wheel_frame = first_frame_s(exe, outside, env)

        run(
            [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
             "--distpath", str(work / "dist"), "--workpath", str(work / "build"), "build.spec"],
            ROOT, env, timeout=1200,
        )  # fmt: skip
        bundle = work / "dist" / "living-forest"
        app = [str(bundle / ("living-forest.exe" if os.name == "nt" else "living-forest"))]
        print(run([*app, "--selftest"], outside, env).strip().splitlines()[-1])
        size = folder_mb(bundle)
        report = {
            "wheel_first_frame_s": wheel_frame,
            "bundle_first_frame_s": first_frame_s(app, outside, env),
            "bundle_size_mb": size,
            "bundle_size_target_mb": SIZE_TARGET_MB,
        }
        print(json.dumps(report), flush=True)
        if size > SIZE_TARGET_MB:
            raise SystemExit(f"the bundle is {size} MB, over the {SIZE_TARGET_MB} MB target")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
