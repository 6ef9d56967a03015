"""Maps the top-level ``assets/`` and ``levels/`` folders into the wheel as package data.

The project keeps them at the top level (the table layouts are edited in Tiled there); an
installed game finds them inside the package as ``game/assets`` and ``game/levels``. The
developer tools (``game.devtools``) run from a checkout and are left out of the wheel.
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["game", "game.*"], exclude=["game.devtools", "game.devtools.*"])
    + ["game.assets", "game.levels"],
    package_dir={"game.assets": "assets", "game.levels": "levels"},
    # not as data files of ``game`` either (setuptools would take the folder in as such)
    exclude_package_data={"game": ["devtools/*", "devtools/**/*"]},
)
