"""More Mazeworld rulings (mazeworld-rulings.md): kills by an ally count on the contestants' tally, other
NPCs' do not ("Skills, kills, hunting"); temerity when Pain crosses 70 or on a moderator's call; a waking
enemy restarts combat; `max_turns`; `unaimed_part = bodyaim`; martial-arts techniques ignore inaccuracy;
`npc_orders`; the moderators' `end_combat` and `start_combat`; a contestant's 1d2 is public."""

from __future__ import annotations

import pytest

from engine.ruleset import ModerationRefused
from engine.rulesets.mazeworld.catalog import catalog
from engine.rulesets.mazeworld.encounter import Encounter
from engine.rulesets.mazeworld.orders import MazeOrders
from engine.rulesets.mazeworld.roster import spawn
from engine.rulesets.mazeworld.ruleset import RULESET
from engine.rng import RecordingRng
from tests.mazeworld.helpers import Scripted, fight, resolve, texts, two

SHOT = "s1 Beretta M9 round 1"


def _with_ally(state):
    group = Encounter.model_validate({"groups": [{"species": "Thug", "count": "1", "side": 1, "team": "ally"}]})
    ally = spawn(group.groups[0], RecordingRng(0), {c.id for c in state.creatures})[0]
    return state.model_copy(update={"creatures": sorted([*state.creatures, ally], key=lambda c: c.id)})


def test_kill_by_an_ally_counts_on_the_contestants_tally():
    """"kills by team `ally` count on their contestant's tally"."""
    state = _with_ally(fight())
    state.creature("wolf_a").parts["head"].hp = 1
    shot = "thug_a Beretta M9 round 1"
    res = resolve(state, Scripted(*two(shot, 11), ("limb damage", 3)),
                  thug_a={"do": "attack", "target": "wolf_a", "part": "head"})
    assert res.state.creature("wolf_a").status == "dead"
    assert res.state.tally == 1 and res.state.creature("thug_a").kills == 1


def test_kill_by_a_hostile_npc_not_on_the_tally():
    """"other NPCs' do not" count."""
    state = fight(seats=2)
    state.creature("s2").parts["head"].hp = 1
    state.creature("wolf_a").side = 1
    bite = "wolf_a Bite round 1"
    res = resolve(state, Scripted(*two(bite, 11), ("limb damage", 3)),
                  wolf_a={"do": "attack", "target": "s2", "part": "head"})
    assert res.state.creature("s2").status == "dead" and res.state.tally == 0
    assert res.state.creature("wolf_a").kills == 1


def test_temerity_when_pain_crosses_70():
    """"whose Pain crossed 70" (`temerity = auto`): a d100 at the end of the turn."""
    state = fight()
    state.creature("wolf_a").pain = 60
    res = resolve(state, Scripted(*two(SHOT, 11), ("limb damage", 1), ("wolf_a temerity d100", 50)),
                  s1={"do": "attack", "target": "wolf_a", "part": "body"})
    assert "Temerity for Wolf A: 50 (normal)." in texts(res, "moderators")
    gm = fight(temerity="gm")
    gm.creature("wolf_a").pain = 60
    res = resolve(gm, Scripted(*two(SHOT, 11), ("limb damage", 1)), s1={"do": "attack", "target": "wolf_a", "part": "body"})
    assert not [t for t in texts(res, "moderators") if "Temerity" in t]


def test_temerity_on_a_moderators_call():
    """"or on a moderator's call": rolled at the end of the turn even under `temerity = gm`."""
    state = fight(temerity="gm")
    called = RULESET.moderate(state, "temerity", {"target": "wolf_a"}).state
    res = resolve(called, Scripted(("wolf_a temerity d100", 3)))
    assert res.state.creature("wolf_a").status == "passed_out"
    with pytest.raises(ModerationRefused, match="not an NPC"):
        RULESET.moderate(state, "temerity", {"target": "s1"})


def test_moderators_end_and_start_combat():
    state = fight()
    ended = RULESET.moderate(state, "end_combat", {}).state
    assert ended.phase == "aftermath" and state.phase == "combat"
    assert RULESET.moderate(ended, "start_combat", {}).state.phase == "combat"
    with pytest.raises(ModerationRefused, match="already"):
        RULESET.moderate(state, "start_combat", {})
    with pytest.raises(ModerationRefused, match="no moderator action"):
        RULESET.moderate(state, "nuke", {})


