"""A Mazeworld combat turn (mazeworld-rulings.md "The turn", "Order of passage", "Sides, cover, escape,
stealth", "Skills, kills, hunting", "Temerity, NPCs, end", "Visibility"): order of passage and speed
conflicts, cover, escape, stealth, movement, void and lost actions, damage timing, validation refusals,
temerity, the end of combat and the aftermath, hunting, the scripted policies, views, determinism, the demo."""

from __future__ import annotations

import pytest

from engine.rng import RecordingRng
from engine.rulesets.mazeworld.demo_fight import play
from engine.rulesets.mazeworld.orders import MazeOrders
from engine.rulesets.mazeworld.passage import settle_ties
from engine.rulesets.mazeworld.autoplayer import npc_orders
from engine.rulesets.mazeworld.rules import tier
from engine.rulesets.mazeworld.state import Effect
from engine.rulesets.mazeworld.ruleset import RULESET
from engine.rulesets.mazeworld.turn import Turn
from tests.mazeworld.helpers import Scripted, fight, resolve, texts, two

SHOT = "s1 Beretta M9 round 1"


def _order_line(res) -> str:
    return next(t for t in texts(res, "public") if t.startswith("Order of passage"))


@pytest.mark.parametrize(("weight", "expected"), [
    (0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 4), (9, 5), (10, 6), (14, 6), (18, 7), (30, 10), (31, 11)])
def test_is_tier_from_weight_rounded_up(weight, expected):
    """"IS tier from weight, rounded up to the next tier: 1, 2, 3, 5, 9, 14, 18, 22, 26, 30"; heavier 11."""
    assert tier(weight) == expected


def test_speed_conflict_sorted_by_id_then_1dn():
    """"Speed conflict": sort the tied by id; 1dN picks the first, 1d(N-1) the next."""
    state = fight()
    turn = Turn(state, Scripted(("speed conflict 1d3", 3), ("speed conflict 1d2", 1)))
    assert settle_ties(turn, ["c", "a", "b"], str) == ["c", "a", "b"]


def test_order_of_passage_non_combat_first_then_lowest_tier():
    """Non-combat actions tier 0 first; then lowest IS tier: the knife (1) before the wolf's bite (3)."""
    state = fight(sheet={"wielded": "Combat knife"})
    state.creature("wolf_a").side = 1
    res = resolve(state, Scripted(), s1={"do": "attack", "target": "wolf_a"},
                  wolf_a={"do": "attack", "target": "s1"})
    assert _order_line(res) == "Order of passage: Ann, Wolf A."
    state = fight(seats=2, sheet={"wielded": "AR70/90"})
    res = resolve(state, Scripted(), s1={"do": "attack", "target": "wolf_a"}, s2={"do": "reload"})
    assert _order_line(res).endswith(", Ann.")  # the reload and the wolf's skip (tier 0) before tier 5


def test_order_of_passage_stealthed_first():
    """Step 3: stealthed creatures, then the others (the wolf in stealth bites before Ann's reload)."""
    state = fight(start_stealth="encounter")
    state.creature("s1").weapons[0].loaded = 0
    res = resolve(state, Scripted(), s1={"do": "reload"}, wolf_a={"do": "attack", "target": "s1"})
    assert "Order of passage: Wolf A, Ann." in texts(res, "moderators")
    assert _order_line(res) == "Order of passage: Ann."  # the stealthed wolf is not announced
    assert res.state.creature("wolf_a").stealth is False  # lost after its first attack


def test_concentrate_is_tier_99_and_one_round():
    """Concentrate: tier 99 (last), one round."""
    state = fight()
    res = resolve(state, Scripted(*two("wolf_a Bite round 1", 3)),
                  s1={"do": "attack", "target": "wolf_a", "concentrate": True, "rounds": 5},
                  wolf_a={"do": "attack", "target": "s1"})
    assert _order_line(res) == "Order of passage: Wolf A, Ann."
    assert len([r for r in res.rolls if r.purpose.startswith("s1 Beretta") and "2d6 a" in r.purpose]) == 1
    assert res.state.creature("s1").weapon("Beretta M9").loaded == 14


