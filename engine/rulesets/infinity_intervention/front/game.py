"""FRONT: what the bot shows of an Infinity: Intervention combat, over the actor's own view (`view.view`): the
commands and their choosers, orders in words, the post order and one's own sheet as cards, the face-off
question's answer buttons, the rules with every house rule, the posts' sections, the moderators' Heat actions,
and the computer players of `brbot simulate` and `brbot balance`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.dice.words import DiceWords
from engine.front import Asked, Card, Change, DataFile, Front, Moderation, Option, Refused, StepButton, Words
from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.infinity_intervention.dice import DICE
from engine.rulesets.infinity_intervention.front import apply as applying
from engine.rulesets.infinity_intervention.front import posts, sheet
from engine.rulesets.infinity_intervention.front.choosers import CHOOSERS, me
from engine.rulesets.infinity_intervention.front.commands import COMMANDS
from engine.rulesets.infinity_intervention.front.community import COMMUNITY
from engine.rulesets.infinity_intervention.front.gm import gm_cards
from engine.rulesets.infinity_intervention.front.rules_help import rules_cards
from engine.rulesets.infinity_intervention.front.status import sheet_card, status_cards
from engine.rulesets.infinity_intervention.front.texts import text

ACTOR = Option("actor", text("opt_actor"), max_length=60, source="actors")
MODERATION = (
    Moderation(
        "spend_heat",
        text("mod_spend_heat"),
        (
            Option(
                "kind",
                text("opt_kind"),
                required=True,
                choices=tuple((k, k) for k in ("boost", "reorder", "reinforce", "complication")),
            ),
            ACTOR,
            Option(
                "skill",
                text("opt_skill"),
                choices=tuple((s, s) for s in ("ballistics", "close_combat", "hacking", "persuade")),
            ),
            Option("after", text("opt_after_mod"), max_length=60, source="actors"),
            Option("sheet", text("opt_sheet"), max_length=20),
            Option("text", text("opt_text_mod"), max_length=500),
        ),
        done="Heat spent.",
        about_player=False,
    ),
    Moderation(
        "set_order",
        text("mod_set_order"),
        (
            replace(ACTOR, description=text("opt_actor_move"), required=True),
            Option("after", text("opt_after_order"), max_length=60, source="actors"),
        ),
        done=text("mod_done_set_order"),
        about_player=False,
    ),
    Moderation(
        "rule",
        text("mod_rule"),
        (
            replace(ACTOR, description=text("opt_actor_rule"), required=True, source="to_rule"),
            Option("text", text("opt_ruling"), required=True, max_length=1800),
            Option("immobilize", text("opt_immobilize"), max_length=60, source="actors"),
        ),
        done=text("mod_done_rule"),
        about_player=False,
    ),
    Moderation("revive", text("mod_revive"), (replace(ACTOR, required=True),), done="Revived.", about_player=False),
    Moderation("end_combat", text("mod_end_combat"), (), done="The combat is over.", about_player=False),
)


class InfinityFront(Front):
    community = COMMUNITY
    title = text("title")
    words = Words(step="Step", steps="steps")
    commands = COMMANDS
    choosers = CHOOSERS
    post_sections = posts.HEADINGS
    moderation = MODERATION
    data_file = DataFile(setting="roster", label=text("roster_label"), description=text("roster_description"))
    sheet_file = DataFile(setting="sheet", label=text("sheet_label"), description=text("sheet_description"))
    dice: DiceWords | None = DICE  # the rulings' `/roll` options: tn, focus, vs

    def load_sheet(self, data: dict[str, Any]) -> tuple[Any, str]:
        return sheet.load(data)

    def sheet_template(self) -> str:
        return sheet.template()

    def sheet_cards(self, view: dict[str, Any]) -> list[Card]:
        """One's own PC in full, the cards /status ends with."""
        return [sheet_card(view["actors"][i]["name"], s) for i, s in (view.get("mine") or {}).items()]

    def apply(self, asked: Asked) -> Change:
        return applying.apply(asked)

    def describe(self, orders: dict[str, Any] | None, view: dict[str, Any]) -> list[str]:
        return applying.describe(orders, view)

    def step_hint(self, view: dict[str, Any]) -> str:
        return applying.step_hint(view)

    def when_idle(self) -> str:
        return text("idle")

    def status(self, view: dict[str, Any]) -> list[Card]:
        return status_cards(view)

    def rules(self) -> list[Card]:
        return rules_cards()

    def gm_status(self, view: dict[str, Any]) -> list[Card]:
        return gm_cards(view)

    def help(self) -> list[Card]:
        (card,) = super().help()
        return [replace(card, title=text("help_title"), description=text("help_intro"), colour="blue")]

    def step_buttons(self, view: dict[str, Any], current: dict[str, Any]) -> list[StepButton]:
        """The face-off's answers as buttons for the asked actor (react when it may, take); none otherwise."""
        found = me(view)
        question = view.get("question")
        if found is None or not question or question["target"] != found[0]:
            return []
        take = StepButton(text("take"), "react", (("choice", "take"),))
        if not question.get("can_react"):
            return [take]
        return [StepButton(text("react"), "react", (("choice", "react"),), style="primary"), take]

    def load_data(self, data: dict[str, Any]) -> tuple[Any, str]:
        """A moderator's roster file (`/game create file:`), checked by the roster schema (`catalog.upload`)."""
        from engine.rulesets.infinity_intervention.catalog import CatalogError, upload

        try:
            roster = upload(data, text("roster_label"))
        except CatalogError as error:
            reason = str(error).removeprefix(text("roster_label") + ": ")
            raise Refused(text("roster_refused", reason=reason)) from None
        fight = [roster.sheet(i) for i in roster.fight]
        return roster.model_dump(mode="json"), text(
            "roster_loaded",
            pcs=", ".join(s.name for s in fight if s.side == "pc"),
            npcs=", ".join(s.name for s in fight if s.side == "npc"),
            reserve=sum(1 for s in roster.sheets if s.side == "npc"),
        )

    def section_of(self, kind: str) -> str | None:
        return posts.section_of(kind)

    def post_title(self, day: int) -> str:
        return text("post_title", day=day) if day >= 0 else text("post_start")

    def day_title(self, day: int) -> str:
        return text("post_title", day=day) if day >= 0 else text("post_start")

    def autoplayer(self, state: Any, seat: str, rng: RecordingRng) -> dict[str, Any]:
        """The script (`script.py`) for the awaited actor `seat` controls: its post, or its face-off answer."""
        from engine.rulesets.infinity_intervention.script import scripted_answer, scripted_post

        actor = seat if seat in state.fighters else state.awaited
        if state.pending is not None:
            answer = scripted_answer(state, actor, state.pending.attacker)
            return {"answer": answer.model_dump(mode="json")}
        return dict(scripted_post(state, actor).model_dump(mode="json"))

    def computer_signups(self, players: int, rng: RecordingRng) -> list[Any]:
        """The demo fight's PCs, one a player (at most its two PCs)."""
        return [SignUp(seat=f"s{n}", name=f"Player {n}") for n in range(1, min(players, 2) + 1)]

    def step_group(self, view: dict[str, Any]) -> str | None:
        return text("step_group", turn=view["turn"])

    def length(self, state: Any) -> int | None:
        return None  # a step is one post or one answer: how many a turn takes depends on the fight

    def outcome(self, state: Any) -> dict[str, list[str]]:
        """The prevailing side wins (rulings, "End": the other side has no able member), the survivors are the
        fighters not killed: a player's character as its player's seat, the game master's fighters by name
        ("Yan Huo"), as Mazeworld names its creatures. An undecided or ended combat has no winners."""

        def who(fighters: list[Any]) -> list[str]:
            seats = sorted({f.controller for f in fighters if f.controller})
            return seats + [f.name for f in fighters if not f.controller]

        fighters = list(state.fighters.values())
        side = state.outcome if state.outcome in ("pc", "npc") else None
        return {
            "winners": who([f for f in fighters if f.side == side]),
            "survivors": who([f for f in fighters if not f.killed]),
        }

    def studies(
        self, trials: int, seed: int, settings: dict[str, Any] | None = None
    ) -> dict[str, dict[str, dict[str, Any]]]:
        from engine.rulesets.infinity_intervention.front.balance import studies

        return studies(trials, seed)


FRONT = InfinityFront()
