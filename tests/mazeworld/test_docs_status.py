"""The README and Mazeworld's page say what is true (issue 22): the game is complete, and what stays with the game
master is a decision listed on its page, not a gap; no "in progress" nor "Not built yet" is left."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_readme_and_page_call_mazeworld_complete_with_what_stays_with_the_gm():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| `engine/rulesets/mazeworld/`"))
    assert "in progress" not in row and "complete" in row
    intro = readme.split("## Quick start")[0]
    assert "so is Mazeworld's dice combat" in " ".join(intro.split())
    page = (ROOT / "docs" / "rules" / "mazeworld.md").read_text(encoding="utf-8")
    assert page.splitlines()[0].endswith("Status: complete, playable on Discord (GM-run)")
    assert "## Not built yet" not in page and "## What stays with the game master (decisions, not gaps)" in page
