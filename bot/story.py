"""The story of a finished game, told from its move log: a score chart and a timelapse of the public board.

Anything may call it (the Discord layer, the demo, ``python -m bot replay``, a web page); nothing here knows
Discord. In three steps:

- ``tell(game, key, title, names, replayed)`` reads the game's positions replayed from its log
  (``bot.replays.replay_log``) into a ``Story``: the turns as the thread showed them (one board message per
  turn, first posted with the position the move that opened it left, ``bot.tables.opens_turn``), so the
  position after each turn (the whole turn done, the next one's players to act), each seat's score there
  (``Game.running_scores``), the scorings (``Game.scoring_moment``), the public view of each of those positions,
  and every word, in the language in force;
- ``draw(story, drawer)`` (async) or ``draw_now(story)`` (here and now) draws the pictures with the
  functions of ``render.story``, one call at a time through ``drawer`` (``bot.pictures.draw`` runs them in
  the picture processes, so other pictures are drawn in between), and returns ``StoryPictures``: the chart as
  PNG, the animation (animated WebP, or GIF), and the alt text of each;
- ``game_story(service, game_id, drawer)`` does both for a finished game of the table service; a game still
  running is refused (``WrongStatus``).

Only public views are drawn and only public facts are said: the frames are the thread's own board pictures
(``render.board`` of ``view(state, None)``), and the scores are those everybody may know once the game is over.
"""

from __future__ import annotations

import asyncio
import weakref
from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Generator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import render
from bot import i18n, pictures
from bot.errors import WrongStatus
from bot.games.base import TAKE_BACK, Game
from bot.games.base.language import code, tr, trn
from bot.games.base.words import join
from bot.replays import Replayed, replay_log
from bot.statuses import TableStatus
from bot.tables import Table, TableService, opens_turn
from render import story as drawings
from render.alt_text.words import LIMIT, fit, seat_names
from render.story import ScoreChart, extension, frame_count

# Frames drawn at most: a longer game shows this many positions, evenly spaced, and says so. The busiest boards
# take ~85 kB a frame at the first quality tried (China, Chinatown; bench story): 90 fit the limit at once, so
# the animation is encoded once (encoding holds a picture process for seconds) and no turn of a game of the
# usual length is left out (a five-player Great Wall game has ~80 turns).
MAX_FRAMES = 90
SHOW_MS = 45_000  # the whole animation lasts about this long...
FASTEST_MS, SLOWEST_MS = 300, 900  # ...each frame between these...
FIRST_MS, LAST_MS = 1_500, 4_000  # ...the start and the end held longer

#: Draws ``fn(*args)`` somewhere (a picture process, a thread) and returns its bytes.
Drawer = Callable[..., Awaitable[bytes]]
_Drawing = Generator[tuple[Callable[..., bytes], tuple[Any, ...]], bytes, "StoryPictures"]


@dataclass(frozen=True)
class Story:
    """A finished game's story as plain data (words already said): what its pictures are drawn from."""

    key: str
    game: str  # the game as its words name it: "China #12"
    names: tuple[str, ...]  # by seat, as the board pictures name the players
    versions: tuple[int, ...]  # the position after each turn: 0 (the start) first, the end last
    views: tuple[dict[str, Any], ...]  # the public view of each of those positions
    shown: tuple[int, ...]  # the turns the timelapse shows: every one, or MAX_FRAMES evenly spaced
    chart: ScoreChart
    moments: tuple[tuple[int, str], ...]  # (turn, scoring) for every scoring, in order
    ended: tuple[str, ...]  # each seat's score at the end, in the game's words ("12 points", "wins by 3")

    @property
    def turns(self) -> int:
        """Turns played: the positions after the start."""
        return len(self.versions) - 1


@dataclass(frozen=True)
class StoryPictures:
    scores: bytes  # PNG
    scores_alt: str
    animation: bytes  # animated WebP, or GIF where Pillow has no WebP
    animation_alt: str

    def filenames(self, game_id: int | None = None) -> tuple[str, str]:
        """The chart's and the animation's file names: ``scores.png`` and ``story.webp`` (``story.gif``), with
        ``-<game_id>`` before the extension when given (Discord's attachments, named for their game)."""
        tag = "" if game_id is None else f"-{game_id}"
        return f"scores{tag}.png", f"story{tag}.{extension(self.animation)}"

    def save(self, folder: Path) -> None:
        """Both pictures in ``folder`` (beside a game's ``final.png``): ``scores.png`` and ``story.webp``."""
        scores, animation = self.filenames()
        (folder / scores).write_bytes(self.scores)
        (folder / animation).write_bytes(self.animation)


def after_turns(game: Game, states: Sequence[Any]) -> list[int]:
    """The version after each turn, as the thread's board message of the next turn was first posted: the start
    (0), then every move that opened a turn (``opens_turn``: as the rules say, or the game ended: the last one)."""
    return [0, *(version for version in range(1, len(states))
                 if opens_turn(game, states[version - 1], states[version]))]


