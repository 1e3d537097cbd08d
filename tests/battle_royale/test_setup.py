"""Sign-up and Day 0: roles, Lovers, Lone Wolves, Rivals, schools, starting items, Day 0 choices.

Handbook II.A (roles), Rivals 1 and 3, the sign-up notes (Day 0: starting location and abilities);
rulings "Numbers the handbook does not give" (10 HP, 4 schools, 50% Lone Wolf, 1 starting item,
2 hidden items per zone).
"""
from __future__ import annotations

from collections import Counter

from engine import registry
from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.battle_royale import catalog
from engine.rulesets.battle_royale.orders import Day0Orders, NightOrders
from engine.rulesets.battle_royale.settings import BRSettings
from engine.rulesets.battle_royale.texts import say

br = registry.get("battle_royale")


def signup(pid: str, **requests: str) -> SignUp:
    return SignUp(seat=pid, name=pid.upper(), requests=requests)


def new_game(roster: list[SignUp], seed: int = 1, **settings):
    return br.new_game(roster, BRSettings(**settings), RecordingRng(seed))


def private(events, sid: str) -> list[str]:
    """Texts only this player (among others, perhaps) was told: not the public posts."""
    return [e.text for e in events if e.audience.kind == "players" and e.visible_to(sid)]


def plain_roster(n: int) -> list[SignUp]:
    return [signup(f"p{i:02d}") for i in range(n)]


LOVERS_DENIED = say("order_failed", what="Lovers request",
                    reason="both of you must name each other. You are a Dedicated Student.")


def test_II_A_1_dedicated_student_is_the_default_role():
    """Every student who asks for nothing special (or asks to be a Dedicated Student) is one."""
    res = new_game([signup("a"), signup("b", role="dedicated_student"), signup("c")])
    assert {s.role for s in res.state.students.values()} == {"dedicated_student"}
    assert any("a Dedicated Student of School" in t for t in private(res.events, "a"))


def test_II_A_2_lovers_need_both_to_agree():
    """Lovers only by mutual agreement: both must ask for the role and name each other.

    A one-sided request (or one the partner did not make as a Lover, or naming yourself) leaves the
    student a Dedicated Student, told privately; the named partner is told nothing about it.
    """
    roster = [
        signup("a", role="lovers", lover="b"), signup("b", role="lovers", lover="a"),  # mutual
        signup("c", role="lovers", lover="d"), signup("d"),                            # one-sided
        signup("e", role="lovers", lover="f"), signup("f", lover="e"),                 # f not a Lover
        signup("g", role="lovers", lover="a"),                                         # a is taken
        signup("h", role="lovers", lover="h"),                                         # himself
    ]
    res = new_game(roster)
    st = res.state.students
    assert (st["a"].role, st["a"].lover, st["b"].role, st["b"].lover) == ("lovers", "b", "lovers", "a")
    assert any("Your Lover is B." in t for t in private(res.events, "a"))
    for sid in "cdefgh":
        assert st[sid].role == "dedicated_student", sid
        assert st[sid].lover is None, sid
    for sid in "cegh":
        assert private(res.events, sid).count(LOVERS_DENIED) == 1, sid
    for sid in "abdf":
        assert LOVERS_DENIED not in private(res.events, sid), sid


def test_II_A_3_lone_wolf_granted_with_50_percent():
    """Lone Wolf requests are granted on a percentage chance (rulings: 50%); else Dedicated Student, told."""
    granted = total = 0
    for seed in range(40):
        res = new_game([signup(f"w{i:02d}", role="lone_wolf") for i in range(20)], seed=seed)
        for student in res.state.students.values():
            total += 1
            denied = say("lone_wolf_denied") in private(res.events, student.id)
            assert student.role in ("lone_wolf", "dedicated_student")
            assert denied == (student.role == "dedicated_student")
            granted += student.role == "lone_wolf"
    assert 0.44 <= granted / total <= 0.56, granted / total  # 800 requests: sd 1.8 points


def test_II_A_3_lone_wolf_chance_is_a_setting():
    """The 50% is a house rule a moderator may change: 0 never grants, 100 always does."""
    roster = [signup(f"w{i}", role="lone_wolf") for i in range(8)]
    assert {s.role for s in new_game(roster, lone_wolf_chance=0).state.students.values()} == {"dedicated_student"}
    assert {s.role for s in new_game(roster, lone_wolf_chance=100).state.students.values()} == {"lone_wolf"}


def test_II_A_schools_are_four_and_as_equal_as_possible():
    """Students are split into 4 schools whose sizes differ by at most one (rulings)."""
    for n in range(1, 21):
        res = new_game(plain_roster(n), seed=n)
        sizes = Counter(s.school for s in res.state.students.values())
        assert set(sizes) <= {1, 2, 3, 4}
        assert len(sizes) == min(n, 4), n
        assert max(sizes.values()) - min(sizes.values()) <= 1, (n, sizes)
    res = new_game(plain_roster(9), schools=3)
    assert sorted(Counter(s.school for s in res.state.students.values()).values()) == [3, 3, 3]


