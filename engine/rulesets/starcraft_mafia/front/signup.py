"""What a StarCraft Mafia player may ask for at sign-up: a class (rulings, "Players, teams, classes": requests
are granted in sign-up order while the class has room). `/join role:` and `/role choose` carry it as `role`,
which `setup.new_game` reads; no request means any class. A setup's `classes` offer only those in play."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from engine.front import Signup
from engine.keyed import unfilled
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.front.texts import DOMAIN, TEXTS
from engine.rulesets.starcraft_mafia.setup import class_weights


def in_play(settings: Any) -> Collection[str] | None:
    """The classes a setup's `classes` put in play (a weight above 0); None: every class, as the rulings deal them."""
    return None if settings is None or settings.classes is None else tuple(class_weights(settings))


SIGNUP = Signup(
    roles=tuple((c.name, c.id) for c in catalog().classes),
    default_role=None,
    role_texts={
        "requested": unfilled(DOMAIN, TEXTS, "role_requested"),  # filled in by the bot, in its reader's language
        "choose": TEXTS["cmd_role_choose"],
        "option": TEXTS["opt_role"],
        "join_option": TEXTS["opt_join_role"],
        "unknown": unfilled(DOMAIN, TEXTS, "unknown_role"),
        "not_chosen": unfilled(DOMAIN, TEXTS, "request_role_choice"),
        "out_of_play": unfilled(DOMAIN, TEXTS, "class_out_of_play"),
    },
    in_play=in_play,
)
