"""Issue 11 on the command line: `brbot simulate --ruleset starcraft_mafia` plays whole games with the scripted
players (5, 12 and 20 players), `brbot verify` and `brbot replay` work on them, `brbot balance` reports win
rates by team and player count, mean length and how often each order is given, and `brbot rulesets` lists
the game."""

from __future__ import annotations

import json

import pytest

from bot.cli import main


def simulate(tmp_path, players: int, seed: int) -> tuple[list[dict], str]:
    log = tmp_path / f"scm{players}.jsonl"
    database = f"sqlite+aiosqlite:///{tmp_path / f'scm{players}'}.sqlite3"
    args = ["simulate", "--ruleset", "starcraft_mafia", "--players", str(players), "--seed", str(seed)]
    assert main([*args, "--log", str(log), "--database", database]) == 0
    return [json.loads(line) for line in log.read_text().splitlines()], database


@pytest.mark.parametrize("players", [5, 12, 20])
def test_simulate_plays_a_whole_game(tmp_path, capsys, players):
    lines, _ = simulate(tmp_path, players, seed=players)
    out = capsys.readouterr().out
    assert "== Day 1 ==" in out and "Game over after" in out
    assert [i for i, line in enumerate(lines) if line["kind"] == "game_over"] == [len(lines) - 1]
    assert any(line["kind"] == "stat_list" for line in lines)
    assert 1 <= lines[-1]["data"]["days"] <= 30
    # What is public never names the infested: no public line says who is on the infested team while alive.
    public = [line for line in lines if line["audience"] == "public"]
    assert not any(line["kind"] == "infested" for line in public)


def test_verify_and_replay_a_simulated_game(tmp_path, capsys):
    simulate(tmp_path, 8, seed=3)
    database = f"sqlite+aiosqlite:///{tmp_path / 'scm8'}.sqlite3"
    capsys.readouterr()
    assert main(["verify", "1", "--database", database]) == 0
    out = capsys.readouterr().out
    assert "Day 1: identical outcome" in out and "DIFFERS" not in out
    assert main(["replay", "1", "1", "--database", database, "--rolls"]) == 0
    out = capsys.readouterr().out
    assert "[public]" in out and "  roll: " in out


def test_balance_reports_win_rates_length_and_actions(capsys):
    assert main(["balance", "--ruleset", "starcraft_mafia", "--trials", "1", "--seed", "2", "--json"]) == 0
    studies = json.loads(capsys.readouterr().out)
    wins, length, actions = (studies[name] for name in studies)
    for n in range(5, 21):
        rates = [wins[f"{n} players: {team}"]["measured"] for team in ("infested", "uninfested", "draw")]
        assert sum(rates) == pytest.approx(100.0)
        assert 1 <= length[f"{n} players"]["measured"] <= 30
    assert actions["attack"]["measured"] > 0 and sum(r["measured"] for r in actions.values()) >= 100.0
    assert main(["balance", "--ruleset", "starcraft_mafia", "--trials", "1", "--seed", "2"]) == 0
    assert "win % by players (games played: 1)" in capsys.readouterr().out


def test_balance_studies_a_house_rule_given_with_set(capsys):
    """Issue 11, balance: "report the figures and the setting that balances them": `brbot balance --set
    day_vote=true` plays the games with the rulings' lynch vote on (votes are then among the orders counted),
    and a setting the game does not have, or a value it refuses, is one line and no study."""
    args = ["balance", "--ruleset", "starcraft_mafia", "--trials", "2", "--seed", "2", "--json"]
    assert main(args) == 0
    default = json.loads(capsys.readouterr().out)
    assert main([*args, "--set", "day_vote=true"]) == 0
    voting = json.loads(capsys.readouterr().out)
    default_actions, voting_actions = (list(s.values())[2] for s in (default, voting))
    assert "vote" not in default_actions and voting_actions["vote"]["measured"] > 0
    for bad, said in (("day_vote=maybe", "Setting day_vote"), ("no_such=1", "Setting no_such"), ("day_vote", "--set")):
        assert main([*args, "--set", bad]) != 0
        captured = capsys.readouterr()
        assert said in captured.err and captured.out == ""


def test_rulesets_lists_starcraft_mafia(capsys):
    assert main(["rulesets"]) == 0
    rows = [row.split() for row in capsys.readouterr().out.splitlines()]
    assert ["starcraft_mafia", "StarCraft", "Mafia", "5-20", "simultaneous"] in rows
