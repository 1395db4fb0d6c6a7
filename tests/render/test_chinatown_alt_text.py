"""Chinatown's alt text: cash secret until the end, offers without notes or hidden amounts."""

from __future__ import annotations

from bot.games import get
from bot.games.chinatown.text import money
from render.alt_text import alt_text
from tests.games.chinatown.helpers import ANN, BEN, act, lot, propose, scenario
from tests.games.chinatown.helpers import money as pay
from tests.render.described import NAMES, long_names_test, play, shown_field

shown_scores = shown_field("cash", money)


test_long_names_and_every_score_fit = long_names_test("chinatown", shown_scores)


def test_chinatown_keeps_cash_secret_until_the_end() -> None:
    game = get("chinatown")
    states = play("chinatown", 3, seed=7)
    state = states[len(states) // 2]
    assert "Cash stays secret until the end." in alt_text("chinatown", "board", game.view(state, None), NAMES)
    own = game.view(state, 1)
    assert f"Your cash: {money(own['players'][1]['cash'])}" in alt_text("chinatown", "hand", own, NAMES)
    final = game.view(states[-1], None)
    assert "secret" not in alt_text("chinatown", "final", final, NAMES)


def test_chinatown_offers_are_described_without_notes_or_hidden_amounts() -> None:
    state = scenario(3, owners={23: ANN, 30: BEN}, tiles={23: "photo"}, options={"announce_trade_money": False})
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 23), pay(BEN, ANN, 20_000), note="**deal?** <@1>"))
    game = get("chinatown")
    public = alt_text("chinatown", "board", game.view(state, None), NAMES)
    assert "Open offer 1: Ann gives lot 23 (Photo) to Bo Li; Bo Li gives money to Ann; accepted by Ann." in public
    assert "$20,000" not in public and "deal" not in public
    assert "Bo Li gives $20,000 to Ann" in alt_text("chinatown", "hand", game.view(state, BEN), NAMES)
