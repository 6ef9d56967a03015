"""Network play at the table: the remote match the one table scene runs on, and the
services the online screens use (docs/network.md)."""
