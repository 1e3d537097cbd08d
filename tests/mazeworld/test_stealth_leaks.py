"""A creature in stealth is never named in public before it is seen (rulings "Sides, cover, escape, stealth":
stealth "lost after the creature's first attack"; the GM's guide in docs/rules/mazeworld.md: "not announced
until its first attack or a failed cover roll"). What a hidden creature does or suffers goes to its own player
or the moderators: temerity results, waking, Pain states, deaths, a quiet (suppressed) shot, and combat
starting again. A property test plays seeded fights with creatures in stealth and checks every public line."""

from __future__ import annotations

import random
import re

from engine.rng import RecordingRng
from engine.rulesets.mazeworld.encounter import Encounter
from engine.rulesets.mazeworld.orders import MazeOrders
from engine.rulesets.mazeworld.roster import build_state, load_sheet
from engine.rulesets.mazeworld.ruleset import RULESET
from engine.rulesets.mazeworld.settings import MazeworldSettings
from tests.mazeworld.helpers import SHEET, Scripted, fight, resolve, texts, two
from tests.mazeworld.test_fuzz import _candidates

SHOT = "s1 Beretta M9 round 1"


def _hidden(state, cid):
    state.creature(cid).stealth = True
    return state


def test_temerity_called_by_a_moderator_for_a_hidden_creature_is_not_public():
    """`/mod temerity` on a thug in stealth: "Thug A grows anxious." reaches the moderators, not the channel."""
    state = _hidden(fight(wolves=0), "thug_a")
    state = RULESET.moderate(state, "temerity", {"target": "thug_a"}).state
    res = resolve(state, Scripted(("thug_a temerity d100", 30)), s1={"do": "skip"})
    assert res.state.creature("thug_a").effect("anxious", res.state.day)
    assert not any("Thug" in t for t in texts(res, "public"))
    assert "Thug A grows anxious." in texts(res, "moderators")


def test_temerity_auto_after_a_loss_for_a_hidden_creature_is_not_public():
    """`temerity = auto`: Wolf A dies, hidden Wolf B rolls temerity (91-100: anger) in secret."""
    state = _hidden(fight(wolves=2), "wolf_b")
    state.creature("wolf_a").pain = 149
    res = resolve(state, Scripted(*two(SHOT, 10), ("limb damage", 1), ("wolf_b temerity d100", 95)),
                  s1={"do": "attack", "target": "wolf_a"})
    assert res.state.creature("wolf_a").status == "dead"
    assert "Ann kills Wolf A." in texts(res, "public")
    assert not any("Wolf B" in t for t in texts(res, "public"))
    assert "Wolf B explodes in anger." in texts(res, "moderators")


def test_a_hidden_enemy_waking_restarts_combat_without_being_named():
    """Combat over (no hostile standing); hidden Wolf B wakes and starts combat again: the channel reads
    "Combat starts again." (it was "Wolf B wakes: combat starts again."); the moderators read who."""
    state = _hidden(fight(wolves=2, pain_regen=2), "wolf_b")
    state.creature("wolf_a").status = "dead"
    wolf = state.creature("wolf_b")
    wolf.status, wolf.pain = "blacked_out", 101
    state.phase = "aftermath"
    res = resolve(state, Scripted(), s1={"do": "swap", "weapon": "Combat knife"})
    assert res.state.phase == "combat"
    assert "Combat starts again." in texts(res, "public")
    assert not any("Wolf B" in t for t in texts(res, "public"))
    assert "Wolf B wakes: combat starts again." in texts(res, "moderators")


def test_a_quiet_shot_from_stealth_never_names_the_shooter():
    """A suppressed shot keeps stealth (docs "Accessories"), so its attack line and its kill do not name the
    shooter in public: the channel reads "Wolf A dies.", the shooter's player reads the attack and the kill."""
    state = fight(sheet={"weapons": [{"name": "Beretta M9", "loaded": 15, "accessories": ["Suppressor"]}],
                         "wielded": "Beretta M9"})
    state = _hidden(state, "s1")
    state.creature("wolf_a").pain = 149
    res = resolve(state, Scripted(*two(SHOT, 10), ("limb damage", 1)), s1={"do": "attack", "target": "wolf_a"})
    assert res.state.creature("s1").stealth and res.state.creature("wolf_a").status == "dead"
    public = texts(res, "public")
    assert "Wolf A dies." in public and not any(re.search(r"\bAnn\b", t) for t in public)
    mine = texts(res, "players")
    assert "Ann kills Wolf A." in mine and any(t.startswith("Ann") and "Wolf A" in t for t in mine)


