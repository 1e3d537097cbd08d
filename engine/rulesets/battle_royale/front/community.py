"""What Battle Royale tells the bot's shared community features (`engine.front.Community`): kills (the private
"kill" event told to the killer) as its headline figure, and hidden information (the dead may be shown the
players' private results). Winners and survivors: `BattleRoyalePlay.outcome`."""

from __future__ import annotations

from engine.front import AUDIENCE, Community, Counted
from engine.rulesets.battle_royale.front.texts import text

COMMUNITY = Community(
    counted=(Counted(text("profile_kills"), ("kill",), AUDIENCE),),
    hidden=True,
    sides={role: text(f"side_{role}") for role in ("dedicated_student", "lone_wolf", "lovers")},
)
