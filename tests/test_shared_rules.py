"""The rulings are read from `../shared/rules` beside the repository (tests/shared_rules.py), never from one
machine's absolute path (issue 22); a missing file fails a test under CI and skips it only on a developer's
machine."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests import shared_rules


def test_the_rulings_are_found_beside_the_repository():
    repository = Path(__file__).resolve().parents[1]
    assert shared_rules.SHARED_RULES == repository.parent / "shared" / "rules"
    assert shared_rules.rulings("README.md").is_file()  # under CI: fails if ../shared was not cloned


def test_a_missing_rulings_file_fails_under_ci_and_skips_elsewhere(tmp_path, monkeypatch):
    monkeypatch.setattr(shared_rules, "SHARED_RULES", tmp_path)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="missing"):
        shared_rules.rulings("mazeworld-rulings.md")
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception):
        shared_rules.rulings("mazeworld-rulings.md")
    (tmp_path / "mazeworld-rulings.md").write_text("`max_turns = 40`", encoding="utf-8")
    assert shared_rules.settings_named(shared_rules.rulings_text("mazeworld-rulings.md")) == {"max_turns": "40"}


def test_no_test_reads_the_rulings_at_an_absolute_path():
    tests = Path(__file__).resolve().parent
    absolute = '("/' + 'work/shared'  # spelt in two so that this file is not its own offender
    offenders = [p.relative_to(tests) for p in tests.rglob("*.py") if absolute in p.read_text(encoding="utf-8")]
    assert offenders == []
