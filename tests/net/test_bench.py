"""The load benchmark runs end to end (a tiny run) and reports what docs/network.md quotes."""

from __future__ import annotations

import json

import pytest

from game.devtools import net_bench


def test_a_tiny_bench_run_reports_moves_round_trips_cpu_and_memory(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--matches", "2", "--players", "2", "--seconds", "1.5", "--pace", "0.02", "0.05"]
    assert net_bench.main([*args, "--settle", "0.3", "--sync", "normal"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["concurrent_matches"] == 2 and out["connections"] == 4
    assert out["moves"] > 10 and out["errors"] == 0
    assert 0 < out["rtt_p50_ms"] <= out["rtt_p99_ms"] <= out["rtt_max_ms"]
    assert out["server_rss_mb"] > 0 and out["server_cpu_cores"] >= 0
    # the server's stall watch reported (its summary read from the server's log), and the
    # server logged nothing else worth a warning
    assert out["server_stalls"] >= len(out["server_stalls_longest"]) and "window" not in out
    assert out["server_warnings"] == 0


def test_a_tiny_abuse_run_reports_the_honest_tables(capsys: pytest.CaptureFixture[str]) -> None:
    from game.devtools import net_abuse  # noqa: PLC0415 - only this test needs it

    args = ["--abuse", "create-flood", "--seconds", "1.5", "--honest", "1", "--warmup", "0.5"]
    args += ["--settle", "0.5"]
    assert net_abuse.main(args) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["abuse"] == "create-flood" and out["honest_errors"] == 0
    assert out["abuse_answers"].get("welcome", 0) > 0  # the flood ran, and was answered
