"""StarCraft Mafia (issue 11): a hidden-team game of soldiers and Infested Terrans, one 24-hour day per turn.

The rules (settings, tables, state, set-up, validation, the day's resolution, the scripted players) and the
front (`front/`: commands, choosers, cards, posts, computer players, studies) are here; the game is registered
in engine/registry.py. See docs/rules/starcraft-mafia.md.
"""

from engine.registry import register
from engine.rulesets.starcraft_mafia.ruleset import StarCraftMafia

RULESET = register(StarCraftMafia())

__all__ = ["RULESET"]
