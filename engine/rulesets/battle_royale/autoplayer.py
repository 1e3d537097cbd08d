"""Computer players: sensible, legal orders for a student, drawn from the rng they are given.

Used by the simulated game (`make demo`), the balance and property tests, and later by `brbot
simulate`. A computer player reads only what its student may know: its own record, its schoolmates,
the students and visible items in its zone, the closed zones. Every order it returns passes
`validate`; when a plan turns out illegal it falls back to a simpler one, and finally to the default.
"""
from __future__ import annotations

from engine.rng import RecordingRng
from engine.rulesets.battle_royale import catalog, rules
from engine.rulesets.battle_royale.orders import (
    AllOutAttack, Analyze, Attack, Cover, Day0Orders, Defend, FreeActions, Heal, HoldGround, Move, NightOrders,
    Run, Search, SetTrap, UseItem, Votes,
)
from engine.rulesets.battle_royale.state import BRState, Student
from engine.rulesets.battle_royale.validate import attempts_allowed, validate_orders


def day0_orders(state: BRState, sid: str, rng: RecordingRng) -> Day0Orders:
    me = state.students[sid]
    abilities = [a.id for a in catalog.roles().role(me.role).abilities]
    chosen = rng.sample(abilities, min(state.settings.abilities_per_student, len(abilities)), f"ai abilities {sid}")
    reward = rng.choice(["battle_proficiency", "evasion_proficiency"], f"ai rival reward {sid}") if me.rival else None
    return Day0Orders(start_zone=rng.choice(state.open_zones(), f"ai start {sid}"), abilities=chosen, rival_reward=reward)


def orders_for(state: BRState, sid: str, rng: RecordingRng) -> Day0Orders | NightOrders:
    if state.phase == "day0":
        return day0_orders(state, sid, rng)
    return night_orders(state, sid, rng)


def night_orders(state: BRState, sid: str, rng: RecordingRng) -> NightOrders:
    me = state.students[sid]
    plans = [
        NightOrders(free=_free(state, me, rng), action=_action(state, me, rng), votes=_votes(state, me, rng)),
    ]
    plans[0].movement = _movement(state, me, plans[0], rng)
    plans.append(plans[0].model_copy(update={"free": FreeActions()}))
    plans.append(plans[1].model_copy(update={"movement": _flee(state, me, rng)}))
    plans.append(NightOrders(movement=_flee(state, me, rng)))
    for plan in plans:
        if validate_orders(state, sid, plan) is None:
            return plan
    return NightOrders()


def _others_here(state: BRState, me: Student) -> list[Student]:
    return [s for s in state.in_zone(me.zone) if s.id != me.id]  # type: ignore[arg-type]


def _foes(state: BRState, me: Student) -> list[Student]:
    """Students in my zone I would attack: not schoolmates (unless I am a Lone Wolf), not my Lover."""
    others = _others_here(state, me)
    if me.role == "lone_wolf":
        return [s for s in others if s.id != me.lover]
    rival = [s for s in others if s.id == me.rival]
    return rival or [s for s in others if s.school != me.school and s.id != me.lover]


def _free(state: BRState, me: Student, rng: RecordingRng) -> FreeActions:
    free = FreeActions()
    ground = state.zones[me.zone].ground  # type: ignore[index]
    if ground and rules.free_slots(state, me) > 0:
        free.pick_up = [rng.choice(ground, f"ai pickup {me.id}").uid]
    for item in me.items:
        if item.kind == "headband" and not item.worn:
            free.wear.append(item.uid)
    if me.has("tracking_unit") and me.rival and rng.percent(50, f"ai track {me.id}"):
        free.track = me.rival
    return free


def _weapons(me: Student) -> list[tuple[str, catalog.ItemDef, int]]:
    """(uid or "unarmed", stats, expected damage today) for each weapon that can fire."""
    out = [("unarmed", catalog.item("unarmed"), 1)]
    for item in me.items:
        defn = item.defn
        if item.stored or not defn.is_weapon or (item.ammo is not None and item.ammo <= 0):
            continue
        attempts = min(defn.attempts, item.ammo if item.ammo is not None else defn.attempts)
        value = attempts * defn.chance * (defn.average or 0.5)
        out.append((item.uid, defn, value))
    return sorted(out, key=lambda w: -w[2])


