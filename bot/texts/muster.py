"""The muster: the DM asking a player to press Ready before the start, and what follows."""

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
