"""The Battle Royale front object: the commands, choosers, orders in words, cards, picture, computer players
and studies of this package, put together."""

from __future__ import annotations

from typing import Any

from engine.front import Asked, Card, CardField, Change, Form, Front, Picture
from engine.rng import RecordingRng
from engine.rulesets.battle_royale.front import apply, choosers, day0, describe, island_file, posts, trade
from engine.rulesets.battle_royale.front.commands import COMMANDS
from engine.rulesets.battle_royale.front.community import COMMUNITY
from engine.rulesets.battle_royale.front.moderation import MODERATION
from engine.rulesets.battle_royale.front.rules_help import help_cards, rules_cards
from engine.rulesets.battle_royale.front.signup import SIGNUP
from engine.rulesets.battle_royale.front.status import status_cards
from engine.rulesets.battle_royale.front.texts import text


class BattleRoyaleFront(Front):
    community = COMMUNITY
    title = "Battle Royale"
    commands = COMMANDS
    choosers = choosers.CHOOSERS
    post_sections = posts.HEADINGS
    moderation = MODERATION

    signup_options = SIGNUP
    data_file = island_file.DATA_FILE

    def load_data(self, data: dict[str, Any]) -> tuple[Any, str]:
        return island_file.load_island(data)

    forms = (day0.DAY0,)

    def form(self, name: str, view: dict[str, Any], current: dict[str, Any]) -> Form | str:
        return day0.form(view, current) if name == "day0" else super().form(name, view, current)

    def apply(self, asked: Asked) -> Change:
        return day0.apply(asked) if asked.command == "day0" else apply.apply(asked)

    def offer_to(self, orders: dict[str, Any] | None, seat: str) -> dict[str, Any] | None:
        return trade.offer_to(orders, seat)

    def accept(self, terms: dict[str, Any], proposer: str, view: dict[str, Any], current: dict[str, Any]) -> Change:
        return trade.accept(terms, proposer, current)

    def offer_text(self, terms: dict[str, Any], proposer: str, game: str, view: dict[str, Any]) -> str:
        return trade.offer_text(terms, proposer, game, view)

    def section_of(self, kind: str) -> str | None:
        return posts.section_of(kind)

    def post_title(self, day: int) -> str:
        return posts.post_title(day)

    def day_title(self, day: int) -> str:
        return posts.day_title(day)

    def autoplayer(self, state: Any, seat: str, rng: RecordingRng) -> dict[str, Any]:
        from engine.rulesets.battle_royale import autoplayer

        return autoplayer.orders_for(state, seat, rng).model_dump(mode="json")

    def computer_signups(self, players: int, rng: RecordingRng) -> list[Any]:
        from engine.rulesets.battle_royale.front.computer import roster

        return roster(players, rng)

    def length(self, state: Any) -> int | None:
        return state.settings.days

    def outcome(self, state: Any) -> dict[str, list[str]]:
        """The winners, and the students alive or escaped at the end, by seat."""
        return {
            "winners": list(state.winners),
            "survivors": [sid for sid, s in sorted(state.students.items()) if s.alive or s.escaped],
        }

    def studies(
        self, trials: int, seed: int, settings: dict[str, Any] | None = None
    ) -> dict[str, dict[str, dict[str, Any]]]:
        """The weapon study (`balance.weapon_study`): each weapon's average damage against the handbook's (the
        catalog's numbers: house rules do not change them)."""
        from engine.rulesets.battle_royale.balance import weapon_study

        study = weapon_study(RecordingRng(seed, record=False), trials=trials)
        return {"weapons": {name: row | {"expected": row["handbook"]} for name, row in study.items()}}

    def when_idle(self) -> str:
        return text("orders_idle")

    def describe(self, orders: dict[str, Any] | None, view: dict[str, Any]) -> list[str]:
        return describe.describe(orders, view)

    def status(self, view: dict[str, Any]) -> list[Card]:
        """/status: "You", "What you know" and "Around you", from the player's view alone."""
        return status_cards(view) if "me" in view else []

    def public_status(self, view: dict[str, Any]) -> list[Card]:
        """The living, the escaped and the dead, from the public view (the game's web page)."""
        students = view.get("students", [])
        alive = [s["name"] + (text("public_marked") if s.get("marked") else "") for s in students if s["alive"]]
        escaped = [s["name"] for s in students if s.get("escaped")]
        dead = [
            text("public_died", name=s["name"], day=s["died_day"])
            for s in students
            if not s["alive"] and not s.get("escaped")
        ]
        fields = [
            CardField(text("public_living", n=len(alive)), tuple(alive), empty=text("public_none")),
            CardField(text("public_dead", n=len(dead)), tuple(dead), empty=text("public_none")),
        ]
        if escaped:
            fields.append(CardField(text("public_escaped", n=len(escaped)), tuple(escaped)))
        return [Card(title=text("public_title", day=view.get("day", 0)), fields=tuple(fields), colour="red")]

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
