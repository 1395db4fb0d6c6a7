"""The clock choices of a new table: time control, timeout policy, whether vacations pause clocks, and
whether players may take back their own last move.

The options panel of ``/game new`` keeps them as indices in its custom_ids (``"<time>.<policy>.<vac>.<back>"``),
so they are read back here from untrusted text, falling back to the defaults (a panel posted before the
take-back choice existed has three, and gets take-backs on).
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.games.base.language import mark, tr
from bot.sentences import POLICY_LABELS
from bot.servers import ServerSettings
from bot.timecontrol import PRESETS, TIMEOUT_POLICIES, TimeControl
from cogs.components import choice

CLOCKS = list(PRESETS)
POLICIES = list(TIMEOUT_POLICIES)
VACATIONS = (True, False)
TAKE_BACKS = (True, False)
DEFAULT_CLOCK = (CLOCKS.index("none"), POLICIES.index("ai"), VACATIONS.index(True), TAKE_BACKS.index(True))
# Shown with tr().
PLACEHOLDERS = (mark("Time control"), mark("When time runs out"), mark("Vacations"), mark("Take-backs"))


def read_clock(text: str | None) -> list[int]:
    picks = list(DEFAULT_CLOCK)
    sizes = (len(CLOCKS), len(POLICIES), len(VACATIONS), len(TAKE_BACKS))
    for n, part in enumerate(text.split(".") if text else []):
        if n < len(sizes) and part.isdigit() and int(part) < sizes[n]:
            picks[n] = int(part)
    return picks


def default_clock(settings: ServerSettings) -> list[int]:
    """The clock a new table's panel starts with: the server's default where it set one (a preset that no
    longer exists falls back to the bot's default)."""
    picks = list(DEFAULT_CLOCK)
    if settings.clock_preset in CLOCKS:
        picks[0] = CLOCKS.index(settings.clock_preset)
    if settings.timeout_policy in POLICIES:
        picks[1] = POLICIES.index(settings.timeout_policy)
    if settings.vacations is not None:
        picks[2] = VACATIONS.index(settings.vacations)
    return picks


def chosen_clock(clock: Sequence[int]) -> tuple[TimeControl, str, bool]:
    """The (time control, timeout policy, vacations pause clocks) that valid indices stand for."""
    return PRESETS[CLOCKS[clock[0]]], POLICIES[clock[1]], VACATIONS[clock[2]]


def chosen_take_backs(clock: Sequence[int]) -> bool:
    """Whether the table lets a player take back their own last move (docs/rules/README.md)."""
    return TAKE_BACKS[clock[3]]


def take_backs_line(allowed: bool) -> str:
    """The table's take-back rule in one line, for the options panel and the lobby."""
    if allowed:
        return tr("Take-backs: a player may take back their own last move while nobody else has acted.")
    return tr("Take-backs: off; every move stands.")


def clock_summary(control: TimeControl, policy: str, vacations: bool) -> str:
    """The clock of a table in one line, for the options panel and the lobby."""
    if not control.timed:
        return tr("Clock: no time limit.")
    if vacations:
        return tr("Clock: {clock}; out of time, {policy}; vacations pause clocks.", clock=control.describe(),
                  policy=tr(POLICY_LABELS[policy]))
    return tr("Clock: {clock}; out of time, {policy}; vacations do not pause clocks.", clock=control.describe(),
              policy=tr(POLICY_LABELS[policy]))


def clock_choices(clock: Sequence[int]) -> list[list[discord.SelectOption]]:
    """The options of the clock selects, in PLACEHOLDERS order, the current picks marked."""
    times = [
        choice(tr("No time limit") if label == "none" else tr(label), str(i), None, default=i == clock[0])
        for i, label in enumerate(CLOCKS)
    ]
    # Each policy is described in words, so the table knows what it agrees to.
    policies = [
        choice(tr("Out of time: {policy}", policy=tr(POLICY_LABELS[p])), str(i), tr(TIMEOUT_POLICIES[p]),
               default=i == clock[1])
        for i, p in enumerate(POLICIES)
    ]
    vacations = [
        choice(
            tr("Vacations pause clocks") if pause else tr("Vacations do not pause clocks"),
            str(i),
            tr("A player on vacation (/me vacation) keeps their time") if pause else tr("Clocks run during vacations"),
            default=i == clock[2],
        )
        for i, pause in enumerate(VACATIONS)
    ]
    backs = [
        choice(tr("Take-backs allowed") if allowed else tr("No take-backs"), str(i),
               tr("Your own last move, while nobody else has acted and it showed nothing hidden") if allowed
               else tr("Every move stands, as in a tournament"), default=i == clock[3])
        for i, allowed in enumerate(TAKE_BACKS)
    ]
    return [times, policies, vacations, backs]