def test_waking_enemy_restarts_combat():
    """"a waking enemy restarts combat"."""
    state = fight(pain_regen=2)
    wolf = state.creature("wolf_a")
    wolf.status, wolf.pain = "blacked_out", 101
    state.phase = "aftermath"
    res = resolve(state, Scripted(), s1={"do": "skip"})
    assert res.state.phase == "combat" and "Wolf A wakes: combat starts again." in texts(res, "public")


def test_max_turns_ends_the_fight():
    state = fight(max_turns=2)
    state = resolve(state, Scripted(), s1={"do": "skip"}).state
    res = resolve(state, Scripted(), s1={"do": "skip"})
    assert res.state.phase == "over" and "The fight is over." in texts(res, "public")


def test_unaimed_part_bodyaim_setting():
    """`unaimed_part = bodyaim`: an attack with no part named rolls @bodyaim."""
    state = fight(unaimed_part="bodyaim")
    res = resolve(state, Scripted(("@bodyaim", 1), *two(SHOT, 4)), s1={"do": "attack", "target": "wolf_a"})
    assert any("(head)" in t for t in texts(res, "public"))
    plain = resolve(fight(), Scripted(*two(SHOT, 4)), s1={"do": "attack", "target": "wolf_a"})
    assert any("(body)" in t for t in texts(plain, "public"))


def test_inaccurate_martial_arts_technique_full_hit(monkeypatch):
    """"Martial-arts techniques: full hit" on an inaccurate score (Fists as a technique: 5 x .86 = 4)."""
    fists = catalog().weapons["Fists"]
    monkeypatch.setitem(catalog().weapons, "Fists", fists.model_copy(update={"kind": "martial"}))
    state = fight()
    state.creature("wolf_a").side = 1
    punch = "s1 Fists round 1"
    res = resolve(state, Scripted(*two(punch, 7), ("limb damage", 8)),
                  s1={"do": "attack", "target": "wolf_a", "weapon": "Fists"})
    wolf = res.state.creature("wolf_a")
    assert wolf.pain == 4 and wolf.parts["body"].hp == 30 - 6  # (8 - 2) x 1, no x0.8


def test_contestant_1d2_public():
    """Visibility: "contestants' 2d6 and 1d2" are public."""
    res = resolve(fight(), Scripted(*two(SHOT, 7), (SHOT + " inaccurate 1d2", 2), ("limb damage", 1)),
                  s1={"do": "attack", "target": "wolf_a"})
    assert any("7 inaccurate, 1d2 2: hit (body)" in t for t in texts(res, "public"))


@pytest.mark.parametrize(("mode", "gm_order_used", "unordered_acts"), [
    ("gm_then_script", True, True), ("gm_only", True, False), ("script", False, True)])
def test_npc_orders_setting(mode, gm_order_used, unordered_acts):
    """`npc_orders = gm_then_script`: a moderator's order, else the script; `gm_only`; `script`."""
    state = fight(wolves=2, npc_orders=mode)
    given = {"wolf_a": MazeOrders.model_validate({"action": {"do": "move", "side": 3}}),
             "s1": MazeOrders.model_validate({"action": {"do": "skip"}})}
    res = RULESET.resolve(state, given, RecordingRng(5))
    assert (res.state.creature("wolf_a").side == 3) is gm_order_used
    assert ("Wolf B skips the turn." not in texts(res, "public")) is unordered_acts


@pytest.mark.parametrize(("mode", "limit"), [
    ("semi", 10), ("da", 10), ("burst", 5), ("pump", 5), ("lever", 5), ("bolt", 3), ("sa", 3), ("auto", 30)])
def test_per_turn_limits(mode, limit):
    """"Per turn: semi/DA 10, burst 5 bursts, pump/lever 5, bolt/SA 3, full-auto the magazine"; melee its hits
    (Class 5 Long 2, Short 3)."""
    from engine.rulesets.mazeworld.rules import turn_limit

    rifle = catalog().weapons["AR70/90"]
    assert turn_limit(rifle, mode) == limit
    assert turn_limit(catalog().weapons["Iron baseball bat"], None) == 2
    assert turn_limit(catalog().weapons["Combat knife"], None) == 3


def test_explosive_splash_hits_others_on_the_side_not_in_cover():
    """"the others on its side, not in cover, take that Pain only" (close x0.75: 60 x .75 = 45)."""
    state = fight(wolves=2, sheet={"wielded": "M67 grenade"})
    throw = "s1 M67 grenade throw"
    res = resolve(state, Scripted(("@bodyaim", 5), *two(throw, 9), ("limb damage", 1)),
                  s1={"do": "attack", "target": "wolf_a"})
    other = res.state.creature("wolf_b")
    assert other.pain == 45 and all(p.hp == p.max_hp for p in other.parts.values())
    assert res.state.creature("s1").pain == 0  # another side


