"""§4.5 to §4.8: refill, restock, exchange, forced pass and deck exhaustion."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.china import GAME
from bot.games.china.cards import Cards
from bot.games.china.data import Colour, State
from tests.games.china.scenario import A, B, act, cards, place, position


def assert_illegal(state: State, action: dict[str, object], match: str) -> None:
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match=match):
        act(state, action)
    assert GAME.dump(state) == before


def test_refill_is_one_card_at_a_time_from_either_source() -> None:
    state = position(current=A, hands={A: "rrg"}, houses={"wei1": B}, display="ppoy")
    state, _ = act(state, place("wei", "rr", "house@wei2", "house@wei3"))
    assert state.phase == "refill"
    legal = GAME.legal_actions(state, A)
    assert {"type": "draw", "source": "deck"} in legal
    assert {a.get("color") for a in legal if a["source"] == "display"} == {"purple", "orange", "yellow"}
    state, events = act(state, {"type": "draw", "source": "display", "color": "purple"})
    assert len(state.display) == 3  # no restock between draws (R16)
    assert events[0].public == {"seat": A, "source": "display", "color": "purple"}
    top = state.deck[0]
    state, events = act(state, {"type": "draw", "source": "deck"})
    drew = events[0]
    assert "color" not in drew.public and drew.private == {A: {"color": top.value}}
    assert [e.type for e in events][1:] == ["restocked"]
    assert len(state.display) == 4 and state.current == B and state.phase == "action"
    assert state.seats[A].hand == tuple(sorted([Colour.GREEN, Colour.PURPLE, top], key=list(Colour).index))


def test_refill_draw_must_be_available() -> None:
    state = position(current=A, hands={A: "rrg"}, houses={"wei1": B}, display="ppoy")
    state, _ = act(state, place("wei", "r", "house@wei2"))
    assert_illegal(state, {"type": "draw", "source": "display", "color": "red"}, "no face-up card")


def test_the_engine_draws_when_only_one_choice_exists() -> None:
    # After the second exhaustion with a display of one colour, both draws are automatic.
    state = position(current=A, hands={A: "rrg"}, houses={"wei1": B}, display="oo", deck="", exhaustions=2)
    after, events = act(state, place("wei", "rr", "house@wei2", "house@wei3"))
    assert [e.type for e in events].count("drew") == 2
    assert after.seats[A].hand == tuple(cards("goo")) and after.display == ()
    assert after.current == B


def test_refill_stops_when_nothing_is_left() -> None:
    state = position(current=A, hands={A: "rrg"}, houses={"wei1": B}, display="o", deck="", exhaustions=2)
    after, _ = act(state, place("wei", "rr", "house@wei2", "house@wei3"))
    assert after.seats[A].hand == tuple(cards("go")) and after.current == B


def test_exchange_from_the_deck_keeps_the_display() -> None:
    state = position(current=A, hands={A: "rgy"}, display="ppor")
    top = state.deck[0]
    after, events = act(state, {"type": "exchange", "give": "red", "take": "deck"})
    assert after.display == state.display and after.discard[-1] == Colour.RED
    assert events[0].private == {A: {"color": top.value}}
    assert after.current == B  # no refill


def test_exchange_is_allowed_even_when_a_placement_is_possible() -> None:
    state = position(current=A, hands={A: "rrr"})
    legal = GAME.legal_actions(state, A)
    assert any(a["type"] == "place" for a in legal) and any(a["type"] == "exchange" for a in legal)
    act(state, {"type": "exchange", "give": "red", "take": "display", "color": state.display[0].value})


@pytest.mark.parametrize(
    ("action", "match"),
    [
        ({"type": "exchange", "give": "purple", "take": "deck"}, "don't hold that card"),
        ({"type": "exchange", "give": "red", "take": "display", "color": "green"}, "no face-up card"),
    ],
)
def test_illegal_exchanges(action: dict[str, object], match: str) -> None:
    assert_illegal(position(current=A, hands={A: "rgy"}, display="ppor"), action, match)


def test_exchange_from_an_empty_deck_is_illegal() -> None:
    state = position(current=A, hands={A: "rgy"}, display="ppor", deck="", exhaustions=2)
    assert_illegal(state, {"type": "exchange", "give": "red", "take": "deck"}, "deck is empty")
    assert {a.get("take") for a in GAME.legal_actions(state, A) if a["type"] == "exchange"} == {"display"}


def test_first_exhaustion_in_an_exchange_reshuffles_the_given_card() -> None:
    state = position(current=A, hands={A: "rgy"}, display="ppor", deck="o")
    after, events = act(state, {"type": "exchange", "give": "yellow", "take": "deck"})
    assert [e.type for e in events] == ["exchanged", "deck_exhausted", "reshuffled"]
    assert after.exhaustions == 1 and after.discard == ()
    assert len(after.deck) == len(state.discard) + 1  # the yellow just given up is in the new deck


def test_first_exhaustion_during_a_restock_goes_on_from_the_new_deck() -> None:
    state = position(current=A, hands={A: "rgy"}, display="ppor", deck="o")
    after, events = act(state, {"type": "exchange", "give": "yellow", "take": "display", "color": "purple"})
    assert [e.type for e in events] == ["exchanged", "deck_exhausted", "reshuffled", "restocked"]
    assert len(after.display) == 4 and after.exhaustions == 1
    assert len(after.deck) == len(state.discard) + 1


def test_exhaustion_with_an_empty_discard_counts_as_the_second() -> None:
    flow = Cards(seed=1, deck=[Colour.RED], display=[], discard=[], exhaustions=0)
    flow.take_top()
    assert flow.exhaustions == 2 and [e.type for e in flow.events] == ["deck_exhausted", "final_round_started"]


def test_second_exhaustion_does_not_reshuffle() -> None:
    flow = Cards(seed=1, deck=[Colour.RED], display=[], discard=[Colour.GREEN] * 5, exhaustions=1)
    flow.take_top()
    flow.restock()
    assert flow.exhaustions == 2 and flow.deck == [] and flow.discard == [Colour.GREEN] * 5
    assert flow.display == []


def test_pass_only_when_nothing_else_is_possible() -> None:
    state = position(current=A, hands={A: "rgy"})
    assert {"type": "pass"} not in GAME.legal_actions(state, A)
    assert_illegal(state, {"type": "pass"}, "may not pass")
    stuck = position(current=A, hands={A: ""}, display="", deck="", exhaustions=2)
    assert GAME.legal_actions(stuck, A) == [{"type": "pass"}]
    after, events = act(stuck, {"type": "pass"})
    assert events[0].type == "passed" and after.current == B


def test_reshuffle_is_deterministic() -> None:
    state = position(current=A, hands={A: "rgy"}, display="ppor", deck="o")
    one, _ = act(state, {"type": "exchange", "give": "yellow", "take": "deck"})
    two, _ = act(state, {"type": "exchange", "give": "yellow", "take": "deck"})
    assert one.deck == two.deck


def test_timeout_action_is_blind_to_the_hand() -> None:
    state = position(current=A, hands={A: "rrg"}, houses={"wei1": B}, display="ppoy")
    assert GAME.timeout_action(state, A) is None  # placing or exchanging depends on the hand
    state, _ = act(state, place("wei", "r", "house@wei2"))
    assert GAME.timeout_action(state, A) == {"type": "draw", "source": "deck"}
    assert GAME.timeout_action(state, B) is None
    late = position(current=A, hands={A: "rrg"}, houses={"wei1": B}, display="po", deck="", exhaustions=2)
    late, _ = act(late, place("wei", "r", "house@wei2"))
    assert GAME.timeout_action(late, A) == {"type": "draw", "source": "display", "color": "orange"}
