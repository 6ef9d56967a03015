"""The drawing kit every screen shares: painter, viewport, text, theme, widgets, tweens, charts."""
