"""The lobby, a game's sign-up message in its channel: its lines, its strings and its buttons.

`bot.services.signup.lobby` reads the game into a `Lobby` (the roster with each player's reliability tier,
the reserves, the places left, the start or the muster) and writes `text(lobby)` to the outbox with a payload
saying whether sign-ups are open and which roles the Join buttons offer; delivery posts it and edits it in
place (`bot.delivery.lobby`), with `buttons(payload)`. Only names and tiers are shown, never anything private.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.screens.parts import ButtonSpec, said
from engine.keyed import joined

TEXTS: dict[str, str] = {
    "lobby_title": "**{name}** ({game}, game #{id}): sign-ups",
    "lobby_started": "The game has started: sign-ups are closed.",
    "lobby_over": "The game is over.",
    "lobby_players": "Players ({count}/{cap}):",
    "lobby_player": "{name} ({tier})",
    "lobby_nobody": "- nobody yet",
    "lobby_reserves": "Reserves, in order: {names}",
    "lobby_places": "Places left: {left} (the game needs at least {minimum} {minimum:player|players}).",
    "lobby_min_reliability": "Players admitted: reliability {minimum} or better.",
    "lobby_muster": "Muster: {ready} of {count} {count:player|players} ready; the others have until {until} to press Ready in their DM.",
    "lobby_start_at": "Starts by itself at {at}, if enough players have joined; or as soon as it is full.",
    "lobby_start_full": "Starts by itself as soon as it is full, or when the moderators start it.",
    "lobby_how": "Join or leave with the buttons below (or /join and /leave).",
    "button_join": "Join",
    "button_join_as": "Join as {role}",
    "button_leave": "Leave",
}

BUTTON_ROLES = 20  # "Join as" buttons at most: with Join and Leave, within a message's 25
CUSTOM_ID_MAX = 100  # Discord's longest custom id
LABEL_MAX = 80  # Discord's longest button label


@dataclass(frozen=True)
class Seat:
    name: str
    tier: str  # the player's reliability tier: new, reliable, unreliable (`bot.services.people.records`)
    ready: bool = False  # pressed Ready during the muster


@dataclass(frozen=True)
class Lobby:
    name: str
    game: str  # the game's title
    game_id: int
    status: str  # setup, signup, running, paused, over
    cap: int
    joined: tuple[Seat, ...]
    reserves: tuple[Seat, ...] = ()
    minimum: int = 1  # the fewest players the game starts with
    min_reliability: str = "none"  # the community setting: the lowest tier admitted
    muster_until: datetime | None = None  # the muster's deadline while one runs
    start_at: datetime | None = None  # the start time a moderator set


def _say(key: str, **values: object) -> str:
    return said(TEXTS, key, **values)


def text(lobby: Lobby) -> str:
    """The lobby message: the game, its roster with tiers, the places left, the reserves, when it starts."""
    from bot.text import say, when  # not at import: the catalogue (bot.texts) reads this screen

    mustering = lobby.muster_until is not None

    def named(seat: Seat) -> str:
        return joined(
            "",
            [_say("lobby_player", name=seat.name, tier=say(f"tier_{seat.tier}"))]
            + ([" ✓"] if mustering and seat.ready else []),
        )

    lines = [_say("lobby_title", name=lobby.name, game=lobby.game, id=lobby.game_id)]
    if lobby.status not in ("setup", "signup"):
        lines.append(_say("lobby_started" if lobby.status != "over" else "lobby_over"))
    lines.append(_say("lobby_players", count=len(lobby.joined), cap=lobby.cap))
    lines += [joined("", ["- ", named(seat)]) for seat in lobby.joined] or [_say("lobby_nobody")]
    if lobby.reserves:
        lines.append(_say("lobby_reserves", names=joined(", ", [named(seat) for seat in lobby.reserves])))
    if lobby.status == "signup":
        lines.append(_say("lobby_places", left=max(lobby.cap - len(lobby.joined), 0), minimum=lobby.minimum))
        if lobby.min_reliability != "none":
            lines.append(_say("lobby_min_reliability", minimum=lobby.min_reliability))
        if lobby.muster_until is not None:
            ready = sum(1 for seat in lobby.joined if seat.ready)
            lines.append(_say("lobby_muster", ready=ready, count=len(lobby.joined), until=when(lobby.muster_until)))
        elif lobby.start_at is not None:
            lines.append(_say("lobby_start_at", at=when(lobby.start_at)))
        else:
            lines.append(_say("lobby_start_full"))
        lines.append(_say("lobby_how"))
    return joined("\n", lines)  # each line rendered again for the game's language at delivery


def _label(said: str) -> str:
    """A button's label within Discord's 80 characters: a `Keyed` kept whole where it fits (to be read in the
    message's language: `bot.ui.buttons.button_view` cuts it again once rendered), cut short where it does not."""
    return said if len(said) <= LABEL_MAX else said[:LABEL_MAX]


def buttons(payload: dict[str, Any]) -> list[ButtonSpec]:
    """While sign-ups are open: Join, one "Join as" per role the game offers at sign-up, and Leave."""
    if not payload.get("open"):
        return []
    from bot.languages.stored import revived  # (not at import: the command line reads the screens without the games)

    ref = f"brbot:lobby:{payload['game']}"
    roles = [
        ButtonSpec(f"{ref}:join:{value}", _label(_say("button_join_as", role=revived(label))), "primary")
        for label, value in payload.get("roles") or []
        if len(f"{ref}:join:{value}") <= CUSTOM_ID_MAX
    ]
    return [
        ButtonSpec(f"{ref}:join", _say("button_join"), "success"),
        *roles[:BUTTON_ROLES],
        ButtonSpec(f"{ref}:leave", _say("button_leave"), "danger"),
    ]
