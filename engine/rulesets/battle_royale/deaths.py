"""What a death sets off: the Lovers' loss, the Rival's reward, loot, and the bounty on a marked student.

Handbook III.C.1 (loot: everything if the killer stays in the zone, otherwise a random carry-load),
E.1 (the marked bounty, one killer at random), the Rivals section (a proficiency for killing your
Rival) and our rulings (the Lovers' loss).
"""

from __future__ import annotations

from engine.keyed import joined
from engine.rulesets.battle_royale import catalog, rules, selection
from engine.rulesets.battle_royale.night import Kill, Night
from engine.rulesets.battle_royale.state import Item, Student
from engine.rulesets.battle_royale.texts import listing, say


def settle(night: Night, cause: str, by_trap: bool = False) -> list[str]:
    """The end of a step: students brought to 0 Health by it die; the killer is one of those who hurt
    them, at random."""
    hits = night.hits_taken()
    dead = []
    for student in night.state.active():
        if student.hp > 0:
            continue
        sources = sorted(set(hits.get(student.id, [])))
        killer = (
            night.rng.choice(sources, f"killer of {student.id}")
            if len(sources) > 1
            else (sources[0] if sources else None)
        )
        die(night, student, cause, killer, by_trap)
        dead.append(student.id)
    return dead


def die(night: Night, student: Student, cause: str, killer: str | None, by_trap: bool = False) -> None:
    student.alive = False
    night.state.census_changed()
    student.hp = min(student.hp, 0)
    student.died_day = night.day
    student.death_cause = cause
    night.tell(student.id, "you_died", "you_died", {"cause": cause}, cause=cause)
    night.kills.append(Kill(victim=student.id, killer=killer, zone=student.zone or 0, cause=cause, by_trap=by_trap))
    if killer is not None and killer != student.id and night.took_part(killer):
        night.tell(killer, "kill", "killed_by", {"victim": student.id}, victim=student.name)
        _rival_reward(night, night.s(killer), student)
    if student.lover:
        _lover_loss(night, night.s(student.lover))


def _rival_reward(night: Night, killer: Student, victim: Student) -> None:
    """Rivals 3: killing your Rival grants Battle or Evasion Proficiency (the one chosen on Day 0)."""
    if killer.rival != victim.id or not killer.alive:
        return
    reward = killer.rival_reward_choice
    killer.rewards.append(reward)
    night.tell(
        killer.id, "rival_reward", "rival_reward", {"reward": reward}, reward=catalog.roles().ability(reward).name
    )


def _lover_loss(night: Night, lover: Student) -> None:
    """Rulings: the surviving Lover loses 1 maximum HP and takes a -5 hit penalty for the rest of the game."""
    if not lover.active or lover.lover_lost:
        return
    lover.lover_lost = True
    lover.max_hp -= night.state.settings.lover_loss_max_hp
    lover.hp = min(lover.hp, lover.max_hp)
    night.tell(lover.id, "lover_lost", "lover_lost")


def give(night: Night, student: Student, item: Item, zone_id: int) -> bool:
    """Put an item in a student's hands if it fits, else on the ground of the zone. True if held."""
    item.stored = False
    item.worn = False
    if not item.defn.counts_toward_capacity or rules.free_slots(night.state, student) > 0:
        student.items.append(item)
        return True
    night.state.zones[zone_id].ground.append(item)
    return False


def announce_deaths(night: Night) -> None:
    """The night's deaths, posted together in name order with no cause or place: the handbook makes the
    deaths public, not how or where they happened (rulings, "Targets and visibility")."""
    for name, sid in sorted((night.name(k.victim), k.victim) for k in night.kills):
        night.announce("death", "died", {"student": sid}, name=name)


def distribute_loot(night: Night) -> None:
    """After movement: each victim's items go to their credited killer, or fall to the ground."""
    state = night.state
    for kill in night.kills:
        victim = night.s(kill.victim)
        items, victim.items = victim.items, []
        for item in items:
            item.stored = False
            item.worn = False
        killer = night.s(kill.killer) if kill.killer else None
        if killer is not None and victim.marked:
            _bounty(night, killer)
        victim.marked = False
        to_ground = (
            not items or killer is None or not killer.active or (kill.by_trap and state.settings.trap_loot_to_ground)
        )
        if to_ground or killer is None:  # (no killer is already to_ground; said again for the type checker)
            state.zones[kill.zone].ground.extend(items)
            continue
        stays = killer.zone == kill.zone and killer.id not in night.moved
        taken: list[Item] = []
        left: list[Item] = []
        order = items if stays else night.rng.shuffled(items, f"loot of {victim.id}")
        for item in order:
            fits = not item.defn.counts_toward_capacity or rules.free_slots(state, killer) > 0
            if fits:
                killer.items.append(item)
                taken.append(item)
            else:
                left.append(item)
        state.zones[kill.zone].ground.extend(left)
        night.tell(
            killer.id,
            "loot",
            "loot",
            {"victim": victim.id, "items": [i.uid for i in taken]},
            victim=victim.name,
            items=listing([i.name for i in taken]),
        )
        if left:
            night.tell(
                killer.id,
                "loot_left",
                "loot_left",
                {"items": [i.uid for i in left]},
                items=listing([i.name for i in left]),
                zone_name=night.zone_name(kill.zone),
            )


def _bounty(night: Night, killer: Student) -> None:
    """Handbook III.E.1: whoever eliminates a marked student wins a random item."""
    if not killer.active:
        return
    kind = night.rng.choice(selection.item_draws(night.state.settings), "bounty reward")
    item = night.state.new_item(kind)
    held = give(night, killer, item, killer.zone or 0)
    text = say("bounty", item=item.name)
    if not held:  # full hands: the reward lies on the ground where the killer stands (III.A.2)
        text = joined(" ", [text, say("loot_left", items=item.name, zone_name=night.zone_name(killer.zone or 0))])
    night.tell_text(killer.id, "bounty", text, {"item": item.uid, "held": held})
