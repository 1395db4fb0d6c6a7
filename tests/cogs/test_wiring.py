"""Every game in ``bot.games.GAMES`` is wired once and completely: a spec with its engine, its pictures, its
controls, a rules summary, a demo length and a no-leak resampler, agreeing with the layers' own indexes."""

from __future__ import annotations

import importlib
import inspect
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import render
from bot import games
from cogs.controls import controls_for, spec_of
from cogs.controls.base import Controls
from cogs.controls.generic import GenericControls
from cogs.controls.registry import specs
from cogs.rulebook import demo_position, summary
from tests import toy
from tests.parts import missing_parts

ROOT = Path(__file__).resolve().parents[2]
WITHOUT_TOY = {**os.environ, "PYTHONPATH": ""}  # these processes install only the parts they test

EMBED_DESCRIPTION = 4096


def test_one_spec_per_game_in_menu_order() -> None:
    assert tuple(specs()) == games.GAMES


def _run(code: str) -> str:
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True, env=WITHOUT_TOY
    ).stdout


def test_no_game_misses_a_part() -> None:
    assert missing_parts() == []


@pytest.mark.parametrize("layer", [layer for layer in toy.LAYERS if layer != "bot.games"])
def test_a_game_missing_a_part_fails_naming_the_part(layer: str) -> None:
    """The toy game without one of its packages, in a fresh process: the part is named."""
    folder = layer.replace(".", "/")
    code = (f"from tests import toy; toy.install(tuple(l for l in toy.LAYERS if l != {layer!r}))\n"
            "from tests.parts import missing_parts; print(missing_parts())")
    said = _run(code)
    assert f"{folder}/toy/ is missing" in said, said


def test_a_part_without_its_engine_is_named() -> None:
    code = ("from tests import toy; toy.install(('render', 'cogs.controls'))\n"
            "from tests.parts import missing_parts; print(missing_parts())")
    said = _run(code)
    assert "render/toy/ has no engine: bot/games/toy/ is missing" in said, said


@pytest.mark.parametrize("key", games.GAMES)
def test_each_game_has_every_part(key: str) -> None:
    spec = spec_of(key)
    assert spec.key == key and spec.engine is games.get(key)
    assert spec.renderers is render.renderers(key)
    assert isinstance(spec.controls, Controls) and not isinstance(spec.controls, GenericControls)
    assert controls_for(key) is spec.controls
    assert spec.rules_summary and len(spec.rules_summary) <= EMBED_DESCRIPTION and summary(key) == spec.rules_summary
    assert spec.demo_moves > 0
    state = spec.engine.new(spec.engine.min_players, 1)
    for seat in (None, 0):
        assert spec.engine.view(spec.resample(state, seat, random.Random(2)), seat) == spec.engine.view(state, seat)


@pytest.mark.parametrize("key", games.GAMES)
def test_the_rules_picture_position_is_a_game_in_progress(key: str) -> None:
    view, names = demo_position(key)
    assert view["key"] == key and names


@pytest.mark.parametrize("key", games.GAMES)
def test_controls_override_only_hooks_of_the_base_class(key: str) -> None:
    """A hook misspelt in a game's controls would silently never be called: every public method must be one
    the base class declares."""
    declared = {name for name, _ in inspect.getmembers(Controls, inspect.isfunction)}
    public = {name for name, _ in inspect.getmembers(type(controls_for(key)), inspect.isfunction)}
    assert {name for name in public if not name.startswith("_")} <= declared


# The verbs of buttons already posted in Discord: a verb's string never changes, or those buttons stop working.
POSTED_VERBS = {
    "china": {"home", "pass", "drw", "xch", "reg", "pcs", "pay", "put", "pr", "xg"},
    "great_wall": {"draw", "home", "grp", "play", "drg", "cov", "clm"},
    "sun_tzu": {"home", "o", "oe", "oc", "ocp", "os", "sup", "wl", "pass", "use", "mv", "rv", "re", "src", "li", "ch",
                "rc", "kp"},
    "chinatown": {"home", "kp", "kc", "ps", "pl", "pd", "end", "rdy", "ofs", "acc", "rej", "can", "new", "who", "ctr",
                  "drf", "add", "lg", "giv", "mny", "to", "rmv", "rm", "pst"},
}


@pytest.mark.parametrize("key", sorted(POSTED_VERBS))
def test_every_posted_verb_is_still_routed(key: str) -> None:
    verbs = importlib.import_module(f"cogs.controls.{key}.verbs")
    assert {str(verb) for verb in verbs.Verb} == POSTED_VERBS[key]
