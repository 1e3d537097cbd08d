"""The `brbot` command line: run, simulate, balance, bench, verify, replay, log, web, migrate (the commands that
play games with computer players are in `bot.cli.games`; what commands share, in `bot.cli.common`).

Every command takes `--database URL` (default: the BRBOT_DATABASE_URL setting) where it needs one;
`simulate` uses a fresh SQLite file unless told otherwise. Commands that only read a game (verify, replay,
log) refuse a SQLite file that does not exist rather than create an empty one. Errors end in one line,
`brbot: <reason>`, and a non-zero exit: a refusal, a database that cannot be reached or does not exist,
tables that are missing (then, and only then, the hint to run `brbot migrate`), a log file that cannot be
written, a database URL the bot has no driver for, a Discord that refuses the token or cannot be reached.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import types
from pathlib import Path

from bot.cli.common import database as _database
from bot.cli.common import sqlite_folder_exists as _sqlite_folder_exists
from bot.cli.common import tune_gc
from bot.cli.games import MOST_PLAYERS, USUAL_PLAYERS
from bot.cli.games import balance as _balance
from bot.cli.games import bench as _bench
from bot.cli.games import rulesets as _rulesets
from bot.cli.games import simulate as _simulate
from bot.cli.help import Parser
from bot.text import say

# Only the standard library and the texts are imported here: `brbot --help` (or a mistyped command) answers
# at once, and each command imports the heavy parts it uses (SQLAlchemy, Alembic, pydantic, the games,
# discord) when it runs. tests/cli/test_imports.py keeps it so.


async def _verify(args: argparse.Namespace) -> int:
    from bot.db.session import Database
    from bot.services.base.common import front_of_game
    from bot.services.base.errors import ServiceError
    from bot.services.base.rights import Caller
    from bot.services.base.verification import verify_day
    from bot.services.orders.dice import rolls_of_game, verify_rolls

    db = Database(_database(args, existing=True))
    try:
        days = [args.day] if args.day is not None else await _resolved_days(db, args.game)
        rolls = len(await rolls_of_game(db, args.game, Caller.operator())) if args.day is None else 0
        if not days and not rolls:
            raise ServiceError(say("no_resolved_days", game_id=args.game))
        bad = 0
        front = await front_of_game(db, args.game)
        for day in days:
            result = await verify_day(db, args.game, day)
            print(
                say("cli_verified", step=front.words.name(day))
                if result.ok
                else say("cli_differs", step=front.words.name(day), differences="; ".join(result.differences))
            )
            bad += not result.ok
        if rolls:  # every roll of the game, recomputed from its dice seed (`brbot verify` without a day)
            checked = await verify_rolls(db, args.game)
            print(
                say("cli_rolls_verified", count=rolls)
                if checked.ok
                else say("cli_rolls_differ", differences="; ".join(checked.differences))
            )
            bad += not checked.ok
        return 1 if bad else 0
    finally:
        await db.dispose()


async def _resolved_days(db, game_id: int) -> list[int]:
    from sqlalchemy import select

    from bot.db.models import Resolution
    from bot.services.base.common import load_game

    async with db.read() as session:
        await load_game(session, game_id)
        rows = await session.execute(
            select(Resolution.day).where(Resolution.game_id == game_id, Resolution.day >= 0).order_by(Resolution.day)
        )
        return list(rows.scalars())


async def _replay(args: argparse.Namespace) -> int:
    from bot.db.session import Database
    from bot.services.base.verification import replay_day, rolls_of_day

    db = Database(_database(args, existing=True))
    try:
        await _replayable(db, args.game, args.day)
        replay = await replay_day(db, args.game, args.day)
        for row in replay.events:
            who = (
                row.audience["kind"]
                if row.audience["kind"] != "players"
                else say("cli_replay_to", players=", ".join(replay.names.get(i, i) for i in row.audience["ids"]))
            )
            print(say("cli_replay", who=who, text=row.text))
        if args.rolls:
            for roll in await rolls_of_day(db, args.game, args.day):
                print(say("cli_roll", purpose=roll["purpose"], spec=roll["spec"], result=json.dumps(roll["result"])))
    finally:
        await db.dispose()
    return 0


async def _replayable(db, game_id: int, day: int) -> None:
    """`replay GAME DAY` takes a resolved day: not the sign-up (-1, whose events are each seat's secret role)
    or any number below 0, nor one past the last resolved; the refusal names the days there are."""
    from bot.services.base.common import front_of_game
    from bot.services.base.errors import ServiceError

    days = await _resolved_days(db, game_id)
    if day in days:
        return
    front = await front_of_game(db, game_id)
    there = (
        say(
            "cli_replay_days",
            steps=front.words.steps,
            first=front.words.name(days[0]),
            last=front.words.name(days[-1]),
        )
        if days
        else say("cli_replay_none", steps=front.words.steps)
    )
    key = "cli_replay_below" if day < 0 else "cli_replay_past"
    raise ServiceError(say(key, day=day, one=front.words.one, step=front.words.name(day), game_id=game_id, there=there))


async def _log(args: argparse.Namespace) -> int:
    from bot.db.session import Database
    from bot.services.base.common import front_of_game
    from bot.services.orders.orders import log_document, published_log

    db = Database(_database(args, existing=True))
    try:
        entries = await published_log(db, args.game)
        front = await front_of_game(db, args.game)
    finally:
        await db.dispose()
    if args.json:
        print(log_document(args.game, entries))
        return 0
    print(say("cli_log_title", game_id=args.game))
    day = None
    for entry in entries:
        if entry["day"] != day:
            day = entry["day"]
            print(say("cli_heading", title=front.words.name(day)))
        order = say("cli_log_withdrawn") if entry["payload"] is None else json.dumps(entry["payload"], sort_keys=True)
        print(
            say(
                "cli_log_entry",
                name=entry["name"],
                seat=entry["seat"],
                receipt=entry["receipt"],
                status=say("cli_log_final") if entry["current"] else say("cli_log_replaced"),
                check=say("cli_log_ok") if entry["receipt_matches"] else say("cli_log_bad"),
                salt=entry["salt"],
                order=order,
            )
        )
    return 0


async def _web_ready(url: str) -> None:
    """Read the site's index once before serving: the same errors as every command (brbot migrate's hint)."""
    from bot.db.session import Database
    from bot.services.pages import public_pages

    db = Database(url)
    try:
        await public_pages.listed_games(db)
    finally:
        await db.dispose()


def _web(args: argparse.Namespace) -> int:
    """The read-only web site (bot/web, docs/web.md) over the database, served by uvicorn until stopped."""
    import asyncio

    from bot.config import Settings
    from bot.db.session import Database
    from bot.web import serve
    from bot.web.app import create_app

    settings = Settings()
    url = _database(args, existing=True)
    asyncio.run(_web_ready(url))  # a database without the tables (or not migrated) stops here, in one line
    db = Database(url)
    app = create_app(db, poll_seconds=settings.web_poll_seconds, cache_seconds=settings.web_cache_seconds)
    # says the address it serves and a ready line once it listens (bot/web/serve.py)
    serve.run(app, args.host or settings.web_host, args.port or settings.web_port, args.forwarded_allow_ips)
    return 0


async def _migrate(args: argparse.Namespace) -> int:
    from bot.cli.errors import shown
    from bot.migrate import upgrade_async

    url = _database(args)
    await upgrade_async(url)
    print(say("cli_migrated", url=shown(url)))
    return 0


def _run(args: argparse.Namespace) -> int:
    from aiohttp import ClientConnectionError
    from discord import LoginFailure

    from bot.app import discord_unreachable, run
    from bot.config import Settings
    from bot.services.base.errors import ServiceError

    tune_gc()
    settings = Settings()
    if args.database:
        settings = settings.model_copy(update={"database_url": args.database})
    args.url = settings.database_url
    if not settings.discord_token:
        raise ServiceError(say("cli_no_token"))
    if settings.database_url.startswith("sqlite"):
        _sqlite_folder_exists(settings.database_url)
    try:
        run(settings)
    except LoginFailure as error:
        raise ServiceError(say("cli_bad_token", detail=error)) from None
    except ClientConnectionError as error:  # Discord, not the database (which `explain` would name)
        raise discord_unreachable(error) from None
    return 0


def _health(args: argparse.Namespace) -> int:
    from bot.config import Settings
    from bot.health import problem
    from bot.services.base.errors import ServiceError

    path = args.file or Settings().health_file
    if not path:
        raise ServiceError(say("health_off"))
    found = problem(Path(path))
    if found:
        print(say("cli_error", message=found), file=sys.stderr)
        return 1
    print(say("health_ok"))
    return 0


class _Games:
    """The installed games' names as `--ruleset` choices, looked up (importing the engine) only when argparse
    checks a value or shows the choices, not to build the parser."""

    def __contains__(self, name: object) -> bool:
        from engine import registry

        return name in registry.BUILT_IN or name in self._names()  # a built-in game without the plug-ins' look-up

    def __iter__(self):
        return iter(self._names())

    @staticmethod
    def _names() -> list[str]:
        from engine import registry

        return registry.names()


DEFAULT_GAME = "battle_royale"  # = engine.DEFAULT_GAME (tests/cli/test_commands.py checks they agree)


def _ruleset_option(command: argparse.ArgumentParser, what: str) -> None:
    """`--ruleset GAME`; the installed games are named in the command's own help (`brbot simulate --help`)."""
    command.add_argument(
        "--ruleset",
        default=DEFAULT_GAME,  # engine.DEFAULT_GAME, spelt here so that --help imports no engine (tested)
        choices=_Games(),
        metavar="GAME",
        help=f"{what}: %(choices)s (see brbot rulesets)",
    )


