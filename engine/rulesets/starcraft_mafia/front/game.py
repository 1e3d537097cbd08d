"""The StarCraft Mafia front: the commands, choosers, orders in words, cards, posts, sign-up, moderators' actions
and the infested's private thread of this package, put together as one value."""

from __future__ import annotations

from typing import Any

from engine.front import Card, CardField, Cards, Front, Groups, Orders, Posts, group_intro, group_title, words_of
from engine.rulesets.starcraft_mafia.front import apply, choosers, describe, posts
from engine.rulesets.starcraft_mafia.front.commands import COMMANDS, usable
from engine.rulesets.starcraft_mafia.front.community import COMMUNITY
from engine.rulesets.starcraft_mafia.front.moderation import MODERATION
from engine.rulesets.starcraft_mafia.front.rules_help import help_cards, rules_cards
from engine.rulesets.starcraft_mafia.front.signup import SIGNUP
from engine.rulesets.starcraft_mafia.front.status import status_cards
from engine.rulesets.starcraft_mafia.front.texts import TEXTS, text

TITLE = text("title")


def _status(view: dict[str, Any]) -> list[Card]:
    return status_cards(view) if "me" in view else []


def _public_status(view: dict[str, Any]) -> list[Card]:
    """The living, and the dead with their cause and team as revealed, from the public view (the web page)."""
    players = view.get("players", [])
    alive = [p["name"] for p in players if p["alive"]]
    dead = [
        text("public_died", name=p["name"], day=p.get("died_day"), cause=p.get("cause", ""), team=p.get("team", "?"))
        for p in players
        if not p["alive"]
    ]
    fields = (
        CardField(text("public_living", n=len(alive)), tuple(alive), empty=text("public_none")),
        CardField(text("public_dead", n=len(dead)), tuple(dead), empty=text("public_none")),
    )
    return [Card(title=text("public_title", day=view.get("day", 0)), fields=fields, colour="purple")]


def _group_title(key: str) -> str:
    """The infested's private thread (`StarCraftMafia.groups`, rulings: `infested_thread`)."""
    return text(f"group_{key}") if f"group_{key}" in TEXTS else group_title(key)


def _group_intro(key: str) -> str:
    return text(f"group_{key}_intro") if f"group_{key}_intro" in TEXTS else group_intro(TITLE, _group_title(key))


FRONT = Front(
    title=TITLE,
    words=words_of(text, signup=text("signup_next")),
    orders=Orders(
        commands=COMMANDS,
        choosers=choosers.CHOOSERS,
        apply=apply.apply,
        describe=describe.describe,
        parts=describe.parts,
        usable=usable,
        when_idle=text("orders_idle"),
    ),
    cards=Cards(status=_status, public=_public_status, rules=rules_cards, help=help_cards),
    posts=Posts(
        sections=posts.HEADINGS, section_of=posts.section_of, title=posts.post_title, day_title=posts.day_title
    ),
    signup=SIGNUP,
    groups=Groups(title=_group_title, intro=_group_intro),
    community=COMMUNITY,
    moderation=MODERATION,
)
