"""The orders card's buttons (`bot.services.orders.order_card`, drawn by `bot.screens.orders`): under `/orders`
and `/status`, in the channel (ephemeral) and by DM, a Change and a Withdraw button per order of the step and
Add an order, `CARD_ROWS` orders a page with buttons to the other pages.

Every press is a discord.py `DynamicItem` registered at start-up, found again from its custom id after any
number of restarts: the id names the game, the step, the player and the order (`card_id`). A press by anyone
but that player, on a card of an earlier step or on an order no longer there is refused in words, changing
nothing. Change opens the order's menu (`bot.ui.order_menu`, its values preselected); Add an order, or Change
on orders the game lists as one whole, a select of the verbs open now (paged past Discord's 25 options), whose
choice opens that verb's menu (or its form, `bot.ui.form_menu`); Withdraw takes the order off and shows the
card again. Each press reads the game once and answers at once (Discord allows 3 seconds).

The game master's card of each of their characters (`/mod orders`, `game_master_replies`) has the same buttons
with ids of their own (`GameMasterPress`: `brbot:gm:<game>:<step>:<character>:...`), naming no user: any of the
game's moderators may press them, anyone else is refused. A large cast is shown `GM_CARDS_PAGE` characters at a
time, with a button to the next ones (`GameMasterPage`: `brbot:gmp:<game>:<page>`).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Self

import discord

from bot.languages.reader import localized
from bot.screens import orders as screen
from bot.services.base.errors import ServiceError
from bot.services.orders import forms, order_card
from bot.services.orders import menus as order_menus
from bot.ui.cards import card_embeds
from bot.ui.context import caller_of
from bot.ui.form_menu import MORE, OPTIONS_MAX, PAGE, FormMenu
from bot.ui.order_menu import menu_reply as order_menu
from bot.ui.respond import Reply, refusing, respond
from bot.ui.text import ui


def _whole(card: order_card.Card) -> bool:
    """Whether the orders are one whole (a game that lists no parts): shown in its words, buttons unnumbered."""
    return len(card.parts) == 1 and not card.parts[0].command and card.parts[0].rest is None


def buttons(card: order_card.Card, user_id: int, page: int = 0) -> discord.ui.View:
    """The card's buttons as a view that never times out (its presses are the `DynamicItem`s below); the game
    master's card of a character (`card.actor`) has `GameMasterPress` ids."""
    keys = [order_card.key(p) for p in card.parts]
    rows = screen.card_buttons(card.game_id, card.day, user_id, keys, page, _whole(card), card.actor)
    view = discord.ui.View(timeout=None)
    for row, specs in enumerate(rows):
        for spec in specs:
            button = spec.button()
            button.label = localized(spec.label)
            button.row = row
            view.add_item(button)
    return view


def description(card: order_card.Card) -> str | None:
    """The card's orders numbered as its buttons name them (None: the orders are one whole, or none, which
    /orders says in the game's words already)."""
    if not card.parts or _whole(card):
        return None
    lines = [localized(screen.card_line(n, localized(p.line))) for n, p in enumerate(card.parts, 1)]
    return "\n".join(lines)[: screen.DESCRIPTION_MAX]


def _mine(interaction: discord.Interaction, owner: str) -> None:
    if interaction.user.id != int(owner):
        raise ServiceError(ui("card_not_yours"))


def verb_select(card: order_card.Card, user_id: int, page: int, actor: str | None = None) -> discord.ui.View:
    """A select of the verbs open now, `PAGE` a page with an option that turns it when there are more."""
    pages = 1 if len(card.verbs) <= OPTIONS_MAX else -(-len(card.verbs) // PAGE)
    page %= pages
    shown = card.verbs if pages == 1 else card.verbs[page * PAGE : (page + 1) * PAGE]
    options = [
        discord.SelectOption(
            label=f"/{c.usage}"[:100], value=c.name[:100], description=localized(c.description)[:100] or None
        )
        for c in shown
    ]
    if pages > 1:
        options.append(
            discord.SelectOption(label=localized(screen.verb_more((page + 1) % pages + 1, pages))[:100], value=MORE)
        )
    select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
        custom_id=screen.verb_select_id(card.game_id, card.day, user_id, page, actor),
        placeholder=localized(screen.verb_placeholder())[:150],
        options=options,
    )
    view = discord.ui.View(timeout=None)
    view.add_item(select)
    return view


