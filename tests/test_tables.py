"""The table service: lobby, one act() for every move, commit then notify, and the log as the truth.

The tests marked ``backends`` run on SQLite and on PostgreSQL; the long runs of moves (whole games of computers,
a replayed log, a resume) only on SQLite: the same statements hundreds of times, seconds more on PostgreSQL."""

from __future__ import annotations

import asyncio
import logging
import random

import pytest

from bot.errors import NotAllowed, NotSeated, NotYourTurn, StaleVersion, UserError, WrongStatus
from bot.games import IllegalAction, get
from bot.store import games as game_sql
from bot.store.db import Database
from bot.tables import MoveOutcome, Notification, Table, TableService, delivery
from bot.tables.delivery import Unavailable, shown_in_public


class RecordingNotifier:
    def __init__(self) -> None:
        self.notes: list[Notification] = []
        self.fail = False

    async def deliver(self, table: Table, note: Notification) -> None:
        if self.fail:
            raise ConnectionError("Discord is down")
        self.notes.append(note)


@pytest.fixture
def notifier() -> RecordingNotifier:
    return RecordingNotifier()


@pytest.fixture
def service(db: Database, notifier: RecordingNotifier) -> TableService:
    return TableService(db, notifier)


async def _started(service: TableService, players: int = 2, seed: int = 5) -> Table:
    table = await service.create(key="great_wall", creator_id=1, creator_name="Ana", seat_count=players, seed=seed)
    for user in range(2, players + 1):
        await service.join(table.id, user, f"P{user}")
    return await service.start(table.id, 1)


def _mover(table: Table) -> tuple[int, int]:
    seat = min(table.to_act())
    user = table.player_at(seat).user_id
    assert user is not None
    return seat, user


@pytest.mark.backends
async def test_lobby_join_leave_and_limits(service: TableService) -> None:
    table = await service.create(key="great_wall", creator_id=1, creator_name="Ana", seat_count=2)
    assert table.status == "lobby" and [p.user_id for p in table.players] == [1]
    with pytest.raises(UserError, match="already joined"):
        await service.join(table.id, 1, "Ana")
    with pytest.raises(UserError, match="at least 2"):
        await service.start(table.id, 1)
    await service.join(table.id, 2, "Bo")
    with pytest.raises(UserError, match="full"):
        await service.join(table.id, 3, "Cy")
    table = await service.leave(table.id, 2)
    assert [p.user_id for p in table.players] == [1]
    with pytest.raises(UserError, match="not joined"):
        await service.leave(table.id, 2)


@pytest.mark.backends
async def test_bad_seat_count_or_option_is_refused(service: TableService) -> None:
    with pytest.raises(ValueError, match="2 to 5"):
        await service.create(key="great_wall", creator_id=1, creator_name="Ana", seat_count=6)
    with pytest.raises(ValueError):
        await service.create(
            key="great_wall", creator_id=1, creator_name="Ana", seat_count=2, options={"no_such": 1}
        )


@pytest.mark.backends
async def test_only_creator_or_manager_starts_and_cancels(service: TableService) -> None:
    table = await service.create(key="great_wall", creator_id=1, creator_name="Ana", seat_count=2)
    await service.join(table.id, 2, "Bo")
    with pytest.raises(NotAllowed):
        await service.start(table.id, 2)
    with pytest.raises(NotAllowed):
        await service.cancel(table.id, 2)
    started = await service.start(table.id, 2, can_manage=True)
    assert started.status == "running"
    with pytest.raises(WrongStatus):
        await service.join(table.id, 3, "Cy")
    cancelled = await service.cancel(table.id, 2, can_manage=True)
    assert cancelled.status == "cancelled"


@pytest.mark.backends
async def test_seat_order_comes_from_the_seed(db: Database) -> None:
    orders = []
    for _ in range(2):
        service = TableService(db)
        table = await _started(service, players=4, seed=99)
        orders.append([p.user_id for p in table.seated])
    assert orders[0] == orders[1]
    assert sorted(orders[0]) == [1, 2, 3, 4]


@pytest.mark.backends
async def test_act_checks_seat_turn_and_version(service: TableService) -> None:
    table = await _started(service)
    seat, user = _mover(table)
    other = next(p.user_id for p in table.players if p.user_id != user)
    assert other is not None
    legal = table.game.legal_actions(table.state, seat)
    with pytest.raises(NotSeated):
        await service.act(table.id, 999, legal[0])
    with pytest.raises(NotYourTurn):
        await service.act(table.id, other, {"type": "draw"})
    with pytest.raises(StaleVersion):
        await service.act(table.id, user, legal[0], version=table.version + 1)
    with pytest.raises(IllegalAction):
        await service.act(table.id, user, {"type": "fly"})
    unchanged = await service.get(table.id)
    assert unchanged.version == table.version
    outcome = await service.act(table.id, user, legal[0], version=table.version)
    assert outcome.table.version == table.version + 1


