"""Phase 5: cards back, cards out, drawing and keeping (spec §4.14, R35, R37)."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.sun_tzu import GAME, flow
from bot.games.sun_tzu.data import FRAMED, PROVINCES
from bot.games.sun_tzu.state import Battle, Stage
from tests.games.sun_tzu.helpers import BLUE, RED, make

PLAYED = ("n1", "n9", "plague.1", "n6", "plus1.1")


def end_of_round(blue_deck: tuple[str, ...] = ("n7", "n8", "n10", "plus2", "minus1.1")) -> object:
    red_played = ("n2", "n3", "n4", "n5", "n1")
    battles = tuple(Battle(*cards, outcome="tie") for cards in zip(PROVINCES, PLAYED, red_played, strict=True))
    blue = {"assignment": PLAYED, "hand": ("n2", "n3", "n4", "n5"), "deck": blue_deck}
    red = {"assignment": red_played, "hand": ("n6",), "deck": ("n7", "n8")}
    return flow.proceed(make(round=4, stage=Stage.CLEANUP, blue=blue, red=red, battles=battles), [])


def test_framed_cards_return_and_the_others_leave_face_up() -> None:
    state = end_of_round()
    blue = state.side(BLUE)  # type: ignore[attr-defined]
    assert set(FRAMED) <= set(blue.hand)
    assert blue.out == ("n9", "plague.1", "plus1.1") and blue.table == () and blue.assignment is None


def test_a_revealed_one_draws_three_and_keeps_two_r35() -> None:
    state = end_of_round()
    assert state.stage is Stage.KEEP and GAME.to_act(state) == {0}  # type: ignore[attr-defined]
    blue = state.side(BLUE)  # type: ignore[attr-defined]
    assert blue.drawn == ("n7", "n8", "n10")
    legal = GAME.legal_actions(state, 0)
    assert sorted(tuple(a["cards"]) for a in legal if a["type"] == "keep") == [
        ("n10", "n7"),
        ("n10", "n8"),
        ("n7", "n8"),
    ]
    # Red revealed its 1 too, but with 2 cards left it keeps both without a choice.
    assert state.side(RED).drawn == () and {"n7", "n8"} <= set(state.side(RED).hand)  # type: ignore[attr-defined]


def test_keep_puts_the_other_card_under_and_its_owner_remembers_it() -> None:
    state = end_of_round()
    for bad in (["n7"], ["n7", "n7"], ["n7", "plus2"], ["n7", "n8", "n10"]):
        with pytest.raises(IllegalAction):
            GAME.apply(state, 0, {"type": "keep", "cards": bad})
    state, events = GAME.apply(state, 0, {"type": "keep", "cards": ["n10", "n7"]})
    blue = state.side(BLUE)
    assert blue.deck == ("plus2", "minus1.1", "n8") and blue.known_bottom == 1
    assert {"n7", "n10"} <= set(blue.hand)
    kept = next(e for e in events if e.type == "kept")
    assert kept.public == {"seat": 0, "kept": 2} and kept.private[0]["under"] == ["n8"]
    assert [c["id"] for c in GAME.view(state, 0)["deck_bottom"]] == ["n8"]
    assert GAME.view(state, 1)["deck_bottom"] == [] and GAME.view(state, None)["deck_bottom"] is None
    assert state.round == 5 and state.stage is Stage.ASSIGN


def test_an_empty_deck_plays_on_with_the_framed_cards() -> None:
    state = end_of_round(blue_deck=())
    assert state.stage is Stage.ASSIGN and state.side(BLUE).hand == FRAMED  # type: ignore[attr-defined]
    assert any(a["type"] == "commit" for a in GAME.legal_actions(state, 0))


def test_there_is_no_hand_limit_r37() -> None:
    big = (*FRAMED, "n7", "n8", "n9", "n10", "plus1.1", "plus1.2", "plus1.3", "minus1.1", "minus1.2")
    state = make(stage=Stage.DRAW, blue={"hand": big, "deck": ("plus2", "plus3")})
    state = flow.proceed(state, [])
    state, _ = GAME.apply(state, 0, {"type": "keep", "cards": ["plus3"]})
    assert len(state.side(BLUE).hand) == len(big) + 1
