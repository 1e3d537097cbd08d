"""docs/rules/infinity-intervention.md, "Rules and their tests": every test the table names exists (a file of
tests/infinity_intervention/, or a path from the repository's root, and a test function in it), so the table
stays traceable as tests are renamed; and every section of the rulings has a row."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "rules" / "infinity-intervention.md"
RULINGS_SECTIONS = (
    "Post order",
    "Turn",
    "Deadline",
    "Actions",
    "Rolls",
    "Save",
    "Focus reached",
    "Reactions",
    "Against a critical",
    "Choosing",
    "Health",
    "Immobilizing",
    "Infinity Points",
    "Heat",
    "Scripted NPC post",
    "End",
    "Visibility",
    "Sheet",
    "`/roll`",
)


def _table() -> str:
    text = PAGE.read_text(encoding="utf-8")
    return text.split("## Rules and their tests", 1)[1].split("\n## ", 1)[0]


def _tests(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}


def test_every_test_the_rules_table_names_exists() -> None:
    named = re.findall(r"`([\w/]+\.py)::(\w+)`", _table())
    assert len(named) > 60
    for file, test in named:
        path = ROOT / file if "/" in file else Path(__file__).parent / file
        assert path.exists(), file
        assert test in _tests(path), f"{file}::{test}"


def test_every_rulings_section_has_a_row() -> None:
    rows = [line for line in _table().splitlines() if line.startswith("| ")]
    for section in RULINGS_SECTIONS:
        assert any(f"**{section}" in row for row in rows), section
