"""The lobby: a game's sign-up message in its channel, its lines and its Join and Leave buttons."""

TEXTS: dict[str, str] = {
    "lobby_title": "**{name}** ({game}, game #{id}): sign-ups",
    "lobby_started": "The game has started: sign-ups are closed.",
    "lobby_over": "The game is over.",
    "lobby_players": "Players ({count}/{cap}):",
    "lobby_player": "{name} ({tier})",
    "lobby_nobody": "- nobody yet",
    "lobby_reserves": "Reserves, in order: {names}",
    "lobby_places": "Places left: {left} (the game needs at least {minimum} {minimum:player|players}).",
    "lobby_min_reliability": "Players admitted: reliability {minimum} or better.",
    "lobby_muster": "Muster: {ready} of {count} {count:player|players} ready; the others have until {until} to press Ready in their DM.",
    "lobby_start_at": "Starts by itself at {at}, if enough players have joined; or as soon as it is full.",
    "lobby_start_full": "Starts by itself as soon as it is full, or when the moderators start it.",
    "lobby_how": "Join or leave with the buttons below (or /join and /leave).",
    "button_join": "Join",
    "button_join_as": "Join as {role}",
    "button_leave": "Leave",
}
