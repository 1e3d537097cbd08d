"""A game's private groups (a mafia's team): their threads, /team say, the DM fallback."""

TEXTS: dict[str, str] = {
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
    "group_thread_name": "{game}: {group}",
    "group_joining": "Joining the group: {users}.",
    "group_leaving": "Leaving the group: {users}.",
    "group_refused": "The private thread of the group {group} in {game} could not be opened in <#{channel_id}> ({error}): its members talk through `/team say` by DM meanwhile, and the moderators cannot read that. Give the bot Create Private Threads and Send Messages in Threads in that channel; the thread is tried again at the next change of the game, an hour from now at the soonest.",
    "group_by_dm": "**{group}** ({game})\nThe bot cannot open this group's private thread, so there is no thread to read or write in. Write to the group's other members with `/team say text:`: the bot sends your words by DM to them and to nobody else (the moderators do not read them). Whoever joins the group later is told the same way; the dead leave it.",
}
