"""The site's routes (Starlette) over `bot.services.pages.public_pages`, with server-side Jinja2 templates.

- `/`: the games their moderators listed; `/g/<key>`: a game's page (its address is unguessable: `link`
  games are reached only through it); `/g/<key>/step/<day>`: one resolved step's post and picture (what
  the game's page links each step to); `/g/<key>/picture/<day>.png`: the picture after a step, stored once;
  `/g/<key>/events`: server-sent events telling an open page that it changed; `/p/<user id>`: a player's
  listed games; `/healthz`: the container's health check.
- Every post is rendered from the channel's rows by `bot.delivery.render`, as delivery renders it for Discord.
- Cache headers: a running game's page is revalidated with its version as the ETag (`no-cache`); a finished
  game's page, a step's picture and the static files may be kept. A `link` page is `private` and `noindex`,
  and no page sends a Referer, so its address does not travel.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import text as sql
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from bot.db.session import Database
from bot.delivery.render import POST, Outgoing, render
from bot.languages import ENGLISH
from bot.languages.reader import localized, localized_card, reading
from bot.screens.setup import balance_line, settings_words
from bot.services.pages import player_pages, public_pages
from bot.services.pages.public_pages import GamePage, NoPage
from bot.services.setups import pages as setup_pages
from bot.text import say
from bot.web.live import HEARTBEAT_SECONDS, Live
from bot.web.markup import STAMPED, moment, text_html

HERE = Path(__file__).parent
STATIC_MAX_AGE = 86_400
OVER_MAX_AGE = 3_600
PICTURE_MAX_AGE = 31_536_000  # a resolved step's picture never changes


@dataclass
class Item:
    """One entry of a game's timeline: a channel post (its messages) and, after a resolved step's post, the
    picture of the game after that step with its words."""

    messages: list[Outgoing]
    day: int | None = None  # the step this post resolved (None: an announcement, the start)
    picture: int | None = None  # the day whose picture follows
    caption: str = ""
    title: str = ""
    anchor: str = ""
    fields: list[Any] = field(default_factory=list)
    summary: str = ""  # what happened: the post's first line
    group: str = ""  # the step's group in the contents (`Posts.step_group`: "Round 3")


SUMMARY_CHARACTERS = 90


def summary(messages: list[Outgoing]) -> str:
    """What a post says happened, for the contents: its first line of text (a step post's narration, else the
    message's), without Discord's markup, cut at a word."""
    texts = [m.layout.narration for m in messages if m.layout] + [m.content for m in messages]
    line = next((t.strip().splitlines()[0] for t in texts if t and t.strip()), "")
    line = STAMPED.sub("", line).replace("**", "").replace("`", "").strip()
    if len(line) > SUMMARY_CHARACTERS:
        line = line[:SUMMARY_CHARACTERS].rsplit(" ", 1)[0] + "…"
    return line


@dataclass
class Section:
    """A run of the contents under one group ("Round 3"; "" for steps listed one by one)."""

    title: str
    items: list[Item]


def sections(items: list[Item]) -> list[Section]:
    """The contents in runs of consecutive posts of one group; an announcement joins the run it falls in."""
    runs: list[Section] = []
    for item in items:
        group = item.group if item.day is not None else (runs[-1].title if runs else "")
        if runs and runs[-1].title == group:
            runs[-1].items.append(item)
        else:
            runs.append(Section(group, [item]))
    return runs


def timeline(page: GamePage, captions: dict[int, str]) -> list[Item]:
    """The channel's posts in order, each resolved step's post followed by its picture (once)."""
    items: list[Item] = []
    shown: set[int] = set()
    for number, parcel in enumerate(render(page.posts, page.language), start=1):
        messages = parcel.messages  # a step post's picture comes from the store, below (the layout's is not drawn)
        first = parcel.first.payload or {}
        day = first.get("day") if POST in first else None
        title = next((m.layout.title for m in messages if m.layout and m.layout.title), "") or say("web_announcement")
        item = Item(messages=messages, day=day, title=title, anchor=f"post-{number}", summary=summary(messages))
        item.group = page.groups.get(day, "") if day is not None else ""
        if day is not None and day in page.pictures and day not in shown:
            shown.add(day)
            item.picture, item.caption = day, captions.get(day, "")
        items.append(item)
    return items


def create_app(db: Database, poll_seconds: float = 1.0, cache_seconds: int = 30) -> Starlette:
    """The site over this database (closed with the app)."""
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    templates.env.finalize = localized  # every text a page prints, in its reader's language (`reading`)
    templates.env.globals.update(
        say=say,
        text_html=text_html,
        moment=moment,
        balance_line=balance_line,
        settings_words=settings_words,
        localized_card=localized_card,
    )
    live = Live(db, poll_seconds)

    def html(
        request: Request, name: str, context: dict[str, Any], status: int = 200, language: str = ENGLISH
    ) -> Response:
        """The page rendered (Starlette renders at once) in `language`: a game's pages in the game's."""
        with reading(language):
            return templates.TemplateResponse(request, name, context | {"language": language}, status_code=status)

    def not_found(request: Request) -> Response:
        response = html(request, "missing.html", {}, status=404)
        response.headers["Cache-Control"] = "no-store"
        return response

    async def index(request: Request) -> Response:
        games = await public_pages.listed_games(db)
        response = html(request, "index.html", {"games": games})
        response.headers["Cache-Control"] = f"public, max-age={cache_seconds}"
        return response

    async def game(request: Request) -> Response:
        key = request.path_params["key"]
        try:
            version = await public_pages.page_version(db, key)
        except NoPage:
            return not_found(request)
        etag = f'"{version}"'
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=_page_headers(version, etag, cache_seconds))
        try:
            page = await public_pages.game_page(db, key)
            captions = await public_pages.captions(db, page.id)
            for day in sorted(page.pictures - set(captions)):  # drawn once, stored, then only read
                captions[day] = (await public_pages.picture(db, key, day)).caption
        except NoPage:
            return not_found(request)
        items = timeline(page, captions)
        context = {"page": page, "items": items, "sections": sections(items)}
        response = html(request, "game.html", context, language=page.language)
        response.headers.update(_page_headers(page.version, f'"{page.version}"', cache_seconds))
        return response

    async def step(request: Request) -> Response:
        key = request.path_params["key"]
        try:
            day = public_pages.parse_number(request.path_params["day"], public_pages.DAYS)
            page = await public_pages.step_page(db, key, day)
        except NoPage:
            return not_found(request)
        messages = [m for parcel in render(page.posts, page.language) for m in parcel.messages]
        title = next((m.layout.title for m in messages if m.layout and m.layout.title), "") or say("web_announcement")
        item = Item(messages=messages, day=page.day, title=title, anchor=f"step-{page.day}")
        if page.picture:
            item.picture, item.caption = page.day, page.caption
        response = html(request, "step.html", {"page": page, "item": item}, language=page.language)
        scope = "public" if page.listed else "private"  # a link page's address is its secret
        response.headers["Cache-Control"] = f"{scope}, max-age={PICTURE_MAX_AGE}"  # a resolved step never changes
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    async def picture(request: Request) -> Response:
        key, day = request.path_params["key"], request.path_params["day"]
        try:
            number = public_pages.parse_number(day, public_pages.DAYS)  # -1: the picture after the start
            stored = await public_pages.picture(db, key, number)
        except NoPage:
            return not_found(request)
        return Response(
            stored.png,
            media_type="image/png",
            headers={
                "Cache-Control": f"public, max-age={PICTURE_MAX_AGE}, immutable",
                "Referrer-Policy": "no-referrer",
            },
        )

    async def events(request: Request) -> Response:
        key = request.path_params["key"]
        seen = request.query_params.get("seen", "")
        try:
            await public_pages.page_version(db, key)
        except NoPage:
            return not_found(request)

        async def stream() -> AsyncIterator[str]:
            yield "retry: 2000\n\n"
            versions = live.follow(key, seen).__aiter__()
            pending: asyncio.Task[str] | None = None
            try:
                while True:
                    if pending is None:
                        pending = asyncio.ensure_future(versions.__anext__())
                    done, _ = await asyncio.wait({pending}, timeout=HEARTBEAT_SECONDS)
                    if not done:
                        yield ": still here\n\n"
                        continue
                    version, pending = pending.result(), None
                    yield f"event: changed\ndata: {json.dumps(version)}\n\n"
            finally:  # the page went away (or the server stops): stop following
                if pending is not None:
                    pending.cancel()
                    with contextlib.suppress(asyncio.CancelledError, StopAsyncIteration):
                        await pending  # the generator must be done running before it is closed
                await versions.aclose()  # type: ignore[attr-defined]

        return StreamingResponse(
            stream(),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    async def player(request: Request) -> Response:
        try:
            user = public_pages.parse_number(request.path_params["user"], public_pages.USERS)
            page = await player_pages.player_page(db, user)
        except NoPage:
            return not_found(request)
        response = html(request, "player.html", {"player": page})
        response.headers["Cache-Control"] = f"public, max-age={cache_seconds}"
        return response

    async def setup(request: Request) -> Response:
        """A public setup's page (`bot.services.setups.pages`); any other setup is an unknown address."""
        try:
            page = await setup_pages.setup_page(db, setup_pages.setup_id_of(request.path_params["setup"]))
        except NoPage:
            return not_found(request)
        response = html(request, "setup.html", {"page": page})
        response.headers["Cache-Control"] = f"public, max-age={cache_seconds}"
        return response

    async def health(request: Request) -> Response:
        started = time.monotonic()
        async with db.read() as session:
            await session.execute(sql("SELECT 1"))
        return PlainTextResponse(
            f"ok {1000 * (time.monotonic() - started):.1f} ms\n", headers={"Cache-Control": "no-store"}
        )

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await live.close()

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/g/{key:str}", game),
            Route("/g/{key:str}/step/{day:str}", step),
            Route("/g/{key:str}/picture/{day:str}.png", picture),
            Route("/g/{key:str}/events", events),
            Route("/p/{user:str}", player),
            Route("/s/{setup:str}", setup),
            Route("/healthz", health),
            Mount("/static", app=_Static(directory=str(HERE / "static")), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.live = live
    app.state.db = db
    return app


def _page_headers(version: str, etag: str, cache_seconds: int) -> dict[str, str]:
    """A game page's headers from its version (`public_pages.page_version`: mode.rev.status.day.post)."""
    mode, _, status = version.split(".")[:3]
    scope = "public" if mode == "listed" else "private"  # a link page's address is its secret: no shared caches
    headers = {"ETag": etag, "Referrer-Policy": "no-referrer"}
    headers["Cache-Control"] = f"{scope}, max-age={OVER_MAX_AGE}" if status == "over" else f"{scope}, no-cache"
    if mode != "listed":
        headers["X-Robots-Tag"] = "noindex"
    return headers


class _Static(StaticFiles):
    """The site's script and style, which browsers may keep for a day."""

    async def get_response(self, path: str, scope) -> Response:
        response = await super().get_response(path, scope)
        response.headers["Cache-Control"] = f"public, max-age={STATIC_MAX_AGE}"
        return response
