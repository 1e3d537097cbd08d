"""The `brbot` command line: simulate's log format and determinism, verify, replay and the published log,
help, bad input and clear errors."""
from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest

from bot.cli import main, parser


def _simulate(tmp_path, name: str, seed: int = 5, players: int = 6) -> tuple[list[dict], str]:
    log = tmp_path / f"{name}.jsonl"
    database = f"sqlite+aiosqlite:///{tmp_path / name}.sqlite3"
    assert main(["simulate", "--players", str(players), "--seed", str(seed), "--log", str(log), "--database", database]) == 0
    return [json.loads(line) for line in log.read_text().splitlines()], database


def test_simulate_log_has_one_object_per_event_and_ends_with_one_game_over_line(tmp_path, capsys):
    lines, _ = _simulate(tmp_path, "a")
    out = capsys.readouterr().out
    assert "== Night 1 ==" in out and "Game over after" in out
    for line in lines:
        assert set(line) == {"game", "day", "phase", "kind", "audience", "text", "data"}
        assert line["audience"] in ("public", "moderators") or set(line["audience"]) == {"players"}
    assert [i for i, line in enumerate(lines) if line["kind"] == "game_over"] == [len(lines) - 1]
    last = lines[-1]
    assert set(last["data"]) == {"winners", "survivors", "days"}
    assert 1 <= last["data"]["days"] <= 7
    assert last["text"].startswith("The game is over") and last["text"] in out  # the engine's own words


def test_simulate_prints_only_public_results_unless_verbose(tmp_path, capsys):
    lines, _ = _simulate(tmp_path, "b")
    out = capsys.readouterr().out
    private = [l["text"] for l in lines[:-1] if isinstance(l["audience"], dict) and l["kind"] == "night_report"]
    assert private and not any(text.splitlines()[0] in out for text in private)


def test_the_same_seed_gives_the_same_log(tmp_path):
    first, _ = _simulate(tmp_path, "c", seed=11)
    second, _ = _simulate(tmp_path, "d", seed=11)
    third, _ = _simulate(tmp_path, "e", seed=12)
    assert first == second
    assert first != third


def test_verify_confirms_every_simulated_day_and_replay_prints_them(tmp_path, capsys):
    _, database = _simulate(tmp_path, "f")
    capsys.readouterr()
    assert main(["verify", "1", "--database", database]) == 0
    out = capsys.readouterr().out
    assert "Day 0: identical outcome" in out and "DIFFERS" not in out
    assert main(["replay", "1", "1", "--database", database, "--rolls"]) == 0
    out = capsys.readouterr().out
    assert "[public]" in out and "  roll: " in out


@pytest.mark.parametrize("command", ["simulate", "balance", "bench", "verify", "replay", "log", "migrate", "rulesets"])
def test_every_command_has_help(command, capsys):
    with pytest.raises(SystemExit) as exit_:
        parser().parse_args([command, "--help"])
    assert exit_.value.code == 0 and "usage: brbot" in capsys.readouterr().out


COMMANDS = ["run", "simulate", "rulesets", "balance", "bench", "verify", "replay", "log", "health", "web", "migrate"]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_commands_help_page_says_what_it_does_and_where_its_database_is(command, capsys):
    """Issue 29: the subcommands' --help pages had no description, and verify, replay, log and migrate did not
    say which database they use by default."""
    with pytest.raises(SystemExit):
        main([command, "--help"])
    page = capsys.readouterr().out
    description = page.split("\n\n")[1]
    assert not description.startswith(("options:", "positional arguments:"))
    assert description.strip().endswith(".") and len(description.split()) >= 3
    flat = " ".join(page.split())
    assert "--database DATABASE" not in flat or "--database DATABASE database URL (default: " in flat \
        or "--database DATABASE PostgreSQL URL to measure too (default: " in flat


def test_version_names_the_installed_package(capsys):
    from importlib.metadata import version

    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0 and capsys.readouterr().out == f"brbot {version('brbot')}\n"


