"""FRONT: what the bot shows of a Mazeworld fight, over the actor's own view (`view.view`), as one value: the
commands and their choosers, orders in words, the fight and one's own sheet as cards, the battlespace as a
picture (`picture.py`: after every turn in the channel, and `/battlespace`), the rules with every house rule,
the posts' sections, the roster and sheet files, and the game master's actions."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.front import (
    Card,
    CardField,
    Cards,
    DataFile,
    Front,
    Moderation,
    Option,
    Orders,
    Picture,
    Pictures,
    Posts,
    Refused,
    Signup,
    Upload,
    character_sheet,
    commands_help,
    step_titles,
    words_of,
)
from engine.keyed import joined
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

TITLE = text("title")
PICTURE_COMMAND = "battlespace"
HELP_SECTIONS = {"orders": text("help_section_orders"), "game master": text("help_section_game_master")}

MODERATION = (
    Moderation(
        "end_combat",
        text("mod_end_combat"),
        done=text("mod_done_end_combat"),
        about_player=False,
        brief="End the combat now",
    ),
    Moderation("start_combat", text("mod_start_combat"), done=text("mod_done_start_combat"), about_player=False),
    Moderation(
        "temerity",
        text("mod_temerity"),
        (Option("target", text("opt_temerity_target"), required=True, max_length=20),),
        done=text("mod_done_temerity"),
        about_player=False,
    ),
)


def _battlespace(view: dict[str, Any]) -> Picture | None:
    """The battlespace from this view (Pillow is imported only now); its caption says it in words."""
    from engine.rulesets.mazeworld.front.picture import battlespace_picture

    return battlespace_picture(view)


def _help() -> list[Card]:
    """The commands by section, titled, with how the game master orders an NPC, and the picture's own command."""
    (card,) = commands_help(TITLE, COMMANDS, HELP_SECTIONS)
    picture = CardField(name=text("section_picture"), lines=(text("help_picture", command=PICTURE_COMMAND),))
    fields = (*card.fields, picture)
    return [replace(card, title=text("help_title"), description=text("help_intro"), fields=fields, colour="red")]


def _sheet_cards(view: dict[str, Any]) -> list[Card]:
    """One's own sheet in full, the card /status ends with."""
    return [sheet_card(mine) for mine in view["mine"]]


def _load_encounter(data: dict[str, Any]) -> tuple[Any, str]:
    from engine.rulesets.mazeworld.roster import load_encounter

    try:
        encounter = load_encounter(data)
    except ValueError as error:
        raise Refused(str(error)) from None
    species = joined(", ", sorted({g.species for g in encounter.groups}))
    return encounter.model_dump(mode="json"), text("roster_loaded", groups=len(encounter.groups), species=species)


FRONT = Front(
    title=TITLE,
    words=words_of(text),
    orders=Orders(
        commands=COMMANDS, choosers=CHOOSERS, apply=applying.apply, describe=applying.describe, when_idle=text("idle")
    ),
    cards=Cards(status=status_cards, gm=gm_cards, sheet=_sheet_cards, rules=rules_cards, help=_help),
    # the battlespace (public view) with the post of every turn, and the start's
    picture=Pictures(
        draw=_battlespace,
        command=PICTURE_COMMAND,
        after_each_step=True,
        description=text("picture_description"),
    ),
    posts=Posts(
        sections=posts.HEADINGS,
        section_of=posts.section_of,
        title=step_titles(text, "post_title"),
        day_title=step_titles(text, "day_title"),
    ),
    signup=Signup(
        data=Upload(
            DataFile(setting="encounter", label=text("roster_label"), description=text("roster_description")),
            _load_encounter,
        ),
        sheet=character_sheet(text, sheet.load, sheet.template),
    ),
    community=COMMUNITY,
    moderation=MODERATION,
    dice=DICE,
)
