"""Developer tools that run from the package (``python -m game.tools.NAME``)."""
