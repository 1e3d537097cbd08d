"""Settings: every `name = value` of the rulings, spelt as there, with the rulings' defaults."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from engine.rulesets.starcraft_mafia.settings import SCMSettings
from tests.shared_rules import rulings_text, same_default, settings_named

RULINGS = "starcraft-mafia-rulings.md"  # in ../shared/rules (tests/shared_rules.py)


def test_defaults_are_the_rulings_values():
    s = SCMSettings()
    assert (s.min_players, s.max_players, s.day_hours, s.max_rounds, s.idle_alert_days, s.max_days) == (
        5,
        20,
        24,
        100,
        3,
        30,
    )
    assert s.announce_infested_count and s.infested_thread and s.reveal_on_death
    assert not s.day_vote and not s.fatigue_on_damage
    assert (s.sleep_penalty, s.stat_list) == ("attack", "hp")


def test_infested_table_of_the_rulings():
    """Rulings, "Players, teams, classes": 5-7: 1, 8-11: 2, 12-15: 3, 16-20: 4."""
    s = SCMSettings()
    got = {n: s.infested_count(n) for n in range(5, 21)}
    assert got == {n: 1 if n <= 7 else 2 if n <= 11 else 3 if n <= 15 else 4 for n in range(5, 21)}


def test_every_setting_named_in_the_rulings_exists():
    names = set(re.findall(r"`([a-z_]+) = [^`]+`", rulings_text(RULINGS)))
    names |= set(re.findall(r"\(`([a-z_]+)`\)", rulings_text(RULINGS)))
    names.discard("name")  # the rulings' own "`name = value` marks a setting"
    assert len(names) == 14
    # and one of our own: a setup's choice of classes (docs/rules/starcraft-mafia.md, "A setup's classes")
    assert names | {"classes"} == set(SCMSettings.model_fields)


def test_every_default_is_the_one_the_rulings_write():
    """Rulings: "`name = value`" gives each setting's default; read from the rulings file itself, so a ruling
    that changes a value fails here until the product follows it."""
    defaults = SCMSettings().model_dump(mode="json")
    written = settings_named(rulings_text(RULINGS))
    assert written and {n: v for n, v in written.items() if not same_default(defaults[n], v)} == {}


def test_inconsistent_settings_are_refused_clearly():
    with pytest.raises(ValidationError, match="min_players \\(9\\) is above max_players \\(6\\)"):
        SCMSettings(min_players=9, max_players=6)
    with pytest.raises(ValidationError, match="infested_table has no row for 21 players"):
        SCMSettings(max_players=21)
    table = [{"players_min": 5, "players_max": 20, "infested": 5}]
    with pytest.raises(ValidationError, match="starts 5 infested among only 5 players"):
        SCMSettings(infested_table=table)
    with pytest.raises(ValidationError, match="sleep_penalty"):
        SCMSettings(sleep_penalty="fatigue")
    with pytest.raises(ValidationError, match="day_vote_typo"):
        SCMSettings(day_vote_typo=True)


def test_settings_round_trip_as_json():
    s = SCMSettings(day_vote=True, infested_table=[{"players_min": 5, "players_max": 20, "infested": 2}])
    assert SCMSettings.model_validate_json(s.model_dump_json()) == s
