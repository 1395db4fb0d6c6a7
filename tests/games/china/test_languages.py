"""China in Spanish and Japanese: the thread's sentences, the action labels and the refusals come out in the
language in force, with the rulebooks' terms (Spanish: casa, emisario, fortificación, boca arriba, mazo;
Japanese: 邸宅, 公使, 要塞, 場札, 山札) and the regions' names as the rulebooks write them."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.games.base import Event, IllegalAction
from bot.games.base.language import tr
from bot.games.china import GAME
from tests.games.china.scenario import A, B, act, fill, place, position
from tests.games.languages import label_in

NAMES = ["Alex", "Barbara", "Chris", "Doris", "Eve"]


def _said(code: str, event: Event, seat: int | None = None) -> str:
    with i18n.speaking(code):
        return GAME.describe(event, NAMES, seat) or ""


def _refusal(code: str, *args: object) -> str:
    with i18n.speaking(code), pytest.raises(IllegalAction) as refused:
        act(*args)  # type: ignore[arg-type]
    return str(refused.value)


def test_a_placement_and_its_scoring_in_spanish_and_japanese() -> None:
    state = position(current=A, hands={A: "yyg"}, houses=fill("qi", {B: 2, 3: 2}))
    _, events = act(state, place("qi", "yy", "house@qi5", "emissary"))
    played, scored = events[0], next(e for e in events if e.type == "region_scored")
    # (the pieces are joined by the bot's own "and", from the bot catalog)
    assert _said("es-ES", played).startswith("Alex juega 2 cartas amarillas en Qi: una casa en el espacio 5")
    assert _said("es-ES", played).endswith("un emisario.")
    assert _said("ja", played).startswith("Alexが斉で黄のカード2枚を使いました：スペース5に邸宅")
    assert _said("ja", played).endswith("公使1個。")
    assert _said("es-ES", scored).startswith("Se puntúa Qi: Alex 2 puntos")
    assert _said("ja", scored).startswith("斉の得点計算：Alex 2点")
    assert _said("en", played) == "Alex plays 2 yellow cards in Qi: a house on 5 and an emissary."


def test_draws_and_exchanges_keep_their_secrets_in_every_language() -> None:
    drawn = Event("drew", {"seat": A, "source": "deck"}, {A: {"color": "red"}})
    assert _said("es-ES", drawn, A) == "Robas una carta roja del mazo."
    assert _said("ja", drawn, A) == "山札から赤のカード1枚を引きました。"
    for code in ("es-ES", "ja"):
        assert "roja" not in _said(code, drawn, B) and "赤" not in _said(code, drawn, B)
    shown = Event("exchanged", {"seat": B, "give": "orange", "take": "display", "color": "purple"})
    assert _said("es-ES", shown) == "Barbara cambia una carta naranja por la carta morada boca arriba."
    assert _said("ja", shown) == "Barbaraがオレンジのカード1枚を場札の紫のカードと交換しました。"


def test_the_end_of_the_game() -> None:
    over = Event("game_over", {"reason": "normal", "scores": [3, 1], "winners": [0]})
    assert _said("es-ES", over) == (
        "La partida ha terminado: el mazo se ha agotado dos veces y la ronda ha terminado. "
        "Alex es el nuevo Emperador."
    )
    assert _said("ja", over).endswith("Alexが新たな皇帝です。")
    final = Event("final_scoring", {"alliances": [6, 0, 0], "roads": [0, 1, 0], "scores": [20, 18, 9]})
    assert _said("es-ES", final) == "Puntuación final. Alianzas: Alex 6 puntos. Caminos: Barbara 1 punto."
    assert _said("ja", final) == "最終得点計算。同盟：Alex 6点。道路：Barbara 1点。"
    # Latin American Spanish says "puntaje" where Spain says "puntuación"; the rest is Spain's.
    assert _said("es-419", final).startswith("Puntaje final. Alianzas:")
    assert _said("es-419", Event("resigned", {"seat": 1})) == "Barbara se retira."


def test_action_labels() -> None:
    placement = place("wei", "rgg", "house@wei3", "emissary")
    assert label_in("es-ES", GAME, placement) == "Wei: casa 3 + emisario (roja + 2 verdes)"
    assert label_in("ja", GAME, placement) == "魏：邸宅 3 + 公使1個（赤 + 緑2枚）"
    qin = place("qin", "y", "fortification@qin2")
    assert label_in("es-ES", GAME, qin) == "Ch'in: fortificación 2 (amarilla)"  # the Spanish rulebook's spelling
    assert label_in("ja", GAME, qin) == "秦：要塞 2（黄）"
    face_up = {"type": "draw", "source": "display", "color": "red"}
    assert label_in("es-ES", GAME, face_up) == "Tomar la carta roja boca arriba"
    assert label_in("ja", GAME, {"type": "draw", "source": "deck"}) == "山札から引く"
    exchange = {"type": "exchange", "give": "red", "take": "display", "color": "purple"}
    assert label_in("ja", GAME, exchange) == "赤を場札の紫と交換"


def test_refusals_are_in_the_players_language() -> None:
    state = position(current=A, hands={A: "rrg", B: "yyy"})
    assert _refusal("ja", state, {"type": "pass"}, B) == "あなたの手番ではありません。"
    assert _refusal("es-ES", state, {"type": "pass"}, B) == "No es tu turno."
    two = place("wei", "rr", "house@wei1", "house@wei2")
    assert _refusal("es-ES", state, two) == (
        "Wei estaba vacía al empezar tu turno, así que solo puedes colocar una pieza allí."
    )
    assert _refusal("ja", state, two).startswith("魏は手番の開始時に空だった")
    assert _refusal("ja", state, place("wei", "g", "emissary")).startswith("そのカードでは魏に駒1個を置けません")
    assert "carta roja" in _refusal("es-ES", state, place("wei", "g", "emissary"))


def test_options_read_in_the_language_in_force() -> None:
    side, forts = GAME.options
    with i18n.speaking("es-ES"):
        assert tr(side.label) == "Lado del tablero" and tr(forts.label) == "Fortificaciones (experto)"
        assert "fortificación" in tr(forts.help)
    with i18n.speaking("ja"), pytest.raises(ValueError, match="5人のChinaは4-5人用の面で遊びます。"):
        GAME.new(5, 1, {"board_side": "3-4"})
