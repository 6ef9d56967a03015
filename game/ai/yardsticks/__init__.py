"""Independent baseline bots for the arena, written from the rules and not from the levels' code."""
