"""Setup (spec §3): decks, hands, sections, supply, start seat, determinism."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.games.great_wall import GAME
from bot.games.great_wall.data import COLOURS, DECK_COUNTS, MARKERS, CardType, Phase, card_owner, card_type
from bot.games.great_wall.flow import draw_pair


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_seat_gets_its_own_shuffled_deck(players: int) -> None:
    state = GAME.new(players, 7)
    for seat, mine in enumerate(state.seats):
        cards = [*mine.deck, *mine.hand]
        assert sorted(cards) == list(range(seat * 20, seat * 20 + 20))
        assert all(card_owner(card) == seat for card in cards)
        assert list(mine.hand) == sorted(mine.hand) and mine.scored == ()
    assert Counter(card_type(c) for c in [*state.seats[0].deck, *state.seats[0].hand]) == DECK_COUNTS
    assert len({tuple(s.deck) for s in state.seats}) == players  # shuffled independently
    view = GAME.view(state, None)
    assert len({p["colour"] for p in view["players"]}) == players
    assert [p["colour"] for p in view["players"]] == [c.value for c in COLOURS[:players]]


def test_deck_layout_matches_the_card_table() -> None:
    assert DECK_COUNTS == {
        CardType.WALL: 7,
        CardType.GATE: 3,
        CardType.TOWER: 1,
        CardType.INFANTRY: 5,
        CardType.CAVALRY: 2,
        CardType.NOBLE: 1,
        CardType.DRAGON: 1,
    }
    assert [card_type(i).value for i in (0, 6, 7, 9, 10, 11, 15, 16, 17, 18, 19)] == [
        "WALL", "WALL", "GATE", "GATE", "TOWER", "INFANTRY", "INFANTRY", "CAVALRY", "CAVALRY", "NOBLE", "DRAGON",
    ]  # fmt: skip


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_game_starts_in_the_start_seats_actions(players: int) -> None:
    for seed in range(10):
        state = GAME.new(players, seed)
        assert state.active == state.start_seat and state.phase is Phase.ACTIONS and state.actions_left == 2
        assert all(s.open and s.row == () and len(s.markers) == 2 for s in state.sections)
        markers = list(state.supply) + list(state.removed_pairs) + [m for s in state.sections for m in s.markers]
        assert Counter(markers) == Counter(MARKERS)


def test_two_players_never_start_with_an_equal_pair() -> None:
    for seed in range(200):
        state = GAME.new(2, seed)
        assert all(s.markers[0] != s.markers[1] for s in state.sections if s.open)
        pairs = state.removed_pairs
        assert all(pairs[i] == pairs[i + 1] for i in range(0, len(pairs), 2))


def test_three_or_more_players_keep_equal_pairs() -> None:
    assert draw_pair((4, 4, 5, 2), 3) == ((4, 4), (5, 2), ())
    assert draw_pair((4, 4, 5, 2), 2) == ((2, 5), (), (4, 4))
    assert draw_pair((7, 7, 2, 2), 2) == ((), (), (7, 7, 2, 2))


def test_the_random_start_seat_comes_from_the_seed() -> None:
    starts = {GAME.new(4, seed).start_seat for seed in range(60)}
    assert starts == {0, 1, 2, 3}
    assert GAME.new(4, 11).start_seat == GAME.new(4, 11).start_seat


def test_same_seed_same_game_other_seed_other_game() -> None:
    assert GAME.dump(GAME.new(3, 42)) == GAME.dump(GAME.new(3, 42))
    assert GAME.dump(GAME.new(3, 42)) != GAME.dump(GAME.new(3, 43))


@pytest.mark.parametrize("players", [0, 1, 6])
def test_bad_player_counts_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 5 players"):
        GAME.new(players, 0)
