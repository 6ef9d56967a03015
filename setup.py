"""Maps the top-level ``assets/`` and ``levels/`` folders into the wheel as package data.

The project keeps them at the top level (the table layouts are edited in Tiled there); an
installed game finds them inside the package as ``game/assets`` and ``game/levels``.
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["game", "game.*"]) + ["game.assets", "game.levels"],
    package_dir={"game.assets": "assets", "game.levels": "levels"},
)
