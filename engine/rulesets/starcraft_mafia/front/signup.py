"""What a StarCraft Mafia player may ask for at sign-up: a class (rulings, "Players, teams, classes": requests
are granted in sign-up order while the class has room). `/join role:` and `/role choose` carry it as `role`,
which `setup.new_game` reads; no request means any class."""

from __future__ import annotations

from engine.front import Signup
from engine.keyed import unfilled
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.front.texts import DOMAIN, TEXTS

SIGNUP = Signup(
    roles=tuple((c.name, c.id) for c in catalog().classes),
    default_role=None,
    role_texts={
        "requested": unfilled(DOMAIN, TEXTS, "role_requested"),  # filled in by the bot, in its reader's language
        "choose": TEXTS["cmd_role_choose"],
        "option": TEXTS["opt_role"],
        "join_option": TEXTS["opt_join_role"],
        "unknown": TEXTS["unknown_role"],
        "not_chosen": TEXTS["request_role_choice"],
    },
)
