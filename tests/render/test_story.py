"""A finished game's story (bot/story.py, render/story.py): a whole game of each game, the toy's too, told from
its move log. The timelapse's frames are the thread's public boards after each turn, the chart's lines
the scores the log gives, the animation fits Discord's upload limit, and the words come in every language."""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image, ImageChops, ImageStat

import render
from bench.story import played
from bot import i18n
from bot.games import GAMES, get
from bot.replays import Replayed
from bot.story import (
    MAX_FRAMES,
    Story,
    StoryPictures,
    _sampled,
    animation_words,
    caption,
    chart_words,
    draw_now,
    durations,
    tell,
)
from bot.tables import opens_turn
from bot.tables.replay import take_back_event
from render import story as drawings

pytestmark = pytest.mark.slow
NAMES = ["Ana", "Bo", "Chen", "Dara", "Eli"]
LANGUAGES = ("en", "es-ES", "ja")


@cache
def whole_game(key: str) -> Replayed:
    """A whole game at the most players, the computer's easy choices, replayed from its log."""
    return played(key, get(key).max_players, 29)


def told(key: str) -> Story:
    game, replayed = get(key), whole_game(key)
    return tell(game, key, f"{game.title} #29", NAMES[: game.max_players], replayed)


@cache
def drawn(key: str) -> StoryPictures:
    return draw_now(told(key))


def frames(animation: bytes) -> list[Image.Image]:
    with Image.open(io.BytesIO(animation)) as moving:
        found = []
        for index in range(moving.n_frames):
            moving.seek(index)
            found.append(moving.convert("RGB"))
        return found


def board_as_framed(story: Story, turn: int) -> Image.Image:
    """The thread's public board at the end of ``turn``, scaled as a frame shows it."""
    png = render.board(story.key, story.views[turn], story.names)
    with Image.open(io.BytesIO(png)) as board:
        return drawings.scale(board.convert("RGB"), drawings.FRAME_WIDTH)


def difference(frame: Image.Image, board: Image.Image) -> float:
    """The mean difference per channel (0-255) between a frame's board and a board picture."""
    shown = frame.crop((0, drawings.BAND, board.width, drawings.BAND + board.height))
    return sum(ImageStat.Stat(ImageChops.difference(shown, board)).mean) / 3


@pytest.mark.parametrize("key", GAMES)
def test_the_turns_are_the_thread_s_board_messages(key: str) -> None:
    """A frame per turn: the start, then the position each move that opened a turn left (the last one too)."""
    game, replayed, story = get(key), whole_game(key), told(key)
    states = replayed.states
    opened = [v for v in range(1, len(states))
              if opens_turn(game, states[v - 1], states[v])]
    assert story.versions == (0, *opened) and opened[-1] == len(states) - 1
    assert story.views == tuple(game.view(states[v], None) for v in story.versions)  # public views only
    assert story.shown == tuple(range(len(story.versions)))  # no game here is long enough to be sampled


@pytest.mark.parametrize("key", GAMES)
def test_the_timelapse_shows_the_public_board_at_the_end_of_each_turn(key: str) -> None:
    story, pictures = told(key), drawn(key)
    shown = frames(pictures.animation)
    assert pictures.filenames() == ("scores.png", "story.webp") and len(pictures.animation) <= drawings.LIMIT
    assert len(shown) == len(story.versions) and shown[0].width == drawings.FRAME_WIDTH
    end = len(story.versions) - 1
    for turn, neighbour in ((0, 1), (end, end - 1)):
        own, next_to = board_as_framed(story, turn), board_as_framed(story, neighbour)
        # Lossy, but the same picture: nearer its own board than the board one turn away.
        assert difference(shown[turn], own) < min(6.0, difference(shown[turn], next_to)), turn


@pytest.mark.parametrize("key", GAMES)
def test_the_chart_draws_the_scores_the_log_gives(key: str) -> None:
    game, replayed, story = get(key), whole_game(key), told(key)
    final = game.result(replayed.states[-1])
    assert story.chart.scores == tuple(tuple(game.running_scores(replayed.states[v])) for v in story.versions)
    assert all(score == 0 for score in story.chart.scores[0]) or key == "sun_tzu"  # Head Start may move it
    if key == "chinatown":  # income, public, where cash is secret: what the final view lists year by year
        incomes = [sum(p["income_history"]) for p in game.view(replayed.states[-1], None)["players"]]
        assert list(story.chart.scores[-1]) == incomes
    else:
        assert list(story.chart.scores[-1]) == list(final.scores)
    # Every scoring is marked at the turn it happened in, named by the game.
    expected = [said for v in range(1, len(replayed.states))
                if (said := game.scoring_moment(replayed.states[v], replayed.events[v]))]
    assert [said for _, said in story.moments] == expected and expected
    assert all(story.versions[turn - 1] < version <= story.versions[turn]
               for (turn, _), version in zip(story.moments, _scoring_versions(key), strict=True))
    with Image.open(io.BytesIO(drawn(key).scores)) as chart:
        assert chart.format == "PNG" and chart.width == 1200  # at 400 px wide the words keep the phone minimum


