"""`brbot bench`, one room: `suite` (every figure, at full or `--quick` sizes), one module per part
(`live`: 500 live games; `delivery`: a night's messages over Discord's rate limits, against `fake_discord`, a
fake Discord REST server run as a process of its own; `web`: the site's pages and followers; `community`:
profiles and leaderboards), and `game`, the games the parts play (the players each game seats)."""
