"""/rules lists every game's house rules (issue 31): Battle Royale's and the card game's too, as the other three
games do, each as `name = default` with what it does, the description in the reader's language (`<game>.settings`,
bot/locales/<lang>/), within Discord's limits; the game's data (Battle Royale's island, the card game's deck) is
no house rule and is not listed."""

from __future__ import annotations

import pytest

from bot.languages.reader import localized
from engine.keyed import Keyed
from engine.front import settings_catalogue
from engine.rulesets.battle_royale.settings import BRSettings
from engine.rulesets.battle_royale_cards.settings import CardSettings
from tests.bot.test_info_cog import use, within_limits

GAMES = [  # (ruleset, settings model, the game's data: not a house rule, a sample `name = default` line)
    ("battle_royale", BRSettings, "island", "`schools = 4`"),
    ("battle_royale_cards", CardSettings, "deck", "`max_rounds = 60`"),
]


@pytest.mark.parametrize(("ruleset", "model", "data", "sample"), GAMES)
@pytest.mark.parametrize("locale", [None, "pt-BR", "es-ES"])
async def test_rules_list_every_house_rule_in_the_readers_language(gm, db, ruleset, model, data, sample, locale):
    from bot.services.signup import games

    await games.create_game(db, name="Evening", ruleset=ruleset, channel_id=555, guild_id=1000)
    done = await use(gm, "rules", **({"locale": locale} if locale else {}))
    assert done.all_ephemeral
    within_limits(done)
    descriptions = settings_catalogue(model)
    for name, english in descriptions.items():
        shown = str(localized(Keyed(english, f"{ruleset}.settings", name), locale)) if locale else english
        if locale:
            assert shown != english, (name, "not translated")
        if name == data:
            assert f"`{name} =" not in done.text and shown not in done.text
        else:
            assert f"`{name} = " in done.text and shown in done.text, (name, shown)
    assert sample in done.text
    if locale == "pt-BR":
        assert "regras da casa" in done.text
    elif locale == "es-ES":
        assert "reglas de la casa" in done.text
    else:
        assert "house rules (defaults)" in done.text
