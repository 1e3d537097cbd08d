"""The duel, the tests' own second game (see `tests.duel.rules`): `install()` registers it for a test."""
from __future__ import annotations

from engine import registry
from tests.duel.front import FRONT
from tests.duel.rules import RULESET


def install() -> None:
    registry.register(RULESET, FRONT)


def uninstall() -> None:
    registry.unregister(RULESET.name)
