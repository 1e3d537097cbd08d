"""The Battle Royale front object: the commands, choosers and texts of this package put together."""
from __future__ import annotations

from typing import Any

from engine.front import Card, Front, Picture
from engine.rulesets.battle_royale.front.rules_help import help_cards, rules_cards
from engine.rulesets.battle_royale.front.status import status_cards


class BattleRoyaleFront(Front):
    title = "Battle Royale"

    def status(self, view: dict[str, Any]) -> list[Card]:
        """/status: "You", "What you know" and "Around you", from the player's view alone."""
        return status_cards(view) if "me" in view else []

    def picture(self, view: dict[str, Any]) -> Picture | None:
        """/map: the island drawn from the view (Pillow is imported only now)."""
        from engine.rulesets.battle_royale.front.picture import map_picture

        return map_picture(view)

    def rules(self) -> list[Card]:
        return rules_cards()

    def help(self) -> list[Card]:
        """The game's commands in today's words, until the commands are declared in `commands`."""
        return help_cards()


FRONT = BattleRoyaleFront()
