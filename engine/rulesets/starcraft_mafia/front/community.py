"""What StarCraft Mafia tells the bot's shared community features (`engine.front.Community`): hidden information
(roles and night results: the dead may be shown them). Its events name no killer, so it has no headline figure
beyond wins and survivals (`StarCraftMafiaPlay.outcome`)."""

from __future__ import annotations

from engine.front import Community
from engine.rulesets.starcraft_mafia.front.texts import text

COMMUNITY = Community(hidden=True, sides={"human": text("side_human"), "infested": text("side_infested")})
