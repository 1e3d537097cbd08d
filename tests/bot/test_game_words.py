"""Every shared text reads right in every installed game (issue 23, "Words"): a game played turn by turn or
step by step never reads "Day", "today" or "night", a game without roles is never asked for a role, and no
text prints `None`.

Three layers: every template of the shared catalogues (bot/text.py, bot/ui/text.py) filled with each game's
own words (`Front.words`); the replies the cogs build from a game (/join, /orders, /status's deadline line,
/game start, the preview); and a whole game played by computer players through the services (`brbot
simulate`), whose every outbox row (sign-up, start, fair-play lines, DMs, moderators' notes) is read back.
"""

from __future__ import annotations

import re
import string

import pytest
from sqlalchemy import select

from bot.cogs.game_log import summary_of_mine
from bot.cogs.moderation import preview_lines
from bot.db.models import Outbox
from bot.services.moderators import game_admin
from bot.text import TEXT, render
from bot.ui.joined import joined_reply
from bot.ui.text import UI
from engine import registry
from engine.front import Front
from tests.finished_games import SHARED, finished_game

GAMES = sorted(registry.BUILT_IN)

# Texts about a Discord role (the moderators' server role), not a game's role; the value `daily` of a setting;
# the refusals that answer someone who asked for a role in a game without any (they must say so); the order
# log's formula, which names its JSON field "day" whatever the game calls a step.
DISCORD_ROLES = {
    "bad_role", "id_of_role", "moderators_only", "opt_value", "bad_step_hours", "no_roles", "no_roles_join", "log_check",
}  # fmt: skip
# Texts shown only where a game has roles: the /role commands (registered when a game has roles) and their help.
ROLES_ONLY = {
    "joined_role", "cmd_role", "cmd_role_choose", "opt_role", "help_roles",
    "role_unknown_template", "role_not_chosen_template", "role_requested_template",  # a game's role texts' defaults
}  # fmt: skip
# The command line's own column headings, and the order log: not what a game's players read.
NOT_A_GAMES = {"cli_rulesets_header"}


def foreign_words(front: Front) -> list[str]:
    """Words another game's texts would bring into this one: days and nights in a game whose resolutions are
    not days, roles in a game that takes none at sign-up."""
    words = []
    if front.words.step != "Day":
        words += [r"\bdays?\b", r"\btoday'?s?\b", r"\bnights?\b", r"\bdaily\b(?! deadline)"]
    if not front.signup.roles:
        words += [r"\broles?\b"]
    return words


def wrong_words(text: str, front: Front, key: str = "") -> list[str]:
    """What in `text` is not this game's: another game's words, or a `None` printed."""
    found = [] if key in DISCORD_ROLES else [w for w in foreign_words(front) if re.search(w, text, re.IGNORECASE)]
    return found + (["None"] if re.search(r"\bNone\b", text) else [])


def filled(template: str, front: Front, day: int) -> str:
    """A template with the game's words where it takes them, and a neutral value everywhere else."""
    values: dict[str, object] = {}
    for _, name, spec, _ in string.Formatter().parse(template):
        if name:
            key = name.split(".")[0].split("[")[0].split("!")[0]
            if spec and (spec[-1] in "df" or "|" in spec):  # a number, or a count's word (`bot.text.render`)
                values[key] = 1
            else:
                values.setdefault(key, "X")
    words = {"step": front.words.name(day), "one": front.words.one, "steps": front.words.steps}
    return render(template, **(values | {k: v for k, v in words.items() if k in values}))


@pytest.mark.parametrize("ruleset", GAMES)
def test_every_shared_template_reads_in_the_games_own_words(ruleset):
    front = registry.front(ruleset)
    wrong = {}
    for catalogue in (TEXT, UI):
        for key, template in catalogue.items():
            if key in NOT_A_GAMES or (key in ROLES_ONLY and not front.signup.roles):
                continue
            for day in (0, 3):
                found = wrong_words(filled(template, front, day), front, key)
                if found:
                    wrong[key] = found
    assert wrong == {}


@pytest.mark.parametrize("ruleset", GAMES)
def test_a_step_is_named_as_the_game_names_it_and_never_none(ruleset):
    front = registry.front(ruleset)
    assert front.words.name(2).startswith(front.words.step)
    assert "None" not in front.words.name(None)


def test_mazeworld_counts_turns_and_the_card_game_and_infinity_steps():
    assert registry.front("mazeworld").words.name(3) == "Turn 3"
    assert registry.front("battle_royale_cards").words.name(9) == "Step 9"
    assert registry.front("infinity_intervention").words.name(0) == "Step 0"
    assert registry.front("battle_royale").words.name(1) == "Day 1"


@pytest.mark.parametrize("ruleset", GAMES)
def test_join_says_what_this_game_asks_at_sign_up(ruleset):
    front = registry.front(ruleset)
    reply = joined_reply(front, "G", reserve=False, role=None)
    assert wrong_words(reply, front) == []
    if front.signup.sheet is not None:
        assert "/sheet upload" in reply and "/role" not in reply
    elif not front.signup.roles:
        assert "/role" not in reply and "/sheet" not in reply


def test_join_in_mazeworld_and_infinity_points_to_the_sheet_not_to_roles():
    for ruleset in ("mazeworld", "infinity_intervention"):
        reply = joined_reply(registry.front(ruleset), "G", reserve=False, role=None)
        assert "/sheet upload" in reply and "role" not in reply


def test_join_with_a_class_in_starcraft_mafia_confirms_the_class_asked_for():
    reply = joined_reply(registry.front("starcraft_mafia"), "G", reserve=False, role="marine")
    assert "You asked for the Marine class." in reply
    assert "Ask for" not in reply


@pytest.mark.parametrize("ruleset", GAMES)
def test_help_offers_roles_only_in_a_game_that_has_them(ruleset):
    from bot.ui.rules_help import bot_help

    front = registry.front(ruleset)
    signup = next(f for f in bot_help([front]).fields if f.name == UI["help_signup_title"])
    assert any("role" in line for line in signup.lines) == bool(front.signup.roles)


def test_a_preview_and_a_wrong_receipt_name_the_games_step():
    front = registry.front("battle_royale_cards")
    preview = game_admin.Preview(day=4, public=[], private=[], moderators=[], over=False)
    assert preview_lines(preview, front)[0].startswith("Preview of Step 4,")
    entries = [{"user_id": 1, "receipt_matches": False, "receipt": "abc", "day": 2}]
    assert "(Step 2)" in summary_of_mine(entries, 1, front)


@pytest.mark.parametrize("ruleset", GAMES)
async def test_a_whole_simulated_game_speaks_only_its_own_words(db, templates, ruleset):
    """Sign-up, start, every resolution's posts and DMs, the fair-play lines and the moderators' notes of a
    whole game played by computer players: no other game's words, no `None`."""

    result = await finished_game(templates, db, ruleset, *SHARED)
    front = registry.front(ruleset)
    async with db.read() as session:
        rows = (
            await session.execute(select(Outbox).where(Outbox.game_id == result.game_id).order_by(Outbox.id))
        ).scalars()
        wrong = {row.text: wrong_words(row.text, front) for row in rows}
    assert {text: found for text, found in wrong.items() if found} == {}
