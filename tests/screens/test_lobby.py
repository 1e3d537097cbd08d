"""The lobby's screen (`bot.screens.lobby`, issue 30, point 3): from the data a service reads, its lines in
order, its words for one and for many, and its buttons within Discord's limits; nothing but names and tiers."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.screens.lobby import BUTTON_ROLES, Lobby, Seat, buttons, text

ANN, BOB, CAL = Seat("Ann", "reliable", ready=True), Seat("Bob", "new"), Seat("Cal", "unreliable")
MUSTER = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)


def test_an_open_lobby_reads_title_roster_reserves_places_and_how_to_join_in_that_order():
    lines = text(Lobby("Island", "Battle Royale", 7, "signup", 4, (ANN, BOB), (CAL,), minimum=3)).splitlines()
    assert lines == [
        "**Island** (Battle Royale, game #7): sign-ups",
        "Players (2/4):",
        "- Ann (reliable)",  # no tick: Ready means something only during a muster
        "- Bob (new)",
        "Reserves, in order: Cal (unreliable)",
        "Places left: 2 (the game needs at least 3 players).",
        "Starts by itself as soon as it is full, or when the moderators start it.",
        "Join or leave with the buttons below (or /join and /leave).",
    ]


def test_a_muster_ticks_the_ready_and_counts_them_for_one_and_for_many():
    one = text(Lobby("Island", "Battle Royale", 7, "signup", 4, (ANN,), minimum=1, muster_until=MUSTER))
    assert "- Ann (reliable) ✓" in one and "Muster: 1 of 1 player ready;" in one
    assert "at least 1 player)." in one
    two = text(Lobby("Island", "Battle Royale", 7, "signup", 4, (ANN, BOB), muster_until=MUSTER))
    assert "Muster: 1 of 2 players ready;" in two and "- Bob (new)\n" in two


def test_a_started_or_finished_lobby_says_so_and_offers_no_places_or_buttons():
    started = text(Lobby("Island", "Battle Royale", 7, "running", 4, (ANN, BOB)))
    assert "The game has started: sign-ups are closed." in started and "Places left" not in started
    assert "The game is over." in text(Lobby("Island", "Battle Royale", 7, "over", 4, (ANN,)))
    assert text(Lobby("Island", "Battle Royale", 7, "signup", 4, ())).splitlines()[2] == "- nobody yet"
    assert buttons({"kind": "lobby", "game": 7, "open": False}) == []


def test_the_buttons_are_join_a_join_as_per_role_and_leave_within_discords_limits():
    roles = [[f"Role {n} " + "x" * 90, f"r{n}"] for n in range(30)] + [["Too long an id", "y" * 100]]
    shown = buttons({"kind": "lobby", "game": 7, "open": True, "roles": roles})
    assert [b.custom_id for b in (shown[0], shown[-1])] == ["brbot:lobby:7:join", "brbot:lobby:7:leave"]
    join_as = shown[1:-1]
    assert len(join_as) == BUTTON_ROLES and join_as[0].custom_id == "brbot:lobby:7:join:r0"
    assert all(len(b.label) <= 80 and len(b.custom_id) <= 100 for b in shown)
    assert join_as[0].label.startswith("Join as Role 0 ")
