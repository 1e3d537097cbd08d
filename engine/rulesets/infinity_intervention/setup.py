"""The start of a combat: fighters from the roster's sheets, PCs given to their players (controllers), the post
order fixed by Agility + Awareness with the rulings' ties (higher Awareness, PCs before NPCs, a d20 roll-off,
highest first, re-rolling ties), Infinity Points and the starting Heat."""

from __future__ import annotations

from engine.events import Event, make_event, to_players
from engine.keyed import joined
from engine.rng import RecordingRng
from engine.rulesets.infinity_intervention.attack import Ctx
from engine.rulesets.infinity_intervention.catalog import Roster, Sheet
from engine.rulesets.infinity_intervention.settings import IISettings
from engine.rulesets.infinity_intervention.state import CombatState, Fighter
from engine.rulesets.infinity_intervention.texts import say
from engine.rulesets.infinity_intervention.turn_order import next_after


def fighter_from(sheet: Sheet, controller: str | None, settings: IISettings) -> Fighter:
    points = sheet.infinity_points
    if points is None:
        points = settings.infinity_points if sheet.side == "pc" else 0
    return Fighter(
        sheet=sheet,
        controller=controller,
        wounds=sheet.health_max("wounds"),
        consciousness=sheet.health_max("consciousness"),
        firewalls=sheet.health_max("firewalls"),
        infinity_points=points if sheet.side == "pc" else 0,
        readied=sheet.readied or (sheet.items[0] if sheet.items else None),
        cover=sheet.cover,
    )


def order_key(sheet: Sheet) -> tuple[int, int, int]:
    """Highest first: Agility + Awareness, then Awareness, then PCs before NPCs."""
    a = sheet.attributes
    return (-(a.agility + a.awareness), -a.awareness, 0 if sheet.side == "pc" else 1)


def roll_off(ids: list[str], rng: RecordingRng, names: dict[str, str], said: list[str]) -> list[str]:
    """A d20 roll-off among tied actors, highest first; those who tie again roll again among themselves. Each
    round's dice are added to `said` ("Lena 7, Kira 12"): every die is public."""
    if len(ids) <= 1:
        return list(ids)
    rolls = {i: rng.randint(1, 20, f"post order roll-off: {names[i]}") for i in ids}
    said.append(joined(", ", [f"{names[i]} {rolls[i]}" for i in ids]))
    result: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        result += roll_off(sorted(i for i in ids if rolls[i] == value), rng, names, said)
    return result


def post_order(sheets: list[Sheet], rng: RecordingRng, said: list[str] | None = None) -> list[str]:
    """The post order; the roll-offs' dice, round by round, go to `said` when given."""
    names = {s.id: s.name for s in sheets}
    said = [] if said is None else said
    ordered: list[str] = []
    for key in sorted({order_key(s) for s in sheets}):
        ordered += roll_off(sorted(s.id for s in sheets if order_key(s) == key), rng, names, said)
    return ordered


def players_pcs(cast: Roster, sheets: dict[str, Sheet]) -> tuple[Roster, dict[str, str]]:
    """The roster with each player's own sheet (by seat) as a PC in the opening fight, after the roster's
    sheets, and the PCs' controllers (id -> seat). An id or a name the roster (or an earlier seat) already
    has gets a number ("kira_2", "Kira 2"), so every fighter is named apart."""
    taken_ids = {s.id for s in cast.sheets}
    taken_names = {s.name.casefold() for s in cast.sheets}
    added: list[Sheet] = []
    controllers: dict[str, str] = {}
    for seat, sheet in sorted(sheets.items()):
        ident, name, n = sheet.id, sheet.name, 1
        while ident in taken_ids or name.casefold() in taken_names:
            n += 1
            ident, name = f"{sheet.id[:17]}_{n}", f"{sheet.name[:56]} {n}"
        taken_ids.add(ident)
        taken_names.add(name.casefold())
        added.append(sheet.model_copy(update={"id": ident, "name": name, "side": "pc"}))
        controllers[ident] = seat
    roster = Roster(sheets=[*cast.sheets, *added], fight=[*cast.fight, *(s.id for s in added)])
    return roster, controllers


def start_combat(
    roster: Roster, controllers: dict[str, str], settings: IISettings, rng: RecordingRng
) -> tuple[CombatState, list[Event]]:
    """The opening state: `controllers` maps PC ids to players' seats (a PC with none is the GM's)."""
    sheets = [roster.sheet(i) for i in roster.fight]
    fighters = {s.id: fighter_from(s, controllers.get(s.id) if s.side == "pc" else None, settings) for s in sheets}
    heat = sum(f.infinity_points for f in fighters.values() if f.side == "pc") if settings.heat_start == "sum_ip" else 0
    reserve = [s for s in roster.sheets if s.side == "npc"]
    said: list[str] = []
    order = post_order(sheets, rng, said)
    state = CombatState(settings=settings, fighters=fighters, order=order, heat=heat, reserve=reserve)
    state.awaited = next_after(state, None)
    ctx = Ctx(state, rng)
    if said:  # rulings "Visibility": every die is public, the roll-off's too
        ctx.public("tie", "tie_roll", listing=joined("; ", said))
    ctx.public("start", "combat_starts", order=state.names(state.order), heat=heat)
    for pc, seat in sorted(controllers.items()):
        if pc in fighters:
            ctx.events.append(make_event("sheet", to_players(seat), say("your_sheet", name=fighters[pc].name)))
    return state, ctx.events
