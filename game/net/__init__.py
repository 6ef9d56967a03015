"""Network play: the match server (authoritative: the real game lives only there), its wire
protocol, its SQLite store, and the client a remote table runs on (``docs/network.md``).
Above the engine and the AI, below the UI."""
