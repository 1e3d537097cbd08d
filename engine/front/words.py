"""A game's own words in the texts every game shares (`Words`): "Turn 3" rather than "Day 3"; `words_of` makes
them from the game's catalogue, so that a reader of another language reads them in theirs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from engine.keyed import Speaker


@dataclass(frozen=True)
class Words:
    """A game's own words in the texts every game shares (sign-up, start, receipts, reminders, `/orders`,
    `/status`, moderators' replies, fair-play lines, `brbot simulate`): the bot fills them in, so no shared
    text says "Day" in a game played turn by turn, or "role" in a game without roles.

    `step`: one resolution as a title word before its number ("Day", "Turn", "Step"); `steps`: several, in
    running text ("8 turns"); `signup`: what a player is told to do next once signed up (None: the bot says
    it from what the game takes at sign-up: a role (`Signup.roles`), a character sheet (`Signup.sheet`), or
    nothing but waiting for the start). `lower`: one resolution in running text (default: `step` in lower
    case); `numbered(day)`: a resolution by name (default: `step` and the number); `start`: before the first.
    A game gives them as texts of its catalogue with `words_of`."""

    step: str = "Day"
    steps: str = "days"
    signup: str | None = None
    lower: str = ""
    numbered: Callable[[int], str] | None = None
    start: str = "the start"

    @property
    def one(self) -> str:
        """One resolution in running text, lower case: "each turn's orders", "the next day"."""
        return self.lower or self.step.lower()

    def name(self, day: int | None) -> str:
        """Resolution `day` by name ("Turn 3"); before the first (-1, or None: not started) "the start"."""
        if day is None or day < 0:
            return self.start
        return self.numbered(day) if self.numbered is not None else f"{self.step} {day}"


def _numbered(say: Speaker, day: int) -> str:
    return say("word_numbered", day=day)


def words_of(say: Speaker, signup: str | None = None) -> Words:
    """A game's `Words` from its catalogue (`say`, its front's `text`): the texts `word_step` ("Turn"),
    `word_steps` ("turns"), `word_one` ("turn"), `word_numbered` ("Turn {day}") and `word_start` ("the start")."""
    return Words(
        step=say("word_step"),
        steps=say("word_steps"),
        signup=signup,
        lower=say("word_one"),
        numbered=partial(_numbered, say),
        start=say("word_start"),
    )
