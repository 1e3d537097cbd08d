"""Every player- and moderator-facing sentence of the bot's service layer and command line, in one place.

`say(key, **values)` renders one. Refusals (`ServiceError` messages), channel posts, reminder DMs, the
seed commitment and reveal posts, moderator announcements and the `brbot` command line's output all come
from here, so wording can be reviewed, changed or translated without touching the services. Values are
formatted before they are passed in (dates through `when`); a word after a count takes the count's number
with `{count:player|players}` (`render`), and names listed in a sentence are joined by `listed`. The
engine's own texts live in its ruleset (`engine/rulesets/battle_royale/text.py`).
"""

from __future__ import annotations

import string
from datetime import datetime
from typing import Any

TEXT: dict[str, str] = {
    # --- refusals: games and players ----------------------------------------------------------
    "no_game": "There is no game #{game_id}.",
    "too_long": "{what} may have at most {most} characters (this one has {length}): nothing was changed.",
    "not_text": "{what} must be a text: nothing was changed.",
    "bad_character": "{what} holds a character the bot cannot keep ({character}): nothing was changed.",
    "what_game_name": "A game's name",
    "what_player_name": "A player's name",
    "what_order": "The order",
    "what_actor": "`as`",
    "what_roll": "The roll",
    "bad_user_id": "{user_id} is no Discord user's id: nothing was changed.",
    "bad_discord_id": "{value} is no Discord {what}'s id: nothing was changed.",
    "id_of_server": "server",
    "id_of_channel": "channel",
    "id_of_role": "role",
    "what_ruleset": "A ruleset's name",
    "what_deadline_time": "The deadline time",
    "what_timezone": "The timezone",
    "what_signup_cap": "The sign-up cap",
    "bad_signup_cap": "Setting signup_cap: a whole number from 2 to {most} (the most this game takes); you gave {value}.",
    "what_setting": "A setting's name",
    "what_value": "A setting's value",
    "what_reason": "The reason",
    "out_of_range": "{what} must be from {least} to {most}, not {value}: nothing was changed.",
    "not_playing": "You are not playing in this game.",
    "moderators_only": "Only the game's moderators can do this (Manage Server or the server's moderator role): nothing was changed.",
    "data_file_not_taken": "{game} takes no data file: create the game without one.",
    "data_file_too_big": "That {label} file is {size}; the most a {label} file may be is {most}.",
    "data_file_type": "The {label} file must be YAML (.yaml, .yml) or JSON (.json).",
    "data_file_not_text": "The {label} file is not UTF-8 text.",
    "data_file_syntax": "The file cannot be read, line {line}: {problem}.",
    "data_file_nothing": "Nothing was created.",
    "data_file_bad_yaml": "this is not valid YAML",
    "data_file_alias": "aliases (*name) are not allowed",
    "data_file_not_mapping": "The {label} file must hold a mapping (keys and values) at the top.",
    "data_file_too_deep": "The {label} file nests lists and mappings more than {most} levels deep.",
    "data_file_long_number": "The {label} file has a number of more than {most} digits.",
    "data_file_not_finite": "The {label} file has a number that is not finite (NaN or infinity).",
    "data_file_bad_character": "The {label} file has a character the bot cannot keep ({character}) in a text.",
    # --- players' character sheets (`/sheet`) ----------------------------------------------------------
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
    # --- refusals: sign-up ----------------------------------------------------------------------
    "bad_setting": "Setting {setting}: {problem}.",
    "settings_not_mapping": "The settings must be given by name (a mapping): nothing was created.",
    "unknown_timezone": "Unknown timezone {timezone!r}: use a name like Europe/Berlin or America/Chicago.",
    "bad_deadline_time": "Deadline time {deadline_time!r} must look like 22:00.",
    "bad_step_hours": "Step hours {value!r} must be a number of hours from 1 to {most}, or daily.",
    "signups_closed": "Sign-ups for this game are closed.",
    "already_signed_up": "You have already signed up for this game.",
    "leave_started": "The game has started: ask a moderator to substitute you.",
    "not_signed_up": "You are not signed up for this game.",
    "roles_fixed": "Sign-up requests are fixed once the game has started.",
    "no_roles": "{game} has no roles to choose at sign-up.",
    "no_roles_join": "{game} has no roles to choose: you are not signed up yet; use /join without a role.",
    "role_unknown_template": "{role!r} is not a role of {game}: choose one of {roles}.",
    "role_not_chosen_template": "That role is taken only through a pairing, not with /role choose.",
    "role_requested_template": "You asked for the role {role}.",
    "already_started": "This game has already started.",
    "start_refused": "The game cannot start: {reason}",
    "too_few_players": "{game} needs at least {minimum} players; {count} signed up.",
    "no_players": "At least one player must sign up before the game can start.",
    # --- refusals: orders -----------------------------------------------------------------------
    "game_not_started": "The game has not started yet.",
    "game_over": "The game is over.",
    "game_paused": "The game is paused: orders are not accepted until a moderator resumes it.",
    "deadline_passed": "The deadline has passed: the orders are being resolved.",
    "game_changed": "The game changed while your order was being checked: send it again.",
    "malformed_order": "That order is malformed ({where}: {problem}).",
    "malformed_values": "`/{command}` was given its options in a form the bot does not take: nothing was changed.",
    "wrong_type": "{what} must be {kind}: nothing was changed.",
    "not_a_choice": "{what} must be one of {choices}, not {value}: nothing was changed.",
    "not_in_form": "`/{command}` has no menu {select}: nothing was changed.",
    "not_a_form_choice": "{value} is not one of the choices of `{select}`: nothing was changed.",
    "form_too_many": "`{select}` takes at most {most} different choice(s): nothing was changed.",
    "kind_choices": "a list of choices",
    "kind_text": "a text",
    "kind_integer": "a whole number",
    "kind_number": "a number",
    "kind_boolean": "true or false",
    "kind_user": "a member of the server",
    "log_not_published": "The order log is published once the game is over.",
    "no_such_command": "/{command} is not a command of {game}: /help lists this game's commands.",
    "command_not_now": "/{command} cannot be used at this point of the game: /help says what you can do now.",
    "option_needed": "/{command} needs the option `{option}` in this game.",
    "option_not_of_verb": "/{command} has no option `{option}`: leave it out (/help lists each action's options).",
    "no_trade_offer": "{name} has no trade offer for you now.",
    "trade_offer_changed": "{name} has changed their trade offer since that message: nothing was answered. Use the buttons of their newest offer.",
    "trade_offer_old_day": "That trade offer from {name} was for {step}, which is over: nothing was answered.",
    # --- refusals: moderators -------------------------------------------------------------------
    "pause_not_running": "Only a running game can be paused.",
    "not_paused": "The game is not paused.",
    "extend_range": "Extend by more than 0 and at most 336 hours.",
    "when_none": "no deadline",
    "no_deadline": "This game has no deadline to extend.",
    "already_over": "The game is already over.",
    "already_playing": "{name} is already playing in this game.",
    "mod_not_playing": "<@{user_id}> is not playing in this game.",
    "mod_needs_player": "/mod {action} is about a player: name them with the user option.",
    "mod_was_replaced": "<@{user_id}> was replaced in this game and cannot take another seat.",
    "mod_same_player": "The substitute must be someone other than the player they replace.",
    "pause_range": "Pause for more than 0 and at most 336 hours.",
    "channel_has_game": "This channel already has a game that is not over: #{game_id} {name}.",
    "open_not_setup": "Sign-ups can only be opened for a game that is still being set up.",
    "start_in_setup": "Sign-ups are not open yet: open them with /game open first.",
    "no_moderation": "This ruleset has no moderator action {action!r}.",
    "resolve_not_running": "Only a running or paused game can be resolved.",
    "resolve_raced": "{step} has just been resolved by someone else.",
    "preview_not_running": "Only a running or paused game has orders to preview.",
    "web_skip": "Skip to the page",
    "web_step_page": "This step's own page",
    "web_previous": "Previous step",
    "web_next": "Next step",
    "web_missing_title": "No such page",
    "web_missing": "There is no page at this address: the game does not exist, or its moderators have not opened its page.",
    "web_index_title": "Games",
    "web_index_empty": "No game is listed here yet. A game's moderators list it with /game settings web listed.",
    "web_status_setup": "being set up",
    "web_status_signup": "sign-ups open",
    "web_status_running": "running",
    "web_status_paused": "paused",
    "web_status_over": "over",
    "web_players": "{n} players",
    "web_next_deadline": "Next deadline:",
    "web_steps": "Posts",
    "web_now": "Now",
    "web_players_title": "Players",
    "web_seat_replaced": "replaced",
    "web_seat_left": "left",
    "web_posts": "What the channel was told",
    "web_announcement": "Announcement",
    "web_picture_alt": "The picture after {title}; in words below.",
    "web_verified_ok": "Verified: re-running this step from its stored state, orders and seed gives the same result.",
    "web_verified_bad": "Verification found differences: {differences}",
    "web_rules": "Rules",
    "web_settings": "Settings",
    "web_fairness": "Fairness",
    "web_fairness_intro": "The game is over, so everything is published: every order with its receipt and its player's salt, and every step's seed with the commitment posted before the step. This page recomputes each receipt and commitment in your browser.",
    "web_check_again": "Check again",
    "web_checks": "Each step re-run (brbot verify)",
    "web_seeds": "Seeds",
    "web_step": "Step",
    "web_seed": "Seed",
    "web_commitment": "Commitment",
    "web_check": "Check",
    "web_orders": "Orders",
    "web_player": "Player",
    "web_order": "Order",
    "web_salt": "Salt",
    "web_receipt": "Receipt",
    "web_player_games": "Games",
    "web_result_won": "won",
    "web_result_lost": "lost",
    "web_result_survived": "survived",
    "web_result_left": "left the game",
    "web_result_playing": "playing",
    "web_result_signed_up": "signed up",
    "web_bad_mode": "The web page setting is one of {choices}, not {value}.",
    "web_link": "This game has a web page now, for whoever has its address: {url}",
    "web_listed": "This game's web page is now listed on the site's index: {url}",
    "web_setting_data": "(the game's data)",
    "settings_over": "The game is over: its settings no longer change.",
    "unknown_setting": "There is no setting {name!r}. Settings: {choices}.",
    "setting_after_start": "The game has started: only {choices} may change now.",
    "bad_bool": "Setting {setting}: say true or false, not {value!r}.",
    "bad_role": "Setting moderator_role: give a role mention, a role id, or none.",
    "bad_channel": "Setting moderator_channel: give a channel mention, a channel id, or none.",
    "mod_channel_is_game_channel": "The moderator channel must not be the game channel: everyone there would read the moderators' notes. Give a private channel, or none.",
    "cap_below_joined": "Setting signup_cap: {joined} players have already joined; the cap cannot be lower.",
    # --- refusals: resolution and verification --------------------------------------------------
    "no_seed": "{step} of game #{game_id} has no committed seed.",
    "not_resolved": "{step} of game #{game_id} has not been resolved.",
    "seed_hidden": "The seed of {step} has not been revealed yet.",
    "verify_day_invalid": "{day} is not a number that can be verified: a game's {steps} are numbered 0, 1, 2 and so on.",
    "no_resolved_days": "Game #{game_id} has nothing resolved and no rolls.",
    # --- verification findings ------------------------------------------------------------------
    "verify_commitment": "the revealed seed does not match the published commitment",
    "verify_state": "the state it leaves differs: {difference}",
    "verify_difference": "{path}: stored {stored!r}, replayed {replayed!r}",
    "verify_events": "its events differ from event {number} on ({stored_count} stored, {replayed_count} "
    "replayed): stored {stored}; replayed {replayed}",
    "verify_event": "{kind} {text!r}",
    "verify_no_event": "no event",
    "verify_who": "{name} ({seat})",
    "verify_order": "{who}'s order differs: the resolution used {used}, but the orders table now holds {row}",
    "verify_no_order": "no order",
    "verify_receipt": "{who}'s receipt {receipt} is not the hash of their order and salt",
    "verify_hash": "the outcome hash differs",
    # --- channel posts and DMs ------------------------------------------------------------------
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
    # --- command line ---------------------------------------------------------------------------
    "cli_error": "brbot: {message}",
    "cli_db_error": "database error: {detail}{hint}",
    "cli_db_hint": " (run `brbot migrate` first?)",
    "cli_db_missing": "the database does not exist on the server ({detail}): create it, or check the URL {url}",
    "cli_sqlite_unopenable": "cannot open the SQLite database {url} ({detail}): does its folder exist?",
    "cli_no_sqlite_file": "there is no database file {path}: pass --database with the bot's database URL "
    "or set BRBOT_DATABASE_URL",
    "cli_unreachable": "cannot reach the database at {where}: {reason}",
    "cli_os_error": "{reason}",
    "cli_unsupported_url": "unsupported database URL {url!r}: use sqlite+aiosqlite:///FILE or "
    "postgresql+asyncpg://USER:PASSWORD@HOST/DATABASE (postgresql:// and postgres:// are accepted)",
    "cli_bad_url": "{url!r} is not a database URL ({detail})",
    "cli_log_unwritable": "cannot write the log file {path}: {reason}",
    "cli_data_help": "a data file the game takes, as /game create's file option: {what}",
    "cli_data_unreadable": "cannot read the data file {path}: {reason}",
    "cli_auto_shards_need_postgres": "BRBOT_SHARD_IDS=auto needs PostgreSQL: the processes share out the "
    "shards through it (set BRBOT_DATABASE_URL to a postgresql:// URL)",
    "cli_shard_lost": "lost the database connection that holds shard {shard}; stopping, since another process "
    "may take the shard over (a restart takes a free shard again)",
    "cli_whole_number": "{name} must be a whole number, not {text!r}",
    "cli_between": "{name} must be between {low} and {high}",
    "cli_heading": "\n== {title} ==",
    "cli_section": "  {section}:",
    "cli_public": "  {text}",
    "cli_private": "    [to {who}] {text}",
    "cli_progress": "[{bar}] {one} {day}/{days}",
    "cli_game_over": "\nGame over after {last}. Winners: {winners}. Survivors: {survivors}.",
    "cli_none": "none",
    "cli_game_kept": "This was game #{game_id}, kept in {url}: try `{brbot} log {game_id} --database {url}`, "
    "`{brbot} replay {game_id} 1 --database {url}` or `{brbot} verify {game_id} --database {url}`.",
    "cli_balance_header": "{study:28}  measured  expected    diff",
    "cli_balance_row": "{name:28} {measured:9.3f} {expected:9.3f} {diff:6.1f}%",
    "cli_balance_measured": "{name:28} {measured:9.3f}",
    "cli_unknown_set": "Setting {name}: {game} has no such setting (--set {pair!r}); its settings: {known}",
    "cli_studying": "studying {game} ({trials} trials): {seconds} s so far",
    "cli_balance_none": "{ruleset} has no balance studies.",
    "cli_bad_set": "--set {pair!r}: write NAME=VALUE, e.g. day_vote=true.",
    "cli_word_player": "player",
    "cli_word_players": "players",
    "cli_word_page": "page",
    "cli_word_pages": "pages",
    "cli_word_message": "message",
    "cli_word_messages": "messages",
    "cli_word_request": "request",
    "cli_word_requests": "requests",
    "cli_word_game": "game",
    "cli_word_games": "games",
    "cli_players_unseated": "--players {asked}: a simulation of {game} seats {seats} (see brbot rulesets)",
    "cli_seats_exactly": "exactly {count} {players}",
    "cli_seats_between": "{low} to {high} players",
    "cli_no_computer_players": "{game} has no computer players, so it cannot be simulated.",
    "cli_rulesets_header": "name                  title                         players  pacing",
    "cli_rulesets_row": "{name:21} {title:29} {players:8} {pacing}",
    "cli_bench_engine": "engine: one {one} with {players:>5} {people}: {ms:8.2f} ms (median)",
    "cli_bench_skipped": "submit: {backend}: not reachable, skipped",
    "cli_bench_submit": "submit: {backend}: p50 {p50:.1f} ms, p99 {p99:.1f} ms ({submitters} concurrent)",
    "cli_bench_live": "live: {games} {kind} in one process: peak {mb:.1f} MB; an idle deadline pass {ms:.1f} ms",
    "cli_bench_no_computer_players": "{game} has no computer players, so it cannot be benchmarked.",
    "cli_bench_nobody_awaited": "{game} awaits no player's orders after its opening step: nothing to time.",
    "cli_bench_web": "web: a {one}'s page of a {players}-player game of {title} p95 {step_page:.1f} ms (the whole "
    "game's page {game_page:.1f} ms); {followers} open {pages} told of a {one} within {follow:.0f} ms; {games} games' "
    "pages served in {mb:.1f} MB",
    "cli_bench_delivery": "delivery: a {one} of a {players}-player game of {title} ({messages} {posts}, {requests} "
    "{calls}) in {seconds:.2f} s, {ratio:.2f}x the floor of Discord's rate limits ({floor:.2f} s at a {rtt} ms "
    "round trip)",
    "cli_verified": "{step}: identical outcome",
    "cli_differs": "{step}: DIFFERS: {differences}",
    "cli_rolls_verified": "Rolls: all {count} identical",
    "cli_rolls_differ": "Rolls: DIFFER: {differences}",
    "verify_roll": "roll #{seq} by {name}: stored {stored!r}, recomputed {replayed!r}",
    "verify_roll_missing": "roll #{seq} is missing",
    "verify_roll_unreadable": "roll #{seq} cannot be read again: {reason}",
    "verify_roll_no_seed": "the game's rolls are stored but its dice seed is missing",
    "cli_replay": "[{who}] {text}",
    "cli_replay_below": "{day} is not a {one} that can be replayed: game #{game_id}'s {there}",
    "cli_replay_past": "{step} of game #{game_id} has not been resolved: its {there}",
    "cli_replay_days": "resolved {steps} run from {first} to {last}",
    "cli_replay_none": "{steps}: none has been resolved yet",
    "cli_replay_to": "to {players}",
    "cli_log_title": "Order log of game #{game_id}: every submission with its receipt and the player's salt. "
    "A receipt is sha256(order as canonical JSON + salt), first 12 hex digits.",
    "cli_log_entry": "  {name} ({seat}) receipt {receipt} [{status}, {check}] salt {salt}\n    {order}",
    "cli_log_final": "final",
    "cli_log_replaced": "replaced",
    "cli_log_ok": "matches",
    "cli_log_bad": "DOES NOT MATCH",
    "cli_log_withdrawn": "(withdrawn: the default order applied)",
    "cli_roll": "  roll: {purpose}: {spec} -> {result}",
    "cli_bad_setting": "{name}={value!r} is not a valid setting (from the environment or .env): {reason}",
    "cli_no_sqlite_folder": "the folder {folder} of the SQLite database {url} does not exist: create it, or check "
    "the URL",
    "cli_bad_token": "Discord refused the token in BRBOT_DISCORD_TOKEN ({detail}): copy it again from the developer "
    "portal (Bot > Reset Token)",
    "cli_discord_login_failed": "Discord at {where} did not accept the login ({detail}); nothing was changed",
    "cli_discord_unreachable": "cannot reach Discord at {where} ({reason}): check the network, DNS and any "
    "firewall or proxy; nothing was changed",
    "health_no_file": "not running: no heartbeat in {path} (the bot writes it while connected to Discord)",
    "health_unreadable": "cannot read the heartbeat in {path}: {reason}",
    "health_stale": "unhealthy: the last heartbeat was {seconds} s ago (the bot is stuck or not connected)",
    "health_ok": "healthy: connected to Discord",
    "health_off": "BRBOT_HEALTH_FILE is not set, so `brbot run` writes no heartbeat to check",
    "cli_no_token": "no Discord token: set BRBOT_DISCORD_TOKEN in the environment or in .env (see README, Running on Discord)",
    "cli_migrated": "Database at {url} is up to date.",
    # --- a game's private groups (bot/services/groups.py) -------------------------------------
    "group_sync": "Bring the private group {group} in line with the game.",
    "what_group_text": "A message to your group",
    "group_empty": "Write something to send to your group.",
    "group_none": "You are in no private group of this game.",
    "group_which": "You are in several private groups: name one with the group option ({groups}).",
    "group_not_yours": "You are in no group named {group!r}; yours: {groups}.",
    "group_use_thread": "{group} has its private thread, <#{thread_id}>: write there. /team say is for when the bot cannot open one.",
    "group_alone": "Nobody else is in {group} now: nothing was sent.",
    "group_relayed_text": "**{group}** ({game}), from {name}:\n{text}",
    "group_relayed": "Sent by DM to the {count} other {count:member|members} of {group}.",
    # --- the community: settings, lobby, muster, records, absence, the dead (bot/services/community...) ----
    "bad_whole_setting": "Setting {setting}: a whole number from 0 to {most}; you gave {value}.",
    "bad_min_reliability": "Setting min_reliability: none, new (all but unreliable players), reliable, or a reliability figure from 0 to 100; you gave {value}.",
    "bad_dead_see": "Setting dead_see: channel (the dead see what the channel shows) or private (every player's private results from then on); you gave {value}.",
    "bad_start_at": "Setting start_at: a date and time in the game's timezone, as 2026-03-01 20:00, or none; you gave {value}.",
    "start_at_out_of_range": "Setting start_at: {value} in {timezone} is too far in the past or the future to keep (the bot keeps times from 0001-01-02 to 9999-12-30 in UTC); nothing was changed.",
    "tier_new": "new",
    "tier_reliable": "reliable",
    "tier_unreliable": "unreliable",
    "min_reliability_refused": "This game admits players whose reliability is at least {minimum}; yours is {tier} ({figure}). /profile shows your record.",
    "figure_none": "no steps yet",
    "figure": "{figure}% of steps in time",
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
    "start_at_too_few": "{name} was to start at its start time, but only {count} of the {minimum} players it needs {count:has|have} joined: sign-ups stay open (set a new start_at, or /game start once enough have joined).",
    "absence_offer": "{name} has missed {missed} {missed:step|steps} in a row in **{game}**: will you take their place? You would play on with everything they knew. Accept or Decline below.",
    "absence_moderators": "{name} has missed {missed} {missed:step|steps} in a row in {game}, and no reserve or volunteer took the place: decide with /mod substitute (or let them play on).",
    "absence_gone": "This offer is no longer open: nothing was done.",
    "absence_back": "The place in {game} is no longer free (the player came back, or the game ended): nothing was done.",
    "absence_declined": "You declined the place in {game}; someone else will be asked.",
    "absence_accepted": "You now play in {game}: your DMs will bring you what your character knows.",
    "absence_replaced_you": "You missed too many steps in a row in {game}: someone else took your place.",
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
    "list_and": "{most} and {last}",
    "auto_start_failed": "{name} could not start by itself (the bot's log says why): start it with /game start once the problem is fixed.",
    "muster_opened_reply": "The muster of {name} is open: the players have until {until} to press Ready; the game starts when all have.",
}


