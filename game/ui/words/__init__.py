"""Every sentence a player reads, built from the catalogue: moves, log lines, rules text, review."""
