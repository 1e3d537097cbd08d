"""What a player is told on signing up (/join, or the lobby's Join button), in the game's own words."""

from __future__ import annotations

from bot.ui.text import ui
from engine.front import Front
from engine.keyed import filled, joined


def joined_reply(front: Front, game: str, reserve: bool, role: str | None) -> str:
    """What /join answers, in the game's words: signed up (or on the reserve list), the role asked for if any
    (`role`: its value, as the service stored it; the game's own `requested` text), then what to do next: the
    game's `Words.signup`, or from what it takes at sign-up (a character sheet, a role) or, when it takes
    nothing, to wait for the start."""
    options = front.signup
    label = next((label for label, value in options.roles if value == role), None)
    asked = ""
    if label is not None and "requested" in options.role_texts:
        asked = joined(" ", ["", filled(options.role_texts["requested"], role=label)])
    if reserve:
        return joined("", [ui("joined_reserve", game=game), asked])
    if label is not None:  # the role asked for is confirmed above: nothing more to ask
        following = ui("joined_wait")
    elif front.words.signup is not None:
        following = front.words.signup
    elif front.signup.sheet is not None:
        following = ui("joined_sheet")
    elif options.roles:
        following = ui("joined_role")
    else:
        following = ui("joined_wait")
    said = ui("joined", game=game, asked=asked, next=following)
    return said if said == said.strip() else said.strip()  # kept whole (its key) unless something is left empty
