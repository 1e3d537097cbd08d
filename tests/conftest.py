"""Fixtures for the whole suite, and which database tests run on PostgreSQL as well as on SQLite."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

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


# Every test of a database (`db`, tests/services/conftest.py) runs on SQLite. `make test` runs these on PostgreSQL
# too: what differs between the two databases is here (row locks and claims, the deadline loop, concurrent
# writers, big ids, typed numbers and hostile input, the migrations, delivery's claims, setups' listing), and a whole game of
# each game stores and reads its state on both. `make test-postgres` (BRBOT_TEST_DATABASES=postgres), which CI
# runs after `make test`, runs every database test on PostgreSQL (docs/testing.md: why).
BOTH_DATABASES = (
    "tests/services/base/",
    "tests/services/steps/",
    "tests/services/test_scale_out.py",
    "tests/services/test_migrations.py",
    "tests/services/test_hostile_input.py",
    "tests/services/test_fuzz_hostile.py",
    "tests/services/test_big_ids.py",
    "tests/services/signup/test_signup_races.py",
    "tests/services/orders/test_orders.py",
    "tests/services/orders/test_day_actions.py",
    "tests/services/people/test_absence.py",
    "tests/services/setups/test_setups.py",
    "tests/bot/test_delivery.py",
    "tests/bot/test_delivery_pace.py",
    "tests/bot/test_game_words.py",
    "tests/web/test_hostile_addresses.py",
)


def runs_on(item) -> set[str]:
    """The databases `item`'s cases run on in this session (BRBOT_TEST_DATABASES: unset, `postgres` or `all`)."""
    chosen = os.environ.get("BRBOT_TEST_DATABASES", "")
    if chosen == "all":
        return {"sqlite", "postgres"}
    if chosen == "postgres":
        return {"postgres"}
    if chosen:
        raise pytest.UsageError(f"BRBOT_TEST_DATABASES must be postgres or all, not {chosen!r}")
    path = item.nodeid.split("::")[0]
    return {"sqlite", "postgres"} if path.startswith(BOTH_DATABASES) else {"sqlite"}


def pytest_collection_modifyitems(config, items) -> None:
    """Leave out the database cases this session does not run (`BOTH_DATABASES`); `BRBOT_TEST_DATABASES=postgres`
    runs the database tests alone, on PostgreSQL."""
    only_databases = os.environ.get("BRBOT_TEST_DATABASES") == "postgres"
    kept, left = [], []
    for item in items:
        kind = getattr(item, "callspec", None) and item.callspec.params.get("db")
        runs = kind in runs_on(item) if kind else not only_databases
        (kept if runs else left).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


MEMORY_FOLDER = Path("/dev/shm")


def pytest_configure(config) -> None:
    # The tests' files (SQLite databases, logs, uploads) in memory where the machine has a tmpfs: a commit to a file
    # on disk waits for its fsync, some 30 s of the suite's time on the 2-core machine (docs/testing.md). Set before
    # anything asks for a temporary folder; the workers and the processes tests start inherit it.
    if MEMORY_FOLDER.is_dir() and os.access(MEMORY_FOLDER, os.W_OK) and "PYTEST_DEBUG_TEMPROOT" not in os.environ:
        os.environ["PYTEST_DEBUG_TEMPROOT"] = os.environ["TMPDIR"] = str(MEMORY_FOLDER)
        tempfile.tempdir = None  # asked again: TMPDIR
    config.addinivalue_line("markers", "e2e: the real bot against the fake Discord; part of the normal suite")