def test_stealth_escape_unseen():
    """"Escape ... out of combat (unseen if stealthed)"."""
    state = fight(start_stealth="contestants")
    res = resolve(state, Scripted(*two("s1 escape", 8)), s1={"do": "escape"})
    assert "Ann slips away unseen." in texts(res, "players")
    assert res.state.creature("s1").status == "escaped" and "Ann" not in " ".join(texts(res, "public"))


def test_only_bodies_with_arms_punch():
    from engine.rulesets.mazeworld.rules import attack_weapon

    state = fight()
    assert attack_weapon(state.creature("wolf_a"), "Fists") is None
    assert attack_weapon(state.creature("s1"), "Fists").name == "Fists"


def test_demo_outcomes_study():
    """The demo's outcomes for `brbot balance` (once registered): shares and mean turns are sane."""
    from engine.rulesets.mazeworld.studies import demo_outcomes

    found = demo_outcomes(10, 1)
    assert 0 <= found["contestant_stands"] <= 1 and 1 <= found["mean_turns"] <= 60


def test_creature_base_ft_and_armour_from_the_roster():
    """Creature table: Hellhound FT 5, A1; a Thug firing at a contestant in light cover: FT 6 + 1."""
    from engine.rulesets.mazeworld.attack import ft_ir
    from engine.rulesets.mazeworld.turn import Turn

    group = Encounter.model_validate({"groups": [{"species": "Hellhound", "side": 1}]}).groups[0]
    hound = spawn(group, RecordingRng(0), set())[0]
    assert (hound.ft_base, hound.armour["body"], hound.name) == (5, "A1", "Hellhound A")
    state = fight(wolves=0)
    state.creature("s1").cover = True
    turn = Turn(state, RecordingRng(0))
    thug = state.creature("thug_a")
    assert ft_ir(turn, thug, state.creature("s1"), catalog().weapons["Beretta M9"], False, "torso", 0, False) == (7, 2)


def test_end_combat_by_a_moderator_lasts_while_hostiles_stand():
    """Rulings "Temerity, NPCs, end": "Moderators may `end_combat`": it ends combat until a moderator starts
    it again or a hostile attacks. With Wolf A standing, the next turns stay in the aftermath (it was
    "Wolf A wakes: combat starts again." at the first turn's end); `start_combat` starts it again."""
    state = RULESET.moderate(fight(), "end_combat", {}).state
    for _ in range(2):
        res = resolve(state, Scripted(), s1={"do": "swap", "weapon": "Combat knife"})
        state = res.state
        assert state.phase == "aftermath", texts(res)
        assert not any("combat starts again" in t for t in texts(res))
        state.creature("s1").wielded = "Beretta M9"
    assert RULESET.moderate(state, "start_combat", {}).state.phase == "combat"
    passed = resolve(state, Scripted(), s1={"do": "skip"})
    assert passed.state.phase == "over"  # every contestant passes: the fight is over, hostiles standing or not


def test_end_combat_a_hostiles_attack_starts_combat_again():
    """After `end_combat` the NPCs are not awaited, but from the next turn on the GM may still order a hostile
    to attack (the bot takes it: `orders_anytime`); its attack starts combat again. An attack ordered before
    the end, in the same turn, is not used (it would undo the end); a contestant's attack stays refused."""
    bite = {"do": "attack", "target": "s1"}
    state = RULESET.moderate(fight(), "end_combat", {}).state
    assert not RULESET.orders_anytime(state, "wolf_a")
    kept = resolve(state, Scripted(*two("wolf_a Bite round 1", 10)), s1={"do": "swap", "weapon": "Combat knife"},
                   wolf_a=bite)
    assert kept.state.phase == "aftermath" and kept.state.creature("s1").pain == 0
    state = kept.state
    assert RULESET.awaiting(state) == ["s1"] and RULESET.orders_anytime(state, "wolf_a")
    assert not RULESET.orders_anytime(state, "s1") and not RULESET.orders_anytime(fight(), "wolf_a")
    assert RULESET.validate(state, "wolf_a", MazeOrders.model_validate({"action": bite})) is None
    shot = MazeOrders.model_validate({"action": {"do": "attack", "target": "wolf_a"}})
    assert RULESET.validate(state, "s1", shot) == "That is done during combat."
    res = resolve(state, Scripted(*two("wolf_a Bite round 1", 10), ("limb damage", 1)), s1={"do": "skip"},
                  wolf_a=bite)
    assert res.state.phase == "combat" and "Wolf A attacks: combat starts again." in texts(res, "public")
    assert res.state.creature("s1").pain > 0
