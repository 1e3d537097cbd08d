"""The muster's screen (`bot.screens.muster`): each of its messages from what the muster decided, for one and
for many, and the Ready button only on a player's DM."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.screens import muster

UNTIL = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)


def test_a_reserves_dm_says_what_a_ready_reserve_does_and_a_players_does_not():
    player, reserve = muster.dm("Island", UNTIL, reserve=False), muster.dm("Island", UNTIL, reserve=True)
    assert player.startswith("**Island** is about to start. Press Ready by <t:") and "reserve" not in player
    assert "(you are a reserve: ready reserves take the places" in reserve


def test_the_ready_button_is_on_the_dm_alone():
    (ready,) = muster.buttons({"kind": "muster", "game": 12})
    assert (ready.custom_id, ready.label, ready.style) == ("brbot:ready:12", "Ready", "success")
    assert muster.buttons({"kind": "muster"}) == []  # the channel's announcement and the drop notices


def test_the_dropped_are_named_with_who_took_their_places_for_one_and_for_many():
    assert muster.dropped("Island", ["Cal"], []) == "Cal did not confirm for Island and was dropped."
    assert muster.dropped("Island", ["Cal", "Dee"], ["Eve"]) == (
        "Cal and Dee did not confirm for Island and were dropped; in their place: Eve."
    )
    assert muster.dropped("Island", ["Cal", "Dee"], ["Eve", "Fay"]).endswith("in their places: Eve and Fay.")


def test_ready_says_whether_that_starts_the_game():
    assert muster.ready("Island", everyone=False) == "You are ready for Island."
    assert muster.ready("Island", everyone=True) == "You are ready for Island: everyone is, and the game starts."
    assert "1 ready player, fewer than the 3" in muster.too_few("Island", 1, 3)
