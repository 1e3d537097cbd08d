"""The `brbot` commands that play games with computer players: `simulate` (a whole game, printed as it goes),
`balance` (a game's studies, with `--set` house rules), `rulesets` (the installed games) and `bench` (timings).
Each imports the heavy parts it uses when it runs (tests/cli/test_imports.py)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from bot.cli.common import tune_gc
from bot.languages import ENGLISH
from bot.text import say

MOST_PLAYERS = 1000  # `simulate --players` at most, for any game
USUAL_PLAYERS = 20  # `simulate` without `--players`: this many, or as many as the game seats if fewer


async def simulate(args: argparse.Namespace) -> int:
    import tempfile

    from bot.cli.errors import shown as hidden
    from bot.cli.progress import Progress
    from bot.db.session import Database
    from bot.services.steps.simulation import simulate
    from engine import registry

    args.players = players(args.ruleset, args.players)  # a number the game cannot seat is refused at once
    data = await _data_file(args.ruleset, args.data)  # a bad file is refused before any work is done
    log = _open_log(args.log)  # before anything else: a bad path is refused before any work is done
    url = args.database
    workdir = None
    if url is None:
        workdir = tempfile.TemporaryDirectory(prefix="brbot-sim-")
        fresh = Path(workdir.name) / "simulation.sqlite3"
        url = f"sqlite+aiosqlite:///{fresh}"
    args.url = url
    front = registry.front(args.ruleset)
    language = getattr(args, "language", None) or ENGLISH
    shown = _reader(language)
    progress = Progress(sys.stderr, args.players, args.verbose, front.words.one, language)
    tune_gc()
    last_day: list[int] = [-2]
    last_section: list[str | None] = [None]

    def on_event(row, audience) -> None:
        progress.clear()
        text = shown(row.text, getattr(row, "keyed", None))
        if row.day != last_day[0]:
            last_day[0], last_section[0] = row.day, None
            print(shown(say("cli_heading", title=front.posts.day_title(row.day))))
        if audience == "public":
            section = front.posts.section_of(row.kind)
            if section is not None and section != last_section[0] and "\n" in text:
                print(shown(say("cli_section", section=section)))  # a listing under its heading, as in the post
            last_section[0] = section
            print(shown(say("cli_public", text=text.replace("\n", "\n  "))))
        elif args.verbose:
            if isinstance(audience, str):
                who = say("cli_moderators") if audience == "moderators" else audience
            else:
                who = ", ".join(audience["players"])  # the players' names
            print(shown(say("cli_private", who=who, text=text.replace("\n", "\n      "))))
        sys.stdout.flush()

    try:
        if workdir:  # a file of its own, made with the migrated schema without Alembic (bot.db.fresh_sqlite)
            from bot.db import fresh_sqlite

            fresh_sqlite.create(fresh)
        else:
            from bot.migrate import upgrade_async

            await upgrade_async(url)
        db = Database(url, inline=True)  # one game, one process: SQLite's calls on this thread (inline_sqlite)
        try:
            result = await simulate(
                db,
                args.players,
                args.seed,
                log=log,
                on_event=on_event,
                on_day=progress.show,
                ruleset=args.ruleset,
                data=data,
                keyed=language != ENGLISH,  # an English transcript shows the texts as stored
            )
        finally:
            await db.dispose()
    finally:
        progress.clear()
        if log:
            log.close()
        if workdir:
            workdir.cleanup()
    print(
        shown(
            say(
                "cli_game_over",
                last=front.words.name(result.last),
                winners=", ".join(result.winners) or say("cli_none"),
                survivors=", ".join(result.survivors) or say("cli_none"),
            )
        )
    )
    if args.database:
        print(shown(say("cli_game_kept", game_id=result.game_id, url=hidden(url), brbot=_command())))
    return 0


def _reader(language: str):
    """`simulate --language`: a text (a stored event's, with its keys) as a reader of `language` reads it; the
    English as it is, and nothing more imported, for English."""
    if language == ENGLISH:
        return lambda text, keyed=None: text
    from bot.languages.reader import localized
    from bot.languages.stored import revived

    def shown(text, keyed=None):
        return str(localized(revived(keyed) if keyed else text, language))

    return shown


def _command() -> str:
    """`brbot` as the reader can type it again: `brbot` when that is the one on the PATH, else the path it was
    run by (`make demo` runs `.venv/bin/brbot`, which a fresh shell does not find as `brbot`)."""
    import os
    import shutil

    ran = sys.argv[0]
    if Path(ran).name != "brbot":  # not run as the installed command (`python -m bot`, a test)
        return "brbot"
    found = shutil.which("brbot")
    try:
        return "brbot" if found and os.path.samefile(found, ran) else ran
    except OSError:  # the path it was run by is gone or was relative to another folder
        return ran


def players(ruleset: str, asked: int | None) -> int:
    """How many computer players `simulate` seats: `asked` (`--players`), refused if the game's simulation
    cannot seat that many (a game's own range; a GM-run demo fight seats its own roster), rather than playing
    fewer in silence; without `--players`, `USUAL_PLAYERS`, or the most the game seats if that is fewer."""
    from bot.services.base.errors import ServiceError
    from engine import registry
    from engine.rng import RecordingRng

    rules = registry.get(ruleset)
    if not rules.play.has_computer_players:
        raise ServiceError(say("cli_no_computer_players", game=registry.title(ruleset)))

    def seated(count: int) -> int:  # the sign-ups the game's computer players make, within its sign-up cap
        signups = len(rules.play.computer_signups(count, RecordingRng(0, record=False)))
        return min(signups, rules.max_players or signups)

    if asked is None:
        return seated(USUAL_PLAYERS)
    fewest = max(rules.min_players, 1)
    if fewest <= asked and seated(asked) == asked:
        return asked
    most = seated(MOST_PLAYERS)
    fewest = min(fewest, most)
    seats = say("cli_seats_exactly", count=most) if fewest == most else say("cli_seats_between", low=fewest, high=most)
    raise ServiceError(say("cli_players_unseated", asked=asked, game=registry.title(ruleset), seats=seats))


async def _data_file(ruleset: str, path: str | None):
    """The game's data file (`--data`), read and checked as `/game create`'s attachment is."""
    from bot.services.base.errors import ServiceError
    from bot.services.signup.data_files import read_data_file

    if path is None:
        return None
    try:
        size = Path(path).stat().st_size
    except OSError as error:
        raise ServiceError(say("cli_data_unreadable", path=path, reason=error.strerror or error)) from None

    async def read() -> bytes:
        return Path(path).read_bytes()

    return await read_data_file(ruleset, Path(path).name, size, read)


def _open_log(path: str | None):
    from bot.services.base.errors import ServiceError

    if path is None:
        return None
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as error:
        raise ServiceError(say("cli_log_unwritable", path=path, reason=error.strerror or error)) from None


def _house_rules(ruleset: str, pairs: list[str]) -> dict[str, Any]:
    """`--set NAME=VALUE` pairs (VALUE in JSON, else text) checked against the game's settings model."""
    from pydantic import ValidationError

    from bot.services.base.errors import ServiceError, first_problem
    from engine import registry

    rules = registry.get(ruleset)
    known = sorted(rules.settings_model.model_fields)
    values: dict[str, Any] = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals or not name.strip():
            raise ServiceError(say("cli_bad_set", pair=pair))
        if name.strip() not in known:  # pydantic would ignore it, and the study would run without it
            title = registry.front(ruleset).title or ruleset
            raise ServiceError(
                say(
                    "cli_unknown_set",
                    pair=pair,
                    game=title,
                    name=name.strip(),
                    known=", ".join(known) or say("cli_none"),
                )
            )
        try:
            values[name.strip()] = json.loads(value)
        except ValueError:
            values[name.strip()] = value
    try:
        rules.parse_settings(values)
    except ValidationError as error:
        setting, problem = first_problem(error)
        raise ServiceError(say("bad_setting", setting=setting, problem=problem)) from None
    return values


def balance(args: argparse.Namespace) -> int:
    from bot.cli.progress import Elapsed
    from engine import registry

    settings = _house_rules(args.ruleset, args.set)
    title, play = registry.title(args.ruleset), registry.get(args.ruleset).play
    with Elapsed(sys.stderr, title, args.trials):  # on a terminal: the studies can take minutes
        studies = play.studies(args.trials, args.seed, settings or None)
    if args.json:
        print(json.dumps(studies, indent=2))
        return 0
    if not studies:
        print(say("cli_balance_none", ruleset=args.ruleset))
    for study, rows in studies.items():
        print(say("cli_balance_header", study=study))
        for name, row in rows.items():
            print(_balance_row(name, row))
    return 0


def _balance_row(name: str, row: dict[str, Any]) -> str:
    """One figure: measured, the rulebook's expectation and the difference; a figure the rulebook gives no
    number for (`expected` missing, null or 0: no difference can be said from 0) shows its measurement alone."""
    expected = row.get("expected")
    if not expected:
        return say("cli_balance_measured", name=name, measured=row["measured"])
    diff = (row["measured"] - expected) / expected * 100
    return say("cli_balance_row", name=name, measured=row["measured"], expected=expected, diff=diff)


def rulesets(args: argparse.Namespace) -> int:
    from engine import registry

    print(say("cli_rulesets_header"))
    for game in registry.listing():
        print(say("cli_rulesets_row", name=game.name, title=game.title, players=game.players, pacing=game.pacing))
    return 0


async def bench(args: argparse.Namespace) -> int:
    from bot.bench.suite import QUICK, Sizes, run_bench
    from engine import registry

    registry.front(args.ruleset)
    tune_gc()
    report = await run_bench(args.database, args.ruleset, QUICK if args.quick else Sizes())
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for line in bench_lines(report, registry.front(args.ruleset)):
            print(line)
    return 0


def bench_lines(report: dict[str, Any], front: Any) -> list[str]:
    """`brbot bench`'s report as text, with the sizes it was measured at (small ones with `--quick`) and the
    game's own words: its step ("turn"), its title, "1 player" but "5 players"."""
    from engine import registry

    one, title = front.words.one, front.title
    lines = [
        say("cli_bench_engine", one=one, players=int(players), ms=ms) for players, ms in report["engine_ms"].items()
    ]
    for backend, stats in report["submit_ms"].items():
        if stats is None:
            lines.append(say("cli_bench_skipped", backend=backend))
        else:
            lines.append(say("cli_bench_submit", backend=backend, **stats))
    menus = report["menus_ms"]
    if menus["menu"] is None:
        lines.append(say("cli_bench_menus_none", game=title))
    else:
        lines.append(
            say(
                "cli_bench_menus",
                command=menus["command"],
                complete50=menus["autocomplete"]["p50"],
                complete99=menus["autocomplete"]["p99"],
                menu50=menus["menu"]["p50"],
                menu99=menus["menu"]["p99"],
                players=menus["menu"]["players"],
            )
        )
    games = report["live_games"]
    lines.append(
        say(
            "cli_bench_live",
            games=games,
            mb=report["games_500_peak_mb"],
            ms=report["idle_tick_500_ms"],
        )
    )
    lines.append(
        say(
            "cli_bench_web",
            one=one,
            title=title,
            players=report["web_players"],
            step_page=report["web_step_page_p95_ms"],
            game_page=report["web_game_page_p95_ms"],
            followers=report["web_followers"],
            follow=report["web_follow_200_max_ms"],
            games=report["web_games"],
            mb=report["web_500_games_peak_mb"],
        )
    )
    delivery = report["delivery"]
    lines.append(
        say(
            "cli_bench_delivery",
            one=one,
            title=title,
            players=delivery["players"],
            messages=delivery["messages"],
            requests=delivery["requests"],
            seconds=delivery["seconds"],
            ratio=delivery["vs_floor"],
            floor=delivery["floor_seconds"],
            rtt=delivery["rtt_ms"],
        )
    )
    if "setup_list_ms" in report:
        listed, predicted = report["setup_list_ms"], report["setup_predict_s"]
        lines.append(
            say(
                "cli_bench_setups",
                setups=listed["setups"],
                p50=listed["p50"],
                p99=listed["p99"],
                seconds=predicted["seconds"],
                games=predicted["games"],
                players=predicted["players"],
                title=registry.front(predicted["game"]).title or predicted["game"],
            )
        )
    if "languages_delivery_ms" in report:
        night, played = report["languages_delivery_ms"], report["languages_simulate_ms"]
        lines.append(
            say(
                "cli_bench_languages",
                players=night["players"],
                night_title=registry.front(night["game"]).title or night["game"],
                english=night["english"],
                languages=night["languages"],
                ratio=night["ratio"],
                title=registry.front(played["game"]).title or played["game"],
                simulated=played["players"],
                sim_english=played["english"],
                sim_languages=played["languages"],
                sim_ratio=played["ratio"],
            )
        )
    for game, figures in report.get("simulate_ms", {}).items():
        ruleset, players = game.rsplit("/", 1)
        played = registry.front(ruleset)
        lines.append(
            say(
                "cli_bench_simulate",
                title=played.title or ruleset,
                players=int(players),
                ms=figures["ms"],
                steps=figures["steps"],
                steps_word=played.words.steps if figures["steps"] != 1 else played.words.one,
                engine=figures["engine_share"] * 100,
                computer=figures["computer_players_share"] * 100,
            )
        )
    return lines
