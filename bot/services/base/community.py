"""The community settings every game has (issue 24), beside the bot's own (deadline, cap...) and the game's
house rules, shown by `/game settings` with their defaults and changed with `/game settings name value`:

- `start_at`: when the game starts by itself (a date and time in the game's timezone, "none" to clear), if
  its minimum of players has signed up; otherwise the moderators are told and sign-ups stay open;
- `muster_hours` (24): before the first step every player confirms with a Ready button within this many
  hours (0: no muster, the game starts at once) (`bot.services.signup.muster`);
- `min_reliability` ("none"): who may join, by reliability (`records.admits`): none, new (all but the
  unreliable), reliable, or a figure from 0 to 100;
- `absence_steps` (2): after this many awaited steps missed in a row a player's seat is offered to a reserve
  or a volunteer (`bot.services.people.absence`); 0 turns it off. The games' own idle alerts stay;
- `dead_see` ("channel"): what the dead's thread shows (`bot.services.people.spectators`): "channel" (nothing more
  than the game's channel) or "private" (every player's private results from then on).

Values are kept in `games.community` (a setting never changed: its default), `start_at` in its own column
(the deadline loop looks for it). The first three may change until the start; the last two in play too.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from bot.db.models import Game
from bot.services.base.errors import ServiceError
from bot.text import say
from engine.digits import whole

DEFAULTS: dict[str, Any] = {"muster_hours": 24, "min_reliability": "none", "absence_steps": 2, "dead_see": "channel"}
SETTINGS = ("start_at", "muster_hours", "min_reliability", "absence_steps", "dead_see")
IN_PLAY = ("absence_steps", "dead_see")
LONGEST_MUSTER = 24 * 7
DEAD_SEE = ("channel", "private")
MINIMUMS = ("none", "new", "reliable")
# The start times kept: in UTC, a day inside the years 1 to 9999 a datetime holds, so that the moment can be
# shown in any timezone the game moves to later (no zone is a day from UTC)
EARLIEST = datetime.min.replace(tzinfo=UTC) + timedelta(days=1)
LATEST = datetime.max.replace(tzinfo=UTC) - timedelta(days=1)


def value(game: Game, name: str) -> Any:
    """A community setting of the game (its default when never set)."""
    return (game.community or {}).get(name, DEFAULTS[name])


def shown(game: Game) -> dict[str, Any]:
    """The community settings as `/game settings` lists them."""
    start = None
    if game.start_at:  # as typed (isoformat: strftime writes year 1 as "1", which could not be typed back)
        start = game.start_at.astimezone(ZoneInfo(game.timezone)).replace(tzinfo=None).isoformat(" ", "minutes")
    return {"start_at": start} | {name: value(game, name) for name in SETTINGS if name != "start_at"}


def change(game: Game, name: str, raw: str) -> Any:
    """Check and store one community setting; returns the value as shown."""
    text = raw.strip().lower()
    if name == "start_at":
        game.start_at = _moment(game, raw.strip())
        return shown(game)["start_at"]
    if name in ("muster_hours", "absence_steps"):
        most = LONGEST_MUSTER if name == "muster_hours" else 100
        number = whole(text)  # ASCII digits only: '²' is no number here (engine.digits)
        if number is None or number > most:
            raise ServiceError(say("bad_whole_setting", setting=name, most=most, value=raw))
        stored: Any = number
    elif name == "min_reliability":
        figure = whole(text)
        if text in MINIMUMS:
            stored = text
        elif figure is not None and figure <= 100:
            stored = figure
        else:
            raise ServiceError(say("bad_min_reliability", value=raw))
    elif name == "dead_see":
        if text not in DEAD_SEE:
            raise ServiceError(say("bad_dead_see", value=raw))
        stored = text
    else:  # pragma: no cover - the caller checks the name
        raise ServiceError(say("unknown_setting", name=name, choices=", ".join(SETTINGS)))
    game.community = {**(game.community or {}), name: stored}
    return stored


def _moment(game: Game, raw: str) -> datetime | None:
    """A start time typed as "YYYY-MM-DD HH:MM" in the game's timezone; "none" clears it."""
    if raw.lower() in ("none", ""):
        return None
    try:
        local = datetime.strptime(raw, "%Y-%m-%d %H:%M")
    except ValueError:
        raise ServiceError(say("bad_start_at", value=raw)) from None
    moment = local.replace(tzinfo=ZoneInfo(game.timezone))
    try:
        utc = moment.astimezone(UTC)
    except OverflowError:  # before year 1 or after 9999 in UTC: no database column holds it
        utc = None
    if utc is None or not EARLIEST <= utc <= LATEST:
        raise ServiceError(say("start_at_out_of_range", value=raw, timezone=game.timezone))
    return moment
