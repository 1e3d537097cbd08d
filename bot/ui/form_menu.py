"""The menu of a form command (`/day0`): one select menu per `Select` of the game's `Form`, then Submit,
which sends every select's values to the game (`forms.submit_form`), validated like any order.

The values are kept in the menu's view in memory until Submit, starting from what the form preselects. A
select with more than Discord's 25 options shows 24 at a time with an option that turns the page, so a list
of any length can be chosen from. Custom ids are `<command>:<select>` and `<command>:submit`. A menu lives 15
minutes and does not outlive a restart of the bot; pressing one that is gone is answered by `FormExpired`
or `FormSelectExpired`, `DynamicItem`s registered at start-up, with "run /<command> again" instead of
Discord's "This interaction failed".
"""

from __future__ import annotations

import re

import discord

from bot.screens.orders import confirmation
from bot.services.orders import forms
from bot.ui.expired import Expired, LiveMenus
from bot.ui.respond import refusing, replace
from bot.ui.text import ui
from engine import registry
from engine.front import Form, Select

MORE = "brbot:more"  # the value of the option that turns a long select's page
OPTIONS_MAX = 25
PAGE = OPTIONS_MAX - 1
TIMEOUT = 900
LIVE = LiveMenus(lambda menu: menu.command)  # the form menus still answering


class FormMenu(discord.ui.View):
    """The select menus of one player's form message; Submit sends the values."""

    def __init__(self, db, clock, game_id: int, user_id: int, command: str, form: Form) -> None:
        super().__init__(timeout=TIMEOUT)
        self.db, self.clock, self.game_id, self.user_id, self.command = db, clock, game_id, user_id, command
        self.values: dict[str, list[str]] = {s.name: list(s.chosen) for s in form.selects}
        self.pages: dict[str, int] = {}
        for spec in form.selects:
            values = [c[1] for c in spec.choices]
            first = next((values.index(v) for v in spec.chosen if v in values), 0)
            self.pages[spec.name] = first // PAGE if len(spec.choices) > OPTIONS_MAX else 0
            self.add_select(spec)
        submit: discord.ui.Button[FormMenu]
        submit = discord.ui.Button(
            label=form.submit_label, style=discord.ButtonStyle.success, custom_id=f"{command}:submit"
        )
        submit.callback = self.submit  # type: ignore[method-assign]  # discord.py's way to give a component its callback
        self.add_item(submit)
        self.touch()

    def touch(self) -> None:
        """Keep the menu known as live as long as discord.py keeps it (its timeout restarts on each press)."""
        LIVE.keep(self, TIMEOUT)

    @staticmethod
    def page_count(spec: Select) -> int:
        return 1 if len(spec.choices) <= OPTIONS_MAX else -(-len(spec.choices) // PAGE)

    def options(self, spec: Select) -> list[discord.SelectOption]:
        """The options of this select's current page, the chosen ones marked; "more" on a paged one."""
        pages, page = self.page_count(spec), self.pages[spec.name]
        shown = spec.choices if pages == 1 else spec.choices[page * PAGE : (page + 1) * PAGE]
        out = [
            discord.SelectOption(
                label=label[:100],
                value=value,
                description=description[:100] or None,
                default=value in self.values[spec.name],
            )
            for label, value, description in shown
        ]
        if pages > 1:
            nxt = (page + 1) % pages
            more = (
                spec.more.format(page=nxt + 1, pages=pages) if spec.more else ui("form_more", page=nxt + 1, pages=pages)
            )
            out.append(discord.SelectOption(label=more[:100], value=MORE))
        return out

    def add_select(self, spec: Select) -> discord.ui.Select:
        options = self.options(spec)
        select: discord.ui.Select[FormMenu]
        select = discord.ui.Select(
            custom_id=f"{self.command}:{spec.name}",
            placeholder=spec.placeholder[:150],
            options=options,
            min_values=min(spec.least, len(options)),
            max_values=max(1, min(spec.most, len(options))),
        )

        async def chosen(interaction: discord.Interaction) -> None:
            self.touch()
            if MORE in select.values:
                self.pages[spec.name] = (self.pages[spec.name] + 1) % self.page_count(spec)
                select.options = self.options(spec)
                await interaction.response.edit_message(view=self)
                return
            self.values[spec.name] = list(select.values)
            await interaction.response.defer()

        select.callback = chosen  # type: ignore[method-assign]  # discord.py's way to give a component its callback
        self.add_item(select)
        return select

    async def submit(self, interaction: discord.Interaction) -> None:
        async with refusing(interaction):
            given = await forms.submit_form(
                self.db,
                self.game_id,
                interaction.user.id,
                self.command,
                {k: list(v) for k, v in self.values.items()},
                self.clock(),
            )
            await replace(interaction, confirmation(given))
            self.stop()  # stays in LIVE until its time is up: a press racing the Submit is not "expired"

    async def on_timeout(self) -> None:
        LIVE.drop(self)


def _commands() -> str:
    """The installed games' form commands, as alternatives of a pattern (never matching: none)."""
    names = sorted({f.name for front in registry.fronts().values() for f in front.orders.forms})
    return "|".join(re.escape(n) for n in names) or "(?!)"


class _Expired(Expired):
    """A press on a form menu that no longer answers (after a restart, or 15 minutes): say so."""

    live = LIVE
    words = "form_expired"


class FormExpired(_Expired, discord.ui.DynamicItem[discord.ui.Button], template=rf"(?:{_commands()}):submit"):
    pass


class FormSelectExpired(
    _Expired, discord.ui.DynamicItem[discord.ui.Select], template=rf"(?:{_commands()}):(?!submit\Z)[a-z0-9_]+"
):
    component = discord.ui.Select
