"""Onboarding: the how-to lines of a game's first board, the Rules button of every prompt, the one note to a
player whose DMs are closed, ``/help`` and the annotated ``/rules``."""

from __future__ import annotations

import io
import random
import re
from dataclasses import replace
from typing import Any

import discord
import pytest
from discord import app_commands
from PIL import Image

from bot import games
from bot.store import users
from bot.tables import Table
from cogs.board_posts import how_to_play
from cogs.components import Ref, RulesButton, persistent_view, with_rules
from cogs.help import help_embed
from cogs.play import DMS_CLOSED
from cogs.rulebook import phase_rules, summary
from tests.cogs.flows import last_board, start_game
from tests.cogs.harness import FakeDiscord, Posted, labels, make_user

# The phase each of these games' first prompt is in (default options), as the Rules answer's first line names it.
FIRST_PHASE = {
    "china": "**Your turn: place or exchange**",
    "great_wall": "**Actions**",
    "sun_tzu": "**Choosing a warlord**",
    "chinatown": "**Building cards**",
}
MOVES = 400  # a whole game of each, or well into it


async def _start(fake: FakeDiscord, key: str, people: list[Any]) -> int:
    """``/game new`` for ``key`` with the default options, joined by everyone and started: the game id."""
    host, *others = people
    await fake.command(fake.bot.get_cog("GameCommands").new, host, game=key, seats=len(people))  # type: ignore[union-attr]
    mark = len(fake.sent)
    await fake.click(host, fake.last(private=True), label="Open the table")
    lobby = next(s.message for s in fake.since(mark) if not s.private)
    for user in others:
        await fake.click(user, lobby, label="Join")
    await fake.click(host, lobby, label="Start")
    found = re.search(r"table #(\d+)", lobby.content)
    assert found is not None
    return int(found[1])


async def _mover(fake: FakeDiscord, game_id: int, people: list[Any]) -> Any:
    table = await fake.bot.service.get(game_id)
    user_id = table.player_at(min(table.to_act())).user_id
    return next(p for p in people if p.id == user_id)


def _text(embed: discord.Embed) -> str:
    return "\n".join([embed.title or "", embed.description or "", *(f"{f.name}\n{f.value}" for f in embed.fields)])


