"""Computer players: sensible, legal orders for a student, drawn from the rng they are given.

Used by the simulated game (`make demo`), the balance and property tests, and later by `brbot
simulate`. A computer player reads only what its student may know: its own record, its schoolmates,
the students and visible items in its zone, the closed zones. Every order it returns passes
`validate`; when a plan turns out illegal it falls back to a simpler one, and finally to the default.

`random_orders` is the other generator, for property tests: not sensible but *any* legal order,
sampled part by part (free actions, action, movement, votes), each part kept at the first sample that
validates, so that rarely used orders (trades, the Backpack, All-Out Attack, Cover, Run with a drop,
Land Mines, C-4, the Deactivator and escape) get exercised. `random_night` adds mirrored trades.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.rng import RecordingRng
from engine.rulesets.battle_royale import catalog, rules
from engine.rulesets.battle_royale.orders import (
    AllOutAttack,
    Analyze,
    Attack,
    Cover,
    Day0Orders,
    Defend,
    FreeActions,
    Heal,
    HoldGround,
    Move,
    NightOrders,
    Run,
    Search,
    SetTrap,
    Trade,
    UseItem,
    Votes,
)
from engine.rulesets.battle_royale.state import BRState, Student
from engine.rulesets.battle_royale.validate import attempts_allowed, follow_targets, validate_orders

RIVAL_REWARDS = ["battle_proficiency", "evasion_proficiency"]


def day0_orders(state: BRState, sid: str, rng: RecordingRng) -> Day0Orders:
    me = state.students[sid]
    abilities = [a.id for a in catalog.roles().role(me.role).abilities]
    chosen = rng.sample(abilities, min(state.settings.abilities_per_student, len(abilities)), f"ai abilities {sid}")
    reward = rng.choice(RIVAL_REWARDS, f"ai rival reward {sid}") if me.rival else None
    orders = Day0Orders(
        start_zone=rng.choice(state.open_zones(), f"ai start {sid}"), abilities=chosen, rival_reward=reward
    )
    return orders if validate_orders(state, sid, orders) is None else Day0Orders()


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
    tracking = me.has("tracking_unit") and me.rival and rng.percent(50, f"ai track {me.id}")
    # the Rival's state is checked after the roll, so the rolls stay what they were
    if tracking and me.rival is not None and state.students[me.rival].active:
        free.track = me.rival
    return free


def _weapons(me: Student) -> list[tuple[str, catalog.ItemDef, float]]:
    """(uid or "unarmed", stats, expected damage today) for each weapon that can fire."""
    out: list[tuple[str, catalog.ItemDef, float]] = [("unarmed", catalog.item("unarmed"), 1)]
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
        if trap.defn.trap == "mine" and state.island.neighbours(me.zone):  # type: ignore[arg-type]
            return SetTrap(item=trap.uid, to_zone=rng.choice(state.island.neighbours(me.zone), f"ai mine {me.id}"))  # type: ignore[arg-type]
        if trap.defn.trap == "c4":
            return SetTrap(item=trap.uid, day=min(state.settings.days, state.day + rng.randint(1, 2, f"ai c4 {me.id}")))
    armed = _weapons(me)[0][0] != "unarmed"
    if not armed and state.day <= 3 and roll <= 50 and rules.free_slots(state, me) > 0:
        return Search()  # early on, an empty-handed student looks for a weapon before picking fights
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
    others = state.active_outside_school(me.school)  # never me: I am of my own school
    open_zones = state.open_zones()
    elsewhere = [z for z in open_zones if z != me.zone] or open_zones
    return Votes(
        mark=rng.choice(others, f"ai mark {me.id}").id if others else None,
        close=rng.choice(elsewhere, f"ai close {me.id}") if elsewhere else None,
        reward=me.zone if me.zone in open_zones else None,
    )


# --- Random legal orders, for property tests -----------------------------------------------------

TRIES = 12


def random_orders(state: BRState, sid: str, rng: RecordingRng) -> Day0Orders | NightOrders:
    """Any legal orders for `sid`, drawn at random part by part; each part is the first sample that validates."""
    if state.phase == "day0":
        return _random_day0(state, sid, rng)
    me = state.students[sid]
    parts: list[tuple[str, Callable[[NightOrders], object]]] = [
        ("free", lambda _: _random_free(state, me, rng)),
        ("action", lambda _: _random_action(state, me, rng)),
        ("movement", lambda so_far: _random_movement(state, me, so_far, rng)),
        ("votes", lambda _: _random_votes(state, me, rng)),
    ]
    orders = NightOrders()
    for field, sample in parts:
        for _ in range(TRIES):
            trial = orders.model_copy(update={field: sample(orders)})
            if validate_orders(state, sid, trial) is None:
                orders = trial
                break
    return orders if validate_orders(state, sid, orders) is None else NightOrders()


def random_night(state: BRState, rng: RecordingRng) -> dict[str, Day0Orders | NightOrders]:
    """Random legal orders for everyone awaited; most proposed trades get their mirror from the partner."""
    ids = [] if state.phase == "over" else [s.id for s in state.active()]
    orders = {sid: random_orders(state, sid, rng) for sid in ids}
    if state.phase != "night":
        return orders
    for sid in ids:
        for trade in list(orders[sid].free.trades):  # type: ignore[union-attr]
            partner = orders.get(trade.partner)
            if partner is None or not rng.percent(75, f"random trade confirm {trade.partner}"):
                continue
            mirror = Trade(partner=sid, give=list(trade.receive), receive=list(trade.give))
            trial = partner.model_copy(deep=True)
            trial.free.trades.append(mirror)  # type: ignore[union-attr]
            if validate_orders(state, trade.partner, trial) is None:
                orders[trade.partner] = trial
    return orders


def _maybe(rng: RecordingRng, chance: int, purpose: str) -> bool:
    return rng.percent(chance, purpose)


def _some(rng: RecordingRng, options: list, most: int, purpose: str) -> list:
    if not options:
        return []
    count = rng.randint(1, min(most, len(options)), f"{purpose} count")
    return rng.sample(options, count, purpose)


def _random_day0(state: BRState, sid: str, rng: RecordingRng) -> Day0Orders:
    me = state.students[sid]
    abilities = [a.id for a in catalog.roles().role(me.role).abilities]
    for _ in range(TRIES):
        zone = rng.choice([None, *state.zones], f"random start {sid}")
        count = rng.randint(0, min(len(abilities), state.settings.abilities_per_student + 1), f"random abilities {sid}")
        orders = Day0Orders(
            start_zone=zone,
            abilities=rng.sample(abilities, count, f"random ability pick {sid}"),
            rival_reward=rng.choice([None, *RIVAL_REWARDS], f"random rival reward {sid}"),
        )
        if validate_orders(state, sid, orders) is None:
            return orders
    return day0_orders(state, sid, rng)


def _random_free(state: BRState, me: Student, rng: RecordingRng) -> FreeActions:
    free = FreeActions()
    tag = me.id
    ground = state.zones[me.zone].ground  # type: ignore[index]
    uids = [i.uid for i in me.items]
    if ground and _maybe(rng, 50, f"random pickup? {tag}"):
        free.pick_up = _some(rng, [i.uid for i in ground], 2, f"random pickup {tag}")
    if uids and _maybe(rng, 15, f"random drop? {tag}"):
        free.drop = _some(rng, uids, 1, f"random drop {tag}")
    elif me.stored() and _maybe(rng, 25, f"random drop stored? {tag}"):
        free.drop = _some(rng, [i.uid for i in me.stored()], 1, f"random drop stored {tag}")
    if me.has("backpack") and _maybe(rng, 50, f"random store? {tag}"):
        free.store = _some(
            rng, [i.uid for i in me.items if not i.stored and i.uid not in free.drop], 2, f"random store {tag}"
        )
    if me.stored() and _maybe(rng, 40, f"random take out? {tag}"):
        free.take_out = _some(rng, [i.uid for i in me.stored()], 2, f"random take out {tag}")
    for item in me.items:
        if item.defn.wearable and _maybe(rng, 50, f"random wear? {tag}"):
            (free.remove if item.worn else free.wear).append(item.uid)
    others = [s for s in state.in_zone(me.zone) if s.id != me.id]  # type: ignore[arg-type]
    if others and _maybe(rng, 25, f"random trade? {tag}"):
        partner = rng.choice(others, f"random trade partner {tag}")
        give = _some(rng, uids, 1, f"random trade give {tag}") if _maybe(rng, 80, f"random trade gives? {tag}") else []
        receive = (
            _some(rng, [i.uid for i in partner.items], 1, f"random trade receive {tag}")
            if _maybe(rng, 70, f"random trade receives? {tag}")
            else []
        )
        free.trades = [Trade(partner=partner.id, give=give, receive=receive)]
    if me.has("tracking_unit") and _maybe(rng, 50, f"random track? {tag}"):
        free.track = rng.choice(sorted(state.students), f"random track {tag}")
    return free


def _random_attack(state: BRState, me: Student, others: list[Student], rng: RecordingRng, all_out: bool):
    tag = me.id
    weapons = ["unarmed"] + [i.uid for i in me.items if i.defn.is_weapon]
    weapon = rng.choice(weapons, f"random weapon {tag}")
    defn = catalog.item("unarmed") if weapon == "unarmed" else me.item(weapon).defn  # type: ignore[union-attr]
    allowed = attempts_allowed(defn, all_out)
    targets = _some(rng, [s.id for s in others], 3, f"random targets {tag}")
    attempts: dict[str, int] = {}
    for tid in targets:
        left = allowed - sum(attempts.values())
        if left <= 0:
            break
        attempts[tid] = rng.randint(1, left, f"random attempts {tag}")
    kind = AllOutAttack if all_out else Attack
    return kind(weapon=weapon, attempts=attempts)


def _random_action(state: BRState, me: Student, rng: RecordingRng):
    tag = me.id
    others = [s for s in state.in_zone(me.zone) if s.id != me.id]  # type: ignore[arg-type]
    here = state.island.zone(me.zone)  # type: ignore[arg-type]
    options: list[tuple[str, int]] = [("none", 1), ("defend", 2), ("search", 4), ("heal", 2)]
    if others:
        options += [("attack", 6), ("all_out", 3), ("cover", 2), ("analyze", 2)]
    if any(i.defn.trap for i in me.items):
        options.append(("trap", 8))
    if me.has("deactivator"):
        options.append(("deactivator", 6))
    if me.has("megaphone"):
        options.append(("megaphone", 3))
    if me.collar_deactivated:
        options.append(("escape", 20 if here.escape else 1))
    kind = rng.weighted(options, f"random action {tag}")
    pick = lambda: rng.choice(others, f"random target {tag}").id  # noqa: E731
    if kind == "none":
        return None
    if kind == "defend":
        return Defend()
    if kind == "search":
        return Search()
    if kind == "heal":
        patient = me.id if not others or _maybe(rng, 60, f"random heal self {tag}") else pick()
        return Heal(target=patient, first_aid_kit=me.has("first_aid_kit") and _maybe(rng, 70, f"random kit {tag}"))
    if kind in ("attack", "all_out"):
        return _random_attack(state, me, others, rng, kind == "all_out")
    if kind == "cover":
        return Cover(target=pick())
    if kind == "analyze":
        return Analyze(target=pick())
    if kind == "trap":
        trap = rng.choice([i for i in me.items if i.defn.trap], f"random trap {tag}")
        if trap.defn.trap == "mine" and state.island.neighbours(me.zone):  # type: ignore[arg-type]
            return SetTrap(item=trap.uid, to_zone=rng.choice(state.island.neighbours(me.zone), f"random mine {tag}"))  # type: ignore[arg-type]
        if trap.defn.trap == "c4":
            return SetTrap(item=trap.uid, day=rng.randint(state.day, state.settings.days, f"random c4 day {tag}"))
        return SetTrap(item=trap.uid, target=pick() if others else None)
    if kind == "deactivator":
        target = me.id if not others or _maybe(rng, 70, f"random deactivate self {tag}") else pick()
        return UseItem(use="deactivator", target=target)
    if kind == "megaphone":
        return UseItem(use="megaphone")
    return UseItem(use="escape")


def _random_movement(state: BRState, me: Student, orders: NightOrders, rng: RecordingRng):
    tag = me.id
    follow = follow_targets(orders)
    options: list[tuple[str, int]] = [("none", 2), ("hold", 2), ("move", 5), ("run", 3)]
    if state.zones[me.zone].closed:  # type: ignore[index]
        options = [("none", 1), ("hold", 1), ("move", 12), ("run", 6)]  # mostly leave a closing zone
    if follow:
        options += [("move_follow", 2), ("run_follow", 1)]
    kind = rng.weighted(options, f"random movement {tag}")
    if kind == "none":
        return None
    if kind == "hold":
        return HoldGround()
    drop = None
    carried = me.carried()
    if kind.startswith("run") and carried and _maybe(rng, 60, f"random run drop? {tag}"):
        drop = rng.choice(carried, f"random run drop {tag}").uid
    if kind == "move_follow":
        return Move(follow=rng.choice(follow, f"random follow {tag}"))
    if kind == "run_follow":
        return Run(follow=rng.choice(follow, f"random follow {tag}"), drop=drop)
    length = rng.randint(1, 2 if kind == "move" else 5, f"random route length {tag}")
    route: list[int] = []
    here = me.zone
    for _ in range(length):
        options_z = [z for z in state.island.neighbours(here) if z not in route]  # type: ignore[arg-type]
        open_z = [z for z in options_z if not state.zones[z].closed]
        if open_z and _maybe(rng, 85, f"random open step {tag}"):
            options_z = open_z
        if not options_z:
            break
        here = rng.choice(options_z, f"random route {tag}")
        route.append(here)
    return Move(route=route) if kind == "move" else Run(route=route, drop=drop)


def _random_votes(state: BRState, me: Student, rng: RecordingRng) -> Votes:
    tag = me.id
    return Votes(
        mark=rng.choice([None, *sorted(state.students)], f"random mark {tag}"),
        close=rng.choice([None, *state.open_zones()], f"random close {tag}"),
        reward=rng.choice([None, *state.open_zones()], f"random reward {tag}"),
    )
