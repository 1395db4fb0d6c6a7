"""Phase 2: the secret simultaneous assignment (spec §4.2, R2, R20)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.base import IllegalAction
from bot.games.sun_tzu import GAME
from bot.games.sun_tzu.data import DOUBLE_SIX, PROVINCES
from bot.games.sun_tzu.state import Stage
from tests.games.sun_tzu.helpers import BLUE, make

HAND = ("n1", "n2", "n3", "n4", "n5", "n6", "n7", "n9", "plus1.1", "plague.2")


def commit(*cards: str) -> dict[str, Any]:
    return {"type": "commit", "cards": dict(zip(PROVINCES, cards, strict=True))}


RED_HAND = ("n1", "n2", "n3", "n4", "n5", "n6", "n8", "minus1.3")


def fresh() -> Any:
    return make(blue={"hand": HAND}, red={"hand": RED_HAND})


def test_both_must_commit_and_only_uncommitted_seats_are_to_act() -> None:
    state = fresh()
    assert GAME.to_act(state) == {0, 1}
    state, events = GAME.apply(state, 0, commit("n7", "n9", "plus1.1", "n1", "n2"))
    assert events[0].type == "committed" and events[0].public == {"seat": 0, "changed": False}
    assert GAME.to_act(state) == {1} and GAME.legal_actions(state, 0) == []
    assert state.stage is Stage.ASSIGN
    state, events = GAME.apply(state, 1, commit("n1", "n2", "n3", "n4", "n5"))
    assert [e.type for e in events][:2] == ["committed", "assignments_locked"]
    # No warlords, no decks, no choices: round 1 plays out at once and round 2 asks for cards again.
    assert state.round == 2 and any(e.type == "revealed" for e in events)


def test_a_commitment_can_be_replaced_until_both_are_in() -> None:
    state, _ = GAME.apply(fresh(), 0, commit("n7", "n9", "plus1.1", "n1", "n2"))
    state, events = GAME.apply(state, 0, commit("n1", "n2", "n3", "n4", "n5"))
    assert events[0].public["changed"] is True
    assert state.side(BLUE).assignment == ("n1", "n2", "n3", "n4", "n5")
    assert "n7" in state.side(BLUE).hand and "n1" not in state.side(BLUE).hand
    locked = make(
        blue={"hand": HAND}, red={"hand": HAND, "warlords_held": ("chu_remove_army",)}, options={"warlords": True}
    )
    locked, _ = GAME.apply(locked, 0, commit("n1", "n2", "n3", "n4", "n5"))
    locked, _ = GAME.apply(locked, 1, commit("n1", "n2", "n3", "n4", "n5"))
    assert locked.stage is Stage.W1
    with pytest.raises(IllegalAction):
        GAME.apply(locked, 0, commit("n7", "n9", "plus1.1", "n1", "n2"))  # both are locked


def test_the_opponent_sees_only_that_a_seat_committed() -> None:
    state, _ = GAME.apply(fresh(), 0, commit("n7", "n9", "plus1.1", "plague.2", "n2"))
    for seat in (None, 1):
        view = GAME.view(state, seat)
        assert view["players"][0]["committed"] is True
        assert all(p["own_card"] is None for p in view["provinces"]) and view["assignment"] in (None,)
        assert "plague.2" not in str(view) and "n9" not in str(view)
    own = GAME.view(state, 0)
    assert own["assignment"]["jin_yan"]["id"] == "plus1.1"
    assert own["provinces"][0]["own_card"]["label"] == "7"


@pytest.mark.parametrize(
    ("cards", "why"),
    [
        (("n7", "n7", "n1", "n2", "n3"), "different"),
        (("n8", "n1", "n2", "n3", "n4"), "hold"),
        (("n10", "n1", "n2", "n3", "n4"), "hold"),
    ],
)
def test_illegal_assignments_change_nothing(cards: tuple[str, ...], why: str) -> None:
    state = fresh()
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match=why):
        GAME.apply(state, 0, commit(*cards))
    assert GAME.dump(state) == before


def test_malformed_assignments_are_refused() -> None:
    state = fresh()
    for bad in (
        {"type": "commit", "cards": {"qin": "n1"}},
        {"type": "commit", "cards": ["n1", "n2", "n3", "n4", "n5"]},
        {"type": "commit", "cards": {p: 1 for p in PROVINCES}},
        {"type": "commit", "cards": dict(zip(PROVINCES, ["n1", "n2", "n3", "n4", "n5"], strict=True)), "extra": 1},
        {"type": "shout"},
        ["commit"],
    ):
        with pytest.raises(IllegalAction):
            GAME.apply(state, 0, bad)  # type: ignore[arg-type]


def test_six_is_banned_where_its_owner_has_marked() -> None:
    state = make(marks={"qin": (1, 0), "chu": (0, 1)}, blue={"hand": HAND}, red={"hand": RED_HAND})
    with pytest.raises(IllegalAction, match="marked Qin"):
        GAME.apply(state, 0, commit("n6", "n1", "n2", "n3", "n4"))
    GAME.apply(state, 0, commit("n1", "n6", "n2", "n3", "n4"))  # a red mark does not stop blue (R10)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, commit("n1", "n6", "n2", "n3", "n4"))
    assert not any(a["cards"]["qin"] == "n6" for a in GAME.legal_actions(state, 0) if a["type"] == "commit")


def test_double_six_allows_a_second_mark_only() -> None:
    opts = {"warlords": True}
    once = make(marks={"chu": (0, 1), "wu": (0, 2)}, options=opts, red={"hand": HAND, "warlords_held": (DOUBLE_SIX,)})
    GAME.apply(once, 1, commit("n1", "n6", "n2", "n3", "n4"))
    with pytest.raises(IllegalAction):
        GAME.apply(once, 1, commit("n1", "n2", "n3", "n4", "n6"))
    used = make(marks={"chu": (0, 1)}, options=opts, red={"hand": HAND, "warlords_used": (DOUBLE_SIX,)})
    with pytest.raises(IllegalAction):
        GAME.apply(used, 1, commit("n1", "n6", "n2", "n3", "n4"))


def test_legal_sample_puts_every_hand_card_in_every_province() -> None:
    state = fresh()
    legal = GAME.legal_actions(state, 0)
    placed = {(p, a["cards"][p]) for a in legal if a["type"] == "commit" for p in PROVINCES}
    assert placed == {(p, c) for p in PROVINCES for c in HAND}
    for action in legal:
        GAME.apply(state, 0, action)  # each listed assignment is accepted


def test_support_cannot_use_a_committed_card() -> None:
    state, _ = GAME.apply(fresh(), 0, commit("n7", "n9", "plus1.1", "n1", "n2"))
    with pytest.raises(IllegalAction, match="not in your hand"):
        GAME.apply(state, 0, {"type": "support", "card": "n9"})
    after, _ = GAME.apply(state, 0, {"type": "support", "card": "plague.2"})  # still in hand
    assert "plague.2" in after.side(BLUE).out and GAME.to_act(after) == {1}
