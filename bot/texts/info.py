"""Information commands: /status, /orders, /map, /rules, /game info, /log."""

TEXTS: dict[str, str] = {
    "log_title": "Order log of {game}",
    "log_intro": "{count} orders over {days} {steps}, each with its receipt and its player's salt, are in the attached file. Until the game ended the salts were secret, so no receipt could reveal an order.",
    "log_mine_title": "Your orders",
    "log_mine_none": "You sent no orders in this game: the default order applied each time.",
    "log_mine_ok": "The log holds {count} orders of yours, and each receipt in it is the hash of the order beside it. Compare those receipts with the ones you were given when you sent your orders.",
    "log_mine_wrong": "These receipts of yours are not the hash of the order the log shows: {receipts}. Tell the moderators.",
    "log_check_title": "Checking a receipt yourself",
    "log_check": 'A receipt is the first 12 hexadecimal digits of the SHA-256 of `{{"day":D,"game":G,"order":O,"seat":S}}` as JSON with sorted keys and no spaces (the order `null` when withdrawn), followed directly by the salt. An entry with `receipt_version` 1 (given before receipts named the game and day) hashes the order alone.',
    "map_not_started": "{game} has not started yet: the map appears when a moderator starts the game.",
    "map_none": "{game} has no map to show.",
    "card_more": "{name} (more)",
    "card_cut": "Some details did not fit here.",
}
