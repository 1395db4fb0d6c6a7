"""Words: describe() for every event kind (public and private) and action labels."""

from __future__ import annotations

import random

from bot.games.base import Event
from bot.games.china import GAME
from bot.games.china.text import cards_text, pieces_text, space_label
from tests.games.china.scenario import A, B, act, fill, place, position

NAMES = ["Alex", "Barbara", "Chris", "Doris", "Eve"]


def test_played_and_scored_sentences() -> None:
    state = position(current=A, hands={A: "ygg"}, houses=fill("qi", {B: 2, 3: 2}))
    _, events = act(state, place("qi", "ygg", "house@qi5", "emissary"))
    lines = [GAME.describe(e, NAMES) for e in events]
    assert lines[0] == "Alex plays a yellow card and 2 green cards in Qi: a house on 5 and an emissary."
    assert "Qi is scored: Alex 2 points, Barbara 5 points, Doris 5 points." in lines
    assert GAME.describe(next(e for e in events if e.type == "placed"), NAMES) is None


def test_deck_draws_are_private() -> None:
    event = Event("drew", {"seat": A, "source": "deck"}, {A: {"color": "red"}})
    assert GAME.describe(event, NAMES) == "Alex draws a card from the deck."
    assert GAME.describe(event, NAMES, B) == "Alex draws a card from the deck."
    assert GAME.describe(event, NAMES, A) == "You draw a red card from the deck."
    shown = Event("drew", {"seat": A, "source": "display", "color": "red"})
    assert GAME.describe(shown, NAMES) == "Alex takes the face-up red card."


def test_articles_follow_the_colour() -> None:
    orange = Event("exchanged", {"seat": B, "give": "orange", "take": "display", "color": "red"})
    assert GAME.describe(orange, NAMES) == "Barbara exchanges an orange card for the face-up red card."
    drawn = Event("drew", {"seat": A, "source": "deck"}, {A: {"color": "orange"}})
    assert GAME.describe(drawn, NAMES, A) == "You draw an orange card from the deck."


def test_final_scoring_leaves_the_ranking_to_the_board() -> None:
    event = Event("final_scoring", {"alliances": [0, 0, 0], "roads": [0, 1, 0], "scores": [20, 18, 9]})
    line = GAME.describe(event, NAMES) or ""
    assert "Totals" not in line and "20" not in line and "Roads: Barbara 1 point." in line


def test_exchange_sentences() -> None:
    hidden = Event("exchanged", {"seat": B, "give": "red", "take": "deck"}, {B: {"color": "green"}})
    assert "red" in GAME.describe(hidden, NAMES) and "green" not in GAME.describe(hidden, NAMES)
    assert GAME.describe(hidden, NAMES, B) == "You exchange a red card for a green card from the deck."
    open_ = Event("exchanged", {"seat": B, "give": "red", "take": "display", "color": "purple"})
    assert GAME.describe(open_, NAMES) == "Barbara exchanges a red card for the face-up purple card."


def test_other_sentences() -> None:
    cases = [
        (Event("restocked", {"cards": ["red", "red", "orange"]}), "New face-up cards: 2 red cards and an orange card."),
        (Event("deck_exhausted", {"count": 1}), "The deck ran out for the first time"),
        (Event("deck_exhausted", {"count": 2}), "this round is the last one"),
        (Event("reshuffled", {"deck": 37, "counts": {"red": 30, "yellow": 7}}), "37 cards (30 red, 7 yellow)"),
        (Event("passed", {"seat": 2}), "Chris cannot place or exchange, and passes."),
        (Event("resigned", {"seat": 3}), "Doris resigns."),
        (Event("final_scoring", {"alliances": [6, 0, 0], "roads": [0, 5, 0], "scores": [20, 18, 9]}),
         "Alliances: Alex 6 points. Roads: Barbara 5 points."),
        (Event("game_over", {"reason": "normal", "scores": [1, 1], "winners": [0, 1]}), "Alex and Barbara"),
        (Event("game_over", {"reason": "normal", "scores": [3, 1], "winners": [0]}), "Alex is the new Emperor."),
    ]
    for event, expected in cases:
        assert expected in (GAME.describe(event, NAMES) or "")
    assert GAME.describe(Event("final_round_started"), NAMES) is None


def test_helpers() -> None:
    assert space_label("wei12") == "12"
    assert cards_text(["red", "green", "green"]) == "red + 2 green"
    assert pieces_text([{"kind": "fortification", "space": "chu2"}, {"kind": "house", "space": "chu2"}]) == \
        "fortification+house 2"
    assert pieces_text([{"kind": "house", "space": "chu2"}, {"kind": "house", "space": "chu5"}]) == "houses 2 & 5"
    assert pieces_text([{"kind": "emissary"}, {"kind": "emissary"}]) == "2 emissaries"


def test_labels_are_short_and_unique_in_every_legal_list() -> None:
    for players, fort in ((3, True), (5, False)):
        state = GAME.new(players, 12, {"fortifications": fort})
        rng = random.Random(12)
        while not GAME.is_over(state):
            legal = GAME.legal_actions(state, state.current)
            labels = [GAME.action_label(a) for a in legal]
            assert len(set(labels)) == len(labels)
            assert all(0 < len(label) < 80 for label in labels)
            state, events = GAME.apply(state, state.current, rng.choice(legal))
            for event in events:
                line = GAME.describe(event, NAMES)
                assert line is None or (line.endswith(".") and "{" not in line)


def test_label_examples() -> None:
    assert GAME.action_label(place("wei", "rgg", "house@wei3", "emissary")) == "Wei: house 3 + emissary (red + 2 green)"
    assert GAME.action_label({"type": "draw", "source": "deck"}) == "Draw from the deck"
    assert GAME.action_label({"type": "draw", "source": "display", "color": "red"}) == "Take the face-up red card"
    assert GAME.action_label({"type": "exchange", "give": "red", "take": "deck"}) == "Exchange red for a deck card"
    assert GAME.action_label({"type": "exchange", "give": "red", "take": "display", "color": "purple"}) == \
        "Exchange red for face-up purple"
    assert GAME.action_label({"type": "pass"}).startswith("Pass")
