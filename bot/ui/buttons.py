"""Buttons that outlive a restart: answering a sign-up proposal (a game's mutual pairing) or a trade
offer, withdrawing orders, a game's step buttons (answered as the command would: `bot.screens.orders`), a
lobby's Join and Leave, a muster's Ready and an absent player's seat offered (Accept/Decline).

Services write an outbox row whose payload names what it is about (`{"kind": "<pairing>_proposal",
"pairing": <key>, ...}`); `buttons_for(payload)` says which buttons the delivered message carries. Each
button's custom id encodes everything its handler needs (`brbot:pair:<game>:<key>:<proposer>:yes`), and the
handlers are discord.py `DynamicItem`s registered at start-up, so a button pressed days later, after any
number of restarts, still works. Proposals sent before pairings were generic carry
`brbot:<pairing name>:<game>:<proposer>:yes` (their payload has no `pairing`): `LegacyPairAnswer`, whose
template lists the installed games' mutual pairings, still answers them.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any, Self

import discord

from bot.languages import ENGLISH
from bot.languages.reader import localized
from bot.screens import lobby as lobby_screen
from bot.screens import muster as muster_screen
from bot.screens.parts import ButtonSpec
from engine import registry

PROPOSAL = "_proposal"  # the end of a proposal's payload kind: "<pairing name>_proposal"
OWN_PREFIXES = (
    "pair",
    "trade",
    "withdraw",
    "step",
    "lobby",
    "ready",
    "seat",
    "ord",
    "ordverb",
    "gm",
    "gmp",
)  # brbot:<these>: ids that are not an old proposal's


def buttons_for(payload: dict[str, Any]) -> list[ButtonSpec]:
    """The buttons an outbox message with this payload carries (none for most)."""
    from bot.ui.text import ui

    kind = payload.get("kind") or ""
    if kind.endswith(PROPOSAL):
        ref = pair_ref(payload)
        return [
            ButtonSpec(f"{ref}:yes", ui("button_accept"), "success"),
            ButtonSpec(f"{ref}:no", ui("button_decline"), "danger"),
        ]
    if kind in (
        "step_buttons",
        "question",
    ):  # `bot.services.orders.step_buttons`: ids, labels and styles in the payload
        specs = [ButtonSpec(b["custom_id"], b["label"], b["style"]) for b in payload.get("buttons") or []]
        return specs + orders_button(payload)
    if kind in ("step_yours", "reminder", "orders_on_results"):  # a step opened (its own DM, or on the DM of the
        # results: `bot.services.orders.pacing.orders_on_results`), or its deadline near: the orders card's button
        return orders_button(payload)
    if kind == "lobby":  # `bot.services.signup.lobby`: Join (as each role) and Leave while sign-ups are open
        return lobby_screen.buttons(payload)
    if kind == "muster":  # `bot.services.signup.muster`: the DM asking a player to confirm
        return muster_screen.buttons(payload)
    if kind == "seat_offer":  # `bot.services.people.absence`: an absent player's seat offered
        ref = f"brbot:seat:{payload['offer']}"
        return [
            ButtonSpec(f"{ref}:yes", ui("button_accept"), "success"),
            ButtonSpec(f"{ref}:no", ui("button_decline"), "danger"),
        ]
    if kind == "trade_offer":
        ref = trade_ref(payload)
        return [
            ButtonSpec(f"{ref}:yes", ui("button_accept"), "success"),
            ButtonSpec(f"{ref}:no", ui("button_decline"), "danger"),
        ]
    return []


def orders_button(payload: dict[str, Any]) -> list[ButtonSpec]:
    """ "Your orders" on a DM telling a player of a step (`bot.ui.order_card`: the card, its buttons), when the
    payload names the game, the step and the player (a DM written before the card existed does not)."""
    from bot.screens import orders as orders_screen

    if not all(isinstance(payload.get(k), int) for k in ("game", "day", "user")):
        return []
    return [orders_screen.show_button(payload["game"], payload["day"], payload["user"])]


def pair_ref(payload: dict[str, Any]) -> str:
    """`brbot:pair:<game>:<key>:<proposer>`: the proposal a message is about; a payload from before pairings
    were generic (no `pairing`) keeps its old `brbot:<pairing name>:<game>:<proposer>`."""
    if "pairing" in payload:
        return f"brbot:pair:{payload['game']}:{payload['pairing']}:{payload['proposer']}"
    return f"brbot:{payload['kind'][: -len(PROPOSAL)]}:{payload['game']}:{payload['proposer']}"


def trade_ref(payload: dict[str, Any]) -> str:
    """`brbot:trade:<game>:<proposer>:<day>:<digest>`: which offer a trade message is about. The day and the
    offer's digest make an old message's buttons answer only the offer that message showed (about 60
    characters with Discord's 19-digit ids, within the 100 a custom id may have)."""
    return f"brbot:trade:{payload['game']}:{payload['proposer']}:{payload['day']}:{payload['offer']}"


def button_view(payload: dict[str, Any], language: str = ENGLISH) -> discord.ui.View | None:
    """The Discord view holding the buttons of an outbox payload (`buttons_for`), labelled in the reader's
    `language` (the message's: `bot.delivery.readers`); None when it has none."""
    specs = buttons_for(payload)
    if not specs:
        return None
    view = discord.ui.View(timeout=None)
    for spec in specs:
        if language != ENGLISH:
            spec = replace(spec, label=str(localized(spec.label, language))[: lobby_screen.LABEL_MAX])
        view.add_item(spec.button())
    return view


class _Answer:
    """Base of the persistent buttons: parse the custom id, run the service, answer the presser."""

    def __init__(self, custom_id: str, **parts: Any) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id))  # type: ignore[call-arg]
        self.parts = parts

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match.group(0), **match.groupdict())  # the template matched the whole custom id

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.ui.respond import edited, refusing, respond

        async with refusing(interaction):
            outcome = await self.answer(interaction, interaction.client)
            interaction.client.kick()  # type: ignore[attr-defined]
            message = interaction.message
            if message is not None and not (message.flags and message.flags.ephemeral):
                said = str(localized(outcome))  # in the presser's language, as every reply
                await interaction.response.edit_message(content=edited(message.content, said), view=None)
            else:
                await respond(interaction, outcome)

    # Each kind of button says what it does: `answer(interaction, bot)` runs the service and returns the words.
    answer: Callable[[discord.Interaction, Any], Awaitable[str]]


