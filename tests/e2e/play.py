"""How simulated people play: open a table, join it, start it, and take turns with only what the bot shows.

Whose turn it is comes from the newest board message in the game's thread (the people its last line names:
"It is <@x>'s turn", "Waiting for <@x> and <@y>"; it pings only those not told by DM); a person
plays from the newest private message holding controls for the board's version (their DM, or an earlier
ephemeral answer), or presses "Play" on the board. They pick at random among what is offered, never "Back" or "Rules".
"""

from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass, field, replace

from bot.errors import StaleVersion
from cogs.errors import APOLOGY
from cogs.play import MOVED_ON
from tests.e2e.double import DiscordDouble, Message
from tests.e2e.double.model import mentioned, walk
from tests.e2e.users import Exchange, InteractionFailed, SimUser, choices

CONTROL = re.compile(r"mk:(\d+):(\d+):[bs]:")
BOARD_BUTTON = re.compile(r"mk:(\d+):(\d+):(play|hand)")
TABLE = re.compile(r"table #(\d+)")
THREAD = re.compile(r"play in <#(\d+)>")
TURN_LINES = ("It is ", "Waiting for ")
OPENING = re.compile(r"begins\. (?:(<@\d+>) moves first|(.*) make their first choices at once)")


@dataclass(frozen=True)
class Click:
    """One click of a person in a game, and what they saw of it."""

    user_id: int
    custom_id: str
    version: int | None  # the game version the clicked component was made for
    moved: bool  # a new board was posted by the time the answer came (or soon after one that closed the controls)
    failed: bool  # Discord showed "This interaction failed"
    text: str  # what the answer said


@dataclass
class Game:
    double: DiscordDouble
    id: int
    key: str
    thread_id: int
    players: dict[int, SimUser]
    clicks: list[Click] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)  # sentences the bot answered a person's pick with
    # Per person, buttons they always press when shown (a habit, such as passing warlord windows ahead).
    habits: dict[int, tuple[str, ...]] = field(default_factory=dict)
    # Seconds a person waits for a new board or an answer before giving up (the load test's people, past
    # Discord's limit where boards queue for their requests' slots, wait longer).
    patience: float = 15.0

    # -- reading the thread ----------------------------------------------------------------------------
    def boards(self) -> list[Message]:
        """Board messages of this game (with Play, or the final ranking), oldest first."""
        found = []
        for message in self.double.world.public(self.thread_id):
            if "Final ranking" in message.content or board_version(message, self.id) is not None:
                found.append(message)
        return found

    def board(self) -> Message:
        boards = self.boards()
        assert boards, "no board in the thread yet"
        return boards[-1]

    def version(self) -> int | None:
        """The version the newest board shows; None once the game is over."""
        return board_version(self.board(), self.id)

    def over(self) -> bool:
        return "Final ranking" in self.board().content

    async def moved_from(self, version: int | None, timeout: float | None = None) -> bool:
        """Whether a board newer than ``version`` (or the final ranking) comes out within ``timeout`` seconds
        (the person's ``patience``)."""
        deadline = time.monotonic() + (self.patience if timeout is None else timeout)
        while self.version() == version and not self.over() and time.monotonic() < deadline:
            await self.double.world.changed(0.25, self.thread_id)
        return self.version() != version or self.over()

    def movers(self) -> list[SimUser]:
        if self.over():
            return []
        content = self.board().content
        lines = [line for line in content.splitlines() if line.startswith(TURN_LINES)]
        if not lines:  # the first board, nobody has moved: its opening line says who moves first
            opening = OPENING.search(content)
            lines = [opening[1] or opening[2]] if opening else []
        return [self.players[u] for u in mentioned(lines[-1]) if u in self.players] if lines else []

    def shown_versions(self) -> set[int]:
        """Every version a board message of this game showed, in any of its revisions (they are edited)."""
        found = set()
        for revision in self.double.world.revisions:
            if revision.channel_id == self.thread_id and revision.audience is None:
                for custom_id in (c.get("custom_id", "") for c in walk(list(revision.components))):
                    match = BOARD_BUTTON.fullmatch(str(custom_id))
                    if match and int(match[1]) == self.id:
                        found.add(int(match[2]))
        return found

    def controls_for(self, user: SimUser, version: int) -> Message | None:
        """The newest private message of ``user`` with controls of this game at ``version``."""
        for message in reversed(user.private()):
            if any(_control_of(cid, self.id) == version for cid in message.custom_ids()):
                return message
        return None

    async def turn_dm(self, user: SimUser, version: int, timeout: float = 15.0) -> Message | None:
        """``controls_for``, waiting for them: a turn DM comes after the board (and the mover's answer)."""
        deadline = time.monotonic() + timeout
        while (found := self.controls_for(user, version)) is None and time.monotonic() < deadline:
            await self.double.world.changed(0.25)
        return found

    def controls_since(self, user: SimUser, version: int) -> tuple[int, Message] | None:
        """The newest private message of ``user`` with controls of this game at ``version`` or later, and that
        version (Play pressed on a board that was behind answers with the current position's controls)."""
        for message in reversed(user.private()):
            shown = [v for cid in message.custom_ids() if (v := _control_of(cid, self.id)) is not None]
            if shown and max(shown) >= version:
                return max(shown), message
        return None

    def current_controls(self, user: SimUser) -> tuple[int, Message]:
        """The version the newest board shows and ``user``'s controls at it, both sure to be there."""
        version = self.version()
        assert version is not None
        controls = self.controls_for(user, version)
        assert controls is not None
        return version, controls