def test_II_A_the_opening_post_counts_the_schools_that_have_students():
    """The public opening names how many schools take part: with 3 students, 3 of the 4 schools."""
    for n, schools in ((3, 3), (9, 4)):
        res = new_game(plain_roster(n))
        [opening] = [e.text for e in res.events if e.kind == "game_start"]
        assert opening == say("game_starts", count=n, schools=schools)


def test_II_A_schools_are_random_and_ignore_roles():
    """Schools are drawn at random; roles have no bearing (Lovers share a school only by chance).

    With 8 students in 4 schools of 2, two given students share a school with probability 1/7.
    """
    roster = [signup("a", role="lovers", lover="b"), signup("b", role="lovers", lover="a")]
    roster += [signup(f"x{i}", role="lone_wolf") for i in range(6)]
    same, schools_of_a = 0, Counter()
    trials = 400
    for seed in range(trials):
        st = new_game(roster, seed=seed).state.students
        assert st["a"].role == "lovers"
        same += st["a"].school == st["b"].school
        schools_of_a[st["a"].school] += 1
    assert 0.09 <= same / trials <= 0.20, same / trials
    assert all(0.19 <= schools_of_a[k] / trials <= 0.31 for k in (1, 2, 3, 4)), schools_of_a


def test_rivals_1_any_player_may_declare_one_rival():
    """All players, whatever their role, may declare a single Rival, who is told nothing.

    Naming yourself, your own Lover, or someone not in the game declares no Rival.
    """
    roster = [
        signup("a", rival="d"), signup("b", role="lone_wolf", rival="a"),
        signup("c", role="lovers", lover="d", rival="a"), signup("d", role="lovers", lover="c", rival="c"),
        signup("e", rival="e"), signup("f", rival="zz"),
    ]
    res = new_game(roster, lone_wolf_chance=100)
    st = res.state.students
    assert (st["a"].rival, st["b"].rival, st["c"].rival) == ("d", "a", "a")
    assert st["b"].role == "lone_wolf" and st["c"].role == "lovers"
    assert st["d"].rival is None and st["e"].rival is None and st["f"].rival is None
    assert any("Your Rival is D." in t for t in private(res.events, "a"))
    assert not any("Rival" in t for t in private(res.events, "d"))


def test_rulings_health_starting_items_and_hidden_items():
    """Everyone starts with 10 of 10 HP and one random item (told privately); each zone hides 2 items."""
    pool = set(catalog.item_pool())
    seen: set[str] = set()
    for seed in range(20):
        res = new_game(plain_roster(10), seed=seed)
        for s in res.state.students.values():
            assert (s.hp, s.max_hp, s.alive) == (10, 10, True)
            assert len(s.items) == 1 and s.items[0].kind in pool
            assert say("start_item", items=s.items[0].name) in private(res.events, s.id)[0]
            seen.add(s.items[0].kind)
        assert sorted(res.state.zones) == [1, 2, 3, 4, 5, 6, 7]
        for zone in res.state.zones.values():
            assert len(zone.hidden) == 2 and {i.kind for i in zone.hidden} <= pool
            assert zone.ground == [] and not zone.closed
        uids = [i.uid for s in res.state.students.values() for i in s.items]
        uids += [i.uid for z in res.state.zones.values() for i in z.hidden]
        assert len(uids) == len(set(uids)) == 24
    assert len(seen) >= 20  # drawn at random from the whole pool


def test_rulings_start_numbers_are_settings():
    """Health, starting items and hidden items are house rules a moderator can change."""
    res = new_game(plain_roster(4), max_hp=12, starting_items=2, hidden_items_per_zone=3)
    assert all((s.hp, s.max_hp, len(s.items)) == (12, 12, 2) for s in res.state.students.values())
    assert all(len(z.hidden) == 3 for z in res.state.zones.values())


def day0(state, orders: dict[str, Day0Orders], seed: int = 1):
    return br.resolve(state, orders, RecordingRng(seed))


def test_day0_start_in_the_chosen_zone():
    """On Day 0 each student chooses a starting location; then Day 1 opens for everyone."""
    state = new_game(plain_roster(3)).state
    assert state.phase == "day0"
    res = day0(state, {"p00": Day0Orders(start_zone=4), "p01": Day0Orders(start_zone=7)})
    assert res.state.students["p00"].zone == 4 and res.state.students["p01"].zone == 7
    assert say("placed", zone_name="Beach") in private(res.events, "p00")
    assert (res.state.phase, res.state.day) == ("night", 1)
    assert [e.text for e in res.events if e.kind == "day_opens"] == [say("day_opens", day=1, alive=3)]
    assert state.phase == "day0" and state.students["p00"].zone is None  # the input is untouched


