"""What Infinity tells the bot's shared community features (`engine.front.Community`): nothing beyond its wins and
survivals (`InfinityPlay.outcome`); everything is shown in the channel, so nothing is hidden from the dead."""

from __future__ import annotations

from engine.front import Community
from engine.rulesets.infinity_intervention.front.texts import text

COMMUNITY = Community(sides={"pc": text("side_pc"), "npc": text("side_npc")})
