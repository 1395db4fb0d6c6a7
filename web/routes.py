"""The pages and what they load: the home page, a game (and a seat's private view of it), its pictures, a
tournament, a player, and the live streams of games and tournaments (server-sent events).

| Route | What |
|---|---|
| ``/`` | running games, finished games, tournaments |
| ``/games/{id}`` (``?at=V``) | the board at a position, whose turn, the move log; the final ranking once over |
| ``/games/{id}/positions/{v}.png`` | the public picture of a position the page shows |
| ``/games/{id}/events`` | a stream: ``change`` when what the page shows changed |
| ``/games/{id}/scores.png``, ``/games/{id}/story.webp`` | a finished game's story: score chart, timelapse |
| ``/games/{id}/private?key=…`` | a seat's own view, behind a signed link (``web.links``) |
| ``/games/{id}/private/hand.png?key=…`` | that seat's picture |
| ``/tournaments/{id}`` and ``/tournaments/{id}/events`` | standings, rounds, the bracket; its stream |
| ``/players/{id}`` | a player's record and games |
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp_jinja2
from aiohttp import web
from yarl import URL

import render
from bot import i18n, pictures, story
from bot.errors import UserError
from bot.games.base.language import mark, tr
from bot.names import picture_names
from bot.replays import Frames, load_frames
from bot.services import Services
from bot.statuses import TableStatus
from bot.tables import Table, TableService
from render import story as drawings
from web import language
from web.feed import Feed, Key
from web.games import GameView, frames_for, game_view, left_seats, live_token, private_view
from web.links import Refusal, SeatKey, WebLinks, private_path
from web.players import player_view
from web.tournaments import games_of, tournament_token, tournament_view

log = logging.getLogger(__name__)

SERVICES = web.AppKey("services", Services)
LINKS = web.AppKey("links", WebLinks)
FEED = web.AppKey("feed", Feed)
LANGUAGE = web.RequestKey("language", str)  # the request's language code (set by web.app.spoken)

LISTED = 30  # games of each kind, and tournaments, on the home page
RECENT = 12  # a player's latest results on their page
KEEP_ALIVE = 20.0  # seconds between a quiet stream's comments (proxies close idle connections)
PICTURE_AGE = 86400  # a position's picture never changes: browsers keep it a day
REFUSALS = {  # why a private link shows nothing private (translated where shown)
    Refusal.UNSIGNED: mark("This link is not signed, so it shows nothing private."),
    Refusal.TAMPERED: mark("This link is not one the bot made (or it was changed), so it shows nothing private."),
    Refusal.WRONG_GAME: mark("This link belongs to another game, so it shows nothing private here."),
    Refusal.EXPIRED: mark("This link has expired. Press My hand under the board in Discord for a new one."),
    Refusal.FINISHED: mark("This seat is no longer playing (the game is over, or the player left it), so the link "
                           "shows nothing private."),
}


def add_routes(app: web.Application) -> None:
    app.router.add_get("/", home)
    app.router.add_get("/games/{id:[0-9]{1,18}}", game)
    app.router.add_get("/games/{id:[0-9]{1,18}}/positions/{version:[0-9]{1,9}}.png", position_picture)
    app.router.add_get("/games/{id:[0-9]{1,18}}/events", game_events)
    app.router.add_get("/games/{id:[0-9]{1,18}}/{part:scores|story}.{ext:png|webp|gif}", story_picture)
    app.router.add_get("/games/{id:[0-9]{1,18}}/private", private_page)
    app.router.add_get("/games/{id:[0-9]{1,18}}/private/hand.png", hand_picture)
    app.router.add_get("/tournaments/{id:[0-9]{1,18}}", tournament)
    app.router.add_get("/tournaments/{id:[0-9]{1,18}}/events", tournament_events)
    app.router.add_get("/players/{id:[0-9]{1,20}}", player)


# -- rendering ----------------------------------------------------------------------------------------------
def context(request: web.Request, **values: Any) -> dict[str, Any]:
    """What every page's template has: the language, the switch's links, the static files' version."""
    code = request[LANGUAGE]
    switch = [(info, str(request.rel_url.update_query({language.PARAMETER: info.code}))) for info in i18n.LANGUAGES]
    return {"lang": code, "switch": switch, "path": request.path, **values}


