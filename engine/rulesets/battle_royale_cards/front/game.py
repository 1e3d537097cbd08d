"""FRONT: what the bot shows of the card game, over the player's view (`ruleset.player_view`), as one value."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engine.front import (
    Card,
    CardField,
    Cards,
    DataFile,
    Front,
    Moderation,
    Orders,
    Picture,
    Pictures,
    Posts,
    Refused,
    Signup,
    StepButton,
    Upload,
    commands_help,
    step_titles,
    words_of,
)
from engine.keyed import unfilled
from engine.problems import first_problem
from engine.rulesets.battle_royale_cards.catalog import parse
from engine.rulesets.battle_royale_cards.front import apply as applying
from engine.rulesets.battle_royale_cards.front.commands import CHOOSERS, COMMANDS
from engine.rulesets.battle_royale_cards.front.community import COMMUNITY
from engine.rulesets.battle_royale_cards.front.status import rules_cards, status_cards
from engine.rulesets.battle_royale_cards.front.texts import DOMAIN, TEXTS, text

TITLE = text("title")
PICTURE_COMMAND = "board"
DECK_FILE = DataFile(setting="deck", label="deck", description="A deck file replacing the 25 cards (YAML or JSON)")


def _step_buttons(view: dict[str, Any], current: dict[str, Any]) -> list[StepButton]:
    from engine.rulesets.battle_royale_cards.front.buttons import step_buttons

    return step_buttons(view)


def _grid(view: dict[str, Any]) -> Picture | None:
    """The grid (Pillow is imported only now); its caption is the board in words."""
    from engine.rulesets.battle_royale_cards.front.picture import grid_picture

    return grid_picture(view)


def _help() -> list[Card]:
    """The commands by section, and the picture's own command (/board)."""
    (card,) = commands_help(TITLE, COMMANDS, {s: text(f"help_section_{s}") for s in ("orders", "preturn", "settings")})
    extra = CardField(name=text("section_picture"), lines=(text("help_board", command=PICTURE_COMMAND),))
    return [Card(title=card.title, fields=(*card.fields, extra))]


def _load_deck(data: dict[str, Any]) -> tuple[Any, str]:
    try:
        deck = parse(data)
    except ValueError as error:
        raise Refused(_reason(error)) from None
    return deck.model_dump(mode="json"), text("setup_deck_summary", count=len(deck.cards))


def _reason(error: ValueError) -> str:
    """A pydantic error in one line: where and what."""
    if isinstance(error, ValidationError):
        where, problem = first_problem(error)
        return f"{where}: {problem}" if where else problem
    return str(error)


def _step_group(view: dict[str, Any]) -> str | None:
    return text("step_group", round=view["round"]) if view.get("round") else text("step_group_start")


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
    ),
    cards=Cards(status=status_cards, rules=rules_cards, help=_help),
    # issue 14: the grid (public view) with the post of every step
    picture=Pictures(
        draw=_grid,
        command=PICTURE_COMMAND,
        after_each_step=True,
        description=text("picture_description"),
    ),
    # No sections: a step is one player's few actions, told in the order they happened (issue 23).
    posts=Posts(
        title=step_titles(text, "post_title"), day_title=step_titles(text, "day_title"), step_group=_step_group
    ),
    signup=Signup(data=Upload(DECK_FILE, _load_deck)),
    community=COMMUNITY,
    moderation=(Moderation("remove", text("mod_remove"), (), done=unfilled(DOMAIN, TEXTS, "mod_done_remove")),),
)
