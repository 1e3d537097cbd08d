"""Buttons that outlive a restart: answering a Lovers proposal or a trade offer, withdrawing orders.

Services write an outbox row whose payload names what it is about (`{"kind": "lovers_proposal", ...}`);
`buttons_for(payload)` says which buttons the delivered message carries. Each button's custom id encodes
everything its handler needs (`brbot:lovers:<game>:<proposer>:yes`), and the handlers are discord.py
`DynamicItem`s registered at start-up, so a button pressed days later, after any number of restarts,
still works.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord


@dataclass(frozen=True)
class ButtonSpec:
    custom_id: str
    label: str
    style: str = "secondary"  # success | danger | primary | secondary

    def button(self) -> discord.ui.Button:
        return discord.ui.Button(custom_id=self.custom_id, label=self.label,
                                 style=getattr(discord.ButtonStyle, self.style))


def buttons_for(payload: dict[str, Any]) -> list[ButtonSpec]:
    """The buttons an outbox message with this payload carries (none for most)."""
    from bot.ui.text import ui

    kind = payload.get("kind")
    if kind == "lovers_proposal":
        game, proposer = payload["game"], payload["proposer"]
        return [ButtonSpec(f"brbot:lovers:{game}:{proposer}:yes", ui("button_accept"), "success"),
                ButtonSpec(f"brbot:lovers:{game}:{proposer}:no", ui("button_decline"), "danger")]
    if kind == "trade_offer":
        game, proposer = payload["game"], payload["proposer"]
        return [ButtonSpec(f"brbot:trade:{game}:{proposer}:yes", ui("button_accept"), "success"),
                ButtonSpec(f"brbot:trade:{game}:{proposer}:no", ui("button_decline"), "danger")]
    return []


def view_for(payload: dict[str, Any]) -> discord.ui.View | None:
    specs = buttons_for(payload)
    if not specs:
        return None
    view = discord.ui.View(timeout=None)
    for spec in specs:
        view.add_item(spec.button())
    return view


class _Answer:
    """Base of the persistent buttons: parse the custom id, run the service, answer the presser."""

    def __init__(self, custom_id: str, **parts: Any) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id))  # type: ignore[call-arg]
        self.parts = parts

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match):  # type: ignore[override]
        return cls(item.custom_id, **match.groupdict())

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.ui.respond import refusing, respond

        async with refusing(interaction):
            outcome = await self.answer(interaction, interaction.client)  # type: ignore[arg-type]
            interaction.client.kick()  # type: ignore[attr-defined]
            message = interaction.message
            if message is not None and not (message.flags and message.flags.ephemeral):
                await interaction.response.edit_message(content=f"{message.content}\n\n{outcome}", view=None)
            else:
                await respond(interaction, outcome)

    async def answer(self, interaction: discord.Interaction, bot) -> str:  # pragma: no cover - abstract
        raise NotImplementedError


class LoversAnswer(_Answer, discord.ui.DynamicItem[discord.ui.Button], template=r"brbot:lovers:(?P<game>\d+):(?P<proposer>\d+):(?P<answer>yes|no)"):
    async def answer(self, interaction: discord.Interaction, bot) -> str:
        from bot.services import games
        from bot.ui.text import ui

        accepted = await games.answer_lovers(bot.db, int(self.parts["game"]), interaction.user.id,
                                             int(self.parts["proposer"]), self.parts["answer"] == "yes")
        return ui("lovers_now") if accepted else ui("lovers_refused")


class TradeAnswer(_Answer, discord.ui.DynamicItem[discord.ui.Button], template=r"brbot:trade:(?P<game>\d+):(?P<proposer>\d+):(?P<answer>yes|no)"):
    async def answer(self, interaction: discord.Interaction, bot) -> str:
        from bot.services import trading
        from bot.ui.text import ui

        accept = self.parts["answer"] == "yes"
        done = await trading.answer(bot.db, int(self.parts["game"]), interaction.user.id, int(self.parts["proposer"]),
                                    accept, bot.clock())
        return ui("trade_accepted_you", day=done.day, receipt=done.receipt) if done else ui("trade_declined_you")


class WithdrawOrders(_Answer, discord.ui.DynamicItem[discord.ui.Button], template=r"brbot:withdraw:(?P<game>\d+):(?P<day>-?\d+)"):
    async def answer(self, interaction: discord.Interaction, bot) -> str:
        from bot.services import orders
        from bot.services.errors import ServiceError
        from bot.ui.text import ui

        game_id = int(self.parts["game"])
        mine = await orders.my_orders(bot.db, game_id, interaction.user.id)
        if not mine or mine[0].day != int(self.parts["day"]):
            raise ServiceError(ui("withdraw_old_day"))
        done = await orders.withdraw_orders(bot.db, game_id, interaction.user.id, bot.clock())
        return ui("orders_withdrawn", day=done.day, receipt=done.receipt)


DYNAMIC_ITEMS: list[type] = [LoversAnswer, TradeAnswer, WithdrawOrders]