def test_blast_splash_on_a_hidden_creature_is_not_public():
    """A grenade at Wolf A hurts the others on its side not in cover (rulings "Explosives"): hidden Wolf B's
    Pain state goes to the moderators only."""
    state = _hidden(fight(wolves=2, sheet={"wielded": "M67 grenade"}), "wolf_b")
    throw = "s1 M67 grenade throw"
    res = resolve(state, Scripted((throw + " @bodyaim", 5), *two(throw, 12), ("limb damage", 4)),
                  s1={"do": "attack", "target": "wolf_a"})
    assert res.state.creature("wolf_b").pain > 0
    assert not any("Wolf B" in t for t in texts(res, "public"))
    assert any(t.startswith("Wolf B") for t in texts(res, "moderators"))


def _revealed(event, after) -> str | None:
    """The id a public event reveals: stealth lost by an attack, or a failed cover roll."""
    cid = (event.data or {}).get("id")
    if event.kind == "stealth" or (event.kind == "cover" and cid and not after.creature(cid).stealth):
        return cid
    return None


def _leaks(before, res) -> list[str]:
    hidden = {c.id: c.name for c in before.creatures if c.stealth}
    found = []
    for event in res.events:
        if event.audience.kind != "public":
            continue
        seen = _revealed(event, res.state)
        if seen is not None:
            hidden.pop(seen, None)
            continue
        found += [f"{name}: {event.text}" for name in hidden.values() if re.search(rf"\b{name}\b", event.text)]
    return found


def _state(pick: random.Random):
    groups = [{"species": "Thug", "count": "2", "side": pick.choice([1, 2]), "stealth": True},
              {"species": "Wolf", "count": str(pick.randint(1, 2)), "side": 2, "stealth": pick.random() < 0.5}]
    encounter = Encounter.model_validate({"cover": {1: "light", 2: "heavy"}, "groups": groups})
    sheets = {f"s{i + 1}": load_sheet({**SHEET, "name": f"Ann{i or ''}", "hunting": 2,
                                       "wielded": pick.choice(["Beretta M9", "AR70/90", "M67 grenade"])})
              for i in range(pick.randint(1, 2))}
    settings = MazeworldSettings(start_stealth=pick.choice(["none", "contestants", "encounter", "all"]))
    state = build_state(sheets, encounter, settings, RecordingRng(0))
    for creature in state.creatures:
        for carried in creature.weapons:
            if carried.name == "Beretta M9" and pick.random() < 0.5:
                carried.accessories = ["Suppressor"]
    return state


def test_property_no_public_line_names_a_creature_in_stealth_before_it_is_seen():
    """Seeded fights with thugs and wolves in stealth, every actor's orders drawn from the valid ones (NPCs
    too, or the script), moderators calling temerity and ending and starting combat: no public event names
    a creature in stealth until the public line that reveals it."""
    leaks = []
    for seed in range(30):
        pick = random.Random(seed)
        state = _state(pick)
        rng = RecordingRng(seed)
        for _ in range(25):
            if RULESET.is_over(state):
                break
            npcs = [c.id for c in state.creatures if c.controller is None and c.able and not c.mindless]
            if npcs and pick.random() < 0.3:
                state = RULESET.moderate(state, "temerity", {"target": pick.choice(npcs)}).state
            if pick.random() < 0.08:
                state = RULESET.moderate(state, "end_combat" if state.phase == "combat" else "start_combat", {}).state
            orders = {}
            for cid in RULESET.awaiting(state) + [c for c in npcs if RULESET.orders_anytime(state, c)]:
                valid = [o for o in (MazeOrders.model_validate({"action": a}) for a in _candidates(state, cid))
                         if RULESET.validate(state, cid, o) is None]
                if valid and pick.random() < 0.8:
                    orders[cid] = pick.choice(valid)
            res = RULESET.resolve(state, orders, rng)
            leaks += [f"seed {seed} turn {state.day}: {leak}" for leak in _leaks(state, res)]
            state = res.state
    assert not leaks, "\n".join(leaks[:20])


def test_butchering_a_corpse_that_died_hidden_does_not_name_it():
    """After combat, a thug that died in stealth on another side is not offered: butchering it is refused as
    for a creature not in the fight; on one's own side its butchering reaches the butcher, not the channel."""
    state = _hidden(fight(wolves=0, sheet={"hunting": 1}), "thug_a")
    thug = state.creature("thug_a")
    thug.status, thug.meat, state.phase = "dead", 10, "aftermath"
    order = MazeOrders.model_validate({"action": {"do": "butcher", "target": "thug_a"}})
    assert RULESET.validate(state, "s1", order) == "There is no thug_a in this fight."
    thug.side = 1
    res = resolve(state, Scripted(), s1={"do": "butcher", "target": "thug_a"})
    assert not any("Thug" in t for t in texts(res, "public"))
    assert any(t.startswith("Ann butchers Thug A") for t in texts(res, "players"))
