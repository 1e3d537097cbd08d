"""The menu an order command opens (`bot.services.orders.menus`): the verb's options as select menus, four
at a time (Discord holds five rows: the fifth is the buttons), with "More options" and "Back" to turn the
page and a button that gives the order.

Each turn of the page builds the menu again from the player's view with what is chosen so far, so a choice
that depends on another (a weapon's fire modes) follows it. A long list pages as a form's does
(`bot.ui.form_menu`). Custom ids are `order:<verb>:<option>` and `order:<verb>:<button>`; a menu lives 15
minutes and not past a restart: a press on one that is gone is answered by `OrderExpired` or
`OrderSelectExpired` ("type the command again") instead of Discord's "This interaction failed".
"""

from __future__ import annotations

import dataclasses
from typing import Any

import discord

from bot.languages.reader import localized
from bot.screens.orders import confirmation
from bot.services.orders import commands as game_orders
from bot.services.orders import menus
from bot.ui.cards import card_embeds
from bot.ui.expired import Expired, LiveMenus
from bot.ui.form_menu import MORE, OPTIONS_MAX, PAGE, TIMEOUT
from bot.ui.respond import Reply, refusing, replace, respond
from bot.ui.text import ui
from engine.front import Command, Form, Select

ROWS = 4  # selects a page shows: the fifth row holds the buttons
LIVE = LiveMenus(lambda menu: menu.command.name)  # the order menus still answering
BUTTONS = ("submit", "next", "back", "more")