def _scoring_versions(key: str) -> list[int]:
    game, replayed = get(key), whole_game(key)
    return [v for v in range(1, len(replayed.states)) if game.scoring_moment(replayed.states[v], replayed.events[v])]


@pytest.mark.parametrize("key", GAMES)
def test_the_story_is_told_in_the_table_s_language(key: str) -> None:
    frames_shown = len(told(key).versions)
    said = {}
    for code in LANGUAGES:
        with i18n.speaking(code):
            story = told(key)
            said[code] = (chart_words(story), animation_words(story, frames_shown), caption(story, 3),
                          story.chart.title, story.chart.x_caption, story.chart.y_caption)
    for code, words in said.items():
        assert all(words) and all(len(text) <= 1024 for text in words[:2]), code
    english, spanish, japanese = (said[code] for code in LANGUAGES)
    assert all(e != s for e, s in zip(english, spanish, strict=True))
    if key != "toy":  # the toy brings no catalogs: its words are English everywhere
        assert all(e != j for e, j in zip(english, japanese, strict=True))
    assert "。" in japanese[0] and "。" in japanese[1]


def test_a_scoring_taken_back_is_not_marked() -> None:
    """A take-back restores the state from before the move (the same object, in a replay): its scoring did not
    happen; the move made again scores once."""
    game, replayed = get("toy"), whole_game("toy")
    states, events = list(replayed.states), list(replayed.events)
    scored = next(v for v in range(1, len(states)) if game.scoring_moment(states[v], events[v]))
    seat = next(e.public["seat"] for e in events[scored] if e.type == "played")
    undone = Replayed(
        (*states[: scored + 1], states[scored - 1], *states[scored:]),
        (*events[: scored + 1], (take_back_event(seat),), *events[scored:]),
    )
    story = tell(game, "toy", "High Lantern #1", NAMES[:4], undone)
    assert [said for _, said in story.moments] == [said for _, said in told("toy").moments]


def test_a_game_not_over_has_no_story() -> None:
    game, replayed = get("great_wall"), whole_game("great_wall")
    early = Replayed(replayed.states[:5], replayed.events[:5])
    with pytest.raises(ValueError, match="once it is over"):
        tell(game, "great_wall", "The Great Wall of China #1", NAMES[:5], early)


def test_a_long_game_shows_evenly_spaced_turns_and_says_so() -> None:
    story = told("great_wall")
    many = Story(story.key, story.game, story.names, tuple(range(400)), story.views, (), story.chart,
                 story.moments, story.ended)
    shown = _sampled(400)
    assert len(shown) == MAX_FRAMES and shown[0] == 0 and shown[-1] == 399
    assert f"{MAX_FRAMES} of its 400 positions" in animation_words(many, MAX_FRAMES)
    assert "One frame per turn." in animation_words(story, len(story.versions))


def test_the_animation_fits_the_limit_by_quality_then_size_then_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    pictures = [drawings.frame("toy", told("toy").views[turn], NAMES[:4], f"Turn {turn}") for turn in range(6)]
    whole = drawings.animation(pictures, [500] * 6)
    assert len(frames(whole)) == 6 and frames(whole)[0].width == drawings.FRAME_WIDTH
    monkeypatch.setattr(drawings, "LIMIT", len(whole) // 3)
    smaller = drawings.animation(pictures, [500] * 6)
    assert len(smaller) <= len(whole) // 3
    with Image.open(io.BytesIO(smaller)) as moving:
        # Every other frame and the last, each shown as long as the frames it stands for.
        kept = moving.n_frames
        assert kept in (6, 4, 2) and moving.width in (drawings.FRAME_WIDTH, drawings.SMALLER)
        timing = []
        for index in range(kept):
            moving.seek(index)
            moving.load()  # a WebP frame's duration is read as it is decoded
            timing.append(moving.info["duration"])
        assert sum(timing) == 3000


def test_without_webp_the_animation_is_a_gif(monkeypatch: pytest.MonkeyPatch) -> None:
    pictures = [drawings.frame("toy", told("toy").views[turn], NAMES[:4], f"Turn {turn}") for turn in range(3)]
    monkeypatch.setattr(drawings.features, "check", lambda feature: feature != "webp")
    moving = drawings.animation(pictures, [500, 500, 1000])
    assert drawings.extension(moving) == "gif" and drawings.frame_count(moving) == 3


def test_each_frame_is_on_screen_long_enough_and_the_ends_longer() -> None:
    assert durations(1) == [4000]
    short, long = durations(20), durations(400)
    assert short[0] == 1500 and short[-1] == 4000 and short[1] == 900
    assert long[1] == 300 and long[0] == 1500 and long[-1] == 4000
