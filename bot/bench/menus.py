"""`brbot bench`'s `menus_ms` (issue 33): how fast a phone player's choices come, with 50 players asking at once.

A game in play (its opening step resolved, as `submit_ms`'s) and every player the game awaits asks at once, in
a DM with the bot (the player's only game, found as the bot finds it there), for two things, four rounds:

- **autocomplete**: the choices of the first option of the game's first order that draws them from the
  player's own view (`bot.ui.autocomplete.option_choices`, the callback the command registers: the game found,
  the player's view and current orders read, the game's chooser run), as Discord asks while they type;
- **menu**: the order's ephemeral menu built from their view (`bot.services.orders.menus.menu_for`), as when
  they give the order without its options or press a button that opens it.

p50 and p99 in milliseconds over every answer; Discord shows nothing for an autocomplete answered after 3 s,
and the goal is 100 ms at p99 (docs/performance.md).
"""

from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace
from typing import Any

from bot.db.session import Database
from bot.services.base.lookup import game_by_id
from bot.services.orders import menus
from bot.ui.autocomplete import option_choices
from engine import registry
from engine.front import ACTION_OPTION, Command, Option

PLAYERS = 50
ROUNDS = 4


def chosen_option(ruleset: str, phase: Any) -> tuple[Command, Option] | None:
    """The game's first order of this phase with an option its choosers fill in from the player's view."""
    for command in registry.front(ruleset).orders.commands:
        if len(command.path) != 1 or (command.phases and phase not in command.phases):
            continue
        for option in command.options:
            if option.source:
                return command, option
    return None


def _dm(db: Database, user: int, command: Command) -> Any:
    """What the autocomplete callback reads of an interaction: a DM (no guild, no channel) from `user`."""
    namespace = SimpleNamespace(game=None, **{ACTION_OPTION: command.name} if command.under else {})
    return SimpleNamespace(
        namespace=namespace, user=SimpleNamespace(id=user), guild_id=None, channel_id=None, channel=None,
        client=SimpleNamespace(db=db), permissions=None,
    )  # fmt: skip


def _figures(samples: list[float], players: int) -> dict[str, Any]:
    ordered = sorted(samples)

    def at(pct: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(round(pct / 100 * (len(ordered) - 1))))], 2)

    return {"p50": at(50), "p99": at(99), "players": players}


async def menus_bench(db: Database, game_id: int, users: list[int], phase: Any, rounds: int = ROUNDS) -> dict[str, Any]:
    """Autocomplete and menu latency for `users` asking at once in the game `game_id` (in play, in `phase`)."""
    game = await game_by_id(db, game_id)
    picked = chosen_option(game.ruleset, phase)
    if picked is None:
        return {"autocomplete": None, "menu": None}
    command, option = picked
    callback = option_choices(command.under or command.name, option.name, grouped=bool(command.under))
    typed: list[float] = []
    built: list[float] = []
    answers: list[int] = []

    async def complete(user: int) -> None:
        start = time.perf_counter()
        answers.append(len(await callback(_dm(db, user, command), "")))
        typed.append((time.perf_counter() - start) * 1000)

    async def menu(user: int) -> None:
        start = time.perf_counter()
        await menus.menu_for(db, game_id, user, command.name, {})
        built.append((time.perf_counter() - start) * 1000)

    for _ in range(rounds):
        await asyncio.gather(*(complete(user) for user in users))
        await asyncio.gather(*(menu(user) for user in users))
    if not any(answers):
        raise RuntimeError(f"/{command.usage} {option.name}: the bench's players were offered no choices")
    return {
        "command": f"/{command.usage} {option.name}",
        "autocomplete": _figures(typed, len(users)),
        "menu": _figures(built, len(users)),
    }