@pytest.mark.backends
async def test_two_identical_clicks_apply_once(service: TableService) -> None:
    table = await _started(service)
    seat, user = _mover(table)
    action = table.game.legal_actions(table.state, seat)[0]
    results = await asyncio.gather(
        service.act(table.id, user, action, version=table.version),
        service.act(table.id, user, action, version=table.version),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleVersion) for r in results) == 1
    assert (await service.get(table.id)).version == table.version + 1
    assert len(await game_sql.fetch_moves(service.db, table.id)) == 1


@pytest.mark.backends
async def test_commit_then_notify_and_redeliver_after_failure(
    service: TableService, notifier: RecordingNotifier
) -> None:
    table = await _started(service)
    assert [n.kind for n in notifier.notes] == ["started"]
    notifier.fail = True
    seat, user = _mover(table)
    await service.act(table.id, user, table.game.legal_actions(table.state, seat)[0])
    assert len(notifier.notes) == 1  # not delivered, but the move is committed
    assert (await service.get(table.id)).version == 1
    notifier.fail = False
    await service.resume()  # what the next start-up does
    assert [(n.kind, n.version) for n in notifier.notes] == [("started", 0), ("moved", 1)]
    await service.resume()  # nothing twice
    assert len(notifier.notes) == 2


class RefusingNotifier(RecordingNotifier):
    """Discord refusing for a while (``refusals`` notifications in a row), as after discord.py gives up on 429s."""

    def __init__(self, refusals: int) -> None:
        super().__init__()
        self.refusals = refusals
        self.tries = 0

    async def deliver(self, table: Table, note: Notification) -> None:
        self.tries += 1
        if self.refusals:
            self.refusals -= 1
            raise Unavailable("Discord answered 429")
        await super().deliver(table, note)


