"""A game's own words in the texts every game shares (`Words`): "Turn 3" rather than "Day 3"."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Words:
    """A game's own words in the texts every game shares (sign-up, start, receipts, reminders, `/orders`,
    `/status`, moderators' replies, fair-play lines, `brbot simulate`): the bot fills them in, so no shared
    text says "Day" in a game played turn by turn, or "role" in a game without roles.

    `step`: one resolution as a title word before its number ("Day", "Turn", "Step"); `steps`: several, in
    running text ("8 turns"); `signup`: what a player is told to do next once signed up (None: the bot says
    it from what the game takes at sign-up: a role (`Signup.roles`), a character sheet (`Signup.sheet`), or
    nothing but waiting for the start)."""

    step: str = "Day"
    steps: str = "days"
    signup: str | None = None

    @property
    def one(self) -> str:
        """One resolution in running text, lower case: "each turn's orders", "the next day"."""
        return self.step.lower()

    def name(self, day: int | None) -> str:
        """Resolution `day` by name ("Turn 3"); before the first (-1, or None: not started) "the start"."""
        return f"{self.step} {day}" if day is not None and day >= 0 else "the start"
