"""``python -m bot demo``: a whole game between computer players, through the real table service and a
real SQLite file, with the pictures written to a folder (every board, the hands, the final scores and the
game's story: ``scores.png`` and ``story.webp``). How someone without a token sees the product."""

from __future__ import annotations

from pathlib import Path

import render
from bot import games
from bot.games.base.contract import said
from bot.store.db import Database
from bot.story import game_story
from bot.tables import Notification, Table, TableService

DEMO_HOST = 0  # the demo's table is opened by nobody in particular; every seat is a computer player


class FolderNotifier:
    """Writes what a thread would show: the public board after every move and the sentences of the log."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.lines: list[str] = []

    async def deliver(self, table: Table, note: Notification) -> None:
        if note.kind not in ("started", "moved"):
            return
        game = table.game
        view = game.view(table.state, None)
        (self.out / f"board-{note.version:04d}.png").write_bytes(render.board(table.key, view))
        names = table.names()
        for event in note.events:
            sentence = said(game, event, names, None)
            if sentence:
                self.lines.append(f"[{note.version:04d}] {sentence}")


async def run_demo(key: str, players: int, seed: int, out_dir: str) -> str:
    game = games.get(key)
    game.check_players(players)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for old in [*out.glob("board-*.png"), *out.glob("hand-*.png"), *out.glob("story.*")]:
        old.unlink()
    db_path = out / "demo.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db_path}{suffix}").unlink(missing_ok=True)

    notifier = FolderNotifier(out)
    db = await Database.open(db_path)
    try:
        service = TableService(db, notifier)
        table = await service.create(
            key=key, creator_id=DEMO_HOST, creator_name="demo", seat_count=players, seed=seed, join=False
        )
        for _ in range(players):
            await service.add_ai(table.id, DEMO_HOST, "easy")
        await service.start(table.id, DEMO_HOST)
        await service.computers.idle()
        table = await service.get(table.id)
        replayed = await service.replay(table.id)
        if game.dump(replayed) != game.dump(table.state):
            raise RuntimeError("the replay of the move log differs from the stored snapshot")
        story = await game_story(service, table.id) if table.result() is not None else None
    finally:
        await db.close()

    for player in table.seated:
        assert player.seat is not None
        view = game.view(table.state, player.seat)
        (out / f"hand-seat{player.seat}.png").write_bytes(render.hand(key, view))
    final_view = game.view(table.state, None)
    (out / "final.png").write_bytes(render.final(key, final_view))
    (out / "log.txt").write_text("\n".join(notifier.lines) + "\n", encoding="utf-8")

    result = table.result()
    if result is None or story is None:
        raise RuntimeError(f"the demo game stopped before the end (status {table.status})")
    story.save(out)
    names = table.names()
    standings = sorted(range(len(names)), key=lambda s: (result.ranking[s], s))
    ranked = ", ".join(f"{result.ranking[s]}. {names[s]} {result.scores[s]}" for s in standings)
    return f"{game.title}: game over after {table.version} moves. {ranked}. Pictures in {out}/"
