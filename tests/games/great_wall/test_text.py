"""Words for people: one sentence per event (public and private) and short button labels."""

from __future__ import annotations

import pytest

from bot.games.base import Event
from bot.games.great_wall import GAME
from tests.games.great_wall.helpers import NAMES, card_at, check, draw, play, random_moves, scenario


def _say(event: Event, seat: int | None = None) -> str | None:
    return GAME.describe(event, NAMES, seat)


def test_plays() -> None:
    state = scenario(
        3, ["{3,5} P1:GATE", "{1,2}", "{2,4}"], hands={0: "INF INF WALL CAV DRAGON"}, decks={0: 3}
    )
    _, (event,) = play(state, 0, "INF", 2, count=2)
    assert _say(event) == "Ana played 2 Infantry to section 3."
    _, (event,) = play(state, 0, "WALL", 0)
    assert _say(event) == "Ana played a Wall to section 1."
    _, (event,) = play(state, 0, "CAV", 1)
    assert _say(event) == "Ana played a Cavalry to section 2 (free)."
    _, (event,) = play(state, 0, "DRAGON", 0, cover=card_at(state, 0, 0))
    assert _say(event) == "Ana played the Dragon on Bo's Gate in section 1."


def test_draws_are_public_without_the_card_and_private_with_it() -> None:
    state = scenario(2, ["{3,5}", "{1,2}"], decks={0: "TOWER INF"})
    _, (event,) = draw(state, 0)
    assert _say(event) == "Ana drew a card."
    assert _say(event, 0) == "You drew a Tower."
    assert _say(event, 1) == "Ana drew a card."
    _, (event,) = draw(draw(state, 0)[0], 0)
    assert _say(event, 0) == "You drew an Infantry."


def test_claims_and_completions() -> None:
    state, _ = check(scenario(2, ["{3,5} P0:WALL, P0:GATE", "{1,2}"]), 0)
    _, (event,) = GAME.apply(state, 0, {"type": "claim", "section": 0, "marker": 5, "card": card_at(state, 0, 1)})
    assert _say(event) == "Ana claimed the 5 marker in section 1 and put it on their Gate."
    state = scenario(3, ["{1,2}", "{4} P1:GATE[7], P0:TOWER", "{2,4}"], supply=[3, 8])
    _, (event,) = check(state, 0)
    assert _say(event) == (
        "Ana took the 4 face down; Bo received the 7. Section 2 is complete and gets the markers 3 and 8."
    )
    own = scenario(2, ["{4} P0:TOWER[7]", "{1,2}"], supply=[5, 5, 3, 8])
    _, (event,) = check(own, 0)
    assert _say(event) == (
        "Ana took the 4 face down and the 7 too. Section 1 is complete and gets the markers 3 and 8"
        " (equal pair 5-5 removed)."
    )
    closing = scenario(2, ["{4} P1:GATE[7], P0:TOWER", "{1,2}"], supply=[2, 2], exact_supply=True, spare_to=1)
    _, events = check(closing, 0)
    assert _say(events[0]) == (
        "Ana took the 4 face down; Bo received the 7. Section 1 is complete and closes:"
        " no markers are left (equal pair 2-2 removed)."
    )


def test_end_of_game_sentences() -> None:
    assert _say(Event("last_round", {"seat": 1, "lapsed": 1})) == (
        "Bo has played every card: last round! Everyone else takes one last turn."
    )
    assert (_say(Event("check_round", {"order": [1, 0]})) or "").startswith("The check-only round begins")
    assert _say(Event("resign", {"seat": 2})) == "Cy resigned and leaves the game."
    won = Event("game_over", {"reason": "normal", "scores": [9, 12, 9], "ranking": [2, 1, 2]})
    assert _say(won) == "The game is over: Bo wins."
    tied = Event("game_over", {"reason": "resignation", "scores": [9, 9], "ranking": [1, 1]})
    assert _say(tied) == "The game is over now that a player has left: Ana and Bo share the win."
    assert _say(Event("something_else")) is None


@pytest.mark.parametrize(
    ("action", "label"),
    [
        ({"type": "play", "card": "INFANTRY", "count": 2, "section": 2}, "2 × Infantry → section 3"),
        ({"type": "play", "card": "CAVALRY", "count": 1, "section": 0}, "1 × Cavalry → section 1 (free)"),
        ({"type": "draw"}, "Draw a card"),
        (
            {"type": "play", "card": "DRAGON", "count": 1, "section": 0, "cover": 27},
            "Dragon on Green's Gate (card 27) in section 1",
        ),
        ({"type": "claim", "section": 1, "marker": 5, "card": 13}, "Put the 5 on your Infantry (card 13)"),
    ],
)
def test_action_labels(action: dict[str, object], label: str) -> None:
    assert GAME.action_label(action) == label


def test_every_label_and_sentence_of_random_games_fits_discord() -> None:
    for players in (2, 5):
        for _, legal, events in random_moves(players, players):
            assert all(0 < len(GAME.action_label(a)) <= 100 for a in legal)
            for event in events:
                for viewer in (None, *range(players)):
                    sentence = GAME.describe(event, NAMES[:players], viewer)
                    assert sentence and len(sentence) <= 2000
