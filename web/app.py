"""The web application: routes, the reader's language, strict headers, and nothing writable.

Every page is read-only: only GET and HEAD are answered (anything else is 405), no page has a form, no script
is inline (the Content-Security-Policy allows this site's own files only), and a game, tournament or player
of a server that did not allow pages is a 404 like one that does not exist.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Awaitable, Callable
from http.cookies import SimpleCookie
from pathlib import Path

import aiohttp_jinja2
import jinja2
from aiohttp import web

from bot import i18n
from bot.errors import GameNotFound
from bot.games.base.language import tr, trn
from bot.names import game_title, title
from bot.pages import NotShown
from bot.services import Services
from bot.tournaments.service import state_words
from web import language, routes
from web.feed import Feed
from web.links import WebLinks

log = logging.getLogger(__name__)

HERE = Path(__file__).parent
STATIC = HERE / "static"
READING = frozenset({"GET", "HEAD"})
# This site's own files only: no inline script or style, no frames, no forms, no plugins.
CSP = ("default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # a private link's key never leaves in a Referer
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
}
LANGUAGE_COOKIE_AGE = 365 * 86400

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def asset_version() -> str:
    """A digest of the static files, in their addresses: a new release is fetched anew, the same one cached."""
    digest = hashlib.sha256()
    for path in sorted(STATIC.iterdir()):
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()[:10]


def make_app(services: Services, links: WebLinks, feed: Feed) -> web.Application:
    app = web.Application(middlewares=[read_only, spoken, not_found])
    app[routes.SERVICES] = services
    app[routes.LINKS] = links
    app[routes.FEED] = feed
    templates(app)
    routes.add_routes(app)
    app.router.add_static("/static", STATIC, append_version=False)
    app.on_response_prepare.append(_headers)
    app.on_shutdown.append(_close_streams)
    return app


def templates(app: web.Application) -> jinja2.Environment:
    """The pages' templates, autoescaped, with the words (``tr``, ``trn``) of the language in force."""
    env = aiohttp_jinja2.setup(
        app, loader=jinja2.PackageLoader("web", "templates"), autoescape=jinja2.select_autoescape(default=True),
        undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
    )
    env.globals.update(tr=tr, trn=trn, asset=asset_version(), title_of=title, game_title=game_title,
                       state_words=state_words)
    return env


@web.middleware
async def read_only(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Nothing here changes anything: any method but GET and HEAD is refused before a route is looked up."""
    if request.method not in READING:
        raise web.HTTPMethodNotAllowed(request.method, sorted(READING))
    return await handler(request)


@web.middleware
async def spoken(request: web.Request, handler: Handler) -> web.StreamResponse:
    """The whole answer in the reader's language (``web.language``)."""
    code = language.choose(request.query, request.cookies, request.headers.get("Accept-Language", ""))
    request[routes.LANGUAGE] = code
    with i18n.speaking(code):
        return await handler(request)


@web.middleware
async def not_found(request: web.Request, handler: Handler) -> web.StreamResponse:
    """A page that is not there, or not shown, is one 404 page (in the reader's language); anything that goes
    wrong, one 500 page that says nothing of why (the log does)."""
    try:
        return await handler(request)
    except (GameNotFound, NotShown, web.HTTPNotFound):
        return routes.error_page(request, 404, tr("There is no such page."))
    except web.HTTPException:
        raise
    except Exception:
        log.exception("web page %s failed", request.path)
        return routes.error_page(request, 500, tr("This page could not be shown just now. Try again in a moment."))


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(HEADERS)
    if request.path.startswith("/static/"):
        response.headers["Cache-Control"] = "public, max-age=86400"
    response.headers.setdefault("Cache-Control", "no-cache")
    if response.content_type == "text/html":
        response.headers["Vary"] = "Accept-Language, Cookie"
    chosen = request.query.get(language.PARAMETER)
    if chosen in i18n.CODES:  # the switch: kept for the next pages (aiohttp wrote its own cookies already)
        cookie: SimpleCookie = SimpleCookie()
        cookie[language.COOKIE] = chosen
        cookie[language.COOKIE].update({"max-age": str(LANGUAGE_COOKIE_AGE), "path": "/", "samesite": "Lax"})
        cookie[language.COOKIE]["httponly"] = True
        response.headers.add("Set-Cookie", cookie[language.COOKIE].OutputString())


async def _close_streams(app: web.Application) -> None:
    await app[routes.FEED].stop()  # every live stream ends with it