async def menu_reply(
    interaction: discord.Interaction,
    card: order_card.Card,
    verb: str,
    values: dict[str, Any],
    actor: str | None = None,
    moderator: Any = False,
) -> Reply:
    """The menu of `verb` (its form, for a form command) with `values` preselected, as a reply; with `actor`,
    for that character of the game master's (`moderator` the caller)."""
    bot = interaction.client
    user_id = interaction.user.id
    if verb in card.forms and actor is None:
        form = await forms.form_for(bot.db, card.game_id, user_id, verb)  # type: ignore[attr-defined]
        title = ui("form_title", title=form.card.title, game=card.game)
        view: discord.ui.View = FormMenu(bot.db, bot.clock, card.game_id, user_id, verb, form)  # type: ignore[attr-defined]
        return Reply(embeds=card_embeds(dataclasses.replace(form.card, title=title)), view=view)
    command, form = await order_menus.menu_for(bot.db, card.game_id, user_id, verb, values, actor, moderator)  # type: ignore[attr-defined]
    return order_menu(bot.db, bot.clock, card.game_id, card.game, user_id, command, form, actor, moderator)  # type: ignore[attr-defined]


def chooser_reply(card: order_card.Card, user_id: int, page: int = 0, actor: str | None = None) -> Reply:
    embed = discord.Embed(title=localized(screen.verb_title(card.game, card.step)))
    return Reply(embeds=[embed], view=verb_select(card, user_id, page, actor))


def card_reply(card: order_card.Card, user_id: int, content: str | None = None, page: int = 0) -> dict[str, Any]:
    """The card as a message edit: `content` on top, the orders numbered, the buttons (the game master's card of
    a character, `card.actor`: its name in the title)."""
    if card.actor is not None:
        title = screen.gm_card_title(card.actor_name, card.game, card.step)
        empty = screen.gm_no_orders(card.actor_name, card.step)
    else:
        title, empty = screen.orders_card(card.game, card.step, [], []).title, screen.no_orders(card.step)
    embed = discord.Embed(title=localized(title)[:256])
    listed = "\n".join(f"• {localized(p.line)}" for p in card.parts)
    embed.description = description(card) or listed or localized(empty)
    return {"content": content, "embeds": [embed], "view": buttons(card, user_id, page)}


def game_master_replies(content: str | None, found: order_card.GameMasterCards, user_id: int) -> list[Reply]:
    """`/mod orders`: `content` (who is awaited) with the first character's card, then a message per other
    character's card (each card is a message: a message holds the five rows of one card's buttons), at most
    `screen.GM_CARDS_PAGE` of them (`found` is one page of the characters); with more characters, a last
    message saying which were shown, with a button to the next page (`GameMasterPage`): a large cast is
    never a burst of follow-ups."""
    replies = []
    for number, card in enumerate(found.cards):
        shown = card_reply(card, user_id, content if number == 0 else None)
        replies.append(Reply(content=shown["content"], embeds=shown["embeds"], view=shown["view"]))
    if found.pages > 1:
        last = found.first + len(found.cards) - 1
        view = discord.ui.View(timeout=None)
        spec = screen.gm_more_button(found.cards[0].game_id, (found.page + 1) % found.pages, found.pages)
        button = spec.button()
        button.label = localized(spec.label)
        view.add_item(button)
        replies.append(Reply(content=localized(screen.gm_cards_page(found.first, last, found.total)), view=view))
    return replies or [Reply(content=content)]


class GameMasterPage(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"brbot:gmp:(?P<game>\d+):(?P<page>\d+)",
):
    """ "More characters" under `/mod orders`: the next page of the game master's characters' cards, read now
    (whoever may act now). Any moderator of the game may press it; anyone else is refused, seeing nothing."""

    def __init__(self, custom_id: str, game: str, page: str) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id))
        self.game, self.page = int(game), int(page)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match.group(0), match["game"], match["page"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Any = interaction.client
        async with refusing(interaction):
            user_id = interaction.user.id
            found = await order_card.game_master_cards(
                bot.db, self.game, user_id, caller_of(interaction), self.page, screen.GM_CARDS_PAGE
            )
            if not found.cards:
                raise ServiceError(localized(screen.gm_none(found.has_characters)))
            await respond(interaction, game_master_replies(None, found, user_id))


class _Parted:
    """A persistent component whose custom id names its game, step, player and more (`parts`, the template's
    named groups), read back from the id alone after a restart."""

    component: type[discord.ui.Item[Any]] = discord.ui.Button

    def __init__(self, custom_id: str, **parts: Any) -> None:
        super().__init__(self.component(custom_id=custom_id))  # type: ignore[call-arg]  # the DynamicItem's item
        self.parts = parts

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match.group(0), **match.groupdict())


