"""A whole Sun Tzu game through the double where one person passes every round's warlord windows ahead with
their orders ("Confirm and pass this round's warlord windows") and the other decides each window when it
opens: the first is asked in a window only after the other used a warlord (spec R14), and the thread shows
both alike (the hidden-information check over everything anybody saw, and the same words for a pass)."""

from __future__ import annotations

import random
from collections import Counter

from bot.games.sun_tzu.data import WINDOW_WARLORDS
from bot.games.sun_tzu.state import Stage
from tests.e2e.attention import count_attention
from tests.e2e.double import DiscordDouble
from tests.e2e.play import play_to_end, start_game
from tests.e2e.process import BotProcess
from tests.e2e.records import Recorded
from tests.e2e.test_whole_games import check_finished, settled
from tests.e2e.users import SimUser

PASS_AHEAD = "Confirm and pass this round's warlord windows"
EACH = "Confirm these orders"


def window_turns(recorded: Recorded) -> Counter[int]:
    """Per seat, the times a warlord window newly waited for it (each one a notification)."""
    found: Counter[int] = Counter()
    engine, before = recorded.engine, frozenset[int]()
    for state in recorded.states():
        now = frozenset() if engine.is_over(state) else engine.to_act(state)
        if state.stage in (Stage.W1, Stage.W2):
            found.update(now - before)
        before = now
    return found


def reasked(recorded: Recorded, seat: int) -> int:
    """Warlords the other seat used in a window: each use cancels every pass made and asks again (R14)."""
    return sum(1 for e in recorded.events() if e.type == "warlord_used" and e.public.get("seat") != seat
               and e.public.get("warlord") in WINDOW_WARLORDS)


def held_a_warlord(recorded: Recorded, seat: int) -> bool:
    """Whether the seat held a warlord at its first orders (blue's Head Start is used up at once)."""
    first = next(s for s in recorded.states() if s.stage is Stage.ASSIGN)
    return bool(first.side(first.colour_of(seat)).warlords_held)


async def test_a_player_passing_the_windows_ahead_is_not_asked_in_them(double: DiscordDouble, bot: BotProcess) -> None:
    alice, bob = SimUser(double, double.person("Alice")), SimUser(double, double.person("Bob"))
    game = await start_game(double, "sun_tzu", alice, bob)
    # Both keep their warlords for later (Pass in a window); Alice passes the windows with her orders.
    game.habits = {alice.id: (PASS_AHEAD, "Pass"), bob.id: (EACH, "Pass")}
    moves = await play_to_end(game, random.Random("pass ahead"))
    await check_finished(game, bot, moves)  # hidden information, quiet table, one notification per turn
    recorded = await settled(game, bot)
    windows = window_turns(recorded)
    a, b = recorded.seat_of(alice.id), recorded.seat_of(bob.id)
    assert a is not None and b is not None
    attention = count_attention(double, recorded, game.thread_id)
    rounds = recorded.states()[-1].round
    print(f"\nsun_tzu pass ahead, {rounds} rounds: notifications/own turns (window turns): "
          f"Alice {attention.notifications[alice.id]}/{attention.turns[alice.id]} ({windows[a]}), "
          f"Bob {attention.notifications[bob.id]}/{attention.turns[bob.id]} ({windows[b]})")
    assert windows[a] <= reasked(recorded, a), "asked in a window only after the other player used a warlord"
    passes = [e for e in recorded.events() if e.type == "passed"]
    assert all(set(e.public) == {"seat", "window"} for e in passes), "a pass ahead is told as any pass"
    ahead = [c for c in game.clicks if c.user_id == alice.id and ":b:ocp." in c.custom_id]
    assert bool(ahead) == held_a_warlord(recorded, a), "offered whenever she could be asked in a window"