def test_cover_success_then_acts_first_highest_total_first():
    """Cover: 2d6+Agility >= 7; success: `then:` at step 2, before everyone else."""
    state = fight(sheet={"wielded": "AR70/90"})
    res = resolve(state, Scripted(*two("s1 cover", 9)), s1={"do": "cover", "then": {"do": "attack", "target": "wolf_a"}},
                  wolf_a={"do": "attack", "target": "s1"})
    ann = res.state.creature("s1")
    assert ann.cover and "Ann takes cover (9) and acts first." in texts(res, "public")
    assert _order_line(res) == "Order of passage: Ann, Wolf A."


def test_cover_failure_in_cover_anyway_stealth_lost_turn_over():
    """Failure: in cover anyway, stealth lost, the turn over ("simply take cover")."""
    state = fight(start_stealth="contestants")
    res = resolve(state, Scripted(*two("s1 cover", 4)), s1={"do": "cover", "then": {"do": "attack", "target": "wolf_a"}})
    ann = res.state.creature("s1")
    assert ann.cover and not ann.stealth
    assert not [r for r in res.rolls if "Beretta" in r.purpose]


def test_cover_refused_without_cover_on_the_side_or_twice():
    state = fight(cover={1: "none", 2: "heavy"})
    reason = RULESET.validate(state, "s1", MazeOrders.model_validate({"action": {"do": "cover"}}))
    assert reason == "There is no cover on side 1."
    state = fight()
    state.creature("s1").cover = True
    assert RULESET.validate(state, "s1", MazeOrders.model_validate({"action": {"do": "cover"}})) == "Ann is already in cover."


def test_changing_side_ends_cover_and_melee_moves_the_attacker():
    """Movement: non-combat; changing side ends cover; a melee attack moves the attacker to the target's side."""
    state = fight()
    state.creature("s1").cover = True
    moved = resolve(state, Scripted(), s1={"do": "move", "side": 3})
    assert moved.state.creature("s1").side == 3 and not moved.state.creature("s1").cover
    bite = resolve(fight(), Scripted(), wolf_a={"do": "attack", "target": "s1"})
    assert bite.state.creature("wolf_a").side == 1


def test_escape_roll_and_crippled():
    """Escape: 2d6+Agility >= 6: out of combat; leg or foot disabled -2; crippled: refused."""
    state = fight()
    res = resolve(state, Scripted(*two("s1 escape", 6)), s1={"do": "escape"})
    assert res.state.creature("s1").status == "escaped"
    state.creature("s1").parts["left foot"].hp = 0
    res = resolve(state, Scripted(*two("s1 escape", 7)), s1={"do": "escape"})
    assert res.state.creature("s1").status == "active"
    state.creature("s1").parts["left leg"].hp = 0
    reason = RULESET.validate(state, "s1", MazeOrders.model_validate({"action": {"do": "escape"}}))
    assert reason == "Ann is crippled: no change of side or escape."


def test_stealth_not_targetable_from_other_sides():
    """Not targetable from other sides; the refusal does not name the hidden wolf (it reads as for a creature
    not in the fight, so guessing an id teaches nothing)."""
    state = fight(start_stealth="encounter")
    reason = RULESET.validate(state, "s1", MazeOrders.model_validate({"action": {"do": "attack", "target": "wolf_a"}}))
    assert reason == "There is no wolf_a in this fight."
    state.creature("wolf_a").side = 1
    assert RULESET.validate(state, "s1", MazeOrders.model_validate({"action": {"do": "attack", "target": "wolf_a"}})) is None


