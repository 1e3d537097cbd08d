"""FRONT: what the bot shows of an Infinity: Intervention combat, over the actor's own view (`view.view`): the
commands and their choosers, orders in words, the post order and one's own sheet as cards, the face-off
question's answer buttons, the rules with every house rule, the posts' sections, the roster and sheet files and
the moderators' Heat actions, as one value."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.front import (
    Card,
    Cards,
    DataFile,
    Front,
    Moderation,
    Option,
    Orders,
    Posts,
    Refused,
    Signup,
    StepButton,
    Upload,
    character_sheet,
    commands_help,
    step_titles,
    words_of,
)
from engine.keyed import joined
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

TITLE = text("title")
HELP_SECTIONS = {"orders": text("help_section_orders"), "game master": text("help_section_game_master")}

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
        done=text("mod_done_spend_heat"),
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
    Moderation(
        "revive_actor",
        text("mod_revive"),
        (replace(ACTOR, required=True),),
        done=text("mod_done_revive"),
        about_player=False,
    ),
    Moderation(
        "end_combat",
        text("mod_end_combat"),
        (),
        done=text("mod_done_end_combat"),
        about_player=False,
        brief="End the combat now",
    ),
)


def _sheet_cards(view: dict[str, Any]) -> list[Card]:
    """One's own PC in full, the cards /status ends with."""
    return [sheet_card(view["actors"][i]["name"], s) for i, s in (view.get("mine") or {}).items()]


def _help() -> list[Card]:
    (card,) = commands_help(TITLE, COMMANDS, HELP_SECTIONS)
    return [replace(card, title=text("help_title"), description=text("help_intro"), colour="blue")]


def _step_buttons(view: dict[str, Any], current: dict[str, Any]) -> list[StepButton]:
    """The face-off's answers as buttons for the asked actor (react when it may, take); none otherwise."""
    found = me(view)
    question = view.get("question")
    if found is None or not question or question["target"] != found[0]:
        return []
    take = StepButton(text("take"), "react", (("choice", "take"),))
    if not question.get("can_react"):
        return [take]
    return [StepButton(text("react"), "react", (("choice", "react"),), style="primary"), take]


def _load_roster(data: dict[str, Any]) -> tuple[Any, str]:
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
        pcs=joined(", ", [s.name for s in fight if s.side == "pc"]),
        npcs=joined(", ", [s.name for s in fight if s.side == "npc"]),
        reserve=sum(1 for s in roster.sheets if s.side == "npc"),
    )


def _step_group(view: dict[str, Any]) -> str | None:
    return text("step_group", turn=view["turn"])


FRONT = Front(
    title=TITLE,
    words=words_of(text),
    orders=Orders(
        commands=COMMANDS,
        choosers=CHOOSERS,
        apply=applying.apply,
        describe=applying.describe,
        when_idle=text("idle"),
        step_buttons=_step_buttons,
        step_hint=applying.step_hint,
    ),
    cards=Cards(status=status_cards, gm=gm_cards, sheet=_sheet_cards, rules=rules_cards, help=_help),
    posts=Posts(
        sections=posts.HEADINGS,
        section_of=posts.section_of,
        title=step_titles(text, "post_title"),
        day_title=step_titles(text, "post_title"),
        step_group=_step_group,
    ),
    signup=Signup(
        data=Upload(
            DataFile(setting="roster", label=text("roster_label"), description=text("roster_description")),
            _load_roster,
        ),
        sheet=character_sheet(text, sheet.load, sheet.template),
    ),
    community=COMMUNITY,
    moderation=MODERATION,
    dice=DICE,  # the rulings' `/roll` options: tn, focus, vs
)