class CardPress(
    _Parted,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"brbot:ord:(?P<game>\d+):(?P<day>-?\d+):(?P<user>\d+):(?P<action>chg|del|add|page|show|npc)(?::(?P<arg>[A-Za-z0-9_\-]+))?",
):
    """A press on an orders card: Change, Withdraw, Add an order or another page."""

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Any = interaction.client
        async with refusing(interaction):
            _mine(interaction, self.parts["user"])
            game_id, day, action, arg = (
                int(self.parts["game"]),
                int(self.parts["day"]),
                self.parts["action"],
                self.parts["arg"],
            )
            user_id = interaction.user.id
            if action == "del":
                if arg is None:
                    raise ServiceError(ui("card_order_gone"))
                done, part = await order_card.withdraw(bot.db, game_id, user_id, day, arg, bot.clock())
                bot.kick()
                card = await order_card.card(bot.db, game_id, user_id)
                said = (
                    ui("orders_withdrawn", step=done.step, receipt=done.receipt)
                    if part.rest is None
                    else screen.withdrawn_one(done.step, part.line, done.receipt)
                )
                await interaction.response.edit_message(**card_reply(card, user_id, localized(said)))
                return
            if action == "npc":  # "Order for <name>" of a `/mod orders` answered before the game master's cards
                caller = caller_of(interaction)
                card, _ = await order_card.find(bot.db, game_id, user_id, day, None, arg, caller)
                await respond(interaction, chooser_reply(card, user_id, 0, arg))
                return
            card, shown = await order_card.find(bot.db, game_id, user_id, day, arg if action == "chg" else None)
            if action == "page":
                await interaction.response.edit_message(**card_reply(card, user_id, None, int(arg or 0)))
            elif action == "show":  # from a DM about the step: the card as a message of its own
                whole = card_reply(card, user_id)
                await respond(interaction, Reply(embeds=whole["embeds"], view=whole["view"]))
            elif action == "chg" and shown is not None and shown.command:
                await respond(interaction, await menu_reply(interaction, card, shown.command, dict(shown.values)))
            else:  # Add an order, or Change on orders that are one whole: choose the verb first
                await respond(interaction, chooser_reply(card, user_id))


class VerbChosen(
    _Parted,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"brbot:ordverb:(?P<game>\d+):(?P<day>-?\d+):(?P<user>\d+):(?P<page>\d+)(?::(?P<actor>[A-Za-z0-9_\-]+))?",
):
    """The verb chosen to add an order: its menu replaces the select (or the next page of verbs shows)."""

    component = discord.ui.Select

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Any = interaction.client
        async with refusing(interaction):
            _mine(interaction, self.parts["user"])
            data: Any = interaction.data or {}
            chosen = [str(v) for v in data.get("values") or []]
            actor = self.parts.get("actor")
            caller = caller_of(interaction) if actor else False
            game_id, day = int(self.parts["game"]), int(self.parts["day"])
            card, _ = await order_card.find(bot.db, game_id, interaction.user.id, day, None, actor, caller)
            if not chosen or chosen[0] == MORE:
                reply = chooser_reply(card, interaction.user.id, int(self.parts["page"]) + 1, actor)
            else:
                verb = chosen[0]
                if not any(c.name == verb for c in card.verbs):
                    raise ServiceError(ui("card_old"))
                reply = await menu_reply(interaction, card, verb, {}, actor, caller)
            await interaction.response.edit_message(embeds=reply.embeds, view=reply.view)


class GameMasterPress(
    _Parted,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"brbot:gm:(?P<game>\d+):(?P<day>-?\d+):(?P<actor>[A-Za-z0-9_\-]+):(?P<action>chg|del|add|page)(?::(?P<arg>[A-Za-z0-9_\-]+))?",
):
    """A press on the game master's card of one character (`/mod orders`): Change, Withdraw, Add an order or
    another page, as on a player's own card. Any moderator of the game may press it (the game master is all
    of them); anyone else is refused (`rights.game_master`, checked at every press), and nothing changes."""

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Any = interaction.client
        async with refusing(interaction):
            game_id, day, actor = int(self.parts["game"]), int(self.parts["day"]), self.parts["actor"]
            action, arg = self.parts["action"], self.parts["arg"]
            user_id, caller = interaction.user.id, caller_of(interaction)
            if action == "del":
                if arg is None:
                    raise ServiceError(ui("card_order_gone"))
                done, part = await order_card.withdraw(bot.db, game_id, user_id, day, arg, bot.clock(), actor, caller)
                bot.kick()
                card = await order_card.card(bot.db, game_id, user_id, actor, caller)
                said = (
                    ui("orders_withdrawn", step=done.step, receipt=done.receipt)
                    if part.rest is None
                    else screen.gm_withdrawn_one(card.actor_name, done.step, part.line, done.receipt)
                )
                await interaction.response.edit_message(**card_reply(card, user_id, localized(said)))
                return
            card, shown = await order_card.find(
                bot.db, game_id, user_id, day, arg if action == "chg" else None, actor, caller
            )
            if action == "page":
                await interaction.response.edit_message(**card_reply(card, user_id, None, int(arg or 0)))
            elif action == "chg" and shown is not None and shown.command:
                reply = await menu_reply(interaction, card, shown.command, dict(shown.values), actor, caller)
                await respond(interaction, reply)
            else:  # Add an order, or Change on orders that are one whole: choose the verb first
                await respond(interaction, chooser_reply(card, user_id, 0, actor))