@pytest.mark.parametrize(("action", "reason"), [
    ({"do": "attack", "target": "wolf_z"}, "There is no wolf_z in this fight."),
    ({"do": "attack", "target": "wolf_a", "mode": "auto"}, "Beretta M9 has no auto mode (it has semi)."),
    ({"do": "attack", "target": "wolf_a", "rounds": 11}, "Beretta M9 fires at most 10 a turn in that mode."),
    ({"do": "attack", "target": "wolf_a", "part": "tail"}, "Wolf A has no tail"),
    ({"do": "attack", "target": "wolf_a", "weapon": "AR70/90"}, "AR70/90 is not in hand: swap to it first."),
    ({"do": "reload"}, "Beretta M9 is already full."),
    ({"do": "use", "item": "Cake"}, "Ann has no Cake."),
    ({"do": "move", "side": 1}, "Ann is already on side 1."),
    ({"do": "execute", "target": "wolf_a"}, "Wolf A is not blacked out or passed out."),
    ({"do": "butcher", "target": "wolf_a"}, "That is done after combat."),
])
def test_refused_with_clear_reasons(action, reason):
    """"Refused: absent fire mode or accessory, too many shots..." and the other impossible orders."""
    state = fight()
    got = RULESET.validate(state, "s1", MazeOrders.model_validate({"action": action}))
    assert got is not None and got.startswith(reason)


def test_refused_melee_by_crippled_attacker_and_no_arms():
    state = fight(sheet={"wielded": "Combat knife"})
    state.creature("s1").parts["lower body"].hp = 0
    order = MazeOrders.model_validate({"action": {"do": "attack", "target": "wolf_a"}})
    assert RULESET.validate(state, "s1", order) == "Ann is crippled and cannot reach Wolf A on another side."
    state = fight()
    state.creature("s1").parts["left arm"].hp = 0
    state.creature("s1").parts["right arm"].hp = 0
    assert RULESET.validate(state, "s1", order) == "Ann has no working arms: no weapon attacks."


def test_damage_lands_at_once_a_downed_creature_loses_its_action():
    """`damage_timing = per_action`: the wolf killed before its slot loses its bite."""
    state = fight(sheet={"wielded": "Combat knife"})
    state.creature("wolf_a").side = 1
    state.creature("wolf_a").parts["head"].hp = 1
    knife = "s1 Combat knife round 1"
    res = resolve(state, Scripted(*two(knife, 11), ("limb damage", 3)), s1={"do": "attack", "target": "wolf_a", "part": "head"},
                  wolf_a={"do": "attack", "target": "s1"})
    assert res.state.creature("wolf_a").status == "dead"
    assert not [r for r in res.rolls if r.purpose.startswith("wolf_a Bite")]


def test_damage_timing_end_of_turn_everyone_acts():
    """`damage_timing = end_of_turn`: hits land after all actions; the doomed wolf still bites."""
    state = fight(sheet={"wielded": "Combat knife"}, damage_timing="end_of_turn")
    state.creature("wolf_a").side = 1
    state.creature("wolf_a").parts["head"].hp = 1
    knife = "s1 Combat knife round 1"
    res = resolve(state, Scripted(*two(knife, 11), ("limb damage", 3)), s1={"do": "attack", "target": "wolf_a", "part": "head"},
                  wolf_a={"do": "attack", "target": "s1"})
    assert res.state.creature("wolf_a").status == "dead"
    assert [r for r in res.rolls if r.purpose.startswith("wolf_a Bite")]


def test_action_on_a_gone_target_is_void_no_roll_no_ammunition():
    """"An action whose target is gone is void: no roll, no ammunition"."""
    state = fight(seats=2)
    state.creature("wolf_a").parts["head"].hp = 1
    res = resolve(state, Scripted(("speed conflict 1d2", 1), *two(SHOT, 11), ("limb damage", 3)),
                  s1={"do": "attack", "target": "wolf_a", "part": "head"}, s2={"do": "attack", "target": "wolf_a"})
    assert "Ann1's action is void: Wolf A is gone." in texts(res, "public")
    assert res.state.creature("s2").weapon("Beretta M9").loaded == 15


def test_idle_contestant_skips_and_moderators_told_after_three():
    """No order: skip; moderators told after 3 in a row (`idle_alert_turns = 3`)."""
    state = fight()
    for _ in range(3):
        res = RULESET.resolve(state, {"wolf_a": MazeOrders.model_validate({"action": {"do": "skip"}})}, Scripted())
        state = res.state
    assert "Ann has skipped 3 turns in a row." in texts(res, "moderators")


