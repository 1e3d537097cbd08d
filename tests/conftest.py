"""Fixtures for the whole suite."""
from __future__ import annotations

import pytest

from bot.services.base import fairness


@pytest.fixture(scope="session")
def templates(tmp_path_factory):
    """Migrated databases built once per session and copied per test (tests/databases.py)."""
    from tests.databases import Templates

    made = Templates(tmp_path_factory.mktemp("templates"))
    yield made
    made.close()


@pytest.fixture(autouse=True)
def same_seeds(monkeypatch):
    """Every day's secret seed comes from a fixed source, so a game a test sets up is the same on every run
    (schools, roles, starting items, hidden items): a test that depends on what was drawn fails every time,
    not one run in twenty. Tests of the seeds themselves replace this with their own source."""
    monkeypatch.setattr(fairness, "new_seed", fairness.seeded_source(20261122))


@pytest.fixture
def duel():
    """The duel (`tests.duel`), the tests' own second game, installed for this test only: the other tests
    see Battle Royale alone, as a bot with only Battle Royale installed would."""
    from tests import duel as duel_game

    duel_game.install()
    yield duel_game
    duel_game.uninstall()


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "e2e: the real bot against the fake Discord; part of the normal suite")
