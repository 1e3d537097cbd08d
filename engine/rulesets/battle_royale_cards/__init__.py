"""The Battle Royale card game (issue 14): 2-6 players on a diamond of 25 face-up cards, one step at a time.

Registered in `engine.registry.BUILT_IN`: importing the package registers the ruleset (its front is found
through `front_module`). See docs/rules/battle-royale-cards.md.
"""

from engine.registry import register
from engine.rulesets.battle_royale_cards import ruleset

RULESET = register(ruleset.RULESET)

__all__ = ["RULESET"]
