"""The StarCraft Mafia front object: the commands, choosers, orders in words, cards, posts, moderators'
actions, computer players and studies of this package, put together."""

from __future__ import annotations

from typing import Any

from engine.front import Asked, Card, CardField, Change, Front, Words
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
    words = Words(signup=text("signup_next"))

    def apply(self, asked: Asked) -> Change:
        return apply.apply(asked)

    def when_idle(self) -> str:
        return text("orders_idle")

    def describe(self, orders: dict[str, Any] | None, view: dict[str, Any]) -> list[str]:
        return describe.describe(orders, view)

    def status(self, view: dict[str, Any]) -> list[Card]:
        return status_cards(view) if "me" in view else []

    def public_status(self, view: dict[str, Any]) -> list[Card]:
        """The living, and the dead with their cause and team as revealed, from the public view (the web page)."""
        players = view.get("players", [])
        alive = [p["name"] for p in players if p["alive"]]
        dead = [
            text(
                "public_died", name=p["name"], day=p.get("died_day"), cause=p.get("cause", ""), team=p.get("team", "?")
            )
            for p in players
            if not p["alive"]
        ]
        fields = (
            CardField(text("public_living", n=len(alive)), tuple(alive), empty=text("public_none")),
            CardField(text("public_dead", n=len(dead)), tuple(dead), empty=text("public_none")),
        )
        return [Card(title=text("public_title", day=view.get("day", 0)), fields=fields, colour="purple")]

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
