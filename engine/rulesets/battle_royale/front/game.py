"""The Battle Royale front object: the commands, choosers and texts of this package put together."""
from __future__ import annotations

from engine.front import Front


class BattleRoyaleFront(Front):
    title = "Battle Royale"


FRONT = BattleRoyaleFront()
