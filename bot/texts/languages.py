"""Choosing a language: a game's (`/game settings language`) and one's own (`/profile language`)."""

TEXTS: dict[str, str] = {
    "what_language": "A language",
    "unknown_language": "There is no language {typed!r} here. Languages: {choices}.",
    "language_chosen": "From now on the bot writes to you in {name} ({tag}): replies, direct messages and your results in every game.",
    "language_automatic": "From now on the bot writes to you in your Discord language, now {name} ({tag}).",
    "language_own_only": "You can choose only your own language: leave out the user.",
    "language_choice_automatic": "Automatic: my Discord language",
    "opt_profile_language": "Choose the language the bot writes to you in (automatic: your Discord's)",
}
