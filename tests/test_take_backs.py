"""Take-backs: each engine's policy (which moves qualify, by its rules), the property that an allowed
take-back restores exactly the position before the move, and the table service's take_back (allowed, refused,
racing, after a restart, in the log that replays, records and histories are made from)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot import games
from bot.clock import TimerDispatcher
from bot.errors import NotAllowed, StaleVersion
from bot.games.base import TAKE_BACK
from bot.records import record_of
from bot.replays import replay_log
from bot.store.db import Database
from bot.tables import Table, TableService
from bot.tables.replay import TAKE_BACK_ACTION, BadMove, replay_steps
from bot.timecontrol import HOUR, TimeControl
from tests.test_timeouts import FakeClock

# The action types whose take-back each game's rules allow (docs/rules/README.md, "Taking a move back").
ALLOWED = {"china": {"place"}, "great_wall": {"play"}, "chinatown": {"place"}, "sun_tzu": set(), "toy": set()}


def _walk(key: str, seed: int, moves: int = 400) -> tuple[dict[str, int], dict[str, int]]:
    """A game of computer players; each move's take-back checked. (type -> allowed, type -> refused)."""
    game = games.get(key)
    players = max(game.min_players, min(3, game.max_players))
    rng = random.Random(seed)
    state = game.new(players, seed, {})
    log: list[tuple[int, str, dict[str, Any]]] = []
    allowed: dict[str, int] = {}
    refused: dict[str, int] = {}
    for _ in range(moves):
        if game.is_over(state):
            break
        seat = rng.choice(sorted(game.to_act(state)))
        legal = game.legal_actions(state, seat)
        action = game.choose_action(game.view(state, seat), legal, rng, "easy")
        after, events = game.apply(state, seat, action)
        kind = str(action.get("type"))
        if game.can_take_back(state, seat, action, after, events):
            allowed[kind] = allowed.get(kind, 0) + 1
            # Nothing private to anybody else, the decision not passed on, and the take-back restores exactly.
            assert all(set(event.private) <= {seat} for event in events)
            assert game.to_act(after) == game.to_act(state)
            moves = [*log, (seat, "action", action), (seat, "action", TAKE_BACK_ACTION)]
            steps = list(replay_steps(game, players, seed, {}, moves))
            assert game.dump(steps[-1][0]) == game.dump(state)
            assert [e.type for e in steps[-1][1]] == [TAKE_BACK]
        else:
            refused[kind] = refused.get(kind, 0) + 1
        log.append((seat, "action", action))
        state = after
    return allowed, refused


@pytest.mark.parametrize("key", sorted(ALLOWED))
def test_each_game_allows_only_what_its_rules_allow(key: str) -> None:
    if key not in games.GAMES:
        pytest.skip(f"{key} is not installed")
    allowed: dict[str, int] = {}
    refused: dict[str, int] = {}
    for seed in range(3):
        more, less = _walk(key, seed)
        for kind, n in more.items():
            allowed[kind] = allowed.get(kind, 0) + n
        for kind, n in less.items():
            refused[kind] = refused.get(kind, 0) + n
    assert set(allowed) == ALLOWED[key], (allowed, refused)
    if key == "great_wall":
        assert "draw" in refused and "play" in refused  # a draw never; the play that ends the turn neither
    if key == "china":
        assert "draw" in refused
    if key == "chinatown":
        assert "keep" in refused and "end_turn" in refused


def test_a_take_back_of_nothing_or_of_another_seat_is_a_bad_move() -> None:
    game = games.get("great_wall")
    state = game.new(2, 1, {})
    seat = min(game.to_act(state))
    with pytest.raises(BadMove, match="Move 1"):
        list(replay_steps(game, 2, 1, {}, [(seat, "action", TAKE_BACK_ACTION)]))
    draw = next(a for a in game.legal_actions(state, seat) if a["type"] == "draw")
    with pytest.raises(BadMove, match="Move 2"):
        list(replay_steps(game, 2, 1, {}, [(seat, "action", draw), (seat, "action", TAKE_BACK_ACTION)]))
    play = next(a for a in game.legal_actions(state, seat) if a["type"] == "play")
    with pytest.raises(BadMove, match="Move 2"):
        list(replay_steps(game, 2, 1, {}, [(seat, "action", play), (1 - seat, "action", TAKE_BACK_ACTION)]))


# -- the service ----------------------------------------------------------------------------------------------
async def _started(service: TableService, *, take_backs: bool = True, seed: int = 3) -> Table:
    table = await service.create(key="great_wall", creator_id=1, creator_name="Ana", seat_count=2, seed=seed,
                                 take_backs=take_backs)
    await service.join(table.id, 2, "Bo")
    return await service.start(table.id, 1)


