"""Fixtures of the Mazeworld tests: the game installed for one test only (registered only when the front is
playable end to end; see docs/rules/mazeworld.md)."""

from __future__ import annotations

import pytest

from engine import registry


@pytest.fixture
def mazeworld_installed():
    from engine.rulesets.mazeworld.front.game import FRONT
    from engine.rulesets.mazeworld.ruleset import RULESET

    already = "mazeworld" in registry.BUILT_IN
    registry.register(RULESET, FRONT)
    yield RULESET
    if not already:
        registry.unregister(RULESET.name)
