"""China's controls in Spanish and Japanese: the same clicks reach exactly the legal actions, within Discord's
limits, and every prompt and label is in the language in force; the /rules summary and the lobby's option words
too."""

from __future__ import annotations

import random
from dataclasses import replace

import discord
import pytest

from bot import games, i18n
from bot.tables import TableService
from cogs.controls import option_help, option_text
from cogs.controls.china import SPEC
from cogs.rulebook import summary
from tests.cogs.harness import canonical
from tests.cogs.test_china_controls import _table, _walk

GAME = games.get("china")
china = SPEC.controls
# Words of China's English controls that must not show in another language.
ENGLISH = ("Which pieces?", "How do you pay?", "Place pieces in a region", "Draw from the deck", "Your hand:",
           "Face-up:", "exchange one card", "In supply:")


def _texts(view: discord.ui.View | None) -> list[str]:
    found: list[str] = []
    for row in view.to_components() if view is not None else []:
        for part in row["components"]:
            found += [part.get("label") or "", part.get("placeholder") or ""]
            found += [o["label"] + " " + (o.get("description") or "") for o in part.get("options", [])]
    return [t for t in found if t]


@pytest.mark.parametrize(("code", "words"), [("es-ES", ("casa", "emisario", "carta")),
                                             ("ja", ("邸宅", "公使", "カード"))])
async def test_a_whole_game_of_controls_in_spanish_and_japanese(
    service: TableService, code: str, words: tuple[str, ...]
) -> None:
    table = await _table(service, 3, {"fortifications": True})
    state, rng, shown = table.state, random.Random(3), []
    with i18n.speaking(code):
        for n in range(400):
            if GAME.is_over(state):
                break
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            at = replace(table, state=state, version=n)
            if n % 5 == 0:
                reached, steps = _walk(at, seat)  # Discord's limits checked at every step
                assert canonical(reached) == canonical(legal)
                shown += [china.prompt(at, seat), *_texts(china.build(at, seat))]
                shown += [text for step in steps for text in (step.content, *_texts(step.view))]
            state, _ = GAME.apply(state, seat, GAME.choose_action(GAME.view(state, seat), legal, rng))
    assert GAME.is_over(state)
    every = "\n".join(shown)
    for english in ENGLISH:
        assert english not in every, english
    for word in words:
        assert word in every


def test_rules_summary_and_options_in_every_language() -> None:
    side, forts = GAME.options
    english = summary("china")
    with i18n.speaking("es-ES"):
        spanish = summary("china")
        assert option_text("china", side, "3-4") == "el lado 3-4" and option_text("china", forts, True) == "sí"
        assert option_help("china", forts, False) == "El juego básico, sin fortificaciones."
    with i18n.speaking("ja"):
        japanese = summary("china")
        assert option_text("china", side, "auto").startswith("人数に応じて")
    assert english.startswith("**Goal**")
    assert spanish.startswith("**Objetivo**") and "emisarios" in spanish and "Ch'in" not in english
    assert japanese.startswith("**目的**") and "公使" in japanese and "邸宅" in japanese
    assert all(len(text) <= 4096 for text in (english, spanish, japanese))


def test_what_is_due_counts_the_pieces_the_view_allows() -> None:
    """The first line of a China notification says how many pieces may go down, from the public view only:
    two into a region that holds a piece, one when every region is empty, none with an empty supply."""
    from cogs.controls.china.words import due

    view = GAME.view(GAME.new(3, seed=1), None)
    assert view["phase"] == "action"
    empty = [dict(r, open=False) for r in view["regions"]]
    some = [dict(r, open=i == 0) for i, r in enumerate(view["regions"])]
    assert due({**view, "regions": empty}) == "place a house or an emissary, or exchange a card"
    assert due({**view, "regions": some}) == "place up to 2 houses or emissaries, or exchange a card"
    players = [dict(p, emissaries=0) if p["seat"] == view["active"] else p for p in view["players"]]
    assert due({**view, "regions": some, "players": players}) == "place up to 2 houses, or exchange a card"
    players = [dict(p, houses=0, emissaries=0) if p["seat"] == view["active"] else p for p in view["players"]]
    assert due({**view, "players": players}) == "exchange a card"
    with i18n.speaking("es-ES"):
        assert due({**view, "regions": some}) == "coloca hasta 2 casas o emisarios, o cambia una carta"
    with i18n.speaking("ja"):
        assert due({**view, "regions": some}) == "家か使者を最大2個置くか、カードを交換してください"
