"""The status card and a refusal as screens (`bot.screens.status`, `bot.screens.refusal`): the deadline line in
each reader's own time with the step as the game names it, the game's cards as given, the refusal of a game not
started; a refusal shown as its reason, anything unforeseen as the apology that names no detail."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.screens import refusal, status
from bot.services.base.errors import ServiceError
from bot.text import say
from engine.front import Card

DEADLINE = datetime(2026, 3, 1, 22, 0, tzinfo=UTC)


def test_status_opens_with_the_steps_deadline_in_discords_time_markup_then_the_games_cards():
    cards = [Card(title="You"), Card(title="Around you")]
    shown = status.status("Turn 3", DEADLINE, cards)
    stamp = int(DEADLINE.timestamp())
    assert shown.content == f"Turn 3: orders are open until <t:{stamp}:f> (<t:{stamp}:R>)."
    assert shown.cards == cards


def test_status_without_a_deadline_has_no_line_and_before_the_start_it_is_refused_naming_the_game():
    assert status.status("Day 1", None, []).content is None
    assert status.not_started("Evening") == say("status_not_started", game="Evening")
    assert status.not_started("Evening").startswith("Evening has not started yet")


def test_a_refusal_is_shown_as_its_reason_and_a_crash_as_the_apology():
    assert refusal.shown(ServiceError("You are not in this game.")) == "You are not in this game."
    crashed = refusal.shown(KeyError("s003"))
    assert crashed == say("crashed") and "s003" not in crashed and "went wrong on our side" in crashed
    assert say("moderators_only").startswith("Only moderators can do this")
