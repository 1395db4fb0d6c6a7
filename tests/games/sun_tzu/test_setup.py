"""Setup (spec §3, R1, R25) and the table options (§8.2)."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.sun_tzu import GAME
from bot.games.sun_tzu.data import EVENT_IDS, FRAMED, HEAD_START, WARLORDS, all_instances
from bot.games.sun_tzu.state import Stage
from tests.games.sun_tzu.helpers import BLUE, RED


def choose(state, blue: str = "wu_reinforce", red: str = "chu_remove_army"):  # type: ignore[no-untyped-def]
    state, _ = GAME.apply(state, state.side(BLUE).seat, {"type": "choose_warlord", "warlord": blue})
    state, events = GAME.apply(state, state.side(RED).seat, {"type": "choose_warlord", "warlord": red})
    return state, events


def test_player_count_and_unknown_options_are_refused() -> None:
    for players in (1, 3):
        with pytest.raises(ValueError):
            GAME.new(players, 0)
    with pytest.raises(ValueError):
        GAME.new(2, 0, {"plague": True})
    with pytest.raises(ValueError):
        GAME.new(2, 0, {"adjacency": "ring"})


def test_beginner_turns_warlords_off_and_refuses_them_explicitly() -> None:
    assert GAME.resolve_options({"beginner": True})["warlords"] is False
    assert GAME.new(2, 0, {"beginner": True}).options.warlords is False
    with pytest.raises(ValueError):
        GAME.new(2, 0, {"beginner": True, "warlords": True})
    assert GAME.resolve_options() == {o.key: o.default for o in GAME.options}


def test_colours_random_from_the_seed_or_seat_order() -> None:
    blues = {GAME.new(2, seed).side(BLUE).seat for seed in range(20)}
    assert blues == {0, 1}
    assert all(GAME.new(2, seed, {"colour_assignment": "seat_order"}).side(BLUE).seat == 0 for seed in range(5))


def test_five_distinct_screens_on_face_zero_and_markers_at_start() -> None:
    state = GAME.new(2, 3)
    assert len(set(state.screens)) == 5 and all(1 <= n <= 10 for n in state.screens)
    assert (state.round, state.score_marker, state.privilege_holder) == (1, 0, None)
    assert GAME.view(state, None)["face"] == 0
    assert all(p.armies == 0 for p in state.provinces)


def test_events_option_turns_up_one_card() -> None:
    state = GAME.new(2, 4, {"events": True})
    assert state.active_event in EVENT_IDS and len(state.event_deck) == 4
    assert sorted((state.active_event, *state.event_deck)) == sorted(EVENT_IDS)
    off = GAME.new(2, 4)
    assert off.active_event is None and off.event_deck == ()


def test_warlord_choice_is_simultaneous_secret_and_before_the_draw() -> None:
    state = GAME.new(2, 5)
    assert state.stage is Stage.CHOOSE_WARLORD and GAME.to_act(state) == {0, 1}
    assert all(s.hand == FRAMED and len(s.deck) == 14 for s in state.sides)  # R25: not drawn yet
    blue_seat = state.side(BLUE).seat
    legal = GAME.legal_actions(state, blue_seat)
    assert [a["warlord"] for a in legal] == sorted(WARLORDS[BLUE])
    with pytest.raises(IllegalAction):
        GAME.apply(state, blue_seat, {"type": "choose_warlord", "warlord": "chu_remove_army"})
    half, events = GAME.apply(state, blue_seat, {"type": "choose_warlord", "warlord": "wu_reinforce"})
    assert GAME.to_act(half) == {1 - blue_seat}
    assert "wu_reinforce" not in str(events[0].public) and "wu_reinforce" not in str(GAME.view(half, 1 - blue_seat))
    with pytest.raises(IllegalAction):
        GAME.apply(half, blue_seat, {"type": "choose_warlord", "warlord": "wu_move_army"})
    done, _ = GAME.apply(half, 1 - blue_seat, {"type": "choose_warlord", "warlord": "chu_remove_army"})
    assert done.stage is Stage.ASSIGN
    for colour in (BLUE, RED):
        side = done.side(colour)
        assert len(side.hand) == 10 and len(side.deck) == 10 and len(side.warlords_unchosen) == 4
        assert side.reserve == 18 and side.set_aside == 3


def test_head_start_is_revealed_once_both_have_chosen() -> None:
    state = GAME.new(2, 6, {"colour_assignment": "seat_order"})
    half, _ = GAME.apply(state, 0, {"type": "choose_warlord", "warlord": HEAD_START})
    assert half.score_marker == 0 and GAME.view(half, None)["players"][0]["warlords_used"] == []
    done, events = GAME.apply(half, 1, {"type": "choose_warlord", "warlord": "chu_total_plague"})
    assert done.score_marker == 1
    assert done.side(BLUE).warlords_used == (HEAD_START,) and done.side(BLUE).warlords_held == ()
    assert any(e.type == "warlord_used" and e.public["warlord"] == HEAD_START for e in events)


def test_beginner_setup_counts() -> None:
    state = GAME.new(2, 7, {"beginner": True})
    assert state.stage is Stage.ASSIGN
    for side in state.sides:
        assert (side.reserve, side.set_aside, len(side.hand), len(side.deck)) == (21, 0, 10, 8)
        assert not {"plus2", "plus3"} & set(side.hand + side.deck)
        assert side.warlords_unchosen == side.warlords_held == ()
    assert len(all_instances(True)) == 18 and len(all_instances(False)) == 20


def test_setup_is_a_function_of_the_seed() -> None:
    assert GAME.dump(GAME.new(2, 99, {"events": True})) == GAME.dump(GAME.new(2, 99, {"events": True}))
    decks = {GAME.new(2, seed).side(BLUE).deck for seed in range(5)}
    assert len(decks) == 5