def page(request: web.Request, template: str, status: int = 200, *, compress: bool = True, **values: Any
         ) -> web.Response:
    """A page in the reader's language; compressed unless it holds a secret (a private page's key: a secret
    in a compressed answer beside what the reader chose could be guessed from the answer's length)."""
    response = aiohttp_jinja2.render_template(template, request, context(request, **values), status=status)
    if compress:
        response.enable_compression()
    return response


def error_page(request: web.Request, status: int, message: str) -> web.Response:
    return page(request, "error.html", status, message=message)


def _id(request: web.Request) -> int:
    return int(request.match_info["id"])


def _services(request: web.Request) -> Services:
    return request.app[SERVICES]


def _picture_url(table: Table, version: int, code: str) -> str:
    return str(URL(f"/games/{table.id}/positions/{version}.png").with_query({language.PARAMETER: code}))


# -- the home page ------------------------------------------------------------------------------------------
async def home(request: web.Request) -> web.Response:
    pages = _services(request).pages
    running = await pages.games((TableStatus.RUNNING,), LISTED)
    finished = await pages.games((TableStatus.FINISHED,), LISTED)
    tournaments = await pages.tournament_list(LISTED)
    return page(request, "home.html", running=running, finished=finished, tournaments=tournaments, now=time.time())


# -- a game ---------------------------------------------------------------------------------------------
async def _game_parts(request: web.Request) -> tuple[Table, Any, frozenset[int]]:
    services = _services(request)
    table = await services.pages.game(_id(request))
    frames = await frames_for(services.tables, table)
    left = left_seats([(m.seat, m.kind) for m in await services.tables.move_log(table.id)])
    return table, frames, left


def _at(request: web.Request) -> int | None:
    text = request.query.get("at", "")
    return int(text) if text.isdigit() and len(text) <= 9 else None


async def _tournament_of(request: web.Request, table: Table) -> Any:
    pages = _services(request).pages
    tournament_id = await pages.tournament_of(table.id)
    if tournament_id is None:
        return None
    with contextlib.suppress(UserError):  # a tournament without pages: the game's page does not name it
        return await pages.tournament(tournament_id)
    return None


async def game(request: web.Request) -> web.Response:
    table, frames, left = await _game_parts(request)
    values = game_values(table, frames, _at(request), left, time.time(), request[LANGUAGE])
    values["story"] = await _story(_services(request).tables, table)
    return page(request, "game.html", tournament=await _tournament_of(request, table), **values)


@dataclass(frozen=True)
class StoryLinks:
    """A finished game's story on its page: where its pictures are and what they show (the table's language,
    as the pictures are drawn in it: the same story the Game story button shows in Discord)."""

    scores: str
    scores_alt: str
    animation: str
    animation_alt: str


async def _story(service: TableService, table: Table) -> StoryLinks | None:
    """The story's links and words; only its words are told here (quick), the pictures are drawn when asked."""
    if table.status != TableStatus.FINISHED:
        return None
    with i18n.speaking(table.language):
        told = await story.told_kept(service, table)
        animation_alt = story.animation_words(told, len(told.shown))
        scores_alt = story.chart_words(told)
    animation = f"/games/{table.id}/story.{drawings.made_as()}"
    return StoryLinks(f"/games/{table.id}/scores.png", scores_alt, animation, animation_alt)


