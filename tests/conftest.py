"""Fixtures for the whole suite."""
from __future__ import annotations

import pytest

from bot.services import fairness


@pytest.fixture(autouse=True)
def same_seeds(monkeypatch):
    """Every day's secret seed comes from a fixed source, so a game a test sets up is the same on every run
    (schools, roles, starting items, hidden items): a test that depends on what was drawn fails every time,
    not one run in twenty. Tests of the seeds themselves replace this with their own source."""
    monkeypatch.setattr(fairness, "new_seed", fairness.seeded_source(20261122))
