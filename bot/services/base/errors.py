"""The one exception services raise for a refusal (its message is shown to the user as is: `bot.refusal`, so
the layers beneath the services raise the same one), the one way an engine's refusal becomes it, and what a
refused setting or order says when its data did not validate."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from bot.refusal import ServiceError
from engine.front import Refused
from engine.problems import first_problem
from engine.ruleset import ModerationRefused

__all__ = ["ServiceError", "engine_refusals", "first_problem"]


@contextmanager
def engine_refusals() -> Iterator[None]:
    """Within it, a refusal from a game (a front's `Refused`, a ruleset's `ModerationRefused`) becomes the
    ServiceError that shows its reason to the user."""
    try:
        yield
    except (Refused, ModerationRefused) as refusal:
        raise ServiceError(refusal.reason) from None