def _user(table: Table) -> int:
    user = table.player_at(min(table.to_act())).user_id
    assert user is not None
    return user


def _first(table: Table, kind: str) -> dict[str, Any]:
    seat = min(table.to_act())
    return next(a for a in table.game.legal_actions(table.state, seat) if a["type"] == kind)


async def test_a_play_is_taken_back_and_the_log_stays_the_truth(db: Database) -> None:
    service = TableService(db)
    table = await _started(service)
    user = _user(table)
    before = table.game.dump(table.state)
    played = (await service.act(table.id, user, _first(table, "play"), version=table.version)).table
    assert await service.take_back_refusal(played, user) is None
    other = next(p.user_id for p in played.players if p.user_id != user)
    assert other is not None
    assert "Only your own last move" in str(await service.take_back_refusal(played, other))
    outcome = await service.take_back(table.id, user, version=played.version)
    back = outcome.table
    assert back.version == played.version + 1
    assert back.game.dump(back.state) == before
    assert [e.type for e in outcome.events] == [TAKE_BACK]
    assert back.game.dump(await service.replay(table.id)) == back.game.dump((await service.get(table.id)).state)
    log = await service.move_log(table.id)
    assert [(m.kind, m.action) for m in log][-1] == ("action", {"take_back": True})
    replayed = replay_log(back.game, 2, back.seed, back.options, [(m.seat, m.kind, m.action) for m in log])
    assert back.game.dump(replayed.states[-1]) == before and replayed.events[-1][0].type == TAKE_BACK
    # The stale click of the panel before the take-back fails; nothing more to take back.
    with pytest.raises(StaleVersion):
        await service.act(table.id, user, _first(played, "play"), version=played.version)
    await _refused(service, table.id, user, "Only your own last move")


async def _refused(service: TableService, game_id: int, user: int, why: str, version: int | None = None) -> None:
    """The take-back is refused with a sentence saying ``why``."""
    with pytest.raises(NotAllowed, match=why):
        await service.take_back(game_id, user, version=version)


async def test_refused_when_the_move_drew_or_the_table_says_no(db: Database) -> None:
    service = TableService(db)
    table = await _started(service)
    user = _user(table)
    drawn = (await service.act(table.id, user, _first(table, "draw"))).table
    await _refused(service, table.id, user, "showed something hidden", drawn.version)
    off = await _started(service, take_backs=False)
    user = _user(off)
    await service.act(off.id, user, _first(off, "play"))
    await _refused(service, off.id, user, "does not allow take-backs")


async def test_refused_once_the_other_player_acted(db: Database) -> None:
    service = TableService(db)
    table = await _started(service)
    first = _user(table)
    while True:  # the first player's turn ends; the second plays
        if _user(table) != first:
            break
        table = (await service.act(table.id, first, _first(table, "play"))).table
    second = _user(table)
    table = (await service.act(table.id, second, _first(table, "play"))).table
    await _refused(service, table.id, first, "Only your own last move")
    await service.take_back(table.id, second)


async def test_a_race_is_decided_once_by_the_version(db: Database) -> None:
    service = TableService(db)
    table = await _started(service)
    user = _user(table)
    played = (await service.act(table.id, user, _first(table, "play"))).table
    await service.take_back(table.id, user, version=played.version)
    with pytest.raises(StaleVersion):  # the second press of the same button, or a move made for that position
        await service.take_back(table.id, user, version=played.version)
    with pytest.raises(StaleVersion):
        await service.act(table.id, user, _first(played, "play"), version=played.version)


async def test_after_a_restart_and_in_the_record(db: Database) -> None:
    service = TableService(db)
    table = await _started(service)
    user = _user(table)
    played = (await service.act(table.id, user, _first(table, "play"))).table
    restarted = TableService(db)
    await restarted.resume()
    back = (await restarted.take_back(table.id, user, version=played.version)).table
    assert back.game.dump(back.state) == back.game.dump(table.state)
    assert back.game.dump(await restarted.replay(table.id)) == back.game.dump(back.state)
    # Played out (resignation ends a two-player game): the record carries the take-back and replays.
    from bot import records

    finished = (await restarted.resign(table.id, user)).table
    record = records.read(record_of(finished, await restarted.move_log(table.id)))
    assert [(kind, dict(action).get("take_back")) for _, kind, action in record.moves] == [
        ("action", None), ("action", True), ("resign", None)]
    records.replay(record)


