"""The Great Wall of China in Spanish and Japanese: sentences, labels and refusals with the rulebook's terms
(Muro, Puerta, Torre, Infantería, Caballería, Noble, Dragón, sección, marcador; 城壁, 区画, 竜...)."""

from __future__ import annotations

import pytest

from bot.games.base import Event, IllegalAction
from bot.games.great_wall import GAME
from bot.i18n import speaking
from tests.games.great_wall.helpers import NAMES, card_at, check, draw, play, random_moves, scenario
from tests.games.languages import label_in


def _say(event: Event, code: str, seat: int | None = None) -> str | None:
    with speaking(code):
        return GAME.describe(event, NAMES, seat)


def test_plays_in_spanish_and_japanese() -> None:
    state = scenario(
        3, ["{3,5} P1:GATE", "{1,2}", "{2,4}"], hands={0: "INF INF WALL CAV DRAGON"}, decks={0: 3}
    )
    _, (infantry,) = play(state, 0, "INF", 2, count=2)
    assert _say(infantry, "es-ES") == "Ana jugó 2 Infanterías en la sección 3."
    assert _say(infantry, "ja") == "Anaが区画3に歩兵2枚を出しました。"
    _, (wall,) = play(state, 0, "WALL", 0)
    assert _say(wall, "es-ES") == "Ana jugó un Muro en la sección 1."
    assert _say(wall, "es-419") == "Ana jugó un Muro en la sección 1."  # Latin America: Spain's words
    _, (cavalry,) = play(state, 0, "CAV", 1)
    assert _say(cavalry, "es-ES") == "Ana jugó una Caballería en la sección 2 (gratis)."
    assert _say(cavalry, "ja") == "Anaが区画2に騎兵1枚を出しました（無料）。"
    _, (dragon,) = play(state, 0, "DRAGON", 0, cover=card_at(state, 0, 0))
    assert _say(dragon, "es-ES") == "Ana jugó el Dragón sobre la carta de Bo (Puerta) en la sección 1."
    assert _say(dragon, "ja") == "Anaが区画1のBoの門に竜を重ねました。"
    assert GAME.describe(dragon, NAMES) == "Ana played the Dragon on Bo's Gate in section 1."  # English unchanged


def test_draws_claims_and_the_end_in_spanish_and_japanese() -> None:
    state = scenario(2, ["{3,5}", "{1,2}"], decks={0: "TOWER INF"})
    _, (drawn,) = draw(state, 0)
    assert _say(drawn, "es-ES", 0) == "Robaste una Torre."
    assert _say(drawn, "ja", 0) == "塔1枚を引きました。"
    assert _say(drawn, "ja") == "Anaがカードを1枚引きました。"
    state, _ = check(scenario(2, ["{3,5} P0:WALL, P0:GATE", "{1,2}"]), 0)
    _, (claim,) = GAME.apply(state, 0, {"type": "claim", "section": 0, "marker": 5, "card": card_at(state, 0, 1)})
    assert _say(claim, "es-ES") == "Ana reclamó el marcador 5 de la sección 1 y lo colocó sobre su Puerta."
    assert _say(claim, "ja") == "Anaが区画1の5のマーカーを獲得し、自分の門の上に置きました。"
    own = scenario(2, ["{4} P0:TOWER[7]", "{1,2}"], supply=[5, 5, 3, 8])
    _, (done,) = check(own, 0)
    assert _say(done, "es-ES") == (
        "Ana se llevó el 4 boca abajo y también el 7. La sección 1 está completa y recibe los marcadores 3 y 8"
        " (se retira la pareja igual 5-5)."
    )
    tied = Event("game_over", {"reason": "resignation", "scores": [9, 9], "ranking": [1, 1]})
    assert (_say(tied, "es-ES") or "").startswith("La partida ha terminado porque un jugador la ha dejado: Ana")
    assert (_say(tied, "es-ES") or "").endswith(" Bo comparten la victoria.")
    won = Event("game_over", {"reason": "normal", "scores": [9, 12, 9], "ranking": [2, 1, 2]})
    assert _say(won, "ja") == "ゲーム終了：Boの勝ちです。"
    last = Event("last_round", {"seat": 1, "lapsed": 1})
    assert "última ronda" in (_say(last, "es-ES") or "")
    assert "最終ラウンド" in (_say(last, "ja") or "")


@pytest.mark.parametrize(
    ("action", "es", "ja"),
    [
        ({"type": "draw"}, "Robar una carta", "カードを1枚引く"),
        ({"type": "play", "card": "WALL", "count": 2, "section": 0}, "2 × Muros → sección 1", "城壁 ×2 → 区画1"),
        ({"type": "play", "card": "CAVALRY", "count": 1, "section": 2}, "1 × Caballería → sección 3 (gratis)",
         "騎兵 ×1 → 区画3（無料）"),
        ({"type": "play", "card": "DRAGON", "count": 1, "section": 1, "cover": 21},
         "Dragón sobre la carta de Verde: Muro (carta 21), sección 2", "竜を緑の城壁（カード21）に重ねる（区画2）"),
        ({"type": "claim", "section": 0, "marker": 4, "card": 10}, "Poner el 4 sobre tu Torre (carta 10)",
         "4を自分の塔（カード10）に置く"),
    ],
)
def test_action_labels_in_spanish_and_japanese(action: dict[str, object], es: str, ja: str) -> None:
    assert label_in("es-ES", GAME, action) == es
    assert label_in("ja", GAME, action) == ja


def test_a_refusal_is_in_the_players_language() -> None:
    state = GAME.new(2, 1)
    (seat,) = GAME.to_act(state)
    with speaking("es-ES"), pytest.raises(IllegalAction, match="No es tu turno"):
        GAME.apply(state, 1 - seat, {"type": "draw"})
    with speaking("ja"), pytest.raises(IllegalAction, match="区画9はありません"):
        GAME.apply(state, seat, {"type": "play", "card": "WALL", "count": 1, "section": 8})


@pytest.mark.parametrize("code", ["es-ES", "ja"])
def test_labels_and_sentences_of_a_random_game_fit_discord(code: str) -> None:
    with speaking(code):
        for seat, legal, events in random_moves(3, 7):
            assert all(0 < len(GAME.action_label(a)) <= 100 for a in legal)
            for event in events:
                sentence = GAME.describe(event, NAMES[:3], seat)
                assert sentence is None or "{" not in sentence
