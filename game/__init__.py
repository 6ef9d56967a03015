"""Living Forest: a desktop edition of the board game, with AI opponents."""

__version__ = "0.1.0"
