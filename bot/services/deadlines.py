"""A game's deadline rule: the one parser of what moderators type, and when the current step ends.

A game's step (a day, a turn, a question) ends either daily at a time of day in the game's timezone
(`deadline_time`, "22:00": Battle Royale), or a number of hours after it opens (`step_hours`: a game of one
actor at a time). A game takes its ruleset's `step_hours` when it is created; moderators may change both.
A pending question may carry its own hours, which then replace the rule for that one step.
"""
from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from bot.services.errors import ServiceError
from bot.text import say

LONGEST_STEP_HOURS = 24 * 14
DAILY = ("daily", "none", "")


def parse_time_of_day(value: str) -> str:
    """"22:00" or "7:5" as "HH:MM"; refused with the expected form otherwise."""
    match = re.fullmatch(r"(\d{1,2}):(\d{1,2})", value.strip())
    if match is None or int(match.group(1)) > 23 or int(match.group(2)) > 59:
        raise ServiceError(say("bad_deadline_time", deadline_time=value))
    return f"{int(match.group(1)):02d}:{int(match.group(2)):02d}"


def parse_step_hours(value: str | int | None) -> int | None:
    """"6", "6h" or 6 as 6 hours per step; "daily" (or nothing) as None: the daily deadline time applies."""
    text = str(value if value is not None else "").strip().lower()
    if text in DAILY:
        return None
    match = re.fullmatch(r"(\d+)\s*h?", text)
    if match is None or not 1 <= int(match.group(1)) <= LONGEST_STEP_HOURS:
        raise ServiceError(say("bad_step_hours", value=value, most=LONGEST_STEP_HOURS))
    return int(match.group(1))


def next_deadline(deadline_time: str, zone: str, step_hours: int | None, now: datetime) -> datetime:
    """When a step opened `now` ends: `step_hours` later, or else the next time the daily deadline comes
    round in the game's timezone, at least an hour from now."""
    if step_hours is not None:
        return now + timedelta(hours=step_hours)
    hour, minute = (int(x) for x in deadline_time.split(":"))
    local = now.astimezone(ZoneInfo(zone))
    candidate = local.replace(hour=hour, minute=minute, second=0, microsecond=0)
    while candidate <= local + timedelta(hours=1):
        candidate += timedelta(days=1)
    return candidate
