"""Outbox delivery: what the services wrote to the outbox reaches Discord once, in order, within its limits.

- `render`: rows -> messages (a resolution's public rows as one post of embeds; the rest as plain text);
  `embeds` and `split` keep every Discord limit.
- `courier`: the `Courier` protocol and `DiscordCourier(client)`, the only code that calls Discord here.
- `store`: claiming rows and recording outcomes in the database.
- `worker`: `OutboxWorker(db, courier, clock).run_once()`, one delivery pass, called by the bot's loop.
"""

from bot.delivery.courier import Courier, DiscordCourier, DMRefused, Undeliverable
from bot.delivery.render import Outgoing, Parcel, render
from bot.delivery.worker import DeliveryReport, OutboxWorker

__all__ = [
    "Courier",
    "DiscordCourier",
    "DMRefused",
    "DeliveryReport",
    "Outgoing",
    "OutboxWorker",
    "Parcel",
    "Undeliverable",
    "render",
]
