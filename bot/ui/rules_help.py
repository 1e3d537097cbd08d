"""The /rules and /help replies as cards, for any game: the game's own, and the bot's around them.

/rules in a game is that game's rules (`Cards.rules`); without a game it names no game's rules but lists
the installed games and says how to ask for one. /help in a game is the game's commands (`Cards.help`)
followed by the bot's own (sign-up, information, moderators, with the game's `/mod` actions as its front
declares them); without a game, the bot's own (with every game's `/mod` actions) followed by every
installed game's. The bot's words are in `bot/ui/text.py` (keys `rules_*` and `help_*`).
"""

from __future__ import annotations

from bot.ui.text import ui
from engine import registry
from engine.front import Card, CardField, Front

BOT_HELP_SECTIONS = ("signup", "info", "moderators", "moderators_more", "setups")


def _lines(section: str) -> list[str]:
    """A section's lines: one catalogue text of several lines (the cards break it at its lines once it is in the
    reader's language), so more lines can follow it."""
    return [ui(f"help_{section}")]


def moderation_lines(fronts: list[Front]) -> list[str]:
    """The `/mod` actions of these games (`Moderation.help_line`), each line once, in the games' order."""
    lines = [m.help_line for front in fronts for m in front.moderation if m.help_line]
    return list(dict.fromkeys(lines))


def bot_help(fronts: list[Front]) -> Card:
    """The bot's own commands, with the `/mod` actions of these games among the moderators' commands."""
    lines = {s: _lines(s) for s in BOT_HELP_SECTIONS}
    if any(front.signup.roles for front in fronts):
        lines["signup"].append(ui("help_roles"))  # roles are asked for only in games that have them
    if any(front.signup.sheet is not None for front in fronts):
        lines["signup"].append(ui("help_sheet"))  # /sheet exists only for games that take players' sheets
    lines["moderators_more"] += moderation_lines(fronts) + _lines("moderators_seats")
    return Card(
        title=ui("help_title"),
        description=ui("help_intro"),
        colour="blurple",
        fields=tuple(CardField(name=ui(f"help_{s}_title"), lines=tuple(lines[s])) for s in BOT_HELP_SECTIONS),
    )


def help_cards(front: Front | None) -> list[Card]:
    """/help: the game's commands, then the bot's; with no game, the bot's, then every installed game's."""
    if front is not None:
        return front.cards.help() + [bot_help([front])]
    fronts = list(registry.fronts().values())
    return [bot_help(fronts)] + [card for game in fronts for card in game.cards.help()]


def games_card() -> Card:
    """The installed games, and how to read one's rules."""
    titles = tuple(ui("rules_game_line", title=game.title) for game in registry.listing())
    return Card(
        title=ui("rules_games_title"),
        description=ui("rules_games"),
        colour="blurple",
        fields=(CardField(name=ui("rules_games_list"), lines=titles, empty=ui("rules_no_games")),),
    )


def rules_cards(front: Front | None) -> list[Card]:
    """/rules: the game's rules in short; with no game, the list of games."""
    if front is None:
        return [games_card()]
    return front.cards.rules() or [Card(title=front.title, description=ui("rules_none", game=front.title))]
