"""Release check (run by ``.ci/run`` after the tests): the wheel and the desktop bundle work.

1. Build the wheel, install it into a fresh virtual environment, and run ``living-forest
   --version`` and ``--selftest`` from a folder outside the source tree.
2. Build the bundle with ``pyinstaller build.spec`` and run its ``--selftest`` headless.
3. On Linux: pack ``dist/living-forest-<version>-linux-<machine>.tar.gz`` (the bundle, its
   freedesktop launcher and the theme icons), check the launcher with ``desktop-file-validate``
   (Debian's desktop-file-utils), and install and remove the bundle's own desktop entry in a
   scratch XDG data folder.
4. Print the bundle size (target <= 80 MB) and the time to first frame of both, as JSON.
Exits non-zero when any step fails or the bundle is over the size target.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import venv
import zipfile
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


LINUX_README = """Living Forest {version} for Linux ({machine})

Run it:          ./living-forest
Add it to your applications menu (launcher and icons in your XDG data folder):
                 ./living-forest --install-desktop-entry
Take it away:    ./living-forest --remove-desktop-entry
(Moved this folder? Run --install-desktop-entry again.) `living-forest.desktop` and
`icons/` are the same launcher and icons, for packagers. Options: ./living-forest --help
"""


def linux_tarball(bundle: Path, dist: Path) -> Path:
    """The one-folder bundle with its launcher and icons, as the tarball players download."""
    sys.path.insert(0, str(ROOT))
    from game import __version__
    from game.app.desktop_entry import APP_ID, ICON_SIZES, desktop_entry, theme_icon

    machine = platform.machine() or "unknown"
    top = f"living-forest-{__version__}"
    dist.mkdir(parents=True, exist_ok=True)
    out = dist / f"{top}-linux-{machine}.tar.gz"
    extra = bundle.parent / "tarball-extra"
    (extra / "icons").mkdir(parents=True, exist_ok=True)
    (extra / f"{APP_ID}.desktop").write_text(desktop_entry(), encoding="utf-8")
    (extra / "README-linux.txt").write_text(
        LINUX_README.format(version=__version__, machine=machine), encoding="utf-8"
    )
    with tarfile.open(out, "w:gz") as tar:
        tar.add(bundle, arcname=top)
        tar.add(extra / f"{APP_ID}.desktop", arcname=f"{top}/{APP_ID}.desktop")
        tar.add(extra / "README-linux.txt", arcname=f"{top}/README-linux.txt")
        for size in ICON_SIZES:
            name = f"{top}/icons/hicolor/{size}x{size}/apps/{APP_ID}.png"
            tar.add(theme_icon(size), arcname=name)
    print(f"packed {out}", flush=True)
    return out


def check_desktop_entry(tarball: Path, work: Path, cwd: Path, env: dict[str, str]) -> None:
    """The tarball's launcher and the one the bundle installs both pass
    desktop-file-validate; the bundle's remove flag takes away what it installed."""
    validate = shutil.which("desktop-file-validate")
    if validate is None:
        raise SystemExit("desktop-file-validate is missing: apt-get install desktop-file-utils")
    unpacked = work / "unpacked"
    with tarfile.open(tarball) as tar:
        tar.extractall(unpacked, filter="data")
    (top,) = unpacked.iterdir()
    for path in [top / "living-forest.desktop", top / "living-forest"]:
        if not path.is_file():
            raise SystemExit(f"the tarball lacks {path.name}")
    print(run([str(top / "living-forest"), "--version"], cwd, env).strip())
    run([validate, str(top / "living-forest.desktop")], cwd, env)
    xdg = work / "xdg"
    home_env = dict(env, XDG_DATA_HOME=str(xdg))
    run([str(top / "living-forest"), "--install-desktop-entry"], cwd, home_env)
    launcher = xdg / "applications" / "living-forest.desktop"
    run([validate, str(launcher)], cwd, home_env)
    if f"Exec={top / 'living-forest'}" not in launcher.read_text(encoding="utf-8"):
        raise SystemExit("the installed launcher does not start the unpacked bundle")
    run([str(top / "living-forest"), "--remove-desktop-entry"], cwd, home_env)
    left = [*xdg.rglob("*.png"), *xdg.rglob("*.desktop")]
    if left:
        raise SystemExit(f"--remove-desktop-entry left {left}")
    print("desktop entry: tarball and installed launchers valid, removed cleanly", flush=True)


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
        with zipfile.ZipFile(wheel) as archive:
            shipped_tools = [n for n in archive.namelist() if n.startswith("game/devtools/")]
        if shipped_tools:
            raise SystemExit(f"the wheel ships developer tools: {shipped_tools[:3]}")
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
        tarball = None
        if sys.platform.startswith("linux"):
            tarball = linux_tarball(bundle, ROOT / "dist")
            check_desktop_entry(tarball, work, outside, env)
        report = {
            "wheel_first_frame_s": wheel_frame,
            "bundle_first_frame_s": first_frame_s(app, outside, env),
            "bundle_size_mb": size,
            "bundle_size_target_mb": SIZE_TARGET_MB,
            "linux_tarball": str(tarball) if tarball else None,
            "linux_tarball_mb": round(tarball.stat().st_size / 2**20, 1) if tarball else None,
        }
        print(json.dumps(report), flush=True)
        if size > SIZE_TARGET_MB:
            raise SystemExit(f"the bundle is {size} MB, over the {SIZE_TARGET_MB} MB target")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
