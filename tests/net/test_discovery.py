"""What a table found on the local network may show: names printable and short, IPv4
addresses only, real ports (no multicast in the tests: they never leave 127.0.0.1)."""

from __future__ import annotations

from game.net.discovery import FoundHost, host_from_info


def test_a_found_table_is_named_and_addressed_safely() -> None:
    host = host_from_info("Ana's\x1b[2J table._livingforest._tcp.local.", ["10.0.0.7"], 8765)
    assert host == FoundHost("Ana's[2J table", "10.0.0.7:8765")
    assert host.url == "ws://10.0.0.7:8765"
    assert host_from_info("x" * 100, ["10.0.0.7"], 1).name == "x" * 40


def test_unusable_announcements_are_left_out() -> None:
    assert host_from_info("Table", ["fe80::1"], 8765) is None  # no IPv4 address
    assert host_from_info("Table", ["10.0.0.7"], 0) is None
    assert host_from_info("\x00\x01", ["10.0.0.7"], 8765) is None  # nothing printable
