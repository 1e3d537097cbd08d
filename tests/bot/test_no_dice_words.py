"""Issue 12: `ft`, `ir`, `bodyaim`, `critwin` are Mazeworld's words: nothing under bot/ names them (nor the game),
so /roll learns them only from the game's declared dice words (`Front.dice`, `engine.registry.dice_words`)."""
from __future__ import annotations

import re
from pathlib import Path

from bot.text import TEXT
from bot.ui.text import UI
from engine import registry
from engine.rulesets.mazeworld.dice import DICE

BOT = Path(__file__).resolve().parents[2] / "bot"


def words() -> re.Pattern[str]:
    names = [*DICE.tables, *(o.name for o in DICE.options), "mazeworld"]
    assert {"bodyaim", "critwin", "ft", "ir"} <= set(names)
    return re.compile(r"\b(" + "|".join(names) + r")\b", re.IGNORECASE)


def test_no_file_or_text_of_bot_names_a_games_dice_words():
    pattern = words()
    found = [f"{path}:{n}" for path in sorted(BOT.rglob("*.py"))
             for n, line in enumerate(path.read_text().splitlines(), 1) if pattern.search(line)]
    found += [key for catalogue in (TEXT, UI) for key, text in catalogue.items() if pattern.search(f"{key} {text}")]
    assert found == []


def test_the_words_reach_roll_through_the_registry():
    """Outside a game's channel, every game's words (Mazeworld's, before its ruleset is installed: DICE_ONLY);
    in the channel of a game that declares none, none."""
    assert registry.dice_vocabulary(None).table("bodyaim") is DICE.tables["bodyaim"]
    assert registry.dice_vocabulary(None).owner_of("ft") is DICE
    assert registry.dice_vocabulary("battle_royale").words == ()