def tell(game: Game, key: str, title: str, names: Sequence[str], replayed: Replayed) -> Story:
    """The story of a finished game from its replayed positions; ValueError for a game not over."""
    states = replayed.states
    if not game.is_over(states[-1]):
        raise ValueError("a game's story is told once it is over")
    turns = after_turns(game, states)
    scorings: dict[int, str] = {}  # the version of each scoring move still standing
    for version in range(1, len(states)):
        events = replayed.events[version]
        if any(event.type == TAKE_BACK for event in events):
            # The replay restores the very state object from before the move taken back: that move's scoring
            # (a China placement that filled a region may be taken back) did not happen after all.
            undone = max(u for u in range(1, version) if states[u - 1] is states[version])
            scorings.pop(undone, None)
        elif said := game.scoring_moment(states[version], events):
            scorings[version] = said
    # The turn each scoring happened in: the first position after it the thread showed.
    moments = [(bisect_left(turns, version), said) for version, said in scorings.items()]
    views = tuple(game.view(states[v], None) for v in turns)
    colours = tuple(render.pictures(key).seat_colours(views[-1]))
    chart = ScoreChart(
        title=tr("Scores of {game}", game=title),
        y_caption=game.score_caption(),
        x_caption=tr("Turn"),
        names=tuple(seat_names(names, colours)),
        colours=colours,
        scores=tuple(tuple(game.running_scores(states[v])) for v in turns),
        notes=tuple(dict(moments).items()),  # a turn's last scoring names it on the chart
    )
    ended = tuple(game.score_text(score) for score in chart.scores[-1])
    return Story(key, title, tuple(names), tuple(turns), views, _sampled(len(turns)), chart, tuple(moments), ended)


def _sampled(positions: int) -> tuple[int, ...]:
    """Every position, or MAX_FRAMES of them evenly spaced, the first and the last always."""
    if positions <= MAX_FRAMES:
        return tuple(range(positions))
    step = (positions - 1) / (MAX_FRAMES - 1)
    return tuple(sorted({round(i * step) for i in range(MAX_FRAMES)}))


