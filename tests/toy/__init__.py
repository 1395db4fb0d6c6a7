"""A toy game, registered the way every game is: three packages, one per layer, found by their key.

``install()`` puts the toy's packages beside the real games' (``bot/games/toy``, ``render/toy``,
``cogs/controls/toy``) by extending the layers' package paths, so every suite that runs over
``bot.games.GAMES`` runs it too, and no shared module or shared test names it. ``tests/conftest.py`` installs
it before any test module is imported; the bot processes of the end-to-end tests install it through
``tests/toy/boot/sitecustomize.py``, so that they run ``python -m bot`` unmodified.
"""

from __future__ import annotations

import os
from pathlib import Path

HERE = Path(__file__).resolve().parent
KEY = "toy"
BOOT = HERE / "boot"  # a sitecustomize that installs the toy in a new Python process
#: Each layer's package and where the toy keeps its part of it.
LAYERS = {"bot.games": HERE / "bot" / "games", "render": HERE / "render", "cogs.controls": HERE / "cogs" / "controls"}


def install(layers: tuple[str, ...] = tuple(LAYERS)) -> None:
    """The toy's packages importable as ``<layer>.toy`` (idempotent). Must run before ``bot.games.GAMES``
    is first read: the registry is found once."""
    import importlib

    for name in layers:
        package = importlib.import_module(name)
        folder = str(LAYERS[name])
        if folder not in package.__path__:
            package.__path__.append(folder)


def install_in_subprocesses() -> None:
    """Every Python process started from now on (they inherit the environment) installs the toy at its start."""
    paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    if str(BOOT) not in paths:
        os.environ["PYTHONPATH"] = os.pathsep.join([str(BOOT), *filter(None, paths)])