def test_temerity_after_a_loss_pass_out_quake_anxious_anger():
    """Temerity d100 at end of turn for an NPC whose team lost a creature: 1-10 pass out; 11-25 quake (next
    turn: escape); 26-45 anxious (FT+1); 91-100 anger (FT-1, never flees)."""
    for roll, check in ((5, lambda w: w.status == "passed_out"), (20, lambda w: w.effect("quake", 2)),
                        (30, lambda w: w.effect("anxious", 2)), (95, lambda w: w.effect("anger", 2) and w.never_flees)):
        state = fight(wolves=2)
        state.creature("wolf_a").parts["head"].hp = 1
        res = resolve(state, Scripted(*two(SHOT, 11), ("limb damage", 3), ("wolf_b temerity d100", roll)),
                      s1={"do": "attack", "target": "wolf_a", "part": "head"})
        assert check(res.state.creature("wolf_b")), roll
        assert any("Temerity for Wolf B" in t for t in texts(res, "moderators"))
    quaking = resolve(res.state.model_copy(update={"creatures": [
        c.model_copy(update={"effects": [Effect(name="quake", until=2)]}) if c.id == "wolf_b" else c
        for c in res.state.creatures]}), Scripted(*two("wolf_b escape", 12)), wolf_b={"do": "attack", "target": "s1"})
    assert quaking.state.creature("wolf_b").status == "escaped"


def test_end_combat_aftermath_butcher_and_pass():
    """"End": a team with nobody alive, awake and present ends combat; aftermath turns (butcher...) run until
    all contestants pass. "Hunting": floor(meat x roll / 100), at least 1; +1 SP; once per corpse."""
    state = fight(sheet={"hunting": 1})
    state.creature("wolf_a").parts["head"].hp = 1
    res = resolve(state, Scripted(*two(SHOT, 11), ("limb damage", 3)), s1={"do": "attack", "target": "wolf_a", "part": "head"})
    assert res.state.phase == "aftermath"
    # The fight goes on (aftermath turns), so the post says so rather than only "Combat is over."
    over = next(t for t in texts(res, "public") if t.startswith("Combat is over."))
    assert "Aftermath turns follow" in over and "every contestant skips" in over
    assert RULESET.awaiting(res.state) == ["s1"]
    meat = resolve(res.state, Scripted(("butcher wolf_a 1d25", 3)), s1={"do": "butcher", "target": "wolf_a"})
    ann = meat.state.creature("s1")
    assert ann.items["Meat"] == 1 and ann.hunting_points == 1  # floor(20 x 3 / 100) = 0 -> at least 1
    again = RULESET.validate(meat.state, "s1", MazeOrders.model_validate({"action": {"do": "butcher", "target": "wolf_a"}}))
    assert again == "Wolf A has nothing to butcher."
    done = resolve(meat.state, Scripted(), s1={"do": "skip"})
    assert done.state.phase == "over" and RULESET.is_over(done.state)


def test_scripted_npc_policy():
    """Scripted NPC: attack the able hostile with the lowest id on its side, else anywhere: torso, lowest mode,
    up to 3 rounds or its hit limit; `flees` in agony: escape; empty: reload."""
    state = fight(wolves=0, seats=2)
    order = npc_orders(state, "thug_a").action
    assert (order.do, order.target, order.rounds, order.part, order.mode) == ("attack", "s1", 3, "upper body", "semi")
    state.creature("thug_a").pain = 75
    assert npc_orders(state, "thug_a").action.do == "escape"
    state.creature("thug_a").pain = 0
    state.creature("thug_a").weapons[0].loaded = 0
    assert npc_orders(state, "thug_a").action.do == "reload"
    wolf = fight()
    assert npc_orders(wolf, "wolf_a").action.rounds == 1  # a bite: one hit a turn


