"""Verifying a step and finding what differs: `brbot verify`, the web page's checks, refusals to resolve."""

TEXTS: dict[str, str] = {
    "no_seed": "{step} of game #{game_id} has no committed seed.",
    "not_resolved": "{step} of game #{game_id} has not been resolved.",
    "seed_hidden": "The seed of {step} has not been revealed yet.",
    "verify_day_invalid": "{day} is not a number that can be verified: a game's {steps} are numbered 0, 1, 2 and so on.",
    "no_resolved_days": "Game #{game_id} has nothing resolved and no rolls.",
    "verify_commitment": "the revealed seed does not match the published commitment",
    "verify_state": "the state it leaves differs: {difference}",
    "verify_difference": "{path}: stored {stored!r}, replayed {replayed!r}",
    "verify_events": "its events differ from event {number} on ({stored_count} stored, {replayed_count} "
    "replayed): stored {stored}; replayed {replayed}",
    "verify_event": "{kind} {text!r}",
    "verify_event_key": "{kind} {text!r} said as {sentence} with {values}",
    "verify_no_event": "no event",
    "verify_who": "{name} ({seat})",
    "verify_order": "{who}'s order differs: the resolution used {used}, but the orders table now holds {row}",
    "verify_no_order": "no order",
    "verify_receipt": "{who}'s receipt {receipt} is not the hash of their order and salt",
    "verify_hash": "the outcome hash differs",
}
