"""A refusal: the one exception whose message is shown to the person who asked, as it is.

The services raise it (`bot.services.base.errors` hands it on with the ways an engine's refusal becomes one),
and so do the layers beneath them that check what anyone may give (a database URL the bot has no driver for,
`bot.db.urls`; a shard plan, `bot.sharding`), so that none of them imports a layer above it.
"""

from __future__ import annotations


class ServiceError(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
