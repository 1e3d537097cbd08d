"""Sign-up to Day 1: roles, Lovers and Rivals, schools, starting items, and the Day 0 choices.

Handbook II (roles: Lovers only by agreement of both, Lone Wolf granted by chance, else Dedicated
Student; schools drawn at random regardless of role), Rivals 1, the sign-up notes (Day 0: starting
location and abilities); rulings (4 schools, 1 starting item, 2 hidden items per zone, 50% Lone Wolf).
"""

from __future__ import annotations

from engine.events import PUBLIC, Event, to_players
from engine.keyed import joined
from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.battle_royale import catalog, selection
from engine.rulesets.battle_royale.orders import Day0Orders, SignUpRequest
from engine.rulesets.battle_royale.settings import BRSettings
from engine.rulesets.battle_royale.state import BRState, Student, Zone
from engine.rulesets.battle_royale.texts import ROLE_NAMES, listing, say


def _event(kind: str, audience, key: str, data: dict | None = None, **values: object) -> Event:
    return Event(kind=kind, audience=audience, text=say(key, **values), data=data or {}, day=0, phase="day0")


def new_game(roster: list[SignUp], settings: BRSettings, rng: RecordingRng) -> tuple[BRState, list[Event]]:
    state = BRState(settings=settings)
    state.zones = {z: Zone(id=z) for z in settings.island.zone_ids()}
    requests = {p.seat: SignUpRequest.model_validate(p.requests) for p in roster}
    events: list[Event] = []
    unplaced: set[str] = set()  # requests the setup's roles refused (not in play, or all granted already)
    for entry in sorted(roster, key=lambda p: p.seat):
        req = requests[entry.seat]
        student = Student(
            id=entry.seat, name=entry.name, requested_role=req.role, hp=settings.max_hp, max_hp=settings.max_hp
        )
        partner = requests.get(req.lover or "") if req.lover != entry.seat else None
        paired = (
            req.role == "lovers" and partner is not None and partner.role == "lovers" and partner.lover == entry.seat
        )
        if paired and _lovers_allowed(state, settings, entry.seat, req.lover or ""):
            student.role, student.lover = "lovers", req.lover
        elif paired:
            unplaced.add(entry.seat)
        elif req.role == "lone_wolf" and selection.room_for(settings, "lone_wolf", _holding(state, "lone_wolf")):
            granted = rng.percent(settings.lone_wolf_chance, f"lone wolf request {entry.seat}")
            student.role = "lone_wolf" if granted else "dedicated_student"
        elif req.role == "lone_wolf":
            unplaced.add(entry.seat)
        if req.rival in requests and req.rival not in (entry.seat, student.lover):
            student.rival = req.rival
        state.students[student.id] = student
    _schools(state, rng)
    pool = selection.item_draws(settings)
    for student in state.active():
        for _ in range(settings.starting_items):
            student.items.append(state.new_item(rng.choice(pool, f"starting item {student.id}")))
    for zone_id in sorted(state.zones):
        for _ in range(settings.hidden_items_per_zone):
            state.zones[zone_id].hidden.append(state.new_item(rng.choice(pool, f"hidden item zone {zone_id}")))
    events.append(
        _event(
            "game_start",
            PUBLIC,
            "game_starts",
            {"students": len(state.students)},
            count=len(state.students),
            schools=len({s.school for s in state.students.values()}),
        )
    )
    for student in state.active():
        events.append(
            _event(
                "role",
                to_players(student.id),
                "day0_private",
                {"role": student.role, "school": student.school, "lover": student.lover, "rival": student.rival},
                name=student.name,
                role=ROLE_NAMES[student.role],
                school=student.school,
                extra=_extra(state, student),
            )
        )
        refused = student.requested_role in ("lone_wolf", "lovers") and student.role != student.requested_role
        if refused and student.id in unplaced:
            requested = ROLE_NAMES[student.requested_role or "lovers"]
            events.append(_event("role", to_players(student.id), "role_not_in_play", role=requested))
        elif student.requested_role == "lone_wolf" and student.role != "lone_wolf":
            events.append(_event("role", to_players(student.id), "lone_wolf_denied"))
        elif student.requested_role == "lovers" and student.role != "lovers":
            events.append(
                _event(
                    "role",
                    to_players(student.id),
                    "order_failed",
                    what=say("failed_lovers"),
                    reason=say("failed_lovers_reason"),
                )
            )
    return state, events


def _holding(state: BRState, role: str) -> int:
    return sum(1 for s in state.students.values() if s.role == role)


def _lovers_allowed(state: BRState, settings: BRSettings, seat: str, partner: str) -> bool:
    """Whether a pair who named each other may be Lovers: the setup has Lovers, with room for both (the first of
    the two in seat order asks for the pair; the second finds their partner already granted)."""
    if state.students.get(partner) is not None and state.students[partner].lover == seat:
        return True
    return selection.room_for(settings, "lovers", _holding(state, "lovers"), more=2)


def _extra(state: BRState, student: Student) -> str:
    parts = [say("start_item", items=listing([i.name for i in student.items]))]
    if student.lover:
        parts.append(say("start_lover", name=state.students[student.lover].name))
    if student.rival:
        parts.append(say("start_rival", name=state.students[student.rival].name))
    abilities = joined(", ", [a.name for a in catalog.roles().role(student.role).abilities])
    parts.append(say("start_choose", count=state.settings.abilities_per_student, abilities=abilities))
    return joined(" ", parts)


def _schools(state: BRState, rng: RecordingRng) -> None:
    """Split students at random into schools of as-equal-as-possible size."""
    ids = rng.shuffled(sorted(state.students), "schools")
    for index, sid in enumerate(ids):
        state.students[sid].school = index % state.settings.schools + 1


def resolve_day0(state: BRState, orders: dict[str, Day0Orders], rng: RecordingRng) -> tuple[BRState, list[Event]]:
    """Place everyone in their chosen zone (random if none) and fix their abilities; Day 1 opens."""
    state = state.fork()
    events: list[Event] = []
    for student in state.active():
        choice = orders.get(student.id) or Day0Orders()
        zone = (
            choice.start_zone
            if choice.start_zone in state.zones
            else rng.choice(state.open_zones(), f"start zone {student.id}")
        )
        student.zone = zone
        allowed = [a.id for a in catalog.roles().role(student.role).abilities]
        chosen = [a for a in dict.fromkeys(choice.abilities) if a in allowed][: state.settings.abilities_per_student]
        for ability in allowed:
            if len(chosen) >= state.settings.abilities_per_student:
                break
            if ability not in chosen:
                chosen.append(ability)
        student.abilities = chosen
        if choice.rival_reward:
            student.rival_reward_choice = choice.rival_reward
        events.append(
            _event("placed", to_players(student.id), "placed", {"zone": zone}, zone_name=state.island.zone(zone).name)
        )
    state.phase = "night"
    state.day = 1
    events.append(
        _event(
            "day_opens", PUBLIC, "day_opens", {"day": 1, "alive": len(state.active())}, day=1, alive=len(state.active())
        )
    )
    return state, events
