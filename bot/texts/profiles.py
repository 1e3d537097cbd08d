"""Records and reliability (the tiers' and figures' words), /leaderboard's refusal outside a server, and /sub.
/profile's and /leaderboard's own lines are their screen's (`bot.screens.profile`)."""

TEXTS: dict[str, str] = {
    "tier_new": "new",
    "tier_reliable": "reliable",
    "tier_unreliable": "unreliable",
    "figure_none": "no steps yet",
    "figure": "{figure}% of steps in time",
    "sub_added": "You are on this server's substitute list: when a player is absent and no reserve takes the place, you may be offered it by DM.",
    "sub_already": "You are already on this server's substitute list.",
    "sub_removed": "You are off this server's substitute list.",
    "sub_not_on": "You were not on this server's substitute list.",
    "board_in_guild": "Leaderboards belong to a server: use /leaderboard in one.",
}
