"""Computer players: while a computer seat must act, it picks from its own view and legal actions, and its
move is committed and delivered like a click. Runs as background tasks, one per game woken."""

from __future__ import annotations

import asyncio
import random

from bot import i18n
from bot.errors import StaleVersion
from bot.statuses import TableStatus
from bot.tables.delivery import Delivery
from bot.tables.model import Table
from bot.tables.moves import GameLocks, MoveCommitter
from bot.tables.reader import TableReader


class ComputerPlayers:
    def __init__(
        self, reader: TableReader, locks: GameLocks, moves: MoveCommitter, delivery: Delivery, *, delay: float = 0.0
    ) -> None:
        self.reader = reader
        self.locks = locks
        self.moves = moves
        self.delivery = delivery
        self.delay = delay  # pause between computer moves, so people can follow them
        self._tasks: set[asyncio.Task[None]] = set()

    def kick(self, table: Table) -> None:
        """Let the table's computer seats move in the background, if it has any."""
        if table.status != TableStatus.RUNNING or not any(p.is_ai for p in table.players):
            return
        task = asyncio.get_running_loop().create_task(self.run(table.id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def run(self, game_id: int) -> None:
        """Let computer seats move while it is their turn. Safe to call at any time, any number of times."""
        while True:
            async with self.locks(game_id):
                table = await self.reader.get(game_id)
                ai_seats = sorted(s for s in table.to_act() if table.player_at(s).is_ai)
                if not ai_seats:
                    return
                seat = ai_seats[0]
                game = table.game
                rng = random.Random(f"ai:{table.seed}:{table.version}:{seat}")
                with i18n.speaking(table.language):  # a computer's words (an offer's note) are public
                    action = game.choose_action(
                        game.view(table.state, seat),
                        game.legal_actions(table.state, seat),
                        rng,
                        table.player_at(seat).ai_level or "easy",
                    )
                try:
                    await self.moves.commit(table, seat, "action", action)
                except StaleVersion:
                    continue
            await self.delivery.deliver(game_id)
            if self.delay:
                await asyncio.sleep(self.delay)

    async def idle(self) -> None:
        """Wait until background computer moves are done (tests, the demo, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
