"""Sun Tzu in Spanish and Japanese: sentences, labels and refusals with the rulebook's terms (ejército,
reserva, señor de la guerra, Peste, provincia; 部隊, 将軍, 疫病, 州...), the English unchanged."""

from __future__ import annotations

import random

import pytest

from bot.games.base import Event, IllegalAction
from bot.games.sun_tzu import GAME
from bot.games.sun_tzu.data import EVENT_DEFS, PROVINCE_NAMES, WARLORD_DEFS
from bot.games.sun_tzu.text import EVENT_TEXTS, EVENT_WORDS, PROVINCE_WORDS, WARLORD_EFFECTS, WARLORD_WORDS
from bot.i18n import speaking
from tests.games.languages import label_in

NAMES = ["Ann", "Bo"]


def _say(event: Event, code: str, seat: int | None = None) -> str | None:
    with speaking(code):
        return GAME.describe(event, NAMES, seat)


def test_the_translated_names_are_the_package_datas() -> None:
    """The catalogs' keys for provinces, warlords and events are the English of sun_tzu.json, word for word."""
    assert PROVINCE_WORDS == PROVINCE_NAMES
    assert {k: (w.name, w.effect) for k, w in WARLORD_DEFS.items()} == {
        k: (WARLORD_WORDS[k], WARLORD_EFFECTS[k]) for k in WARLORD_DEFS
    }
    assert {k: (e.name, e.condition, e.effect) for k, e in EVENT_DEFS.items()} == {
        k: (EVENT_WORDS[k], *EVENT_TEXTS[k]) for k in EVENT_DEFS
    }


def test_battles_in_spanish_and_japanese() -> None:
    battle = Event("battle", {"province": "wu", "winner": 1, "margin": 4, "removed": 3, "placed": 1,
                              "blue_value": 5})
    assert GAME.describe(battle, NAMES) == "Bo wins Wu by 4, removing 3 armies and placing 1 army."
    assert _say(battle, "es-ES") == "Bo gana Wu por 4, retira 3 ejércitos y coloca 1 ejército."
    assert _say(battle, "ja") == "Boが呉で4差の勝ち、3部隊を取り除き1部隊を置きました。"
    plague = Event("plague", {"province": "qin", "owner": 0, "left": 2})
    assert _say(plague, "es-ES") == "Peste en Qin: la batalla se anula y Ann conserva 2 ejércitos."
    assert _say(plague, "ja") == "秦で疫病：戦闘は無効になり、Annは2部隊を残します。"


def test_warlords_events_and_scoring_in_spanish_and_japanese() -> None:
    used = Event("warlord_used", {"seat": 0, "warlord": "wu_move_army", "from": "qin", "to": "chu"})
    assert _say(used, "es-ES") == "Ann usa Marcha forzada: un ejército marcha de Qin a Chu."
    assert _say(used, "ja") == "Annが強行軍を使いました：部隊が1つ秦から楚へ進軍します。"
    chosen = Event("warlord_chosen", {"seat": 1}, {1: {"warlord": "chu_double_six"}})
    assert _say(chosen, "es-ES", 1) == "Bo ha elegido un señor de la guerra en secreto. Te quedas Doble seis."
    assert _say(chosen, "ja") == "Boが秘密裏に将軍を選びました。"  # the thread learns no warlord
    scored = Event("scored", {"round": 3, "blue_seat": 0, "red_seat": 1, "blue": 6, "red": 1, "marker": 5})
    assert _say(scored, "es-ES") == (
        "Puntuación tras la ronda 3: Ann (azul) 6 puntos, Bo (rojo) 1 punto; el marcador de puntuación queda "
        "5 espacios hacia azul."
    )
    assert "得点マーカー" in (_say(scored, "ja") or "")
    triggered = Event("event_triggered", {"event": "war_chariot", "last": False})
    assert _say(triggered, "es-ES") == "Se activa el evento Carro de guerra."
    assert _say(triggered, "ja") == "イベント「戦車」が発動しました。"


@pytest.mark.parametrize(
    ("action", "es", "ja"),
    [
        ({"type": "choose_warlord", "warlord": "chu_remove_army"}, "Quedarse Retirar un ejército", "部隊の除去を残す"),
        ({"type": "reveal", "province": "han_qi"}, "Revelar Han-Qi", "韓斉を公開"),
        ({"type": "source", "from": "reserve"}, "De la reserva", "予備から"),
        ({"type": "support", "card": "plague.1"}, "Descartar Peste como soporte", "疫病を捨てて支援"),
        ({"type": "pass"}, "Pasar", "パス"),
    ],
)
def test_action_labels_in_spanish_and_japanese(action: dict[str, object], es: str, ja: str) -> None:
    assert label_in("es-ES", GAME, action) == es
    assert label_in("ja", GAME, action) == ja


def test_a_refusal_is_in_the_players_language() -> None:
    state = GAME.new(2, 4)
    with speaking("es-ES"), pytest.raises(IllegalAction, match="Ahora no puedes reaccionar"):
        GAME.apply(state, 0, {"type": "react", "use": True})
    with speaking("ja"), pytest.raises(IllegalAction, match="いまは対応することができません"):
        GAME.apply(state, 0, {"type": "react", "use": True})


@pytest.mark.parametrize("code", ["es-ES", "es-419", "ja"])
def test_every_sentence_and_label_of_a_game_is_filled_and_fits(code: str) -> None:
    rnd = random.Random(2)
    state = GAME.new(2, 2, {"events": True})
    with speaking(code):
        while not GAME.is_over(state):
            seat = rnd.choice(sorted(GAME.to_act(state)))
            legal = GAME.legal_actions(state, seat)
            assert all(0 < len(GAME.action_label(a)) < 80 and "{" not in GAME.action_label(a) for a in legal)
            state, events = GAME.apply(state, seat, rnd.choice(legal))
            for event in events:
                for viewer in (None, 0, 1):
                    text = GAME.describe(event, NAMES, viewer)
                    assert text is None or ("{" not in text and len(text) < 500)
