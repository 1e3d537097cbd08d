"""`brbot bench`'s languages figures (issue 31: rendering per reader adds at most 10% to a night's delivery
preparation and to a whole simulated game): the two pairs measured side by side, the night's readers really in
three languages (their DMs in each), and the bench's line for them."""

from __future__ import annotations

import tempfile
from pathlib import Path

from bot.bench import languages
from bot.bench.delivery import seed_night
from bot.cli.games import bench_lines
from engine import registry
from tests.cli.test_bench_lines import _report


async def test_the_night_in_languages_reaches_each_reader_in_theirs(monkeypatch):
    seen: list[str] = []

    class Recording(languages._AtOnce):
        async def dm(self, user_id, message):
            seen.append(message.content or "")

    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite+aiosqlite:///{Path(folder) / 'night.sqlite3'}"
        await seed_night(url, 6)
        await languages._in_languages(url)
        monkeypatch.setattr(languages, "_AtOnce", Recording)
        assert await languages._prepare(url) > 0
    reports = [text.split(":")[0] for text in seen if "1" in text.split(":")[0]]
    assert {r.split(" 1")[0] for r in reports} >= {"Relatório da Noite", "Informe de la Noche", "Night"}, reports


async def test_the_figures_pair_english_with_languages():
    night = await languages.delivery_figures(players=4, runs=1)
    played = await languages.simulate_figures(runs=1)
    for figures in (night, played):
        assert figures["english"] > 0 and figures["languages"] > 0
        assert abs(figures["ratio"] - figures["languages"] / figures["english"]) < 0.01  # of the unrounded times
    assert night["players"] == 4 and night["game"] == "battle_royale" and played["game"] == "starcraft_mafia"


def test_the_bench_text_has_the_languages_line():
    report = _report("20", 20, 1, 20) | {
        "menus_ms": {"menu": None},
        "languages_delivery_ms": {"english": 1000.0, "languages": 1040.0, "ratio": 1.04, "players": 1000,
                                  "game": "battle_royale"},
        "languages_simulate_ms": {"english": 280.0, "languages": 290.0, "ratio": 1.036, "game": "starcraft_mafia",
                                  "players": 12},
    }
    line = next(l for l in bench_lines(report, registry.front("battle_royale")) if l.startswith("languages:"))
    assert line == ("languages: a step of a 1000-player Battle Royale game prepared for delivery in 1000 ms with "
                    "every reader in English, 1040 ms in three languages (x1.04); a 12-player StarCraft Mafia game "
                    "simulated in 280 ms, 290 ms in Portuguese (x1.036)")
