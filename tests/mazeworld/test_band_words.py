"""An attack roll's band in words reads in the reader's language (issue 31, point 5): a gun's ("hit") and a
blast's ("direct", "close", "far", "distant": `blast.POWER`), which were English filled into a translated line."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.languages import catalogue
from bot.languages.reader import localized
from engine.rulesets.mazeworld.aim import shown
from engine.rulesets.mazeworld.blast import POWER


@pytest.fixture(autouse=True)
def shipped_languages(monkeypatch):
    monkeypatch.delenv(catalogue.ENVIRONMENT, raising=False)
    catalogue.forget()
    yield
    catalogue.forget()


def test_every_blast_band_reads_translated_and_the_english_is_unchanged():
    npc = SimpleNamespace(controller=None)  # an NPC's roll is told by its band and part alone
    for _, _, word in POWER:
        said = shown(npc, 11, word, "torso")
        assert str(said).startswith(f"{word} (")  # the English as before
        assert not str(localized(said, "pt-BR")).startswith(f"{word} ("), localized(said, "pt-BR")
    assert str(localized(shown(npc, 11, "direct", "torso"), "es-ES")).startswith("directo (")
    assert str(localized(shown(npc, 11, "far", "torso"), "pt-BR")).startswith("longe (")
