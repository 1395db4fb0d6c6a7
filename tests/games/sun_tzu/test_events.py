"""The optional event cards (spec §2.4, §4.11, R26-R31)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.base import IllegalAction
from bot.games.sun_tzu import GAME
from bot.games.sun_tzu.data import CHAMPION, HERO, LIGHT_INFANTRY, PANDEMIC, WAR_CHARIOT
from bot.games.sun_tzu.state import Stage
from tests.games.sun_tzu.helpers import BLUE, RED, act, armies, aside, fight, make, reserve


def events_on(active: str, *deck: str, **kw: Any) -> Any:
    options = {"events": True, **kw.pop("options", {})}
    rest = deck or tuple(e for e in (PANDEMIC, WAR_CHARIOT, CHAMPION, HERO, LIGHT_INFANTRY) if e != active)[:2]
    return make(options=options, active_event=active, event_deck=rest, **kw)


@pytest.mark.parametrize(("blue", "red", "hit"), [("n9", "plague.1", True), ("n9", "n10", True), ("n9", "n3", False)])
def test_champion_challenge_when_the_printed_nine_does_not_win(blue: str, red: str, hit: bool) -> None:
    state, _ = fight(events_on(CHAMPION, HERO, PANDEMIC), "qin", blue, red)
    assert (aside(state, BLUE) == 4) is hit
    assert (state.active_event == HERO) is hit


def test_nine_against_nine_hits_both_then_the_next_card_checks_the_same_battle() -> None:
    state, _ = fight(events_on(CHAMPION, HERO, PANDEMIC), "qin", "n9", "n9")
    assert aside(state, BLUE) == aside(state, RED) == 4 and reserve(state, RED) == 17
    assert state.active_event == HERO and state.stage is Stage.PICK  # no 10 here: Hero stays up


def test_hero_challenge_costs_two_each() -> None:
    state, _ = fight(events_on(HERO, CHAMPION, PANDEMIC), "qin", "n10", "plague.2")
    assert aside(state, BLUE) == 5 and reserve(state, BLUE) == 16
    assert state.events_done == (HERO,)


def test_war_chariot_without_warlords_is_discarded_with_no_effect() -> None:
    state, _ = fight(events_on(WAR_CHARIOT, HERO, PANDEMIC, marks={"qin": (1, 0), "chu": (1, 0)}), "wu", "n6", "n1")
    assert state.events_done == (WAR_CHARIOT,) and state.stage is Stage.PICK
    assert state.side(BLUE).warlords_held == ()


def test_war_chariot_triggers_on_the_third_mark_and_stays_secret() -> None:
    unchosen = ("wu_head_start", "wu_minus_recycle", "wu_move_army", "wu_cap_at_six")
    before = events_on(
        WAR_CHARIOT,
        HERO,
        PANDEMIC,
        options={"warlords": True},
        marks={"qin": (1, 0), "chu": (1, 0)},
        blue={"warlords_used": ("wu_reinforce",), "warlords_unchosen": unchosen},
        red={
            "warlords_held": ("chu_total_plague",),
            "warlords_unchosen": ("chu_remove_army", "chu_counter_plague", "chu_plague_recycle", "chu_double_six"),
        },
    )
    state, _ = fight(before, "wu", "n6", "n1")
    assert state.stage is Stage.EVENT_EFFECT and GAME.to_act(state) == {0}
    with pytest.raises(IllegalAction):
        act(state, BLUE, {"type": "chariot", "warlord": "wu_head_start"})
    with pytest.raises(IllegalAction):
        act(state, RED, {"type": "chariot", "warlord": "chu_remove_army"})
    state, events = act(state, BLUE, {"type": "chariot", "warlord": "wu_cap_at_six"})
    chariot = next(e for e in events if e.type == "chariot")
    assert chariot.public == {"seat": 0, "took": True} and chariot.private == {0: {"warlord": "wu_cap_at_six"}}
    public = GAME.view(state, None)
    assert public["players"][0]["warlords_unused"] == 1 and "wu_cap_at_six" not in str(public)
    assert GAME.view(state, 1)["warlords_held"] == ["chu_total_plague"]


def test_pandemic_needs_four_distinct_plagues() -> None:
    three = ("blue:plague.1", "blue:plague.2", "red:plague.1")
    again, _ = fight(events_on(PANDEMIC, HERO, CHAMPION, plagues_revealed=three), "qin", "plague.1", "n3")
    assert again.active_event == PANDEMIC  # the same blue Plague counts once
    fourth, _ = fight(events_on(PANDEMIC, HERO, CHAMPION, plagues_revealed=three), "qin", "n3", "plague.2")
    assert fourth.events_done == (PANDEMIC,) and aside(fourth, BLUE) == aside(fourth, RED) == 4


def test_light_infantry_decline_and_the_player_ahead_is_not_asked() -> None:
    state, _ = fight(events_on(LIGHT_INFANTRY, HERO, PANDEMIC, marker=3, board={"chu": (BLUE, 2)}), "chu", "n1", "n1")
    assert GAME.to_act(state) == {1}  # red is behind
    with pytest.raises(IllegalAction):
        act(state, BLUE, {"type": "light_infantry", "take": True})
    state, _ = act(state, RED, {"type": "light_infantry", "take": False})
    assert armies(state, "chu") == ("blue", 2) and state.events_done == (LIGHT_INFANTRY,)


def test_light_infantry_placement_follows_the_shortfall_rules() -> None:
    before = events_on(
        LIGHT_INFANTRY, HERO, PANDEMIC, marker=-1, board={"qin": (BLUE, 1)}, blue={"reserve": 0, "set_aside": 0}
    )
    state, _ = fight(before, "chu", "n1", "n1")
    state, _ = act(state, BLUE, {"type": "light_infantry", "take": True})
    assert armies(state, "chu") == ("blue", 1) and armies(state, "qin") == (None, 0)


def test_an_event_is_checked_only_against_the_battle_just_resolved() -> None:
    state, _ = fight(events_on(HERO, CHAMPION, PANDEMIC), "qin", "n2", "n3")
    assert state.active_event == HERO and state.events_done == ()
