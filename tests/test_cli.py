"""The `brbot` command line: simulate's log format and determinism, verify and replay, help and bad input."""
from __future__ import annotations

import json

import pytest

from bot.cli import main, parser


def _simulate(tmp_path, name: str, seed: int = 5, players: int = 6) -> tuple[list[dict], str]:
    log = tmp_path / f"{name}.jsonl"
    database = f"sqlite+aiosqlite:///{tmp_path / name}.sqlite3"
    assert main(["simulate", "--players", str(players), "--seed", str(seed), "--log", str(log), "--database", database]) == 0
    return [json.loads(line) for line in log.read_text().splitlines()], database


def test_simulate_log_has_one_object_per_event_and_ends_with_game_over(tmp_path, capsys):
    lines, _ = _simulate(tmp_path, "a")
    out = capsys.readouterr().out
    assert "== Night 1 ==" in out and "Game over after" in out
    for line in lines[:-1]:
        assert set(line) == {"game", "day", "phase", "kind", "audience", "text", "data"}
        assert line["audience"] in ("public", "moderators") or set(line["audience"]) == {"players"}
    last = lines[-1]
    assert last["kind"] == "game_over" and set(last["data"]) == {"winners", "survivors", "days"}
    assert 1 <= last["data"]["days"] <= 7


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


@pytest.mark.parametrize("command", ["simulate", "balance", "bench", "verify", "replay", "migrate"])
def test_every_command_has_help(command, capsys):
    with pytest.raises(SystemExit) as exit_:
        parser().parse_args([command, "--help"])
    assert exit_.value.code == 0 and "usage: brbot" in capsys.readouterr().out


@pytest.mark.parametrize("args, message", [
    (["simulate", "--players", "1"], "--players must be between 2 and 1000"),
    (["simulate", "--players", "many"], "--players must be a whole number"),
    (["balance", "--trials", "0"], "--trials must be between 1"),
    (["verify"], "the following arguments are required: game"),
])
def test_bad_arguments_are_refused_clearly(args, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(args)
    assert exit_.value.code == 2 and message in capsys.readouterr().err


def test_a_database_without_tables_is_explained(tmp_path, capsys):
    assert main(["verify", "1", "--database", f"sqlite+aiosqlite:///{tmp_path / 'empty.sqlite3'}"]) == 2
    assert "run `brbot migrate` first" in capsys.readouterr().err


def test_simulate_seats_every_player_beyond_the_default_sign_up_cap(tmp_path):
    """`--players` is the number who play: none of them may end up on the reserve list (cap 20 by default)."""
    lines, _ = _simulate(tmp_path, "big", players=25)
    roles = [line for line in lines if line.get("kind") == "role" and "You are " in line["text"]]
    assert len(roles) == 25