def assert_told_stale(game: Game, text: str) -> None:
    """The answer to a control of a position that moved on says so, truly: with the current decision when the
    person still has one ("here is the current position", which it shows), else whom the game waits for and
    a link to the game's board (it shows no position, so it claims none)."""
    if str(StaleVersion()) in text:
        return
    assert MOVED_ON in text and "here is the current position" not in text, text
    boards = [b for b in game.double.world.public(game.thread_id) if board_version(b, game.id) is not None]
    guild = game.double.world.channels[game.thread_id].guild_id
    links = [f"Latest board: https://discord.com/channels/{guild}/{b.channel_id}/{b.id}" for b in boards]
    assert any(link in text for link in links), text


def board_version(message: Message, game_id: int) -> int | None:
    for custom_id in message.custom_ids():
        found = BOARD_BUTTON.fullmatch(custom_id)
        if found and int(found[1]) == game_id:
            return int(found[2])
    return None


def _control_of(custom_id: str, game_id: int) -> int | None:
    found = CONTROL.match(custom_id)
    return int(found[2]) if found and int(found[1]) == game_id else None


def version_of(custom_id: str) -> int | None:
    found = CONTROL.match(custom_id) or BOARD_BUTTON.fullmatch(custom_id)
    return int(found[2]) if found else None


# -- opening and starting ------------------------------------------------------------------------------
async def open_table(
    double: DiscordDouble, host: SimUser, key: str, seats: int, *, channel_id: int | None = None
) -> tuple[int, Message]:
    """``/game new`` (in the first server's channel, or ``channel_id``) and, when the game has options, "Open
    the table" on the private panel."""
    channel_id = channel_id or double.world.channel_id
    first = await (await host.command("game new", channel_id=channel_id, game=key, seats=seats)).settled()
    answer = first
    if ("label", "Open the table") in choices(first.last()):
        answer = await host.click(first.last(), label="Open the table")
    await answer.until(lambda: "is open" in answer.text() or "Sorry" in answer.text())
    found = TABLE.search(answer.text())
    assert found and "is open" in answer.text(), answer.text()
    game_id = int(found[1])
    lobby = next(m for m in double.world.public(channel_id) if f"table #{game_id} " in m.content)
    return game_id, lobby