class _Version(argparse.Action):
    """`--version`: the installed package's version, looked up (importlib.metadata) only when asked."""

    def __init__(
        self,
        option_strings: list[str],
        dest: str = argparse.SUPPRESS,
        default: str = argparse.SUPPRESS,
        help: str = "show the version and exit",
    ) -> None:  # noqa: A002 - argparse's own name
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from bot.cli.help import version

        print(f"{parser.prog} {version()}")
        parser.exit()


def _data_help() -> str:
    """--data's help: what each installed game takes, from its declaration (`Signup.data`)."""
    from engine import registry

    taken = [f.signup.data.file.description for f in registry.fronts().values() if f.signup.data is not None]
    return say("cli_data_help", what="; ".join(taken) or say("cli_none"))


class _DataHelp:
    """--data's help as argparse reads it, written (`_data_help`, which imports every game) only when the help
    is shown: a usage line or an error only asks whether there is one."""

    def __str__(self) -> str:
        return _data_help()

    def strip(self) -> str:
        return str(self).strip()

    def __contains__(self, text: str) -> bool:
        return text in str(self)

    def __mod__(self, values: dict) -> str:
        return str(self) % values


class _DataOption(argparse.Action):
    """`--data FILE`, with its help written only when shown (`_DataHelp`)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.help = _DataHelp()  # type: ignore[assignment]

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        setattr(namespace, self.dest, values)


def parser() -> argparse.ArgumentParser:
    top = Parser(prog="brbot", description="An automated game master for play-by-post games.")
    top.add_argument("--version", action=_Version)
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=Parser)

    p = _command(sub, "run", help="run the Discord bot (token from BRBOT_DISCORD_TOKEN or .env)")
    p.add_argument("--database", help="database URL (default: BRBOT_DATABASE_URL)")
    p.set_defaults(run=_run)

    p = _command(sub, "simulate", help="play a whole game with computer players through the real services")
    _ruleset_option(p, "the game to play")
    p.add_argument(
        "--players",
        type=_bounded(1, MOST_PLAYERS, "--players"),
        help=f"number of players (default: {USUAL_PLAYERS}, or the most the game seats if fewer; a number the game"
        " cannot seat is refused with its range)",
    )
    p.add_argument("--seed", type=int, default=42, help="the same seed plays the same game")
    p.add_argument("--log", metavar="FILE.jsonl", help="write one JSON object per event")
    p.add_argument("--verbose", action="store_true", help="print every private message too")
    p.add_argument(
        "--language",
        type=_language,
        metavar="LANG",
        help="print the game in this language (pt-BR, es-ES, en-US...; default: English)",
    )
    p.add_argument("--database", help="database URL (default: a fresh SQLite file)")
    p.add_argument("--data", metavar="FILE", action=_DataOption)
    p.set_defaults(run=_simulate)

    p = _command(sub, "rulesets", help="the games this bot can run: name, players and pacing")
    p.set_defaults(run=_rulesets)

    p = _command(sub, "balance", help="a game's balance studies: measured figures against the rulebook's")
    _ruleset_option(p, "the game to study")
    p.add_argument(
        "--trials",
        type=_bounded(1, 10_000_000, "--trials"),
        default=100_000,
        help="how many times each figure is measured, in every game: a study of single attacks or rolls makes that"
        " many; a study of whole games plays fewer (a few hundred at most), as each game's studies say",
    )
    p.add_argument("--seed", type=int, default=1, help="the same seed gives the same figures")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a house rule to study instead of its default (VALUE in JSON; repeatable), e.g. day_vote=true; a name"
        " the game's settings do not have is refused, naming those it has; studies that play no whole games"
        " ignore house rules",
    )
    p.set_defaults(run=_balance)

    p = _command(sub, "bench", help="engine time per night, order submission latency, live games and delivery")
    _ruleset_option(p, "the game to time")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.add_argument("--database", help="PostgreSQL URL to measure too (default: 127.0.0.1:5432/test if reachable)")
    p.add_argument(
        "--quick", action="store_true", help="every part at small sizes: checks the bench runs; the figures mean little"
    )
    p.set_defaults(run=_bench)

    p = _command(
        sub, "verify", help="re-run resolved days from stored state, orders and revealed seed, and recompute the rolls"
    )
    p.add_argument("game", type=int, help="game number")
    p.add_argument("day", type=int, nargs="?", help="one day (default: every resolved day, and every /roll)")
    p.add_argument("--database", help="database URL (default: BRBOT_DATABASE_URL)")
    p.set_defaults(run=_verify)

    p = _command(sub, "replay", help="print every event of a resolved day")
    p.add_argument("game", type=int, help="game number")
    p.add_argument("day", type=int, help="a resolved day (0 is the first; brbot verify GAME lists them)")
    p.add_argument("--rolls", action="store_true", help="also print every roll of the day and what it was for")
    p.add_argument("--database", help="database URL (default: BRBOT_DATABASE_URL)")
    p.set_defaults(run=_replay)

    p = _command(sub, "log", help="print a finished game's published order log: every order, receipt and salt")
    p.add_argument("game", type=int, help="game number")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.add_argument("--database", help="database URL (default: BRBOT_DATABASE_URL)")
    p.set_defaults(run=_log)

    p = _command(sub, "health", help="exit 0 if the running bot's heartbeat is recent (container health checks)")
    p.add_argument("--file", help="the heartbeat file (default: BRBOT_HEALTH_FILE)")
    p.set_defaults(run=_health)

    p = _command(sub, "web", help="serve the read-only web site of the games whose moderators allow a page")
    p.add_argument("--database", help="database URL (default: BRBOT_DATABASE_URL)")
    p.add_argument("--host", help="address to listen on (default: BRBOT_WEB_HOST, 127.0.0.1)")
    p.add_argument("--port", type=_bounded(1, 65535, "--port"), help="port (default: BRBOT_WEB_PORT, 8080)")
    p.add_argument(
        "--forwarded-allow-ips", default="127.0.0.1", help="reverse proxies whose X-Forwarded-* headers are trusted"
    )
    p.set_defaults(run=_web)

    p = _command(sub, "migrate", help="apply the database migrations")
    p.add_argument("--database", help="database URL (default: BRBOT_DATABASE_URL)")
    p.set_defaults(run=_migrate)

    from bot.cli import setups, texts

    setups.add_parser(sub, _command)
    texts.add_parser(sub, _command)
    return top


def _command(sub, name: str, help: str) -> argparse.ArgumentParser:  # noqa: A002 - argparse's own name
    """A subcommand whose `--help` page opens with what it does (the line `brbot --help` lists)."""
    return sub.add_parser(name, help=help, description=help[0].upper() + help[1:] + ".")


def _language(text: str) -> str:
    """`--language`: a language the bot has, in Discord's spelling ("pt_br" -> "pt-BR"); refused, listing them."""
    from bot.languages import normalized
    from bot.languages.catalogue import available

    wanted = normalized(text.strip())
    if wanted not in available():
        raise argparse.ArgumentTypeError(say("unknown_language", typed=text, choices=", ".join(available())))
    return wanted


def _bounded(low: int, high: int, name: str):
    def parse(text: str) -> int:
        digits = text.strip()  # 0-9 only, as `engine.digits.whole` (not imported: --help loads no engine)
        value = int(digits) if digits.isascii() and digits.isdigit() else None  # int() reads '٣', '1_0', '+3'
        if value is None:
            raise argparse.ArgumentTypeError(say("cli_whole_number", name=name, text=text))
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(say("cli_between", name=name, low=low, high=high))
        return value

    return parse


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    args.url = None
    try:
        if getattr(args, "database", None):
            from bot.db.urls import supported_url

            args.database = supported_url(args.database)
        outcome = args.run(args)
        if not isinstance(outcome, types.CoroutineType):
            return outcome
        import asyncio  # here, not at the top: importing it alone takes a good part of --help's time

        return asyncio.run(outcome)
    except BrokenPipeError:  # the output went to a pager or `head` that stopped reading: not an error
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - nothing more may reach the closed pipe at exit
        return 0
    except Exception as error:
        from bot.cli.errors import EXPLAINED, explain

        if not isinstance(error, EXPLAINED):
            raise
        print(say("cli_error", message=explain(error, args.url)), file=sys.stderr)
        return 2