async def test_a_refused_notification_is_sent_again_later_in_order(
    db: Database, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(delivery, "RETRY_AFTER", (0.01, 0.02, 0.05))
    notifier = RefusingNotifier(refusals=0)
    service = TableService(db, notifier)
    table = await _started(service)
    notifier.refusals = 3
    rng = random.Random(8)
    for _ in range(2):  # the second move's notification waits behind the first's, refused
        table = await service.get(table.id)
        seat, user = _mover(table)
        await service.act(table.id, user, rng.choice(table.game.legal_actions(table.state, seat)))
    assert [n.version for n in notifier.notes] == [0]
    for _ in range(100):  # without any further move or a restart
        if len(notifier.notes) == 3:
            break
        await asyncio.sleep(0.01)
    assert [(n.kind, n.version) for n in notifier.notes] == [("started", 0), ("moved", 1), ("moved", 2)]
    assert notifier.tries == 3 + 3  # started, then three refusals, then the two moves
    assert "not sent now (Discord answered 429); will retry" in caplog.text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "a refusal that passes is no error"
    await service.delivery.close()


async def test_a_retry_due_is_cancelled_when_the_service_closes(db: Database) -> None:
    notifier = RefusingNotifier(refusals=0)
    service = TableService(db, notifier)
    table = await _started(service)
    notifier.refusals = 1
    seat, user = _mover(table)
    await service.act(table.id, user, table.game.legal_actions(table.state, seat)[0])
    await service.delivery.close()  # the retry due in 2 s is not made: the next start sends it
    await asyncio.sleep(0)
    assert notifier.tries == 2 and [n.version for n in notifier.notes] == [0]
    await service.resume()
    assert [n.version for n in notifier.notes] == [0, 1]


async def test_the_movers_answer_goes_out_once_the_board_is(db: Database) -> None:
    """A click's answer (not counted by Discord) waits for the move's board, not for the turn's other
    notifications, which the request budget may hold back; the move is delivered whatever becomes of the
    answer."""
    held = asyncio.Event()
    said: list[str] = []

    class Held(RecordingNotifier):
        async def deliver(self, table: Table, note: Notification) -> None:
            said.append(f"board {note.version}")
            shown_in_public()
            if note.kind == "moved" and note.version == 1:  # the turn's DMs wait for their slots
                await held.wait()
            said.append(f"delivered {note.version}")

    service = TableService(db, Held())
    table = await _started(service)
    seat, user = _mover(table)

    async def answer(outcome: MoveOutcome) -> None:
        said.append(f"answered {outcome.table.version}")
        held.set()

    await asyncio.wait_for(service.act(table.id, user, table.game.legal_actions(table.state, seat)[0],
                                       answer=answer), timeout=5)
    assert said == ["board 0", "delivered 0", "board 1", "answered 1", "delivered 1"]

    async def broken(outcome: MoveOutcome) -> None:
        raise ConnectionError("the interaction expired")

    table = await service.get(table.id)
    seat, user = _mover(table)
    with pytest.raises(ConnectionError):
        await service.act(table.id, user, table.game.legal_actions(table.state, seat)[0], answer=broken)
    assert said[-1] == "delivered 2"


async def test_the_answer_waits_for_the_newest_board_not_an_older_one(db: Database) -> None:
    """With an older notification still pending (refused before), the click's delivery sends that one's board
    first: the answer waits for the board of its own move, the newest."""
    said: list[str] = []

    class Boards(RefusingNotifier):
        async def deliver(self, table: Table, note: Notification) -> None:
            if self.refusals:
                self.refusals -= 1
                raise Unavailable("Discord answered 429")
            said.append(f"board {note.version}")
            shown_in_public()
            await asyncio.sleep(0.05)  # the turn's DMs, waiting for their slots
            said.append(f"told {note.version}")

    notifier = Boards(refusals=0)
    service = TableService(db, notifier)
    table = await _started(service)
    notifier.refusals = 1
    seat, user = _mover(table)
    await service.act(table.id, user, table.game.legal_actions(table.state, seat)[0])  # refused, retried in 2 s
    table = await service.get(table.id)
    seat, user = _mover(table)

    async def answer(outcome: MoveOutcome) -> None:
        said.append(f"answered {outcome.table.version}")

    await service.act(table.id, user, table.game.legal_actions(table.state, seat)[0], answer=answer)
    assert said[-5:] == ["board 1", "told 1", "board 2", "answered 2", "told 2"]
    await service.delivery.close()


async def test_a_delivery_knows_when_a_newer_one_of_its_game_waits_behind_it(db: Database) -> None:
    held, seen = asyncio.Event(), asyncio.Event()
    behind: list[bool] = []

    class Slow(RecordingNotifier):
        async def deliver(self, table: Table, note: Notification) -> None:
            if note.version == 1:
                seen.set()
                await held.wait()  # the turn's DMs, waiting for their slots
                behind.append(service.delivery.behind(table.id))
            await super().deliver(table, note)

    service = TableService(db, Slow())
    table = await _started(service)
    assert not service.delivery.behind(table.id)
    seat, user = _mover(table)
    first = asyncio.create_task(service.act(table.id, user, table.game.legal_actions(table.state, seat)[0]))
    await seen.wait()
    assert not service.delivery.behind(table.id)
    table = await service.get(table.id)
    seat, user = _mover(table)
    second = asyncio.create_task(service.act(table.id, user, table.game.legal_actions(table.state, seat)[0]))
    for _ in range(50):
        if service.delivery.behind(table.id):
            break
        await asyncio.sleep(0.01)
    held.set()
    await asyncio.gather(first, second)
    assert behind == [True] and not service.delivery.behind(table.id)


@pytest.mark.backends
async def test_notification_names_new_seats_to_act(service: TableService, notifier: RecordingNotifier) -> None:
    table = await _started(service)
    assert notifier.notes[0].newly_to_act == tuple(sorted(table.to_act()))
    rng = random.Random(3)
    while True:
        table = await service.get(table.id)
        before = table.to_act()
        seat, user = _mover(table)
        await service.act(table.id, user, rng.choice(table.game.legal_actions(table.state, seat)))
        after = (await service.get(table.id)).to_act()
        assert notifier.notes[-1].newly_to_act == tuple(sorted(after - before))
        if after - before:
            break


async def test_log_replays_to_the_snapshot(service: TableService) -> None:
    table = await _started(service, players=3, seed=11)
    rng = random.Random(11)
    for _ in range(40):
        table = await service.get(table.id)
        if table.status != "running":
            break
        seat, user = _mover(table)
        await service.act(table.id, user, rng.choice(table.game.legal_actions(table.state, seat)))
    table = await service.get(table.id)
    replayed = await service.replay(table.id)
    assert table.game.dump(replayed) == table.game.dump(table.state)


@pytest.mark.backends
async def test_resign_two_players_opponent_wins(service: TableService) -> None:
    table = await _started(service)
    loser = table.players[0]
    assert loser.user_id is not None and loser.seat is not None
    outcome = await service.resign(table.id, loser.user_id)
    assert outcome.table.status == "finished"
    result = outcome.table.result()
    assert result is not None
    assert result.ranking[loser.seat] == 2 and result.ranking[1 - loser.seat] == 1
    with pytest.raises(WrongStatus):
        await service.resign(table.id, loser.user_id)
    replayed = await service.replay(table.id)
    assert table.game.dump(replayed) == table.game.dump(outcome.table.state)


@pytest.mark.backends
async def test_computer_players_move_until_a_person_must(service: TableService) -> None:
    table = await service.create(key="great_wall", creator_id=1, creator_name="Ana", seat_count=3, seed=4)
    with pytest.raises(NotAllowed):
        await service.add_ai(table.id, 2)
    await service.add_ai(table.id, 1)
    await service.add_ai(table.id, 1)
    await service.start(table.id, 1)
    await service.computers.idle()
    table = await service.get(table.id)
    assert table.status == "running"
    assert all(table.player_at(s).user_id == 1 for s in table.to_act())


@pytest.mark.parametrize(("language", "names"), [("en", ["Computer 1", "Computer 2"]),
                                                  ("es-ES", ["Ordenador 1", "Ordenador 2"]),
                                                  ("es-419", ["Computadora 1", "Computadora 2"]),
                                                  ("ja", ["コンピューター1", "コンピューター2"])])
async def test_computer_seats_are_named_in_the_tables_language(
    service: TableService, language: str, names: list[str]
) -> None:
    table = await service.create(key="great_wall", creator_id=1, creator_name="Ana", seat_count=3, seed=4,
                                 language=language)
    await service.add_ai(table.id, 1)
    table = await service.add_ai(table.id, 1)
    assert [p.name for p in table.players if p.is_ai] == names


@pytest.mark.slow
async def test_a_whole_game_of_computers_finishes(service: TableService) -> None:
    table = await service.create(
        key="great_wall", creator_id=1, creator_name="host", seat_count=4, seed=7, join=False
    )
    for _ in range(4):
        await service.add_ai(table.id, 1)
    await service.start(table.id, 1)
    await service.computers.idle()
    table = await service.get(table.id)
    assert table.status == "finished"
    assert table.result() is not None
    replayed = await service.replay(table.id)
    assert get("great_wall").dump(replayed) == get("great_wall").dump(table.state)


async def test_resume_lets_computers_continue_only_in_the_games_it_is_told_are_ours(
    db: Database, notifier: RecordingNotifier
) -> None:
    before = TableService(db, notifier)
    before.computers.kick = lambda table: None  # type: ignore[method-assign]  # the process died at once
    table = await before.create(key="great_wall", creator_id=1, creator_name="host", seat_count=2, seed=7, join=False)
    for _ in range(2):
        await before.add_ai(table.id, 1)
    table = await before.start(table.id, 1)
    another = TableService(db, notifier)  # a process running other shards
    await another.resume(lambda t: t.id != table.id)
    await another.computers.idle()
    assert (await another.get(table.id)).version == table.version
    ours = TableService(db, notifier)
    await ours.resume(lambda t: t.id == table.id)
    await ours.computers.idle()
    assert (await ours.get(table.id)).status == "finished"


@pytest.mark.backends
async def test_my_games_list_waiting_first(service: TableService) -> None:
    first = await _started(service, seed=1)
    second = await _started(service, seed=2)
    for table in (first, second):
        assert {p.user_id for p in table.players} == {1, 2}
    mine = await service.list_user(1)
    waiting = [t for t in mine if 1 in {t.player_at(s).user_id for s in t.to_act()}]
    assert mine[: len(waiting)] == waiting
    assert {t.id for t in await service.list_guild(0)} == set()


@pytest.mark.backends
async def test_finished_games_are_rated_only_without_computers(service: TableService) -> None:
    from bot.store import ratings as rating_sql

    table = await _started(service)
    loser = table.players[0]
    assert loser.user_id is not None
    await service.resign(table.id, loser.user_id)
    winner_id = next(p.user_id for p in table.players if p.user_id != loser.user_id)
    assert winner_id is not None
    rows = {r.user_id: r for r in await rating_sql.leaderboard(service.db, "great_wall", guild_id=None, min_games=1)}
    assert rows[winner_id].mu > 25 > rows[loser.user_id].mu
    assert (rows[winner_id].games, rows[winner_id].wins, rows[loser.user_id].wins) == (1, 1, 0)
    recent = await rating_sql.results_of_user(service.db, loser.user_id)
    assert [(r.game_id, r.place, r.rated) for r in recent] == [(table.id, 2, True)]

    vs_computer = await service.create(key="great_wall", creator_id=1, creator_name="Ana", seat_count=2, seed=8)
    await service.add_ai(vs_computer.id, 1)
    await service.start(vs_computer.id, 1)
    await service.computers.idle()
    await service.resign(vs_computer.id, 1)
    await service.computers.idle()
    recent = await rating_sql.results_of_user(service.db, 1)
    assert recent[0].game_id == vs_computer.id and not recent[0].rated
    again = await rating_sql.leaderboard(service.db, "great_wall", guild_id=None, min_games=1)
    assert {r.user_id: r.games for r in again} == {r.user_id: r.games for r in rows.values()}
