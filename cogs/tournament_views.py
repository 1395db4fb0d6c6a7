"""Words and pictures of tournaments: the public sign-up message with its buttons, round lines, standings.

The sign-up buttons are persistent DynamicItems (``mk:t:<tournament_id>:<verb>``); the id is only a hint
and the tournament service re-checks every click (status, cap, who is signed up).
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot import i18n, pictures
from bot.games.base.language import mark, tr, trn, trp
from bot.games.base.words import join
from bot.names import game_title, message_link
from bot.sentences import first_movers, play_order
from bot.statuses import ACTIVE_ENTRANTS, ENTERING, EntrantStatus, TournamentStatus
from bot.tournaments.service import TournamentRow, TournamentService
from bot.tournaments.standings import StandingRow, bye_points
from bot.tournaments.words import clock_text, departures, format_text
from cogs.app import app_of
from cogs.checks import display_name
from cogs.components import persistent_view
from cogs.errors import report
from cogs.language import Spoken
from cogs.replies import MESSAGE_LIMIT, NO_PINGS
from render.bracket import bracket as bracket_png
from render.bracket import bracket_words
from render.podium import podium as podium_png
from render.podium import podium_words
from render.standings import number, standings_words
from render.standings import standings as standings_png

if TYPE_CHECKING:
    from bot.tables import Table, TableService
    from cogs.app import App

log = logging.getLogger(__name__)

SHOWN_PLAYERS = 60  # mentions listed on the sign-up message; beyond that only the count


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def mentions(user_ids: Iterable[int]) -> str:
    return ", ".join(mention(u) for u in user_ids)


def pinging(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Ping exactly these people; any other mention in the message stays silent."""
    users = [discord.Object(id=u) for u in dict.fromkeys(user_ids)]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


