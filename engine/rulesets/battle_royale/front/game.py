"""The Battle Royale front: the commands, choosers, orders in words, cards, picture, posts, sign-up and trades of
this package, put together as one value."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.front import (
    Asked,
    Card,
    CardField,
    Cards,
    Change,
    Form,
    Front,
    Orders,
    Pictures,
    Posts,
    Trade,
    Upload,
    words_of,
)
from engine.rulesets.battle_royale.front import apply, choosers, day0, describe, island_file, posts, trade
from engine.rulesets.battle_royale.front.commands import COMMANDS
from engine.rulesets.battle_royale.front.community import COMMUNITY
from engine.rulesets.battle_royale.front.moderation import MODERATION
from engine.rulesets.battle_royale.front.rules_help import help_cards, rules_cards
from engine.rulesets.battle_royale.front.signup import SIGNUP
from engine.rulesets.battle_royale.front.status import status_cards
from engine.rulesets.battle_royale.front.texts import text


def _apply(asked: Asked) -> Change:
    return day0.apply(asked) if asked.command == "day0" else apply.apply(asked)


def _form(name: str, view: dict[str, Any], current: dict[str, Any]) -> Form | str:
    return day0.form(view, current)  # /day0 is the game's one form


def _status(view: dict[str, Any]) -> list[Card]:
    """/status: "You", "What you know" and "Around you", from the player's view alone."""
    return status_cards(view) if "me" in view else []


def _public_status(view: dict[str, Any]) -> list[Card]:
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


def _map(view: dict[str, Any]) -> Any:
    """/map: the island drawn from the view (Pillow is imported only now)."""
    from engine.rulesets.battle_royale.front.picture import map_picture

    return map_picture(view)


FRONT = Front(
    title=text("title"),
    words=words_of(text),
    orders=Orders(
        commands=COMMANDS,
        choosers=choosers.CHOOSERS,
        apply=_apply,
        describe=describe.describe,
        parts=describe.parts,
        when_idle=text("orders_idle"),
        forms=(day0.DAY0,),
        form=_form,
    ),
    cards=Cards(status=_status, public=_public_status, rules=rules_cards, help=help_cards),
    picture=Pictures(draw=_map),
    posts=Posts(
        sections=posts.HEADINGS, section_of=posts.section_of, title=posts.post_title, day_title=posts.day_title
    ),
    signup=replace(SIGNUP, data=Upload(island_file.DATA_FILE, island_file.load_island)),
    trade=Trade(offer_to=trade.offer_to, offer_text=trade.offer_text, accept=trade.accept),
    community=COMMUNITY,
    moderation=MODERATION,
)
