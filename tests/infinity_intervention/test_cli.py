"""`brbot simulate --ruleset infinity_intervention` plays the demo fight to its end with scripted actors on both
sides, face-off answers included (the PCs' players through the bot, the NPCs by their script); the same seed
the same fight; `verify` and `replay` read it back; `brbot balance` measures d20 success and critical rates
against the exact odds (rulings "Rolls") for a range of TNs and Focus values."""

from __future__ import annotations

import json

from bot.cli import main
from engine import simulate
from engine.rulesets.infinity_intervention.studies import demo_study, roll_study


def _simulate(tmp_path, name: str, seed: int = 5) -> tuple[list[dict], str]:
    log = tmp_path / f"{name}.jsonl"
    database = f"sqlite+aiosqlite:///{tmp_path / name}.sqlite3"
    args = ["simulate", "--ruleset", "infinity_intervention", "--seed", str(seed), "--players", "2"]
    assert main([*args, "--log", str(log), "--database", database]) == 0
    return [json.loads(line) for line in log.read_text().splitlines()], database


def test_simulate_plays_the_demo_fight_to_its_end_with_answers(infinity_installed, tmp_path, capsys):
    """The demo: two PCs (players' seats, scripted) against two NPCs; PCs post and answer face-offs."""
    lines, database = _simulate(tmp_path, "a")
    out = capsys.readouterr().out
    assert "Combat begins" in out
    assert lines[-1]["kind"] == "game_over"
    kinds = {line["kind"] for line in lines}
    assert {"attack", "over"} <= kinds and kinds & {"take", "react"}
    assert not any(line["kind"] == "forfeit" for line in lines), "a computer PC missed its post"
    assert main(["verify", "1", "--database", database]) == 0
    assert "DIFFERS" not in capsys.readouterr().out
    assert main(["replay", "1", "1", "--database", database]) == 0
    assert "[public]" in capsys.readouterr().out


def test_the_same_seed_plays_the_same_fight(infinity_installed, tmp_path):
    assert _simulate(tmp_path, "b", seed=9)[0] == _simulate(tmp_path, "c", seed=9)[0]


def test_engine_simulate_ends_with_the_combat_over(infinity_installed):
    states = [state for state, _ in simulate.play(2, 3, ruleset="infinity_intervention")]
    assert states[-1].phase == "over" and len(states) >= 2


def test_balance_rates_match_the_d20_odds_within_sampling_error():
    """Rulings "Rolls": success at or under TN, critical in the Focus range; 20,000 d20s a case, within 4 sigma."""
    rows = roll_study(20_000, 7)
    for name, row in rows.items():
        assert abs(row["measured"] - row["expected"]) <= 4 * row["sigma"] + 0.0005, (name, row)


def test_balance_demo_study_reports_wins_and_turns():
    rows = demo_study(4, 1)
    assert 0 <= rows["PCs prevail (vs even)"]["measured"] <= 1
    assert 1 <= rows["turns (vs the limit)"]["measured"] <= rows["turns (vs the limit)"]["expected"]


def test_brbot_balance_prints_both_studies(infinity_installed, capsys):
    assert main(["balance", "--ruleset", "infinity_intervention", "--trials", "2000", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "d20 rolls" in out and "demo fight" in out and "TN 10 Focus 2" in out


def test_sheet_and_demo_roster_simulate_plays_a_roster_file(infinity_installed, tmp_path, capsys):
    """Rulings "Sheet and demo roster": `brbot simulate --data` plays a moderator's roster file (as `/game create
    file:`), here the GM's guide's example: its gangers fight the demo's PCs, and `verify` reads it back."""
    import re
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "docs" / "rules" / "infinity-intervention.md"
    example = re.search(r"```yaml\n(# gangers\.yaml.*?)```", page.read_text(encoding="utf-8"), re.S)
    assert example is not None
    roster = tmp_path / "gangers.yaml"
    roster.write_text(example.group(1), encoding="utf-8")
    database = f"sqlite+aiosqlite:///{tmp_path / 'roster'}.sqlite3"
    args = ["simulate", "--ruleset", "infinity_intervention", "--seed", "3", "--players", "2"]
    assert main([*args, "--data", str(roster), "--database", database]) == 0
    out = capsys.readouterr().out
    assert "Ganger" in out and "Yan Huo" not in out and "Game over" in out
    assert main(["verify", "1", "--database", database]) == 0
    assert "DIFFERS" not in capsys.readouterr().out
