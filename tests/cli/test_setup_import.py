"""`brbot setup import` (issue 32): a setup file or a game's plain data file (`--ruleset`, `--name`) as a new
setup, then each imported version's balance predicted in the foreground as the bot predicts a saved one, with
a progress line on a terminal's stderr that never stays on screen, and its line printed; `--no-predict` stores
the versions only."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.cli import main
from bot.db.session import Database
from bot.services.setups import predict, setups
from tests.cli.test_commands import FakeTerminal
from tests.services.signup.test_data_files import SMALL

DECK = Path(__file__).resolve().parents[2] / "engine/rulesets/battle_royale_cards/data/deck.yaml"
QUICKLY_KNOWN = 0.15  # as tests/services/setups/test_balance.py: two batches, not the real ±5 points


def migrated(tmp_path) -> str:
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"
    assert main(["migrate", "--database", url]) == 0
    return url


def stored(url: str) -> tuple[list[setups.SetupInfo], dict[int, predict.Prediction | None]]:
    async def read():
        db = Database(url)
        try:
            found = await setups.listed(db, user_id=0, scope="mine")
            versions = [v.id for info in found for v in info.versions]
            return found, {v: await predict.prediction(db, v) for v in versions}
        finally:
            await db.dispose()

    return asyncio.run(read())


def test_a_data_file_is_imported_and_its_balance_predicted_with_a_progress_line(tmp_path, monkeypatch):
    url = migrated(tmp_path)
    monkeypatch.setattr(predict, "WITHIN", QUICKLY_KNOWN)
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stdout", terminal.stream())
    monkeypatch.setattr(sys, "stderr", terminal.stream())
    argv = ["setup", "import", str(DECK), "--ruleset", "battle_royale_cards", "--name", "Default deck", "--database", url]
    assert main(argv) == 0
    screen = terminal.lines
    assert "setup #1 Default deck (battle_royale_cards): 1 version imported" in screen, screen
    assert any(line.startswith("Default deck v1: predicted: first player win ") for line in screen), screen
    assert any("predicting Default deck v1: 0 games played" in text for text in terminal.written)
    assert any("predicting Default deck v1: 25 games played" in text for text in terminal.written)
    assert not any(line.startswith("predicting") for line in screen)  # the progress line never stays
    [info], predictions = stored(url)
    assert list(info.latest.settings) == ["deck"]
    prediction = predictions[info.latest.id]
    assert prediction is not None and prediction.status == "done" and prediction.games >= predict.MIN_GAMES


def test_no_predict_stores_the_versions_only_and_a_bad_file_saves_nothing(tmp_path, capsys):
    url = migrated(tmp_path)
    bad = tmp_path / "isles.yaml"
    bad.write_text(SMALL.replace("[3, 2]", "[3, 9]"), encoding="utf-8")
    capsys.readouterr()
    assert main(["setup", "import", str(bad), "--ruleset", "battle_royale", "--name", "Isles", "--database", url]) != 0
    err = capsys.readouterr().err
    assert "adjacency 3-9 names an unknown zone" in err and "Nothing was saved." in err
    assert main(["setup", "import", str(bad), "--name", "Isles", "--database", url]) != 0
    assert "say which game it is for" in capsys.readouterr().err
    assert stored(url)[0] == []
    town = tmp_path / "town.yaml"
    town.write_text("setup: 1\ngame: starcraft_mafia\nname: Town\nversions:\n  - settings: {day_vote: true}\n"
                    "  - {changelog: Ten days, settings: {day_vote: true, max_days: 10}}\n", encoding="utf-8")
    assert main(["setup", "import", str(town), "--no-predict", "--database", url]) == 0
    out = capsys.readouterr().out
    assert "setup #1 Town (starcraft_mafia): 2 versions imported" in out and "predicted" not in out
    [info], predictions = stored(url)
    assert len(info.versions) == 2 and set(predictions.values()) == {None}
