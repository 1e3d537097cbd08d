"""Languages (issue 31, points 1 and 6: bot/languages/): a translated catalogue read from its gettext file, English
wherever a language lacks a text, plural forms by CLDR's rules, and `brbot texts check|export|import` finding
every kind of problem a community's file can have."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from bot.languages import catalogue, normalized, plurals
from bot.languages.check import check
from bot.languages.po import export, import_file, write_domain
from bot.languages.sources import domain, domains
from bot.texts import TEXT
from bot.wording import render_in


@pytest.fixture
def community(tmp_path, monkeypatch):
    """A community's languages directory, read instead of nothing (the bot's own files stay in place)."""
    monkeypatch.setenv(catalogue.ENVIRONMENT, str(tmp_path))
    catalogue.forget()
    yield tmp_path
    catalogue.forget()


def test_every_installed_game_brings_its_rules_and_front_catalogues():
    names = {d.name for d in domains()}
    assert "bot" in names
    for game in ("battle_royale", "starcraft_mafia", "battle_royale_cards", "mazeworld", "infinity_intervention"):
        assert {game, f"{game}.front"} <= names
    assert domain("bot").texts is TEXT


def test_plural_forms_follow_cldr_for_each_language():
    assert plurals.categories("en-US") == ("one", "other")
    assert plurals.categories("pt-BR") == ("one", "many", "other")
    assert plurals.categories("pl") == ("one", "few", "many", "other")
    spec = "{n} {n:jogador|de jogadores|jogadores}"
    assert [render_in("pt-BR", spec, n=n) for n in (0, 1, 2, 1_000_000)] == [
        "0 jogador", "1 jogador", "2 jogadores", "1000000 de jogadores"]  # CLDR: pt's "one" is 0 and 1
    assert render_in("en-US", "{n} {n:player|players}", n=1) == "1 player"
    assert [render_in("pl", "{n:gracz|gracze|graczy|gracza}", n=n) for n in (1, 3, 5)] == ["gracz", "gracze", "graczy"]


def test_a_missing_language_file_or_key_falls_back_to_english(community):
    english = TEXT["when_none"]
    assert catalogue.template("de-DE", "bot", "when_none", english) == english
    write_domain(community, "de-DE", "bot", {"when_none": "keine Frist"}, {"when_none": english, "list_and": "x"})
    catalogue.forget()
    assert catalogue.template("de-DE", "bot", "when_none", english) == "keine Frist"
    assert catalogue.template("de-DE", "bot", "list_and", TEXT["list_and"]) == TEXT["list_and"]
    assert catalogue.language_for("de") == "de-DE" and catalogue.language_for("ja") == "en-US"
    assert catalogue.language_for(None) == "en-US" and normalized("pt_br") == "pt-BR"


def test_the_check_names_missing_extra_placeholder_plural_and_length_problems(community):
    english = dict(domain("bot").texts)
    long = "x" * 101
    write_domain(community, "de-DE", "bot", {
        "texts_checked": "{language}: {count} {count:Problem|Probleme}",  # right
        "texts_exported": "{sprache}: nach {path}",  # a placeholder renamed
        "texts_imported": "{count} {count:Text} von {language} nach {path}",  # one plural form where German has two
        "cmd_status": long,  # a command's description over 100 characters
    }, english | {"not_a_key": "x"})
    catalogue.forget()
    problems = [str(p) for p in check("de-DE", {"bot"})]
    assert "bot: texts_checked: missing (English is shown)" not in problems
    assert "bot: texts_exported: placeholders differ from English's: missing language; unknown sprache" in problems
    assert any(p.startswith("bot: texts_imported: {count:...} has 1 plural forms, de-DE needs 2") for p in problems)
    assert "bot: cmd_status: longer than Discord's 100 characters once rendered" in problems
    assert "bot: when_none: missing (English is shown)" in problems


def test_export_then_import_round_trips_a_translation_and_refuses_unknown_texts(community, tmp_path_factory):
    po = export("de-DE", {"battle_royale_cards"})
    assert b'msgctxt "battle_royale_cards|game_starts"' in po and b"#. keep: {count}" in po
    translated = po.replace(
        b'msgid "{count} players gather around a diamond of 25 face-up cards."\nmsgstr ""',
        b'msgid "{count} players gather around a diamond of 25 face-up cards."\n'
        b'msgstr "{count} Spieler sitzen um eine Raute aus 25 offenen Karten."',
    ) + b'\nmsgctxt "battle_royale_cards|no_such_key"\nmsgid "x"\nmsgstr "y"\n'
    path = tmp_path_factory.mktemp("po") / "de.po"
    path.write_bytes(translated)
    done = import_file(path, community)
    assert done.language == "de-DE" and done.written == {"battle_royale_cards": 1}
    assert done.refused == ["battle_royale_cards|no_such_key: no such text"]
    assert catalogue.template("de-DE", "battle_royale_cards", "game_starts", "") == (
        "{count} Spieler sitzen um eine Raute aus 25 offenen Karten.")
    assert (community / "de-DE" / "battle_royale_cards.po").is_file()


def test_brbot_texts_check_exits_1_on_problems_and_import_reports_them(community, tmp_path_factory, capsys):
    assert main(["texts", "check", "de-DE", "--domain", "battle_royale_cards"]) == 1
    out = capsys.readouterr()
    assert "de-DE: battle_royale_cards: game_starts: missing (English is shown)" in out.out
    assert "de-DE: 79 problems" in out.err or "de-DE:" in out.err
    assert main(["texts", "check", "en-US"]) == 0
    path = tmp_path_factory.mktemp("po") / "de.po"
    assert main(["texts", "export", "de-DE", "--domain", "bot", "--out", str(path)]) == 0
    assert main(["texts", "import", str(path), "--into", str(community)]) == 1  # nothing translated: problems