def test_day0_random_starting_zone_when_none_chosen():
    """A student who picks no starting zone is placed in a random one."""
    zones = Counter()
    for seed in range(140):
        state = new_game(plain_roster(1), seed=seed).state
        zones[day0(state, {}, seed=seed).state.students["p00"].zone] += 1
    assert set(zones) == {1, 2, 3, 4, 5, 6, 7}
    assert max(zones.values()) <= 40, zones  # about 20 each


def test_day0_abilities_come_from_the_roles_list():
    """Each role offers its own abilities (data/roles.yaml); a student takes the one they choose."""
    roster = [signup("a"), signup("b", role="lone_wolf"), signup("c", role="lovers", lover="d"),
              signup("d", role="lovers", lover="c")]
    state = new_game(roster, lone_wolf_chance=100).state
    chosen = {"a": "lookout", "b": "pack_mule", "c": "heartbeat", "d": "kindred_spirit"}
    orders = {sid: Day0Orders(abilities=[a]) for sid, a in chosen.items()}
    for sid, o in orders.items():
        assert br.validate(state, sid, o) is None
    after = day0(state, orders).state
    assert {sid: after.students[sid].abilities for sid in chosen} == {k: [v] for k, v in chosen.items()}


def test_day0_refuses_another_roles_ability_and_too_many():
    """Abilities must come from your own role's list, at most the allowed number, each once; a refusal changes nothing."""
    state = new_game([signup("a"), signup("c", role="lovers", lover="d"), signup("d", role="lovers", lover="c")]).state
    before = state.model_dump()
    assert br.validate(state, "a", Day0Orders(abilities=["predator"])) == say(
        "unknown_ability", ability="predator", role="Dedicated Student", choices="scavenger, field_medic, lookout")
    assert br.validate(state, "c", Day0Orders(abilities=["scavenger"])) == say(
        "unknown_ability", ability="scavenger", role="Lover", choices="devoted_guardian, heartbeat, kindred_spirit")
    assert br.validate(state, "a", Day0Orders(abilities=["scavenger", "lookout"])) == say(
        "too_many_abilities", count=1, plural="y")
    assert br.validate(state, "a", Day0Orders(start_zone=9)) == say("unknown_zone", zone=9)
    assert br.validate(state, "zz", Day0Orders()) == say("not_in_game")
    assert br.validate(state, "a", NightOrders()) == say("wrong_phase_day0")
    assert state.model_dump() == before
    two = new_game([signup("a")], abilities_per_student=2).state
    assert br.validate(two, "a", Day0Orders(abilities=["lookout", "scavenger", "lookout"])) == say(
        "too_many_abilities", count=2, plural="ies")
    three = new_game([signup("a")], abilities_per_student=3).state
    assert br.validate(three, "a", Day0Orders(abilities=["scavenger", "lookout", "lookout"])) == say(
        "duplicate_ability", ability="lookout")
    assert br.validate(two, "a", Day0Orders(abilities=["scavenger", "lookout"])) is None


def test_day0_idle_students_get_their_roles_default_ability():
    """A student who chooses nothing gets their role's first ability (filling up to the allowed number)."""
    roster = [signup("a"), signup("b", role="lone_wolf"), signup("c", role="lovers", lover="d"),
              signup("d", role="lovers", lover="c", rival="a")]
    after = day0(new_game(roster, lone_wolf_chance=100).state, {}).state
    assert {s.id: s.abilities for s in after.students.values()} == {
        "a": ["scavenger"], "b": ["predator"], "c": ["devoted_guardian"], "d": ["devoted_guardian"]}
    assert after.students["d"].rival_reward_choice == "battle_proficiency"
    assert all(s.zone in range(1, 8) for s in after.students.values())
    two = new_game([signup("a")], abilities_per_student=2).state
    assert day0(two, {"a": Day0Orders(abilities=["lookout"])}).state.students["a"].abilities == ["lookout", "scavenger"]


def test_rivals_3_reward_is_chosen_on_day0():
    """A student with a Rival chooses Battle or Evasion Proficiency as the reward for killing them."""
    state = new_game([signup("a", rival="b"), signup("b")]).state
    choice = Day0Orders(rival_reward="evasion_proficiency")
    assert br.validate(state, "a", choice) is None
    assert br.validate(state, "b", choice) == say("no_rival")
    after = day0(state, {"a": choice}).state
    assert after.students["a"].rival_reward_choice == "evasion_proficiency"
    assert after.students["b"].rival_reward_choice == "battle_proficiency"
    assert br.validate(after, "a", Day0Orders()) == say("wrong_phase_night")