@pytest.mark.parametrize("command, shown", [
    ("simulate", ["(default: 20, or the most the game seats if fewer", "(default: 42)", "(default: battle_royale)", "(default: a fresh SQLite file)"]),
    ("balance", ["(default: 100000)", "(default: 1)"]),
    ("run", ["(default: BRBOT_DATABASE_URL)"]),
])
def test_help_shows_the_defaults(command, shown, capsys):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = " ".join(capsys.readouterr().out.split())  # argparse wraps lines where it likes
    assert all(default in out for default in shown) and "(default: None)" not in out and "(default: False)" not in out


def test_simulate_into_a_named_database_says_which_game_to_look_at(tmp_path, capsys):
    database = f"sqlite+aiosqlite:///{tmp_path / 'kept.sqlite3'}"
    assert main(["simulate", "--players", "4", "--seed", "3", "--database", database]) == 0
    out = capsys.readouterr().out
    assert f"This was game #1, kept in {database}: try `brbot log 1 --database {database}`" in out
    assert main(["log", "1", "--database", database]) == 0 and "Order log of game #1" in capsys.readouterr().out


@pytest.mark.parametrize("args, message", [
    (["simulate", "--players", "0"], "--players must be between 1 and 1000"),
    (["simulate", "--players", "many"], "--players must be a whole number"),
    (["simulate", "--players", "٣"], "--players must be a whole number"),  # int() reads other scripts' digits
    (["balance", "--trials", "1_0"], "--trials must be a whole number"),  # and underscores
    (["balance", "--trials", "0"], "--trials must be between 1"),
    (["verify"], "the following arguments are required: game"),
    (["simulate", "--ruleset", "chess"], "invalid choice: 'chess'"),
])
def test_bad_arguments_are_refused_clearly(args, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(args)
    assert exit_.value.code == 2 and message in capsys.readouterr().err


@pytest.mark.parametrize("ruleset, players, seats", [
    ("starcraft_mafia", 30, "a simulation of StarCraft Mafia seats 5 to 20 players"),
    ("starcraft_mafia", 4, "a simulation of StarCraft Mafia seats 5 to 20 players"),
    ("battle_royale_cards", 30, "a simulation of Battle Royale card game seats 2 to 6 players"),
    ("mazeworld", 30, "a simulation of Mazeworld seats exactly 1 player"),
    ("infinity_intervention", 3, "a simulation of Infinity: Intervention seats 1 to 2 players"),
    ("battle_royale", 1, "a simulation of Battle Royale seats 2 to 1000 players"),
])
def test_simulate_refuses_a_number_of_players_the_game_does_not_seat(ruleset, players, seats, tmp_path, capsys):
    """Issue 29: `simulate --players 30` silently played 20 (StarCraft Mafia), 6 (cards), 1 or 2 (the GM-run
    games); now it is refused with the game's range, before anything is done."""
    database = tmp_path / "never.sqlite3"
    assert main(["simulate", "--ruleset", ruleset, "--players", str(players),
                 "--database", f"sqlite+aiosqlite:///{database}"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == f"brbot: --players {players}: {seats} (see brbot rulesets)\n"
    assert not database.exists()


@pytest.mark.parametrize("ruleset, players, seated", [("mazeworld", [], 1), ("infinity_intervention", ["--players", "1"], 1)])
def test_simulate_plays_the_games_own_number_without_players_and_a_game_of_one(ruleset, players, seated, tmp_path):
    """Without `--players`, a game that seats fewer than 20 plays as many as it seats; one PC is a game too."""
    log = tmp_path / "one.jsonl"
    assert main(["simulate", "--ruleset", ruleset, *players, "--log", str(log)]) == 0
    audiences = {p for line in log.read_text().splitlines() if isinstance(a := json.loads(line)["audience"], dict)
                 for p in a["players"]}
    assert len(audiences) == seated


def test_a_database_without_tables_is_explained(tmp_path, capsys):
    empty = tmp_path / "empty.sqlite3"
    sqlite3.connect(empty).close()  # a database file with no tables in it
    assert main(["verify", "1", "--database", f"sqlite+aiosqlite:///{empty}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("brbot: database error") and "run `brbot migrate` first" in err


def test_simulate_seats_every_player_beyond_the_default_sign_up_cap(tmp_path):
    """`--players` is the number who play: none of them may end up on the reserve list (cap 20 by default)."""
    lines, _ = _simulate(tmp_path, "big", players=25)
    roles = [line for line in lines if line.get("kind") == "role" and "You are " in line["text"]]
    assert len(roles) == 25


def test_verbose_prints_private_messages(tmp_path, capsys):
    database = f"sqlite+aiosqlite:///{tmp_path / 'v.sqlite3'}"
    assert main(["simulate", "--players", "4", "--seed", "5", "--verbose", "--database", database]) == 0
    out = capsys.readouterr().out
    assert "    [to " in out and "Night 1 report: you are in" in out


def test_replay_names_the_players_a_private_event_went_to(tmp_path, capsys):
    _, database = _simulate(tmp_path, "names")
    capsys.readouterr()
    assert main(["replay", "1", "1", "--database", database]) == 0
    out = capsys.readouterr().out
    names = [row[0] for row in sqlite3.connect(database.split("///")[1]).execute("select name from players order by id")]
    private = [line for line in out.splitlines() if line.startswith("[to ")]
    assert private and not any("[to s0" in line for line in private)
    assert all(any(name in line.split("]")[0] for name in names) for line in private)


def test_replay_of_a_day_never_resolved_is_refused(tmp_path, capsys):
    _, database = _simulate(tmp_path, "unresolved")
    capsys.readouterr()
    assert main(["replay", "1", "99", "--database", database]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Day 99 of game #1 has not been resolved" in captured.err


@pytest.mark.parametrize("day, refusal", [
    ("-1", "brbot: -1 is not a day that can be replayed: game #1's resolved days run from Day 0 to Day "),
    ("-5", "brbot: -5 is not a day that can be replayed: game #1's resolved days run from Day 0 to Day "),
    ("40", "brbot: Day 40 of game #1 has not been resolved: its resolved days run from Day 0 to Day "),
])
def test_replay_of_a_day_before_the_first_or_after_the_last_is_refused_naming_the_days(day, refusal, tmp_path, capsys):
    """Issue 29: `replay 1 -1` printed the sign-up (every seat's role); a day before 0 or after the last
    resolved one is refused, naming the resolved days."""
    _, database = _simulate(tmp_path, "range")
    capsys.readouterr()
    assert main(["replay", "1", day, "--database", database]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith(refusal) and captured.err.count("\n") == 1


def test_verify_of_a_negative_day_says_the_day_is_invalid(tmp_path, capsys):
    _, database = _simulate(tmp_path, "negative")
    capsys.readouterr()
    assert main(["verify", "1", "-1", "--database", database]) == 2
    err = capsys.readouterr().err
    assert "-1 is not a number that can be verified: a game's days are numbered 0, 1, 2" in err and "seed" not in err


def test_verify_fails_naming_the_seat_whose_stored_order_was_changed(tmp_path, capsys):
    _, database = _simulate(tmp_path, "tampered")
    capsys.readouterr()
    with sqlite3.connect(database.split("///")[1]) as connection:
        name = connection.execute("select name from players where position = 2").fetchone()[0]
        changed = connection.execute(
            "update orders set payload = ? where game_id = 1 and day = 1 and seat = 's002' and current",
            (json.dumps({"kind": "night", "action": {"kind": "search"}, "movement": {"kind": "hold"}}),)).rowcount
    assert changed == 1
    assert main(["verify", "1", "--database", database]) == 1
    out = capsys.readouterr().out
    assert "Day 0: identical outcome" in out
    assert f"Day 1: DIFFERS: {name} (s002)'s order differs" in out


def test_verify_names_the_first_event_that_differs(tmp_path, capsys):
    _, database = _simulate(tmp_path, "events")
    capsys.readouterr()
    with sqlite3.connect(database.split("///")[1]) as connection:
        seq, text = connection.execute("select seq, text from events where day = 1 order by seq limit 1 offset 2").fetchone()
        connection.execute("update events set text = 'Nothing happened.' where seq = ?", (seq,))
    assert main(["verify", "1", "1", "--database", database]) == 1
    out = capsys.readouterr().out
    assert "events differ from event 3 on" in out and "'Nothing happened.'" in out and repr(text) in out


def test_log_prints_every_order_with_its_receipt_and_salt_once_the_game_is_over(tmp_path, capsys):
    from bot.services.base.fairness import receipt

    _, database = _simulate(tmp_path, "log")
    capsys.readouterr()
    path = database.split("///")[1]
    with sqlite3.connect(path) as connection:
        receipts = [row[0] for row in connection.execute("select receipt from orders order by id")]
        salts = dict(connection.execute("select position, salt from players order by id"))
    assert main(["log", "1", "--database", database]) == 0
    out = capsys.readouterr().out
    assert receipts and all(r in out for r in receipts) and all(s in out for s in salts.values())
    assert "== Day 0 ==" in out and "== Day 1 ==" in out and "DOES NOT MATCH" not in out
    assert main(["log", "1", "--json", "--database", database]) == 0
    entries = json.loads(capsys.readouterr().out)["orders"]
    assert [e["receipt"] for e in entries] == receipts
    assert all(receipt(e["payload"], e["salt"], 1, e["day"], e["seat"]) == e["receipt"] for e in entries)
    assert all(e["receipt_matches"] and e["receipt_version"] == 2 for e in entries)
    assert {e["day"] for e in entries} >= {0, 1, 2}


def test_log_is_refused_while_the_game_is_running(tmp_path, capsys):
    from datetime import datetime, timezone

    from bot.db.session import Database
    from bot.migrate import upgrade_async
    from bot.services.signup import games

    database = f"sqlite+aiosqlite:///{tmp_path / 'running.sqlite3'}"

    async def running_game() -> None:
        await upgrade_async(database)
        db = Database(database)
        game = await games.create_game(db, name="Running", channel_id=1)
        for user in (1, 2):
            await games.join_game(db, game.id, user, f"P{user}")
        await games.start_game(db, game.id, datetime(2026, 1, 1, tzinfo=timezone.utc))
        await db.dispose()

    asyncio.run(running_game())
    assert main(["log", "1", "--database", database]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "The order log is published once the game is over" in captured.err


@pytest.mark.parametrize("command", [["verify", "1"], ["replay", "1", "1"], ["log", "1"]])
def test_reading_commands_refuse_a_missing_sqlite_file_instead_of_creating_one(command, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BRBOT_DATABASE_URL", raising=False)
    assert main(command) == 2
    assert "there is no database file brbot.sqlite3" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_an_unreachable_database_server_is_one_clear_line(capsys):
    assert main(["verify", "1", "--database", "postgresql+asyncpg://brbot@127.0.0.1:1/brbot"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("brbot: cannot reach the database at postgresql+asyncpg://brbot@127.0.0.1:1/brbot")
    assert "Traceback" not in err and len(err.splitlines()) == 1


def test_a_database_that_does_not_exist_on_the_server_gets_no_migrate_hint(capsys):
    from bot.db.scratch import postgres_reachable, postgres_admin_url

    problem = asyncio.run(postgres_reachable())
    if problem:
        pytest.skip(problem)
    base = postgres_admin_url().rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://", 1)
    assert main(["verify", "1", "--database", f"{base}/brbot_no_such_database"]) == 2
    err = capsys.readouterr().err
    assert "does not exist" in err and "brbot_no_such_database" in err and "migrate" not in err


def test_an_unwritable_log_file_is_refused_before_anything_is_done(tmp_path, capsys):
    database = tmp_path / "never.sqlite3"
    assert main(["simulate", "--players", "3", "--log", str(tmp_path / "no" / "dir" / "x.jsonl"),
                 "--database", f"sqlite+aiosqlite:///{database}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("brbot: cannot write the log file") and "No such file or directory" in err
    assert not database.exists()  # refused before migrating


class FakeTerminal:
    """stdout and stderr of one terminal: carriage returns and erase-line act as a real terminal's do."""

    def __init__(self) -> None:
        self.lines = [""]
        self.column = 0
        self.written: list[str] = []

    def stream(self):
        terminal = self

        class Stream:
            def write(self, text: str) -> int:
                terminal.feed(text)
                return len(text)

            def flush(self) -> None:
                pass

            def isatty(self) -> bool:
                return True

        return Stream()

    def feed(self, text: str) -> None:
        self.written.append(text)
        i = 0
        while i < len(text):
            if text.startswith("\x1b[K", i):
                self.lines[-1] = self.lines[-1][:self.column]
                i += 3
                continue
            char = text[i]
            if char == "\r":
                self.column = 0
            elif char == "\n":
                self.lines.append("")
                self.column = 0
            else:
                line = self.lines[-1]
                self.lines[-1] = line[:self.column] + char + line[self.column + 1:]
                self.column += 1
            i += 1


def test_the_progress_bar_shows_on_long_runs_only_and_never_stays_on_screen(tmp_path, monkeypatch):
    import sys

    from bot.cli import progress as cli_progress

    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stdout", terminal.stream())
    monkeypatch.setattr(sys, "stderr", terminal.stream())
    assert main(["simulate", "--players", "5", "--seed", "5", "--database", f"sqlite+aiosqlite:///{tmp_path / 's.sqlite3'}"]) == 0
    assert not any("day 1/7" in text for text in terminal.written)  # a short run shows no bar
    monkeypatch.setattr(cli_progress, "MIN_PLAYERS", 5)  # as a long run would
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stdout", terminal.stream())
    monkeypatch.setattr(sys, "stderr", terminal.stream())
    assert main(["simulate", "--players", "5", "--seed", "5", "--database", f"sqlite+aiosqlite:///{tmp_path / 'l.sqlite3'}"]) == 0
    assert any("] day 1/7" in text for text in terminal.written)  # the bar was drawn
    screen = terminal.lines
    assert not any("day " in line and "/7" in line for line in screen), screen  # and never left on screen
    assert "== Night 1 ==" in screen and any(line.startswith("Game over after") for line in screen)


def test_no_progress_bar_when_stderr_is_not_a_terminal(tmp_path, monkeypatch, capsys):
    from bot.cli import progress as cli_progress

    monkeypatch.setattr(cli_progress, "MIN_PLAYERS", 2)
    assert main(["simulate", "--players", "3", "--database", f"sqlite+aiosqlite:///{tmp_path / 'p.sqlite3'}"]) == 0
    assert capsys.readouterr().err == ""


def test_rulesets_lists_every_installed_game_with_its_players_and_pacing(capsys):
    """Issue 10: `brbot rulesets` lists the games (name, title, players, pacing)."""
    assert main(["rulesets"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].split() == ["name", "title", "players", "pacing"]
    assert rows[1].split() == ["battle_royale", "Battle", "Royale", "2+", "simultaneous"]


def test_balance_prints_each_study_of_the_game_against_the_rulebook(capsys):
    """Issue 10: `brbot balance --ruleset NAME` runs the studies the game declares."""
    assert main(["balance", "--ruleset", "battle_royale", "--trials", "2000", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["weapons", "measured", "expected", "diff"]
    unarmed = next(line for line in out if line.startswith("Unarmed"))
    assert unarmed.split()[2] == "0.750"  # the handbook's average for bare hands


def test_simulate_plays_on_a_map_file_and_refuses_a_bad_one_before_anything_is_done(tmp_path, capsys):
    """Rulings, "The island": `brbot simulate --data FILE` loads another map, checked as /game create's file is."""
    island = tmp_path / "isles.yaml"
    island.write_text("name: Twin Isles\nzones:\n  - {id: 1, name: North Isle, escape: true}\n"
                      "  - {id: 2, name: South Isle}\n  - {id: 3, name: Sandbar}\nadjacency: [[1, 3], [3, 2]]\n")
    log = tmp_path / "isles.jsonl"
    database = f"sqlite+aiosqlite:///{tmp_path / 'isles.sqlite3'}"
    assert main(["simulate", "--players", "4", "--seed", "3", "--data", str(island), "--log", str(log),
                 "--database", database]) == 0
    texts = " ".join(json.loads(line)["text"] for line in log.read_text().splitlines())
    assert "Sandbar" in texts and "The Septagon" not in texts
    island.write_text("name: Broken\nzones: [{id: 1, name: Rock}, {id: 2, name: Reef}]\nadjacency: [[1, 7]]\n")
    never = tmp_path / "never.sqlite3"
    assert main(["simulate", "--players", "3", "--data", str(island), "--database",
                 f"sqlite+aiosqlite:///{never}"]) == 2
    err = capsys.readouterr().err
    assert "That map cannot be used: adjacency 1-7 names an unknown zone" in err and not never.exists()
    assert main(["simulate", "--players", "3", "--data", str(tmp_path / "missing.yaml")]) == 2
    assert "cannot read the data file" in capsys.readouterr().err


def test_the_command_lines_default_game_is_the_engines():
    """`--ruleset`'s default is spelt in the command line (so --help imports no engine): it must be the engine's."""
    from bot import cli
    from engine import DEFAULT_GAME

    assert cli.DEFAULT_GAME == DEFAULT_GAME


@pytest.mark.parametrize("ruleset, seats", [("mazeworld", "1"), ("infinity_intervention", "2")])
def test_bench_works_for_a_game_that_seats_its_own_players(ruleset, seats, capsys, monkeypatch):
    """Issue 22: `brbot bench` of Mazeworld (one contestant in its demo) or Infinity (a GM-run game, benched
    with its demo roster's two PCs) ended in a traceback ("need at least 2 players"); at small sizes
    (`--quick`) every part now runs with the players the game seats. The figures that are the same whatever
    `--ruleset` says (`shared_figures`) run in Mazeworld's case only."""
    from bot.bench import suite

    if ruleset != "mazeworld":
        async def none(*_args):
            return {}

        monkeypatch.setattr(suite, "shared_figures", none)
    assert main(["bench", "--quick", "--json", "--ruleset", ruleset]) == 0
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    report = json.loads(captured.out)
    assert list(report["engine_ms"]) == [seats] and report["engine_ms"][seats] > 0
    assert report["submit_ms"]["sqlite"]["submitters"] == 1 and report["submit_ms"]["sqlite"]["p99"] > 0
    assert report["live_games"] == 2 and report["delivery"]["messages"] > 0
    menus = report["menus_ms"]  # issue 33: autocomplete and the order's menu, every awaited player at once
    assert menus["command"].startswith("/attack") and 1 <= menus["autocomplete"]["players"] <= int(seats)
    assert menus["autocomplete"]["p99"] > 0 and menus["menu"]["p99"] > 0
    from bot.bench.suite import QUICK
    from bot.bench.game import sizes

    assert report["web_players"] == sizes(ruleset, (QUICK.web_players,))[-1]  # the sizes the text names
    assert report["delivery"]["players"] == sizes(ruleset, (QUICK.night_players,))[-1]
    assert (report["web_followers"], report["web_games"]) == (QUICK.web_followers, QUICK.web_games)
    if ruleset == "mazeworld":  # the figures of every game: the four simulated games, the setups, the community
        assert set(report["simulate_ms"]) and report["setup_predict_s"]["status"] == "done"
        assert report["setup_list_ms"]["p99"] > 0 and report["community_ms"]["sqlite"]["profile"]["p99"] > 0
        assert report["languages_delivery_ms"]["ratio"] and report["languages_simulate_ms"]["ratio"]


def test_bench_of_a_game_without_computer_players_is_refused_in_one_line(capsys):
    from engine import registry
    from tests.bot.test_info_games import PARLOUR_FRONT, Parlour

    registry.register(Parlour(), PARLOUR_FRONT)
    try:
        assert main(["bench", "--quick", "--ruleset", "parlour"]) == 2
    finally:
        registry.unregister("parlour")
    err = capsys.readouterr().err
    assert err == "brbot: Parlour has no computer players, so it cannot be benchmarked.\n"


@pytest.fixture
def study_game():
    """A game whose studies give a figure with an expectation, one with none (null) and one with 0."""
    from engine import registry
    from engine.play import Play
    from tests.bot.test_info_games import PARLOUR_FRONT, Parlour

    def studies(trials, seed, settings=None):
        return {"guesses": {"right": {"measured": 0.55, "expected": 0.5},
                            "length": {"measured": 4.25, "expected": None},
                            "share of hints": {"measured": 12.5, "expected": 0.0}}}

    class Studied(Parlour):
        play = Play(studies=studies)

    registry.register(Studied(), PARLOUR_FRONT)
    yield "parlour"
    registry.unregister("parlour")


def test_balance_prints_a_figure_without_an_expectation_without_expected_or_diff(study_game, capsys):
    """Issue 29: figures with no expectation printed as "expected 0.000 diff 0.0%"."""
    assert main(["balance", "--ruleset", study_game, "--trials", "10"]) == 0
    rows = {line.split()[0]: line.split()[1:] for line in capsys.readouterr().out.splitlines()[1:]}
    assert rows["right"] == ["0.550", "0.500", "10.0%"]
    assert rows["length"] == ["4.250"] and rows["share"] == ["of", "hints", "12.500"]


@pytest.mark.parametrize("ruleset, known", [("starcraft_mafia", "day_vote"), ("battle_royale", "days")])
def test_balance_refuses_a_setting_the_game_does_not_have_naming_those_it_has(ruleset, known, capsys):
    """Issue 29: `balance --set foo=bar` was accepted and ignored."""
    assert main(["balance", "--ruleset", ruleset, "--set", "foo=bar"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith("brbot: Setting foo: ") and "has no such setting (--set 'foo=bar'); its settings: " in captured.err
    assert f" {known}," in captured.err


def test_balance_trials_help_is_worded_for_every_game(capsys):
    """Issue 29: `--trials`' help was Battle Royale's ("attempts per weapon") for every game."""
    with pytest.raises(SystemExit):
        main(["balance", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "how many times each figure is measured, in every game" in out and "weapon" not in out


def test_balance_shows_a_progress_line_on_a_terminal_and_erases_it(study_game, monkeypatch):
    """Issue 29: the long studies printed nothing until the end; on a terminal a line counts the seconds
    (drawn at once, then every second) and is erased when the studies end."""
    import sys

    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stdout", terminal.stream())
    monkeypatch.setattr(sys, "stderr", terminal.stream())
    assert main(["balance", "--ruleset", study_game, "--trials", "10"]) == 0
    assert any("studying Parlour (10 trials): 0 s so far" in text for text in terminal.written)
    assert not any("studying" in line for line in terminal.lines) and any("right" in line for line in terminal.lines)


def test_balance_shows_no_progress_line_when_stderr_is_not_a_terminal(study_game, capsys):
    assert main(["balance", "--ruleset", study_game, "--trials", "10"]) == 0
    assert capsys.readouterr().err == ""