async def start_game(
    double: DiscordDouble, key: str, host: SimUser, *others: SimUser, channel_id: int | None = None
) -> Game:
    game_id, lobby = await open_table(double, host, key, 1 + len(others), channel_id=channel_id)
    for user in others:
        await (await user.click(lobby, label="Join")).settled()
    start = await (await host.click(lobby, label="Start")).settled()
    started = double.world.messages[lobby.id].content
    thread = THREAD.search(started)
    assert thread is not None, f"the lobby does not name the game's thread: {started!r} / {start.text()!r}"
    players = {u.id: u for u in (host, *others)}
    game = Game(double, game_id, key, int(thread[1]), players)
    # The answer to Start may come before the first board: interaction answers are exempt from Discord's global
    # limit, and a board may wait for it.
    deadline = time.monotonic() + 30.0
    while not game.boards() and time.monotonic() < deadline:
        await double.world.changed(0.25, game.thread_id)
    assert game.boards(), "the first board is in the thread"
    return game


# -- playing -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Pick:
    """One thing a person may do on a message: press a button, or choose values in a select."""

    custom_id: str
    label: str
    values: tuple[str, ...] | None  # None for a button
    fresh: bool = False  # a select where nothing is chosen yet (no default option)


async def click(game: Game, user: SimUser, message: Message, pick: Pick) -> Exchange:
    """Click and wait for the answer; remember the click with what it did."""
    before = game.version()
    exchange = await user.click(message, custom_id=pick.custom_id, values=list(pick.values or []) or None)
    failed = False
    try:
        await exchange.settled(max(30.0, game.patience))
        if exchange.interaction.modal is not None:
            exchange = await (await user.submit(exchange, {})).settled()
    except InteractionFailed:
        failed = True
    moved = game.version() != before or game.over()
    if not (moved or failed or exchange.followups) and _answer_moved_on(exchange, before):
        # The mover is answered beside the move's delivery, not after it: the board may come just after.
        moved = await game.moved_from(before)
    game.clicks.append(Click(user.id, pick.custom_id, version_of(pick.custom_id), moved, failed, exchange.text()))
    if failed:
        raise InteractionFailed(f"{user.name}'s click on {pick.custom_id} got no answer")
    return exchange


def _answer_moved_on(exchange: Exchange, before: int | None) -> bool:
    """Whether a click's answer is a move's: its controls, if any, are no longer those of version ``before``."""
    reply = exchange.reply
    if reply is None or before is None:
        return False
    return before not in {version_of(custom_id) for custom_id in reply.custom_ids()}


def button(message: Message, label: str) -> Pick:
    for component in walk(message.components):
        if component["type"] == 2 and component.get("label") == label:
            return Pick(str(component["custom_id"]), label, None)
    raise AssertionError(f"no button {label!r} on the message")


# Presses that lead away from a move: back a step, the rules, taking the last move back (tested on its own).
AWAY = ("Back", "Rules", "Take back")


def picks(message: Message, rng: random.Random) -> list[Pick]:
    """What a person may pick, never what leads away from a move (``AWAY``). A select allowing several
    values gets a random number of them, within its bounds."""
    found: list[Pick] = []
    for component in walk(message.components):
        if component.get("disabled") or component.get("url"):  # a link opens a browser, not a move
            continue
        custom_id = str(component.get("custom_id", ""))
        if component["type"] == 2 and component.get("label") and component["label"] not in AWAY:
            found.append(Pick(custom_id, component["label"], None))
        elif component["type"] == 3:
            options = component.get("options", [])
            fresh = not any(o.get("default") for o in options)
            low, high = component.get("min_values", 1), min(component.get("max_values", 1), len(options))
            if high > 1:
                chosen = rng.sample(options, rng.randint(max(low, 1), high))
                found.append(Pick(custom_id, "+".join(o["label"] for o in chosen),
                                  tuple(o["value"] for o in chosen), fresh))
            else:
                found.extend(Pick(custom_id, o["label"], (o["value"],), fresh) for o in options)
    return found


