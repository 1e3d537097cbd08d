"""`brbot bench`'s setup figures (issue 32): `setup_list_ms` (p50 and p99 of `/setup list` over many setups) and
`setup_predict_s` (one 12-player StarCraft Mafia setup predicted in its worker process), and their line."""

from __future__ import annotations

from bot.bench.setups import list_bench, predict_bench
from bot.cli.games import bench_lines
from engine import registry
from tests.cli.test_bench_lines import _report


async def test_the_list_bench_times_listing_over_the_setups_it_wrote():
    figures = await list_bench(300, 10)
    assert figures["setups"] == 300 and 0 < figures["p50"] <= figures["p99"]


async def test_the_predict_bench_times_a_twelve_player_prediction_within_its_limit():
    figures = await predict_bench(seconds=0.5)
    assert figures["players"] == 12 and figures["status"] == "done" and figures["games"] > 0
    assert figures["seconds"] < 60


def test_the_bench_text_has_the_setups_line():
    report = _report("20", 20, 1, 20) | {
        "menus_ms": {"menu": None},  # main's menus line (its own test's report lacks it for now)
        "setup_list_ms": {"p50": 4.0, "p99": 12.5, "setups": 10000},
        "setup_predict_s": {"game": "starcraft_mafia", "seconds": 26.0, "games": 325, "players": 12},
    }
    line = next(l for l in bench_lines(report, registry.front("battle_royale")) if l.startswith("setups:"))
    assert line == ("setups: /setup list over 10000 setups p50 4.0 ms, p99 12.5 ms; a 12-player StarCraft Mafia "
                    "setup predicted in 26.0 s (325 games)")
