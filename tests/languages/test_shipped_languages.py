"""The two languages shipped beside English (issue 31, point 4): every text of the bot and of each of the five
games translated, with the same placeholders and the language's plural forms, within Discord's limits
(`brbot texts check pt-BR` and `es-ES` exit 0), and what a reader of each sees is the translation."""

from __future__ import annotations

import pytest

from bot.cli import main
from bot.languages import BUILT_IN, ENGLISH, catalogue
from bot.languages.reader import localized
from bot.text import say

SHIPPED = [lang for lang in BUILT_IN if lang != ENGLISH]


@pytest.mark.parametrize("language", SHIPPED)
def test_each_shipped_language_is_complete_and_passes_its_check(language, capsys, monkeypatch):
    monkeypatch.delenv(catalogue.ENVIRONMENT, raising=False)
    catalogue.forget()
    assert main(["texts", "check", language]) == 0, capsys.readouterr().out[:2000]
    assert capsys.readouterr().err.strip() == f"{language}: 0 problems"


def test_a_reader_of_each_language_reads_the_translation_and_english_readers_the_english():
    english = say("no_game", game_id=7)
    portuguese, spanish = localized(english, "pt-BR"), localized(english, "es-ES")
    assert english == "There is no game #7."
    assert "7" in portuguese and "7" in spanish
    assert len({english, portuguese, spanish}) == 3
    assert localized(english, ENGLISH) is english
