"""Every sentence the bot says outside the games' own narration, one catalogue split by feature: a module per
thing people see or do (the lobby, orders, the muster, profiles, the web site, the command line...), each a
`TEXTS` dict of keys to English templates. Whichever layer says a sentence (a service's refusal, a cog's reply,
a button's label), it is the feature's: `bot.text.say` and `bot.ui.text.ui` both read this one catalogue. A
screen of the rendering layer (`bot.screens`: the lobby, the muster, orders, the profile, a step's post, the status card, a refusal)
holds its strings beside its lines and buttons, and is a feature here too.

A key belongs to one feature: `TEXT` is their union, and a key written in two features fails at import (a
sentence said twice is one sentence). The games' own words live in their packages (`engine/rulesets/*/`).
"""

from __future__ import annotations

from types import ModuleType

from bot.screens import lobby, muster, profile, refusal, status, step_post
from bot.screens import orders as order_screen
from bot.texts import (
    absence,
    buttons,
    cli,
    commands,
    common,
    community,
    delivery,
    dice,
    groups,
    help,
    info,
    languages,
    moderators,
    orders,
    posts,
    profiles,
    setups,
    sheets,
    signup,
    spectators,
    verification,
    web,
)

FEATURES: tuple[ModuleType, ...] = (
    common, signup, sheets, orders, moderators, commands, web, verification, posts, cli, groups, community,
    profiles, profile, lobby, muster, order_screen, step_post, absence, spectators, delivery, info, help, dice,
    buttons, status, refusal, setups, languages,
)  # fmt: skip


def union(features: tuple[ModuleType, ...]) -> dict[str, str]:
    """The features' catalogues as one; a key two of them write is refused, naming both."""
    merged: dict[str, str] = {}
    owner: dict[str, str] = {}
    for feature in features:
        name = feature.__name__.rsplit(".", 1)[-1]
        for key, template in feature.TEXTS.items():
            if key in owner:
                raise ValueError(f"text {key!r} is written twice: in bot.texts.{owner[key]} and bot.texts.{name}")
            merged[key], owner[key] = template, name
    return merged


TEXT: dict[str, str] = union(FEATURES)
