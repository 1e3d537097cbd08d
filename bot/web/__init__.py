"""The read-only web site (`brbot web`): a second front end over the same services as the Discord bot, showing
only what `bot.services.pages.public_pages` lets a spectator see (docs/web.md)."""