class _PairAnswer(_Answer):
    """Accept or Decline on a proposal's DM: the game's pairing, by key (or by name on an old message)."""

    async def answer(self, interaction: discord.Interaction, bot) -> str:
        from bot.services.signup import games

        return await games.answer_pairing(
            bot.db,
            int(self.parts["game"]),
            interaction.user.id,
            int(self.parts["proposer"]),
            self.parts["key"],
            self.parts["answer"] == "yes",
        )


class PairAnswer(
    _PairAnswer,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"brbot:pair:(?P<game>\d+):(?P<key>[a-z0-9_]+):(?P<proposer>\d+):(?P<answer>yes|no)",
):
    """The yes/no button of a pairing proposal, found again from its custom id after a restart."""


def _old_names() -> str:
    """The installed games' mutual pairing names, as alternatives of a pattern (never matching: none)."""
    names = sorted(
        {
            p.name
            for front in registry.fronts().values()
            for p in front.signup.pairings
            if p.mutual and p.name not in OWN_PREFIXES
        }
    )
    return "|".join(re.escape(n) for n in names) or "(?!)"


class LegacyPairAnswer(
    _PairAnswer,
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"brbot:(?P<key>{_old_names()}):(?P<game>\d+):(?P<proposer>\d+):(?P<answer>yes|no)",
):
    """A proposal's buttons sent before pairings were generic: `brbot:<pairing name>:<game>:<proposer>:yes`."""


class TradeAnswer(
    _Answer,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"brbot:trade:(?P<game>\d+):(?P<proposer>\d+)(?::(?P<day>\d+):(?P<offer>[0-9a-f]+))?:(?P<answer>yes|no)",
):
    """Accept or Decline on a trade offer's DM: answers only the offer of that day with that digest. A
    message from before the digest existed (no day in its id) is refused: it cannot say which offer it showed."""

    async def answer(self, interaction: discord.Interaction, bot) -> str:
        from bot.services.base.errors import ServiceError
        from bot.services.orders import trading
        from bot.ui.text import ui

        if self.parts.get("day") is None:
            raise ServiceError(ui("trade_button_outdated"))
        accept = self.parts["answer"] == "yes"
        done = await trading.answer(
            bot.db,
            int(self.parts["game"]),
            interaction.user.id,
            int(self.parts["proposer"]),
            accept,
            bot.clock(),
            int(self.parts["day"]),
            self.parts["offer"],
        )
        return ui("trade_accepted_you", step=done.step, receipt=done.receipt) if done else ui("trade_declined_you")


