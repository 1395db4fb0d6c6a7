"""Words: one sentence per event for the thread, private detail only in the seat's own text; button labels."""

from __future__ import annotations

import random

import pytest

from bot.games.base import Event
from bot.games.sun_tzu import GAME
from bot.games.sun_tzu.text import PUBLIC

NAMES = ["Ann", "Bo"]


@pytest.fixture(scope="module")
def log() -> list[tuple[list[dict], list[Event]]]:
    """(legal lists, events) of a few whole games with events and warlords on."""
    out = []
    for seed in (1, 2, 5):
        rnd = random.Random(seed)
        state = GAME.new(2, seed, {"events": True})
        while not GAME.is_over(state):
            seat = rnd.choice(sorted(GAME.to_act(state)))
            legal = GAME.legal_actions(state, seat)
            state, events = GAME.apply(state, seat, rnd.choice(legal))
            out.append((legal, events))
    return out


def test_every_event_has_one_public_sentence(log: list) -> None:
    seen = set()
    for _, events in log:
        for event in events:
            seen.add(event.type)
            text = GAME.describe(event, NAMES)
            assert event.type in PUBLIC, event.type
            if text is not None:
                assert text.strip() and text.count(". ") == 0 and len(text) < 300
    assert {"revealed", "battle", "scored", "committed", "game_over"} <= seen


def test_private_parts_only_for_their_seat(log: list) -> None:
    for _, events in log:
        for event in events:
            public = GAME.describe(event, NAMES)
            for seat, detail in event.private.items():
                own = GAME.describe(event, NAMES, seat)
                other = GAME.describe(event, NAMES, 1 - seat)
                assert other == public
                if event.type in ("drew", "kept") and detail.get("cards", detail.get("kept")):
                    assert own != public


def test_sentences_name_the_players_and_the_cards() -> None:
    revealed = Event(
        "revealed", {"province": "wu", "blue": "n5", "red": "plus1.2", "chosen_by": 1, "blue_seat": 0, "red_seat": 1}
    )
    assert GAME.describe(revealed, NAMES) == "Bo reveals Wu: Ann's 5 against Bo's +1."
    plague = Event("revealed", {"province": "qin", "blue": "plague.1", "red": "n9", "blue_seat": 0, "red_seat": 1})
    assert GAME.describe(plague, NAMES) == "Qin is revealed: Ann's Plague against Bo's 9."  # never a bare "P"
    battle = Event(
        "battle",
        {
            "province": "wu",
            "outcome": "red",
            "margin": 4,
            "winner": 1,
            "removed": 3,
            "placed": 1,
            "blue_value": 5,
            "red_value": 9,
        },
    )
    assert GAME.describe(battle, NAMES) == "Bo wins Wu by 4, removing 3 armies and placing 1 army."
    drew = Event("drew", {"seat": 0, "count": 2, "keep": 1}, {0: {"cards": ["n7", "plague.1"]}})
    assert GAME.describe(drew, NAMES) == "Ann draws 2 cards."
    assert GAME.describe(drew, NAMES, 0) == "Ann draws 2 cards. You draw 7 and Plague."
    chosen = Event("warlord_chosen", {"seat": 1}, {1: {"warlord": "chu_total_plague"}})
    assert "Total Plague" not in (GAME.describe(chosen, NAMES) or "")
    assert "Total Plague" in (GAME.describe(chosen, NAMES, 1) or "")


def test_action_labels_are_short_and_unique_per_decision(log: list) -> None:
    for legal, _ in log:
        labels = [GAME.action_label(a) for a in legal]
        assert all(0 < len(label) < 80 for label in labels)
        assert len(set(labels)) == len(labels), labels
    assert GAME.action_label({"type": "source", "from": "han_qi"}) == "From Han-Qi"
    assert GAME.action_label({"type": "use_warlord", "warlord": "wu_move_army", "from": "qin", "to": "chu"}) == (
        "Forced March: Qin to Chu"
    )
