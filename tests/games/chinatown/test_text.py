"""describe(): one sentence per event, public part only unless a seat is given; action_label(): short labels."""

from __future__ import annotations

import random
import re

from bot.games.base import Event
from bot.games.chinatown import GAME
from bot.games.chinatown.data import Phase
from tests.games.chinatown.helpers import ANN, BEN, CLEO, NAMES, act, lot, money, propose, scenario, tiles


def test_every_event_of_a_game_has_a_sentence() -> None:
    rng = random.Random(4)
    state = GAME.new(3, 4, {"placement_mode": "simultaneous"})
    kinds: set[str] = set()
    while not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        action = GAME.choose_action(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
        state, events = GAME.apply(state, seat, action)
        for event in events:
            kinds.add(event.type)
            public = GAME.describe(event, NAMES)
            if event.public:
                assert public and public.endswith(".") and (public[0].isupper() or public[0].isdigit())
            for viewer, _ in event.private.items():
                assert GAME.describe(event, NAMES, viewer)
    assert kinds >= {
        "deal",
        "kept",
        "lots_kept",
        "tiles_drawn",
        "phase",
        "ready",
        "batched",
        "turn_ended",
        "placements_revealed",
        "income",
        "new_year",
        "game_over",
    }


def test_the_public_sentence_of_a_keep_tells_no_lots() -> None:
    state = GAME.new(3, 4)
    keep = list(state.seats[ANN].dealt[:5])
    _, events = act(state, ANN, {"type": "keep", "lots": keep})
    assert GAME.describe(events[0], NAMES) == "Ann has chosen which lots to keep."
    assert GAME.describe(events[0], NAMES, BEN) == "Ann has chosen which lots to keep."
    mine = GAME.describe(events[0], NAMES, ANN) or ""
    assert all(str(n) in mine for n in keep)


def test_reveal_and_draw_sentences() -> None:
    reveal = Event("lots_kept", public={"round": 1, "kept": [[1, 2], None, [30]]})
    assert GAME.describe(reveal, NAMES) == "Lots kept: Ann 1, 2; Cleo 30."
    draw = Event("tiles_drawn", public={"round": 1, "draws": [{"photo": 2, "dim_sum": 1}, {}, None]})
    assert GAME.describe(draw, NAMES) == "Shop tiles drawn: Ann 2 × Photo, Dim Sum; Ben nothing."


def test_a_lot_leg_names_its_shop() -> None:
    state = scenario(3, owners={16: ANN, 5: BEN}, tiles={16: "tea_house"}, hands={CLEO: {"photo": 2}})
    _, events = act(
        state, ANN, propose(lot(ANN, BEN, 16), lot(BEN, ANN, 5), tiles(CLEO, ANN, "photo", 2), money(ANN, CLEO, 20_000))
    )
    assert GAME.describe(events[0], NAMES) == (
        "Ann proposes offer #1: Ann gives lot 16 (Tea House) to Ben; Ann gives $20,000 to Cleo; "
        "Ben gives lot 5 to Ann; Cleo gives 2 × Photo to Ann."
    )


def test_phase_sentences() -> None:
    state = scenario(3, phase=Phase.TRADES, first_player=CLEO)
    for seat in (ANN, BEN):
        state, _ = act(state, seat, {"type": "ready", "ready": True})
    _, events = act(state, CLEO, {"type": "ready", "ready": True})
    assert GAME.describe(events[-1], NAMES) == "Trading is over; time to build: Cleo builds first."


def test_action_labels_are_short_and_distinct() -> None:
    rng = random.Random(9)
    state = GAME.new(5, 9)
    while not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        labels = [GAME.action_label(action) for action in legal]
        assert all(0 < len(label) < 80 for label in labels)
        assert len(set(labels)) == len(labels)
        state, _ = GAME.apply(state, seat, GAME.choose_action(GAME.view(state, seat), legal, rng))


def test_specific_labels() -> None:
    assert GAME.action_label({"type": "keep", "lots": [3, 7, 12]}) == "Keep lots 3, 7, 12"
    assert GAME.action_label({"type": "place", "lot": 16, "tile": "tea_house"}) == "Build Tea House on lot 16"
    assert GAME.action_label({"type": "accept", "offer": 5, "version": 2}) == "Accept offer #5 (version 2)"
    assert GAME.action_label({"type": "reject", "offer": 5}) == "Decline offer #5"
    assert GAME.action_label({"type": "cancel", "offer": 5}) == "Withdraw offer #5"
    assert GAME.action_label({"type": "ready", "ready": True}) == "Done trading"
    assert GAME.action_label({"type": "ready", "ready": False}) == "Back to trading"
    assert GAME.action_label({"type": "end_turn"}) == "End turn"
    long_offer = {"type": "propose", "legs": [{}] * 3}
    assert GAME.action_label(long_offer) == "Propose a trade (3 items)"
    assert re.fullmatch(r"Change offer #\d+", GAME.action_label({"type": "edit", "offer": 12, "legs": []}))


def test_a_declined_offer_gives_its_reason() -> None:
    from bot.games.base import Event
    from bot.games.chinatown import GAME

    offer = {"id": 3, "version": 1, "legs": [], "note": "I need that lot"}
    proposed = Event("offer_proposed", public={"offer": offer, "by": 0})
    declined = Event("offer_rejected", public={"offer": offer, "by": 1, "note": "it lowers my income"})
    names = ["Ann", "Ben", "Cy"]
    assert GAME.describe(proposed, names).endswith('("I need that lot")')
    assert GAME.describe(declined, names) == 'Ben declines offer #3; it is closed. ("it lowers my income")'


def test_final_scores_read_as_money() -> None:
    from bot.games import get

    assert get("chinatown").score_text(840_000) == "$840,000"
    assert get("great_wall").score_text(1) == "1 point" and get("china").score_text(12) == "12 points"