class _Words(string.Formatter):
    """`str.format` with one more format spec, for a word that follows a count: `{count:player|players}` is
    "player" when `count` is 1 and "players" for any other number (0 too), so a sentence reads right for one
    and for many ("1 ready player", "3 ready players", "Cal was dropped", "Cal and Dee were dropped")."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec and isinstance(value, int) and not isinstance(value, bool):
            one, many = format_spec.split("|", 1)
            return one if value == 1 else many
        return super().format_field(value, format_spec)


WORDS = _Words()


def render(template: str, **values: object) -> str:
    """A template filled in, with the plural spec of `_Words` (`say` here, `ui` in `bot.ui.text`)."""
    return WORDS.vformat(template, (), values)


def say(key: str, **values: object) -> str:
    return render(TEXT[key], **values)


def listed(names: list[str]) -> str:
    """Names as a sentence lists them: "Cal", "Cal and Dee", "Ann, Cal and Dee"."""
    if len(names) < 2:
        return "".join(names)
    return TEXT["list_and"].format(most=", ".join(names[:-1]), last=names[-1])


def escape(text: str) -> str:
    """Free text someone wrote, as a post should show it: no Markdown formatting, no mention."""
    import discord

    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def when(moment: datetime | None) -> str:
    """A moment (a deadline) as Discord shows it to each reader in their own time zone and language: the
    date and time, and how far off it is ("1 March 2026 22:00 (in 10 hours)"): `<t:…:f> (<t:…:R>)`; "no
    deadline" for none."""
    import discord

    if moment is None:
        return TEXT["when_none"]
    return f"{discord.utils.format_dt(moment, 'f')} ({discord.utils.format_dt(moment, 'R')})"