def in_pieces(lines: Sequence[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """Lines joined into as few messages as fit Discord's limit (a round of 60 tables needs several)."""
    pieces: list[str] = []
    current = ""
    for line in lines:
        line = line[:limit]
        if current and len(current) + 1 + len(line) > limit:
            pieces.append(current)
            current = ""
        current = f"{current}\n{line}" if current else line
    return [*pieces, current] if current else pieces


# -- describing a tournament ------------------------------------------------------------------------

# Every text here is in the language in force: a public post's is the tournament's (``speaking``, see
# ``public``), a private answer's the person's.
def public(row: TournamentRow) -> AbstractContextManager[object]:
    """Words for everyone in the tournament's channel: in the tournament's language."""
    return i18n.speaking(row.language)


def names_of(row: TournamentRow) -> dict[int, str]:
    return {p.user_id: p.name for p in row.players}


async def standings_file(row: TournamentRow, rows: Sequence[StandingRow], title: str) -> discord.File:
    names = names_of(row)
    png = await pictures.draw(standings_png, list(rows), names, title, departures(row))
    return discord.File(io.BytesIO(png), filename=f"standings-{row.id}-{row.current_round}.png",
                        description=standings_words(rows, names, title))


async def bracket_file(service: TournamentService, row: TournamentRow) -> discord.File | None:
    """An elimination tournament's bracket picture with its alt text; None for another format."""
    if row.format != "elimination":
        return None
    bracket, names = await service.bracket(row.id), names_of(row)
    title = tr("{name}: bracket", name=row.name)
    png = await pictures.draw(bracket_png, bracket, names, title)
    return discord.File(io.BytesIO(png), filename=f"bracket-{row.id}-{row.current_round}.png",
                        description=bracket_words(bracket, names, title))


async def podium_file(service: TournamentService, row: TournamentRow) -> discord.File:
    """A finished tournament's podium picture with its alt text."""
    podium, names = await service.podium(row.id), names_of(row)
    title = tr("{name}: podium", name=row.name)
    png = await pictures.draw(podium_png, podium, names, title)
    return discord.File(io.BytesIO(png), filename=f"podium-{row.id}.png",
                        description=podium_words(podium, names, title))


def seats_in_play(game: Table) -> tuple[list[int], bool]:
    """The game's people as play goes (from the first mover, onward in seat order) and whether one of them
    moves first (not when several begin at once)."""
    order = [game.player_at(s).user_id for s in play_order(game)]
    return [u for u in order if u is not None], len(first_movers(game)) == 1


def table_line(number_: int, people: Sequence[int], first: bool, link: str) -> str:
    """"Table 2: <@b> moves first, then <@a> · <link>", a line of a round's post: ``people`` as play goes,
    each mentioned once."""
    if not first or len(people) < 2:
        return tr("Table {number}: {players} · {link}", number=number_, players=mentions(people), link=link)
    return tr("Table {number}: {first} moves first, then {players} · {link}", number=number_,
              first=mention(people[0]), players=join([mention(u) for u in people[1:]]), link=link)


def bye_line(row: TournamentRow, round_no: int, byes: Sequence[int]) -> str:
    worth = number(bye_points(row.table_size))
    form = 1 if worth == "1" else 2  # "1 point", "0.5 points": the plural form by the number shown
    if len(byes) == 1:
        return trn("Bye in round {round} ({points} point): {players}",
                   "Bye in round {round} ({points} points): {players}", form,
                   round=round_no, points=worth, players=mentions(byes))
    return trn("Byes in round {round} ({points} point each): {players}",
               "Byes in round {round} ({points} points each): {players}",
               form, round=round_no, points=worth, players=mentions(byes))


async def winners_of(service: TableService, row: TournamentRow, rows: Sequence[StandingRow]) -> list[int]:
    """Elimination: whoever won the last round's table, the final (points over all rounds may tie there);
    otherwise everyone ranked first in the standings."""
    if row.format == "elimination":
        winners: list[int] = []
        for table in [t for t in row.tables if t.round == row.current_round and t.game_id]:
            game = await service.get(table.game_id or 0)
            result = game.result()
            if result is not None:
                winners += [p.user_id for p in game.seated
                            if p.user_id is not None and p.seat is not None and result.ranking[p.seat] == 1]
        if winners:
            return winners
    return [r.player for r in rows if r.rank == 1]


def signup_url(row: TournamentRow) -> str:
    if row.channel_id is None or row.message_id is None:
        return ""
    return message_link(row.guild_id, row.channel_id, row.message_id)


def summary(row: TournamentRow) -> str:
    """One line of ``/tournament list``."""
    players = sum(p.status in ACTIVE_ENTRANTS for p in row.players)
    state = {
        TournamentStatus.SIGNUP: tr("sign-up open"), TournamentStatus.CHECKIN: tr("check-in open"),
        TournamentStatus.PAUSED: trp("tournament state", "paused"),
    }.get(row.status) or tr("round {round}", round=row.current_round)
    where = signup_url(row)
    line = tr("#{number} **{name}**: {game}, {format} · {state}, {players}", number=row.id, name=row.name,
              game=game_title(row.key), format=format_text(row), state=state,
              players=trn("{n} player", "{n} players", players))
    return line + (f" · {where}" if where else "")


# -- the sign-up message ----------------------------------------------------------------------------
_STATUS = {
    TournamentStatus.SIGNUP: mark("Sign-up is open: press **Join** (or **Leave**)."),
    TournamentStatus.CHECKIN: mark(
        "Check-in is open: press **Check in**. Whoever has not checked in when it starts is dropped."
    ),
    TournamentStatus.PAUSED: mark("The tournament is paused: no new round starts until the organiser resumes it."),
    TournamentStatus.FINISHED: mark("The tournament is over."),
    TournamentStatus.CANCELLED: mark("This tournament was cancelled."),
}


def signup_text(row: TournamentRow) -> str:
    """The sign-up message, in the language in force (the tournament's: see ``public``)."""
    seeding = tr("seeded by rating") if row.seeding == "rating" else tr("drawn at random")
    lines = [
        tr("**{name}**: tournament #{number} of **{game}**", name=row.name, number=row.id, game=game_title(row.key)),
        tr("{format} · round 1 {seeding} · {clock} · table options: the game's defaults", format=format_text(row),
           seeding=seeding, clock=clock_text(row)),
        tr("Organiser: {player}", player=mention(row.organiser_id)),
    ]
    active = [p for p in row.players if p.status in ACTIVE_ENTRANTS]
    count = f"{len(active)}/{row.cap}" if row.cap is not None else str(len(active))
    if row.status in ENTERING:
        shown = ", ".join(
            mention(p.user_id) + (" ✓" if p.status == EntrantStatus.CHECKED_IN else "") for p in active[:SHOWN_PLAYERS]
        ) or tr("nobody yet")
        if len(active) > SHOWN_PLAYERS:
            lines.append(tr("Players ({count}): {players} and {more} more", count=count, players=shown,
                            more=len(active) - SHOWN_PLAYERS))
        else:
            lines.append(tr("Players ({count}): {players}", count=count, players=shown))
    else:
        lines.append(tr("Players: {count}", count=count))
    if row.status == TournamentStatus.RUNNING:
        lines.append(tr("The tournament is under way: round {round}. Rounds are posted in this channel.",
                        round=row.current_round))
    else:
        status = _STATUS.get(row.status)
        lines.append(tr(status) if status else "")
    return "\n".join(lines)


def signup_view(row: TournamentRow) -> discord.ui.View | None:
    verbs = {
        TournamentStatus.SIGNUP: ("join", "leave"), TournamentStatus.CHECKIN: ("join", "leave", "checkin"),
    }.get(row.status)
    if verbs is None:
        return None
    return persistent_view(*(SignupButton(row.id, verb) for verb in verbs))


async def refresh_signup(bot: App, row: TournamentRow) -> None:
    """Bring the sign-up message up to date (buttons go once sign-up is over); a failure is only logged."""
    if row.channel_id is None or row.message_id is None:
        return
    message = bot.get_partial_messageable(row.channel_id).get_partial_message(row.message_id)
    with public(row):
        content, view = signup_text(row), signup_view(row)
    try:
        await message.edit(content=content, view=view, allowed_mentions=NO_PINGS)
    except discord.HTTPException:
        log.info("could not update the sign-up message of tournament %s", row.id)


class SignupButton(Spoken, discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mk:t:(?P<tournament>[0-9]{1,18}):(?P<verb>join|leave|checkin)",
):
    """Join, Leave and Check in under the sign-up message; the answer is an edit of that message."""

    LABELS: ClassVar[dict[str, tuple[Callable[[], str], discord.ButtonStyle]]] = {
        "join": (lambda: trp("tournament button", "Join"), discord.ButtonStyle.success),
        "leave": (lambda: trp("tournament button", "Leave"), discord.ButtonStyle.secondary),
        "checkin": (lambda: trp("tournament button", "Check in"), discord.ButtonStyle.primary),
    }

    def __init__(self, tournament_id: int, verb: str) -> None:
        label, style = self.LABELS[verb]
        super().__init__(discord.ui.Button(label=label(), style=style, custom_id=f"mk:t:{tournament_id}:{verb}"))
        self.tournament_id, self.verb = tournament_id, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SignupButton:
        return cls(int(match["tournament"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        service, user, tid = app_of(interaction).tournaments, interaction.user.id, self.tournament_id
        try:
            if self.verb == "join":
                row = await service.join(tid, user, display_name(interaction))
            elif self.verb == "leave":
                row = await service.leave(tid, user)
            else:
                row = await service.check_in(tid, user)
            with public(row):  # the sign-up message is public; a refusal (below) is the clicker's own
                content, view = signup_text(row), signup_view(row)
            await interaction.edit_original_response(content=content, view=view, allowed_mentions=NO_PINGS)
        except Exception as error:
            await report(interaction, error)
