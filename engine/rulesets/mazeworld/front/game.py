"""FRONT: what the bot shows of a Mazeworld fight, over the actor's own view (`view.view`): the commands and
their choosers, orders in words, the fight and one's own sheet as cards, the battlespace as a picture
(`picture.py`: after every turn in the channel, and `/battlespace`), the rules with every house rule,
the posts' sections, the roster file, and the computer players of `brbot simulate` and `brbot balance`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.dice.words import DiceWords
from engine.front import Asked, Card, CardField, Change, DataFile, Front, Moderation, Option, Picture, Refused, Words
from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.mazeworld.dice import DICE
from engine.rulesets.mazeworld.front import apply as applying
from engine.rulesets.mazeworld.front import posts, sheet
from engine.rulesets.mazeworld.front.choosers import CHOOSERS
from engine.rulesets.mazeworld.front.commands import COMMANDS
from engine.rulesets.mazeworld.front.community import COMMUNITY
from engine.rulesets.mazeworld.front.gm import gm_cards
from engine.rulesets.mazeworld.front.rules_help import rules_cards
from engine.rulesets.mazeworld.front.status import sheet_card, status_cards
from engine.rulesets.mazeworld.front.texts import text

MODERATION = (
    Moderation("end_combat", "Ends combat now: the aftermath begins", done="Combat ended.", about_player=False),
    Moderation("start_combat", "Starts combat again after the aftermath", done="Combat started.", about_player=False),
    Moderation(
        "temerity",
        "Calls a temerity roll for a creature at this turn's end",
        (Option("target", "The creature id the moderators were told", required=True, max_length=20),),
        done="Temerity called.",
        about_player=False,
    ),
)


class MazeworldFront(Front):
    community = COMMUNITY
    title = text("title")
    words = Words(step="Turn", steps="turns")
    commands = COMMANDS
    choosers = CHOOSERS
    dice: DiceWords | None = DICE
    data_file = DataFile(setting="encounter", label=text("roster_label"), description=text("roster_description"))
    sheet_file = DataFile(setting="sheet", label=text("sheet_label"), description=text("sheet_description"))
    post_sections = posts.HEADINGS
    moderation = MODERATION

    picture_command = "battlespace"
    picture_after_each_step = True  # the battlespace (public view) with the post of every turn, and the start's

    def apply(self, asked: Asked) -> Change:
        return applying.apply(asked)

    def describe(self, orders: dict[str, Any] | None, view: dict[str, Any]) -> list[str]:
        return applying.describe(orders, view)

    def when_idle(self) -> str:
        return text("idle")

    def status(self, view: dict[str, Any]) -> list[Card]:
        return status_cards(view)

    def picture(self, view: dict[str, Any]) -> Picture | None:
        """The battlespace from this view (Pillow is imported only now); its caption says it in words."""
        from engine.rulesets.mazeworld.front.picture import battlespace_picture

        return battlespace_picture(view)

    def rules(self) -> list[Card]:
        return rules_cards()

    def gm_status(self, view: dict[str, Any]) -> list[Card]:
        return gm_cards(view)

    def help(self) -> list[Card]:
        """The commands by section (Front's list), titled, with how the game master orders an NPC, and the
        picture's own command."""
        (card,) = super().help()
        picture = CardField(name=text("section_picture"), lines=(text("help_picture", command=self.picture_command),))
        fields = (*card.fields, picture)
        return [replace(card, title=text("help_title"), description=text("help_intro"), fields=fields, colour="red")]

    def load_data(self, data: dict[str, Any]) -> tuple[Any, str]:
        from engine.rulesets.mazeworld.roster import load_encounter

        try:
            encounter = load_encounter(data)
        except ValueError as error:
            raise Refused(str(error)) from None
        species = ", ".join(sorted({g.species for g in encounter.groups}))
        return encounter.model_dump(mode="json"), text("roster_loaded", groups=len(encounter.groups), species=species)

    def load_sheet(self, data: dict[str, Any]) -> tuple[Any, str]:
        return sheet.load(data)

    def sheet_template(self) -> str:
        return sheet.template()

    def sheet_cards(self, view: dict[str, Any]) -> list[Card]:
        """One's own sheet in full, the card /status ends with."""
        return [sheet_card(mine) for mine in view["mine"]]

    def section_of(self, kind: str) -> str | None:
        return posts.section_of(kind)

    def post_title(self, day: int) -> str:
        return text("post_title", day=day) if day >= 0 else text("post_start")

    def day_title(self, day: int) -> str:
        return text("day_title", day=day) if day >= 0 else text("post_start")

    def autoplayer(self, state: Any, seat: str, rng: RecordingRng) -> dict[str, Any]:
        """A contestant plays the demo's script; an NPC (awaited under `gm_then_script`) its own script."""
        from engine.rulesets.mazeworld.policy import contestant_orders, npc_orders

        creature = state.get(seat)
        script = npc_orders if creature is not None and creature.controller is None else contestant_orders
        return dict(script(state, seat).model_dump(mode="json"))

    def computer_signups(self, players: int, rng: RecordingRng) -> list[Any]:
        """The demo fight: one contestant, whatever the number of players asked (our ruling)."""
        return [SignUp(seat="s1", name="Contestant")]

    def length(self, state: Any) -> int | None:
        return int(state.settings.max_turns)

    def outcome(self, state: Any) -> dict[str, list[str]]:
        """The contestants standing at the end win (their players' seats); the survivors are everyone still
        present: players' seats, the game master's creatures by name ("Wolf A")."""
        standing = [c.controller for c in state.creatures if c.controller is not None and c.status == "active"]
        return {
            "winners": standing,
            "survivors": [c.controller or c.name for c in state.creatures if c.present],
        }

    def studies(
        self, trials: int, seed: int, settings: dict[str, Any] | None = None
    ) -> dict[str, dict[str, dict[str, Any]]]:
        from engine.rulesets.mazeworld.front.balance import studies

        return studies(trials, seed)


FRONT = MazeworldFront()
