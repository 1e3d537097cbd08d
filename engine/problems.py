"""What data that failed to validate says first: the one reading of pydantic's errors that every game's loaders
(maps, decks, rosters, sheets, catalogues) and the bot's settings checks share."""

from __future__ import annotations

from pydantic import ValidationError


def first_problem(error: ValidationError) -> tuple[str, str]:
    """Where the data failed to validate first ("zones.3.name", "" for the whole) and what pydantic said."""
    problem = error.errors()[0]
    return ".".join(map(str, problem["loc"])), problem["msg"]
