"""What a step posts in the game's channel and sends by DM: results, seeds committed and revealed, reminders,
announcements."""

TEXTS: dict[str, str] = {
    "day_open": "{step} is open until {deadline}. Seed commitment: {commitment}",
    "seed_revealed": "{step} seed revealed: {seed} (commitment {commitment}).",
    "seed_held": "{step} is resolved; its seed stays secret until the game ends (commitment {commitment}).",
    "seeds_revealed_at_end": "The game is over: every {one}'s seed is revealed, so anyone can check the commitments and re-run the {steps} (`brbot verify`).",
    "seed_revealed_next": "{reveal}\n{step} is open until {deadline}. Seed commitment: {commitment}",
    "question_asked": "{game}: {prompt}\nAnswer with /{command} ({choices}) by {deadline}; "
    "otherwise the answer is {default}.",
    "npc_awaited": "{game}: waiting for the game master's orders for {actors} (a game command with `as`) "
    "until {deadline}; otherwise their script acts.",
    "step_yours": "{game}: your move ({step}), until {deadline}. Use a button below or a command.",
    "step_yours_plain": "{game}: your move ({step}), until {deadline}. Use a game command (/help lists them).",
    "step_button_old": "These buttons are from an earlier step: use the newest ones, or a command.",
    "reminder": "Reminder: {step} of {game} still waits for your orders. The deadline is {deadline}.",
    "reminder_unsent": "Not sent yet: {orders}",
    "paused": "The game is paused by a moderator.",
    "paused_until": "The game is paused by a moderator. It resumes at {until}.",
    "resumed": "A moderator resumed the game. Orders are open until {deadline}.",
    "resumed_automatically": "The pause is over: the game resumes. Orders are open until {deadline}.",
    "resumed_no_deadline": "The game resumes.",
    "resolve_failed": "{step} of {game} could not be resolved: {error}. Nothing was lost ({step} and "
    "its orders are as they were). The bot tries again from {retry}, then less and less "
    "often (at most an hour apart); /resolve now tries at once. You are told once.",
    "order_unstorable": "they hold a character the bot cannot keep ({character})",
    "result_unstorable": "the result holds a character the bot cannot keep ({character})",
    "resolve_order_dropped": "{step} of {game}: {name}'s orders could not be used ({reason}), so they played"
    " the game's default orders this time; their orders are kept in the log.",
    "resolve_recovered": "{step} of {game} has been resolved, after {failures} failed attempts.",
    "extended": "The deadline is extended to {deadline}.",
    "ended": "The game is over: {reason}.",
    "log_published": "The order log is published: `/log` (or `brbot log {game_id}`) shows every order of this game with its receipt and its player's salt, so each of you can check the receipts you were given.",
    "died": "{name} has died.",
    "moderators_started": "{game} has started with {players} {players:player|players}. The moderators' notes arrive here: one message for each {one} resolved, with every note of it.",
    "signups_open": "Sign-ups for {name} are open: use /join in this channel. {cap} places; "
    "the daily deadline is {deadline_time} ({timezone}).",
    "signups_open_hours": "Sign-ups for {name} are open: use /join in this channel. {cap} places; "
    "each {one}'s orders are due {hours} hours after it opens.",
    "substituted": "{new} takes over from {old}.",
    "substitute_dm": "You take over {actor}'s place in {game}: use /status to see where you stand.",
    "promoted": "A place opened in {game}: you moved up from the reserve list and are playing.",
    "trade_accepted": "{name} accepted your trade in {game}.",
    "trade_declined": "{name} declined your trade in {game}.",
    "simulation_name": "Simulation {seed}",
}