class WithdrawOrders(
    _Answer, discord.ui.DynamicItem[discord.ui.Button], template=r"brbot:withdraw:(?P<game>\d+):(?P<day>-?\d+)"
):
    async def answer(self, interaction: discord.Interaction, bot) -> str:
        from bot.services.base import lookup
        from bot.services.base.errors import ServiceError
        from bot.services.orders import orders
        from bot.ui.text import ui
        from engine import registry

        game_id = int(self.parts["game"])
        game = await lookup.game_by_id(bot.db, game_id)
        if game.day != int(self.parts["day"]) or game.status == "over":
            raise ServiceError(ui("withdraw_old_day"))
        mine = await orders.my_orders(bot.db, game_id, interaction.user.id)
        if not mine or mine[0].payload is None:
            front = registry.front(game.ruleset)
            idle, step = front.orders.when_idle, front.words.name(game.day)
            raise ServiceError(
                ui("withdraw_nothing_idle", step=step, idle=idle) if idle else ui("withdraw_nothing", step=step)
            )
        done = await orders.withdraw_orders(bot.db, game_id, interaction.user.id, bot.clock())
        return ui("orders_withdrawn", step=done.step, receipt=done.receipt)


class StepPress(
    _Answer,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"brbot:step:(?P<game>\d+):(?P<day>\d+):(?P<key>[0-9a-f]{12})",
):
    """A click on a game's step button (`bot.services.orders.step_buttons`): the order of the command it names, answered
    as that command is; an old button (an earlier step, or one the step no longer offers) is refused."""

    async def answer(self, interaction: discord.Interaction, bot) -> str:
        from bot.screens.orders import confirmation
        from bot.services.orders import step_buttons

        given = await step_buttons.press(
            bot.db, int(self.parts["game"]), interaction.user.id, int(self.parts["day"]), self.parts["key"], bot.clock()
        )
        return confirmation(given)


class LobbyPress(
    _Answer,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"brbot:lobby:(?P<game>\d+):(?P<action>join|leave)(?::(?P<role>[A-Za-z0-9_\-]+))?",
):
    """Join (as a role) or Leave on a game's lobby message (`bot.services.signup.lobby`): as /join and /leave; answered
    to the presser alone, the lobby message itself is edited by delivery. A full lobby then begins the game."""

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.ui.respond import refusing, respond

        async with refusing(interaction):
            outcome = await self.answer(interaction, interaction.client)
            interaction.client.kick()  # type: ignore[attr-defined]
            await respond(interaction, outcome)

    async def answer(self, interaction: discord.Interaction, bot) -> str:
        from bot.services.base import lookup
        from bot.services.signup import games, muster
        from bot.ui.joined import joined_reply
        from bot.ui.text import ui

        game_id = int(self.parts["game"])
        game = await lookup.game_by_id(bot.db, game_id)
        if self.parts["action"] == "leave":
            await games.leave_game(bot.db, game_id, interaction.user.id, bot.clock())
            return ui("left", game=game.name)
        name = getattr(interaction.user, "display_name", None) or interaction.user.name
        role = self.parts.get("role")
        player = await games.join_game(bot.db, game_id, interaction.user.id, name, role)
        await muster.begin_if_full(bot.db, game_id, bot.clock())
        asked = (player.requests or {}).get("role") if role else None
        return joined_reply(registry.front(game.ruleset), game.name, player.status != "joined", asked)


class ReadyPress(_Answer, discord.ui.DynamicItem[discord.ui.Button], template=r"brbot:ready:(?P<game>\d+)"):
    """Ready on a muster's DM (`bot.services.signup.muster`): the player confirms; the last one starts the game."""

    async def answer(self, interaction: discord.Interaction, bot) -> str:
        from bot.services.signup import muster

        return await muster.confirm(bot.db, int(self.parts["game"]), interaction.user.id, bot.clock())


class SeatAnswer(
    _Answer, discord.ui.DynamicItem[discord.ui.Button], template=r"brbot:seat:(?P<offer>\d+):(?P<answer>yes|no)"
):
    """Accept or Decline on an absent player's seat offered by DM (`bot.services.people.absence`)."""

    async def answer(self, interaction: discord.Interaction, bot) -> str:
        from bot.services.people import absence

        name = getattr(interaction.user, "display_name", None) or interaction.user.name
        return await absence.answer(
            bot.db, int(self.parts["offer"]), interaction.user.id, self.parts["answer"] == "yes", name
        )


def dynamic_items() -> list[type]:
    """Every persistent component handler: these buttons, and the answer to an expired form menu."""
    from bot.ui.form_menu import FormExpired, FormSelectExpired
    from bot.ui.order_card import CardPress, GameMasterPage, GameMasterPress, VerbChosen
    from bot.ui.order_menu import OrderExpired, OrderSelectExpired

    return [
        PairAnswer,
        LegacyPairAnswer,
        TradeAnswer,
        WithdrawOrders,
        StepPress,
        LobbyPress,
        ReadyPress,
        SeatAnswer,
        FormExpired,
        FormSelectExpired,
        OrderExpired,
        OrderSelectExpired,
        CardPress,
        GameMasterPress,
        GameMasterPage,
        VerbChosen,
    ]


DYNAMIC_ITEMS: list[type] = dynamic_items()
