"""Battle Royale's /rules and its part of /help, as cards.

/rules summarises docs/rules/battle-royale.md (roles and Day 0, actions, movement, free actions, votes, the
order of a night, winning) and says where the full rules are. /help lists the game's own commands (roles,
Day 0, actions, movement, free actions, votes); the bot adds its own (sign-up, information, moderators).
The words are in `texts`.
"""

from __future__ import annotations

from engine.front import Card, CardField
from engine.rulesets.battle_royale.front.texts import text

RULES_FIRST = ("day", "actions", "movement", "free")
RULES_SECOND = ("votes", "night", "winning", "full")
HELP_SECTIONS = ("roles", "day0", "actions", "movement", "free", "votes")


def _section(prefix: str, name: str) -> CardField:
    return CardField(name=text(f"{prefix}_{name}_title"), lines=(text(f"{prefix}_{name}"),))


def rules_cards() -> list[Card]:
    """The rules in short: two cards, the day's orders, then nights, votes and winning."""
    return [
        Card(
            title=text("rules_title"),
            description=text("rules_intro"),
            colour="red",
            fields=tuple(_section("rules", s) for s in RULES_FIRST),
        ),
        Card(title=text("rules_title_more"), colour="red", fields=tuple(_section("rules", s) for s in RULES_SECOND)),
    ]


def help_cards() -> list[Card]:
    """The game's own commands, grouped."""
    return [Card(title=text("help_title"), colour="blurple", fields=tuple(_section("help", s) for s in HELP_SECTIONS))]