def durations(frames: int) -> list[int]:
    """Each frame's time on screen in ms: about SHOW_MS in all, the first and last frames held longer."""
    each = max(FASTEST_MS, min(SLOWEST_MS, SHOW_MS // max(1, frames)))
    timing = [each] * frames
    timing[0] = max(each, FIRST_MS)
    timing[-1] = max(each, LAST_MS)
    return timing


def caption(story: Story, turn: int) -> str:
    """What a frame's band says: which turn it shows."""
    if turn == 0:
        return tr("{game}: the start", game=story.game)
    return tr("{game}: after turn {turn} of {turns}", game=story.game, turn=turn, turns=story.turns)


def _drawing(story: Story) -> _Drawing:
    """The pictures, one drawing at a time (each yielded as (function, arguments) and answered with its
    bytes), then the words that say what was drawn."""
    # Looked up in the module when drawn: tests about what happens around the pictures draw plain ones.
    scores = yield drawings.score_chart, (story.chart,)
    frames: list[bytes] = []
    for turn in story.shown:
        frames.append((yield drawings.frame, (story.key, story.views[turn], story.names, caption(story, turn))))
    moving = yield drawings.animation, (frames, durations(len(frames)))
    return StoryPictures(scores, chart_words(story), moving, animation_words(story, frame_count(moving)))


def draw_now(story: Story) -> StoryPictures:
    """The story's pictures drawn here and now (the command line, tests)."""
    steps = _drawing(story)
    request = next(steps)
    while True:
        fn, args = request
        try:
            request = steps.send(fn(*args))
        except StopIteration as done:
            return done.value


async def in_thread(fn: Callable[..., bytes], *args: Any) -> bytes:
    """A ``Drawer`` for a process without picture processes: a thread (it keeps the language in force)."""
    return await asyncio.to_thread(fn, *args)


async def draw(story: Story, drawer: Drawer = in_thread) -> StoryPictures:
    """The story's pictures, each drawing awaited through ``drawer`` in turn."""
    steps = _drawing(story)
    request = next(steps)
    while True:
        fn, args = request
        drawn = await drawer(fn, *args)
        try:
            request = steps.send(drawn)
        except StopIteration as done:
            return done.value


def chart_words(story: Story) -> str:
    """The chart's alt text: what it counts, where each player ended, and when the scorings were."""
    chart = story.chart
    sentences = [
        trn("Score chart of {game}, a line for each player from the start to the end of its {n} turn.",
            "Score chart of {game}, a line for each player from the start to the end of its {n} turns.",
            story.turns, game=story.game),
        tr("It shows: {counted}.", counted=chart.y_caption),
        tr("At the end: {scores}.", scores=join([f"{name} {score}" for name, score in
                                                  zip(chart.names, story.ended, strict=True)])),
    ]
    if story.moments:
        marked = [tr("{scoring} at turn {turn}", scoring=said, turn=turn) for turn, said in story.moments]
        sentences.append(tr("Scorings marked: {scorings}.", scorings=join(marked)))
    return fit(sentences, LIMIT)


def animation_words(story: Story, frames: int) -> str:
    """The timelapse's alt text: how many frames of how many turns, then the last frame's board."""
    sentences = [trn(
        "Timelapse of the public board of {game}: {n} frame, from the start to the end of the game, each naming "
        "its turn.",
        "Timelapse of the public board of {game}: {n} frames, from the start to the end of the game, each naming "
        "its turn.",
        frames, game=story.game)]
    positions = len(story.versions)
    if frames < positions:
        sentences.append(trn(
            "To stay small enough to send, it shows {n} of its {positions} positions, evenly spaced.",
            "To stay small enough to send, it shows {n} of its {positions} positions, evenly spaced.",
            frames, positions=positions))
    else:
        sentences.append(tr("One frame per turn."))
    last = story.views[-1]
    pictures = render.pictures(story.key)
    sentences.append(tr("The last frame shows the board at the end:"))
    sentences.extend(pictures.board_words(last, seat_names(story.names, pictures.seat_colours(last))))
    return fit(sentences, LIMIT)


def check_told(status: TableStatus, title: str) -> None:
    """Refuse (``WrongStatus``) the story of a game that is not finished, saying why, in one sentence."""
    if status in (TableStatus.LOBBY, TableStatus.RUNNING):
        raise WrongStatus(tr("{game} is not over yet: its story is told once it has ended.", game=title))
    if status != TableStatus.FINISHED:
        raise WrongStatus(tr("{game} was cancelled before its end: it has no story to tell.", game=title))


async def told(service: TableService, table: Table) -> Story:
    """The story of the finished ``table`` as plain data, in the language in force (``WrongStatus`` for a game
    not finished): its log replayed (in a thread) and told, nothing drawn. Quick: a page can say its words."""
    title = f"{tr(table.game.title)} #{table.id}"
    check_told(table.status, title)
    log = await service.move_log(table.id)
    moves = [(m.seat, m.kind, m.action) for m in log[: table.version]]
    replayed = await asyncio.to_thread(replay_log, table.game, len(table.players), table.seed, table.options, moves)
    return await asyncio.to_thread(tell, table.game, table.key, title, table.names(), replayed)


async def game_story(service: TableService, game_id: int, drawer: Drawer = in_thread) -> StoryPictures:
    """The story of finished game ``game_id`` of ``service``; ``GameNotFound`` for no such game, ``WrongStatus``
    for a game not finished."""
    return await draw(await told(service, await service.get(game_id)), drawer)


KEPT = 4  # stories kept (a finished game's players pressing one after the other), a few MB each

# (game, language) -> its story, or the task drawing it; per service: each has its own database.
_kept: weakref.WeakKeyDictionary[TableService, OrderedDict[tuple[int, str], asyncio.Future[StoryPictures]]] = (
    weakref.WeakKeyDictionary()
)


TOLD_KEPT = 32  # stories told (plain data, no pictures) kept for the words of finished games' web pages
_told: weakref.WeakKeyDictionary[TableService, OrderedDict[tuple[int, str], Story]] = weakref.WeakKeyDictionary()


async def told_kept(service: TableService, table: Table) -> Story:
    """``told``, kept a while: a finished game's page says its story's words on every view, and a finished game's
    story never changes (its log is closed), so the log is replayed once, not per view."""
    kept = _told.setdefault(service, OrderedDict())
    key = (table.id, code())
    found = kept.get(key)
    if found is None:
        found = kept[key] = await told(service, table)
        while len(kept) > TOLD_KEPT:
            kept.popitem(last=False)
    kept.move_to_end(key)
    return found


async def story_of(service: TableService, table: Table) -> StoryPictures:
    """The story of the finished ``table`` in its language, drawn in the picture processes: a kept one, the one
    being drawn, or a new one (the Game story button, ``/game story`` and the game's web page share them)."""
    kept = _kept.setdefault(service, OrderedDict())
    key = (table.id, table.language)
    drawing = kept.get(key)
    if drawing is None or (drawing.done() and (drawing.cancelled() or drawing.exception() is not None)):
        with i18n.speaking(table.language):  # the task keeps it: the pictures' words are the table's
            kept[key] = asyncio.ensure_future(game_story(service, table.id, partial(pictures.draw, keep=False)))
        while len(kept) > KEPT:
            kept.popitem(last=False)
    kept.move_to_end(key)
    # shield: a person who gives up (the interaction cancelled) leaves the drawing to the others waiting.
    return await asyncio.shield(kept[key])
