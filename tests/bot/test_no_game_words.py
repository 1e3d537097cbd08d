"""Issue 10, "the shared layers know no game": nothing under bot/ uses Battle Royale's words.

The words are the game's own, taken from its front: the terms its texts spell (`texts.TERMS`, each checked
to occur in those texts) and the names of its items (its catalogue). A line about time zones (`timezone`, "time zone",
`ZoneInfo`) is no zone of the island. Every file of bot/ is scanned, the text catalogues key by key.
"""
from __future__ import annotations

import re
from pathlib import Path

from bot.text import TEXT
from bot.ui.text import UI
from engine.rulesets.battle_royale import catalog
from engine.rulesets.battle_royale.front.texts import TERMS, TEXTS

BOT = Path(__file__).resolve().parents[2] / "bot"
CATALOGUES = {"text.py": TEXT, "ui/text.py": UI}
TIME_ZONES = re.compile(r"time ?zone|zoneinfo", re.IGNORECASE)



def game_words() -> list[str]:
    return [*TERMS, *(item.name.lower() for item in catalog.items().values())]


def found_in(text: str) -> list[str]:
    lowered = text.lower()
    return [word for word in game_words() if word in lowered]


def test_the_words_are_the_games_own():
    spelled = " ".join(TEXTS.values()).lower()
    assert [term for term in TERMS if term not in spelled] == []
    assert {"zone", "school", "student", "island", "lover", "backpack", "analyze", "rival"} <= set(game_words())


def test_no_file_of_bot_uses_the_games_words():
    found = []
    for path in sorted(BOT.rglob("*.py")):
        name = path.relative_to(BOT).as_posix()
        if name in CATALOGUES:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if not TIME_ZONES.search(line) and found_in(line):
                found.append(f"bot/{name}:{number}: {found_in(line)}")
    assert found == []


def test_no_text_of_the_bot_uses_the_games_words():
    found = [f"bot/{name} {key}: {found_in(key + ' ' + text)}"
             for name, catalogue in CATALOGUES.items() for key, text in catalogue.items()
             if not TIME_ZONES.search(text) and found_in(key + " " + text)]
    assert found == []

