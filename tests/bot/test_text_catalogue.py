"""The bot's one catalogue, split by feature (issue 30, point 3: `bot/texts/`): every feature module is in it,
a key written in two features is refused at import naming both, and a sentence the services and the cogs
both said in their own words is one (`moderators_only`; the reliability tiers)."""

from __future__ import annotations

import types
from pathlib import Path

import pytest

from bot import texts
from bot.text import say
from bot.ui.text import ui


def test_every_feature_module_and_every_screen_is_in_the_catalogue():
    folder = Path(texts.__file__).parent
    on_disk = {f"bot.texts.{p.stem}" for p in folder.glob("*.py") if p.stem != "__init__"}
    screens = {f"bot.screens.{p.stem}" for p in (folder.parent / "screens").glob("*.py") if "TEXTS: dict" in p.read_text()}
    assert screens and on_disk | screens == {f.__name__ for f in texts.FEATURES}
    assert sum(len(f.TEXTS) for f in texts.FEATURES) == len(texts.TEXT)


def test_a_key_written_in_two_features_is_refused_naming_both():
    lobby = types.ModuleType("bot.texts.lobby")
    lobby.TEXTS = {"lobby_title": "A", "shared": "B"}  # type: ignore[attr-defined]
    muster = types.ModuleType("bot.texts.muster")
    muster.TEXTS = {"shared": "C"}  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match=r"'shared' is written twice: in bot.texts.lobby and bot.texts.muster"):
        texts.union((lobby, muster))
    assert texts.union((lobby,)) == {"lobby_title": "A", "shared": "B"}


def test_a_sentence_the_services_and_the_cogs_both_say_is_one():
    assert ui("moderators_only") == say("moderators_only")
    assert "nothing was changed" in say("moderators_only")
    assert [ui(f"tier_{tier}") for tier in ("new", "reliable", "unreliable")] == ["new", "reliable", "unreliable"]
    assert not [key for key in texts.TEXT if key.startswith("profile_tier_")]
