"""§3 setup by player count and options, and the board facts of §2.1."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.games.china import GAME
from bot.games.china.data import COLOURS, EMISSARIES_PER_SEAT, HOUSES_PER_SEAT, board


@pytest.mark.parametrize(
    ("players", "removed", "deck", "side"),
    [(3, 10, 34, "3-4"), (4, 5, 36, "4-5"), (5, 0, 38, "4-5")],
)
def test_setup_by_player_count(players: int, removed: int, deck: int, side: str) -> None:
    state = GAME.new(players, 7)
    assert len(state.removed) == removed
    assert Counter(state.removed) == Counter({c: removed // 5 for c in COLOURS if removed})
    assert [len(s.hand) for s in state.seats] == [3] * players
    assert len(state.display) == 4 and len(state.deck) == deck
    assert state.discard == () and state.exhaustions == 0 and not state.final_round
    assert state.board_side == side
    assert all(h is None for h in state.houses) and not any(state.scored)
    assert all(s.houses == HOUSES_PER_SEAT and s.emissaries == EMISSARIES_PER_SEAT for s in state.seats)
    assert all(s.fortifications == 0 and s.score == 0 for s in state.seats)
    assert state.phase == "action" and state.current == state.start_seat
    assert GAME.to_act(state) == frozenset({state.start_seat})


def test_card_counts_per_colour_in_play() -> None:
    for players, total in ((3, 47), (4, 52), (5, 57)):
        state = GAME.new(players, 3)
        in_play = Counter(state.deck) + Counter(state.display)
        for st in state.seats:
            in_play += Counter(st.hand)
        assert sum(in_play.values()) == total
        cut = {3: 2, 4: 1, 5: 0}[players]
        assert in_play == Counter({c: board().cards[c] - cut for c in COLOURS})


def test_four_players_choose_the_board_side() -> None:
    assert GAME.new(4, 1, {"board_side": "3-4"}).board_side == "3-4"
    assert GAME.new(4, 1, {"board_side": "4-5"}).board_side == "4-5"
    assert GAME.new(4, 1).board_side == "4-5"  # R3 default
    assert GAME.new(3, 1, {"board_side": "3-4"}).board_side == "3-4"
    assert GAME.new(5, 1, {"board_side": "4-5"}).board_side == "4-5"


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {"board_side": "4-5"}),
        (5, {"board_side": "3-4"}),
        (4, {"board_side": "2-3"}),
        (4, {"fortifications": "yes"}),
        (4, {"colour": "red"}),
        (2, {}),
        (6, {}),
    ],
)
def test_bad_player_count_or_option_raises(players: int, options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        GAME.new(players, 1, options)


def test_fortification_variant_gives_one_each() -> None:
    state = GAME.new(5, 1, {"fortifications": True})
    assert state.fortifications and all(s.fortifications == 1 for s in state.seats)


def test_options_and_defaults() -> None:
    assert {o.key: o.default for o in GAME.options} == {"board_side": "auto", "fortifications": False}
    assert GAME.resolve_options({}) == {"board_side": "auto", "fortifications": False}
    # The table service resolves options before the player count is known: the default fits every count.
    for players in (3, 4, 5):
        GAME.new(players, 1, GAME.resolve_options({}))


def test_setup_is_a_function_of_the_seed() -> None:
    assert GAME.new(4, 11) == GAME.new(4, 11)
    starts = {GAME.new(4, seed).start_seat for seed in range(40)}
    assert starts == {0, 1, 2, 3}  # R2: drawn from the seed
    assert GAME.new(4, 11).deck != GAME.new(4, 12).deck


def test_identity() -> None:
    assert (GAME.key, GAME.min_players, GAME.max_players) == ("china", 3, 5)


# ------------------------------------------------------------------------------ board facts (§2.1)


def test_board_facts_stated_by_the_rulebook() -> None:
    b = board()
    colour = {r.name: r.colour.value for r in b.regions}
    size = {r.name: len(r.spaces) for r in b.regions}
    assert [n for n, c in colour.items() if c == "purple"] == ["Chu"]
    assert colour["Zhao"] == colour["Lu"]
    assert colour["Qi"] == colour["Qin"] == "yellow"
    assert colour["Wei"] == "red"
    assert size["Wei"] == 7 and size["Qi"] == 5 and size["Zhao"] >= 5 and size["Zhou"] >= 5
    alliances = {a.number: set(a.regions) for a in b.alliances}
    assert sorted(alliances) == list(range(1, 16))
    assert alliances[3] == {"wei", "qin"} and alliances[4] == {"qin", "shu"}
    assert sum(b.cards.values()) == 57
    assert {c.value: n for c, n in b.cards.items()} == {"red": 13, "green": 12, "yellow": 11, "orange": 11,
                                                         "purple": 10}
    assert len(b.spaces) == len(set(b.spaces)) == 52
    for side in ("3-4", "4-5"):
        adjacency = b.neighbours(side)
        assert set(adjacency) == set(b.spaces)
        assert all(a in adjacency[b_] for a, nbrs in adjacency.items() for b_ in nbrs)
