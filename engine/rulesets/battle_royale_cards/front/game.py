"""FRONT: what the bot shows of the card game, over the player's view (`ruleset.player_view`)."""

from __future__ import annotations

from typing import Any

from engine.front import (
    Asked,
    Card,
    CardField,
    Change,
    DataFile,
    Front,
    Moderation,
    Picture,
    Refused,
    StepButton,
    Words,
)
from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.battle_royale_cards.catalog import parse
from engine.rulesets.battle_royale_cards.front import apply as applying
from engine.rulesets.battle_royale_cards.front.commands import CHOOSERS, COMMANDS
from engine.rulesets.battle_royale_cards.front.community import COMMUNITY
from engine.rulesets.battle_royale_cards.front.status import rules_cards, status_cards
from engine.rulesets.battle_royale_cards.front.texts import TEXTS, text


class CardsFront(Front):
    community = COMMUNITY
    title = text("title")
    words = Words(step="Step", steps="steps")
    commands = COMMANDS
    choosers = CHOOSERS
    data_file = DataFile(setting="deck", label="deck", description="A deck file replacing the 25 cards (YAML or JSON)")
    # No sections: a step is one player's few actions, told in the order they happened (issue 23).
    moderation = (Moderation("remove", text("mod_remove"), (), done=TEXTS["mod_done_remove"]),)

    picture_command = "board"
    picture_after_each_step = True  # issue 14: the grid (public view) with the post of every step

    def apply(self, asked: Asked) -> Change:
        return applying.apply(asked)

    def step_buttons(self, view: dict[str, Any], current: dict[str, Any]) -> list[StepButton]:
        from engine.rulesets.battle_royale_cards.front.buttons import step_buttons

        return step_buttons(view)

    def describe(self, orders: dict[str, Any] | None, view: dict[str, Any]) -> list[str]:
        return applying.describe(orders, view)

    def when_idle(self) -> str:
        return text("idle")

    def status(self, view: dict[str, Any]) -> list[Card]:
        return status_cards(view)

    def picture(self, view: dict[str, Any]) -> Picture | None:
        """The grid (Pillow is imported only now); its caption is the board in words."""
        from engine.rulesets.battle_royale_cards.front.picture import grid_picture

        return grid_picture(view)

    def help(self) -> list[Card]:
        """The commands by section, and the picture's own command (/board)."""
        (card,) = super().help()
        extra = CardField(name=text("section_picture"), lines=(text("help_board", command=self.picture_command),))
        return [Card(title=card.title, fields=(*card.fields, extra))]

    def rules(self) -> list[Card]:
        return rules_cards()

    def load_data(self, data: dict[str, Any]) -> tuple[Any, str]:
        try:
            deck = parse(data)
        except ValueError as error:
            raise Refused(_reason(error)) from None
        return deck.model_dump(mode="json"), f"a deck of {len(deck.cards)} cards"

    def post_title(self, day: int) -> str:
        return text("post_title", day=day) if day >= 0 else text("post_start")

    def day_title(self, day: int) -> str:
        return text("day_title", day=day) if day >= 0 else text("post_start")

    def autoplayer(self, state: Any, seat: str, rng: RecordingRng) -> dict[str, Any]:
        from engine.rulesets.battle_royale_cards.ruleset import RULESET

        return RULESET.computer_orders(state, seat, rng).model_dump(mode="json", exclude_none=True)

    def computer_signups(self, players: int, rng: RecordingRng) -> list[Any]:
        return [SignUp(seat=f"s{n:03d}", name=f"Player {n}") for n in range(1, players + 1)]

    def outcome(self, state: Any) -> dict[str, list[str]]:
        return {"winners": list(state.winners), "survivors": [s for s, p in sorted(state.players.items()) if p.alive]}

    def step_group(self, view: dict[str, Any]) -> str | None:
        return text("step_group", round=view["round"]) if view.get("round") else text("step_group_start")

    def studies(
        self, trials: int, seed: int, settings: dict[str, Any] | None = None
    ) -> dict[str, dict[str, dict[str, Any]]]:
        from engine.rulesets.battle_royale_cards.front.balance import card_attack_study, game_study

        return {
            "card attacks": card_attack_study(trials, seed),
            "games": game_study(max(1, min(400, trials // 250)), seed),
        }


def _reason(error: ValueError) -> str:
    """A pydantic error in one line: where and what."""
    errors = getattr(error, "errors", None)
    if callable(errors):
        first = errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ()))
        return f"{where}: {first.get('msg', error)}" if where else str(first.get("msg", error))
    return str(error)


FRONT = CardsFront()
