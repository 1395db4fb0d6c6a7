"""Chinatown says the viewer in sentences of their own: "you" is no name to put in a list of names. Spanish had
"Aceptada por: ti. Falta: ti." and "Siguen negociando: ti, Bob"; Japanese put あなた in the same lists."""

from __future__ import annotations

from typing import Any

import pytest

from bot import i18n
from cogs.controls.chinatown.words import offer_lines, offer_title, trading_status

NAMES = ["Ana", "Bob", "Cy"]


def _offer(accepted: list[int], author: int = 0, version: int = 1) -> dict[str, Any]:
    return {"id": 3, "version": version, "author": author, "participants": [0, 1, 2], "accepted": accepted,
            "note": "", "legs": [{"kind": "money", "from": 0, "to": 1, "amount": 10_000}]}


def _status(me: int | None, ready: tuple[int, ...]) -> str:
    players = [{"seat": s, "ready": s in ready, "resigned": False} for s in range(3)]
    return trading_status({"viewer": me, "players": players}, NAMES)


CASES = {
    "en": [
        "Accepted by you. Waiting for Bob and Cy to answer.",
        "Accepted by Ana. Waiting for you and Cy to answer.",
        "Accepted by you and Bob. Waiting for Cy to answer.",
        "Nobody has accepted yet. Waiting for you and Ana and Bob to answer.",
        "Accepted by Ana and Cy. Waiting for your answer.",
        "Your offer #3",
        "Offer #3 by Ana",
        "Offer #3, version 2, changed by you",
        "You are still trading. Still trading: Ana. Done trading: Cy.",
        "You are done trading. Still trading: nobody. Done trading: Bob and Cy.",
    ],
    "es-ES": [
        "Aceptada por ti. Falta la respuesta de Bob y Cy.",
        "Aceptada por Ana. Falta tu respuesta y la de Cy.",
        "Aceptada por ti y por Bob. Falta la respuesta de Cy.",
        "Nadie la ha aceptado todavía. Falta tu respuesta y la de Ana y Bob.",
        "Aceptada por Ana y Cy. Falta tu respuesta.",
        "Tu oferta #3",
        "Oferta #3 de Ana",
        "Oferta #3, versión 2, cambiada por ti",
        "Todavía estás negociando. Siguen negociando: Ana. Han terminado: Cy.",
        "Has terminado de negociar. Siguen negociando: nadie. Han terminado: Bob y Cy.",
    ],
    "ja": [
        "あなたが承諾しました。Bob、Cyの回答待ちです。",
        "Anaが承諾しました。あなたとCyの回答待ちです。",
        "あなたとBobが承諾しました。Cyの回答待ちです。",
        "まだ誰も承諾していません。あなたとAna、Bobの回答待ちです。",
        "Ana、Cyが承諾しました。あなたの回答待ちです。",
        "あなたのオファー#3",
        "オファー#3（Ana）",
        "オファー#3、バージョン2（あなたが変更）",
        "あなたはまだ交渉中です。交渉中：Ana。交渉終了：Cy。",
        "あなたは交渉を終えました。交渉中：なし。交渉終了：Bob、Cy。",
    ],
}


@pytest.mark.parametrize("code", CASES)
def test_the_viewer_is_said_in_whole_sentences(code: str) -> None:
    with i18n.speaking(i18n.ENGLISH if code == "en" else code):
        said = [
            offer_lines(_offer([0]), 0, NAMES)[-1],
            offer_lines(_offer([0]), 1, NAMES)[-1],
            offer_lines(_offer([0, 1]), 0, NAMES)[-1],
            offer_lines(_offer([]), 2, NAMES)[-1],
            offer_lines(_offer([0, 2]), 1, NAMES)[-1],
            offer_title(_offer([0]), 0, NAMES),
            offer_title(_offer([0]), 1, NAMES),
            offer_title(_offer([0], version=2), 1, NAMES, changed_by=1),
            _status(1, (2,)),
            _status(0, (0, 1, 2)),
        ]
    assert said == CASES[code]


def test_the_public_lines_name_everybody() -> None:
    with i18n.speaking(i18n.ENGLISH):
        assert offer_lines(_offer([0]), None, NAMES)[-1] == "Accepted by Ana. Waiting for Bob and Cy to answer."
        assert offer_title(_offer([0]), None, NAMES) == "Offer #3 by Ana"
