"""describe() and action_label() in Spanish and Japanese: the catalogs' words, the rulebook's game terms, the
same facts (names, numbers, money) as the English, and English itself unchanged."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.games.base import Event
from bot.games.chinatown import GAME
from bot.games.chinatown.errors import ChinatownError, refuse
from tests.games.chinatown.helpers import ANN, BEN, CLEO, NAMES, act, lot, money, propose, scenario, tiles

EVENTS = {
    "offer": Event("offer_proposed", public={"by": ANN, "offer": {"id": 3, "version": 1, "note": "", "legs": [
        {"from": ANN, "to": BEN, "kind": "lot", "lot": 16, "lot_tile": "tea_house"},
        {"from": BEN, "to": ANN, "kind": "money", "amount": 20_000},
    ]}}),
    "trade": Event("offer_executed", public={"offer": {"id": 3, "version": 2, "legs": [
        {"from": CLEO, "to": ANN, "kind": "tiles", "tile_type": "photo", "count": 2},
    ]}}),
    "building": Event("placed", public={"seat": BEN, "tile": "dim_sum", "lot": 23}),
    "income": Event("income", public={"year": 1966, "income": [40_000, 10_000, None]}),
    "new year": Event("new_year", public={"round": 2, "first_player": CLEO}),
}
# The rulebooks' terms each sentence must use: "edificio" for a lot, "ficha" for a tile (Spanish edition),
# 区画, 店舗 and 収入 (Japanese).
TERMS = {
    "es-ES": {"offer": ("oferta", "edificio 16", "Casa de té", "$20,000"), "trade": ("Intercambio", "Fotografía"),
              "building": ("construye", "Dim Sum", "edificio 23"), "income": ("Ingresos", "$40,000"),
              "new year": ("año del Caballo", "tarjeta de primer jugador")},
    "ja": {"offer": ("オファー", "区画16", "茶館", "$20,000"), "trade": ("取引", "写真店"),
           "building": ("区画23", "点心店"), "income": ("収入", "$40,000"),
           "new year": ("うま年", "スタートプレイヤーカード")},
}


@pytest.mark.parametrize("code", ["es-ES", "ja"])
@pytest.mark.parametrize("kind", sorted(EVENTS))
def test_event_sentences_are_translated(code: str, kind: str) -> None:
    english = GAME.describe(EVENTS[kind], NAMES)
    with i18n.speaking(code):
        said = GAME.describe(EVENTS[kind], NAMES) or ""
    assert said and said != english
    for word in TERMS[code][kind]:
        assert word in said, (word, said)
    for name in ("Ann", "Ben", "Cleo"):
        assert (name in said) == (name in (english or ""))


def test_english_is_unchanged_after_another_language() -> None:
    with i18n.speaking("ja"):
        GAME.describe(EVENTS["offer"], NAMES)
    assert GAME.describe(EVENTS["offer"], NAMES) == (
        "Ann proposes offer #3: Ann gives lot 16 (Tea House) to Ben; Ben gives $20,000 to Ann."
    )


ACTIONS = {
    "keep": {"type": "keep", "lots": [3, 17]},
    "propose": {"type": "propose", "legs": [{}, {}]},
    "accept": {"type": "accept", "offer": 4, "version": 2},
    "ready": {"type": "ready", "ready": True},
    "place": {"type": "place", "tile": "laundry", "lot": 40},
    "end_turn": {"type": "end_turn"},
}


@pytest.mark.parametrize("code", ["es-ES", "es-419", "ja"])
def test_action_labels_are_translated(code: str) -> None:
    english = {kind: GAME.action_label(action) for kind, action in ACTIONS.items()}
    with i18n.speaking(code):
        labels = {kind: GAME.action_label(action) for kind, action in ACTIONS.items()}
    assert all(labels[kind] != english[kind] for kind in ACTIONS)
    assert all(len(label) <= 80 for label in labels.values())
    place = "edificio 40" if code.startswith("es") else "区画40"
    assert place in labels["place"]
    assert "(2 elementos)" in labels["propose"] if code.startswith("es") else "2項目" in labels["propose"]


def test_latin_american_spanish_keeps_its_own_words_and_spain_for_the_rest() -> None:
    done = {"type": "ready", "ready": True}
    with i18n.speaking("es-419"):
        assert GAME.action_label(done) == "Terminé de negociar"
        assert GAME.action_label({"type": "end_turn"}) == "Terminar el turno"
    with i18n.speaking("es-ES"):
        assert GAME.action_label(done) == "He terminado de negociar"


def test_refusals_are_in_the_players_language() -> None:
    state = scenario(3, owners={16: ANN})
    with i18n.speaking("ja"):
        assert str(refuse("NOT_YOUR_TURN")) == "あなたの手番ではありません。"
        with pytest.raises(ChinatownError, match="区画"):
            act(state, BEN, propose(lot(BEN, ANN, 16)))
    with i18n.speaking("es-ES"), pytest.raises(ChinatownError, match="edificio"):
        act(state, BEN, propose(lot(BEN, ANN, 16)))


def test_a_private_sentence_in_spanish_keeps_the_seat_s_own_facts() -> None:
    state = scenario(3, owners={16: ANN}, hands={CLEO: {"photo": 2}})
    _, events = act(state, ANN, propose(lot(ANN, BEN, 16), tiles(CLEO, ANN, "photo", 2), money(BEN, CLEO, 10_000)))
    with i18n.speaking("es-ES"):
        said = GAME.describe(events[0], NAMES, BEN) or ""
    assert said.startswith("Ann propone la oferta #1:") and "2 × Fotografía" in said and "$10,000" in said


def test_the_computer_s_note_is_in_the_language_in_force() -> None:
    from bot.games.chinatown.ai_trade import Transfer, _describe

    transfer = Transfer(lots=((BEN, ANN, 16),), tiles=())
    with i18n.speaking("ja"):
        assert _describe(transfer, ANN) == "区画16で私の事業が大きくなります。"
    assert _describe(transfer, ANN) == "Lot 16 would grow one of my businesses."
