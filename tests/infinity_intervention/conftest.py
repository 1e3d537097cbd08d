"""Fixtures of the Infinity: Intervention tests: the game installed for one test only (registered in BUILT_IN
only when the front is playable end to end; see docs/rules/infinity-intervention.md)."""

from __future__ import annotations

import pytest

from engine import registry


@pytest.fixture
def infinity_installed():
    from engine.rulesets.infinity_intervention.front.game import FRONT
    from engine.rulesets.infinity_intervention.ruleset import RULESET

    already = RULESET.name in registry.names()
    registry.register(RULESET, FRONT)
    yield RULESET
    if not already:
        registry.unregister(RULESET.name)