async def story_picture(request: web.Request) -> web.Response:
    """A finished game's score chart or timelapse (drawn once, kept a while, shared with Discord's button);
    404 while the game runs: a running game has no story, and its address tells nothing."""
    services = _services(request)
    table = await services.pages.game(_id(request))
    if table.status != TableStatus.FINISHED:
        raise web.HTTPNotFound()
    pictures_ = await story.story_of(services.tables, table)
    scores, animation = pictures_.filenames()
    wanted = f"{request.match_info['part']}.{request.match_info['ext']}"
    if wanted not in (scores, animation):
        raise web.HTTPNotFound()
    body = pictures_.scores if wanted == scores else pictures_.animation
    kind = {"png": "image/png", "webp": "image/webp", "gif": "image/gif"}[request.match_info["ext"]]
    return web.Response(body=body, content_type=kind, headers={"Cache-Control": f"public, max-age={PICTURE_AGE}"})


def game_values(table: Table, frames: Frames | None, at: int | None, left: frozenset[int], now: float,
                code: str) -> dict[str, Any]:
    """What a game's public page shows of position ``at`` (the newest for None), for its template."""
    view = game_view(table, frames, at, left, now)
    return {
        "view": view, "picture": _picture_url(table, view.stage.version, code) if view.stage else None,
        "step_url": _steps(f"/games/{table.id}", {}, view), "events": f"/games/{table.id}/events?since={view.token}",
        "private": None, "story": None,
    }


async def position_picture(request: web.Request) -> web.Response:
    """The public picture of a position the page shows (one where something public changed); 404 for any
    other version, so no address tells of a hidden move."""
    services = _services(request)
    table = await services.pages.game(_id(request))
    version = int(request.match_info["version"])
    if table.state is None:
        raise web.HTTPNotFound()
    frames = await load_frames(services.tables, table)
    if version not in frames.steps:
        raise web.HTTPNotFound()
    shown = frames.tables[version]
    over = shown.result() is not None
    draw = render.final if over else render.board
    data = await pictures.draw(draw, shown.key, shown.view(None), picture_names(shown))
    return web.Response(body=data, content_type="image/png",
                        headers={"Cache-Control": f"public, max-age={PICTURE_AGE}"})


async def game_events(request: web.Request) -> web.StreamResponse:
    """A game page's stream; with a valid private key its seat's own view counts too (a refused key: only
    what the public page shows)."""
    services = _services(request)
    game_id = _id(request)
    await services.pages.game(game_id)  # 404 before the stream opens

    async def token() -> str:
        table, frames, left = await _game_parts(request)
        seat = await _seat(request, table, left) if "key" in request.query else None
        if isinstance(seat, SeatKey):
            return _private_token(table, frames, seat)
        return live_token(table, frames)

    return await stream(request, ("game", game_id), token)


# -- a seat's own view ------------------------------------------------------------------------------------
async def _seat(request: web.Request, table: Table, left: frozenset[int]) -> SeatKey | Refusal:
    checked = request.app[LINKS].check(request.query.get("key"), table.id, time.time())
    if isinstance(checked, Refusal):
        return checked
    try:
        player = table.player_at(checked.seat)
    except KeyError:
        return Refusal.TAMPERED
    if table.status != TableStatus.RUNNING or player.forfeited or checked.seat in left:
        return Refusal.FINISHED
    return checked


async def private_page(request: web.Request) -> web.Response:
    table, frames, left = await _game_parts(request)
    seat = await _seat(request, table, left)
    if isinstance(seat, Refusal):
        return page(request, "refused.html", 403, table=table, reason=tr(REFUSALS[seat]))
    now = time.time()
    rows = await _services(request).tables.delivery.positions(table.id, after=-1, upto=table.version)
    mine = private_view(table, seat.seat, rows, now)
    view = game_view(table, frames, _at(request), left, now)
    key = request.query["key"]
    here = URL(private_path(table.id))
    hand = here / "hand.png"
    code = request[LANGUAGE]
    return page(
        request, "game.html", compress=False, view=view, tournament=await _tournament_of(request, table),
        picture=_picture_url(table, view.stage.version, code) if view.stage else None,
        step_url=_steps(str(here), {"key": key}, view),
        events=str(URL(f"/games/{table.id}/events").with_query({"since": _private_token(table, frames, seat),
                                                               "key": key})),
        private=mine, hand=str(hand.with_query({"key": key, language.PARAMETER: code})), story=None,
    )


