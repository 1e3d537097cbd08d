"""Command and option descriptions and choice names in each user's language (issue 31, point 2:
bot/languages/translator.py): the tree's translator gives Discord every description the catalogue translates,
in pt-BR and es-ES (and es-419 from es-ES), within 100 characters; names stay as typed; English stays English."""

from __future__ import annotations

import discord
from discord import Locale, app_commands

from bot.cogs.info import InfoCog
from bot.languages.catalogue import translations
from bot.languages.translator import CatalogueTranslator, translated
from bot.ui.text import ui


def _context(location):
    return app_commands.TranslationContext(location=location, data=None)


async def test_a_commands_description_reaches_discord_in_each_shipped_language():
    translator = CatalogueTranslator()
    english = ui("cmd_status")
    described = app_commands.TranslationContextLocation.command_description
    portuguese = await translator.translate(app_commands.locale_str(english), Locale.brazil_portuguese, _context(described))
    spanish = await translator.translate(app_commands.locale_str(str(english)), Locale.spain_spanish, _context(described))
    assert portuguese == translations("pt-BR")["bot"]["cmd_status"] and portuguese != english
    assert spanish == translations("es-ES")["bot"]["cmd_status"]
    assert await translator.translate(app_commands.locale_str(english), Locale.latin_american_spanish,
                                      _context(described)) == spanish
    assert await translator.translate(app_commands.locale_str(english), Locale.american_english, _context(described)) is None
    named = app_commands.TranslationContextLocation.command_name
    assert await translator.translate(app_commands.locale_str("status"), Locale.brazil_portuguese, _context(named)) is None


async def test_the_synced_payload_of_a_real_command_carries_its_localized_descriptions():
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    command = InfoCog.status
    payload = await command.get_translated_payload(tree, CatalogueTranslator())
    assert payload["description_localizations"]["pt-BR"] == translations("pt-BR")["bot"]["cmd_status"]
    assert payload["description_localizations"]["es-ES"] == translations("es-ES")["bot"]["cmd_status"]
    assert "name_localizations" not in payload or payload["name_localizations"] == {}
    option = next(o for o in payload["options"] if o["name"] == "game")
    assert option["description_localizations"]["pt-BR"] == translations("pt-BR")["bot"]["opt_game"]
    assert all(len(text) <= 100 for text in payload["description_localizations"].values())


def test_a_text_with_placeholders_or_no_translation_is_left_to_discords_english():
    assert translated("Some words no catalogue has", "pt-BR") is None
    assert translated(ui("cmd_status"), "en-US") is None
