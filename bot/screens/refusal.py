"""A refusal as the person who asked reads it: the specific reason a service or a layer beneath it gave
(`ServiceError`), shown as it is, ephemeral; or, when something failed that nobody foresaw, a short apology
that does not pretend to know whether anything changed (the error itself goes to the log). The refusals every
feature shares live here too (only moderators may do this).
"""

from __future__ import annotations

from bot.refusal import ServiceError
from bot.screens.parts import said

TEXTS: dict[str, str] = {
    "moderators_only": "Only moderators can do this (Manage Server or the server's moderator role): nothing was changed.",
    "crashed": "Something went wrong on our side, so this answer is incomplete: check whether your command took effect (/orders, /status or /game settings show it) before trying it again. The moderators can see the error in the bot's log.",
}


def shown(error: BaseException) -> str:
    """What the person is told of `error`: its own message when it is a refusal, else the apology."""
    return error.message if isinstance(error, ServiceError) else said(TEXTS, "crashed")