def _steps(base: str, query: dict[str, str], view: GameView) -> Callable[[int], str]:
    """The address of each position: the newest is the page itself, which follows the game as it goes on."""
    newest = view.steps[-1].version if view.steps else 0

    def address(version: int) -> str:
        return str(URL(base).with_query(query if version == newest else {**query, "at": str(version)}))

    return address


def _private_token(table: Table, frames: Any, seat: SeatKey) -> str:
    return live_token(table, frames, table.view(seat.seat))


async def hand_picture(request: web.Request) -> web.Response:
    table, _, left = await _game_parts(request)
    seat = await _seat(request, table, left)
    if isinstance(seat, Refusal):
        raise web.HTTPForbidden()
    data = await pictures.draw(render.hand, table.key, table.view(seat.seat), picture_names(table))
    return web.Response(body=data, content_type="image/png", headers={"Cache-Control": "private, no-store"})


# -- a tournament ------------------------------------------------------------------------------------------
async def _tournament_view(request: web.Request, tournament_id: int) -> Any:
    services = _services(request)
    row = await services.pages.tournament(tournament_id)
    standing = await services.tournaments.standings(row.id)
    complete = await services.tournaments.rounds_complete(row.id)
    return tournament_view(row, standing, complete, await games_of(services.tables, row))


async def tournament(request: web.Request) -> web.Response:
    view = await _tournament_view(request, _id(request))
    return page(request, "tournament.html", view=view,
                events=f"/tournaments/{view.row.id}/events?since={view.token}")


async def tournament_events(request: web.Request) -> web.StreamResponse:
    services = _services(request)
    tournament_id = _id(request)
    await services.pages.tournament(tournament_id)

    async def token() -> str:
        row = await services.pages.tournament(tournament_id)
        return tournament_token(row, await games_of(services.tables, row))

    return await stream(request, ("tournament", tournament_id), token)


# -- a player -------------------------------------------------------------------------------------------
async def player(request: web.Request) -> web.Response:
    record = await _services(request).pages.player(_id(request), recent=RECENT, running=LISTED)
    return page(request, "player.html", view=player_view(record), now=time.time())


# -- live streams ---------------------------------------------------------------------------------------
async def stream(request: web.Request, key: Key, token: Callable[[], Awaitable[str]]) -> web.StreamResponse:
    """Server-sent events: ``change`` (its id the page's new token) whenever what the page shows changed
    since the token it was opened with (or last told), a comment every ``KEEP_ALIVE`` seconds otherwise."""
    feed = request.app[FEED]
    response = web.StreamResponse(headers={
        "Content-Type": "text/event-stream", "Cache-Control": "no-store", "X-Accel-Buffering": "no",
    })
    await response.prepare(request)
    if request.method == "HEAD":  # the headers are the whole answer
        return response
    last = request.headers.get("Last-Event-ID") or request.query.get("since", "")
    try:
        await response.write(b"retry: 3000\n\n")
        with feed.watching(key):
            while not feed.closing.is_set():
                changed = feed.next_change(key)
                now = await token()
                if now != last:
                    await response.write(f"id: {now}\nevent: change\ndata: {now}\n\n".encode())
                    last = now
                if not await _either(changed, feed.closing, KEEP_ALIVE):
                    await response.write(b": still here\n\n")
    except (ConnectionResetError, UserError):
        pass  # the reader left, or the page is gone (the stream's end tells the page to look again)
    except Exception:
        log.exception("the stream of %s %s failed", *key)
    return response


async def _either(first: asyncio.Event, second: asyncio.Event, timeout: float) -> bool:
    """Wait until either event is set (True) or ``timeout`` passes (False)."""
    waits = [asyncio.ensure_future(first.wait()), asyncio.ensure_future(second.wait())]
    try:
        done, _ = await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for waiting in waits:
            waiting.cancel()
    return bool(done)
