"""`brbot bench`'s text names the sizes it measured and the game's own words, and the bench's fake Discord
serves a group's private thread (issue 29: "a 200-player game" for a one-contestant fight, "with 1 players",
and StarCraft Mafia's infested team thread hitting a route the fake did not have)."""
from __future__ import annotations

import asyncio
import logging

import pytest

from bot.cli.games import bench_lines
from engine import registry


def _report(players: str, web_players: int, live_games: int, night_players: int) -> dict:
    """A report shaped as `run_bench` makes it (its own test: tests/cli/test_commands.py, bench --quick --json)."""
    return {
        "engine_ms": {players: 1.5},
        "submit_ms": {"sqlite": {"p50": 1.0, "p99": 2.0, "submitters": 1}, "postgres": None},
        "menus_ms": {"command": "/attack target", "autocomplete": {"p50": 3.0, "p99": 4.0, "players": 1},
                     "menu": {"p50": 5.0, "p99": 6.0, "players": 1}},
        "live_games": live_games, "games_500_peak_mb": 60.0, "idle_tick_500_ms": 3.0,
        "web_players": web_players, "web_followers": 3, "web_games": 3,
        "web_step_page_p95_ms": 4.0, "web_game_page_p95_ms": 5.0, "web_follow_200_max_ms": 60.0,
        "web_500_games_peak_mb": 70.0,
        "delivery": {"players": night_players, "messages": 1, "requests": 5, "seconds": 0.5, "vs_floor": 2.0,
                     "floor_seconds": 0.25, "rtt_ms": 10},
        "simulate_ms": {"battle_royale/20": {"ms": 900.0, "engine_share": 0.12, "computer_players_share": 0.1,
                                              "steps": 8},
                        "battle_royale_cards/2": {"ms": 1100.4, "engine_share": 0.013,
                                                  "computer_players_share": 0.02, "steps": 1}},
    }


def test_bench_text_says_the_sizes_it_measured_in_the_games_words():
    lines = bench_lines(_report("1", 1, 2, 1), registry.front("mazeworld"))
    text = "\n".join(lines)
    assert "engine: one turn with     1 player:" in lines[0]
    assert "a turn's page of a 1-player game of Mazeworld" in text and "200" not in text and "500" not in text
    assert "3 open pages told of a turn" in text and "3 games' pages served" in text
    assert "delivery: a turn of a 1-player game of Mazeworld (1 message, 5 requests)" in text
    assert "at a 10 ms round trip" in text
    assert "1 players" not in text and "live: 2 games in one process" in text
    assert "menus: /attack target: autocomplete p50 3.0 ms, p99 4.0 ms; the order's menu p50 5.0 ms, p99 6.0 ms (1 player at once)" in text


def test_bench_text_of_many_players_says_players():
    lines = bench_lines(_report("20", 20, 1, 20), registry.front("battle_royale"))
    assert "with    20 players:" in lines[0] and "live: 1 game in one process" in "\n".join(lines)


def test_bench_text_says_when_no_order_takes_its_choices_from_the_view():
    report = _report("1", 1, 2, 1) | {"menus_ms": {"autocomplete": None, "menu": None}}
    lines = bench_lines(report, registry.front("mazeworld"))
    assert "menus: no order of Mazeworld takes its choices from the player's view: nothing to time" in lines


def test_the_delivery_bench_delivers_a_groups_private_thread(caplog):
    """StarCraft Mafia's infested team has a private thread: the bench's fake Discord opens it, adds its
    members and takes its messages, so the delivery bench meets no missing route (nor a moderator warning)."""
    from bot.bench.delivery import delivery_bench

    with caplog.at_level(logging.WARNING):
        night = asyncio.run(delivery_bench(5, "starcraft_mafia", runs=1, rtt=0.01))
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert not [w for w in warnings if "thread" in w or "has no" in w], warnings
    assert night["messages"] >= 1 and night["rate_limited"] == 0


@pytest.mark.parametrize("ruleset", ["battle_royale_cards", "mazeworld"])
def test_the_delivery_bench_counts_one_request_for_a_step_post_with_its_picture(ruleset):
    """Issue 33, point 4: a step's post and its picture are one Components V2 message, so the game's channel
    takes one request a step (two before: the post's embeds, then the picture)."""
    from bot.bench.delivery import delivery_bench
    from bot.bench.game import seated

    night = asyncio.run(delivery_bench(seated(ruleset, 2), ruleset, runs=1, rtt=0.01))
    assert night["requests_by_target"]["channel"] == 1, night


def test_bench_text_has_a_line_per_simulated_game():
    """Issue 30, point 5: each whole simulated game's CPU time and the engine's share, in that game's words."""
    lines = bench_lines(_report("20", 20, 1, 20), registry.front("battle_royale"))
    assert lines[-2] == ("simulate: a whole game of Battle Royale with 20 players: 900 ms CPU (8 days), the engine's "
                         "resolution 12% of it, its computer players 10%")
    assert lines[-1].startswith("simulate: a whole game of Battle Royale card game with 2 players: 1100 ms CPU (1 step)")
