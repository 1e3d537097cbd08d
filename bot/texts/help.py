"""/help and /rules: the commands listed by what they are for."""

TEXTS: dict[str, str] = {
    "rules_games_title": "Rules",
    "rules_games": "The rules depend on the game: use /rules in a game's channel, or with `game:` and the game's number, to read that game's rules.",
    "rules_games_list": "The games this bot runs",
    "rules_game_line": "**{title}**",
    "rules_no_games": "none yet",
    "rules_none": "{game} has no rules summary yet: ask the moderators.",
    "help_title": "Commands",
    "help_intro": "Every reply is private: only you see it. In a DM, add `game:` when you play in several games. Orders can be changed until the deadline: the last one counts.",
    "help_sheet": "`/sheet upload` attach your own character sheet before the start (`/sheet template`: an example; `/sheet show`, `/sheet clear`)",
    "help_signup_title": "Sign-up",
    "help_signup": "`/join` sign up for the game in this channel (or the Join button on its sign-up message)\n`/leave` withdraw your sign-up before the start\nReady: the button sent by DM before the start; press it to keep your place",
    "help_roles": "`/join role:` or `/role choose` ask for one of the game's roles before the start",
    "help_info_title": "Information",
    "help_info": "`/orders` see, change or withdraw your current orders\n`/status` your own record and what you see around you\n`/map` a picture of the game's map and where you are\n`/rules` the rules in short\n`/help` this list\n`/log` once a game is over, every order with its receipt\n`/team say` write to your private group by DM, when the bot cannot open its thread\n`/roll` roll dice for everyone to see (`2d6+1`, `3#2d6`, a label after a space)\n`/profile [user]` games, wins, survivals and reliability (your whole record on your own)\n`/leaderboard game:` this server's best players of a game\n`/sub volunteer` and `/sub withdraw` offer (or stop offering) to take absent players' places",
    "help_moderators_title": "Moderators: the game",
    "help_moderators": "`/game create` create a game in this channel\n`/game open` open the sign-ups\n`/game start` start the game (after the players' muster: `muster_hours`)\n`/game pause` and `/game resume` stop and restart the clock\n`/game extend` move the current deadline\n`/game end` end the game\n`/game settings` the game's settings and house rules\n`/game watch` (anyone not playing) watch from the thread of the dead and spectators",
    "help_moderators_more_title": "Moderators: resolution and players",
    "help_moderators_more": "`/resolve now` resolve the orders sent so far at once\n`/resolve preview` see the resolution of the current orders, only for you; nothing changes",
    "help_moderators_seats": "`/mod substitute` put another player in a seat\n`/mod orders` who has not sent orders yet\n`/mod view` everything in the game, every secret and number (only you see it)\n`/mod audit` the moderators' audit log\n`/mod rolls` every dice roll of the game, secret ones too\n`/roll ... secret:True` a roll only you see",
}