class OrderMenu(discord.ui.View):
    """One player's menu of one verb."""

    def __init__(
        self, db, clock, game_id: int, user_id: int, command: Command, form: Form, actor=None, moderator=False
    ) -> None:
        super().__init__(timeout=TIMEOUT)
        self.db, self.clock, self.game_id, self.user_id = db, clock, game_id, user_id
        self.command, self.actor, self.moderator = command, actor, moderator
        self.values: dict[str, list[str]] = {s.name: list(s.chosen) for s in form.selects}
        self.page = 0  # the page of selects shown
        self.list_pages: dict[str, int] = {}  # the page of each long select
        self.show(form)
        LIVE.keep(self, TIMEOUT)

    def custom_id(self, part: str) -> str:
        return f"order:{self.command.name}:{part}"[:100]

    def show(self, form: Form) -> None:
        """This page of the form's selects, then the buttons."""
        self.form = form
        self.clear_items()
        pages = max(1, -(-len(form.selects) // ROWS))
        self.page = min(self.page, pages - 1)
        for spec in form.selects[self.page * ROWS : (self.page + 1) * ROWS]:
            self.add_select(spec)
        if self.page > 0:
            self.add_button("back", ui("menu_back"), discord.ButtonStyle.secondary, self.back)
        if self.page < pages - 1:
            self.add_button("next", ui("menu_next"), discord.ButtonStyle.primary, self.next)
        self.add_button("submit", form.submit_label, discord.ButtonStyle.success, self.submit)

    def add_button(self, part: str, label: str, style: discord.ButtonStyle, callback) -> None:
        button: discord.ui.Button[OrderMenu] = discord.ui.Button(
            label=str(localized(label))[:80],
            style=style,
            custom_id=self.custom_id(part),  # the reader's language
        )
        button.callback = callback  # type: ignore[method-assign]  # discord.py's way to give a component its callback
        self.add_item(button)

    def options(self, spec: Select) -> list[discord.SelectOption]:
        pages = 1 if len(spec.choices) <= OPTIONS_MAX else -(-len(spec.choices) // PAGE)
        page = self.list_pages.get(spec.name, 0) % pages
        choices = spec.choices if pages == 1 else spec.choices[page * PAGE : (page + 1) * PAGE]
        out = [
            discord.SelectOption(  # its words in the reader's language (a name or a value reads as it is)
                label=str(localized(label))[:100],
                value=value[:100],
                description=str(localized(description))[:100] or None,
                default=value in self.values.get(spec.name, []),
            )
            for label, value, description in choices
        ]
        if pages > 1:
            nxt = (page + 1) % pages
            more = str(localized(ui("form_more", page=nxt + 1, pages=pages)))[:100]
            out.append(discord.SelectOption(label=more, value=MORE))
        return out

    def add_select(self, spec: Select) -> None:
        options = self.options(spec)
        select: discord.ui.Select[OrderMenu] = discord.ui.Select(
            custom_id=self.custom_id(spec.name),
            placeholder=str(localized(spec.placeholder))[:150],
            options=options,
            min_values=0,
            max_values=1,
        )

        async def chosen(interaction: discord.Interaction) -> None:
            LIVE.keep(self, TIMEOUT)
            if MORE in select.values:
                self.list_pages[spec.name] = self.list_pages.get(spec.name, 0) + 1
                select.options = self.options(spec)
                await interaction.response.edit_message(view=self)
                return
            self.values[spec.name] = list(select.values)
            await interaction.response.defer()

        select.callback = chosen  # type: ignore[method-assign]  # discord.py's way to give a component its callback
        self.add_item(select)

    def given(self) -> dict[str, Any]:
        return menus.values_of(self.command, {k: v for k, v in self.values.items() if v})

    async def turn(self, interaction: discord.Interaction, step: int) -> None:
        async with refusing(interaction):
            LIVE.keep(self, TIMEOUT)
            _, form = await menus.menu_for(
                self.db, self.game_id, self.user_id, self.command.name, self.given(), self.actor, self.moderator
            )
            self.page += step
            self.show(form)
            await interaction.response.edit_message(view=self)

    async def next(self, interaction: discord.Interaction) -> None:
        await self.turn(interaction, 1)

    async def back(self, interaction: discord.Interaction) -> None:
        await self.turn(interaction, -1)

    async def submit(self, interaction: discord.Interaction) -> None:
        async with refusing(interaction):
            given = await game_orders.give_order(
                self.db,
                self.game_id,
                interaction.user.id,
                self.command.name,
                self.given(),
                self.clock(),
                self.actor,
                self.moderator,
            )
            await replace(interaction, confirmation(given))
            self.stop()

    async def on_timeout(self) -> None:
        LIVE.drop(self)


def menu_reply(
    db,
    clock,
    game_id: int,
    game: str,
    user_id: int,
    command: Command,
    form: Form,
    actor=None,
    moderator=False,
    said: str | None = None,
) -> Reply:
    """The verb's menu as a reply: the game's card of the verb on top (`said` under its title: the game's refusal,
    then what the verb does), its selects and buttons."""
    title = ui("form_title", title=form.card.title, game=game)
    card = dataclasses.replace(form.card, title=title, description=said if said is not None else form.card.description)
    return Reply(embeds=card_embeds(card), view=OrderMenu(db, clock, game_id, user_id, command, form, actor, moderator))


class MoreOptions(discord.ui.View):
    """ "More options" under the answer to a typed order command whose verb has options it was given without
    (left out, or carried by no shared option; `commands.Given.more_options`, `commands.OrderRefused`): it opens
    the verb's menu, prefilled with what was typed, in a message of its own. Lives as a menu does."""

    def __init__(
        self,
        db,
        clock,
        game_id: int,
        game: str,
        user_id: int,
        command: Command,
        values: dict[str, Any],
        actor=None,
        moderator=False,
    ) -> None:
        super().__init__(timeout=TIMEOUT)
        self.db, self.clock, self.game_id, self.game, self.user_id = db, clock, game_id, game, user_id
        self.command, self.values, self.actor, self.moderator = command, values, actor, moderator
        button: discord.ui.Button[MoreOptions] = discord.ui.Button(
            label=str(localized(ui("menu_more_options")))[:80],  # in the reader's language (`refusing` sets it)
            style=discord.ButtonStyle.primary,
            custom_id=f"order:{command.name}:more"[:100],
        )
        button.callback = self.open  # type: ignore[method-assign]  # discord.py's way to give a component its callback
        self.add_item(button)
        LIVE.keep(self, TIMEOUT)

    async def open(self, interaction: discord.Interaction) -> None:
        async with refusing(interaction):
            LIVE.keep(self, TIMEOUT)
            command, form = await menus.menu_for(
                self.db, self.game_id, self.user_id, self.command.name, self.values, self.actor, self.moderator
            )
            reply = menu_reply(
                self.db, self.clock, self.game_id, self.game, self.user_id, command, form, self.actor, self.moderator
            )
            await respond(interaction, reply)

    async def on_timeout(self) -> None:
        LIVE.drop(self)


class _Expired(Expired):
    """A press on an order menu that no longer answers: "type the command again"."""

    name_at = 1  # order:<verb>:<part>
    live = LIVE
    words = "menu_expired"


class OrderExpired(
    _Expired, discord.ui.DynamicItem[discord.ui.Button], template=r"order:[^:]+:(?:submit|next|back|more)"
):
    pass


class OrderSelectExpired(
    _Expired,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"order:[^:]+:(?!(?:submit|next|back|more)\Z)[a-z0-9_]+",
):
    component = discord.ui.Select
