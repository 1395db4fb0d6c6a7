"""``/game export`` and ``python -m bot replay``: a finished game's record replays offline to its result; a
record that is malformed, foreign or tampered with is refused with one sentence naming the first problem."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot import games
from bot.__main__ import main
from bot.games import GAMES, get
from bot.tables import NullNotifier, Table
from tests.cogs.harness import GUILD, FakeDiscord, make_user
from tests.cogs.played import FIRST_USER, NAMES, play, seat_players


async def _export(fake: FakeDiscord, table: Table, user: Any | None = None) -> Any:
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.export, user or make_user(FIRST_USER, NAMES[0]), game=table.id)  # type: ignore[union-attr]
    return fake.last(private=True)


async def _finished(fake: FakeDiscord, key: str, seed: int, *, moves: int | None = None) -> Table:
    """A game played to its end (or, with ``moves``, that many moves and then a resignation)."""
    service = fake.bot.service
    service.delivery.notifier = NullNotifier()  # the thread is not what these tests look at
    table = await seat_players(service, key, get(key).min_players, seed=seed, guild_id=GUILD)
    table = await play(service, table, random.Random(seed), moves)
    if table.status == "running":
        table = (await service.resign(table.id, FIRST_USER + 1)).table
        table = await play(service, table, random.Random(seed))
    assert table.status == "finished"
    return table


def _replay(capsys: pytest.CaptureFixture[str], path: Path, out: Path) -> tuple[int, str, str]:
    status = main(["replay", str(path), "--out", str(out)])
    captured = capsys.readouterr()
    return status, captured.out.strip(), captured.err.strip()


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.usefixtures("plain_pictures")  # a picture per move; drawing them is tested in tests/render
async def test_an_exported_game_replays_offline_to_its_result(
    fake: FakeDiscord, tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str
) -> None:
    table = await _finished(fake, key, seed=16)
    answer = await _export(fake, table)
    assert answer.filenames == [f"{key}-{table.id}.json"] and "python -m bot replay" in answer.content
    record = json.loads(answer.files[0])
    assert record["format_version"] == 1 and record["game"] == key and len(record["moves"]) == table.version
    path = tmp_path / "record.json"
    path.write_bytes(answer.files[0])
    status, out, err = _replay(capsys, path, tmp_path / "out")
    result = table.result()
    assert result is not None
    names = [p.name for p in table.seated]
    order = sorted(range(len(names)), key=lambda s: (result.ranking[s], s))
    ranked = ", ".join(f"{result.ranking[s]}. {names[s]} {table.game.score_text(result.scores[s])}" for s in order)
    assert (status, err) == (0, "") and f"{table.version} moves replayed" in out and ranked in out
    assert len(list((tmp_path / "out").glob("board-*.png"))) == table.version + 1
    assert (tmp_path / "out" / "final.png").stat().st_size > 0
    assert (tmp_path / "out" / "scores.png").stat().st_size > 0  # the game's story beside it
    assert (tmp_path / "out" / "story.webp").read_bytes()[8:12] == b"WEBP"


async def test_a_running_game_is_not_exported(fake: FakeDiscord) -> None:
    service = fake.bot.service
    table = await seat_players(service, "great_wall", 2, seed=2, guild_id=GUILD)
    table = await play(service, table, random.Random(2), moves=5)
    answer = await _export(fake, table)
    assert answer.content == ("A running game cannot be exported: its seed and moves would reveal the hidden "
                              "cards. Export it once it is over.")
    assert answer.files == []


def _tampered(record: dict[str, Any], change: str) -> Any:
    data = json.loads(json.dumps(record))
    if change == "json":
        return "{not json"
    if change == "version":
        data["format_version"] = 2
    elif change == "foreign":
        data["format"] = "portable-game-notation"
    elif change == "no moves":
        del data["moves"]
    elif change == "unknown game":
        data["game"] = "go"
    elif change == "seat":
        data["moves"][1]["seat"] = 1 - data["moves"][1]["seat"]
    elif change == "action":
        data["moves"][2]["action"] = {"type": "play", "card": "NOT A CARD", "count": 9, "section": 0}
    elif change == "out of order":
        data["moves"][3], data["moves"][4] = data["moves"][4], data["moves"][3]
    elif change == "cut":
        data["moves"].pop()
    elif change == "result":
        data["result"]["scores"][0] += 1
    return data


REFUSALS = {
    "json": "The record is not valid JSON (line 1, column 2).",
    "version": "The record is format version 2; this bot reads version 1.",
    "foreign": 'This is not a Middle Kingdom game record ("format" must be "middle-kingdom-game-record").',
    "no moves": "The record's moves are not a list.",
    "unknown game": f"The record's game 'go' is not one of {', '.join(games.GAMES)}.",
    "seat": "Move 2 cannot be made: seat {seat} was not to act.",
    "action": "Move 3 cannot be made: ",
    "out of order": "Move 4 is numbered 5: a move is missing or out of order.",
    "cut": "The game is not over after the record's last move (move {last}).",
    "result": "The record's result is not the one its moves give.",
}


async def test_bad_records_are_refused_with_the_first_problem(
    fake: FakeDiscord, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = await _finished(fake, "great_wall", seed=9, moves=8)
    record = json.loads((await _export(fake, table)).files[0])
    status, _, err = _replay(capsys, tmp_path / "missing.json", tmp_path / "out")
    assert (status, err) == (2, f"The record {tmp_path / 'missing.json'} cannot be read (FileNotFoundError).")
    for change, sentence in REFUSALS.items():
        data = _tampered(record, change)
        path = tmp_path / f"{change}.json"
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        out = tmp_path / f"out-{change}"
        status, printed, err = _replay(capsys, path, out)
        expected = sentence.format(seat=1 - record["moves"][1]["seat"], last=len(record["moves"]) - 1)
        assert status == 2 and printed == "", change
        assert err.startswith(expected) and "\n" not in err, f"{change}: {err}"
        assert not out.exists(), "nothing is drawn for a refused record"
