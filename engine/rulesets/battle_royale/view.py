"""What one student may know now: the only way game knowledge leaves the engine for a player.

Used for the /status reply and for autocomplete choices. It holds the student's own full record, the
students and items they can see in their zone (concealed items hidden), what their Analyzes taught
them, and the public facts (who is alive, marks, closed zones, the map: each zone's neighbours and where it
is drawn, `x` and `y` from 0 to 1 from the left and the top). Never other zones' occupants, never anyone's
orders, never hidden items. A zone-mate's visible items are listed twice: `items` as they look, and
`carried` with their uids, so a trade can name the very item asked for (handbook III.B.3).
"""

from __future__ import annotations

from typing import Any

from engine.rulesets.battle_royale import catalog, rules
from engine.rulesets.battle_royale.report import item_label, visible_items
from engine.rulesets.battle_royale.state import BRState


def public_view(state: BRState) -> dict[str, Any]:
    layout = state.island.layout()
    return {
        "day": state.day,
        "phase": state.phase,
        "zones": [
            {
                "id": z.id,
                "name": z.name,
                "closed": state.zones[z.id].closed,
                "adjacent": state.island.neighbours(z.id),
                "x": layout[z.id][0],
                "y": layout[z.id][1],
            }
            for z in state.island.zones
        ],
        "students": [
            {
                "id": s.id,
                "name": s.name,
                "alive": s.alive,
                "escaped": s.escaped,
                "marked": s.marked,
                "died_day": s.died_day,
            }
            for _, s in sorted(state.students.items())
        ],
        "winners": list(state.winners),
        "end_reason": state.end_reason,
    }


def student_view(state: BRState, sid: str) -> dict[str, Any]:
    view = public_view(state)
    me = state.students.get(sid)
    if me is None:
        return view
    zone = me.zone
    here = [s for s in state.in_zone(zone) if s.id != sid] if zone is not None and me.active else []
    view["me"] = {
        "id": me.id,
        "name": me.name,
        "role": me.role,
        "school": me.school,
        "zone": zone,
        "hp": me.hp,
        "max_hp": me.max_hp,
        "alive": me.alive,
        "escaped": me.escaped,
        "lover": me.lover,
        "rival": me.rival,
        "abilities": list(me.abilities),
        "rewards": list(me.rewards),
        "collar_deactivated": me.collar_deactivated,
        "capacity": rules.capacity(state, me),
        "items": [
            {
                "uid": i.uid,
                "kind": i.kind,
                "name": i.name,
                "label": item_label(i),
                "ammo": i.ammo,
                "uses": i.uses,
                "stored": i.stored,
                "worn": i.worn,
            }
            for i in me.items
        ],
        "knowledge": [k.model_dump() for k in me.knowledge],
        "schoolmates": (
            sorted(s.id for s in state.students.values() if s.school == me.school and s.id != me.id)
            if state.settings.schoolmates_known
            else []
        ),
        "ability_choices": [a.id for a in catalog.roles().role(me.role).abilities],
        "abilities_allowed": state.settings.abilities_per_student,
    }
    view["here"] = [
        {
            "id": s.id,
            "name": s.name,
            "items": visible_items(s),
            "carried": [
                {"uid": i.uid, "name": i.name, "label": item_label(i, own=False)} for i in s.items if not i.concealed
            ],
        }
        for s in here
    ]
    view["ground"] = (
        [{"uid": i.uid, "name": i.name} for i in state.zones[zone].ground] if zone is not None and me.active else []
    )
    return view
