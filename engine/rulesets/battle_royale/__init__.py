"""Battle Royale: the forum game of the handbook in `shared/rules`, as a registered ruleset."""

from engine.registry import register
from engine.rulesets.battle_royale.ruleset import RULESET

register(RULESET)

__all__ = ["RULESET"]
