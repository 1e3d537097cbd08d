"""What Mazeworld tells the bot's shared community features (`engine.front.Community`): kills (the public "kill"
event, credited to the player whose creature struck) as its headline figure. Winners and survivors:
`MazeworldPlay.outcome`; everything is shown in the channel, so nothing is hidden from the dead."""

from __future__ import annotations

from typing import Any

from engine.front import Community, Counted
from engine.rulesets.mazeworld.front.texts import text


def _controller(view: dict[str, Any], creature: str) -> str | None:
    """The seat playing a creature, from the moderators' view (None: the game master's)."""
    return next((c.get("controller") for c in view.get("creatures") or [] if c.get("id") == creature), None)


COMMUNITY = Community(
    counted=(Counted(text("profile_kills"), ("kill",), "by", _controller),),
    sides={team: text(f"side_{team}") for team in ("contestant", "ally", "hostile")},
)
