"""What a player reads: status cards (rulings, "Public and private": fatigue and items are one's own; the
infested know each other), /rules (issue 11: every setting under the rulings' name, with its value), /help
(every command with an example), the post's sections and the /mod kill declaration."""

from __future__ import annotations

from engine.front import Card
from engine.rulesets.starcraft_mafia.front.commands import COMMANDS
from engine.rulesets.starcraft_mafia.front.game import FRONT
from engine.rulesets.starcraft_mafia.ruleset import StarCraftMafia
from engine.rulesets.starcraft_mafia.settings import SCMSettings
from engine.rulesets.starcraft_mafia.state import Reading
from tests.starcraft_mafia.helpers import table

scm = StarCraftMafia()


def words(cards: list[Card]) -> str:
    out = []
    for card in cards:
        out += [card.title, card.description, card.footer]
        for f in card.fields:
            out += [f.name, *f.lines, f.empty or ""]
    return "\n".join(out)


def outpost():
    s = table(("ma", "marine"), ("md", "medic"), ("gh", "ghost"), ("zz", "marine", "infested"),
              ("zy", "technician", "infested"))
    s.day = 4
    s.players["ma"].fatigue = 3
    s.players["zz"].fatigue = 5
    s.players["gh"].readings = [Reading(day=2, target="zz", infested=True), Reading(day=3, target="ma", infested=None)]
    s.players["gh"].cloak_day = 3
    dead = s.players["md"]
    dead.alive, dead.died_day, dead.death_cause = False, 3, "an Infested Terran"
    return s


def test_your_card_holds_class_hp_own_fatigue_items_and_abilities():
    s = outpost()
    text = words(FRONT.cards.status(scm.view(s, "ma")))
    assert "Marine, uninfested" in text and "Suit 30/30, body 10/10" in text
    assert "Fatigue (only you see it, and an opponent in a battle's rolls)" in text and "3: +3 on your hit rolls" in text
    assert "C-14 Rifle" in text and "Stim Pack:" in text
    assert "5: +5" not in text  # another's fatigue is never shown
    assert "The infested team" not in text and "Zerg form" not in text
    assert "MD (Medic, uninfested): an Infested Terran; items: C-7 Pistol, Optical Flare Grenade" in text
    assert "ZZ (Marine): suit 30, body 10" in text and "ZZ (Marine, infested)" not in text


def test_the_ghost_sees_cloak_availability_and_probe_readings():
    s = outpost()
    text = words(FRONT.cards.status(scm.view(s, "gh")))
    assert "Cloak: not today (you cloaked yesterday)." in text
    assert "Day 2: ZZ is infested" in text and "Day 3: no reading on MA" in text
    s.players["gh"].cloak_day = 1
    assert "Cloak: available today." in words(FRONT.cards.status(scm.view(s, "gh")))
    s.players["gh"].suit_hp = 2
    assert "Cloak: not today (your suit has 2 HP; it needs 3)." in words(FRONT.cards.status(scm.view(s, "gh")))


def test_the_infested_see_their_team_and_zerg_hp():
    """Rulings, "Players, teams, classes": infested players know each other."""
    s = outpost()
    s.players["zy"].zerg_hp = 31
    text = words(FRONT.cards.status(scm.view(s, "zz")))
    assert "Marine, infested" in text and "Zerg form 50/50" in text
    assert "The infested team (secret)" in text and "ZY (Technician): Zerg form 31/50" in text
    assert "ZY (Technician, infested): suit 15, body 10" in text


def test_a_dead_player_and_an_outsider():
    s = outpost()
    assert "You are dead (an Infested Terran)." in words(FRONT.cards.status(scm.view(s, "md")))
    assert FRONT.cards.status(scm.view(s, "nobody")) == []


def test_rules_list_every_setting_under_the_rulings_name_with_its_value():
    """Issue 11: "Setting names as in the rulings, each in the game's settings and listed by the rules help"."""
    text = words(FRONT.cards.rules())
    for name, value in SCMSettings().model_dump().items():
        assert f"`{name} = " in text, name
        if isinstance(value, (int, str)) and not isinstance(value, bool):
            assert f"`{name} = {value}`" in text
    assert "`infested_table = 5-7: 1, 8-11: 2, 12-15: 3, 16-20: 4`" in text
    assert "`day_vote = false`" in text and "`announce_infested_count = true`" in text


def test_help_lists_every_command_with_an_example():
    text = words(FRONT.cards.help())
    for command in COMMANDS:
        assert f"`/{command.usage}` " in text and f"Example: `/{command.usage}" in text


def test_every_description_and_choice_label_fits_discord():
    for command in COMMANDS:
        assert 1 <= len(command.description) <= 100, command.name
        assert all(1 <= len(o.description) <= 100 for o in command.options), command.name


def test_public_events_go_under_their_headings_in_order():
    assert FRONT.posts.sections == ("Deaths", "Battles", "Transformations", "Pick-ups", "The vote", "Stat list")
    kinds = ("death", "battle", "transform", "pickup", "vote", "stat_list", "game_over")
    assert [FRONT.posts.section_of(k) for k in kinds] == [
        "Deaths", "Battles", "Transformations", "Pick-ups", "The vote", "Stat list", None]
    assert FRONT.posts.title(-1) == "StarCraft Mafia: the outpost on Mar Sara"
    assert FRONT.posts.title(3) == "StarCraft Mafia: Day 3" and FRONT.posts.day_title(3) == "Day 3"
    assert FRONT.posts.day_title(-1) == "Sign-up"


def test_mod_kill_is_declared_like_battle_royales():
    """Rulings, "Public and private": a moderator kill is public and reveals class and team; the option
    `reason` fills the ruleset's `cause` parameter."""
    kill = FRONT.moderation_action("kill")
    assert kill is not None and [o.name for o in kill.options] == ["reason"]
    assert kill.params == {"reason": "cause"} and kill.options[0].required
    assert "/mod kill" in kill.help_line


def test_sign_up_offers_the_classes_as_roles():
    """Rulings, "Players, teams, classes": a player may request a class."""
    assert [v for _, v in FRONT.signup.roles] == ["marine", "firebat", "medic", "technician", "ghost"]
    assert FRONT.signup.default_role is None


def test_the_infested_thread_is_named_and_introduced():
    """Rulings, "Players, teams, classes": the infested get a private thread (`infested_thread = true`)."""
    assert set(scm.groups(outpost())) == {"infested"}
    assert FRONT.groups.title("infested") == "The infested"
    assert FRONT.groups.intro("infested").startswith("The infested: only you, the other infested and the moderators")
    assert len(FRONT.groups.title("infested")) <= 100 and len(FRONT.groups.intro("infested")) <= 2000
