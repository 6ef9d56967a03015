"""What ``net_bench`` reads besides its players' round trips: the CPU and memory of the
processes it measures (``/proc``), when its slow moves happened, and what the servers'
stall watches said (``game.net.stall_watch``) within the measured window."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

CLK = os.sysconf("SC_CLK_TCK")


def proc_cpu_s(*pids: int) -> float:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # a PostgreSQL backend that ended meanwhile
            continue
        total += int(fields[11]) + int(fields[12])
    return total / CLK


def family(parent: int) -> list[int]:
    """``parent`` and its children (a PostgreSQL server: the postmaster and its backends)."""
    pids = [parent]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == parent:
                pids.append(int(entry.name))
    return pids


def proc_rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def worst_second(times: list[float]) -> tuple[int, float]:
    """The most of ``times`` (sorted) within any one second: slow moves that all fall in
    one second are one stop of something every table waits for (the server, a client
    process, the machine), not a slow steady state; and when that second began."""
    most, first, when = 0, 0, 0.0
    for last, at in enumerate(times):
        while at - times[first] > 1.0:
            first += 1
        if last - first + 1 > most:
            most, when = last - first + 1, times[first]
    return most, when


def stalls(logs: Path, window: list[float]) -> dict[str, Any]:
    """What the servers' stall watches said as they stopped (``game.net.stall_watch``),
    within the measured ``window`` (wall clock; seating the tables stalls too, and is not
    measured): how many times the event loop stopped and the slow commits, the longest
    named with how the loop's thread spent them; and any other warning or error line,
    counted (the tail of each server's log printed to stderr)."""
    start, end = window
    out: dict[str, Any] = {}
    counts = {"loop": 0, "commits": 0}
    longest: dict[str, list[dict[str, Any]]] = {"loop": [], "commits": []}
    warnings = 0
    for path in sorted(logs.glob("server-*.log")):
        lines = path.read_text(errors="replace").splitlines()
        for line in lines:
            if "stalls over" in line and "{" in line:
                said = json.loads(line[line.index("{") :])
                for kind in counts:
                    counts[kind] += sum(1 for at, _ in said[kind]["recent"] if start <= at <= end)
                    longest[kind] += [s for s in said[kind]["longest"] if start <= s["at"] <= end]
            elif (" WARNING " in line or " ERROR " in line) and not (
                "stopped for" in line or "commit of" in line
            ):
                warnings += 1
        if lines:
            print(f"{path.name}, its last lines:", *lines[-5:], sep="\n  ", file=sys.stderr)
    for kind, name in (("loop", "server_stalls"), ("commits", "slow_commits")):
        kept = sorted(longest[kind], key=lambda s: -s["ms"])
        out[name] = counts[kind]
        out[f"{name}_longest"] = [{k: v for k, v in s.items() if k != "at"} for s in kept[:5]]
    out["server_warnings"] = warnings
    return out
