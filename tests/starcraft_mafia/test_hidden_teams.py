"""`reveal_on_death = false` (rulings, "Public and private": "With `reveal_on_death` off, a dead player's team
stays hidden from all who did not know it (posts, stat list, views) until the game ends"): the death post, the
day's stat list, every player's `view` and the `public_view` keep the team of the dead hidden; those who knew it
(the infested their mates, a ghost whose probe read the player infested) still see it; after the end all may."""

from __future__ import annotations

import re

from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia.front.game import FRONT
from engine.rulesets.starcraft_mafia.orders import Attack, DayOrders
from engine.rulesets.starcraft_mafia.ruleset import StarCraftMafia
from engine.rulesets.starcraft_mafia.state import Reading, SCMState
from tests.starcraft_mafia.helpers import table

RULES = StarCraftMafia()
TEAM_WORD = re.compile(r"infested|uninfested", re.I)


def hidden_table(*, reveal: bool = False) -> SCMState:
    state = table(
        ("gh", "ghost"),
        ("iv", "marine", "infested"),
        ("ma", "marine"),
        ("te", "technician"),
        ("yy", "medic", "infested"),
    )
    state.settings = state.settings.model_copy(update={"reveal_on_death": reveal})
    return state


def suicide(state: SCMState, seat: str):
    """`seat` attacks himself (rulings, "Combat": "Suicide (attacking oneself): death, no battle")."""
    return RULES.resolve(state, {seat: DayOrders(main=Attack(target=seat))}, RecordingRng(3))


def dead_entry(view: dict, seat: str) -> dict:
    return next(p for p in view["players"] if p["seat"] == seat)


def test_the_death_post_and_the_stat_list_keep_a_dead_players_team_hidden():
    result = suicide(hidden_table(), "iv")
    assert not result.state.players["iv"].alive and result.state.phase == "day"
    death = next(e for e in result.events if e.kind == "death")
    assert death.text == "IV has died (suicide)."
    stat = next(e for e in result.events if e.kind == "stat_list")
    line = next(x for x in stat.text.splitlines() if x.startswith("IV "))
    assert line == "IV (Marine), dead; items: C-14 Rifle"
    assert not TEAM_WORD.search(stat.text), stat.text


def test_no_view_of_one_who_did_not_know_carries_the_dead_players_team():
    state = suicide(hidden_table(), "iv").state
    for seat in ("ma", "te", "gh"):
        entry = dead_entry(RULES.view(state, seat), "iv")
        assert "team" not in entry, (seat, entry)
        assert entry["cls"] == "marine" and entry["cause"] == "suicide"
    assert "team" not in dead_entry(RULES.public_view(state), "iv")


def test_those_who_knew_still_see_the_team_the_infested_mate_and_the_ghost_who_read_it():
    state = hidden_table()
    state.players["gh"].readings = [Reading(day=1, target="iv", infested=True)]
    state = suicide(state, "iv").state
    assert dead_entry(RULES.view(state, "yy"), "iv")["team"] == "infested"
    assert dead_entry(RULES.view(state, "gh"), "iv")["team"] == "infested"


def test_a_clean_reading_from_before_does_not_tell_the_team_at_death():
    """A probe read "not infested" on Day 1 says nothing of Day 2 (the player may have been infested since)."""
    state = hidden_table()
    state.day = 2
    state.players["gh"].readings = [Reading(day=1, target="ma", infested=False)]
    state = suicide(state, "ma").state
    assert "team" not in dead_entry(RULES.view(state, "gh"), "ma")


def test_an_infested_who_joined_after_the_death_does_not_learn_the_dead_mates_team():
    state = suicide(hidden_table(), "iv").state
    late = state.players["ma"]
    late.team, late.infested_day, late.zerg_hp = "infested", state.day, 50
    assert "team" not in dead_entry(RULES.view(state, "ma"), "iv")


def test_a_moderator_kill_posts_the_team_so_every_view_shows_it():
    """Rulings, "Idle": "A moderator kill is public, reveals class and team"."""
    state = RULES.moderate(hidden_table(), "kill", {"seat": "iv"}).state
    assert dead_entry(RULES.view(state, "ma"), "iv")["team"] == "infested"
    assert dead_entry(RULES.public_view(state), "iv")["team"] == "infested"
    stat = next(e for e in suicide(state, "ma").events if e.kind == "stat_list")
    assert "IV (Marine, infested), dead" in stat.text


def test_after_the_end_every_view_shows_every_team():
    state = hidden_table()
    state.players["yy"].alive, state.players["yy"].died_day = False, 1
    state.players["yy"].zerg_hp = 0
    state.day = 2
    result = suicide(state, "iv")
    assert result.state.phase == "over" and result.state.winners
    for seat in ("ma", ""):
        view = RULES.view(result.state, seat)
        assert dead_entry(view, "iv")["team"] == "infested"
        assert dead_entry(view, "yy")["team"] == "infested"
        assert dead_entry(view, "te")["team"] == "human"


def test_with_reveal_on_death_on_the_team_is_posted_and_seen_by_all():
    result = suicide(hidden_table(reveal=True), "iv")
    death = next(e for e in result.events if e.kind == "death")
    assert death.text == "IV has died (suicide). IV was a Marine, infested."
    assert "IV (Marine, infested), dead" in next(e for e in result.events if e.kind == "stat_list").text
    assert dead_entry(RULES.public_view(result.state), "iv")["team"] == "infested"


def test_the_outpost_card_shows_the_dead_without_a_team_the_reader_does_not_know():
    """/status's outpost card is built from the view: the dead line gives class, cause and items, no team."""
    state = suicide(hidden_table(), "iv").state

    def outpost(seat: str) -> str:
        card = FRONT.cards.status(RULES.view(state, seat))[-1]
        return "\n".join(line for f in card.fields for line in f.lines)

    assert "IV (Marine): suicide; items: C-14 Rifle" in outpost("ma")
    assert not TEAM_WORD.search(outpost("ma")), outpost("ma")
    assert "IV (Marine, infested): suicide" in outpost("yy")