# -- the first board ----------------------------------------------------------------------------------------
async def test_the_first_board_says_how_to_play_here(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    await start_game(fake, alice, bob)
    first = next(s.message for s in fake.sent if not s.private and "begins." in s.content)
    lines = first.content.splitlines()
    assert re.fullmatch(r"\*\*The Great Wall of China #1\*\* begins\. <@\d+> moves first, then <@\d+>\.", lines[0])
    assert lines[1:4] == how_to_play()
    assert "`/me dm off`" in lines[1] and "**Play** and **My hand**" in lines[2] and "`/help`" in lines[3]


# -- the Rules button ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", games.GAMES)
async def test_every_first_prompt_has_a_rules_button_naming_the_phase(fake: FakeDiscord, key: str) -> None:
    people = [make_user(101 + i, f"Player {i + 1}") for i in range(games.get(key).min_players)]
    game_id = await _start(fake, key, people)
    mover = await _mover(fake, game_id, people)
    dm = fake.last(f"dm:{mover.id}")
    assert "Rules" in labels(dm.view)  # the turn DM
    await fake.click(mover, last_board(fake), label="Play")
    panel = fake.last(private=True)
    assert panel.owner == mover.id and "Rules" in labels(panel.view)  # the Play panel
    for prompt in (panel, dm):
        mark = len(fake.sent)
        await fake.click(mover, prompt, label="Rules")
        (answer,) = fake.posted_since(mark)
        assert answer.private and answer.message.owner == mover.id
        assert answer.content == phase_rules(await fake.bot.service.get(game_id)) and "`/rules`" in answer.content
        assert re.match(r"\*\*[^*]+\*\*", answer.content), "the first line names the phase in bold"
        assert 3 <= len(answer.content.splitlines()) <= 7  # the phase's name, 2-5 lines, the pointer to /rules
        assert answer.message.view is None and not answer.files
    assert (await fake.bot.service.get(game_id)).version == 0  # explaining changed nothing


@pytest.mark.parametrize("key", sorted(FIRST_PHASE))
async def test_the_first_phase_of_each_game_is_named(fake: FakeDiscord, key: str) -> None:
    table = await _started_by_computers(fake, key)
    assert phase_rules(table).startswith(FIRST_PHASE[key])


async def test_a_rules_button_answers_anybody_after_a_restart_and_after_the_game_moved(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any
) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    custom_id = Ref(game_id, 0).custom_id("rules")
    # Only its custom_id is left after a restart: the template rebuilds it, a stranger may read it too.
    base = discord.ui.Button(label="Rules", custom_id=custom_id)
    mark = len(fake.sent)
    await fake.dispatch(carol, None, custom_id, base=base)
    (answer,) = fake.posted_since(mark)
    assert answer.private and answer.content.startswith("**Actions**")


async def _started_by_computers(fake: FakeDiscord, key: str) -> Table:
    """A table of ``key`` at its fewest players, seeded, started."""
    service, seats = fake.bot.service, games.get(key).min_players
    table = await service.create(key=key, creator_id=1, creator_name="P0", seat_count=seats, seed=5)
    for n in range(1, seats):
        await service.join(table.id, 1 + n, f"P{n}")
    return await service.start(table.id, 1)


@pytest.mark.parametrize("key", games.GAMES)
async def test_every_phase_of_a_whole_game_has_its_summary(fake: FakeDiscord, key: str) -> None:
    """Along a seeded game between computer players, the summary names each phase in a bold first line,
    then says it in 2-5 plain lines, from the public view (the same for every reader)."""
    table = await _started_by_computers(fake, key)
    game, state, rng = table.game, table.state, random.Random(5)
    phases: set[str] = set()
    for n in range(MOVES):
        seats = sorted(game.to_act(state))
        if not seats:
            break
        text = phase_rules(replace(table, state=state, version=n))
        head, *body = text.splitlines()[:-1]  # the last line points to /rules and /help
        assert re.fullmatch(r"\*\*[^*]+\*\*.*", head) and 2 <= len(body) <= 5, text
        assert all(line and "{" not in line and "None" not in line for line in body), text
        phases.add(head.split("**")[1])
        action = game.choose_action(game.view(state, seats[0]), game.legal_actions(state, seats[0]), rng)
        state, _ = game.apply(state, seats[0], action)
    assert len(phases) >= 2  # the summary follows the game


def test_the_rules_button_goes_beside_the_bottom_buttons_and_never_overfills() -> None:
    ref = Ref(7, 3)
    lower = persistent_view(RulesButton(Ref(1, 1), row=4))  # any DynamicItem: stands for a Back button
    with_rules(lower, ref)
    assert [item.row for item in lower.children] == [4, 4]
    full = persistent_view(*(RulesButton(Ref(1, n), row=n // 5) for n in range(25)))
    assert with_rules(full, ref) is full and len(full.children) == 25
    rows = persistent_view(*(RulesButton(Ref(1, n), row=n // 5) for n in range(20)))  # rows 0-3 full
    with_rules(rows, ref)
    assert rows.children[-1].row == 4 and len(rows.to_components()) == 5
    assert with_rules(None, ref) is None  # nothing to choose: no prompt controls, no button


# -- closed DMs ---------------------------------------------------------------------------------------------
async def test_closed_dms_are_explained_once_in_the_play_panel(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    fake.closed_dms.update({alice.id, bob.id})
    game_id, _ = await start_game(fake, alice, bob)
    mover = await _mover(fake, game_id, [alice, bob])
    assert await users.dm_closed(fake.bot.service.db, mover.id)  # the turn DM was refused
    await fake.click(mover, last_board(fake), label="Play")
    first = fake.last(private=True)
    closed = DMS_CLOSED.format(command="/me dm on")
    assert first.content.splitlines()[0] == closed
    assert "Privacy Settings" in closed and "`/me dm on`" in closed and "**Play**" in closed
    await fake.click(mover, last_board(fake), label="Play")
    again = fake.last(private=True)
    assert again.id != first.id and closed not in again.content and "Rules" in labels(again.view)
    # `/me dm on` says the DMs are open again: should they still be closed, the player is told again.
    await fake.command(fake.bot.get_cog("Me").dm, mover, state="on")  # type: ignore[union-attr]
    assert not (await users.settings(fake.bot.service.db, mover.id)).dm_note_shown


async def test_open_dms_get_no_note(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    mover = await _mover(fake, game_id, [alice, bob])
    await fake.click(mover, last_board(fake), label="Play")
    assert DMS_CLOSED.format(command="/me dm on") not in fake.last(private=True).content


# -- /help --------------------------------------------------------------------------------------------------
async def test_help_answers_privately_with_every_registered_command(fake: FakeDiscord, alice: Any) -> None:
    await fake.command(fake.bot.get_cog("Help").help, alice)  # type: ignore[union-attr]
    answer = fake.last(private=True)
    assert answer.private and answer.owner == alice.id
    (embed,) = answer.embeds
    text = _text(embed)
    tree = fake.bot.tree.get_commands(type=discord.AppCommandType.chat_input)
    assert {c.name for c in tree} >= {"game", "rules", "help", "me", "tournament", "leaderboard", "profile"}
    for command in tree:
        assert f"/{command.name}" in text
        if isinstance(command, app_commands.Group):
            for sub in command.walk_commands():
                if isinstance(sub, app_commands.Command):
                    assert f"`/{sub.qualified_name}`" in text
    assert "How a game goes" in text and "**Play** and **My hand**" in text and "thread" in text
    assert len(embed) <= 6000 and all(len(f.value or "") <= 1024 for f in embed.fields)


def test_help_lists_a_command_added_later() -> None:
    @app_commands.command(name="newthing", description="Something new")
    async def newthing(interaction: discord.Interaction) -> None:
        return None

    assert "`/newthing`: Something new" in _text(help_embed([newthing]))


# -- /rules -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", games.GAMES)
async def test_rules_send_an_annotated_picture_with_alt_text_and_legend(
    fake: FakeDiscord, alice: Any, key: str
) -> None:
    inter = await fake.command(fake.bot.get_cog("Rulebook").rules, alice, game=key)  # type: ignore[union-attr]
    answer: Posted = fake.last(private=True)
    assert answer.private
    (embed,) = answer.embeds
    (png,) = answer.files
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG" and image.width >= 1000
    (file,) = inter.followup.send.call_args.kwargs["files"]
    assert file.description and file.description.startswith("An example board of ") and len(file.description) <= 1024
    legend = next(f for f in embed.fields if f.name == "On the picture")
    lines = (legend.value or "").splitlines()
    assert len(lines) >= 4 and all(line.startswith(f"**{n}** ") for n, line in enumerate(lines, start=1))
    for n, line in enumerate(lines, start=1):
        assert f"{n}: {line.split(' ', 1)[1]}" in file.description  # the alt text reads the legend too
    assert embed.image.url == "attachment://rules.png"
    assert embed.description == summary(key) and len(embed) <= 6000


async def test_rules_pictures_are_drawn_once(fake: FakeDiscord, alice: Any) -> None:
    rules = fake.bot.get_cog("Rulebook").rules  # type: ignore[union-attr]
    await fake.command(rules, alice, game="great_wall")
    first = fake.last(private=True).files
    await fake.command(rules, alice, game="great_wall")
    assert fake.last(private=True).files == first
