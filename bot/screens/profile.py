"""/profile and /leaderboard as they read: a player's record (the tier and figure to anyone, the counts to the
player alone), their games per game type with the games' headline figures, and a server's standings in one
game. The cog hands them what `bot.services.people.profiles` read; this module says how it reads."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from bot.screens.parts import said

TEXTS: dict[str, str] = {
    "profile_title": "**Profile of <@{user_id}>**",
    "profile_reliability": "Reliability: {tier} ({figure})",
    "profile_figure": "{figure}% of awaited steps with orders in time, over the last 10 games",
    "profile_no_figure": "no steps played yet",
    "profile_record": "Your record: {played} {played:game|games} played, {finished} finished, {abandoned} abandoned; {given} {given:step|steps} with orders in time, {missed} missed.",
    "profile_game": "- {title}: {games} {games:game|games}, {wins} {wins:win|wins}, {survivals} survived{figures}",
    "profile_figure_item": ", {label}: {count}",
    "profile_no_games": "No finished games yet.",
    "board_title": "**{game}: this server's leaderboard** (wins, then games)",
    "board_line": "{rank}. <@{user_id}>: {wins} {wins:win|wins} in {games} {games:game|games}, {survivals} survived{figures}",
    "board_empty": "Nobody has finished a game of it here yet.",
}


class Record(Protocol):
    """What a record shows (`bot.services.people.records.Record` is one); read-only, as the services' are."""

    @property
    def tier(self) -> str: ...
    @property
    def figure(self) -> int | None: ...
    @property
    def games_played(self) -> int: ...
    @property
    def games_finished(self) -> int: ...
    @property
    def games_abandoned(self) -> int: ...
    @property
    def steps_given(self) -> int: ...
    @property
    def steps_missed(self) -> int: ...


class GameStats(Protocol):
    @property
    def title(self) -> str: ...
    @property
    def games(self) -> int: ...
    @property
    def wins(self) -> int: ...
    @property
    def survivals(self) -> int: ...
    @property
    def figures(self) -> Mapping[str, int]: ...


class Profile(Protocol):
    @property
    def user_id(self) -> int: ...
    @property
    def record(self) -> Record: ...
    @property
    def games(self) -> Iterable[GameStats]: ...


class Standing(Protocol):
    @property
    def rank(self) -> int: ...
    @property
    def user_id(self) -> int: ...
    @property
    def games(self) -> int: ...
    @property
    def wins(self) -> int: ...
    @property
    def survivals(self) -> int: ...
    @property
    def figures(self) -> Mapping[str, int]: ...


def _say(key: str, **values: object) -> str:
    return said(TEXTS, key, **values)


def record_lines(record: Record, own: bool) -> list[str]:
    """A record as `/profile` shows it: the tier and figure to anyone, the counts to the player alone."""
    from bot.text import say

    figure = _say("profile_figure", figure=record.figure) if record.figure is not None else _say("profile_no_figure")
    lines = [_say("profile_reliability", tier=say(f"tier_{record.tier}"), figure=figure)]
    if own:
        lines.append(
            _say(
                "profile_record",
                played=record.games_played,
                finished=record.games_finished,
                abandoned=record.games_abandoned,
                given=record.steps_given,
                missed=record.steps_missed,
            )
        )
    return lines


def figures_text(figures: Mapping[str, int]) -> str:
    """The games' headline figures after a line (", kills: 3"), in the order of their labels."""
    return "".join(_say("profile_figure_item", label=label, count=count) for label, count in sorted(figures.items()))


def profile_lines(profile: Profile, own: bool) -> list[str]:
    lines = [_say("profile_title", user_id=profile.user_id)]
    lines += record_lines(profile.record, own)
    games = list(profile.games)
    for stats in games:
        lines.append(
            _say(
                "profile_game",
                title=stats.title,
                games=stats.games,
                wins=stats.wins,
                survivals=stats.survivals,
                figures=figures_text(stats.figures),
            )
        )
    if not games:
        lines.append(_say("profile_no_games"))
    return lines


def board_lines(title: str, standings: Sequence[Standing]) -> list[str]:
    lines = [_say("board_title", game=title)]
    lines += [
        _say(
            "board_line",
            rank=s.rank,
            user_id=s.user_id,
            wins=s.wins,
            games=s.games,
            survivals=s.survivals,
            figures=figures_text(s.figures),
        )
        for s in standings
    ]
    return lines if standings else [*lines, _say("board_empty")]
