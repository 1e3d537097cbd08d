"""What a game's sign-up offers under its house rules: only the roles its setup puts in play (`Signup.in_play`:
Battle Royale's `roles`, StarCraft Mafia's `classes`), for `/join role:`, `/role`, the role autocomplete and the
lobby's "Join as" buttons alike. Without a setup's choice every role is offered, as before setups chose them."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from engine import registry


def in_play(ruleset: str, settings: dict[str, Any] | None) -> Collection[str] | None:
    """The role values the game's house rules `settings` (as stored) can grant; None: every one. Settings the
    game no longer takes offer every role (the start then says what is wrong with them)."""
    try:
        parsed = registry.get(ruleset).parse_settings(settings)
    except ValueError:
        return None
    return registry.front(ruleset).signup.in_play(parsed)


def roles(ruleset: str, settings: dict[str, Any] | None) -> tuple[tuple[str, str], ...]:
    """The game's (label, value) roles a sign-up may ask for under these house rules, in the game's order."""
    every = registry.front(ruleset).signup.roles
    granted = in_play(ruleset, settings)
    return every if granted is None else tuple((label, value) for label, value in every if value in granted)
