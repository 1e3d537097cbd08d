"""Players' character sheets (/sheet): uploading, showing and checking one, and its refusals."""

TEXTS: dict[str, str] = {
    "sheet_not_taken": "{game} takes no character sheet from players: the moderators give you your character.",
    "sheet_not_signed_up": "You are not signed up for {game}: sign up with /join first, then attach your sheet.",
    "sheet_started": "{game} has started: a sheet can be attached, changed or cleared only before the start. Your sheet was not changed.",
    "sheet_nothing": "Your sheet was not changed.",
    "sheet_attached": "Your {label} for {game} is attached: {summary}. Only you and the moderators can see it; you start the game with it unless the moderators decide otherwise.",
    "sheet_cleared": "Your {label} for {game} is cleared: you will play the character the moderators give you.",
    "sheet_none_to_clear": "You have no {label} attached to {game}: nothing was changed.",
    "sheet_none_of_player": "{name} has no {label} attached to {game}: nothing was changed.",
    "sheet_cleared_of_player": "{name}'s {label} for {game} is cleared; they are told by DM.",
    "sheet_cleared_by_moderator": "A moderator of {game} took your {label} off: attach another with /sheet upload"
    " before the start, or you play the character the moderators give you.",
    "sheet_none": "You have no {label} attached to {game}: you will play the character the moderators give you. `/sheet template` gives an example to edit, `/sheet upload` attaches it.",
    "sheet_shown": "Your {label} for {game}: {summary}. Only you and the moderators can see it.",
    "sheet_now_refused": "no longer accepted by the game ({reason}); attach a corrected one",
    "sheet_in_play": "Your sheet in {game}, as it stands now:",
    "sheets_title": "{game}: the players' {label}s ({count} signed up)",
    "sheets_line": "• {name}{reserve}: {sheet}",
    "sheets_none": "no sheet attached (the roster's or the game's own)",
    "sheets_reserve": " (reserve)",
    "sheet_dropped": "{name}'s {label} is no longer accepted ({reason}): they start with the character the game gives them.",
    "sheet_dropped_yours": "Your {label} for {game} is no longer accepted ({reason}): you start with the character the game gives you.",
    "not_awaited": "The game is not waiting for orders from you now.",
    "no_such_actor": "There is no {actor!r} in this game to order for.",
    "not_orderable": "You may not order for {actor!r}: every player orders for their own character alone (leave"
    " `as` out to order for yours).{yours}",
    "as_yours": " With `as` you may name {names}.",
    "actor_of_the_game_master": "{actor} is the game master's: only a moderator orders for them.",
    "not_your_actor": "You do not order for {actor}.",
    "not_started": "This game has not started yet.",
    "no_game_here": "There is no game in this channel: use the command in a game's channel, or pass its number as `game`.",
    "no_games_of_yours": "You are not signed up for any game. Use /join in a game's channel.",
    "only_games_over": "You have no game in play. Your finished games: {games}. Name one with the game option"
    " (game:{game_id}) to look at it.",
    "which_game": "You are in several games ({games}): choose one with the `game` option.",
    "schema_mismatch": "This game's saved state is schema version {stored}, but this bot "
    "reads version {current}; no migration between them exists.",
    "sheet_template": "An example sheet for {game}: edit it, then attach it with `/sheet upload`.",
}
