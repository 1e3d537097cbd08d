"""/roll: rolls, their secret form, and their refusals."""

TEXTS: dict[str, str] = {
    "roll_line": "{who} rolled {text}",
    "roll_labelled": "{who} rolled for **{label}**: {text}",
    "roll_shortened": " … and {count} more, too long to show here (all are kept for the moderators)",
    "roll_secret_dm": "A secret roll belongs to a game: use `secret` in the game's channel, not in a DM.",
    "roll_secret_no_game": "A secret roll belongs to a game, and this channel has no game running: roll without `secret`, or in the game's channel.",
    "roll_secret_moderators": "Only the moderators of {game} may roll in secret: roll without `secret`.",
    "roll_secret_public": "{who} rolled dice in secret.",
    "roll_secret_result": "Secret roll, shown only to you: {text}",
}
