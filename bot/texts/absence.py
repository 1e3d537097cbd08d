"""Absent players: a seat offered to a reserve or a volunteer, and the moderators told when nobody takes it."""

TEXTS: dict[str, str] = {
    "absence_offer": "{name} has missed {missed} {missed:step|steps} in a row in **{game}**: will you take their place? You would play on with everything they knew. Accept or Decline below.",
    "absence_moderators": "{name} has missed {missed} {missed:step|steps} in a row in {game}, and no reserve or volunteer took the place: decide with /mod substitute (or let them play on).",
    "absence_gone": "This offer is no longer open: nothing was done.",
    "absence_back": "The place in {game} is no longer free (the player came back, or the game ended): nothing was done.",
    "absence_declined": "You declined the place in {game}; someone else will be asked.",
    "absence_accepted": "You now play in {game}: your DMs will bring you what your character knows.",
    "absence_replaced_you": "You missed too many steps in a row in {game}: someone else took your place.",
}
