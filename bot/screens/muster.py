"""The muster, as players and the channel read it: the announcement that it is open, each player's (and
reserve's) DM with its Ready button, the answers to Ready, the players dropped and who took their places, and
a muster with too few ready. `bot.services.signup.muster` (and `muster_dm`) decide; this module says it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.screens.parts import ButtonSpec, said

TEXTS: dict[str, str] = {
    "muster_open": "**{name}** is about to start: every player confirms with the Ready button sent by DM, by {until}. Those who do not are replaced by reserves who did, or dropped.",
    "muster_dm": "**{name}** is about to start. Press Ready by {until} to keep your place{reserve}.",
    "muster_dm_reserve": " (you are a reserve: ready reserves take the places of players who do not confirm, in sign-up order)",
    "muster_ready": "You are ready for {name}.",
    "muster_ready_all": "You are ready for {name}: everyone is, and the game starts.",
    "muster_not_now": "{name} is not mustering now: nothing to confirm.",
    "muster_not_in": "You are not signed up for {name}.",
    "muster_dropped": "{names} did not confirm for {name} and {dropped:was|were} dropped{replaced}.",
    "muster_replaced": "; in {count:their place|their places}: {names}",
    "muster_dropped_you": "You did not confirm in time for {name}: your place went to someone else. You may /join again while sign-ups are open.",
    "muster_too_few": "{name} has {count} ready {count:player|players}, fewer than the {minimum} it needs: back to sign-ups. The moderators start it again when enough have joined.",
    "muster_opened_reply": "The muster of {name} is open: the players have until {until} to press Ready; the game starts when all have.",
    "button_ready": "Ready",
}


def _say(key: str, **values: object) -> str:
    return said(TEXTS, key, **values)


def _when(moment: datetime | None) -> str:
    from bot.text import when

    return when(moment)


def opened(name: str, until: datetime | None) -> str:
    """The channel's announcement: the game is about to start, Ready by DM."""
    return _say("muster_open", name=name, until=_when(until))


def opened_reply(name: str, until: datetime | None) -> str:
    """What the moderator who began it is told."""
    return _say("muster_opened_reply", name=name, until=_when(until))


def dm(name: str, until: datetime | None, reserve: bool) -> str:
    """A player's (or a reserve's) DM, sent with `buttons`' Ready."""
    return _say("muster_dm", name=name, until=_when(until), reserve=_say("muster_dm_reserve") if reserve else "")


def buttons(payload: dict[str, Any]) -> list[ButtonSpec]:
    """The DM's Ready button (none on the muster's other messages, whose payload names no game)."""
    return [ButtonSpec(f"brbot:ready:{payload['game']}", _say("button_ready"), "success")] if "game" in payload else []


def ready(name: str, everyone: bool) -> str:
    """The answer to Ready: ready, and whether that was the last and the game starts."""
    return _say("muster_ready_all" if everyone else "muster_ready", name=name)


def not_now(name: str) -> str:
    return _say("muster_not_now", name=name)


def not_in(name: str) -> str:
    return _say("muster_not_in", name=name)


def dropped_you(name: str) -> str:
    """The DM of a player who did not confirm in time."""
    return _say("muster_dropped_you", name=name)


def dropped(name: str, dropped_names: list[str], promoted_names: list[str]) -> str:
    """The channel's post: who was dropped and, if any, the ready reserves in their places."""
    from bot.text import listed

    replaced = (
        _say("muster_replaced", names=listed(promoted_names), count=len(promoted_names)) if promoted_names else ""
    )
    return _say("muster_dropped", names=listed(dropped_names), dropped=len(dropped_names), name=name, replaced=replaced)


def too_few(name: str, count: int, minimum: int) -> str:
    """Back to sign-ups: fewer ready than the game needs (to the channel and the moderators)."""
    return _say("muster_too_few", name=name, count=count, minimum=minimum)
