"""Properties of random legal games (hypothesis): they finish, conserve every card and piece, keep
hidden information out of views, replay deterministically and survive dump/load at every step."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.china import GAME
from bot.games.china.data import COLOURS, EMISSARIES_PER_SEAT, HOUSES_PER_SEAT, State, board
from bot.games.china.hidden import resample

MAX_STEPS = 1500  # a real game takes ~100-150 actions; more means it does not end


def tables() -> st.SearchStrategy[tuple[int, int, dict[str, Any]]]:
    return st.tuples(
        st.sampled_from([3, 4, 5]),
        st.integers(0, 2**31),
        st.fixed_dictionaries({"fortifications": st.booleans(), "board_side": st.sampled_from(["auto", "3-4"])}),
    ).map(lambda t: (t[0], t[1], t[2] if t[0] == 4 else {**t[2], "board_side": "auto"}))


def assert_conserved(state: State) -> None:
    zones = Counter(state.deck) + Counter(state.display) + Counter(state.discard) + Counter(state.removed)
    for seat in state.seats:
        zones += Counter(seat.hand)
    assert zones == Counter({c: board().cards[c] for c in COLOURS})
    forts = 1 if state.fortifications else 0
    for s, seat in enumerate(state.seats):
        assert seat.houses + state.houses.count(s) == HOUSES_PER_SEAT
        assert seat.emissaries + sum(d[s] for d in state.dragon) == EMISSARIES_PER_SEAT
        assert seat.fortifications + state.fortified.count(s) == forts


def assert_no_public_leak(events: list[Any]) -> None:
    for event in events:
        if event.type == "drew" and event.public["source"] == "deck":
            assert "color" not in event.public
        if event.type == "exchanged" and event.public["take"] == "deck":
            assert "color" not in event.public
        assert "seed" not in event.public


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), data=st.data())
def test_random_legal_games(table: tuple[int, int, dict[str, Any]], data: st.DataObject) -> None:
    players, seed, options = table
    state = GAME.new(players, seed, options)
    log: list[tuple[int, dict[str, Any] | None]] = []  # (seat, action), or (seat, None) for a resignation
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        if GAME.is_over(state):
            break
        before = GAME.dump(state)
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        assert legal and all(GAME.legal_actions(state, s) == [] for s in range(players) if s != seat)
        if data.draw(st.integers(0, 199), label="resign?") == 137:  # rare, and not a boundary value
            who = data.draw(st.sampled_from(state.active_seats()), label="resigner")
            new, events = GAME.resign(state, who)
            log.append((who, None))
        else:
            action = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
            new, events = GAME.apply(state, seat, action)
            log.append((seat, action))
        assert GAME.dump(state) == before  # apply never mutates its input
        assert GAME.load(GAME.dump(new)) == new  # load re-checks every invariant
        assert_conserved(new)
        assert_no_public_leak(events)
        state = new
        if rng.random() < 0.1:
            viewer = rng.choice([None, *range(players)])
            other = resample(state, viewer, rng)
            assert GAME.view(other, viewer) == GAME.view(state, viewer)
            assert GAME.view(other, None) == GAME.view(state, None)
    assert GAME.is_over(state), "the game did not end"
    assert all(state.scored)

    result = GAME.result(state)
    assert sorted(result.ranking)[0] == 1
    for s, (score, parts) in enumerate(zip(result.scores, result.breakdown, strict=True)):
        assert score == parts["regions"] + parts["alliances"] + parts["roads"] == state.seats[s].score
        assert score == sum(item["points"] for item in parts["items"])
    active = [s for s in range(players) if not state.seats[s].resigned]
    assert all(result.ranking[a] < result.ranking[r] for a in active for r in range(players) if r not in active)

    replayed = GAME.new(players, seed, options)
    for who, action in log:
        replayed = GAME.resign(replayed, who)[0] if action is None else GAME.apply(replayed, who, action)[0]
    assert replayed == state  # same seed + actions = same state
