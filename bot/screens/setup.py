"""A setup as it reads (`/setup show`, `/setup list`, its web page): its line in a list, its versions and
changelog, its settings in words, and each version's balance, the prediction beside the measured record
("predicted: <side> win 22% ± 4 (400 games of 12, …); measured: <side> 31% over 14 games", a side being what
the game declares). The cog and the
web page hand it what `bot.services.setups` read; this module says how it reads."""

from __future__ import annotations

import json
from typing import Any

from bot.text import say
from engine import registry

ANY_SEAT = "@seat"  # bot.services.setups.predict.ANY_SEAT: every seat its own side
VALUE_SHOWN = 60  # characters of one setting's value shown (a map or a deck is named, not printed)


def side_name(side: str, ruleset: str = "") -> str:
    """A side as its game names it (`Community.sides`); "a seat" for every seat its own side."""
    if side == ANY_SEAT:
        return say("balance_any_seat")
    try:
        return registry.front(ruleset).community.sides.get(side, side) if ruleset else side
    except KeyError:  # a game no longer installed
        return side


def percent(share: float) -> int:
    return round(share * 100)


def visibility(value: str) -> str:
    return say(f"setup_visibility_{value}")


def predicted_text(predicted: Any, ruleset: str = "") -> str:
    if predicted is None:
        return say("balance_none")
    if predicted.status == "unplayable":
        return say("balance_unplayable")
    if predicted.status == "worker_died":
        return say("balance_worker_died", games=predicted.games)
    if predicted.status == "failed" and not predicted.games:
        return say("balance_failed")
    if predicted.status == "queued":
        return say("balance_queued")
    if predicted.status == "running" or not predicted.sides:
        return say("balance_running", games=predicted.games)
    sides = "; ".join(
        say(
            "balance_side", side=side_name(side, ruleset), rate=percent(rate), half=max(1, percent(half)) if half else 0
        )
        for side, (rate, half) in predicted.sides.items()
    )
    figures = "".join(say("balance_figure", label=label, value=value) for label, value in predicted.figures.items())
    return say(
        "balance_predicted",
        sides=sides,
        games=predicted.games,
        players=predicted.players,
        length=predicted.length if predicted.length is not None else "?",
        figures=figures,
    )


def measured_text(measured: Any, ruleset: str = "") -> str:
    if measured is None or not measured.games:
        return say("balance_measured_none")
    sides = "; ".join(
        say("balance_side_measured", side=side_name(side, ruleset), rate=percent(rate))
        for side, rate in measured.sides.items()
    )
    return say("balance_measured", sides=sides, games=measured.games)


def balance_line(balance: Any) -> str:
    """A version's prediction and its measured record, side by side."""
    predicted = balance.predicted if balance is not None else None
    measured = balance.measured if balance is not None else None
    ruleset = balance.ruleset if balance is not None else ""
    return say("balance_line", predicted=predicted_text(predicted, ruleset), measured=measured_text(measured, ruleset))


def shown_value(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= VALUE_SHOWN else text[: VALUE_SHOWN - 1] + "…"


def settings_words(settings: dict[str, Any]) -> list[str]:
    """Each setting of a version as `name: value` (a long value cut)."""
    return [f"{name}: {shown_value(value)}" for name, value in sorted(settings.items())]


def list_line(info: Any, title: str) -> str:
    return say(
        "setup_list_line",
        id=info.id,
        name=info.name,
        game=title,
        number=info.latest.number,
        visibility=visibility(info.visibility),
        games=info.games,
    )


def list_lines(infos: list[Any], title_of: Any) -> list[str]:
    if not infos:
        return [say("setup_list_empty")]
    return [say("setup_list_title", count=len(infos)), *(list_line(i, title_of(i.ruleset)) for i in infos)]


def show_lines(info: Any, title: str, balances: dict[int, Any]) -> list[str]:
    """The setup: its heading, each version with its changelog and balance (newest first), the latest's
    settings."""
    lines = [
        say(
            "setup_show_title",
            id=info.id,
            name=info.name,
            game=title,
            visibility=visibility(info.visibility),
            games=info.games,
        )
    ]
    for version in reversed(info.versions):
        lines.append(say("setup_show_version", number=version.number, changelog=version.changelog))
        lines.append(balance_line(balances.get(version.id)))
    latest = info.latest
    words = settings_words(latest.settings)
    if words:
        lines.append(say("setup_show_settings", number=latest.number, settings="; ".join(words)))
    else:
        lines.append(say("setup_show_defaults", number=latest.number))
    return lines