@pytest.mark.parametrize("key", games.GAMES)
async def test_the_button_after_a_move_agrees_with_the_log(db: Database, key: str) -> None:
    """After each move the mover's panel offers Take back from the positions at hand (no replay of the log):
    exactly when the service, reading the log, would take it back."""
    service, engine = TableService(db), games.get(key)
    table = await service.create(key=key, creator_id=1, creator_name="P1", seat_count=engine.min_players, seed=4)
    for user in range(2, engine.min_players + 1):
        await service.join(table.id, user, f"P{user}")
    table = await service.start(table.id, 1)
    rng = random.Random(key)
    for _ in range(60):
        if table.status != "running":
            break
        seat = rng.choice(sorted(table.to_act()))
        user = table.player_at(seat).user_id
        assert user is not None
        action = rng.choice(table.game.legal_actions(table.state, seat))
        outcome = await service.act(table.id, user, action, version=table.version)
        fast = service.offers_take_back(table, action, outcome)
        slow = outcome.table.status == "running" and await service.take_back_refusal(outcome.table, user) is None
        assert fast == slow, (action, await service.take_back_refusal(outcome.table, user))
        table = await service.get(table.id)
    assert table.version >= 10, "the walk made moves to compare"


def _undoable(table: Table) -> dict[str, Any]:
    """The mover's first legal action that the engine lets them take back (the decision stays with them)."""
    game, state = table.game, table.state
    seat = min(table.to_act())
    for action in game.legal_actions(state, seat):
        after, events = game.apply(state, seat, action)
        if game.to_act(after) == game.to_act(state) and game.can_take_back(state, seat, action, after, events):
            return action
    raise AssertionError("no move of the mover may be taken back here")


async def test_two_take_backs_in_a_row_undo_the_two_moves_one_by_one(db: Database) -> None:
    """The policy (docs/rules/README.md, "Taking a move back"): take-backs in a row undo the seat's moves one
    by one while nobody else has acted; once none of theirs is left standing, the next is refused in one
    sentence that says whom the game waits for."""
    service = TableService(db)
    table = await _started(service, seed=0)  # its first mover has two plays in a row that may be taken back
    user, game = _user(table), table.game
    first = (await service.act(table.id, user, _undoable(table), version=table.version)).table
    second = (await service.act(table.id, user, _undoable(first), version=first.version)).table
    once = (await service.take_back(table.id, user, version=second.version)).table
    assert game.dump(once.state) == game.dump(first.state)
    assert await service.take_back_refusal(once, user) is None  # the first play may be taken back too
    twice = (await service.take_back(table.id, user, version=once.version)).table
    assert game.dump(twice.state) == game.dump(table.state) and twice.version == table.version + 4
    mover = table.player_at(min(table.to_act())).name
    refusal = await service.take_back_refusal(twice, user)
    assert refusal == ("Only your own last move can be taken back, before anybody else acts; the game waits for "
                       f"{mover}.")
    await _refused(service, table.id, user, "Only your own last move", twice.version)
    log = await service.move_log(table.id)
    assert [m.action.get("take_back", False) for m in log] == [False, False, True, True]
    assert game.dump(await service.replay(table.id)) == game.dump(table.state)


async def test_a_move_the_clock_made_is_not_taken_back(db: Database) -> None:
    """A turn played by the computer because the player's time ran out stands: its take-back is refused in
    one sentence, and nothing changes."""
    clock = FakeClock()
    service = TableService(db, clock=clock)
    dispatcher = TimerDispatcher(db, service.fire_timer, clock=clock)
    service.on_timers_changed = dispatcher.wake
    table = await service.create(key="great_wall", creator_id=1, creator_name="Ana", seat_count=2, seed=0,
                                 time_control=TimeControl("move", limit=HOUR), timeout_policy="ai")
    await service.join(table.id, 2, "Bo")
    table = await service.start(table.id, 1)
    seat, user = min(table.to_act()), _user(table)
    clock.advance(HOUR + 1)
    await dispatcher.run_due()
    timed_out = await service.get(table.id)
    log = await service.move_log(table.id)
    assert timed_out.version > table.version and log[-1].seat == seat  # the clock played the seat's turn
    waiting = timed_out.player_at(min(timed_out.to_act())).name
    sentence = f"Your last move was made for you, so it stands; the game waits for {waiting}."
    assert await service.take_back_refusal(timed_out, user) == sentence
    await _refused(service, table.id, user, "was made for you", timed_out.version)
    assert (await service.get(table.id)).version == timed_out.version
