"""The last lines of `brbot simulate` (and so of `make demo`) tell the truth: the summary names the day the
engine's own last post names, the winners and survivors are every fighter's, the game master's included, and
the commands it suggests are ones the reader can type as they are."""

from __future__ import annotations

import re
import sys

from bot.cli import main


def _run(tmp_path, capsys, *args: str) -> list[str]:
    database = f"sqlite+aiosqlite:///{tmp_path / 'game.sqlite3'}"
    assert main(["simulate", *args, "--database", database]) == 0
    return capsys.readouterr().out.splitlines()


def test_the_summary_names_the_day_the_last_post_says_has_ended(tmp_path, capsys):
    out = _run(tmp_path, capsys, "--players", "6", "--seed", "5")
    ended = next(m for line in out if (m := re.search(r"The game is over \(Day (\d+) has ended\)", line)))
    summary = next(line for line in out if line.startswith("Game over after"))
    # Day 0 (the start zones) is resolved too, so a count of resolutions said "after 8 days" of a Day 7 game
    assert summary.startswith(f"Game over after Day {ended.group(1)}. ")


def test_the_summary_of_a_combat_names_the_game_masters_fighters_that_stand(tmp_path, capsys):
    out = _run(tmp_path, capsys, "--ruleset", "infinity_intervention", "--seed", "42")
    assert any("the PCs are defeated" in line for line in out)  # this seed's demo fight: the NPCs prevail
    summary = next(line for line in out if line.startswith("Game over after"))
    winners, survivors = re.fullmatch(r"Game over after Step \d+\. Winners: (.*)\. Survivors: (.*)\.", summary).groups()
    assert "Yan Huo" in winners.split(", ") and "Yan Huo" in survivors.split(", ")


def test_the_suggested_commands_are_the_path_it_was_run_by_when_brbot_is_not_on_the_path(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    monkeypatch.setattr(sys, "argv", [".venv/bin/brbot"])  # as `make demo` runs it
    kept = _run(tmp_path, capsys, "--players", "3", "--seed", "3")[-1]
    assert "try `.venv/bin/brbot log 1 --database" in kept and "`.venv/bin/brbot verify 1 --database" in kept


def test_the_suggested_commands_say_brbot_when_that_is_the_one_on_the_path(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "bin"
    folder.mkdir()
    command = folder / "brbot"
    command.write_text("#!/bin/sh\n")
    command.chmod(0o755)
    monkeypatch.setenv("PATH", str(folder))
    monkeypatch.setattr(sys, "argv", [str(command)])  # what a shell passes for a command found on the PATH
    kept = _run(tmp_path, capsys, "--players", "3", "--seed", "3")[-1]
    assert "try `brbot log 1 --database" in kept and str(folder) not in kept.split("kept in")[1].split(":")[0]
