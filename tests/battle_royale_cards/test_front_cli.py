"""Issue 14 on the command line: `brbot simulate --ruleset battle_royale_cards --players N --seed S` plays whole
games with the scripted players, `brbot verify` and `brbot replay` work on them, `brbot balance` reports the
card-attack win rates by worth against the 3d6 odds, game length and each turn-order place's win rate, and
`brbot rulesets` lists the game."""

from __future__ import annotations

import json
import re

from bot.cli import main


def simulate(tmp_path, players: int, seed: int) -> tuple[list[dict], str]:
    log = tmp_path / f"cards{players}.jsonl"
    database = f"sqlite+aiosqlite:///{tmp_path / f'cards{players}'}.sqlite3"
    args = ["simulate", "--ruleset", "battle_royale_cards", "--players", str(players), "--seed", str(seed)]
    assert main([*args, "--log", str(log), "--database", database]) == 0
    return [json.loads(line) for line in log.read_text().splitlines()], database


def assert_a_whole_game(lines: list[dict], out: str) -> None:
    assert re.search(r"Game over after Step \d+\.", out)  # a step game names its last step, not a day
    assert [line["kind"] for line in lines].count("game_over") == 1
    assert any(line["kind"] == "placed" for line in lines) and any(line["kind"] == "card_attack" for line in lines)


def test_simulate_plays_a_whole_game_of_six(tmp_path, capsys):
    """Six players, the most the game seats: seed 99 plays the shortest of the first hundred seeds' games (88 steps;
    seed 6's took 168)."""
    lines, _ = simulate(tmp_path, 6, seed=99)
    assert_a_whole_game(lines, capsys.readouterr().out)


def test_simulate_plays_a_whole_game_of_two_which_verify_and_replay_confirm(tmp_path, capsys):
    """One simulated game (each costs a second or two) for `simulate`, then `verify` and `replay` on it: seed 40's,
    the shortest of the first forty seeds' (67 steps; seed 2's took 101), since verify plays it all again."""
    lines, database = simulate(tmp_path, 2, seed=40)
    assert_a_whole_game(lines, capsys.readouterr().out)
    assert main(["verify", "1", "--database", database]) == 0
    out = capsys.readouterr().out
    assert "identical outcome" in out and "DIFFERS" not in out
    assert main(["replay", "1", "5", "--database", database, "--rolls"]) == 0
    assert "[public]" in capsys.readouterr().out


def test_balance_reports_card_odds_length_and_turn_order_places(capsys):
    assert main(["balance", "--ruleset", "battle_royale_cards", "--trials", "1000", "--seed", "2", "--json"]) == 0
    studies = json.loads(capsys.readouterr().out)
    attacks, games = studies["card attacks"], studies["games"]
    for row in attacks.values():  # 1,000 attacks each: within 4 standard errors of the exact 3d6 odds
        p = row["expected"]
        assert abs(row["measured"] - p) <= 4 * (p * (1 - p) / 1000) ** 0.5 + 1e-9
    assert 1 <= games["rounds (against the limit)"]["measured"] <= 60
    places = [row for name, row in games.items() if "in turn order wins" in name]
    assert len(places) == 4 and all(row["margin"] > 0 for row in places)
    assert main(["balance", "--ruleset", "battle_royale_cards", "--trials", "300", "--seed", "2"]) == 0
    assert "worth 14" in capsys.readouterr().out


def test_rulesets_lists_the_card_game(capsys):
    assert main(["rulesets"]) == 0
    rows = [row.split() for row in capsys.readouterr().out.splitlines()]
    assert ["battle_royale_cards", "Battle", "Royale", "card", "game", "2-6", "sequential"] in rows
