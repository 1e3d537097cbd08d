"""`brbot simulate --ruleset mazeworld` plays the demo fight to its end (the scripted contestant against the
wolves, NPCs by their script), the same seed the same fight; `verify` and `replay` read it back; `brbot
balance` measures the attack bands against the 2d6 odds (rulings "Attack rolls") within sampling error."""

from __future__ import annotations

import json

from bot.cli import main
from engine import simulate
from engine.rulesets.mazeworld.studies import band_study, demo_study


def _simulate(tmp_path, name: str, seed: int = 5) -> tuple[list[dict], str]:
    log = tmp_path / f"{name}.jsonl"
    database = f"sqlite+aiosqlite:///{tmp_path / name}.sqlite3"
    args = ["simulate", "--ruleset", "mazeworld", "--seed", str(seed), "--log", str(log), "--database", database]
    assert main(args) == 0
    return [json.loads(line) for line in log.read_text().splitlines()], database


def test_simulate_plays_the_demo_fight_to_its_end(mazeworld_installed, tmp_path, capsys):
    """Rulings "Sheet and demo roster": one contestant against 1d3 wolves, played until the fight is over."""
    lines, database = _simulate(tmp_path, "a")
    out = capsys.readouterr().out
    assert "Turn 1" in out and "Order of passage" in out
    turns = out.count("\n== Turn ")  # its last line names the last turn played, in the game's own word
    assert f"Game over after Turn {turns}." in out
    assert lines[-1]["kind"] == "game_over"
    assert any(line["kind"] == "attack" for line in lines)
    assert main(["verify", "1", "--database", database]) == 0
    assert "DIFFERS" not in capsys.readouterr().out
    assert main(["replay", "1", "1", "--database", database]) == 0
    assert "[public]" in capsys.readouterr().out


def test_a_lost_fight_names_the_surviving_creatures_by_name(mazeworld_installed, tmp_path, capsys):
    """Seed 1: the wolves win; the last line lists them as the players read them ("Wolf A"), not by id."""
    _simulate(tmp_path, "lost", seed=1)
    last = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("Game over"))
    assert last.startswith("Game over after Turn 6. Winners: none. Survivors: Wolf A")
    assert "wolf_" not in last


def test_the_same_seed_plays_the_same_fight(mazeworld_installed, tmp_path):
    assert _simulate(tmp_path, "b", seed=9)[0] == _simulate(tmp_path, "c", seed=9)[0]


def test_engine_simulate_ends_with_the_fight_over(mazeworld_installed):
    states = [state for state, _ in simulate.play(1, 3, ruleset="mazeworld")]
    assert states[-1].phase == "over" and len(states) >= 2


def test_balance_band_rates_match_the_2d6_odds_within_sampling_error():
    """Rulings "Attack rolls": 2 / 3-6 / 7-8 / 9-11 / 12 at FT 6, IR 2; 20,000 rounds, within 4 sigma."""
    rows = band_study(20_000, 7)
    for name, row in rows.items():
        sigma = row.get("sigma", 0.0035)
        assert abs(row["measured"] - row["expected"]) <= 4 * sigma + 0.0005, (name, row)


def test_balance_demo_study_reports_stands_and_turns():
    rows = demo_study(5, 1)
    assert 0 <= rows["contestant stands (vs even)"]["measured"] <= 1
    assert 1 <= rows["turns (vs the limit)"]["measured"] <= rows["turns (vs the limit)"]["expected"]


def test_brbot_balance_prints_both_studies(mazeworld_installed, capsys):
    assert main(["balance", "--ruleset", "mazeworld", "--trials", "2000", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "attack bands" in out and "demo fight" in out and "critical failure" in out