def habit(message: Message, labels: tuple[str, ...]) -> Pick | None:
    """The button a person always presses when it is shown, if one of ``labels`` is."""
    offered = {p.label: p for p in picks(message, random.Random(0)) if p.values is None}
    return next((offered[label] for label in labels if label in offered), None)


def choose(message: Message, rng: random.Random) -> Pick:
    """A person's pick: mostly a select still to fill in, else a button, else any option."""
    found = picks(message, rng)
    assert found, f"nothing to choose in {message.content!r}"
    fresh = [p for p in found if p.fresh]
    buttons = [p for p in found if p.values is None]
    if fresh and (not buttons or rng.random() < 0.75):
        return rng.choice(fresh)
    return rng.choice(buttons or found)


DM_PATIENCE = 3.0  # seconds a person waits for their turn DM before pressing Play on the board instead


async def take_turn(
    game: Game, user: SimUser, rng: random.Random, *, via_play: float = 0.2
) -> Click | None:
    """One move by ``user`` with the controls the bot shows them; returns the click that moved the game, or
    None when there was no move to make after all: the game was over (a forced last move ended it while its
    board was on its way), or the board the person went by was behind and the turn had passed.
    A refusal must be a sentence for the person (never the bot's apology); like someone lost in a long
    sequence of steps, the person then starts again from "Play" on the board."""
    version = game.version()
    assert version is not None, "the game is over"
    # From the turn DM (it comes after the board and the mover's answer: a moment's wait), else with Play.
    controls = await game.turn_dm(user, version, timeout=DM_PATIENCE) if rng.random() >= via_play else None
    for attempt in range(4):
        if controls is None or attempt:
            answer = await click(game, user, game.board(), button(game.board(), "Play"))
            # The board in the thread may be behind (its edit on its way, or a killed process's left to the
            # next): the bot then answers with the controls of the position it holds, and the person uses them.
            found = game.controls_since(user, version)
            if found is None and await game.moved_from(version):
                return None  # the game ended, or the turn had passed on a board that was behind
            assert found is not None, f"{user.name} pressed Play: {answer.text()!r}"
            version, controls = found
        for _ in range(30):
            pick = habit(controls, game.habits.get(user.id, ())) or choose(controls, rng)
            before = game.version()
            answer = await click(game, user, controls, pick)
            if game.clicks[-1].moved:
                return game.clicks[-1]
            if answer.followups:
                refusal = answer.followups[-1].content
                assert APOLOGY not in refusal and refusal.strip(), f"{user.name} got {refusal!r}"
                game.refusals.append(refusal)
                break
            nxt = answer.reply
            if not (nxt and nxt.custom_ids()) and await game.moved_from(before):
                # The answer closed the controls, as after a move, and the new board came after it: with two
                # processes it may come from the other one, or from this one's next start after a kill.
                game.clicks[-1] = replace(game.clicks[-1], moved=True)
                return game.clicks[-1]
            assert nxt is not None and nxt.custom_ids(), f"no next step after {pick.label!r}: {answer.text()!r}"
            controls = nxt
    raise AssertionError(f"{user.name} made no move in 4 tries")


async def play_to_end(game: Game, rng: random.Random, *, max_moves: int = 1000) -> int:
    """Take turns until the final ranking is posted; the number of moves made (a turn that found no move to
    make is not one, so there may be more turns than moves)."""
    moves = 0
    for _ in range(2 * max_moves):
        if game.over():
            return moves
        movers = game.movers()
        assert movers, f"a running game pings nobody: {game.board().content!r}"
        if await take_turn(game, rng.choice(movers), rng) is not None:
            moves += 1
    raise AssertionError(f"{game.key} did not end in {2 * max_moves} turns ({moves} moves)")