def test_visibility_npc_numbers_and_hidden_rolls_never_public():
    """Visibility: NPC orders, 2d6 and hidden rolls (cleanliness d100, temerity, counts, damage numbers) go
    to moderators only; a contestant's 2d6 are public; private events go to the contestant's player alone."""
    for seed in range(5):
        for resolution in play(seed):
            for event in resolution.events:
                if event.audience.kind == "public":
                    assert "2d6" not in event.text and "intends" not in event.text and "Pain +" not in event.text
                    assert "%" not in event.text and "rolled" not in event.text and "d100" not in event.text
                    if event.kind == "attack" and event.data["id"] != "s1":
                        assert "scores" not in event.data
                elif event.audience.kind == "players":
                    assert event.audience.ids == ["s1"]


def test_view_own_sheet_and_no_npc_numbers():
    state = fight()
    state.creature("wolf_a").pain = 42
    seen = RULESET.view(state, "s1")
    assert seen["mine"][0]["name"] == "Ann" and seen["mine"][0]["weapons"][0]["loaded"] == 15
    wolf = next(o for o in seen["others"] if o["id"] == "wolf_a")
    assert set(wolf) == {"id", "name", "species", "team", "side", "cover", "conditions"}
    assert wolf["conditions"] == ["hurt"]
    hidden = fight(start_stealth="encounter")
    assert not [o for o in RULESET.view(hidden, "s1")["others"] if o["id"] == "wolf_a"]


def test_actors_npcs_controlled_by_the_gm():
    state = fight(wolves=2)
    assert [(a.id, a.controller) for a in RULESET.actors(state)] == [("wolf_a", None), ("wolf_b", None)]
    assert RULESET.controller(state, "s1") == "s1"


def test_determinism_same_state_orders_seed_same_result():
    state = fight(wolves=2)
    given = {"s1": MazeOrders.model_validate({"action": {"do": "attack", "target": "wolf_b", "rounds": 3}})}
    one = RULESET.resolve(state, given, RecordingRng(42)).to_json()
    two_ = RULESET.resolve(state, given, RecordingRng(42)).to_json()
    assert one == two_
    assert state == fight(wolves=2)  # never mutated


def test_demo_fight_plays_to_its_end():
    """The demo (scripted contestant vs 1d3 wolves) ends for every seed, within `max_turns`."""
    counts = set()
    for seed in range(20):
        done = play(seed)
        final = done[-1].state
        assert final.phase == "over" and final.day <= 61
        counts.add(sum(1 for c in final.creatures if c.controller is None))
    assert counts == {1, 2, 3}  # the 1d3 count


def test_stealthed_creatures_not_announced_publicly():
    """Stealth: a hidden creature's non-attacks, its place in the order and its speed conflicts are not
    public (its own player or the moderators learn them); its first attack reveals it."""
    state = fight(wolves=2, start_stealth="encounter")
    res = resolve(state, Scripted(), s1={"do": "skip"})
    public = " ".join(texts(res, "public"))
    assert "Wolf" not in public
    assert any("Wolf A" in t for t in texts(res, "moderators"))
    mine = fight(start_stealth="contestants")
    res = resolve(mine, Scripted(), s1={"do": "skip"})
    assert "Ann skips the turn." not in texts(res, "public")
    assert "Ann skips the turn." in [e.text for e in res.events if e.audience.kind == "players"]


def test_creature_counts_only_to_moderators():
    """Visibility: "counts" are the moderators'; the count is the species' dice (Wolf 1d3)."""
    opening = play(3)[0]
    assert [(e.audience.kind, e.text) for e in opening.events] == [("moderators", "Wolf: 1 (rolled 1d3).")]


def test_awaiting_contestants_and_npcs_unless_scripted():
    """"Awaited: every contestant able to act"; NPCs wait for the GM's orders (`gm_then_script`), not under
    `npc_orders = script`; after combat only the contestants."""
    assert RULESET.awaiting(fight(wolves=2)) == ["s1", "wolf_a", "wolf_b"]
    assert RULESET.awaiting(fight(wolves=2, npc_orders="script")) == ["s1"]
    state = fight()
    state.creature("s1").status = "blacked_out"
    assert RULESET.awaiting(state) == ["wolf_a"]
