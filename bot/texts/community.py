"""The community settings every game has (/game settings), and their refusals."""

TEXTS: dict[str, str] = {
    "bad_whole_setting": "Setting {setting}: a whole number from 0 to {most}; you gave {value}.",
    "bad_min_reliability": "Setting min_reliability: none, new (all but unreliable players), reliable, or a reliability figure from 0 to 100; you gave {value}.",
    "bad_dead_see": "Setting dead_see: channel (the dead see what the channel shows) or private (every player's private results from then on); you gave {value}.",
    "bad_start_at": "Setting start_at: a date and time in the game's timezone, as 2026-03-01 20:00, or none; you gave {value}.",
    "start_at_out_of_range": "Setting start_at: {value} in {timezone} is too far in the past or the future to keep (the bot keeps times from 0001-01-02 to 9999-12-30 in UTC); nothing was changed.",
    "min_reliability_refused": "This game admits players whose reliability is at least {minimum}; yours is {tier} ({figure}). /profile shows your record.",
    "start_at_too_few": "{name} was to start at its start time, but only {count} of the {minimum} players it needs {count:has|have} joined: sign-ups stay open (set a new start_at, or /game start once enough have joined).",
    "list_and": "{most} and {last}",
    "auto_start_failed": "{name} could not start by itself (the bot's log says why): start it with /game start once the problem is fixed.",
}
