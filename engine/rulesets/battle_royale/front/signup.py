"""What a Battle Royale player may ask for at sign-up (handbook II.A): a role (Dedicated Student, the
default, or Lone Wolf), Lovers by both players' agreement (`/role lovers partner:`), and a Rival declared
alone (`/role rival rival:`, withdrawn by naming nobody) who can never be the player's Lover.

The request keys (`role`, `lover`, `rival`) are the ones `setup.new_game` reads."""

from __future__ import annotations

from engine.front import Pairing, Signup
from engine.keyed import unfilled
from engine.rulesets.battle_royale import selection
from engine.rulesets.battle_royale.front.texts import DOMAIN, TEXTS, text


def _texts(**keys: str) -> dict[str, str]:
    """The templates by the use the bot puts them to (the bot fills in their values, `engine.keyed.filled`, so
    that each reader reads them in their language)."""
    return {use: unfilled(DOMAIN, TEXTS, key) for use, key in keys.items()}


LOVERS = Pairing(
    name="lovers",
    key="lover",
    description=text("cmd_role_lovers"),
    option_description=text("opt_lovers_partner"),
    option="partner",
    mutual=True,
    role="lovers",
    excludes=("rival",),
    texts=_texts(
        sent="lovers_sent",
        own="own_lover",
        excluded="rival_not_lover",
        not_signed_up="partner_not_signed_up",
        proposed="lovers_proposed",
        accepted="lovers_accepted",
        declined="lovers_declined",
        now="lovers_now",
        refused="lovers_refused",
        no_proposal="no_lovers_proposal",
        proposer_gone="proposer_gone",
        out_of_play="lovers_out_of_play",
    ),
)

RIVAL = Pairing(
    name="rival",
    key="rival",
    description=text("cmd_role_rival"),
    option_description=text("opt_rival"),
    option="rival",
    excludes=("lover",),
    clearable=True,
    texts=_texts(
        set="rival_set",
        cleared="rival_cleared",
        own="own_rival",
        excluded="lover_not_rival",
        not_signed_up="rival_not_signed_up",
    ),
)

SIGNUP = Signup(
    roles=((text("role_dedicated_student"), "dedicated_student"), (text("role_lone_wolf"), "lone_wolf")),
    default_role="dedicated_student",
    pairings=(LOVERS, RIVAL),
    role_texts=_texts(
        requested="role_requested",
        choose="cmd_role_choose",
        option="opt_role",
        join_option="opt_join_role",
        unknown="unknown_role",
        not_chosen="request_role_choice",
        out_of_play="role_out_of_play",
    ),
    in_play=selection.offered,  # a setup's `roles` (docs/rules/battle-royale.md, "A setup's items and roles")
)
