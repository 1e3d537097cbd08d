"""The StarCraft Mafia front object: the commands, choosers, orders in words, cards, posts, moderators'
actions, computer players and studies of this package, put together."""

from __future__ import annotations

from typing import Any

from engine.front import Asked, Card, Change, Front
from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia.front import apply, choosers, computer, describe, posts
from engine.rulesets.starcraft_mafia.front.commands import COMMANDS
from engine.rulesets.starcraft_mafia.front.community import COMMUNITY
from engine.rulesets.starcraft_mafia.front.moderation import MODERATION
from engine.rulesets.starcraft_mafia.front.rules_help import help_cards, rules_cards
from engine.rulesets.starcraft_mafia.front.signup import SIGNUP
from engine.rulesets.starcraft_mafia.front.status import status_cards
from engine.rulesets.starcraft_mafia.front.texts import TEXTS, text


class StarCraftMafiaFront(Front):
    community = COMMUNITY
    title = text("title")
    commands = COMMANDS
    choosers = choosers.CHOOSERS
    post_sections = posts.HEADINGS
    moderation = MODERATION
    signup_options = SIGNUP

    def apply(self, asked: Asked) -> Change:
        return apply.apply(asked)

    def when_idle(self) -> str:
        return text("orders_idle")

    def describe(self, orders: dict[str, Any] | None, view: dict[str, Any]) -> list[str]:
        return describe.describe(orders, view)

    def status(self, view: dict[str, Any]) -> list[Card]:
        return status_cards(view) if "me" in view else []

    def rules(self) -> list[Card]:
        return rules_cards()

    def help(self) -> list[Card]:
        return help_cards()

    def section_of(self, kind: str) -> str | None:
        return posts.section_of(kind)

    def post_title(self, day: int) -> str:
        return posts.post_title(day)

    def day_title(self, day: int) -> str:
        return posts.day_title(day)

    def group_title(self, key: str) -> str:
        """The infested's private thread (`StarCraftMafia.groups`, rulings: `infested_thread`)."""
        return text(f"group_{key}") if f"group_{key}" in TEXTS else super().group_title(key)

    def group_intro(self, key: str) -> str:
        return text(f"group_{key}_intro") if f"group_{key}_intro" in TEXTS else super().group_intro(key)

    def autoplayer(self, state: Any, seat: str, rng: RecordingRng) -> dict[str, Any]:
        from engine.rulesets.starcraft_mafia.ruleset import StarCraftMafia

        return StarCraftMafia().computer_orders(state, seat, rng).model_dump(mode="json")

    def computer_signups(self, players: int, rng: RecordingRng) -> list[Any]:
        return computer.roster(players, rng)

    def length(self, state: Any) -> int | None:
        return int(state.settings.max_days)

    def outcome(self, state: Any) -> dict[str, list[str]]:
        """The winning team's seats (with its dead), and the living at the end."""
        return {"winners": list(state.winners), "survivors": [p.id for p in state.living()]}

    def studies(
        self, trials: int, seed: int, settings: dict[str, Any] | None = None
    ) -> dict[str, dict[str, dict[str, Any]]]:
        return computer.studies(trials, seed, settings)


FRONT = StarCraftMafiaFront()