def _action(state: BRState, me: Student, rng: RecordingRng):
    roll = rng.randint(1, 100, f"ai action {me.id}")
    here = _others_here(state, me)
    foes = _foes(state, me)
    if me.hp <= me.max_hp // 2 and roll <= 60:
        return Heal(target=me.id, first_aid_kit=me.has("first_aid_kit"))
    if me.collar_deactivated and state.island.zone(me.zone).escape:  # type: ignore[arg-type]
        return UseItem(use="escape")
    if me.has("deactivator") and not me.collar_deactivated and roll <= 70:
        return UseItem(use="deactivator", target=me.id)
    trap = next((i for i in me.items if i.defn.trap and not i.stored), None)
    if trap is not None and roll <= 40:
        if trap.defn.trap == "poison" and foes:
            return SetTrap(item=trap.uid, target=rng.choice(foes, f"ai poison {me.id}").id)
        if trap.defn.trap == "mine":
            return SetTrap(item=trap.uid, to_zone=rng.choice(state.island.neighbours(me.zone), f"ai mine {me.id}"))  # type: ignore[arg-type]
        if trap.defn.trap == "c4":
            return SetTrap(item=trap.uid, day=min(state.settings.days, state.day + rng.randint(1, 2, f"ai c4 {me.id}")))
    if foes and roll <= 75:
        uid, defn, _ = _weapons(me)[0]
        all_out = not defn.one_use and roll <= 20
        item = me.item(uid)
        allowed = attempts_allowed(defn, all_out)
        if item is not None and item.ammo is not None:
            allowed = min(allowed, item.ammo)
        victim = rng.choice(foes, f"ai target {me.id}")
        kind = AllOutAttack if all_out else Attack
        return kind(weapon=uid, attempts={victim.id: allowed})
    if here and roll <= 85:
        friends = [s for s in here if s.school == me.school or s.id == me.lover]
        if friends and roll <= 80:
            return Cover(target=rng.choice(friends, f"ai cover {me.id}").id)
        return Analyze(target=rng.choice(here, f"ai analyze {me.id}").id)
    if roll <= 95:
        return Search()
    return Defend()


def _movement(state: BRState, me: Student, plan: NightOrders, rng: RecordingRng):
    if state.zones[me.zone].closed:  # type: ignore[index]
        return _flee(state, me, rng)
    roll = rng.randint(1, 100, f"ai move {me.id}")
    if isinstance(plan.action, (Attack, AllOutAttack)) and roll <= 30:
        return Move(follow=sorted(plan.action.attempts)[0])
    if roll <= 35 and not isinstance(plan.action, AllOutAttack):
        return HoldGround()
    if roll <= 75:
        return _flee(state, me, rng)
    if roll <= 85 and not isinstance(plan.action, (AllOutAttack, SetTrap, Heal)):
        route = _route(state, me, rng, rng.randint(3, 5, f"ai run length {me.id}"))
        drop = None
        if len(me.carried()) >= rules.capacity(state, me):
            drop = rng.choice(me.carried(), f"ai run drop {me.id}").uid
        if route:
            return Run(route=route, drop=drop)
    return None


def _route(state: BRState, me: Student, rng: RecordingRng, length: int) -> list[int]:
    route: list[int] = []
    here = me.zone
    for _ in range(length):
        options = [z for z in state.island.neighbours(here) if not state.zones[z].closed and z not in route]  # type: ignore[arg-type]
        if not options:
            break
        here = rng.choice(options, f"ai route {me.id}")
        route.append(here)
    return route


def _flee(state: BRState, me: Student, rng: RecordingRng):
    route = _route(state, me, rng, rng.randint(1, 2, f"ai move length {me.id}"))
    return Move(route=route) if route else None


def _votes(state: BRState, me: Student, rng: RecordingRng) -> Votes:
    others = [s for s in state.active() if s.id != me.id and s.school != me.school]
    open_zones = state.open_zones()
    elsewhere = [z for z in open_zones if z != me.zone] or open_zones
    return Votes(
        mark=rng.choice(others, f"ai mark {me.id}").id if others else None,
        close=rng.choice(elsewhere, f"ai close {me.id}") if elsewhere else None,
        reward=me.zone if me.zone in open_zones else None,
    )
