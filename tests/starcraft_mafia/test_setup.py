"""Sign-up and the opening: rulings "Players, teams, classes" and the rulebook's class sheets."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.setup import SetupError, assign_classes
from tests.starcraft_mafia.helpers import game, roster, signup


def test_signup_size_is_5_to_20():
    """Rulings: "5 to 20 players (`min_players = 5`, `max_players = 20`)"."""
    with pytest.raises(SetupError, match="at least 5 players; 4 signed up"):
        game(roster(4))
    with pytest.raises(SetupError, match="at most 20 players; 21 signed up"):
        game(roster(21))
    for n in (5, 20):
        state, _ = game(roster(n))
        assert len(state.players) == n


@pytest.mark.parametrize("n,infested", [(5, 1), (7, 1), (8, 2), (11, 2), (12, 3), (15, 3), (16, 4), (20, 4)])
def test_infested_count_follows_the_table(n, infested):
    """Rulings, `infested_table`: 5-7: 1, 8-11: 2, 12-15: 3, 16-20: 4."""
    for seed in range(5):
        state, _ = game(roster(n), seed=seed)
        assert sum(p.infested for p in state.players.values()) == infested == state.infested_at_start


def test_infested_are_drawn_uniformly():
    """Rulings: infested "drawn at random": over 3,000 seeded games of 8, each seat is infested ~1/4 of the time."""
    counts: Counter[str] = Counter()
    games = 3000
    for seed in range(games):
        state, _ = game(roster(8), seed=seed)
        counts.update(p.id for p in state.players.values() if p.infested)
    expected = games * 2 / 8
    assert set(counts) == {f"p{i:02d}" for i in range(8)}
    for seat, n in counts.items():
        assert abs(n - expected) < 0.12 * expected, (seat, n)


def test_infested_start_with_a_zerg_form_and_know_each_other():
    """Rulebook, Infested Terrans (Zerg form 50 HP); rulings: "Infested players know each other"."""
    state, events = game(roster(12), seed=3)
    team = sorted(p.id for p in state.players.values() if p.infested)
    for p in state.players.values():
        assert (p.zerg_hp, p.infested_day) == ((50, 0) if p.infested else (None, None))
        assert p.form == "human"
    told = [e for e in events if e.kind == "infested_team"]
    assert len(told) == 1 and told[0].audience.ids == team
    assert all(state.players[seat].name in told[0].text for seat in team)


def test_infested_count_announced_classes_public_teams_private():
    """Rulings: the count is announced (`announce_infested_count = true`); classes are public; teams are not."""
    state, events = game(roster(9), seed=2)
    public = [e for e in events if e.audience.kind == "public"]
    assert any(e.kind == "infested_count" and "2 of you are infested" in e.text for e in public)
    classes = next(e for e in public if e.kind == "classes")
    for p in state.players.values():
        assert f"{p.name} ({catalog().cls(p.cls).name})" in classes.text
    assert all("team" not in e.data and "infested" not in e.data for e in public)
    _, quiet = game(roster(9), seed=2, announce_infested_count=False)
    assert not any(e.kind == "infested_count" for e in quiet)
    for p in state.players.values():
        mine = [e for e in events if e.kind == "role" and e.visible_to(p.id)]
        assert len(mine) == 1 and mine[0].data == {"cls": p.cls, "team": p.team}


def test_requests_granted_in_signup_order_up_to_ceil_n_over_5():
    """Rulings: requests granted in sign-up order while the class has fewer than ceil(N/5) players."""
    players = roster(11, "ghost")  # ceil(11/5) = 3 ghosts
    classes = assign_classes(players, RecordingRng(1))
    assert [s for s, c in classes.items() if c == "ghost"][:3] == ["p00", "p01", "p02"]
    assert Counter(classes.values())["ghost"] == 3
    # the others went to the classes with the fewest players: 2 each in the other four classes
    assert Counter(c for c in classes.values() if c != "ghost") == {
        "marine": 2,
        "firebat": 2,
        "medic": 2,
        "technician": 2,
    }


def test_signup_order_not_seat_order_decides():
    """Rulings: "in sign-up order" — the roster's order, whatever the seat ids."""
    players = [signup("p09", "medic"), signup("p01", "medic"), *roster(3)]  # ceil(5/5) = 1 medic
    classes = assign_classes(players, RecordingRng(4))
    assert classes["p09"] == "medic" and classes["p01"] != "medic"


def test_unrequested_seats_balance_the_classes_at_random():
    """Rulings: the others go, in random order, to a class with the fewest players (ties at random)."""
    firsts: Counter[str] = Counter()
    for seed in range(500):
        classes = assign_classes(roster(10), RecordingRng(seed))
        assert sorted(Counter(classes.values()).values()) == [2, 2, 2, 2, 2]
        firsts[classes["p00"]] += 1
    assert set(firsts) == set(catalog().class_ids())
    assert min(firsts.values()) > 60  # ~100 each: no class is favoured


def test_requests_by_name_any_case_and_unknown_class_refused():
    classes = assign_classes([signup("a", "Ghost"), signup("b", " FIREBAT "), *roster(3)], RecordingRng(1))
    assert (classes["a"], classes["b"]) == ("ghost", "firebat")
    with pytest.raises(SetupError, match="'Zealot', which is not a class"):
        game([signup("a", "Zealot"), *roster(4)])
    odd = SignUp(seat="a", name="A", requests={"lover": "b"})
    with pytest.raises(SetupError, match="a's sign-up asks for something this game does not offer \\(lover\\)"):
        game([odd, *roster(4)])


def test_a_class_request_comes_as_the_bots_role_too():
    """Rulings, "Players, teams, classes": the bot's sign-up (`/join role:`) writes the request as `role`."""
    asked = SignUp(seat="a", name="A", requests={"role": "medic"})
    assert assign_classes([asked, *roster(4)], RecordingRng(1))["a"] == "medic"
    with pytest.raises(SetupError, match="'lone_wolf', which is not a class"):
        game([SignUp(seat="a", name="A", requests={"role": "lone_wolf"}), *roster(4)])


def test_starting_hp_and_items_by_class():
    """Rulebook, class sheets: suit and body HP, and the items each class starts with (grenade: 2 uses)."""
    state, _ = game(roster(20), seed=7)
    for p in state.players.values():
        defn = catalog().cls(p.cls)
        assert (p.suit_hp, p.suit_max, p.body_hp, p.body_max) == (
            defn.suit.hp,
            defn.suit.hp,
            defn.body.hp,
            defn.body.hp,
        )
        assert [i.kind for i in p.items] == defn.items
        assert p.fatigue == 0 and p.alive
        for i in p.items:
            assert i.uses == (2 if i.kind == "optical_flare_grenade" else None)
    uids = [i.uid for p in state.players.values() for i in p.items]
    assert len(uids) == len(set(uids))


def test_same_seed_same_game():
    a, ea = game(roster(14), seed=11)
    b, eb = game(roster(14), seed=11)
    assert a == b and [e.text for e in ea] == [e.text for e in eb]
