"""What delivery says when a message cannot go as written: closed DMs, threads it cannot open."""

TEXTS: dict[str, str] = {
    "delivery_thread_name": "{game}: private messages for {player}",
    "delivery_thread_intro": "{mention}, your DMs are closed, so your private messages for {game} arrive in this private thread instead. Open your DMs from this server to get them there again.",
    "delivery_dms_closed": "{player} (<@{user_id}>) has DMs closed: their private messages for {game} go to the private thread <#{thread_id}>.",
    "delivery_failed": "A message for {where} in {game} (outbox #{row}) could not be delivered: {error}",
    "delivery_where_channel": "the game channel",
    "delivery_where_dm": "<@{user_id}>",
    "delivery_where_moderators": "the moderators",
    "delivery_where_group": "a private group's thread",
    "delivery_no_thread": "{player} (<@{user_id}>)'s DMs are closed and no private thread could be opened for them in <#{channel_id}> ({error}): give the bot Create Private Threads and Send Messages in Threads in that channel. Until then their private messages for {game} are not delivered.",
    "delivery_mod_thread_name": "{game}: moderators",
    "delivery_mod_thread_intro": "{mention}, the moderators' notes of {game} arrive in this private thread, one message for each resolution. Members with Manage Threads see it too, and whoever you mention here joins it; `/game settings moderator_channel` sends the notes elsewhere.",
}
