"""The dead and spectators: their private thread, /game watch."""

TEXTS: dict[str, str] = {
    "dead_title": "the dead",
    "dead_intro": "**{game}: the dead and spectators.** The living never read this thread, and nothing said here reaches them. {sees}",
    "dead_sees_channel": "It shows nothing more than the game's channel.",
    "dead_sees_private": "The moderators let it show every player's private results from now on.",
    "dead_private": "**Private, to {names}:**\n{text}",
    "watch_over": "{game} is over: there is nothing left to watch.",
    "watch_playing": "You play in {game}: the spectators' thread is for the dead and those who do not play.",
    "watch_now": "You watch {game}: you are added to its thread for the dead and spectators.",
    "watch_at_start": "You will watch {game}: you are added to its thread for the dead and spectators when it starts.",
    "dead_no_posting": "The dead do not post in the living's channel: talk in the game's thread for the dead.",
}
