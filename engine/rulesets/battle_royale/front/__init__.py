"""Battle Royale as the bot shows it: its commands, choices, orders in words, cards and pictures.

Pure and free of Discord: `FRONT` is the game's `engine.front.Front`, found by the registry through the
ruleset's `front_module`.
"""

from engine.rulesets.battle_royale.front.game import FRONT

__all__ = ["FRONT"]
